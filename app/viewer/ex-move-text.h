/* ex-move-text.h: the text of a game's move list, with the spans to style.
 *
 * Lays out a #CqGame as the move list shows it: the mainline with move
 * numbers, SAN, NAG glyphs, comments and variations in parentheses
 * (top-level and second-level variations as indented paragraphs of their
 * own, deeper ones inline).  The result is plain UTF-8 text plus an array
 * of spans in character offsets, so that a GtkTextBuffer can be filled with
 * one insertion and its tags applied afterwards.  Needs GLib only.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/* Variations nested at most this deep get an indented paragraph of their
 * own; deeper ones are written inline, in parentheses. */
#define EX_MOVE_TEXT_MAX_BLOCK_DEPTH 2

/**
 * ExMoveTextKind:
 * @EX_MOVE_TEXT_MOVE: a move (SAN with its NAG glyphs $1..$6) or, at the
 *   start, the "Start" token of the root; @node is its node index.  Spans of
 *   this kind are clickable.
 * @EX_MOVE_TEXT_NUMBER: a move number ("12." or "12...").
 * @EX_MOVE_TEXT_NAG: a NAG other than $1..$6 (evaluation and other symbols).
 * @EX_MOVE_TEXT_COMMENT: a comment (lichess `[%...]` commands removed).
 * @EX_MOVE_TEXT_PARAGRAPH: a paragraph (a line of text); @depth is the
 *   nesting depth of the variation it belongs to (0 = the mainline, 1 = a
 *   variation of the mainline...), for the indent; @mainline is TRUE for
 *   the paragraphs of the mainline (not the error message).
 * @EX_MOVE_TEXT_RESULT: the game termination marker.
 * @EX_MOVE_TEXT_ERROR: the game's replay error (#CqGame.error).
 * @EX_MOVE_TEXT_QUERY_COMMENT: a comment the query wrote at the position
 *   of @node (a CQL 6 query's `comment` and automatic comments,
 *   ex_move_text_new_with_notes()), after the game's own comments there.
 */
typedef enum {
  EX_MOVE_TEXT_MOVE,
  EX_MOVE_TEXT_NUMBER,
  EX_MOVE_TEXT_NAG,
  EX_MOVE_TEXT_COMMENT,
  EX_MOVE_TEXT_PARAGRAPH,
  EX_MOVE_TEXT_RESULT,
  EX_MOVE_TEXT_ERROR,
  EX_MOVE_TEXT_QUERY_COMMENT
} ExMoveTextKind;

/**
 * ExMoveTextSpan:
 * @start, @end: character (not byte) offsets into #ExMoveText.text, @end
 *   excluded.
 * @node: node index for %EX_MOVE_TEXT_MOVE and
 *   %EX_MOVE_TEXT_QUERY_COMMENT, otherwise 0.
 * @kind: an #ExMoveTextKind.
 * @depth: variation depth of the span (0 on the mainline).
 * @mainline: TRUE for a move (or paragraph) of the mainline.
 * @own: TRUE for a move the user played on the board: a node that the
 *   game view added to the game's tree, whose index is the game's
 *   @n_nodes or more (see ExGameView).
 */
typedef struct {
  guint32 start;
  guint32 end;
  guint32 node;
  guint8  kind;
  guint8  depth;
  guint8  mainline;
  guint8  own;
} ExMoveTextSpan;

/**
 * ExMoveText:
 * @text: the whole move list, UTF-8.
 * @spans: #ExMoveTextSpan entries in the order written: each paragraph
 *   span comes after the spans it encloses, otherwise sorted by @start.
 * @moves: #ExMoveTextSpan entries of kind %EX_MOVE_TEXT_MOVE only, sorted
 *   by @start; one per node of the game.
 * @node_to_move: for each node index, its position in @moves
 *   (@n_nodes entries).
 * @n_nodes: the game's number of nodes, plus those the game view added
 *   for the user's moves (the highest index met plus one).
 */
typedef struct {
  GString        *text;
  GArray         *spans;
  GArray         *moves;
  guint32        *node_to_move;
  guint           n_nodes;
} ExMoveText;

/**
 * ex_move_text_new:
 * @game: a game whose moves were parsed; may have no root (then the text is
 *   only its error).
 *
 * Lays out @game (see the file comment).  Move text is the SAN formatted
 * from the replayed move (cq_san_format()), so that long algebraic or
 * loosely written moves read normally.  Linear in the game's size.
 *
 * Returns: (transfer full): the layout; free with ex_move_text_free().
 */
ExMoveText *ex_move_text_new          (const CqGame *game);

/**
 * ExMoveTextFlags:
 * @EX_MOVE_TEXT_FIGURINE: pieces as figurines (♘f3, e8=♕) instead of
 *   letters (Nf3, e8=Q), see ex_san_to_figurine().
 */
typedef enum {
  EX_MOVE_TEXT_FLAGS_NONE = 0,
  EX_MOVE_TEXT_FIGURINE   = 1 << 0,
} ExMoveTextFlags;

/* As ex_move_text_new(), with @flags. */
ExMoveText *ex_move_text_new_full     (const CqGame    *game,
                                       ExMoveTextFlags  flags);

/**
 * ex_move_text_new_with_notes:
 * @game: as for ex_move_text_new().
 * @flags: as for ex_move_text_new_full().
 * @notes: (array length=n_notes) (nullable): one text (nullable) per node
 *   index: what the query wrote at that position
 *   (cq_annotate_comment_texts()); not kept.
 * @n_notes: the number of @notes; nodes at or past it have none.
 *
 * As ex_move_text_new_full(), with each note written as a span of kind
 * %EX_MOVE_TEXT_QUERY_COMMENT where the output PGN of `cql` has it: after
 * the move that reached the position and the game's comments there (for
 * the root, after the "Start" token).  White space in a note is collapsed.
 *
 * Returns: (transfer full): the layout; free with ex_move_text_free().
 */
ExMoveText *ex_move_text_new_with_notes (const CqGame       *game,
                                         ExMoveTextFlags     flags,
                                         const char *const  *notes,
                                         guint               n_notes);

/**
 * ex_san_to_figurine:
 * @san: a move in SAN (at most CQ_SAN_MAX bytes).
 * @out: where to write the figurine form, NUL-terminated.
 * @out_size: its size; 4 * CQ_SAN_MAX + 1 is always enough.
 *
 * Replaces the piece letters K, Q, R, B, N of @san (the moving piece and a
 * promotion piece) by the figurines U+2654..U+2658 (♔♕♖♗♘); castling
 * (O-O) and file letters are unchanged.
 *
 * Returns: the length written, in bytes.
 */
gsize       ex_san_to_figurine        (const char *san,
                                       char       *out,
                                       gsize       out_size);

void        ex_move_text_free         (ExMoveText *self);

/**
 * ex_move_text_node_at_offset:
 * @offset: a character offset into the text.
 *
 * Returns: the index of the node whose move span contains @offset, or -1.
 *   O(log n).
 */
int         ex_move_text_node_at_offset (const ExMoveText *self, guint offset);

/* The move span of node @node (which must be < @n_nodes). */
const ExMoveTextSpan *ex_move_text_get_move (const ExMoveText *self, guint node);

/**
 * ex_nag_to_glyph:
 * @nag: a NAG number ($n).
 *
 * The one table of NAG symbols: the move list shows a NAG with it; the
 * PGN writer writes `$n` (cq_pgn_write_game()).
 *
 * Returns: the usual symbol of @nag ("!" for $1, "?!" for $6, "=" for $10,
 *   "±" for $16, "⨀" for $22, "⌓" for $142 (better is), "≤" for $143
 *   (worse is), "==" for $144 (equal is), "RR" for $145, "N" for $146...),
 *   or NULL if it has none (shown as "$n").  Static.
 */
const char *ex_nag_to_glyph           (guint nag);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExMoveText, ex_move_text_free)

G_END_DECLS
