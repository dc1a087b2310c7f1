/* cq3-keywords-private.h: the table of CQL 3 keywords.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where a keyword may stand (manual "The match list", "The Position List",
 * "The :relation keyword"). */
typedef enum {
  CQ_KW_MATCH    = 1 << 0, /* the match list */
  CQ_KW_POSITION = 1 << 1, /* a position list */
  CQ_KW_RELATION = 1 << 2  /* a :relation specification */
} CqKeywordContext;

/*
 * Every keyword of the CQL 3.02 manual, once:
 *   X (ID, ":name", contexts where it is allowed, contexts where this
 *      version evaluates it, one-line description from the manual)
 * Keywords allowed but not evaluated in a context are rejected there with
 * CQ_QUERY_ERROR_UNSUPPORTED, never ignored.
 */
#define CQ_KEYWORD_TABLE(X) \
  /* match list */ \
  X (PGN, ":pgn", CQ_KW_MATCH, CQ_KW_MATCH, \
     "Match list: the PGN file whose games are searched") \
  X (OUTPUT, ":output", CQ_KW_MATCH, CQ_KW_MATCH, \
     "Match list: the PGN file the matching games are written to") \
  X (YEAR, ":year", CQ_KW_MATCH, CQ_KW_MATCH, \
     "Match list: the year of the game (Date tag) lies in the range") \
  X (GAMENUMBER, ":gamenumber", CQ_KW_MATCH, CQ_KW_MATCH, \
     "Match list: the game's number in the PGN file lies in the range") \
  X (PLAYER, ":player", CQ_KW_MATCH, CQ_KW_MATCH, \
     "Match list: a player's name contains the string (case-insensitive)") \
  X (FORANY, ":forany", CQ_KW_MATCH, CQ_KW_MATCH, \
     "Match list: bind a tag in turn to each piece that matches, or will match, the " \
     "designator") \
  X (RESULT, ":result", CQ_KW_MATCH | CQ_KW_POSITION, CQ_KW_MATCH | CQ_KW_POSITION, \
     "The game's result: 1-0, 0-1 or 1/2-1/2 (1/2 for short)") \
  /* simple keywords */ \
  X (CHECK, ":check", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The side to move is in check") \
  X (NOCHECK, ":nocheck", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Neither side is in check") \
  X (MATE, ":mate", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The position is mate") \
  X (STALEMATE, ":stalemate", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The position is stalemate") \
  X (WTM, ":wtm", CQ_KW_POSITION, CQ_KW_POSITION, \
     "White is to move") \
  X (BTM, ":btm", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Black is to move") \
  X (INITIAL, ":initial", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The first position of the game or study") \
  X (TERMINAL, ":terminal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The last position of the game or study: no move follows") \
  X (VARIATIONS, ":variations", CQ_KW_POSITION | CQ_KW_RELATION, CQ_KW_POSITION | CQ_KW_RELATION, \
     "Look in the variations as well as in the main line") \
  X (VARIATIONSONLY, ":variationsonly", CQ_KW_POSITION | CQ_KW_RELATION, \
     CQ_KW_POSITION | CQ_KW_RELATION, \
     "Look only in the variations, not in the main line") \
  X (MARKALL, ":markall", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Annotate every matching position, not only the first") \
  X (NOANNOTATE, ":noannotate", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Do not annotate the positions this list matches with MATCH") \
  /* transforms */ \
  X (FLIPDIHEDRAL, ":flipdihedral", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: the 8 dihedral transformations (rotations and reflections)") \
  X (FLIP, ":flip", CQ_KW_POSITION | CQ_KW_RELATION, CQ_KW_POSITION | CQ_KW_RELATION, \
     "Transform: same as :flipdihedral (in :relation, P2 may be flipped)") \
  X (FLIPHORIZONTAL, ":fliphorizontal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: reflection about the horizontal bisector of the board") \
  X (FLIPVERTICAL, ":flipvertical", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: reflection about the vertical bisector of the board") \
  X (FLIPDIAGONAL, ":flipdiagonal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: reflection about the a1-h8 diagonal") \
  X (FLIPCOLOR, ":flipcolor", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: swap the colours and reflect about the horizontal bisector") \
  X (SHIFT, ":shift", CQ_KW_POSITION | CQ_KW_RELATION, CQ_KW_POSITION | CQ_KW_RELATION, \
     "Transform: every horizontal then vertical shift (in :relation, P2 may be " \
     "shifted)") \
  X (SHIFTHORIZONTAL, ":shifthorizontal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: every horizontal shift") \
  X (SHIFTVERTICAL, ":shiftvertical", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: every vertical shift") \
  X (SHIFTMAINDIAGONAL, ":shiftmaindiagonal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: every shift along the a1-h8 diagonal") \
  X (SHIFTOFFDIAGONAL, ":shiftoffdiagonal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: every shift along the a8-h1 diagonal") \
  X (SHIFTDIAGONAL, ":shiftdiagonal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Transform: every main-diagonal and off-diagonal shift") \
  /* piece configuration */ \
  X (PIECECOUNT, ":piececount", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The number of pieces matching the designator lies in the range") \
  X (POWER, ":power", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The total power (Q=9 R=5 B=3 N=3 P=1 K=0) of the matching pieces lies in the " \
     "range") \
  X (POWERDIFFERENCE, ":powerdifference", CQ_KW_POSITION, CQ_KW_POSITION, \
     "White's power minus Black's power of the matching pieces lies in the range") \
  X (ATTACKCOUNT, ":attackcount", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The number of attacks by the first designator on the second lies in the range") \
  X (RAY, ":ray", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The number of rays matching the designators in order, empty between, lies in " \
     "the range (default 1 1000)") \
  X (RAYDIAGONAL, ":raydiagonal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Like :ray, diagonal rays only") \
  X (RAYHORIZONTAL, ":rayhorizontal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Like :ray, horizontal rays only") \
  X (RAYVERTICAL, ":rayvertical", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Like :ray, vertical rays only") \
  X (RAYORTHOGONAL, ":rayorthogonal", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Like :ray, horizontal and vertical rays only") \
  X (RAYATTACK, ":rayattack", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Like :ray, rays starting on a rook or queen (orthogonal) or a bishop or queen " \
     "(diagonal)") \
  /* moves */ \
  X (MOVEFROM, ":movefrom", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The next move's moving piece, on its square, matches the designator") \
  X (MOVETO, ":moveto", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The next move's target square, with its content before the move, matches the " \
     "designator") \
  X (PROMOTE, ":promote", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The next move promotes to a piece matching the designator") \
  X (ENPASSANT, ":enpassant", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The next move is an en passant capture") \
  X (NOENPASSANT, ":noenpassant", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The next move is not an en passant capture") \
  X (MOVENUMBER, ":movenumber", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The position's move number lies in the range") \
  /* logic */ \
  X (AND, ":and", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Every position list of the argument matches the position") \
  X (OR, ":or", CQ_KW_POSITION, CQ_KW_POSITION, \
     "At least one position list of the argument matches the position") \
  X (NOT, ":not", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Matches where the list without :not would not") \
  /* sequences and relations */ \
  X (SEQUENCE, ":sequence", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The position and the ones after it match the listed position lists in turn") \
  X (GAPPEDSEQUENCE, ":gappedsequence", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Like :sequence, allowing any positions before and between the elements") \
  X (RELATION, ":relation", CQ_KW_POSITION, CQ_KW_POSITION, \
     "A later position P2 relates to this one as the relation specification says") \
  /* game-related position keywords */ \
  X (ELO, ":elo", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The Elo rating of at least one player lies in the range") \
  X (WHITEELO, ":whiteelo", CQ_KW_POSITION, CQ_KW_POSITION, \
     "White's Elo rating lies in the range") \
  X (BLACKELO, ":blackelo", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Black's Elo rating lies in the range") \
  /* counting */ \
  X (MATCHCOUNT, ":matchcount", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The number of positions of the game this list matches lies in the range") \
  X (PRETRANSFORMMATCHCOUNT, ":pretransformmatchcount", CQ_KW_POSITION, CQ_KW_POSITION, \
     "For some transform, the number of positions it matches lies in the range") \
  X (ACCUMULATE, ":accumulate", CQ_KW_POSITION, CQ_KW_POSITION, \
     "Add the number of transforms of this list that match the position to the named" \
     " accumulator") \
  X (SUMRANGE, ":sumrange", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The named accumulator's value lies in the range") \
  /* tagging */ \
  X (TAGMATCH, ":tagmatch", CQ_KW_POSITION, CQ_KW_POSITION, \
     "The piece bound to the tag matches the designator") \
  /* relation specification */ \
  X (PATTERN, ":pattern", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: only the squares of the list's piece designators are compared") \
  X (ORIGINALDIFFERENTCOUNT, ":originaldifferentcount", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: the number of allowable squares that differ between P1 and P2 lies " \
     "in the range") \
  X (ORIGINALSAMECOUNT, ":originalsamecount", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: the number of non-empty allowable squares the same in P1 and P2 lies" \
     " in the range") \
  X (SAMESIDETOMOVE, ":samesidetomove", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: P2 has the same side to move as P1 (the default)") \
  X (CHANGESIDETOMOVE, ":changesidetomove", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: P2 has the other side to move") \
  X (IGNORESIDETOMOVE, ":ignoresidetomove", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: the side to move is ignored") \
  X (MISSINGPIECECOUNT, ":missingpiececount", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: pieces of P1 whose square is empty in P2: designator and range " \
     "(default U 0)") \
  X (NEWPIECECOUNT, ":newpiececount", CQ_KW_RELATION, CQ_KW_RELATION, \
     "Relation: pieces of P2 on squares empty in P1: designator and range " \
     "(default U 0)")

#define CQ_KEYWORD_ENUM(id, name, contexts, implemented, description) CQ_KEYWORD_##id,
typedef enum {
  CQ_KEYWORD_TABLE (CQ_KEYWORD_ENUM)
  CQ_N_KEYWORDS
} CqKeywordId;
#undef CQ_KEYWORD_ENUM

typedef struct {
  const char *name;          /* with the leading ':' */
  CqKeywordId id;
  guint8      contexts;      /* CqKeywordContext bits where it may stand */
  guint8      implemented;   /* CqKeywordContext bits where it is evaluated */
  const char *description;
} CqKeywordInfo;

/* The keyword named @name (with its ':'), or NULL. */
const CqKeywordInfo *_cq_keyword_lookup (const char *name);

/**
 * _cq_keyword_suggest:
 * Returns: (transfer full) (nullable): "did you mean ':x'?" or "did you
 *   mean ':x' or ':y'?" naming the known keywords nearest to @name
 *   (_cq_words_suggest()), or NULL when none is close.
 */
char *_cq_keyword_suggest (const char *name);

/* "the match list", "a position list", "a :relation specification", or
 * several of them joined by "or". */
char *_cq_keyword_contexts_describe (guint contexts);

G_END_DECLS
