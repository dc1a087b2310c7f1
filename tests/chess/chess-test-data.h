/* chess-test-data.h: perft data files and helpers shared by the chess tests.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess/cq-chess.h"

G_BEGIN_DECLS

#define PERFT_MAX_DEPTH 40

/* One position of a perft file with its expected node counts. */
typedef struct {
  char   *id;                           /* "file:line" or the block's id */
  char   *fen;                          /* as written in the file */
  guint64 nodes[PERFT_MAX_DEPTH + 1];   /* 0 = not given */
} PerftEntry;

void       perft_entry_free (PerftEntry *entry);

/* Reads an EPD (`<FEN> ;D1 n ;D2 n`) or block (`id`/`epd`/`perft`) perft
 * file.  Returns a GPtrArray of PerftEntry, or NULL with @error set. */
GPtrArray *perft_data_load (const char *path, GError **error);

/* All fixture perft files (tests/fixtures/perft), in a fixed order. */
GPtrArray *perft_data_load_fixtures (void);

/* Path of a fixture file (EXCELSIOR_FIXTURES or the source tree). */
char      *chess_fixture_path (const char *area, const char *name);

/* The FEN with " 0 1" appended when it has only four fields. */
char      *fen_with_counters (const char *fen);

/* Asserts that every member of @pos agrees with the others. */
void       assert_position_consistent (const CqPosition *pos);

G_END_DECLS
