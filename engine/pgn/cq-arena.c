/* cq-arena.c: the per-game bump allocator.
 *
 * A game's nodes, strings and arrays come from a few big blocks that are
 * freed together with the game: no malloc per node (design.md, "per-game
 * arena").
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-pgn-private.h"

struct _CqArenaBlock {
  CqArenaBlock *next;
  gsize         size;
  gsize         used;
};

#define BLOCK_HEADER ((sizeof (CqArenaBlock) + 15) & ~(gsize) 15)
#define MIN_BLOCK    4096
#define MAX_GROWTH   (4u << 20)

void
_cq_arena_init (CqArena *arena, gsize first_block_size)
{
  arena->head = NULL;
  arena->next_size = MAX (first_block_size, MIN_BLOCK);
}

static G_GNUC_NO_INLINE CqArenaBlock *
arena_grow (CqArena *arena, gsize size)
{
  gsize block_size = MAX (arena->next_size, size);
  CqArenaBlock *b = g_malloc (BLOCK_HEADER + block_size);

  b->next = arena->head;
  b->size = block_size;
  b->used = 0;
  arena->head = b;
  arena->next_size = MIN (MAX (block_size, MIN_BLOCK) * 2, (gsize) MAX_GROWTH);
  return b;
}

/* @size bytes, 8-byte aligned, uninitialised. */
gpointer
_cq_arena_alloc (CqArena *arena, gsize size)
{
  CqArenaBlock *b = arena->head;
  gpointer p;

  size = (size + 7) & ~(gsize) 7;
  if (G_UNLIKELY (b == NULL || b->size - b->used < size))
    b = arena_grow (arena, size);
  p = (char *) b + BLOCK_HEADER + b->used;
  b->used += size;
  return p;
}

gpointer
_cq_arena_alloc0 (CqArena *arena, gsize size)
{
  return memset (_cq_arena_alloc (arena, size), 0, size);
}

/* A NUL-terminated copy of @len bytes of @s. */
char *
_cq_arena_strndup (CqArena *arena, const char *s, gsize len)
{
  char *d = _cq_arena_alloc (arena, len + 1);

  memcpy (d, s, len);
  d[len] = '\0';
  return d;
}

void
_cq_arena_clear (CqArena *arena)
{
  CqArenaBlock *b = arena->head;

  while (b)
    {
      CqArenaBlock *next = b->next;
      g_free (b);
      b = next;
    }
  arena->head = NULL;
}
