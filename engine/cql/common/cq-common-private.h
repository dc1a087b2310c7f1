/* cq-common-private.h: what the rooms of engine/cql share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every room (cql3, cql6, anticipate, convert) may include this header;
 * it includes no room's header.  It holds:
 * - piece designators, ranges, results and ray directions as both
 *   dialects compile them (cq-designator.c);
 * - the symmetries of the board (#CqTransform, cq-symmetry.c) and the
 *   anchor index over the members of a transform set (cq-anchor-index.c);
 * - piece marks (cq-pieceid.c), tag parsing (cq-tags.c), the readers'
 *   text and error helpers (cq-text.c);
 * - the query object (#CqQuery) and, last, the entry points each kind of
 *   query provides to the dispatch in cq-query.c: declared here, defined
 *   in the room, so that the dispatch needs no room's private header.
 */
#pragma once

#include "cql/cq-query.h"
#include "cql/cq-query-info.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/* Designators, ranges, results, directions                            */

/**
 * CqDesignator:
 * A piece designator (manual "Piece designators").
 * @squares: the square set (bit n for square n, a1 = 0).
 * @pieces: the piece-type set, CQ_PIECE_BIT() bits.
 * @tag: -1; or, for a `$name[squares]` designator (rulings R11), the
 *   index of the tag whose piece it names (@pieces is then 0): it matches
 *   when that piece stands on one of @squares.
 */
typedef struct {
  CqBitboard squares;
  guint16    pieces;
  gint16     tag;
} CqDesignator;

/* A range specifier (manual "Range specifiers"), both ends inclusive. */
typedef struct {
  gint64 min;
  gint64 max;
} CqRange;

/* Game results (R3); a colour flip swaps the first two. */
typedef enum {
  CQ_RESULT_NONE,
  CQ_RESULT_WHITE_WINS,
  CQ_RESULT_BLACK_WINS,
  CQ_RESULT_DRAW
} CqResult;

/* Ray directions (R6): bit per direction, N NE E SE S SW W NW. */
#define CQ_RAY_ALL        0xFF
#define CQ_RAY_ORTHOGONAL 0x55
#define CQ_RAY_DIAGONAL   0xAA
#define CQ_RAY_VERTICAL   0x11
#define CQ_RAY_HORIZONTAL 0x44

/**
 * _cq_designator_parse:
 * @text: a piece designator such as `Ra3`, `[Qr][d1,h3]`, `?[a-h1-2,a8]`.
 * @filename, @line, @column: where @text starts, for messages.
 * @out: (out): the compiled designator.
 *
 * Returns: TRUE, or FALSE with CQ_QUERY_ERROR_SYNTAX pointing at the
 *   offending character (CQ_QUERY_ERROR_UNSUPPORTED for `$tag`).
 */
gboolean _cq_designator_parse (const char   *text,
                               const char   *filename,
                               guint         line,
                               guint         column,
                               CqDesignator *out,
                               GError      **error);

/**
 * _cq_designator_parse_cql6:
 * As _cq_designator_parse(), in CQL 6 spelling (docs/cql6.md "Piece
 * designators"): `_` the empty square, `.` any square, a bare square
 * designator (`a1`, `[a1,h8]`, `a-h2`) the squares whatever stands on
 * them; no `?`, `M`, `I`, `U` and no tags.
 */
gboolean _cq_designator_parse_cql6 (const char   *text,
                                    const char   *filename,
                                    guint         line,
                                    guint         column,
                                    CqDesignator *out,
                                    GError      **error);

/**
 * _cq_designator_parse_tagged:
 * As _cq_designator_parse(), and `$name[squares]` (rulings R11) names
 * one of @tag_names (@n_tags of them): @out->tag is its index and
 * @out->pieces 0.  An undefined tag is CQ_QUERY_ERROR_SEMANTIC.
 */
gboolean _cq_designator_parse_tagged (const char   *text,
                                      const char   *filename,
                                      guint         line,
                                      guint         column,
                                      char *const  *tag_names,
                                      guint         n_tags,
                                      CqDesignator *out,
                                      GError      **error);

/* The length of the CQL 6 piece designator at the start of @p (`Ra3`,
 * `[Qr]d1`, `a-h2`, `.`): its longest reading, or 0 if none is there or
 * it runs on into a word (a letter, digit or `_` follows).  The lexer's
 * rule, also used to find the designator under the editor's cursor
 * (cq_designator_find_at()), so that both see the same designators. */
gsize    _cq_designator_extent_cql6 (const char *p);

/* ------------------------------------------------------------------ */
/* Symmetries of the board                                             */

/**
 * CqDihedral:
 * The 8 symmetries of the board, as maps of (file, rank), 0..7 each.
 */
typedef enum {
  CQ_DIHEDRAL_IDENTITY,     /* (f, r) */
  CQ_DIHEDRAL_VERTICAL,     /* (7-f, r): :flipvertical, about the vertical bisector */
  CQ_DIHEDRAL_HORIZONTAL,   /* (f, 7-r): :fliphorizontal */
  CQ_DIHEDRAL_ROTATE_180,   /* (7-f, 7-r) */
  CQ_DIHEDRAL_DIAGONAL,     /* (r, f): :flipdiagonal, about a1-h8 */
  CQ_DIHEDRAL_OFFDIAGONAL,  /* (7-r, 7-f): about a8-h1 */
  CQ_DIHEDRAL_ROTATE_90,    /* (r, 7-f): a quarter turn clockwise */
  CQ_DIHEDRAL_ROTATE_270    /* (7-r, f) */
} CqDihedral;

/**
 * CqTransform:
 * One member of a transform set (rulings R7): a dihedral symmetry, then
 * the colour flip (colours swapped and ranks mirrored), then a shift.
 * A shift is a composition of unit shifts with the CQL 3 edge rule; a
 * horizontal unit shift moves a square one file along, drops the squares
 * on the edge it moves towards and keeps those on the opposite edge.  The
 * file and rank parts act independently, so a shift is given by where it
 * sends each file and each rank:
 * @file_map: bit g of file_map[f] set if file f goes to file g.
 * @rank_map: likewise for ranks.
 * @dx, @dy: the nominal shift, for messages and tests.
 */
typedef struct {
  guint8 dihedral;
  guint8 color;
  gint8  dx;
  gint8  dy;
  guint8 file_map[8];
  guint8 rank_map[8];
} CqTransform;

/* The identity member. */
void     _cq_transform_identity (CqTransform *t);

/* A unit shift (dx, dy each -1, 0 or 1: horizontal part first), or a
 * shift by (dx, dy) built from unit shifts, composed after @t. */
void     _cq_transform_shift    (CqTransform *t, int dx, int dy);

/* The image of a square set under @t (R7). */
CqBitboard _cq_transform_squares (const CqTransform *t, CqBitboard squares);

/* The image of a piece mask under @t (colours swapped by the colour flip). */
guint16  _cq_transform_pieces   (const CqTransform *t, guint16 pieces);

/* The image of a #CqDesignator; returns FALSE if its square set became
 * empty though it was not before (R7: the member is dropped). */
gboolean _cq_transform_designator (const CqTransform *t, const CqDesignator *in,
                                   CqDesignator *out);

/* The image of a set of ray directions (CQ_RAY_* bits). */
guint8   _cq_transform_directions (const CqTransform *t, guint8 directions);

/* second ∘ first, where both are pure flips (no colour flip, no shift
 * other than the nominal one). */
void     _cq_transform_compose  (const CqTransform *second, const CqTransform *first,
                                 CqTransform *out);

/* ------------------------------------------------------------------ */
/* The anchor index                                                    */

/**
 * CqAnchorGroup:
 * Members of a transform set (instances of a CQL 3 list, images of a
 * CQL 6 transform) anchored on a one-square designator with the
 * piece mask @pieces: a member anchored on square s can match only if s
 * holds one of those pieces, so a position visits only the members
 * anchored on the occupied squares of @squares.
 * @squares: the union of the group's anchor squares.
 * @start: the members anchored on square s are
 *   indices[start[s] .. start[s + 1] - 1], in member order.
 */
typedef struct {
  guint16     pieces;
  CqBitboard  squares;
  guint32     start[65];
  guint32    *indices;
} CqAnchorGroup;

/* How many squares of a position a piece mask is expected to find (a king
 * 1, a knight 2, a pawn 8, an empty square 32, summed over the mask): the
 * fewer, the better an anchor. */
guint _cq_piece_mask_weight (guint16 pieces);

/**
 * _cq_anchor_index_build:
 * @anchors: for each of @n members (instances of a CQL 3 list, images of
 *   a CQL 6 transform), a one-square designator that must match for the
 *   member to match, or NULL.
 * @groups_out, @n_groups, @unanchored_out, @n_unanchored: (out): the
 *   index: the anchored members grouped by piece mask and square, and the
 *   others (arrays to g_free(), each group's @indices too).
 *
 * So that a position visits only the members anchored on its occupied
 * squares (cql3/cq3-transform.c, cql6/cq6-transform.c).
 */
void _cq_anchor_index_build (const CqDesignator *const *anchors, guint n,
                             CqAnchorGroup **groups_out, guint *n_groups,
                             guint32 **unanchored_out, guint *n_unanchored);

/* ------------------------------------------------------------------ */
/* Marks, tags, text                                                   */

/* At most two tags (R11). */
#define CQ_MAX_TAGS 2

/**
 * _cq_marks_apply_move:
 * @marks: the mark (rulings R11) on each square, 0xFF where none, in the
 *   position before @move; updated to the position after it: the moving
 *   piece keeps its mark (promotion too), a captured piece's mark leaves
 *   the board (en passant included), castling moves the rook's mark.
 */
void     _cq_marks_apply_move (guint8 marks[64], const CqMove *move);

/* The marks of the initial position: 0, 1, ... over the occupied squares
 * in the order a1, b1, ..., h8 (R11); 0xFF on empty squares.  Returns
 * the number of marks. */
guint    _cq_marks_initial    (const CqPosition *root, guint8 marks[64]);

/* cq-tags.c: the game's tags as both dialects read them (rulings R3).
 * A rating is digits only; a year the leading digits of the Date tag
 * ("1934.??.??" is 1934); a result one of 1-0, 0-1, 1/2-1/2 (#CqResult);
 * a player name matches if it contains @needle (already case-folded),
 * ignoring case. */

/* A rating (:elo, :whiteelo, :blackelo): digits only, spaces around them
 * allowed; "", "?", "-" or anything else is no rating (FALSE, @out left
 * as it is). */
gboolean _cq_tag_parse_elo      (const char *text, gint64 *out);

/* The year field of a PGN date ("1934.??.??" is 1934), or FALSE (R3). */
gboolean _cq_tag_parse_year     (const char *date, gint64 *year);

/* The PGN date CQL 6.2 gives for a Date or EventDate tag's value (it reads
 * the tag as Scid does): the year is the number at the start (spaces and a
 * sign allowed, as strtoul() reads it, kept to 32 bits), the month the
 * number after the first '.', the day the number after the next '.'; no
 * digits is 0.  A year above 2047 is unknown (0) but the month and day are
 * still read; a month above 12 leaves month and day unknown; a day above 31
 * leaves the day unknown.  Nothing else is checked ("1930.02.30" stays).
 * @text may be NULL (the tag is missing: all unknown).  Writes
 * "yyyy.mm.dd" into @out (11 bytes, NUL-terminated), unknown fields as
 * "????" or "??", a known year padded to 4 digits ("19" is "0019"); sets
 * @year (optional) to the year, 0 when unknown. */
void     _cq_tag_normalise_date (const char *text, char out[11], guint *year);

/* A Result tag's value as #CqResult: 1-0, 0-1, 1/2-1/2; CQ_RESULT_NONE for
 * NULL or anything else ("*"). */
guint8   _cq_tag_parse_result   (const char *text);

/* R3: does the name contain @needle (already case-folded), ignoring case? */
gboolean _cq_tag_name_contains  (const char *name, const char *needle);

/* Whether @name may stand as the output file in a query's text (CQL 3
 * `:output`, CQL 6 `output` in the header): a name ending in `.pgn` (any
 * case), as CQL 6.2 requires, or `-` for standard output.  A query from
 * elsewhere cannot so name the user's other files; the command line's
 * --output is the user's own choice and is not held to it. */
gboolean _cq_query_output_name_ok (const char *name);

/* A query's text as UTF-8, for both dialects' readers: valid UTF-8 as it
 * is; otherwise read as Windows-1252, as old CQL files are (ISO-8859-1 if
 * that fails).  A NUL byte is CQ_QUERY_ERROR_SYNTAX at its line and
 * column.  Returns: (transfer full): NUL-terminated text, or NULL. */
char   *_cq_query_text_to_utf8 (const char *text, gsize len, const char *filename,
                                GError **error);

/* Edit distance between @a and @b over bytes (Damerau-Levenshtein,
 * optimal string alignment: an adjacent transposition counts 1); only the
 * first 64 bytes of each are compared (cq-text.c). */
guint   _cq_edit_distance (const char *a, const char *b);

/**
 * _cq_words_suggest:
 * @word: an unknown word as the query spells it.
 * @pairs: a dialect's keyword table: %NULL-terminated pairs of a keyword
 *   and its description (cq_query_keywords(), _cq6_keywords()).
 * @min_limit: the largest edit distance still taken for a slip in a short
 *   word; a longer word may be a third of its length away.
 * @quote: the character written around each keyword (`'` in CQL 3's
 *   messages, a backquote in CQL 6's).
 *
 * The keywords of @pairs nearest to @word by _cq_edit_distance() (a
 * keyword that @word, 4 characters or more, begins counts as 1 away),
 * the first three in table order when several are as near (cq-text.c).
 *
 * Returns: (transfer full) (nullable): "did you mean 'x'?", "did you mean
 *   'x' or 'y'?"..., or %NULL when no keyword is that near.
 */
char   *_cq_words_suggest (const char        *word,
                           const char *const *pairs,
                           guint              min_limit,
                           char               quote);

/* Sets a CQ_QUERY_ERROR @code with the message "FILE:LINE:COLUMN: ...",
 * the location recorded as data too (cq_query_error_get_location()). */
void    _cq_query_set_error (GError    **error,
                             int         code,
                             const char *filename,
                             guint       line,
                             guint       column,
                             const char *format,
                             ...) G_GNUC_PRINTF (6, 7);

/* Records where a CQ_QUERY_ERROR @error is (cq_query_error_get_location()):
 * the same @filename ("<query>" if NULL), @line and @column as its
 * message starts with.  Every error with a location gets one
 * (cq-query-info.c). */
void    _cq_query_error_set_location (GError     *error,
                                      const char *filename,
                                      guint       line,
                                      guint       column);

/* The byte offset in @text of the character at @line:@column (1-based,
 * columns in characters), lines ending at "\n" and, when @cr_ends_line,
 * also at "\r\n" and a lone "\r" (as the CQL 3 reader counts them); or -1
 * if @text has no such character (cq-query-info.c). */
gssize  _cq_text_offset_of (const char *text,
                            guint       line,
                            guint       column,
                            gboolean    cr_ends_line);

/* The names a query declares (cq_query_list_names(), cq-query-info.c):
 * _cq_declared_names_add() appends a #CqDeclaredName of @len bytes of
 * @name to @names (an array freeing with _cq_declared_name_free()),
 * unless @once and it is there already. */
void    _cq_declared_name_free (gpointer data);
void    _cq_declared_names_add (GPtrArray  *names,
                                const char *name,
                                gsize       len,
                                CqNameKind  kind,
                                gboolean    once);

/* ------------------------------------------------------------------ */
/* The query object                                                    */

typedef struct _CqGameFilter   CqGameFilter;
typedef struct _CqPositionList CqPositionList;
typedef struct _Cq6Program     Cq6Program;
typedef struct _CqAnticipation CqAnticipation;

/**
 * CqQuery:
 * @filename: the query file's name as given (NULL: none).
 * @dirname: its directory, for relative :pgn / :output paths (NULL: none).
 * @pgn, @output: the :pgn / :output arguments as written (NULL: absent).
 * @filters: the match list's game filters, all of which must hold.
 * @lists: the top-level position lists, in order.
 *
 * The members from @n_filters to @any_markall are a CQL 3 query's
 * (cql3/cq3-private.h defines their types); @cql6 and @position point to
 * the other kinds of query, whose types only their rooms know.
 */
struct _CqQuery {
  char            *filename;
  /* The text compiled (cq_query_get_text()); NULL for a position search. */
  char            *text;
  char            *dirname;
  char            *pgn;
  char           **pgn_files;   /* every file of `:pgn`, @pgn first */
  char            *output;
  guint            n_filters;
  CqGameFilter    *filters;
  guint            n_lists;
  CqPositionList **lists;
  /* :forany (R11): tag names and the designators their pieces range over
   * (piece sets only: squares are ignored). */
  guint            n_tags;
  char            *tag_names[CQ_MAX_TAGS];
  guint16          tag_pieces[CQ_MAX_TAGS];
  /* :accumulate / :sumrange names, in order of first appearance (R8). */
  GPtrArray       *accumulators;
  /* Derived: some list examines variations (the positions :forany looks
   * at for "eventually matches"). */
  gboolean         any_variations;
  /* Derived: some list or relation examines variations
   * (cq_query_reads_only_mainline()). */
  gboolean         reads_variations;
  /* Derived: a game filter (:player, :result, :year, :gamenumber) or a
   * list's :elo or :result: the query reads a game's tags or number, not
   * only its tree (cq_query_reads_only_tree()). */
  gboolean         reads_game_data;
  /* Derived: some list has a :gappedsequence (cql3/cq3-eval.c keeps a table). */
  gboolean         any_gapped;
  /* Some position list, at any depth, has :markall (cq_query_marks_all()). */
  gboolean         any_markall;
  /* A CQL 6 query (cql6/cq6-private.h): then only the members above from
   * @filename to @output are used, the rest stays empty. */
  struct _Cq6Program *cql6;
  /* A position search (cq_query_new_for_position(), anticipate/):
   * then only @filename is used, the rest stays empty. */
  struct _CqAnticipation *position;
};

/* ------------------------------------------------------------------ */
/* Entry points of each kind of query, for cq-query.c                  */

/* CQL 3 (cql3/).  _cq3_query_read() reads and compiles @text into @query
 * (its filename and dirname already set); _cq3_query_clear() frees what
 * it put there.  _cq3_accepts_tags() and _cq3_match_game() are
 * cq_query_accepts_tags() and cq_query_match_game() for a CQL 3 query;
 * @out (nullable) receives the #CqMatchedPosition entries, emptied when
 * the game does not match. */
gboolean _cq3_query_read    (CqQuery *query, const char *text, gsize len, GError **error);
void     _cq3_query_clear   (CqQuery *query);
gboolean _cq3_accepts_tags  (const CqQuery *query, const CqGame *game);
gboolean _cq3_match_game    (const CqQuery *query, CqGame *game, GArray *out);
/* cq_query_get_index_condition() for a CQL 3 query (cq3-index.c). */
CqIndexCondition *_cq3_index_condition (const CqQuery *query);
/* TRUE if a `:gamenumber` game filter reads the games' numbers. */
gboolean _cq3_reads_game_number (const CqQuery *query);
/* Appends to @names the tags a CQL 3 text declares with `:forany`, read
 * as the list reader reads a text being typed (cq3-info.c). */
void     _cq3_list_names    (const char *text, gssize len, GPtrArray *names);

/* CQL 6 (cql6/). */

/* TRUE if the first token of @text (after comments and white space) is
 * the word `cql`: the text is CQL 6 (docs/cql6.md "Dialect"). */
gboolean    _cq6_text_is_cql6   (const char *text, gsize len);

/* The folder a CQL 6 query's `readfile` and `writefile` are confined to
 * (cq6-files.c).  _cq6_files_new(): @dir must be a folder (its real path
 * is kept), else NULL with CQ_QUERY_ERROR_IO; @query_name names the query
 * in run-time errors.  _cq6_files_protect(): @path is never written by
 * `writefile` (cq_query_protect_file()).  _cq6_files_error(): the first
 * run-time error of the filters, or NULL (cq_query_get_run_error()). */
typedef struct _Cq6Files Cq6Files;
Cq6Files     *_cq6_files_new     (const char *dir, const char *query_name, GError **error);
void          _cq6_files_free    (Cq6Files *files);
void          _cq6_files_protect (Cq6Files *files, const char *path);
const GError *_cq6_files_error   (const Cq6Files *files);

/* Reads @text into a program (cq6-parser.c); NULL with a
 * CQ_QUERY_ERROR ("FILE:LINE:COLUMN: message") on failure.  @files
 * (nullable, taken, freed on failure): the folder that allows `readfile`
 * and `writefile`; without one they are CQ_QUERY_ERROR_FILES. */
Cq6Program *_cq6_program_read   (const char *text, gsize len, const char *filename,
                                 Cq6Files *files, GError **error);
void        _cq6_program_free   (Cq6Program *program);
/* The program's folder for its files (nullable, owned by @prog), and
 * whether the body uses `readfile` or `writefile`. */
Cq6Files   *_cq6_program_files  (const Cq6Program *prog);
gboolean    _cq6_program_uses_files (const Cq6Program *prog);

/* Appends to @names the names a CQL 6 text declares (variables, loop
 * variables, functions, echo positions), from its tokens (cq6-info.c). */
void        _cq6_list_names     (const char *text, gssize len, GPtrArray *names);

/* cq6-keywords.c: {word, description, ...}, NULL-ended (static). */
const char *const *_cq6_keywords (void);

/* The header's answers: input and output files as written (nullable);
 * the text of the mark comment ("" when quiet or silent); whether some
 * variable is persistent; the number of sort keys.  Then the switch
 * that makes the body look at variations too. */
const char *_cq6_program_input           (const Cq6Program *prog);
const char *_cq6_program_output          (const Cq6Program *prog);
const char *_cq6_program_mark_text       (const Cq6Program *prog);
gboolean    _cq6_program_get_silent      (const Cq6Program *prog);
gboolean    _cq6_program_get_quiet       (const Cq6Program *prog);
gboolean    _cq6_program_has_persistent  (const Cq6Program *prog);
/* TRUE if every persistent variable is a number that the query only adds
 * to or takes from (`x += F`, `x -= F`, F naming no persistent variable):
 * its value after a search is the sum of what each game added. */
gboolean    _cq6_program_persistent_additive (const Cq6Program *prog);
guint       _cq6_program_get_n_sort_keys (const Cq6Program *prog);
void        _cq6_program_set_variations  (Cq6Program *prog, gboolean variations);
/* `lastgamenumber` (cq6-edits.c): whether the query reads it; gives it
 * the value @n (at most the header's gamenumber range's end). */
gboolean    _cq6_program_uses_last_game_number (const Cq6Program *prog);
/* Whether a `gamenumber` filter or header range reads the game's number. */
gboolean    _cq6_program_reads_game_number (const Cq6Program *prog);
void        _cq6_program_set_last_game_number  (const Cq6Program *prog, gint64 n);

/* The output part's answers (cq6-output.c): see
 * cq_query_get_persistent(), cq_query_compare_sort_values(),
 * cq_query_format_sort_labels(). */
char      **_cq6_persistent_text     (const Cq6Program *prog);
int         _cq6_compare_sort_values (const Cq6Program *prog, const CqSortValue *a,
                                      const CqSortValue *b);
char       *_cq6_format_sort_labels  (const Cq6Program *prog, const CqSortValue *values);
const char *_cq6_sort_label          (const Cq6Program *prog, guint key, gboolean *min);

/* Runs the header's game filters on @game's tags (no moves read). */
gboolean    _cq6_accepts_tags   (const Cq6Program *program, const CqGame *game);

/* Evaluates the body at every position examined; fills @info with the
 * matched positions (#CqMatchedPosition, sorted), the comments and the
 * sort values.  Returns TRUE if the game matches (matchcount satisfied). */
gboolean    _cq6_match_game     (const Cq6Program *program, CqGame *game, CqMatchInfo *info);

/* cq_query_get_index_condition() for a CQL 6 query (cq6-index.c). */
CqIndexCondition *_cq6_index_condition (const Cq6Program *program);
/* Whether @program reads nothing of a game but the positions and moves of
 * its tree (cq_query_reads_only_tree()): a whitelist of filter kinds, in
 * cql6/cq6-index.c. */
gboolean          _cq6_reads_only_tree (const Cq6Program *program);
gboolean          _cq6_reads_only_mainline (const Cq6Program *program);

/* The position search (anticipate/): the images of a searched position
 * and their test on every position of a game.
 * _cq_anticipation_match_game() appends a #CqMatchedPosition per
 * matching node, in node order, to @out (nullable) and returns TRUE if
 * any node matched. */
void     _cq_anticipation_free       (CqAnticipation *anticipation);
gboolean _cq_anticipation_match_game (const CqAnticipation *anticipation,
                                      const CqGame         *game,
                                      GArray               *out);
/* cq_query_get_index_condition() for a position search
 * (cq-anticipate-index.c). */
CqIndexCondition *_cq_anticipation_index_condition (const CqAnticipation *anticipation);

G_END_DECLS
