/* window-test-data.h: what the two programs of the window tests
 * (test-window.c, test-window-export.c) search for and how long they wait.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* `(match (position :mate :btm N))` on the sample: games whose mainline has
 * Black mated while White has a knight (games 11, 29, 41, 50, 52, 60, 61,
 * 62, 74, 75, 78, 81, 83, 101). */
#define KNIGHT_MATE_QUERY "; knight mates\n(match\n  (position :mate :btm N))\n"
#define KNIGHT_MATE_COUNT 14

/* Copies of the sample in the big database of the Stop tests, and how long
 * a search may take: sanitizer builds (which also unwind every allocation's
 * stack, see __asan_default_options()) are several times slower. */
#if defined(__SANITIZE_ADDRESS__)
#define BIG_COPIES        60
#define SEARCH_TIMEOUT_MS 120000
#else
#define BIG_COPIES        300
#define SEARCH_TIMEOUT_MS 30000
#endif
