/* cq-pgn-reader-private.h: the state of a #CqPgnReader, shared by the
 * reader object (cq-pgn-reader.c) and its scanner (cq-pgn-scan.c).  Not
 * part of the API.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-input.h"
#include "pgn/cq-pgn-private.h"

G_BEGIN_DECLS

/* NUL bytes (and DOS end-of-file marks) between two games are padding up
 * to this many; more is binary data, not PGN: the file is not read further
 * (docs/limits.md), rather than skipped in silence for gigabytes. */
#define MAX_NUL_PADDING (64 * 1024)

typedef enum {
  ST_START,     /* between games */
  ST_TAGS,      /* in the tag section */
  ST_MOVES,     /* in the movetext */
  ST_COMMENT    /* in a {} comment (of the movetext, or before a game) */
} ScanState;

typedef enum {
  SCAN_GAME,    /* a game is complete */
  SCAN_MORE,    /* more input is needed */
  SCAN_END,     /* no more games */
  SCAN_BINARY   /* more than MAX_NUL_PADDING NUL bytes between two games */
} ScanResult;

struct _CqPgnReader {
  char        *name;
  CqPgnInput  *input;         /* NULL for memory input */
  const char  *mem;           /* memory input */
  gsize        mem_len;
  gsize        mem_read;      /* bytes of @mem copied so far (block mode) */
  gboolean     zero_copy;     /* memory input scanned in place */

  const guchar *data;         /* the buffer being scanned */
  guchar      *own;           /* owned buffer (file or block mode) */
  gsize        cap;
  gsize        len;           /* valid bytes in @data */
  guint64      data_offset;   /* input offset of data[0] */
  gsize        block_size;
  gsize        max_game_size;
  guint64      size;
  gboolean     eof;
  gboolean     started;       /* BOM and first-line escape handled */

  /* Scanner state; every index is into @data. */
  gsize        pos;
  guint64      line;          /* line number at data[pos] */
  ScanState    state;
  ScanState    comment_return;
  int          depth;         /* variation depth in the movetext */
  gboolean     seen_move;     /* the movetext has a move-like token */
  gboolean     has_event;     /* the tag section has an Event tag */
  gssize       game_start;    /* -1 when no game is in progress */
  CqTagSpan    tag_spans[CQ_MAX_TAG_SPANS]; /* the game's first tag pairs (#CqTagSpan) */
  guint        n_tag_spans;
  gsize        tag_span_next; /* where the next one must begin (from the game's
                               * start) to be kept: the line after the last;
                               * G_MAXSIZE: none is kept */
  gboolean     too_large;     /* the game in progress is longer than max_game_size: */
  guint64      too_large_offset; /* its offset; its text is dropped as it is read */
  guint64      too_large_line;
  guint64      game_line;
  gssize       pending_start; /* a comment before a tag-less game */
  guint64      pending_line;
  guint64      n_games;
  guint64      nul_bytes;     /* NUL bytes since the last game began (padding, or in a
                               * game too large to keep) */
  guint64      nul_offset, nul_line;  /* where it began */
};

/* Fills the byte-class tables of the scanner, once per process (called by
 * every reader's constructor). */
void       _cq_pgn_scan_init (void);

/* Scans @r's buffer from r->pos for the end of the game in progress.  On
 * SCAN_MORE the state and r->pos describe a point from which scanning can
 * resume after more input arrives (decisions that need lookahead are not
 * taken until the lookahead is available).  On SCAN_GAME *@game_end is the
 * index (into r->data) just after the game's last byte and
 * r->game_start / r->game_line / r->n_games describe the game. */
ScanResult _cq_pgn_scan (CqPgnReader *r, gsize *game_end);

G_END_DECLS
