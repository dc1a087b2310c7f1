/* cq-game.h: a game as a tree of positions (rulings R1), read from PGN.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "chess/cq-chess.h"

G_BEGIN_DECLS

typedef struct _CqNode CqNode;
/* A node's comments as read: spans of the game's text (cq-pgn-private.h). */
typedef struct _CqComments CqComments;

/**
 * CqNode:
 * A position of a game.  The root is the game's initial position (the
 * standard start or the `FEN` tag's position).  Each move makes a child.
 * @first_child is the mainline continuation; its @next_sibling chain holds
 * the variations that replace that move, in PGN order (a variation hangs off
 * the position *before* the move it replaces, rulings R1).
 *
 * @move: the move from @parent to this node (unused at the root).
 * @san: the move as written in the PGN text, NUL-terminated, without
 *   move number or NAGs (NULL at the root).
 * @comments_before_: (private): the `{}`/`;` comments that stand before
 *   this move in the PGN (e.g. at the start of a variation), as read: their
 *   text is cq_node_get_comment_before().
 * @comments_after_: (private): the comments after this move (at the root:
 *   before the first move), as read: cq_node_get_comment_after().
 * @nags: the NAG numbers after the move (`$1`, and `!` `?` `!!` `??` `!?`
 *   `?!` suffixes converted to $1..$6), @n_nags of them.
 * @position: the position reached by @move (at the root: the initial one).
 * @index: pre-order index of the node in the game (R1 traversal order:
 *   mainline continuation first, then each variation), root = 0.
 * @ply: the number of moves from the root.
 * @line: 1-based line in the PGN file where @san starts (root: the game's
 *   first line).
 * @in_variation: TRUE if the node is not on the game's mainline.
 *
 * Nodes, strings and arrays are owned by the #CqGame.
 */
struct _CqNode {
  CqNode     *parent;
  CqNode     *first_child;
  CqNode     *next_sibling;
  const char *san;
  CqComments *comments_before_;
  CqComments *comments_after_;
  const guint8 *nags;
  CqPosition  position;
  CqMove      move;
  guint8      n_nags;
  guint8      in_variation;
  guint32     index;
  guint32     ply;
  guint64     line;
};

/**
 * cq_node_has_played_move:
 * @node: a position of a game.
 *
 * Whether a move other than a null move was played from @node, in the
 * main line or a variation.  The replay plays only legal moves, so such a
 * position has a legal move: it is neither mate nor stalemate (R5), and
 * the costly legal-move test need not run.  A game read in part
 * (cq_game_is_partial()) lacks its variations' moves: the answer may then
 * be FALSE where the whole game says TRUE, never the reverse.
 *
 * Returns: TRUE if a child of @node was reached by a move that is not
 *   #CQ_MOVE_NULL.
 */
static inline gboolean
cq_node_has_played_move (const CqNode *node)
{
  for (const CqNode *child = node->first_child; child != NULL; child = child->next_sibling)
    if (!(child->move.flags & CQ_MOVE_NULL))
      return TRUE;
  return FALSE;
}

/**
 * cq_node_format_san:
 * @node: a node of a game other than its root.
 * @buf: (out): at least #CQ_SAN_MAX bytes.
 *
 * The SAN of the move that reached @node, as cq_san_format() writes it
 * (`+` or `#` included); a check followed by a move in the tree is `+`
 * without the legal-move test (cq_node_has_played_move()).
 *
 * Returns: the length written (without the NUL).
 */
static inline gsize
cq_node_format_san (const CqNode *node, char *buf)
{
  return cq_san_format_known (&node->parent->position, &node->move, &node->position,
                              cq_node_has_played_move (node), buf);
}

typedef struct {
  const char *name;
  const char *value;
} CqTag;

/**
 * CqGameSource:
 * Where a game's text lies in its PGN file.
 * @number: 1-based ordinal of the game in the file, counting every game,
 *   including those that fail to parse (rulings R3).
 * @offset: byte offset of the game's first byte (its first tag, or its
 *   first move for a game without tags).
 * @length: byte length of the game's text.
 * @line: 1-based line of the game's first byte.
 * @file_index: which file of the database holds the game (0-based, in the
 *   order of the list given to cq_search_run_files(); 0 for one file).
 *   @number counts across the files, @offset and @line within its file.
 * @too_large: the game's text is longer than the reader keeps (64 MiB):
 *   it was read without being kept, and is reported as skipped.
 */
typedef struct {
  guint64  number;
  guint64  offset;
  guint64  length;
  guint64  line;
  guint    file_index;
  gboolean too_large;
} CqGameSource;

/**
 * CqGame:
 * @tags: the tag pairs in file order, @n_tags of them (unescaped values).
 * @root: the initial position.  NULL only if the game could not be set up
 *   at all (bad FEN): then @error says why.
 * @n_nodes: number of nodes; node indices are 0 .. @n_nodes - 1.
 * @result: the game termination marker found in the movetext ("1-0",
 *   "0-1", "1/2-1/2", "*"), or NULL if there was none.
 * @source: where the game came from.
 * @filename: the PGN file's name for messages (not owned; may be NULL).
 * @error: NULL, or the first problem found while reading or replaying the
 *   game, as "file:line: game N: what" (rulings R13;
 *   cq_game_format_error()).  A game with an error keeps every position up
 *   to the last legal one.
 * @error_line, @error_what: the line @error names and the byte of @error
 *   where its "what" begins (after "game N: "), so that a caller that
 *   numbers the game differently (the merge of a search in parts) can say
 *   it again with cq_game_format_error(); 0 and 0 without an error.
 * @skipped: TRUE if the game is not standard chess (a `Variant` tag other
 *   than standard/"From Position", or a Chess960 FEN): it has no moves and
 *   @error says why; searches must not examine it.
 *
 * Everything is owned by the game and freed by cq_game_free().  A game is
 * used by one thread at a time.
 */
typedef struct {
  CqTag        *tags;
  guint         n_tags;
  CqNode       *root;
  guint         n_nodes;
  const char   *result;
  CqGameSource  source;
  const char   *filename;
  char         *error;
  gboolean      skipped;
  gpointer      priv_;
  guint64       error_line;
  gsize         error_what;
} CqGame;

/* Bounds on one game (docs/limits.md): the text a reader keeps (a longer
 * game is skipped, CqGameSource.too_large) and the positions replayed (a
 * game with more is skipped once that many have been read; each takes
 * about 280 bytes, so a game takes at most about 600 MiB). */
#define CQ_GAME_MAX_TEXT      (G_GUINT64_CONSTANT (64) << 20)
#define CQ_GAME_MAX_POSITIONS 2000000

/**
 * cq_game_new_from_text:
 * @text: the PGN text of one game (as split by #CqPgnReader), @len bytes;
 *   need not be NUL-terminated.  UTF-8 or Latin-1; CRLF line ends are
 *   accepted.
 * @len: its length in bytes.
 * @source: (nullable): where @text lies in its file, for messages (number
 *   1, line 1 if %NULL).
 * @filename: (nullable): the file's name for messages; must outlive the
 *   game.
 *
 * Copies @text (as UTF-8: bytes that are not valid UTF-8 are read as
 * ISO-8859-1; a BOM is dropped) and reads its tag pairs only (cheap: a
 * search runs its game filters on them first, design.md): `\"` and `\\`
 * are unescaped; a malformed value such as `[White ""Socrates Expert""]`
 * keeps the text between its outer quotes and does not disturb the other
 * tags.  A game that is not standard chess (a `Variant` tag other than
 * standard, "From Position" or normal; Chess960 castling letters in the
 * `FEN` tag) gets @skipped and its @error here already, so that a search
 * can pass it over without reading its moves.  Call cq_game_parse_moves()
 * to read and replay the movetext.
 *
 * Returns: (transfer full): the game (never %NULL).
 */
CqGame     *cq_game_new_from_text (const char *text, gsize len,
                                   const CqGameSource *source,
                                   const char *filename);

/**
 * cq_game_parse_moves:
 * @game: a #CqGame from cq_game_new_from_text().
 *
 * Reads the movetext and replays it from the initial position (the `FEN`
 * tag's, with or without `SetUp`, else the standard one), building the
 * tree of nodes with a legal position at each: each move is read with
 * cq_san_parse() on its parent's position and makes a node holding the new
 * position; variations hang off the position before the move they replace
 * (rulings R1).  Annotation suffixes (`!` `?` `!!` `??` `!?` `?!`) become
 * NAGs 1..6; `{}` and `;` comments go to the move before them
 * (cq_node_get_comment_after()), or to the next move at the start of a
 * variation or after a variation (cq_node_get_comment_before()); comments
 * before the first move go to the root.  The comments are kept as spans of
 * the game's text; their whitespace is collapsed when a text is first asked
 * for, since most searches never read them.
 *
 * A problem (illegal, ambiguous or unreadable move, unbalanced
 * parenthesis, unterminated comment, bad NAG) ends that line of play: the
 * rest of the line is skipped (and kept as text for the writer), the other
 * lines are still read, and the tree keeps the positions before it;
 * @game->error gets the first problem as
 * "file:line: game N: illegal move 'Nf9' after 23...Kh7" (rulings R13).
 * A bad FEN leaves @game->root %NULL.  A `Variant` tag other than
 * standard / "From Position" / normal, or a Chess960 castling field in the
 * FEN, sets @game->skipped and the error "...: skipped: variant X"; the
 * root is then the initial position (if it can be set up) with no moves.
 * Nodes are numbered in pre-order (R1) for cq_game_get_node().
 * Idempotent.
 *
 * Returns: %TRUE if the whole movetext was read without a problem.
 */
gboolean    cq_game_parse_moves   (CqGame *game);

/**
 * cq_game_parse_mainline:
 * @game: a #CqGame from cq_game_new_from_text(), not parsed yet.
 *
 * Reads the movetext as cq_game_parse_moves() does, but passes over each
 * variation of the main line without reading its moves: the tree holds the
 * main line only (its positions, moves, SAN and plies are those of the
 * whole tree's main line; the nodes' pre-order numbers are not).  For a
 * search whose query never looks beyond the main line
 * (cq_query_reads_only_mainline()): on annotated studies nearly half the
 * moves are in variations.  A variation is found as the whole reading
 * finds it (its parentheses counted outside comments); one that is not
 * closed, or that has no move before it to replace, is read as
 * cq_game_parse_moves() reads it.  A problem inside a variation passed over
 * is not found: @game->error names the first one of what was read
 * (docs/cql.md "Damaged and unusual games").
 *
 * A game read so, when cq_game_is_partial() says so, is for
 * evaluating a query only: to write, show or index it, read the text
 * again with cq_game_parse_moves() on a new game (the PGN writer refuses
 * it).  cq_game_parse_moves() does nothing on it afterwards.
 *
 * Returns: %TRUE if what was read was read without a problem.
 */
gboolean    cq_game_parse_mainline (CqGame *game);

/**
 * cq_game_is_partial:
 *
 * Whether @game was read in part: cq_game_parse_mainline() passed over at
 * least one of its variations (its tree is not the whole game's), or it
 * was made with its set-up tags only (a search's game for a query that
 * reads no tag, cq-pgn-private.h).  Such a game is for evaluating a query
 * only: the PGN writer refuses it.
 */
gboolean    cq_game_is_partial (const CqGame *game);

/**
 * cq_game_set_stop_flag:
 * @stop: (nullable): a flag that becomes non-zero (g_atomic_int_set())
 *   when the search stops; it must outlive the game's parsing and
 *   evaluation.  A plain flag rather than a GCancellable: it is read every
 *   few positions, and reading it costs one load.
 *
 * Lets a search stop inside one long game: once @stop is set,
 * cq_game_parse_moves() stops reading the movetext (within 256 lines or
 * 16 KiB of a line; the game is then incomplete, with "reading cancelled"
 * in @game->error) and the evaluator stops walking positions
 * (cq_game_is_stopped()).  Results computed after that point mean nothing
 * and are thrown away by the caller.
 */
void        cq_game_set_stop_flag (CqGame *game, const gint *stop);

/* TRUE once the game's stop flag (if any) is set. */
gboolean    cq_game_is_stopped    (const CqGame *game);

/**
 * cq_game_format_error:
 * @filename: (nullable): the file's name ("<input>" when NULL).
 * @line: the line of the file the problem is on (1-based).
 * @number: the game's number in the database.
 * @what: the problem, already clean (cq_message_clean()).
 *
 * A game's problem as every message says it: "file:line: game N: what"
 * (rulings R13), the form of #CqGame.error.
 * Returns: (transfer full): the message.
 */
char       *cq_game_format_error  (const char *filename, guint64 line, guint64 number,
                                   const char *what);

/* Convenience: cq_game_new_from_text() + cq_game_parse_moves(). */
CqGame     *cq_game_new_parsed    (const char *text, gsize len,
                                   const CqGameSource *source,
                                   const char *filename);

void        cq_game_free          (CqGame *game);

/**
 * cq_game_new_tree:
 * @start: the initial position (a legal position of standard chess).
 * @n_moves: about how many moves will be added (the game's memory is
 *   reserved for them in one block); any number is correct.
 * @source: (nullable): where the game lies in its file, as for
 *   cq_game_new_from_text().
 * @filename: (nullable): the file's name for messages; must outlive the
 *   game.
 *
 * A game made of its positions and moves only, for a caller that has its
 * moves already (the index's compact moves, cq-index-moves.h): no text,
 * no tags, no comments, NAGs or SAN (#CqNode.san is %NULL), no result,
 * no error; each node's @line is the game's first line.  Its root holds
 * @start; add the moves with cq_game_add_move() and number the nodes with
 * cq_game_end_tree() before the game is used.  cq_game_parse_moves() does
 * nothing on it.
 *
 * Returns: (transfer full): the game (never %NULL); cq_game_free().
 */
CqGame     *cq_game_new_tree      (const CqPosition *start, guint n_moves,
                                   const CqGameSource *source, const char *filename);

/**
 * cq_game_add_move:
 * @game: a game from cq_game_new_tree(), before cq_game_end_tree().
 * @parent: a node of @game.
 * @move: a legal move of @parent's position (not checked), or a null move.
 *
 * Plays @move from @parent: the new node is @parent's first child (the
 * mainline continuation) if it has none, else its last sibling (the last
 * variation), as the PGN reader makes them, with the same position, ply
 * and @in_variation.
 *
 * Returns: (transfer none): the new node, owned by @game.
 */
CqNode     *cq_game_add_move      (CqGame *game, CqNode *parent, const CqMove *move);

/* Numbers the nodes of a game from cq_game_new_tree() in pre-order
 * (rulings R1), as cq_game_parse_moves() does; after the last
 * cq_game_add_move(). */
void        cq_game_end_tree      (CqGame *game);

/* The unescaped value of the first tag named @name (case-sensitive, as
 * PGN), or NULL if there is none. */
const char *cq_game_get_tag       (const CqGame *game, const char *name);

/* The seven-tag roster (PGN standard 8.1.1), in its order: Event, Site,
 * Date, Round, White, Black, Result. */
#define CQ_TAG_ROSTER_SIZE 7
extern const char *const cq_tag_roster[CQ_TAG_ROSTER_SIZE];

/* The index of @name in #cq_tag_roster, or -1. */
int         cq_tag_roster_index   (const char *name);

/**
 * cq_game_get_roster:
 * @game: a game.
 * @values: (out): #CQ_TAG_ROSTER_SIZE values, set to the value of each
 *   roster tag as cq_game_get_tag() gives it (the first of that name), or
 *   NULL; owned by @game.
 *
 * The seven-tag roster of @game in one pass over its tags, for the
 * writers and the search's list of matches, which need all seven.
 */
void        cq_game_get_roster    (const CqGame *game, const char **values);

/* The game's whole text as read (tag pairs and movetext, as UTF-8,
 * NUL-terminated), owned by the game: what a search for text anywhere in
 * a game reads (CQL 6.2's `cql_hhdbhascook`). */
const char *cq_game_get_text      (const CqGame *game);

/* The node with pre-order @index, or NULL.  O(1). */
CqNode     *cq_game_get_node      (const CqGame *game, guint index);

/* The last node of the mainline. */
CqNode     *cq_game_mainline_end  (const CqGame *game);

/**
 * cq_node_get_comment_before:
 * @game: the game that owns @node, parsed (cq_game_parse_moves()).
 * @node: a node of @game.
 *
 * The text of the `{}`/`;` comments written before @node's move (at the
 * start of a variation, or after a variation and before the next move),
 * joined by a space, with runs of whitespace collapsed to one space and the
 * ends trimmed.  The first call on a game makes the texts of all its
 * comments (one pass; safe from any thread, once); later calls cost a
 * load.
 *
 * Returns: (transfer none) (nullable): the text, owned by @game, or %NULL
 *   when there is none.
 */
const char *cq_node_get_comment_before (const CqGame *game, const CqNode *node);

/**
 * cq_node_get_comment_after:
 * @game: the game that owns @node, parsed.
 * @node: a node of @game.
 *
 * The text of the comments written after @node's move (at the root: the
 * comments before the game's first move), made as for
 * cq_node_get_comment_before().
 *
 * Returns: (transfer none) (nullable): the text, owned by @game, or %NULL.
 */
const char *cq_node_get_comment_after  (const CqGame *game, const CqNode *node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqGame, cq_game_free)

G_END_DECLS
