/* viewer-test-util.h: helpers shared by the viewer tests.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "pgn/cq-pgn.h"

G_BEGIN_DECLS

/* The fixture study file (three chapters of "Beautiful Chess Studies (1)"),
 * from $EXCELSIOR_FIXTURES/viewer; games 1 (Afanasyev 1964), 2 (Afek 2001)
 * and 3 (Liburkin 1934). */
#define VIEWER_FIXTURE_STUDIES "beautiful-chess-studies-1-excerpt.pgn"

/* Reads game @number (1-based) of fixture @name and parses it; fails the
 * test if it is missing or does not replay without error. */
CqGame *viewer_test_load_fixture_game (const char *name, guint number);

/* Parses @pgn (one game, written inline by the test); fails the test if the
 * game does not replay without error. */
CqGame *viewer_test_parse_game (const char *pgn);

G_END_DECLS
