/* cq6-keywords.c: the words of CQL 6 with a one-line description each,
 * for the editor's completion and hover help (docs/cql6.md says more).
 *
 * The reader (cq6-parser.c) reads each of these words.  A word it cannot
 * evaluate yet would carry "(not supported yet)" in its description (none
 * does today).  test-cql6 checks that no word here is unknown to the
 * reader.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

static const char *const cql6_keywords[] = {
  /* The header */
  "cql", "the header: cql(input FILE output FILE variations ...), then the filters",
  "input", "header: the database to search",
  "output", "header: the file that receives the matched games",
  "variations", "header: examine the positions of variations too",
  "matchcount", "header: how many positions of a game must match (N or N M)",
  "matchstring", "header: the comment at matched positions instead of CQL",
  "quiet", "header: no CQL comment at matched positions",
  "silent", "header: no comment added to the games at all",
  /* Logic */
  "and", "both filters match",
  "or", "either filter matches",
  "not", "the filter does not match",
  "if", "if C then F else G: F where C matches, else G",
  "true", "matches every position",
  "false", "matches no position",
  "extension", "matches no position (a word CQL 6.2 keeps for extensions)",
  "in", "X in Y: every square of X is in Y (\"text\" in S: S contains the text)",
  "then", "if C then F else G: `then` may be left out",
  "else", "if C then F else G: G where C does not match",
  "all", "find all, echo ... in all, square all, piece all: every one, not the first",
  "equal", "equal(X Y): the values are equal (the same kind and value), or neither has one",
  /* The position */
  "check", "the side to move is in check",
  "mate", "the side to move is checkmated",
  "stalemate", "the side to move is stalemated",
  "puremate", "a pure mate of the side to move; its value: the pieces taking part",
  "modelmate", "a pure mate in which every mating piece but the king and pawns takes part",
  "idealmate", "a pure mate in which every piece of both sides takes part",
  "purestalemate", "a pure stalemate of the side to move; its value: the pieces in it",
  "modelstalemate", "a pure stalemate in which each stalemating piece but king and pawns takes part",
  "idealstalemate", "a pure stalemate in which every stalemating piece takes part",
  "wtm", "White is to move",
  "btm", "Black is to move",
  "sidetomove", "the side to move: white (1) or black (-1)",
  "white", "the colour White (1); elo white, player white: White's",
  "black", "the colour Black (-1); elo black, player black: Black's",
  "initial", "the game's first position",
  "terminal", "a position without a next move",
  "mainline", "the position is on the main line",
  "variation", "the position is in a variation",
  "movenumber", "the move number: 1 at the game's first position",
  "ply", "the number of moves from the game's first position",
  "fen", "the position's FEN (a string: placement, side, castling, en passant, \"0 1\"); "
         "fen \"FEN\": the pieces stand as the FEN's placement says",
  /* Sets */
  "attacks", "X attacks Y: the squares of X whose piece attacks a square of Y",
  "attackedby", "Y attackedby X: the squares of Y attacked by a piece of X",
  "attack", "X attack Y: X attacks Y; ray attack (X Y ...): xray (X Y ...)",
  "attacked", "Y attacked by X: Y attackedby X",
  "by", "Y attacked by X: Y attackedby X",
  "between", "between(X Y): the squares strictly between a square of X and one of Y",
  "ray", "ray [direction] (X Y ...): squares of each set in turn along a line, empty between",
  "xray", "xray (X Y ...): a ray along a line the first piece slides on",
  "pin", "pin [from X] [through Y] [to Z]: the pieces of the first parameter (the pinned ones "
         "without any)",
  "from", "move from X / pin from X; alone: the square the move that led here left",
  "through", "pin through Y: the pieces that may be pinned",
  "to", "move to X / pin to Z; alone: the square the move that led here reached",
  "up", "up [N [M]] X: the squares above X",
  "down", "down [N [M]] X: the squares below X",
  "left", "left [N [M]] X: the squares left of X",
  "right", "right [N [M]] X: the squares right of X",
  "northeast", "northeast [N [M]] X: the squares up and right of X",
  "northwest", "northwest [N [M]] X: the squares up and left of X",
  "southeast", "southeast [N [M]] X: the squares down and right of X",
  "southwest", "southwest [N [M]] X: the squares down and left of X",
  "vertical", "vertical [N [M]] X: the squares above and below X",
  "horizontal", "horizontal [N [M]] X: the squares left and right of X",
  "orthogonal", "orthogonal [N [M]] X: the squares along ranks and files from X",
  "diagonal", "diagonal [N [M]] X: the squares along diagonals from X",
  "maindiagonal", "maindiagonal [N [M]] X: the squares along the a1-h8 diagonal from X, both ways",
  "offdiagonal", "offdiagonal [N [M]] X: the squares along the a8-h1 diagonal from X, both ways",
  "anydirection", "anydirection [N [M]] X: the squares in every direction from X",
  "light", "light X: the light squares of X",
  "dark", "dark X: the dark squares of X",
  "passedpawns", "the passed pawns of both sides",
  "doubledpawns", "the doubled pawns of both sides",
  "isolatedpawns", "the isolated pawns of both sides",
  "connectedpawns", "the pawns with a friendly pawn on a neighbouring file",
  "makesquare", "makesquare(F R): the square on file F and rank R (1 to 8)",
  "file", "file X: the file (1 to 8) of X's one square",
  "hhdb", "hhdb prize|hm|commendation|award [special] [max]: the award's rank in the Event "
          "tag; hhdb sort prize|...: the games in award order; "
          "hhdb KEY: composer, stipulation, cooked, sound, gbr, MC, \"(c)\"... (HHdb)",
  "similarposition", "similarposition [nosort] [notransform] \"file.pgn\": the file's main "
                     "lines hold this position, mirrored, shifted or turned",
  "nosort", "similarposition nosort: the games are not sorted by the submission they resemble",
  "cql_hhdbhascook", "the game's text holds \"<cook\" (an HHdb study with a cook)",
  "piecename", "piecename X: the piece on X's one square, as a letter (\"K\", \"p\", \"_\")",
  "typename", "typename X: the type of the piece on X's one square (\"K\" for both kings)",
  "type", "type X: the type of the piece on X's one square (pawn 1 ... king 6, empty 0)",
  "colortype", "colortype X: as type X, negative for a black piece",
  "rank", "rank X: the rank (1 to 8) of X's one square",
  /* Numbers */
  "abs", "the absolute value",
  "max", "max(X Y ...): the largest",
  "min", "min(X Y ...): the smallest",
  "sqrt", "the integer square root",
  "power", "power X: the material of X's pieces (P 1, N B 3, R 5, Q 9)",
  "gamenumber", "the game's number in the database",
  "elo", "elo [white|black]: a player's rating (the higher without a colour)",
  "whiteelo", "White's rating",
  "blackelo", "Black's rating",
  "year", "the year of the game's Date tag (none when unknown)",
  /* Moves */
  "move", "a move from this position passes the parameters (from to capture promote ...)",
  "capture", "move capture X: the move takes a piece on X",
  "captures", "move captures X: move capture X",
  "promote", "move promote P: the move promotes to P's piece type",
  "enpassant", "move enpassant: an en passant capture; alone: the move that led here was one",
  "castle", "move castle: castling; alone: the move that led here castled",
  "null", "move null: a null move (--)",
  "nullmove", "the move that led here was a null move",
  "o-o", "the move that led here castled short (also a dash filter's --(o-o))",
  "o-o-o", "the move that led here castled long",
  "enpassantsquare", "the square of the pawn the move that led here took en passant; "
                     "move enpassantsquare X: the move takes en passant a pawn on X",
  "primary", "move primary: only the main continuation; alone: the move that led here is one",
  "secondary", "move secondary, line secondary: only variations' continuations; alone: the "
               "move here is one",
  "previous", "move previous, previous X--Y: the move that led to this position",
  "legal", "move legal, legal X--Y: every legal move of the position, played or not",
  "pseudolegal", "move pseudolegal: every move by the pieces' rules, check ignored",
  /* Game tags */
  "player", "player [white|black] [\"text\"]: a player's name (both, joined by \\n, without "
            "a colour), or that it contains text",
  "event", "event [\"text\"]: the Event tag, or that it contains text",
  "site", "site [\"text\"]: the Site tag, or that it contains text",
  "date", "date [\"text\"]: the Date tag as yyyy.mm.dd (? unknown), or that it contains text",
  "eco", "eco [\"text\"]: the ECO tag, or that it contains text",
  "eventdate", "eventdate [\"text\"]: the EventDate tag as yyyy.mm.dd (? unknown), "
               "or that it contains text",
  "tag", "tag \"Name\": any tag's text",
  "result", "result 1-0 (0-1, 1/2-1/2): the game's result",
  /* Strings */
  "str", "str (parts...): a string, the text comment (parts...) would write",
  "int", "int S: the integer the string S writes (an optional - and digits only)",
  "ascii", "ascii S: the code of the one-byte string S; ascii N: the string of code N",
  "lowercase", "lowercase S: S with A to Z in lower case",
  "uppercase", "uppercase S: S with a to z in upper case",
  "indexof", "indexof (T S): where T first occurs in S (0 the start)",
  "currenttransform", "the name of the transform member being evaluated (\"<>\" outside "
                      "transforms, \"<reflect_v>\", \"<right^1 up^2>\")",
  /* Transforms */
  "flip", "flip F: F or one of its 8 images under the board's symmetries",
  "flipdihedral", "flipdihedral F: the same as flip F",
  "dihedral", "dihedral F: the same as flip F",
  "flipvertical", "flipvertical F: F or its mirror image left to right",
  "fliphorizontal", "fliphorizontal F: F or its mirror image top to bottom",
  "flipcolor", "flipcolor F: F or F with the colours swapped",
  "reversecolor", "reversecolor F: F with the colours swapped",
  "rotate90", "rotate90 F: F turned by quarter turns",
  "rotate45", "rotate45 F: F's directions turned by eighth turns",
  "shift", "shift F: F moved anywhere on the board",
  "shifthorizontal", "shifthorizontal F: F moved along the ranks",
  "shiftvertical", "shiftvertical F: F moved along the files",
  "count", "flip count F (and the other transforms): how many images of F match; "
           "find count F: how many positions match, none included",
  /* Across positions, variables, output */
  "lastposition", "line lastposition, path lastposition: the value is the position it ends at",
  "line", "line [primary|secondary singlecolor nestban firstmatch quiet lastposition m n] --> F "
          "--> G* ...: consecutive positions matching F, G, ... (* + ? {m,n}, groups)",
  "path", "path [primary nestban firstmatch quiet lastposition singlecolor focus S max F m n] "
          "-- F N-- ...: consecutive moves (dash constituents) and the positions they reach",
  "firstmatch", "line firstmatch, path firstmatch: the first match found, not the longest",
  "nestban", "line nestban, path nestban: no match starts inside one this filter matched",
  "singlecolor", "line singlecolor: every other position; path singlecolor: focus on the side "
                 "to move's pieces",
  "focus", "path focus [capture] S: only moves of the pieces on S at the start count",
  "title", "path title \"T\": T at the path's first position",
  "piecepath", "path piecepath: `Focus path: Ra1-a4` comments, the focus pieces' ways",
  "verbose", "path verbose: `move i of L` after each move of the path",
  "keepallbest", "path keepallbest: every route of the best length, not only the first",
  "pathstart", "in a path: where it started; after paths: the start of the last one matched",
  "pathcount", "in a path: the focus moves of the route so far; after paths: the last one's "
               "length",
  "pathcountunfocused", "in a path: the other moves since its start (ply - pathstart:ply - "
                        "pathcount)",
  "pathlastposition", "in a path: the best route's end so far; after paths: the last one's end",
  "pathdebug", "in a path: writes a message on the path's state; matches",
  "countmoves", "countmoves [legal|pseudolegal] X--Y: how many moves the dash filter matches",
  "currentmove", "currentmove X--Y (or previous X--Y): the move that led to this position",
  "find", "find [all] [<--] [m n] [quiet] F: the first position from here on (<--: back to the start) where F matches; all / m n: how many, with 'Found' comments",
  "echo", "echo [quiet] (s t) [in all] F: s this position, t each other one, F at t; comments at both",
  "piece", "piece [all] x in S F: F for each piece on S, x following that piece",
  "square", "square [all] x in S F: F for each square of S, x bound to it",
  "pieceid", "pieceid X: the id of the piece on X's one square (kept through promotion)",
  "comment", "comment (parts...): adds the parts' text to the comment at this position",
  "message", "message (parts...): prints `Game: N move M(wtm): text` on standard output",
  "sort", "sort [quiet] [min] [\"label\"] F: writes the games by F's best value, largest "
          "first (min: smallest; quiet: the value is not written); header: sort matchcount N M",
  "function", "function name(args) {...}: a filter to call as name(...)",
  "while", "while (C) F: F again and again while C matches",
  "loop", "loop F: F again and again until it fails; matches if it matched once",
  "parent", "the position before this one",
  "child", "child, child(N): the position after the main move (after variation N)",
  "ancestor", "ancestor(x y): x comes before y on y's way from the start",
  "descendant", "descendant(x y): x comes after y on x's way from the start",
  "lca", "lca(x y): the last position x and y share",
  "distance", "distance(x y): moves between two positions, through their lca",
  "depth", "the variation depth of the position (0 on the main line)",
  "positionid", "the position's number in the game (0 the start, in PGN order)",
  "position", "position N: the position with that number (none: no match)",
  "try", "exactly one White move on the way here is not the main continuation (a White try)",
  "virtualmainline", "the position is reached by White's main-line moves (Black's alternatives allowed)",
  "persistent", "persistent x = ...: a variable kept from game to game, printed at the end",
  "atomic", "atomic x = ...: a variable a path restores on each route it tries; after the "
            "path it holds its value at the end of the route kept",
  "isbound", "isbound x: the variable has a value (a dictionary always; a name no variable "
             "has never)",
  "isunbound", "isunbound x: the variable has no value",
  "originalcomment", "the game's own comment after the move that led here (a string); "
                     "originalcomment \"text\": it contains the text",
  "hascomment", "hascomment [\"text\"]: as originalcomment; hascomment \"!\" (or \"$N\"): "
                "the move that led here has that NAG",
  "settag", "settag (\"Name\" S): the output game gets the tag Name with the string S",
  "removecomment", "the output game loses its own comment at this position",
  "notransform", "notransform F: F as written, even inside a transform (flip, shift, ...)",
  "cql_abort", "stops the search with an error where it is reached",
  "assert", "assert F: stops the search with an error where F does not match (a variable: "
            "where it is unbound)",
  "lastgamenumber", "the number of games in the input (CQL 6.2's estimate: its `[White ` tags), "
                    "at most the header's gamenumber range's end",
  "cql_assertvariations", "cql_assertvariations \"message\": refuses the query with the "
                          "message unless it searches variations",
  "unbind", "unbind x: forget the variable's value (unbind D[k], unbind D: a dictionary's "
            "entry, all its entries)",
  "dictionary", "dictionary D: keys to values kept from game to game; D[k] = v, D[k], #D, "
                "x ∊ D F (each key)",
  "local", "local dictionary D: a dictionary emptied at the start of each game",
  "consecutivemoves", "consecutivemoves [quiet] [m n] (x y): the longest run of the same moves on the ways from lca(x y) to x and to y",
  "currentposition", "the position being examined",
  /* The user's files: refused unless the search allows a folder for them */
  "readfile", "readfile NAME: the contents of the file NAME (.pgn, .cqo, .cql) as a string; "
              "only in a folder the search allows (cql --allow-files DIR)",
  "writefile", "writefile (NAME TEXT): appends TEXT to the file NAME (.cqo, .cql), emptied at "
               "its first write; only in a folder the search allows (cql --allow-files DIR)",
  "curpos", "currentposition: the position being examined",
  "initialposition", "position 0: the game's first position",
  "string", "string x in D F: F for each key x of the dictionary D (x ∊ D F)",
  NULL
};

const char *const *
_cq6_keywords (void)
{
  return cql6_keywords;
}
