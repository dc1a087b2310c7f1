/* cq-pgn-private.h: internals shared by the files of engine/pgn.
 *
 * The per-game arena, the private part of #CqGame, and test hooks.  Not
 * part of the public API.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "pgn/cq-game.h"
#include "pgn/cq-pgn.h"

G_BEGIN_DECLS

/* A bump allocator: a chain of big blocks, freed all at once.  Every
 * allocation is 8-byte aligned and zero-filled only where asked. */
typedef struct _CqArenaBlock CqArenaBlock;

/* @cur / @limit: the free space of the head block (both NULL before the
 * first allocation); the allocation fast path is inline (one compare and
 * one add: it runs several times per ply). */
typedef struct {
  CqArenaBlock *head;
  gsize         next_size;
  char         *cur;
  char         *limit;
} CqArena;

void     _cq_arena_init  (CqArena *arena, gsize first_block_size);
/* Opens a new block of at least @size bytes (already rounded to 8) and
 * returns the first @size of them: the rare path of _cq_arena_alloc(). */
gpointer _cq_arena_alloc_slow (CqArena *arena, gsize size);
gpointer _cq_arena_alloc0 (CqArena *arena, gsize size);
void     _cq_arena_clear (CqArena *arena);

/* @size bytes, 8-byte aligned, not zeroed; freed with the arena. */
static inline gpointer
_cq_arena_alloc (CqArena *arena, gsize size)
{
  char *p = arena->cur;

  size = (size + 7) & ~(gsize) 7;
  if (G_UNLIKELY ((gsize) (arena->limit - p) < size || p == NULL))
    return _cq_arena_alloc_slow (arena, size);
  arena->cur = p + size;
  return p;
}

/* A NUL-terminated copy of the @len bytes at @s. */
static inline char *
_cq_arena_strndup (CqArena *arena, const char *s, gsize len)
{
  char *d = _cq_arena_alloc (arena, len + 1);

  memcpy (d, s, len);
  d[len] = '\0';
  return d;
}

/* Text of the movetext that a line of play could not read (after an
 * illegal move, an unbalanced parenthesis, ...).  @node is the last legal
 * node of that line, or NULL when the game has no position at all (bad
 * FEN, non-standard variant).  @text has its whitespace collapsed and its
 * braces replaced, ready to be written inside a `{}` comment. */
typedef struct {
  const CqNode *node;
  const char   *text;
} CqSkippedText;

typedef struct {
  CqArena        arena;
  char          *text;          /* the game text, UTF-8, NUL-terminated */
  gsize          text_len;
  gsize          movetext_offset;
  guint64        movetext_line; /* absolute line of text[movetext_offset] */
  guint64       *tag_lines;     /* absolute line of each tag */
  guint32       *tag_keys;      /* tag_key() of each tag's name */
  CqNode       **nodes;         /* by pre-order index */
  CqSkippedText *skipped;
  guint          n_skipped;
  guint          skipped_cap;
  gboolean       parsed;
  const gint    *stop;          /* not owned: see cq_game_set_stop_flag() */
} CqGamePrivate;

#define CQ_GAME_PRIVATE(game) ((CqGamePrivate *) (game)->priv_)

/* The unread parts of @game's movetext (see #CqSkippedText). */
const CqSkippedText *_cq_game_get_skipped (const CqGame *game, guint *n_skipped);

/* Test hook: read the input in blocks of @block_size bytes (>= 1) instead
 * of 1 MiB, to exercise games that straddle block boundaries.  For a
 * reader over memory this switches to copying blocks as a file would.
 * Call before the first cq_pgn_reader_next(). */
void _cq_pgn_reader_set_block_size (CqPgnReader *reader, gsize block_size);

/* Test hook: the size beyond which a game is an error (256 MiB). */
void _cq_pgn_reader_set_max_game_size (CqPgnReader *reader, gsize max_game_size);

G_END_DECLS
