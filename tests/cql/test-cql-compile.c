/* test-cql-compile.c: the CQL reader and compiler (manual "CQL Syntax",
 * "Piece designators", "Square designators", "The match list", "The
 * Position List"; rulings R13).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cql/cq-query.h"
#include "cql/cql3/cq3-private.h"

/* ------------------------------------------------------------------ */
/* Errors: exact code and "FILE:LINE:COLUMN: message".                 */

typedef struct {
  const char *name;
  const char *text;
  CqQueryError code;
  const char *message;
} ErrorCase;

static const ErrorCase error_cases[] = {
  /* manual "CQL Syntax": exactly one match list */
  { "syntax/empty-file", "", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:1: empty query: expected a match list `(match ...)`" },
  { "syntax/only-comment", "; nothing here\n", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:2:1: empty query: expected a match list `(match ...)`" },
  { "syntax/unclosed-paren", "(match :pgn a.pgn\n  (position Ra1)\n", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:1: this '(' is never closed: expected ')' before the end of the text" },
  { "syntax/unclosed-inner-paren", "(match\n  (position Ra1\n  (position Qd1))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:1: this '(' is never closed: expected ')' before the end of the text" },
  { "syntax/unclosed-paren-innermost", "(match (position Ra1)\n  (position Qd1 ; comment )",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:2:3: this '(' is never closed: expected ')' before the end of the text" },
  { "syntax/extra-close-paren", "(match (position Ra1)))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: unexpected ')': no '(' is open here" },
  { "syntax/text-after-match-list", "(match (position))\n(position)", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:2:1: text after the match list: found a list `(position ...)`, expected the end "
    "of the file (a CQL file holds exactly one match list)" },
  { "syntax/word-after-match-list", "(match (position)) out.pgn", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:20: text after the match list: found `out.pgn`, expected the end "
    "of the file (a CQL file holds exactly one match list)" },
  { "syntax/no-position-list", "(match :pgn a.pgn\n)", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:2:1: the match list has no position list: expected at least one "
    "`(position ...)` before ')'" },
  { "syntax/position-list-at-top", "(position Ra1)", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:1: a position list must stand inside the match list: "
    "`(match :pgn FILE (position ...))`" },
  { "syntax/bare-word", "match", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:1: expected a match list `(match ...)`, found `match`" },
  { "syntax/misspelt-match", "(mach (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:2: expected `match` at the start of the match list, found `mach`; "
    "did you mean `match`?" },
  { "syntax/misspelt-position", "(match (positon Ra1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:9: expected `position` at the start of a position list, found `positon`; "
    "did you mean `position`?" },
  { "syntax/empty-list", "(match () (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:8: empty list `()`: expected a position list `(position ...)`" },
  { "syntax/nested-match", "(match (match (position)))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:8: a match list cannot stand inside the match list: "
    "a CQL file holds exactly one match list" },
  { "syntax/word-in-match-list", "(match heijden.pgn (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:8: expected a keyword or a position list `(position ...)` in the match "
    "list, found `heijden.pgn`" },
  { "syntax/list-in-position-list", "(match (position Ra1 (position Qd1)))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:22: found a list `(position ...)` where a keyword or a piece designator was "
    "expected: a list may only follow a keyword that takes one" },
  { "syntax/pgn-without-argument", "(match (position) :pgn)", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: keyword ':pgn' expects a file name, found ')'" },
  { "syntax/pgn-with-list-argument", "(match :pgn (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:13: keyword ':pgn' expects a file name, found a list `(position ...)`" },
  { "syntax/output-with-keyword-argument", "(match :output :pgn a.pgn (position))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:16: keyword ':output' expects a file name, found `:pgn`" },
  { "syntax/too-deep", "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((",
    CQ_QUERY_ERROR_SYNTAX, "t.cql:1:65: lists nested deeper than 64 levels" },
  /* quoted strings (an extension, for names with spaces) */
  { "syntax/unclosed-quote", "(match :player \"Kasp (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:16: this '\"' is never closed: expected '\"' before the end of the line" },
  { "syntax/quote-ends-at-line-end", "(match :player \"van\n der\" (position))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:16: this '\"' is never closed: expected '\"' before the end of the line" },
  { "syntax/quoted-designator", "(match (position \"Ra1\"))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:18: found the quoted string `\"Ra1\"` where a keyword or a piece designator was "
    "expected: quotes are for names (:player, :pgn, :output)" },
  { "syntax/quoted-range", "(match :year \"1990\" (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:14: keyword ':year' expects a range (one or two integers), found the quoted "
    "string `\"1990\"`" },
  { "syntax/column-after-quoted-string", "(match :player \"\xc3\xa9 (x)\" (position :chek))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD, "t.cql:1:34: unknown keyword ':chek'; did you mean ':check'?" },
  /* columns count characters (UTF-8), tabs count one, CRLF is one line end */
  { "syntax/column-in-characters", "(match :pgn \xc3\xa9t\xc3\xa9.pgn (position :chek))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:31: unknown keyword ':chek'; did you mean ':check'?" },
  { "syntax/tab-and-crlf", "(match\r\n\t(position\t:chek))", CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:2:12: unknown keyword ':chek'; did you mean ':check'?" },
  { "syntax/latin1-text", "(match :pgn caf\xe9.pgn (position :chek))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:32: unknown keyword ':chek'; did you mean ':check'?" },

  /* keywords */
  { "keyword/unknown-with-suggestion", "(match (position :stalemat))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:18: unknown keyword ':stalemat'; did you mean ':stalemate'?" },
  { "keyword/unknown-several-suggestions", "(match (position :mov))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:18: unknown keyword ':mov'; did you mean ':movefrom', ':moveto' or ':movenumber'?" },
  { "keyword/unknown-cut-off", "(match (position :flipdiag))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:18: unknown keyword ':flipdiag'; did you mean ':flipdiagonal'?" },
  { "keyword/unknown-flipoffdiagonal", "(match (position :flipoffdiagonal))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:18: unknown keyword ':flipoffdiagonal'; did you mean ':flipdiagonal'?" },
  { "keyword/unknown-ties", "(match (position :pos))", CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:18: unknown keyword ':pos'; did you mean ':pgn', ':or' or ':not'?" },
  { "keyword/unknown-far", "(match (position :zzzzzzzzzzzzz))", CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:18: unknown keyword ':zzzzzzzzzzzzz': the CQL 3 manual defines no such keyword" },
  { "keyword/case-matters", "(match (position :Mate))", CQ_QUERY_ERROR_UNKNOWN_KEYWORD,
    "t.cql:1:18: unknown keyword ':Mate'; did you mean ':mate'?" },
  /* the keywords that look across positions (sequences, counts,
   * :relation, accumulators, tags): their arguments are checked like the
   * others' */
  { "keyword/sequence-not-a-list-of-lists", "(match (position :sequence (position)))",
    CQ_QUERY_ERROR_SYNTAX, "t.cql:1:28: keyword ':sequence' expects a list of position lists: "
    "write `((position ...))`, with the position lists inside a list" },
  { "keyword/matchcount-without-range", "(match (position :moveto [Qq] :matchcount))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:42: keyword ':matchcount' expects a range (one or two integers), found ')'" },
  { "keyword/relation-not-a-list", "(match (position :relation :pattern))",
    CQ_QUERY_ERROR_SYNTAX, "t.cql:1:28: keyword ':relation' expects a relation specification "
    "such as `(:missingpiececount A 1 10)`, found `:pattern`" },
  { "keyword/accumulate-without-name", "(match (position Pd2 :shift :accumulate))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:40: keyword ':accumulate' expects the name of an accumulator, found ')'" },
  { "keyword/tagmatch-undefined-tag", "(match (position :tagmatch foo P))",
    CQ_QUERY_ERROR_SEMANTIC, "t.cql:1:28: the tag 'foo' is not defined: define it in the "
    "match list with `:forany foo DESIGNATOR`" },
  { "keyword/forany-without-designator", "(match :forany rook (position $rook[a1]))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:21: keyword ':forany' expects a piece designator, found a list `(position ...)`" },
  { "keyword/matchcount-in-nested-list", "(match (position :or ((position Ra1) (position\n"
    "  :matchcount 1))))",
    CQ_QUERY_ERROR_SEMANTIC, "t.cql:2:3: keyword ':matchcount' may only stand in a position "
    "list at the top level of the match list (rulings R8)" },
  { "keyword/pgn-in-position-list", "(match (position :pgn x.pgn))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:18: keyword ':pgn' belongs in the match list, not in a position list" },
  { "keyword/year-in-position-list", "(match (position :year 1990))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:18: keyword ':year' belongs in the match list, not in a position list" },
  { "keyword/check-in-match-list", "(match :check (position))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:8: keyword ':check' belongs in a position list, not in the match list" },
  { "keyword/shift-in-match-list", "(match :shift (position))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:8: keyword ':shift' belongs in a position list or a :relation specification, "
    "not in the match list" },
  { "keyword/pattern-in-position-list", "(match (position :pattern))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:18: keyword ':pattern' belongs in a :relation specification, not in a position list" },
  { "keyword/pgn-twice", "(match :pgn a.pgn\n :pgn b.pgn (position))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:2:2: keyword ':pgn' is given twice (first at 1:8)" },
  { "keyword/output-equals-pgn", "(match :pgn a.pgn :output a.pgn (position))",
    CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:19: ':output' names the same file as ':pgn' (a.pgn): the games searched "
    "would be overwritten" },
  { "keyword/output-equals-pgn-other-spelling",
    "(match :pgn a.pgn :output ./sub/../a.pgn (position))",
    CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:19: ':output' names the same file as ':pgn' (a.pgn): the games searched "
    "would be overwritten" },

  /* manual "Piece designators", "Square designators"; rulings R13 */
  { "designator/R13-Re8-typo", "(match (position :noannotate [Re8]))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:30: `[Re8]`: 'e' is not a piecetype; did you mean `Re8`?" },
  { "designator/bracket-square-slip", "(match (position [RBa1]))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:18: `[RBa1]`: '1' is not a piecetype; did you mean `[RB]a1`?" },
  { "designator/bad-piecetype-in-set", "(match (position [RX]a1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:20: `[RX]a1`: 'X' is not a piecetype (expected one of "
    "K Q R B N P k q r b n p . A a M m I i U ?)" },
  { "designator/bad-piecetype", "(match (position Xa1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:18: `Xa1` is not a piece designator: expected a piecetype "
    "(K Q R B N P k q r b n p . A a M m I i U ?) or '[', found 'X'" },
  { "designator/bare-square", "(match (position d4))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:18: `d4` is not a piece designator: it needs a piecetype first; "
    "did you mean `?d4` (anything) or `.d4` (empty)?" },
  { "designator/empty-piecetype-set", "(match (position []a1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:18: `[]a1`: empty piecetype set '[]': expected piecetypes such as [RQ] "
    "(K Q R B N P k q r b n p . A a M m I i U ?)" },
  { "designator/unclosed-piecetype-set", "(match (position [RQa1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:18: `[RQa1`: this '[' of a piecetype set is never closed: expected ']'" },
  { "designator/bad-rank", "(match (position Ra9))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:20: `Ra9`: expected a rank (1-8 or '?') after the file, found '9'" },
  { "designator/bad-file", "(match (position Rj1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:19: `Rj1`: expected a square designator (a file a-h or '?', then a rank 1-8 "
    "or '?'), found 'j'" },
  { "designator/bad-file-range", "(match (position R[a-91]))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:22: `R[a-91]`: expected a file (a-h) after '-' in a file range, found '9'" },
  { "designator/bad-rank-range", "(match (position R[a1-x]))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: `R[a1-x]`: expected a rank (1-8) after '-' in a rank range, found 'x'" },
  { "designator/unclosed-square-list", "(match (position R[a1,c4))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:25: `R[a1,c4`: expected ',' or ']' in the square list, found the end of the "
    "designator" },
  { "designator/trailing-comma", "(match (position R[a1,]))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: `R[a1,]`: expected a square designator (a file a-h or '?', then a rank 1-8 "
    "or '?'), found ']'" },
  { "designator/unbracketed-list", "(match (position [RQ]a1,h8))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:24: `[RQ]a1,h8`: a list of square designators must be in brackets: "
    "`[RQ][a1,h8]`" },
  { "designator/trailing-text", "(match (position Ra3x))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:21: `Ra3x`: unexpected 'x' after the square designator" },
  { "designator/text-after-bracket", "(match (position R[a1]b2))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: `R[a1]b2`: unexpected 'b' after the square designator" },
  /* wrong use of each position-list keyword: missing argument, bad range,
   * bad designator, all with file:line:column (rulings R13) */
  { "args/piececount-missing-designator", "(match (position :piececount))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:29: keyword ':piececount' expects a piece designator, found ')'" },
  { "args/piececount-missing-range", "(match (position :piececount R))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:31: keyword ':piececount' expects a range (one or two integers), found ')'" },
  { "args/piececount-keyword-for-range", "(match (position :piececount R :mate))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:32: keyword ':piececount' expects a range (one or two integers), found `:mate`" },
  { "args/piececount-range-for-designator", "(match (position :piececount 2))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:30: keyword ':piececount' expects a piece designator, found `2`" },
  { "args/piececount-bad-range-order", "(match (position\n  :piececount R 5 2))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:2:19: keyword ':piececount': bad range `5 2`: the first integer must not exceed the "
    "second" },
  { "args/piececount-not-an-integer", "(match (position :piececount R 1x))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:32: keyword ':piececount': bad range: `1x` is not an integer" },
  { "args/piececount-huge-integer", "(match (position :piececount R 1 99999999999999999999))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:34: keyword ':piececount': bad range: `99999999999999999999` is out of range "
    "(at most 1000000000000 either way)" },
  { "args/power-R13-typo", "(match (position :power [Re8] 5))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:25: `[Re8]`: 'e' is not a piecetype; did you mean `Re8`?" },
  { "args/powerdifference-missing-range", "(match (position :powerdifference U\n))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:2:1: keyword ':powerdifference' expects a range (one or two integers), found ')'" },
  { "args/powerdifference-list", "(match (position :powerdifference (U) 1))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:35: keyword ':powerdifference' expects a piece designator, found a list "
    "`(U ...)`" },
  { "args/attackcount-one-designator", "(match (position :attackcount A 2))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:33: keyword ':attackcount' expects two piece designators (attackers, then "
    "attacked squares), found `2`" },
  { "args/attackcount-nothing", "(match (position :attackcount))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:30: keyword ':attackcount' expects a piece designator, found ')'" },
  { "args/attackcount-no-range", "(match (position :attackcount A k))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:34: keyword ':attackcount' expects a range (one or two integers), found ')'" },
  { "args/attackcount-bad-target", "(match (position :attackcount A k9 1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:34: `k9`: expected a square designator (a file a-h or '?', then a rank 1-8 or "
    "'?'), found '9'" },
  { "args/ray-not-a-list", "(match (position :ray k Q))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: keyword ':ray' expects a ray specifier: a list of piece designators such as "
    "`(Q n k)`, found `k`" },
  { "args/ray-missing", "(match (position :rayattack))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:28: keyword ':rayattack' expects a ray specifier: a list of piece designators "
    "such as `(Q n k)`, found ')'" },
  { "args/ray-one-designator", "(match (position :raydiagonal (k)))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:31: keyword ':raydiagonal': a ray specifier needs at least two piece designators, "
    "found 1" },
  { "args/ray-too-long", "(match (position :ray (Q . . . . . . . k)))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:40: keyword ':ray': a ray runs over at most 8 squares, so a ray specifier has at "
    "most 8 piece designators; this one has 9" },
  { "args/ray-keyword-inside", "(match (position :rayorthogonal (R :mate k)))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:36: keyword ':rayorthogonal': expected a piece designator in the ray specifier, "
    "found `:mate`" },
  { "args/ray-bad-designator", "(match (position :rayvertical (R[a1-8] b k0)))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:43: `k0`: expected a square designator (a file a-h or '?', then a rank 1-8 or "
    "'?'), found '0'" },
  { "args/ray-bad-range", "(match (position :rayhorizontal (K . . k) 4 2))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:45: keyword ':rayhorizontal': bad range `4 2`: the first integer must not exceed "
    "the second" },
  { "args/movefrom-missing", "(match (position :movefrom))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:27: keyword ':movefrom' expects a piece designator, found ')'" },
  { "args/moveto-bare-square", "(match (position :moveto d4))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:26: `d4` is not a piece designator: it needs a piecetype first; did you mean "
    "`?d4` (anything) or `.d4` (empty)?" },
  { "args/promote-R13-typo", "(match\n (position :promote [Re8] :movefrom Pf7 :moveto q))",
    CQ_QUERY_ERROR_SYNTAX, "t.cql:2:21: `[Re8]`: 'e' is not a piecetype; did you mean `Re8`?" },
  { "args/promote-keyword", "(match (position :promote :movefrom Pf7))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:27: keyword ':promote' expects a piece designator, found `:movefrom`" },
  { "args/enpassant-takes-no-argument", "(match (position :enpassant 1))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:29: found the number `1` where a keyword or a piece designator was expected: a "
    "range may only follow a keyword that takes one" },
  { "args/shift-takes-no-argument", "(match (position Ra1 :shift -2))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:29: found the number `-2` where a keyword or a piece designator was expected: a "
    "range may only follow a keyword that takes one" },
  { "args/piececount-three-integers", "(match (position :piececount R 1 2 3))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:36: found the number `3` where a keyword or a piece designator was expected: a "
    "range may only follow a keyword that takes one" },
  { "args/movenumber-missing", "(match (position :movenumber :check))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:30: keyword ':movenumber' expects a range (one or two integers), found `:check`" },
  { "args/movenumber-bad-range", "(match (position :movenumber 20 10 :check))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:33: keyword ':movenumber': bad range `20 10`: the first integer must not exceed "
    "the second" },
  { "args/and-single-list", "(match (position :and (position Ne2)))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: keyword ':and' expects a list of position lists: write `((position ...))`, "
    "with the position lists inside a list" },
  { "args/and-empty", "(match (position :and ()))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: keyword ':and' expects a list of position lists `((position ...) ...)`, found "
    "an empty list `()`" },
  { "args/or-designator", "(match (position :or Ne2))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:22: keyword ':or' expects a list of position lists `((position ...) ...)`, found "
    "`Ne2`" },
  { "args/or-missing", "(match (position :or))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:21: keyword ':or' expects a list of position lists `((position ...) ...)`, found "
    "')'" },
  { "args/or-word-in-list", "(match (position :or ((position) Ne2)))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:34: keyword ':or': expected a position list `(position ...)`, found `Ne2`" },
  { "args/and-nested-error", "(match (position :and ((position Ke2)\n (position :chek))))",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD, "t.cql:2:12: unknown keyword ':chek'; did you mean ':check'?" },
  { "args/and-nested-not-position", "(match (position :and ((positon Ke2))))",
    CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:25: expected `position` at the start of a position list, found `positon`; did you "
    "mean `position`?" },
  { "args/not-twice", "(match (position Ra3 :not :not))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:27: keyword ':not' is given twice in one position list (first at 1:22)" },
  { "args/result-bad", "(match (position :result 2-0))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:26: keyword ':result' expects a result (1-0, 0-1, 1/2-1/2 or 1/2), found `2-0`" },
  { "args/result-missing-in-match", "(match (position) :result)", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:26: keyword ':result' expects a result (1-0, 0-1, 1/2-1/2 or 1/2), found ')'" },
  { "args/result-star", "(match :result * (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:16: keyword ':result' expects a result (1-0, 0-1, 1/2-1/2 or 1/2), found `*`" },
  { "args/elo-not-a-number", "(match (position :elo high))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:23: keyword ':elo' expects a range (one or two integers), found `high`" },
  { "args/whiteelo-missing", "(match (position :whiteelo))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:27: keyword ':whiteelo' expects a range (one or two integers), found ')'" },
  { "args/blackelo-bad-range", "(match (position :blackelo 3000 2600))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:33: keyword ':blackelo': bad range `3000 2600`: the first integer must not exceed "
    "the second" },
  { "args/elo-in-match-list", "(match :elo 2600 (position))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:8: keyword ':elo' belongs in a position list, not in the match list" },
  { "args/year-missing", "(match :year (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:14: keyword ':year' expects a range (one or two integers), found a list "
    "`(position ...)`" },
  { "args/year-bad-range", "(match :year 2000 1934 (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:19: keyword ':year': bad range `2000 1934`: the first integer must not exceed the "
    "second" },
  { "args/gamenumber-word", "(match :gamenumber ten (position))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:20: keyword ':gamenumber' expects a range (one or two integers), found `ten`" },
  { "args/player-missing", "(match (position) :player)", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:26: keyword ':player' expects a player's name (or part of it), found ')'" },
  { "args/player-in-position-list", "(match (position :player costeff))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:18: keyword ':player' belongs in the match list, not in a position list" },
  { "args/transform-set-too-large",
    "(match (position :shift :flip :flipcolor Ra1 :and ((position Ra1 kb3 :shift :flip "
    ":flipcolor))))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:8: the transform sets of the position lists would make more than 5000000 "
    "instances and piece designators in all (transforms in nested lists multiply with those of "
    "the lists that hold them): use fewer transform keywords or designators" },
  { "designator/tag-undefined", "(match (position $foo[a1,d4]))", CQ_QUERY_ERROR_SEMANTIC,
    "t.cql:1:18: `$foo[a1,d4]`: the tag 'foo' is not defined: define it in the match list "
    "with `:forany foo DESIGNATOR`" },
  { "designator/tag-squares-without-brackets", "(match :forany foo P (position $foo a1))",
    CQ_QUERY_ERROR_SYNTAX, "t.cql:1:38: `a1`: expected a square designator (a file a-h or "
    "'?', then a rank 1-8 or '?'), found '1'" },
  { "designator/tag-in-set", "(match (position [R$foo]))", CQ_QUERY_ERROR_SYNTAX,
    "t.cql:1:20: `[R$foo]`: a tag cannot stand inside a piecetype set: write `$name[squares]`" },
};

static void
test_error_case (gconstpointer data)
{
  const ErrorCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (c->text, "t.cql", &error);

  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, (int) c->code);
  g_assert_cmpstr (error->message, ==, c->message);
}

/* Without a file name the messages say "<query>". */
static void
test_error_default_filename (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string ("(match (position :chek))", NULL, &error);

  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_UNKNOWN_KEYWORD);
  g_assert_cmpstr (error->message, ==,
                   "<query>:1:18: unknown keyword ':chek'; did you mean ':check'?");
}

/* ------------------------------------------------------------------ */
/* Files: IO errors, NUL bytes, relative :pgn / :output.               */

static void
test_file_io_error (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_file ("/nonexistent/dir/q.cql", &error);

  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message,
                                   "/nonexistent/dir/q.cql: cannot read the query file: "));
}

static void
test_file_nul_byte (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cql-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "nul.cql", NULL);
  g_autofree char *expected = NULL;
  static const char data[] = "(match\n  (position\0 Ra1))";
  g_autoptr(CqQuery) query = NULL;

  g_assert_true (g_file_set_contents (path, data, sizeof data - 1, NULL));
  query = cq_query_new_from_file (path, &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
  expected = g_strdup_printf ("%s:2:12: NUL byte in the query text: a CQL file is text", path);
  g_assert_cmpstr (error->message, ==, expected);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_file_fixture (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *output = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;

  if (fixtures == NULL)
    {
      g_test_skip ("EXCELSIOR_FIXTURES is not set");
      return;
    }
  path = g_build_filename (fixtures, "cql", "copy-all.cql", NULL);
  query = cq_query_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (query);
  g_assert_cmpstr (cq_query_get_pgn (query), ==, "games/heijden.pgn");
  g_assert_cmpstr (cq_query_get_output (query), ==, "/tmp/out.pgn");

  dir = g_path_get_dirname (path);
  pgn = cq_query_resolve_path (query, cq_query_get_pgn (query));
  expected = g_build_filename (dir, "games/heijden.pgn", NULL);
  g_assert_cmpstr (pgn, ==, expected);
  output = cq_query_resolve_path (query, cq_query_get_output (query));
  g_assert_cmpstr (output, ==, "/tmp/out.pgn");
  g_assert_null (cq_query_resolve_path (query, NULL));
}

/* The manual's comment example ("Comments in a CQL file"). */
static void
test_syntax_comments (void)
{
  static const char text[] =
    "; A CQL file that copies input to output\n"
    "(match \n"
    "   :pgn heijden.pgn ; the PGN file to be copies\n"
    "   :output out.pgn  ; where to write it\n"
    "   (position)        ;  a position filter matching anything\n"
    ")\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, NULL, &error);
  g_autofree char *resolved = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (cq_query_get_pgn (query), ==, "heijden.pgn");
  g_assert_cmpstr (cq_query_get_output (query), ==, "out.pgn");
  g_assert_cmpuint (query->n_lists, ==, 1);
  g_assert_cmpuint (query->lists[0]->n_instances, ==, 1);
  g_assert_cmpuint (query->lists[0]->instances[0].n_designators, ==, 0);
  g_assert_cmpuint (query->lists[0]->instances[0].conditions, ==, 0);
  g_assert_cmpuint (query->lists[0]->line, ==, 5);
  g_assert_cmpuint (query->lists[0]->column, ==, 4);
  /* no query file: names stay as written */
  resolved = cq_query_resolve_path (query, "heijden.pgn");
  g_assert_cmpstr (resolved, ==, "heijden.pgn");
}

/* A missing :pgn is allowed at compile time (the CLI may give -i); the
 * semicolon ends a string too. */
static void
test_match_list_without_pgn (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query =
    cq_query_new_from_string ("(match(position Ra1;comment\n)(position :mate))", "q/x.cql", &error);
  g_autofree char *resolved = NULL;

  g_assert_no_error (error);
  g_assert_null (cq_query_get_pgn (query));
  g_assert_null (cq_query_get_output (query));
  g_assert_cmpuint (query->n_lists, ==, 2);
  g_assert_cmpuint (query->lists[0]->instances[0].n_designators, ==, 1);
  g_assert_cmphex (query->lists[0]->instances[0].designators[0].squares, ==, 0x1);
  g_assert_cmpuint (query->lists[1]->instances[0].conditions, ==, CQ_COND_MATE);
  resolved = cq_query_resolve_path (query, "db.pgn");
  g_assert_cmpstr (resolved, ==, "q/db.pgn");
}

/* ------------------------------------------------------------------ */
/* Piece designators: exact masks and square sets.                     */

#define W(p) CQ_PIECE_BIT (CQ_W##p)
#define BL(p) CQ_PIECE_BIT (CQ_B##p)

typedef struct {
  const char *text;
  guint16     pieces;
  guint64     squares;
} DesignatorCase;

static const DesignatorCase designator_cases[] = {
  /* manual "Examples of piece designators" */
  { "Ra2", W (R), G_GUINT64_CONSTANT (0x100) },
  { "bc1", BL (B), G_GUINT64_CONSTANT (0x4) },
  { "[Rb]d1", W (R) | BL (B), G_GUINT64_CONSTANT (0x8) },
  { "[Qr][d1,h3]", W (Q) | BL (R), G_GUINT64_CONSTANT (0x800008) },
  /* "Allowed piecetype designators" with an empty square designator */
  { "K", 0x0040, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "Q", 0x0020, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "R", 0x0010, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "B", 0x0008, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "N", 0x0004, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "P", 0x0002, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "k", 0x1000, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "q", 0x0800, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "r", 0x0400, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "b", 0x0200, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "n", 0x0100, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "p", 0x0080, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { ".", 0x0001, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "A", 0x007E, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "a", 0x1F80, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "M", 0x0030, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "m", 0x0C00, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "I", 0x000C, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "i", 0x0300, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "U", 0x1FFE, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "?", 0x1FFF, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  /* "Square designators": simple, '?' file / rank */
  { "bb3", 0x0200, G_GUINT64_CONSTANT (0x20000) },
  { "P?1", 0x0002, G_GUINT64_CONSTANT (0xFF) },
  { "Pa?", 0x0002, G_GUINT64_CONSTANT (0x0101010101010101) },
  { "U??", 0x1FFE, G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF) },
  { "??8", 0x1FFF, G_GUINT64_CONSTANT (0xFF00000000000000) },
  /* "Examples of compound square designators" */
  { "R[a-c1]", 0x0010, G_GUINT64_CONSTANT (0x7) },
  { "R[b3-5]", 0x0010, G_GUINT64_CONSTANT (0x202020000) },
  { "R[f-h6-8]", 0x0010, G_GUINT64_CONSTANT (0xE0E0E00000000000) },
  { "R[a1,c4]", 0x0010, G_GUINT64_CONSTANT (0x4000001) },
  { "R[a-h1-2,a8,h8]", 0x0010, G_GUINT64_CONSTANT (0x810000000000FFFF) },
  { "R[]", 0x0010, G_GUINT64_CONSTANT (0) },
  { "k[?4-8]", 0x1000, G_GUINT64_CONSTANT (0xFFFFFFFFFF000000) },
  { "[Rr][a?]", 0x0410, G_GUINT64_CONSTANT (0x0101010101010101) },
  /* "Examples of piece designators" (second set) */
  { "Ia1", 0x000C, G_GUINT64_CONSTANT (0x1) },
  { "R[a-h1-2]", 0x0010, G_GUINT64_CONSTANT (0xFFFF) },
  { "[Ar][a-h1-2,a8,h8]", 0x047E, G_GUINT64_CONSTANT (0x810000000000FFFF) },
  { "[RBNQP][a1,h1,a8,h8]", 0x003E, G_GUINT64_CONSTANT (0x8100000000000081) },
  { "B[]", 0x0008, G_GUINT64_CONSTANT (0) },
  { "[aQBNPK.]a3", 0x1FEF, G_GUINT64_CONSTANT (0x10000) },
  { ".d4", 0x0001, G_GUINT64_CONSTANT (0x8000000) },
  { "id3", 0x0300, G_GUINT64_CONSTANT (0x80000) },
  /* unbracketed file-range + rank-range (manual ":power Aa-h1-4") */
  { "Aa-h1-4", 0x007E, G_GUINT64_CONSTANT (0xFFFFFFFF) },
  { "Ra-c1", 0x0010, G_GUINT64_CONSTANT (0x7) },
  { "Rb3-5", 0x0010, G_GUINT64_CONSTANT (0x202020000) },
  /* a range either way round; duplicates in sets */
  { "R[h-f8-6]", 0x0010, G_GUINT64_CONSTANT (0xE0E0E00000000000) },
  { "[RRr][a1,a1]", 0x0410, G_GUINT64_CONSTANT (0x1) },
};

static void
test_designator_case (gconstpointer data)
{
  const DesignatorCase *c = data;
  g_autoptr(GError) error = NULL;
  CqDesignator d;

  g_assert_true (_cq_designator_parse (c->text, "t.cql", 1, 1, &d, &error));
  g_assert_no_error (error);
  g_assert_cmphex (d.pieces, ==, c->pieces);
  g_assert_cmphex (d.squares, ==, c->squares);
  g_assert_cmpint (d.tag, ==, -1);
}

/* A designator's error column is counted from where it stands. */
static void
test_designator_error_column (void)
{
  g_autoptr(GError) error = NULL;
  CqDesignator d;

  g_assert_false (_cq_designator_parse ("[Qr][d1,i3]", "x.cql", 7, 10, &d, &error));
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==,
                   "x.cql:7:18: `[Qr][d1,i3]`: expected a square designator (a file a-h or "
                   "'?', then a rank 1-8 or '?'), found 'i'");
}

/* "Piece designators inside a position": repeating one has no effect;
 * the compiled list keeps one copy of each, in order. */
static void
test_position_list_designators (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query =
    cq_query_new_from_string ("(match (position R R Q Q) (position .d4 id3 U[a1,h1,a8,h8]))",
                              NULL, &error);
  const CqInstance *a, *b;

  g_assert_no_error (error);
  g_assert_cmpuint (query->n_lists, ==, 2);
  a = &query->lists[0]->instances[0];
  g_assert_cmpuint (a->n_designators, ==, 2);
  g_assert_cmphex (a->designators[0].pieces, ==, W (R));
  g_assert_cmphex (a->designators[1].pieces, ==, W (Q));
  b = &query->lists[1]->instances[0];
  g_assert_cmpuint (b->n_designators, ==, 3);
  g_assert_cmphex (b->designators[0].pieces, ==, CQ_PIECES_EMPTY);
  g_assert_cmphex (b->designators[0].squares, ==, G_GUINT64_CONSTANT (0x8000000));
  g_assert_cmphex (b->designators[1].pieces, ==, BL (B) | BL (N));
  g_assert_cmphex (b->designators[1].squares, ==, G_GUINT64_CONSTANT (0x80000));
  g_assert_cmphex (b->designators[2].pieces, ==, CQ_PIECES_ANY);
  g_assert_cmphex (b->designators[2].squares, ==, G_GUINT64_CONSTANT (0x8100000000000081));
}

/* "Simple keywords in a position list" compile to conditions and options. */
static void
test_simple_keywords_compile (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (
    "(match\n"
    " (position :check :nocheck :mate :stalemate :wtm :btm :initial :terminal)\n"
    " (position :variations :markall)\n"
    " (position :variationsonly :noannotate :mate :mate))", NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (query->n_lists, ==, 3);
  g_assert_cmphex (query->lists[0]->instances[0].conditions, ==,
                   CQ_COND_CHECK | CQ_COND_NOCHECK | CQ_COND_MATE | CQ_COND_STALEMATE
                   | CQ_COND_WTM | CQ_COND_BTM | CQ_COND_INITIAL | CQ_COND_TERMINAL);
  g_assert_cmphex (query->lists[0]->options, ==, CQ_LIST_ROOT_ONLY);
  /* R4: a list that examines variations considers every continuation */
  g_assert_cmphex (query->lists[1]->options, ==,
                   CQ_LIST_VARIATIONS | CQ_LIST_MARKALL | CQ_LIST_ALL_CONTINUATIONS);
  g_assert_cmphex (query->lists[1]->instances[0].conditions, ==, 0);
  g_assert_cmphex (query->lists[2]->options, ==,
                   CQ_LIST_VARIATIONSONLY | CQ_LIST_NOANNOTATE | CQ_LIST_ALL_CONTINUATIONS);
  g_assert_cmphex (query->lists[2]->instances[0].conditions, ==, CQ_COND_MATE);
}

/* ------------------------------------------------------------------ */
/* The keyword table.                                                  */

/* Every keyword the CQL 3.02 manual defines (match list, position list,
 * :relation specification). */
static const char *const manual_keywords[] = {
  ":pgn", ":output", ":year", ":result", ":gamenumber", ":player", ":forany",
  ":mate", ":stalemate", ":wtm", ":btm", ":variations", ":variationsonly", ":initial",
  ":terminal", ":markall", ":check", ":nocheck", ":noannotate",
  ":flipdihedral", ":flip", ":fliphorizontal", ":flipvertical", ":flipcolor",
  ":flipdiagonal", ":shifthorizontal", ":shiftvertical", ":shiftmaindiagonal",
  ":shiftoffdiagonal", ":shiftdiagonal", ":shift",
  ":piececount", ":power", ":powerdifference", ":attackcount", ":ray", ":raydiagonal",
  ":rayhorizontal", ":rayvertical", ":rayorthogonal", ":rayattack",
  ":movefrom", ":moveto", ":promote", ":enpassant", ":noenpassant", ":movenumber",
  ":and", ":or", ":not", ":sequence", ":gappedsequence", ":relation",
  ":elo", ":whiteelo", ":blackelo", ":matchcount", ":pretransformmatchcount",
  ":accumulate", ":sumrange", ":tagmatch",
  ":pattern", ":originaldifferentcount", ":originalsamecount", ":samesidetomove",
  ":changesidetomove", ":ignoresidetomove", ":missingpiececount", ":newpiececount",
};

static void
test_keyword_table (void)
{
  const char *const *pairs = cq_query_keywords ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = 0;

  for (guint i = 0; pairs[i] != NULL; i += 2)
    {
      g_assert_nonnull (pairs[i + 1]);
      g_assert_true (pairs[i][0] == ':');
      g_assert_cmpuint (strlen (pairs[i + 1]), >, 10);
      g_assert_false (g_hash_table_contains (seen, pairs[i]));
      g_hash_table_add (seen, (gpointer) pairs[i]);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (manual_keywords));
  for (guint i = 0; i < G_N_ELEMENTS (manual_keywords); i++)
    {
      if (!g_hash_table_contains (seen, manual_keywords[i]))
        g_error ("keyword %s missing from cq_query_keywords()", manual_keywords[i]);
    }
}

/* Every manual keyword is recognised: alone in a list it compiles, or is
 * rejected as unsupported, misplaced or lacking its arguments, never as
 * unknown. */
static void
test_keyword_all_recognised (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (manual_keywords); i++)
    {
      g_autofree char *in_position =
        g_strdup_printf ("(match (position %s))", manual_keywords[i]);
      /* (:output takes only a name ending in .pgn.) */
      g_autofree char *in_match =
        g_strdup_printf ("(match %s %s (position))", manual_keywords[i],
                         strcmp (manual_keywords[i], ":output") == 0 ? "x.pgn" : "x");
      g_autoptr(GError) e1 = NULL;
      g_autoptr(GError) e2 = NULL;
      g_autoptr(CqQuery) q1 = cq_query_new_from_string (in_position, NULL, &e1);
      g_autoptr(CqQuery) q2 = cq_query_new_from_string (in_match, NULL, &e2);

      if (e1 != NULL)
        g_assert_cmpint (e1->code, !=, CQ_QUERY_ERROR_UNKNOWN_KEYWORD);
      else
        g_assert_nonnull (q1);
      if (e2 != NULL)
        g_assert_cmpint (e2->code, !=, CQ_QUERY_ERROR_UNKNOWN_KEYWORD);
      else
        g_assert_nonnull (q2);
      /* a keyword is accepted in at least one of the two lists, or is a
       * :relation-only keyword */
      if (e1 != NULL && e2 != NULL)
        g_assert_true (e1->code != CQ_QUERY_ERROR_SEMANTIC || e2->code != CQ_QUERY_ERROR_SEMANTIC
                       || strstr (e1->message, ":relation specification") != NULL);
    }
}

/* Random edits of valid queries never crash the reader or the compiler,
 * and every rejection is a CQ_QUERY_ERROR with "t.cql:LINE:COLUMN: ". */
static void
test_random_mutations (void)
{
  static const char *const seeds[] = {
    "(match :pgn a.pgn :output b.pgn (position [RQ][a1-8] q[h1-8] :mate :wtm))",
    "; c\n(match (position .d4 id3 U[a1,h1,a8,h8] :variations :markall)\n (position :initial))",
    "(match (position Pc2 Rc1 :shift :piececount [Rr][a?] 1 3 :sequence ((position) (position))))",
    "(match :year 1900 2000 :player ab (position :ray (Q n k) 2 4 :or ((position :movefrom R\n"
    " :moveto .d4 :not) (position :attackcount A k 2 :flipcolor)) :result 1-0 :flip))",
    "(match (position Ke6 be7 be4 nd5 :shiftvertical :flipcolor :power a -3 9 :promote [BN]a8))",
  };
  static const char alphabet[] = "()[];:,-?.$\" \n\tKQRBNPkqrbnpAaMmIiU18aeh\xc3\xa9\xff";
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260101);
  g_autoptr(GRegex) format = g_regex_new ("^t\\.cql:[0-9]+:[0-9]+: .+", G_REGEX_DOTALL, 0, NULL);
  guint accepted = 0, rejected = 0;

  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr(GString) text = g_string_new (seeds[i % G_N_ELEMENTS (seeds)]);
      guint edits = g_rand_int_range (rand, 1, 4);
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = NULL;

      for (guint e = 0; e < edits; e++)
        {
          guint at = g_rand_int_range (rand, 0, text->len + 1);
          char c = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];

          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0: /* insert */
              g_string_insert_c (text, at, c);
              break;
            case 1: /* delete */
              if (at < text->len)
                g_string_erase (text, at, 1);
              break;
            default: /* replace */
              if (at < text->len)
                text->str[at] = c;
              break;
            }
        }

      query = cq_query_new_from_string (text->str, "t.cql", &error);
      if (query != NULL)
        {
          g_assert_no_error (error);
          g_assert_cmpuint (query->n_lists, >=, 1);
          accepted++;
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == CQ_QUERY_ERROR);
          g_assert_cmpint (error->code, >=, CQ_QUERY_ERROR_SYNTAX);
          g_assert_cmpint (error->code, <=, CQ_QUERY_ERROR_SEMANTIC);
          if (!g_regex_match (format, error->message, 0, NULL))
            g_error ("badly formed message for <%s>: %s", text->str, error->message);
          rejected++;
        }
    }
  g_assert_cmpuint (accepted, >, 0);
  g_assert_cmpuint (rejected, >, 0);
  g_test_message ("%u accepted, %u rejected", accepted, rejected);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CQL_TEST_NONFATAL") != NULL)
    g_test_set_nonfatal_assertions ();

  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql/errors/%s", error_cases[i].name);
      g_test_add_data_func (path, &error_cases[i], test_error_case);
    }
  g_test_add_func ("/cql/errors/default-filename", test_error_default_filename);
  g_test_add_func ("/cql/files/io-error", test_file_io_error);
  g_test_add_func ("/cql/files/nul-byte", test_file_nul_byte);
  g_test_add_func ("/cql/files/fixture-relative-paths", test_file_fixture);
  g_test_add_func ("/cql/syntax/comments", test_syntax_comments);
  g_test_add_func ("/cql/match-list/without-pgn", test_match_list_without_pgn);
  for (guint i = 0; i < G_N_ELEMENTS (designator_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql/piece-designators/%s",
                                               designator_cases[i].text);
      g_test_add_data_func (path, &designator_cases[i], test_designator_case);
    }
  g_test_add_func ("/cql/piece-designators/error-column", test_designator_error_column);
  g_test_add_func ("/cql/position-list/designators-in-a-position", test_position_list_designators);
  g_test_add_func ("/cql/position-list/simple-keywords", test_simple_keywords_compile);
  g_test_add_func ("/cql/keywords/table-complete", test_keyword_table);
  g_test_add_func ("/cql/keywords/all-recognised", test_keyword_all_recognised);
  g_test_add_func ("/cql/errors/random-mutations", test_random_mutations);

  return g_test_run ();
}
