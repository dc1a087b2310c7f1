/* cq-query.h: CQL 3 queries: read, compile, evaluate on a game.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "chess/cq-chess.h"
#include "pgn/cq-game.h"
#include "cql/cq-index-condition.h"

G_BEGIN_DECLS

/* Piece-type sets: bit n stands for #CqPiece n (bit 0: CQ_EMPTY, the
 * "empty square" piece `.`); square sets: bit n for square n (a1 = 0,
 * h8 = 63).  The sets of the CQL 3 manual's piece designators ("Piece
 * designators", "Square designators"). */
#define CQ_PIECE_BIT(p)   ((guint16) (1u << (p)))
#define CQ_PIECES_EMPTY   CQ_PIECE_BIT (CQ_EMPTY)
#define CQ_PIECES_WHITE   ((guint16) 0x007E) /* A: CQ_WP .. CQ_WK */
#define CQ_PIECES_BLACK   ((guint16) 0x1F80) /* a: CQ_BP .. CQ_BK */
#define CQ_PIECES_ANY     ((guint16) (CQ_PIECES_WHITE | CQ_PIECES_BLACK)) /* U */
#define CQ_PIECES_ALL     ((guint16) 0x1FFF) /* ?: any piece or empty */
#define CQ_SQUARES_ALL    G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF)
#define CQ_SQUARES_LIGHT  G_GUINT64_CONSTANT (0x55AA55AA55AA55AA)
#define CQ_SQUARES_DARK   G_GUINT64_CONSTANT (0xAA55AA55AA55AA55)

#define CQ_QUERY_ERROR (cq_query_error_quark ())
GQuark cq_query_error_quark (void);

/**
 * CqQueryError:
 * Every error message has the form "FILE:LINE:COLUMN: message" (rulings
 * R13), where FILE is the name given to the reader ("<query>" if none),
 * LINE and COLUMN are 1-based (column in characters); the same location
 * is recorded as data on the error (cq_query_error_get_location(),
 * cq-query-info.h).
 * @CQ_QUERY_ERROR_SYNTAX: the text is not a well-formed list (unbalanced
 *   parentheses, bad designator, bad range, missing argument...).
 * @CQ_QUERY_ERROR_UNKNOWN_KEYWORD: a keyword the CQL 3 manual does not define
 *   (the message suggests the nearest known ones).
 * @CQ_QUERY_ERROR_UNSUPPORTED: a CQL 3 keyword this version does not
 *   evaluate yet (named in the message).  Never silently ignored.
 * @CQ_QUERY_ERROR_SEMANTIC: well-formed but not allowed (keyword in the
 *   wrong kind of list, two sequences in one list, `:output` equal to
 *   `:pgn`...).
 * @CQ_QUERY_ERROR_IO: the query file could not be read.
 * @CQ_QUERY_ERROR_CONVERT: cq_query_convert_to_cql6() cannot write this
 *   construct of a valid CQL 3 query in CQL 6 without changing what the
 *   query finds (the message names it; docs/convert.md).
 * @CQ_QUERY_ERROR_FILES: a CQL 6 `readfile` or `writefile` (they read and
 *   write the user's files) in a query read without a folder that allows
 *   them (cq_query_new_from_file_allowing_files()); at the filter's place.
 *
 * CQ_QUERY_ERROR_IO is also the error a search stops with when a
 * `readfile` or `writefile` fails (cq_query_get_run_error()).
 */
typedef enum {
  CQ_QUERY_ERROR_SYNTAX,
  CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
  CQ_QUERY_ERROR_UNSUPPORTED,
  CQ_QUERY_ERROR_SEMANTIC,
  CQ_QUERY_ERROR_IO,
  CQ_QUERY_ERROR_CONVERT,
  CQ_QUERY_ERROR_FILES
} CqQueryError;

/**
 * CqDialect:
 * @CQ_DIALECT_CQL3: CQL 3 (the 2003 manual; docs/cql.md): a match list.
 * @CQ_DIALECT_CQL6: CQL 6 (CQL 6.2's language; docs/cql6.md): a query
 *   whose first word, after comments, is `cql`.
 */
typedef enum {
  CQ_DIALECT_CQL3,
  CQ_DIALECT_CQL6
} CqDialect;

/* A compiled match list.  Immutable after compilation: one query may be
 * evaluated by several threads at once, each with its own CqMatchInfo. */
typedef struct _CqQuery CqQuery;

/**
 * cq_query_new_from_string:
 * @text: a query in either dialect (#CqDialect), NUL-terminated: CQL 3
 *   source, exactly one match list, `;` comments allowed; or CQL 6 source,
 *   a `cql(...)` header and filters (docs/cql6.md).  The dialect is told by
 *   the first word after comments: `cql` is CQL 6 (docs/cql6.md "Dialect").
 * @filename: (nullable): name used in error messages and to resolve the
 *   relative `:pgn`/`:output` paths (relative to its directory).
 * @error: a CQ_QUERY_ERROR (SYNTAX, UNKNOWN_KEYWORD, UNSUPPORTED or
 *   SEMANTIC), as "FILE:LINE:COLUMN: message" (rulings R13); SEMANTIC also
 *   when the output file is the input file.
 *
 * Reads and compiles @text.  For CQL 3 (manual "CQL Syntax"): the match
 * list with its game filters, position lists with piece designators,
 * simple keywords, transforms (expanded when compiled, rulings R7), piece
 * configurations, move keywords, logic and game-related keywords
 * (docs/cql.md).
 *
 * Returns: (transfer full): the query, or NULL with @error set.
 */
CqQuery    *cq_query_new_from_string (const char *text, const char *filename, GError **error);

/**
 * cq_query_convert_to_cql6:
 * @text: a CQL 3 query (one match list, `;` comments), @len bytes; UTF-8,
 *   or Windows-1252 as the readers take it; need not be NUL-terminated.
 * @filename: (nullable): the name used in error messages ("<query>" if
 *   NULL) and to check `:pgn`/`:output` as the compiler does.
 * @error: (nullable): a CQ_QUERY_ERROR, "FILE:LINE:COLUMN: message":
 *   the CQL 3 compiler's own error (SYNTAX, UNKNOWN_KEYWORD, UNSUPPORTED,
 *   SEMANTIC) for a query it refuses; CQ_QUERY_ERROR_CONVERT at the
 *   construct's line and column for one that CQL 6 cannot say with the
 *   same meaning (`:forany`, `:relation`, a designator on the board's edge
 *   under a shift, ...), and at 1:1 for a text that is CQL 6 already.
 *
 * Writes the query in CQL 6 (docs/cql6.md) as a person would: a `cql(...)`
 * header with the match list's parameters, then one filter per line, the
 * transforms as prefixes, the `;` comments as `//` comments.  The CQL 6
 * query finds the same games as the CQL 3 one; the positions it marks may
 * differ (CQL 6 marks every matching position).  What maps to what and
 * what is refused: docs/convert.md; the semantic points:
 * docs/cql6-rulings.md 13.
 *
 * Returns: (transfer full) (nullable): the CQL 6 text (NUL-terminated,
 *   ending with a newline; g_free()), or NULL with @error set.
 */
char       *cq_query_convert_to_cql6 (const char *text, gsize len, const char *filename,
                                      GError **error);

/* The longest query file cq_query_new_from_file() reads (1 MiB: the
 * longest query of the shared data is under 10 KiB). */
#define CQ_QUERY_MAX_FILE_SIZE (1024 * 1024)

/**
 * cq_query_new_from_file:
 * @path: a query file in either dialect (UTF-8, or Windows-1252 as old CQL
 *   files are): a regular file or a pipe of at most
 *   %CQ_QUERY_MAX_FILE_SIZE bytes.
 * @error: CQ_QUERY_ERROR_IO if the file cannot be read, is not a regular
 *   file or a pipe (a directory, /dev/zero), or is longer than the limit
 *   (the message names it and says why; docs/limits.md), else as
 *   cq_query_new_from_string().
 *
 * Reads @path and compiles it, as cq_query_new_from_string() with @path as
 * the file name.
 *
 * Returns: (transfer full): the query, or NULL with @error set.
 */
CqQuery    *cq_query_new_from_file   (const char *path, GError **error);

/**
 * cq_query_new_from_file_with_filters:
 * @path: a query file, as for cq_query_new_from_file().
 * @filters: (nullable): CQL 6 filters that every matched position must
 *   also pass (the CLI's `-cql`, as CQL 6.2 takes it), added after the
 *   file's own; NULL: as cq_query_new_from_file().
 * @error: as cq_query_new_from_file(); CQ_QUERY_ERROR_SEMANTIC (at 1:1) if
 *   @filters is given and the file is CQL 3.
 *
 * Returns: (transfer full): the query, or NULL with @error set.
 */
CqQuery    *cq_query_new_from_file_with_filters (const char *path, const char *filters,
                                                 GError **error);

/**
 * cq_query_new_from_file_allowing_files:
 * @path, @filters: as for cq_query_new_from_file_with_filters().
 * @files_dir: (nullable): the folder a CQL 6 query's `readfile` and
 *   `writefile` may use (the CLI's --allow-files DIR; the workbench asks
 *   the user); NULL: they are refused (CQ_QUERY_ERROR_FILES), as by the
 *   other constructors.
 * @error: as cq_query_new_from_file_with_filters(); CQ_QUERY_ERROR_IO if
 *   @files_dir is not a folder.
 *
 * Reads the query; its `readfile` and `writefile` name files inside
 * @files_dir only (docs/cql6.md "readfile and writefile"): an absolute
 * name, a `..` and a symbolic link out of the folder are refused, only
 * regular files are opened, and `writefile` never writes the query file,
 * the files its header names, nor those given to cq_query_protect_file().
 * Such a query runs on one thread (cq_query_needs_one_thread()); an error
 * of those filters stops the search (cq_query_get_run_error()).
 *
 * Returns: (transfer full): the query, or NULL with @error set.
 */
CqQuery    *cq_query_new_from_file_allowing_files (const char *path, const char *filters,
                                                   const char *files_dir, GError **error);

/* The same for a query's text, as cq_query_new_from_string() (@filename
 * nullable), with @files_dir as above. */
CqQuery    *cq_query_new_from_string_allowing_files (const char *text, const char *filename,
                                                     const char *files_dir, GError **error);

/**
 * cq_query_protect_file:
 * @path: a file the search reads or writes itself: the output file (it
 *   need not exist yet), a database.
 *
 * `writefile` never writes @path (the same file by its real path, or by
 * its device and inode when it exists now): it stops the search with an
 * error instead.  Nothing for a query without a folder for files.  Call
 * it before the search.
 */
void        cq_query_protect_file    (CqQuery *query, const char *path);

/**
 * cq_query_get_run_error:
 * The error that stopped a CQL 6 query's `readfile` or `writefile` while
 * it ran (a missing file, a name refused, a failed write), as a
 * CQ_QUERY_ERROR_IO "FILE:LINE:COLUMN: message" at the filter; CQL 6.2
 * halts on such errors, and the search driver stops the search with it
 * (cq_search_run_files()).  From then on both filters fail.
 * Returns: (transfer none) (nullable): the first such error, or NULL.
 */
const GError *cq_query_get_run_error (const CqQuery *query);

void        cq_query_free            (CqQuery *query);

/* The database the query names, as written: the `:pgn` argument (CQL 3;
 * the first file when it names several) or the header's `input` (CQL 6);
 * NULL if it names none (the caller then supplies the database, e.g. the
 * CLI's -i).  Owned by @query. */
const char *cq_query_get_pgn         (const CqQuery *query);

/* Every file `:pgn FILE...` names, as written, searched as one database
 * (cq_search_run_files()); NULL-terminated, the first is
 * cq_query_get_pgn() (a CQL 6 `input` is the only one); NULL when
 * cq_query_get_pgn() is NULL.  Owned by @query. */
const char *const *cq_query_get_pgn_files (const CqQuery *query);

/* The output file the query names, as written: the `:output` argument
 * (CQL 3) or the header's `output` (CQL 6); NULL if absent.  Owned by
 * @query. */
const char *cq_query_get_output      (const CqQuery *query);

/**
 * cq_query_resolve_path:
 * @name: (nullable): a file name from the query (`:pgn`, `:output`).
 *
 * Returns: (transfer full) (nullable): @name itself if it is absolute or
 *   the query has no file name; else @name relative to the directory of
 *   the query file.  NULL if @name is NULL.
 */
char       *cq_query_resolve_path    (const CqQuery *query, const char *name);

/* The dialect the query was written in. */
CqDialect   cq_query_get_dialect     (const CqQuery *query);

/* The dialect of a query's text, told as cq_query_new_from_string() tells
 * it (the first word after comments is `cql`: CQL 6), without reading the
 * rest: for an editor's highlighting.  @len: bytes, or -1 if NUL-ended. */
CqDialect   cq_query_text_dialect    (const char *text, gssize len);

/* The comment written at matched positions by default: "MATCH" for CQL 3
 * (rulings R2), the header's `matchstring` or "CQL" for CQL 6 (as CQL 6.2
 * writes it), "" (none) when a CQL 6 header says `quiet` or `silent`.
 * Static or owned by @query. */
const char *cq_query_get_mark_text   (const CqQuery *query);

/* TRUE if the CQL 6 header says `silent`: no comment at all is added to
 * the games written, not even the game number (docs/cql6.md "Output"). */
gboolean    cq_query_get_silent      (const CqQuery *query);

/* TRUE if the CQL 6 header says `quiet`: no {CQL} mark and none of the
 * automatic comments (#CqPositionComment.automatic). */
gboolean    cq_query_get_quiet       (const CqQuery *query);

/**
 * cq_query_needs_one_thread:
 * TRUE if the query must search the games one after the other, in input
 * order, on one thread: a CQL 6 query with `persistent` variables or a
 * dictionary not declared `local`, whose values pass from game to game,
 * or with `readfile` or `writefile`, whose writes follow the games' order
 * (CQL 6.2 also runs those single-threaded).
 * The search driver honours it (cq_search_run()).
 */
gboolean    cq_query_needs_one_thread (const CqQuery *query);

/**
 * cq_query_get_text:
 * The text the query was compiled from (a query file's contents, with
 * the filters of the CLI's --cql added; cq_query_new_from_string()), for
 * compiling the same query again elsewhere (`cql --merge`).
 * Returns: (transfer none) (nullable): the text; NULL for a position
 *   search (cq_query_new_for_position()).
 */
const char *cq_query_get_text (const CqQuery *query);

/**
 * cq_query_reads_game_number:
 * TRUE if the query's result depends on the games' numbers in the
 * database: a CQL 3 `:gamenumber` game filter, a CQL 6 `gamenumber`
 * filter or header range.  Such a query cannot be searched in parts
 * (`cql --shard`): a part does not know how many games come before it.
 */
gboolean    cq_query_reads_game_number (const CqQuery *query);

/**
 * cq_query_persistent_is_additive:
 * TRUE if the query is a CQL 6 query with `persistent` variables that are
 * all numbers it only adds to or takes from (`persistent n += F`, `n -= F`,
 * F naming no persistent variable, the variable named nowhere else), and
 * with no dictionary kept from game to game, no readfile or writefile: its
 * matches do not depend on the games before, and each variable's value
 * after a search is the sum of what each game added, so a search in parts
 * adds up the parts' values (`cql --merge`, cq-shard.h).
 */
gboolean    cq_query_persistent_is_additive (const CqQuery *query);

/**
 * cq_query_uses_last_game_number:
 * TRUE if the query is a CQL 6 query that reads `lastgamenumber`: the
 * search driver then counts the input's games before the search, as CQL
 * 6.2 estimates them (the `[White ` tags in the files), and gives the
 * query that number with cq_query_set_last_game_number().
 */
gboolean    cq_query_uses_last_game_number (const CqQuery *query);

/**
 * cq_query_set_last_game_number:
 * @n: the number of games of the input (> 0), or 0: unknown.
 *
 * The value of `lastgamenumber` for the search (at most the end of the
 * header's `gamenumber` range); until it is set, `lastgamenumber` has no
 * value.  Like the persistent variables, run state kept in the query:
 * set it before the search starts, not during it.
 */
void        cq_query_set_last_game_number  (const CqQuery *query, gint64 n);

/**
 * cq_query_get_persistent:
 * The values of a CQL 6 query's `persistent` variables after a search, as
 * CQL 6.2 prints them at the end of its run: a NULL-terminated array of
 * pairs {name, value, name, value, ...} in the order the variables were
 * first assigned, `persistent quiet` ones left out; a number in decimal,
 * a string in double quotes ("abc"), a set as a square (a1) or a bracketed
 * list in square order ([a1,b2], [] when empty); a variable never
 * assigned shows 0, "" or [].  Call it once the search is over (the values
 * change while it runs).
 * Returns: (transfer full): the pairs (g_strfreev()), or NULL when the
 *   query has no such variable.
 */
char      **cq_query_get_persistent  (const CqQuery *query);

/**
 * cq_query_set_variations:
 * Overrides a CQL 6 header's `variations` / `mainline` (the CLI's
 * -variations and -mainline).  Call it before the query is searched: a
 * query is shared by the search threads afterwards.
 *
 * Returns: FALSE (and changes nothing) for a CQL 3 query, whose lists say
 *   for themselves whether they examine variations.
 */
gboolean    cq_query_set_variations  (CqQuery *query, gboolean variations);

/**
 * cq_query_accepts_tags:
 * Runs the match list's game filters (`:gamenumber`, `:year`, `:result`,
 * `:player`; rulings R3) on @game's tags and source only, so that a search
 * can skip a game before its moves are read.  Also rejects a game in which
 * no transform member of some top-level position list can pass that list's
 * game keywords (`:elo`, `:whiteelo`, `:blackelo`, `:result`).  For a CQL 6
 * query: the header's game filters, then the filters on the tags alone that
 * begin the body (`player white "X"`, `result 1-0`...; see cq6-program.c).
 * Returns: FALSE if the game cannot match.
 */
gboolean    cq_query_accepts_tags    (const CqQuery *query, const CqGame *game);

/**
 * cq_query_get_index_condition:
 * A necessary condition on a game's summary (#CqGameSummary) for @query
 * to match it, for a search of an index (docs/index.md): a game whose
 * summary fails it cannot match, and evaluating it would change nothing
 * else (no `message` said, no persistent variable, dictionary or file
 * written), so a search may pass over it.  Built from the compiled query
 * by its dialect: cql3/cq3-index.c, cql6/cq6-index.c,
 * anticipate/cq-anticipate-index.c.  A query whose every game must be
 * evaluated gives "true" (cq_index_condition_is_true()).
 * Returns: (transfer full): the condition (cq_index_condition_free()).
 */
CqIndexCondition *cq_query_get_index_condition (const CqQuery *query);

/**
 * CqMatchKind:
 * How a position matched (#CqMatchedPosition.kind).
 * @CQ_MATCH_KIND_QUERY: a CQL query matched it.
 * @CQ_MATCH_KIND_EXACT: a position search (cq_query_new_for_position())
 *   found the position itself (or, with differences allowed, a position
 *   close to it).
 * @CQ_MATCH_KIND_MIRRORED: ... its mirror image: files reversed (a <-> h).
 * @CQ_MATCH_KIND_COLORS_REVERSED: ... its image with the colours swapped:
 *   ranks reversed (1 <-> 8), white and black pieces exchanged, the other
 *   side to move.
 * @CQ_MATCH_KIND_MIRRORED_COLORS_REVERSED: ... both at once.
 */
typedef enum {
  CQ_MATCH_KIND_QUERY = 0,
  CQ_MATCH_KIND_EXACT,
  CQ_MATCH_KIND_MIRRORED,
  CQ_MATCH_KIND_COLORS_REVERSED,
  CQ_MATCH_KIND_MIRRORED_COLORS_REVERSED
} CqMatchKind;

/**
 * CqMatchedPosition:
 * @node: pre-order index of a position to annotate with `{MATCH}` (R2).
 * @kind: a #CqMatchKind: CQ_MATCH_KIND_QUERY for a CQL query, which image
 *   of the searched position matched for a position search.
 * @n_differ: for a position search, how many pieces of the game's position
 *   differ from the image that matched (0: the same position; see
 *   cq_query_new_for_position()); 0 for a CQL query.
 * @squares: the squares that made it match, for the board viewer's
 *   highlight: for a CQL query the squares of the piece designators that
 *   matched (in the transform member that matched), for a position search
 *   the squares whose contents differ from the searched position's image.
 *   May be 0.
 * @comments_before: for a CQL 6 query, how many of #CqMatchInfo.comments
 *   had been written when the position matched: the mark goes after those
 *   of them at this position and before the later ones (CQL 6.2 writes
 *   `{s <--move 1(wtm) e CQL t -->move 2(wtm)}` when echo's target comment
 *   comes from a later position); 0 for other queries.
 */
typedef struct {
  guint32    node;
  CqBitboard squares;
  /* After @squares, so that `{ node, squares }` initialisers stay right. */
  guint8     kind;
  guint8     n_differ;
  guint32    comments_before;
} CqMatchedPosition;

/**
 * CqPositionComment:
 * A comment a CQL 6 query writes at a position (`comment`, the automatic
 * comments of `echo` and `sort`; docs/cql6.md "Output").
 * @node: pre-order index of the position; the text goes after the move
 *   that reached it (before the first move for the root).
 * @text: the comment's text (owned by the #CqMatchInfo).
 * @automatic: written by the query's filters on their own (`find`'s
 *   `Found`, `echo`'s and `line`'s annotations), not by `comment`: left
 *   out under `quiet` (header or CLI -quiet), as CQL 6.2 does; `silent`
 *   leaves out every comment.
 * @edit: not a comment but an edit of the output game (#CqCommentEdit):
 *   written whether `quiet` or `silent` or not; comment texts leave it out.
 */
typedef struct {
  guint32  node;
  char    *text;
  gboolean automatic;
  guint8   edit;
} CqPositionComment;

/**
 * CqCommentEdit:
 * @CQ_COMMENT_EDIT_NONE: a comment.
 * @CQ_COMMENT_EDIT_REMOVE: `removecomment`: the game's own comment at
 *   @node is left out of the output game (@text is "").
 * @CQ_COMMENT_EDIT_TAG: `settag`: @text is the tag's name (letters,
 *   digits, underscores), a space and its value; the output game has the
 *   tag with that value (the last one for a name), in the place of the
 *   game's own tag of that name or after its tags.
 */
typedef enum {
  CQ_COMMENT_EDIT_NONE,
  CQ_COMMENT_EDIT_REMOVE,
  CQ_COMMENT_EDIT_TAG
} CqCommentEdit;

/**
 * CqSortValue:
 * The value a CQL 6 `sort` filter kept for a game (its best value: the
 * largest, or with `min` the smallest; docs/cql6.md "sort").
 * @has_value: FALSE if the sort filter never had a value in the game.
 * @is_string: the value is @string (owned), not @number.
 */
typedef struct {
  gboolean  has_value;
  gboolean  is_string;
  gint64    number;
  char     *string;
} CqSortValue;

/**
 * CqMessage:
 * What a CQL 6 `message` filter printed (docs/cql6.md "message"): CQL 6.2
 * prints it at once on standard output as `Game: N WHERE: TEXT`, whether
 * the game matches or not.
 * @node: pre-order index of the position where it was evaluated.
 * @where: that position as CQL 6.2 names it: `move 12(wtm)`, with the
 *   position id in brackets off the main line (`move 2(wtm)[8]`) (owned).
 * @text: the message (owned).
 */
typedef struct {
  guint32  node;
  char    *where;
  char    *text;
} CqMessage;

/**
 * CqMatchInfo:
 * Filled by cq_query_match_game().  @positions holds #CqMatchedPosition
 * entries sorted by node index, without duplicates.  @comments holds the
 * #CqPositionComment entries a CQL 6 query wrote, in the order written
 * (empty for other queries); @sort_values one #CqSortValue per `sort`
 * filter of a CQL 6 query, in query order (empty for other queries);
 * @messages the #CqMessage entries of its `message` filters, in the order
 * printed: kept when the game does not match (CQL 6.2 prints them all);
 * @error, NULL unless a CQL 6 `assert` failed (or `cql_abort` was
 * reached) in the game: then the game does not match, and the search
 * stops with this message (owned).
 * Initialise with cq_match_info_init(), clear with
 * cq_match_info_clear(); may be reused.
 */
typedef struct {
  GArray *positions;
  GArray *comments;
  GArray *sort_values;
  GArray *messages;
  char   *error;
} CqMatchInfo;

void        cq_match_info_init       (CqMatchInfo *info);
void        cq_match_info_clear      (CqMatchInfo *info);

/**
 * cq_query_get_n_sort_keys:
 * The number of `sort` filters of a CQL 6 query (0 for other queries):
 * each #CqMatchInfo.sort_values holds that many values, in query order.
 */
guint       cq_query_get_n_sort_keys (const CqQuery *query);

/**
 * cq_query_compare_sort_values:
 * @a, @b: cq_query_get_n_sort_keys() values each, from two games.
 *
 * The order CQL 6.2 writes sorted games in (docs/cql6.md "sort"): by the
 * first sort key, then the next...; the larger value first, or the
 * smaller with `sort min`; a game without a value after those with one.
 * Returns: < 0 if @a's game goes first, > 0 if @b's, 0 if equal (then
 *   the caller keeps the input order).
 */
int         cq_query_compare_sort_values (const CqQuery *query, const CqSortValue *a,
                                          const CqSortValue *b);

/**
 * cq_query_format_sort_labels:
 * @values: cq_query_get_n_sort_keys() values of one game.
 *
 * The text CQL 6.2 adds to a sorted game's first comment, after the game
 * number and its mark: for each sort with a value, a space and
 * `label: value` (an unlabelled sort is named `<sort-id-N>`, N counting
 * the unlabelled sorts from 1; a `sort quiet` is left out), e.g. " checks: 187" (written `{Game number 244 CQL  checks:
 * 187}`).  Returns: (transfer full): the text, NULL if there is none.
 */
char       *cq_query_format_sort_labels (const CqQuery *query, const CqSortValue *values);

/**
 * cq_query_get_sort_label:
 * @key: a sort key, below cq_query_get_n_sort_keys().
 * @min: (out) (optional): TRUE for `sort min` (the smallest value is the
 *   best and goes first), FALSE for `sort` and `sort max`.
 *
 * Returns: (transfer none) (nullable): the label the query gives the sort
 *   key (`sort "checks" ...`), or NULL when it has none.
 */
const char *cq_query_get_sort_label (const CqQuery *query, guint key, gboolean *min);

/**
 * cq_query_match_game:
 * @game: a game whose moves were parsed (cq_game_parse_moves()).  Must not
 *   be a skipped game.
 * @info: (out) (nullable): receives the positions to annotate (R2).
 *
 * Evaluates the match list on @game: the game filters, then every position
 * list over the positions it examines (R1).  Thread-safe for distinct
 * @game / @info.
 *
 * Returns: TRUE if the game matches.
 */
gboolean    cq_query_match_game      (const CqQuery *query, CqGame *game, CqMatchInfo *info);

/**
 * CqPositionMatch:
 * What a position search (cq_query_new_for_position()) looks for.
 * @CQ_POSITION_MATCH_EXACT: the position itself.
 * @CQ_POSITION_MATCH_SYMMETRIC: the position or an image of it under the
 *   symmetries that keep its chess meaning: colours reversed (ranks
 *   reversed, colours of the pieces swapped, the other side to move)
 *   always; mirrored (files reversed), alone and with the colours
 *   reversed, only when the position has no castling rights (castling is
 *   not symmetric left to right).
 */
typedef enum {
  CQ_POSITION_MATCH_EXACT,
  CQ_POSITION_MATCH_SYMMETRIC
} CqPositionMatch;

/* The most pieces a position search lets differ (cq_query_new_for_position()). */
#define CQ_POSITION_MAX_DIFFER 16

/**
 * cq_query_new_for_position:
 * @fen: the position, as FEN.  Only the piece placement and the side to
 *   move are compared; the castling rights decide which symmetries apply
 *   (#CqPositionMatch); the en passant square and the move counters are
 *   ignored; the fields after the side to move may be left out (no
 *   castling rights then).
 * @mode: which images of the position are looked for.
 * @max_differ: 0 to find the position (or its images) exactly; else
 *   also positions, with the same side to move, that differ from it by
 *   at most @max_differ pieces (<= CQ_POSITION_MAX_DIFFER), counted per
 *   piece type and colour as the pieces to add, remove or move elsewhere
 *   to turn one into the other: a piece added, removed or on another
 *   square counts 1, a piece of another type on the same square counts 2.
 * @error: CQ_QUERY_ERROR_SYNTAX with the FEN's error (quoting it) if
 *   @fen is not a legal position, CQ_QUERY_ERROR_SEMANTIC if @max_differ
 *   is too large.
 *
 * An anticipation search as a query: it examines every position of a
 * game, main line and variations, whatever the move order that led there,
 * and a game matches if one of them does.  Each matching position is
 * reported (#CqMatchedPosition: the image found as @kind, the number of
 * pieces that differ and their squares); when several images match one
 * position, the one with the fewest differences, then the first in
 * #CqMatchKind order.  The query has no `:pgn` or `:output`; searched
 * and written as any other (cq_search_run(); its dialect reads as
 * CQ_DIALECT_CQL3, its annotation is "MATCH" followed by what matched,
 * e.g. `{MATCH mirrored}`, `{MATCH exact, differs on e4 f5}`).
 *
 * Returns: (transfer full): the query, or NULL with @error set.
 */
CqQuery    *cq_query_new_for_position (const char      *fen,
                                       CqPositionMatch  mode,
                                       guint            max_differ,
                                       GError         **error);

/* TRUE if @query is a position search (cq_query_new_for_position()). */
gboolean    cq_query_is_position_search (const CqQuery *query);

/**
 * cq_query_reads_only_tree:
 *
 * Whether evaluating @query on a game reads nothing but the positions and
 * moves of its tree (no tag, comment, NAG, SAN, line number or game
 * number) and leaves no trace (no message, assertion, persistent variable
 * or dictionary, file written; nothing the output needs but the match
 * itself): then a search may evaluate it on a game made from the index's
 * compact moves (cq_game_new_tree()) and read the text of the games that
 * match only (docs/index.md).  A whitelist, by dialect: a query it does
 * not know gives FALSE.  Today: position searches, CQL 6 queries made of
 * a short list of filters (_cq6_reads_only_tree(), cql6/cq6-index.c), and
 * CQL 3 queries without a game filter (:player, :result, :year,
 * :gamenumber) or a list's :elo or :result.
 */
gboolean    cq_query_reads_only_tree (const CqQuery *query);

/**
 * cq_query_reads_only_mainline:
 *
 * Whether @query examines nothing of a game beyond its main line and
 * leaves no trace of its evaluation but the result, so that a search may
 * evaluate it first on the game read without its variations
 * (cq_game_parse_mainline()): a game that does not match so does not
 * match read whole; one that does is read whole and evaluated again, and
 * only that evaluation counts.  A CQL 6 query without `variations` in its
 * header (a game is then its main line, docs/cql6.md "How a query runs")
 * whose filters are all on the index's list of filters that leave no
 * trace (cql6/cq6-index.c: no message, file, persistent variable or
 * dictionary, nothing that can stop the search) and that read no
 * position's id (which counts the variations' positions).  A CQL 3
 * query none of whose position lists and relations has :variations or
 * :variationsonly (R9).  FALSE for position searches, which examine every position.
 */
gboolean    cq_query_reads_only_mainline (const CqQuery *query);

/**
 * cq_match_describe:
 * @position: a position reported by a position search.
 *
 * What matched, in English, for output comments: "exact", "mirrored",
 * "colours reversed" or "mirrored, colours reversed", followed by
 * ", differs on e4 f5" when squares differ.
 *
 * Returns: (transfer full): the text; "" for CQ_MATCH_KIND_QUERY.
 */
char       *cq_match_describe (const CqMatchedPosition *position);

/**
 * cq_query_keywords:
 *
 * Every CQL 3 keyword of the CQL 3.02 manual (match list, position list
 * and :relation specification), evaluated by this version or not
 * (CQ_QUERY_ERROR_UNSUPPORTED), each followed by a one-line description
 * taken from the manual; for the editor's highlighting and completion.
 *
 * Returns: (transfer none): a NULL-terminated array of pairs
 *   {":keyword", "description", ...}.  Static data.
 */
const char *const *cq_query_keywords (void);

/* The same for a dialect: cq_query_keywords() for CQL 3; for CQL 6 its
 * filters and parameters, those not supported yet saying so in their
 * description (docs/cql6.md).  Static data. */
const char *const *cq_query_keywords_for (CqDialect dialect);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqQuery, cq_query_free)

G_END_DECLS
