/* cq-chess.h: the chess core of the Excelsior engine.
 *
 * Bitboard position, attack tables, legal move generation, FEN and SAN.
 * Squares are numbered 0..63 little-endian rank-file: a1 = 0, b1 = 1, ...,
 * h1 = 7, a2 = 8, ..., h8 = 63.  A bitboard (CqBitboard) has bit n set for
 * square n.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef guint64 CqBitboard;

typedef enum {
  CQ_WHITE = 0,
  CQ_BLACK = 1
} CqColor;

/* A square's content.  CQ_EMPTY is the CQL "empty square piece" ('.'). */
typedef enum {
  CQ_EMPTY = 0,
  CQ_WP, CQ_WN, CQ_WB, CQ_WR, CQ_WQ, CQ_WK,
  CQ_BP, CQ_BN, CQ_BB, CQ_BR, CQ_BQ, CQ_BK,
  CQ_N_PIECES
} CqPiece;

typedef enum {
  CQ_NO_TYPE = 0,
  CQ_PAWN, CQ_KNIGHT, CQ_BISHOP, CQ_ROOK, CQ_QUEEN, CQ_KING
} CqPieceType;

#define CQ_PIECE_COLOR(p)   ((p) >= CQ_BP ? CQ_BLACK : CQ_WHITE)
#define CQ_PIECE_TYPE(p)    ((CqPieceType) ((p) >= CQ_BP ? (p) - 6 : (p)))
#define CQ_MAKE_PIECE(c, t) ((CqPiece) ((c) == CQ_WHITE ? (t) : (t) + 6))
#define CQ_SQUARE(file, rank) ((rank) * 8 + (file))
#define CQ_FILE(sq)         ((sq) & 7)
#define CQ_RANK(sq)         ((sq) >> 3)
#define CQ_BIT(sq)          (G_GUINT64_CONSTANT (1) << (sq))
#define CQ_NO_SQUARE        (-1)

/* Castling rights bits in CqPosition.castling. */
enum {
  CQ_CASTLE_WK = 1 << 0,
  CQ_CASTLE_WQ = 1 << 1,
  CQ_CASTLE_BK = 1 << 2,
  CQ_CASTLE_BQ = 1 << 3
};

/**
 * CqPosition:
 * @pieces: one bitboard per #CqPiece; pieces[CQ_EMPTY] is the set of empty
 *   squares, so that a CQL piece-type mask can be tested with one loop.
 * @by_color: occupied squares per #CqColor.
 * @board: mailbox, the #CqPiece on each square.
 * @side_to_move: a #CqColor.
 * @castling: CQ_CASTLE_* bits.
 * @ep_square: the en passant target square (FEN field 4) or CQ_NO_SQUARE.
 *   Set after every double pawn push, as FEN does.
 * @halfmove_clock: FEN field 5.
 * @fullmove_number: FEN field 6 (rulings R4: `:movenumber` reads it).
 *
 * A plain value type: copy it with `=` (about 180 bytes).  All members are
 * kept consistent by the functions below; never edit one alone.
 */
typedef struct {
  CqBitboard pieces[CQ_N_PIECES];
  CqBitboard by_color[2];
  guint8     board[64];
  guint8     side_to_move;
  guint8     castling;
  gint8      ep_square;
  guint8     padding_;
  guint16    halfmove_clock;
  guint32    fullmove_number;
} CqPosition;

/* CqMove.flags */
enum {
  CQ_MOVE_CASTLE      = 1 << 0, /* king move of two squares; the rook moves too */
  CQ_MOVE_EN_PASSANT  = 1 << 1, /* @captured is the pawn taken, not on @to */
  CQ_MOVE_DOUBLE_PUSH = 1 << 2,
  CQ_MOVE_NULL        = 1 << 3  /* PGN "--" / "Z0": side to move passes */
};

/**
 * CqMove:
 * @from, @to: squares 0..63.  For castling, the king's squares (rulings R4).
 * @piece: the #CqPiece that moves.
 * @captured: the #CqPiece captured (the pawn, for en passant) or CQ_EMPTY.
 * @promotion: the #CqPiece promoted to, or CQ_EMPTY.
 * @flags: CQ_MOVE_* bits.
 */
typedef struct {
  guint8 from;
  guint8 to;
  guint8 piece;
  guint8 captured;
  guint8 promotion;
  guint8 flags;
} CqMove;

#define CQ_MAX_MOVES 256   /* more than the legal moves of any position */
#define CQ_FEN_MAX   100   /* buffer size that holds any FEN + NUL */
#define CQ_SAN_MAX   16    /* buffer size that holds any SAN + NUL */

#define CQ_CHESS_ERROR (cq_chess_error_quark ())
GQuark cq_chess_error_quark (void);

/**
 * CqChessError:
 * @CQ_CHESS_ERROR_BAD_FEN: the FEN text is malformed or describes an
 *   impossible position (not one king per side, pawn on rank 1 or 8, side
 *   not to move in check).
 * @CQ_CHESS_ERROR_BAD_SAN: the text is not a SAN move.
 * @CQ_CHESS_ERROR_ILLEGAL_MOVE: SAN names no legal move of the position.
 * @CQ_CHESS_ERROR_AMBIGUOUS_MOVE: SAN names more than one legal move.
 */
typedef enum {
  CQ_CHESS_ERROR_BAD_FEN,
  CQ_CHESS_ERROR_BAD_SAN,
  CQ_CHESS_ERROR_ILLEGAL_MOVE,
  CQ_CHESS_ERROR_AMBIGUOUS_MOVE
} CqChessError;

/**
 * cq_position_set_initial:
 * @pos: (out): receives the standard start position, White to move, all
 *   castling rights, move 1.
 */
void       cq_position_set_initial (CqPosition *pos);

/**
 * cq_position_set_fen:
 * @pos: (out): filled on success; unspecified on failure.
 * @fen: a FEN string: placement, side to move, castling, en passant square,
 *   then optionally the halfmove clock and the fullmove number (0 and 1 are
 *   assumed when missing).  Leading and trailing blanks are ignored.
 * @error: return location for a #GError.
 *
 * Castling rights whose king or rook is not on its home square are dropped,
 * as most readers do.  The en passant square is kept as given (it must be
 * on rank 6 with White to move, rank 3 with Black to move), even when no
 * capture is possible.  Chess960 castling letters (Shredder-FEN "HAha",
 * X-FEN file letters) are refused with a message containing "Chess960".
 *
 * Returns: TRUE, or FALSE with CQ_CHESS_ERROR_BAD_FEN (malformed field,
 *   not exactly one king per side, a pawn on rank 1 or 8, the side not to
 *   move in check); the message quotes @fen and says what is wrong.
 */
gboolean   cq_position_set_fen     (CqPosition *pos, const char *fen, GError **error);

/**
 * cq_position_to_fen:
 * @pos: a position.
 * @buf: (out): at least CQ_FEN_MAX bytes; receives the six-field FEN,
 *   castling rights in the order KQkq, NUL-terminated.
 *
 * Returns: the length written (without the NUL).
 */
gsize      cq_position_to_fen      (const CqPosition *pos, char *buf);

/* The #CqPiece on @square. */
static inline CqPiece
cq_position_piece_at (const CqPosition *pos, int square)
{
  return (CqPiece) pos->board[square];
}

/* TRUE if the side to move is in check (rulings R5). */
gboolean   cq_position_in_check    (const CqPosition *pos);

/**
 * cq_position_legal_moves:
 * @pos: a position (from cq_position_set_initial(), cq_position_set_fen()
 *   or moves played from one).
 * @moves: (out caller-allocates): at least CQ_MAX_MOVES entries.
 *
 * Generates every legal move of the side to move: castling, en passant,
 * the four promotions (queen, rook, bishop, knight, in that order), with
 * pins and checks respected.  The order is otherwise unspecified.
 *
 * Returns: the number of moves written.
 */
guint      cq_position_legal_moves (const CqPosition *pos, CqMove *moves);

/**
 * cq_position_pseudolegal_moves:
 * @moves: (out): array of at least CQ_MAX_MOVES entries.
 *
 * Generates every pseudo-legal move: each piece moves by its rules, but
 * the mover's own king may be left in check (a pinned piece moves off its
 * line, the king steps onto an attacked square, a check is ignored).
 * Castling keeps its rules (not out of, through or into check).  Used by
 * CQL 6's `move pseudolegal`.  Returns: the number of moves.
 */
guint      cq_position_pseudolegal_moves (const CqPosition *pos, CqMove *moves);

/* TRUE if the side to move has at least one legal move, en passant
 * included; stops at the first one found, which is faster than generating
 * them all (used by :mate and :stalemate, rulings R5). */
gboolean   cq_position_has_legal_move (const CqPosition *pos);

/**
 * cq_position_make_move:
 * @pos: (inout): the position; updated in place, every member.
 * @move: a legal move of @pos (as returned by cq_position_legal_moves() or
 *   cq_san_parse()), or a null move (CQ_MOVE_NULL).
 *
 * Plays @move: moves the piece (and the rook when castling), removes the
 * captured piece (the pawn beside @to for en passant), promotes, updates the
 * castling rights, sets the en passant square after every double push (as
 * FEN does), the halfmove clock (reset by pawn moves and captures), the
 * fullmove number (after Black's move) and the side to move.  A null move
 * only passes the turn: it clears the en passant square and counts as a
 * non-capturing move for the clocks.  @move is not checked for legality.
 */
void       cq_position_make_move   (CqPosition *pos, const CqMove *move);

/**
 * cq_attacks_from:
 * @piece: a #CqPiece; CQ_EMPTY attacks nothing.
 * @square: where it stands, 0..63.
 * @occupied: the occupied squares; sliders stop at (and include) the first
 *   one.
 *
 * Returns: the squares @piece attacks from @square: where it could move if
 * the target were empty, ignoring pins and checks; pawns attack diagonally
 * forward only (rulings R5, used by `:attackcount`).
 */
CqBitboard cq_attacks_from         (CqPiece piece, int square, CqBitboard occupied);

/* TRUE if any piece of @by_color attacks @square (0..63) in @pos: the
 * attack sets of cq_attacks_from() with the position's occupancy. */
gboolean   cq_square_attacked      (const CqPosition *pos, int square, CqColor by_color);

/**
 * cq_san_parse:
 * @pos: the position the move is played from.
 * @san: the move text; @len bytes, or -1 if NUL-terminated.
 * @len: length of @san in bytes, or -1.
 * @move: (out): the legal move named.
 * @error: return location for a #GError.
 *
 * Reads a move in SAN with the usual variants: optional `x` (or `:`),
 * redundant disambiguation (`Qh4xe1`), `+`/`#` and annotation suffixes
 * (`!`, `?`, `!!`, `??`, `!?`, `?!`), `e.p.`, promotion as `=Q` or `Q`
 * (any case), castling as `O-O`/`0-0`/`O-O-O`/`0-0-0`, the null moves
 * `--`, `Z0` and `0000` (CQ_MOVE_NULL), and long algebraic moves
 * (`e2e4`, `g1-f3`, `Ng1f3`, `e7e8q`; `e1g1` castles) as many exports use
 * them.  Candidates are found from the attack tables and only they are
 * tested for legality: no move list is generated.  A SAN that fits
 * several pieces only one of which may legally move (the others pinned)
 * names that one.
 *
 * Returns: TRUE, or FALSE with CQ_CHESS_ERROR_BAD_SAN (not a move),
 *   CQ_CHESS_ERROR_ILLEGAL_MOVE (no legal move fits) or
 *   CQ_CHESS_ERROR_AMBIGUOUS_MOVE (several do); the message quotes @san.
 */
gboolean   cq_san_parse            (const CqPosition *pos, const char *san, gssize len,
                                    CqMove *move, GError **error);

/**
 * cq_san_parse_prefix:
 * @pos: the position the move is played from.
 * @san: the text the move starts; NUL-terminated (bytes are read only
 *   while they fit a shape below, so any byte that fits none ends it).
 * @move: (out): the legal move read; changed only on success.
 *
 * Reads from the start of @san a move in one of SAN's commonest shapes,
 * for the PGN reader's movetext: a pawn push (`e4`), a pawn capture not
 * onto a last rank (`exd5`), a piece move (`Nf3`, `Nxf3`) with an
 * optional file or rank to disambiguate (`Nbd2`, `R1xe2`), castling with
 * letter O (`O-O`, `O-O-O`); each with an optional `+` or `#`.  The bytes
 * after the move are not looked at: the caller checks that the move's
 * token ends there.  The move is the one cq_san_parse() gives for the
 * same bytes.
 *
 * Returns: the byte after the move (after its `+` or `#`), or NULL if
 *   @san does not start with one of these shapes or no single legal move
 *   fits; cq_san_parse() then reads the token and gives the error.
 */
const char *cq_san_parse_prefix    (const CqPosition *pos, const char *san, CqMove *move);

/**
 * cq_san_format:
 * @pos: the position the move is played from.
 * @move: a legal move of @pos, or a null move.
 * @buf: (out): at least CQ_SAN_MAX bytes.
 *
 * Writes the SAN of @move: piece letter, minimal disambiguation among the
 * pieces that can legally make the same move (file if it suffices, else
 * rank, else both), `x` for captures (pawn captures name the file, en
 * passant included), `=Q` promotions, `O-O`/`O-O-O`, then `+` or `#`.
 * A null move is written `--`.
 *
 * Returns: the length written (without the NUL).
 */
gsize      cq_san_format           (const CqPosition *pos, const CqMove *move, char *buf);

/**
 * cq_san_format_after:
 * @pos: the position the move is played from.
 * @move: a legal move of @pos, or a null move.
 * @after: the position @move leads to (cq_position_make_move() of a copy
 *   of @pos); only its check and mate status are read.
 * @buf: (out): at least CQ_SAN_MAX bytes.
 *
 * cq_san_format() for a caller that has the position after the move at
 * hand, as a game tree does at every node: the same text, without
 * playing the move again (a third of the time of cq_san_format()).
 *
 * Returns: the length written (without the NUL).
 */
gsize      cq_san_format_after     (const CqPosition *pos, const CqMove *move,
                                    const CqPosition *after, char *buf);

/**
 * cq_san_format_known:
 * @pos, @move, @after, @buf: as for cq_san_format_after().
 * @after_has_move: TRUE if @after is known to have a legal move (a game
 *   went on from it): a check is then written `+` without the legal-move
 *   test that tells it from mate.  FALSE: the test runs.
 *
 * cq_san_format_after() for a writer of a game tree, where most checks
 * are followed by a move (cq_node_format_san()).
 *
 * Returns: the length written (without the NUL).
 */
gsize      cq_san_format_known     (const CqPosition *pos, const CqMove *move,
                                    const CqPosition *after, gboolean after_has_move,
                                    char *buf);

/* The number of leaf nodes of the legal move tree of @depth plies from @pos
 * (chess programming's perft; the last ply is counted, not played); 1 for
 * depth 0. */
guint64    cq_perft                (const CqPosition *pos, guint depth);

/* Writes the name of @square (0..63), "a1".."h8", into @buf (3 bytes);
 * "-" if @square is off the board. */
void       cq_square_name          (int square, char *buf);
/* The square (0..63) named by @name, a NUL-terminated name such as "e4"
 * (lower-case file); -1 if @name is not exactly a square name. */
int        cq_square_from_name     (const char *name);

/* The FEN letter of @piece ('K'...'P' white, 'k'...'p' black), '.' for
 * CQ_EMPTY (the CQL empty-square piece), '?' if out of range. */
char       cq_piece_char           (CqPiece piece);
/* The #CqPiece a FEN letter or '.' names (CQ_EMPTY for '.'), or -1 if @c
 * names none. */
int        cq_piece_from_char      (char c);

G_END_DECLS
