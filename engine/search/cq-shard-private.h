/* cq-shard-private.h: the part file's format, shared by the part's writer
 * (cq-shard.c) and the merge (cq-shard-merge.c).  Internal to engine/search.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A part file is the 8 bytes "CQSHARD1" and then records: a 4-byte
 * little-endian length, one byte saying what the record is, and that many
 * bytes of a GVariant in its little-endian serialised form:
 *   'H' the header: the query's recipe, the options that shape the
 *       output, the database's files (names, sizes, modification times),
 *       K, N and the part's run of files;
 *   'F' a file of the part begins: its index in the database, the
 *       byte range of it the part searches (0 and G_MAXUINT64: whole) and
 *       whether that range is of zstd frames (offsets in the text then
 *       count from the range's first frame);
 *   'G' a `message` line, 'D' a damaged or skipped game (its number,
 *       its first line, the line its problem is on and the problem's text
 *       after "game N: "; or a file's message), 'M' a matched game:
 *       numbers and lines are counted within the file or byte range;
 *   'E' the file ends: its number of games, how its search ended and,
 *       for a byte range, where its first game and the next range's
 *       first game begin and the lines between them, and for frames where
 *       the next range's first frame begins in the text;
 *   'P' the values of the query's persistent variables after the part
 *       (numbers only added to: the merge adds them up);
 *   'Z' the part finished (a part without it did not).
 */
#pragma once

#include "search/cq-shard.h"

#define PART_MAGIC "CQSHARD1"
#define PART_VERSION 2
#define MAX_PARTS 100000

#define HEADER_TYPE "(uuuyssuuiasatax(bbsbbbb)a(utt))"
#define FILE_TYPE "(uttb)"
#define MATCH_TYPE  "(tttaya(utyyu)a(usby)a(bbxms)ms)"
/* The same for g_variant_new(): the text and the sort values as GVariants. */
#define MATCH_FORMAT "(ttt@aya(utyyu)a(usby)@a(bbxms)ms)"
#define MESSAGE_TYPE "(tss)"
#define DIAG_TYPE "(tttbbs)"
#define END_TYPE "(uttttttustttt)"

/* How the search of one file of a part ended ('E' records). */
enum { FILE_OK, FILE_PARTIAL, FILE_FAILED, FILE_STOPPED };
