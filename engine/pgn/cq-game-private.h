/* cq-game-private.h: internals shared by the files of the game object
 * (cq-game.c, cq-game-tags.c, cq-game-movetext.c).  Not part of the API.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pgn/cq-game.h"
#include "pgn/cq-pgn-private.h"

G_BEGIN_DECLS

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline gboolean
is_space (char c)
{
  return is_blank (c) || c == '\n';
}

/* Records the first problem of @game as "file:line: game N: what"
 * (rulings R13); later problems are dropped.  @line: absolute line in the
 * input.  The message is cleaned of control characters (cq_message_clean()). */
void _cq_game_error (CqGame *game, guint64 line, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

/* Reads the tag section of @game's text (CqGamePrivate.text) into
 * game->tags, the tags' lines and keys, the first FEN and Variant values,
 * and where the movetext starts (CqGamePrivate.movetext_offset / _line).
 * @spans: the reader's spans of the first tag pairs (#CqTagSpan, @n_spans;
 * NULL and 0 when there are none, or when the text is not the bytes the
 * reader scanned), whose values are not searched for again.  Problems are
 * recorded with _cq_game_error(). */
void _cq_game_parse_tags (CqGame *game, const CqTagSpan *spans, guint n_spans);

/* Marks @game skipped (with its error) if its tags say it is not standard
 * chess: a `Variant` other than standard, or Chess960 castling in the FEN
 * (rulings R13: reported, never examined).  After _cq_game_parse_tags(). */
void _cq_game_check_standard (CqGame *game);

/* The absolute line of @game's first tag called @name, or the game's first
 * line if it has none (for error messages). */
guint64 _cq_game_tag_line (const CqGame *game, const char *name);

G_END_DECLS
