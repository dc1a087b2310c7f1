#!/usr/bin/env python3
# golden_check.py: checks the golden outputs of tests/fixtures/cql/golden/
# with tools independent of the Excelsior engine.
#
# For each NAME.cql there, NAME.expected lists the games of the CQL 6
# sample studies ($EXCELSIOR_SHARED_DATA/studies/cql6-sample-hhdb-
# selection.pgn) that the query matches, as
#
#     game N nodes M: i j k ...
#
# (N the 1-based game number, M the number of positions of the game tree,
# i j k the pre-order indices of the matched positions, rulings R1).
# test-cql-golden.c checks that the engine reproduces these files; this
# script checks them against pgn-extract, which replays every move
# (variations included) with its own move generator and writes the FEN
# after each move (--fencomments) and SAN with '+' / '#': the script builds
# each game tree from that text and decides every query below with its own
# code, from FENs and SAN only.  The queries of themes across positions
# (THEMES: tags, sequences, relations, counts, accumulators) are decided
# the same way: piece identity is followed by comparing the boards before
# and after each move, and the CQL 3 transforms (with their edge rule) are
# rebuilt here from the manual's definitions.
#
# When $CQL names the cql tool, each query is also run through it (two
# threads) and the games it writes ({Original game: N}) and the number of
# {MATCH} comments must agree with NAME.expected.
#
#   golden_check.py [--write]   (--write: regenerate NAME.expected)
#
# Output in TAP; if the data or pgn-extract is missing it writes the TAP plan
# of a skipped program (1..0 # SKIP) and exits 0, as meson's TAP protocol
# expects (exit status 77 means skip only under the exitcode protocol).
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "fixtures", "cql", "golden")
SHARED = os.environ.get("EXCELSIOR_SHARED_DATA",
                        os.path.join(HERE, "..", "..", "..", "shared", "data"))
STUDIES = os.path.join(SHARED, "studies", "cql6-sample-hhdb-selection.pgn")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FEN_RE = re.compile(r"^[1-8KQRBNPkqrbnp/]+ [wb] [KQkq-]+ [a-h1-8-]+ \d+ \d+$")
TOKEN_RE = re.compile(r"\{[^}]*\}|\(|\)|\$\d+|\d+\.(?:\.\.)?|[^\s(){}]+")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


class Node:
    def __init__(self, parent, san, fen):
        self.parent = parent
        self.san = san
        self.fen = fen
        self.children = []
        self.index = -1
        self.in_variation = False


class Game:
    def __init__(self, number, tags, root):
        self.number = number
        self.tags = tags
        self.root = root
        self.nodes = []


def parse_games(path):
    """The games of pgn-extract's output, each as a tree of FEN nodes."""
    games = []
    tags, movetext = {}, []

    def finish():
        if not tags and not movetext:
            return
        root = Node(None, None, tags.get("FEN", START))
        current, stack = root, []
        for token in TOKEN_RE.findall(" ".join(movetext)):
            if token == "(":
                stack.append(current)
                current = current.parent  # the variation replaces the last move
            elif token == ")":
                current = stack.pop()
            elif token.startswith("{"):
                text = token[1:-1].strip()
                if FEN_RE.match(text):
                    current.fen = text
            elif token.startswith("$") or token in RESULTS or re.match(r"^\d+\.", token):
                continue
            else:
                node = Node(current, token, None)
                current.children.append(node)
                current = node
        game = Game(len(games) + 1, dict(tags), root)
        # R1: pre-order, the mainline continuation first
        todo = [(root, False)]
        while todo:
            node, off_mainline = todo.pop()
            node.index = len(game.nodes)
            node.in_variation = off_mainline
            game.nodes.append(node)
            for k in range(len(node.children) - 1, -1, -1):
                todo.append((node.children[k], off_mainline or k > 0))
        for node in game.nodes:
            if node.fen is None:
                raise SystemExit("game %d: no FEN after %s" % (game.number, node.san))
        games.append(game)

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r'^\[(\w+) "(.*)"\]$', line)
            if m:
                if movetext:
                    finish()
                    tags, movetext = {}, []
                tags[m.group(1)] = m.group(2)
            elif line.strip():
                movetext.append(line)
    finish()
    return games


BOARDS = {}


def board(fen):
    """{(file, rank): piece letter} of a FEN, files and ranks 0..7 (a
    fresh copy of a cached parse)."""
    placement = fen.split()[0]
    if placement not in BOARDS:
        BOARDS[placement] = board_uncached(placement)
    return dict(BOARDS[placement])


def board_uncached(fen):
    squares = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                squares[(f, 7 - r)] = c
                f += 1
    return squares


def side_to_move(fen):
    return fen.split()[1]


# ---------------------------------------------------------------------
# The queries, decided independently of the engine.  Each takes a node
# and returns True if the position matches.

def mate_with_rook_and_queen(node):
    """:mate with R and Q for the mating side (White mates Black, or with
    :flipcolor Black mates White).  A mate is a position reached by a move
    that pgn-extract marks with '#'."""
    if node.san is None or not node.san.rstrip("!?").endswith("#"):
        return False
    pieces = board(node.fen).values()
    if side_to_move(node.fen) == "b":
        return "R" in pieces and "Q" in pieces
    return "r" in pieces and "q" in pieces


ORTHOGONAL = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAGONAL = [(1, 1), (1, -1), (-1, -1), (-1, 1)]


def knight_pinned_to_king(node):
    """A knight stands between its own king and an enemy rook or queen
    (orthogonally) or bishop or queen (diagonally), every other square
    between them empty."""
    squares = board(node.fen)
    for king, knight, sliders_o, sliders_d in (("k", "n", "RQ", "BQ"), ("K", "N", "rq", "bq")):
        for (kf, kr), piece in squares.items():
            if piece != king:
                continue
            for directions, sliders in ((ORTHOGONAL, sliders_o), (DIAGONAL, sliders_d)):
                for df, dr in directions:
                    seen = []
                    f, r = kf + df, kr + dr
                    while 0 <= f <= 7 and 0 <= r <= 7 and len(seen) < 2:
                        if (f, r) in squares:
                            seen.append(squares[(f, r)])
                        f, r = f + df, r + dr
                    if len(seen) == 2 and seen[0] == knight and seen[1] in sliders:
                        return True
    return False


def next_moves(node, variations):
    return node.children if variations else node.children[:1]


def en_passant_next(node, variations=True):
    """Some continuation is a pawn capture onto an empty square."""
    before = board(node.fen)
    for child in next_moves(node, variations):
        m = re.match(r"^([a-h])x([a-h])([1-8])", child.san)
        if m:
            target = (ord(m.group(2)) - ord("a"), int(m.group(3)) - 1)
            if target not in before:
                return True
    return False


def underpromotion_next(node, variations=True):
    return any(re.search(r"=[RBN]", child.san) for child in next_moves(node, variations))


def quadrupled_pawns(node):
    """Exactly four pawns of one colour on one file."""
    squares = board(node.fen)
    for pawn in "Pp":
        for f in range(8):
            if sum(1 for r in range(8) if squares.get((f, r)) == pawn) == 4:
                return True
    return False


POWER = {"Q": 9, "R": 5, "B": 3, "N": 3, "P": 1, "K": 0}


def white_minus_black(fen):
    total = 0
    for piece in board(fen).values():
        value = POWER[piece.upper()]
        total += value if piece.isupper() else -value
    return total


def material_deficit_win(game):
    """White wins (Result tag) though at least 3 points behind at the start."""
    return game.tags.get("Result") == "1-0" and white_minus_black(game.root.fen) <= -3


# ---------------------------------------------------------------------
# Themes across positions.  Each takes a game and returns the annotated
# node indices (R2), or None when the game does not match.  They work from
# the FENs only: piece identity (marks, R11) is followed by comparing the
# boards before and after each move.

def mainline(game):
    nodes, node = [], game.root
    while node is not None:
        nodes.append(node)
        node = node.children[0] if node.children else None
    return nodes


def color(piece):
    return "w" if piece.isupper() else "b"


def compute_marks(game):
    """{node index: {square: mark}}; marks numbered over the initial
    position a1, b1, ..., h8; a moved piece keeps its mark (promotion
    too), a captured one loses it; castling moves both marks.  Computed
    once per game."""
    if getattr(game, "marks", None) is None:
        game.marks = compute_marks_uncached(game)
    return game.marks


def compute_marks_uncached(game):
    root = board(game.root.fen)
    order = sorted(root, key=lambda sq: (sq[1], sq[0]))
    result = {0: {sq: m for m, sq in enumerate(order)}}
    for node in game.nodes[1:]:
        before, after = board(node.parent.fen), board(node.fen)
        parent = result[node.parent.index]
        emptied = [sq for sq in before if sq not in after]
        filled = [sq for sq in after if before.get(sq) != after[sq]]
        marks = {sq: m for sq, m in parent.items() if sq not in emptied and sq not in filled}
        for t in filled:
            piece = after[t]
            sources = [s for s in emptied if color(before[s]) == color(piece)
                       and (before[s] == piece or before[s].upper() == "P")]
            exact = [s for s in sources if before[s] == piece]
            source = (exact or sources)[0]
            marks[t] = parent[source]
        result[node.index] = marks
    return result


def mark_types(game, marks, nodes):
    seen = {}
    for node in nodes:
        squares = board(node.fen)
        for sq, m in marks[node.index].items():
            seen.setdefault(m, set()).add(squares[sq])
    return seen


def square_of(marks, node, mark):
    for sq, m in marks[node.index].items():
        if m == mark:
            return sq
    return None


def rookcorners(game):
    nodes = mainline(game)
    marks = compute_marks(game)
    seen = mark_types(game, marks, nodes)
    for mark in sorted(seen):
        if not seen[mark] & {"R", "r"}:
            continue
        firsts = []
        for corner in ((0, 0), (7, 0), (7, 7), (0, 7)):
            hit = [n.index for n in nodes if square_of(marks, n, mark) == corner]
            if not hit:
                break
            firsts.append(hit[0])
        else:
            return sorted(set(firsts))
    return None


def excelsior(game):
    """A pawn on its own second rank at the start promotes on the
    mainline (any piece)."""
    nodes = mainline(game)
    marks = compute_marks(game)
    root = board(game.root.fen)
    for sq, mark in sorted(marks[0].items(), key=lambda item: item[1]):
        if not ((root[sq] == "P" and sq[1] == 1) or (root[sq] == "p" and sq[1] == 6)):
            continue
        for node in nodes[1:]:
            where = square_of(marks, node, mark)
            if where is not None and board(node.fen)[where].upper() != "P":
                return [0]
    return None


def eg151(game):
    """Later, same side to move, the same position except that 1 to 10
    white pieces are gone."""
    if game.tags.get("Result") != "1-0":
        return None
    nodes = mainline(game)
    hits = []
    for i, p1 in enumerate(nodes):
        b1 = board(p1.fen)
        for p2 in nodes[i + 1:]:
            if side_to_move(p1.fen) != side_to_move(p2.fen):
                continue
            b2 = board(p2.fen)
            if any(b1.get(sq) != piece for sq, piece in b2.items()):
                continue
            missing = [b1[sq] for sq in b1 if sq not in b2]
            if 1 <= len(missing) <= 10 and all(piece.isupper() for piece in missing):
                hits.append(p1.index)
                break
    return hits or None


def mutual_zugzwang(game):
    nodes = mainline(game)
    for i, p1 in enumerate(nodes):
        for p2 in nodes[i + 1:]:
            if (side_to_move(p1.fen) != side_to_move(p2.fen)
                    and p1.fen.split()[0] == p2.fen.split()[0]):
                return [p1.index]
    return None


def capture_square(node, child):
    """The square a capturing move goes to (its content before the move
    was a piece), or None: en passant and castling go to empty squares."""
    before, after = board(node.fen), board(child.fen)
    for sq, piece in after.items():
        if sq in before and before[sq] != piece:
            return sq
    return None


def captures_one_square(game, least=12):
    """Positions (any node: :variations) from which some continuation
    captures on a square; some square must have at least 12.  The square
    whose first such position comes first is annotated there."""
    per_square = {}
    for node in game.nodes:
        squares = {capture_square(node, child) for child in node.children}
        for sq in squares - {None}:
            per_square.setdefault(sq, []).append(node.index)
    firsts = [hits[0] for hits in per_square.values() if least <= len(hits) <= 1000]
    return [min(firsts)] if firsts else None


def passers(squares, white):
    count = 0
    for (f, r), piece in squares.items():
        if piece != ("P" if white else "p"):
            continue
        ahead = range(r + 1, 8) if white else range(0, r)
        enemy = "p" if white else "P"
        if any(squares.get((f, x), "").upper() == "P" for x in ahead):
            continue
        if any(squares.get((g, x)) == enemy for g in (f - 1, f + 1) for x in ahead):
            continue
        count += 1
    return count


def passer_positions(game, white_least, black_least):
    hits = [n.index for n in mainline(game)
            if passers(board(n.fen), True) >= white_least
            and passers(board(n.fen), False) >= black_least]
    return hits or None


KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def knight_chase(game, least=4):
    """Tag pairs (chaser, chasee), chaser white and chasee black at the
    position (or the colours flipped): the chaser moves to a square the
    chasee (a knight) attacks, at least 4 times on the mainline."""
    nodes = mainline(game)
    marks = compute_marks(game)
    seen = mark_types(game, marks, nodes)
    knights = [m for m in sorted(seen) if seen[m] & {"N", "n"}]
    for a in knights:
        for b in knights:
            if a == b:
                continue
            hits = []
            for node in nodes[:-1]:
                child = node.children[0]
                squares = board(node.fen)
                sa, sb = square_of(marks, node, a), square_of(marks, node, b)
                if sa is None or sb is None or (squares[sa], squares[sb]) not in (("N", "n"),
                                                                                  ("n", "N")):
                    continue
                ta = square_of(marks, child, a)
                if ta is None or ta == sa or sb not in board(child.fen):
                    continue
                if (ta[0] - sb[0], ta[1] - sb[1]) in KNIGHT:
                    hits.append(node.index)
            if least <= len(hits) <= 100:
                return [hits[0]]
    return None


def attackers(squares, target, by_white):
    """Squares of the pieces of one colour attacking @target (R5: sliders
    stop at the first piece, pawns forward diagonally)."""
    found = []
    tf, tr = target
    for (f, r), piece in squares.items():
        if piece.isupper() != by_white:
            continue
        kind, df, dr = piece.upper(), tf - f, tr - r
        if (df, dr) == (0, 0):
            continue
        if kind == "N":
            ok = (df, dr) in KNIGHT
        elif kind == "K":
            ok = max(abs(df), abs(dr)) == 1
        elif kind == "P":
            ok = abs(df) == 1 and dr == (1 if by_white else -1)
        else:
            straight, diagonal = df == 0 or dr == 0, abs(df) == abs(dr)
            ok = (straight and kind in "RQ") or (diagonal and kind in "BQ")
            if ok:
                sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
                x, y = f + sf, r + sr
                while (x, y) != target:
                    if (x, y) in squares:
                        ok = False
                        break
                    x, y = x + sf, y + sr
        if ok:
            found.append((f, r))
    return found


def moved_to(node, child):
    """(from, to) of the mover (the king for castling)."""
    before, after = board(node.fen), board(child.fen)
    filled = [sq for sq in after if before.get(sq) != after[sq]]
    emptied = [sq for sq in before if sq not in after]
    if len(filled) == 2:  # castling: the king's move
        to = [sq for sq in filled if after[sq].upper() == "K"][0]
        return [sq for sq in emptied if before[sq].upper() == "K"][0], to
    to = filled[0]
    frm = [sq for sq in emptied if color(before[sq]) == color(after[to])][0]
    return frm, to


def between_on_ray(squares, x, king, sliders_o, sliders_d):
    """X lies on a line from a slider to the king, every other square
    between the slider and the king empty."""
    kf, kr = king
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df, dr) == (0, 0):
                continue
            sliders = sliders_d if df and dr else sliders_o
            f, r, passed = kf + df, kr + dr, False
            while 0 <= f <= 7 and 0 <= r <= 7:
                if (f, r) == x:
                    passed = True
                elif (f, r) in squares:
                    if passed and squares[(f, r)] in sliders:
                        return True
                    break
                f, r = f + df, r + dr
    return False


def unguarded_guard(game, twice=False):
    nodes = mainline(game)
    hits = []
    for node in nodes[:-1]:
        if side_to_move(node.fen) != "w":
            continue
        squares = board(node.fen)
        kings = [sq for sq, p in squares.items() if p == "K"]
        if not kings or not attackers(squares, kings[0], False):
            continue
        child = node.children[0]
        frm, x = moved_to(node, child)
        if x in squares or not between_on_ray(squares, x, kings[0], "qr", "qb"):
            continue
        after = board(child.fen)
        if x not in after or not after[x].isupper() or attackers(after, x, True):
            continue
        if twice:
            if not child.children:
                continue
            grand = child.children[0]
            f2, t2 = moved_to(child, grand)
            if t2 != x or after.get(f2) not in ("r", "q", "b"):
                continue
            if not grand.children:
                continue
            g = board(grand.fen)
            gk = [sq for sq, p in g.items() if p == "K"]
            if not gk or not attackers(g, gk[0], False):
                continue
            f3, t3 = moved_to(grand, grand.children[0])
            if t3 in g or g.get(f3) not in ("Q", "R", "B", "N", "P"):
                continue
        hits.append(node.index)
    return hits or None


# CQL 3 transforms (rulings R7), written from the manual's definitions:
# square sets as sets of (file, rank); a unit shift moves every square one
# step, drops those on the edge it moves towards and keeps (as well as
# moves) those on the opposite edge.

def unit_shift(squares, df, dr):
    out = set()
    for f, r in squares:
        if df:
            nf = f + df
            if 0 <= nf <= 7:
                out.add((nf, r))
            if (df > 0 and f == 0) or (df < 0 and f == 7):
                out.add((f, r))
        else:
            nr = r + dr
            if 0 <= nr <= 7:
                out.add((f, nr))
            if (dr > 0 and r == 0) or (dr < 0 and r == 7):
                out.add((f, r))
    return out


def shift(squares, dx, dy):
    for _ in range(abs(dx)):
        squares = unit_shift(squares, 1 if dx > 0 else -1, 0)
    for _ in range(abs(dy)):
        squares = unit_shift(squares, 0, 1 if dy > 0 else -1)
    return squares


DIHEDRAL = [lambda f, r: (f, r), lambda f, r: (7 - f, r), lambda f, r: (f, 7 - r),
            lambda f, r: (7 - f, 7 - r), lambda f, r: (r, f), lambda f, r: (7 - r, 7 - f),
            lambda f, r: (r, 7 - f), lambda f, r: (7 - r, f)]


def transform_members(designators, flips, colors, shifts):
    """The distinct images of a list of (pieces, squares) designators
    under shift o colour o flip; members that empty a square set dropped."""
    members = set()
    for d in (range(8) if flips else [0]):
        for c in ((0, 1) if colors else (0,)):
            for dx, dy in (((x, y) for x in range(-7, 8) for y in range(-7, 8))
                           if shifts else [(0, 0)]):
                image = []
                for pieces, squares in designators:
                    sq = {DIHEDRAL[d](f, r) for f, r in squares}
                    if c:
                        sq = {(f, 7 - r) for f, r in sq}
                        pieces = pieces.swapcase()
                    sq = shift(sq, dx, dy)
                    if not sq:
                        break
                    image.append((pieces, frozenset(sq)))
                else:
                    members.add(tuple(image))
    return members


STAIRCASE = None


def gives_check(node):
    return node.san is not None and node.san.rstrip("!?").endswith(("+", "#"))


def staircase(game):
    """Queen moves from a2, b2, b3, c3, c4 in turn, each answered by a
    position in check, on consecutive positions; transformed by :shift
    :flip :flipcolor."""
    global STAIRCASE
    if STAIRCASE is None:
        path = [("Q", {(0, 1)}), ("Q", {(1, 1)}), ("Q", {(1, 2)}), ("Q", {(2, 2)}),
                ("Q", {(2, 3)})]
        STAIRCASE = {}
        for member in transform_members(path, True, True, True):
            pieces, squares = member[0]
            for sq in squares:
                STAIRCASE.setdefault((pieces, sq), []).append(member)
    nodes = mainline(game)
    for i in range(len(nodes) - 9):
        frm, _ = moved_to(nodes[i], nodes[i + 1])
        piece = board(nodes[i].fen)[frm]
        for member in STAIRCASE.get((piece, frm), []):
            ok = True
            for k, (pieces, squares) in enumerate(member):
                v = nodes[i + 2 * k]
                f, _ = moved_to(v, nodes[i + 2 * k + 1])
                if board(v.fen)[f] != pieces or f not in squares:
                    ok = False
                    break
                if k < 4 and not gives_check(nodes[i + 2 * k + 1]):
                    ok = False
                    break
            if ok:
                return [nodes[i].index]
    return None


RECTANGLE = None


def rook_rectangle(game):
    """A rook (or a pawn that becomes one) stands on a1, d1, d3, a3, a1
    in this order, gaps allowed; the five squares transformed together by
    :shift :flip (tag squares are transformed, the tag is the same)."""
    global RECTANGLE
    if RECTANGLE is None:
        corners = [("?", {sq}) for sq in ((0, 0), (3, 0), (3, 2), (0, 2), (0, 0))]
        RECTANGLE = [[squares for _, squares in member]
                     for member in transform_members(corners, True, False, True)]
    nodes = mainline(game)
    marks = compute_marks(game)
    seen = mark_types(game, marks, nodes)
    for mark in sorted(seen):
        if not seen[mark] & {"R", "r"}:
            continue
        path = [square_of(marks, n, mark) for n in nodes]
        visited = set(path)
        for member in RECTANGLE:
            if any(not (squares & visited) for squares in member):
                continue
            k = 0
            for sq in path:
                if sq in member[k]:
                    k += 1
                    if k == len(member):
                        return [0]
    return None


THEMES = {
    "staircase": staircase,
    "rook-rectangle": rook_rectangle,
    "rookcorners": rookcorners,
    "excelsior": excelsior,
    "eg151-missing-white": eg151,
    "mutual-zugzwang": mutual_zugzwang,
    "captures-one-square": captures_one_square,
    "passers-white-3": lambda game: passer_positions(game, 3, 0),
    "passers-black-2": lambda game: passer_positions(game, 0, 2),
    "passers-both": lambda game: passer_positions(game, 3, 2),
    "knight-chase": knight_chase,
    "unguarded-guard": unguarded_guard,
    "unguarded-guard-twice": lambda game: unguarded_guard(game, True),
}


# name: (node predicate or None, game predicate or None, examines variations)
QUERIES = {
    "mate-rook-queen": (mate_with_rook_and_queen, None, True),
    "knight-pin": (knight_pinned_to_king, None, False),
    "en-passant": (en_passant_next, None, True),
    "underpromotion": (underpromotion_next, None, True),
    "quadrupled-pawns": (quadrupled_pawns, None, True),
    "material-deficit-win": (None, material_deficit_win, False),
}


def expected_lines(games, name):
    if name in THEMES:
        lines = []
        for game in games:
            hits = THEMES[name](game)
            if hits is not None:
                lines.append("game %d nodes %d: %s" % (game.number, len(game.nodes),
                                                       " ".join(map(str, hits))))
        return lines
    node_predicate, game_predicate, variations = QUERIES[name]
    lines = []
    for game in games:
        if game_predicate is not None:
            # a list with :initial: the root only
            if game_predicate(game):
                lines.append("game %d nodes %d: 0" % (game.number, len(game.nodes)))
            continue
        hits = [node.index for node in game.nodes
                if (variations or not node.in_variation) and node_predicate(node)]
        if hits:
            lines.append("game %d nodes %d: %s" % (game.number, len(game.nodes),
                                                   " ".join(map(str, hits))))
    return lines


def run_tool(cql, query, tmp):
    """Game numbers and number of {MATCH} comments the cql tool writes."""
    out = os.path.join(tmp, "out.pgn")
    subprocess.run([cql, "--quiet", "--threads", "2", "-i", STUDIES, "-o", out, query],
                   check=True, stdout=subprocess.DEVNULL)
    with open(out, encoding="utf-8", errors="replace") as f:
        text = f.read()
    numbers = [int(n) for n in re.findall(r"\{Original game: (\d+)\}", text)]
    return numbers, text.count("{MATCH}")


def main():
    write = "--write" in sys.argv[1:]
    pgn_extract = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    if not os.path.exists(STUDIES) or not os.path.exists(pgn_extract):
        print("1..0 # SKIP studies or pgn-extract missing")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "fen.pgn")
        subprocess.run([pgn_extract, "--quiet", "--fencomments", "-w", "100000", "-o", out,
                        STUDIES], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        games = parse_games(out)
    if len(games) != 253:
        print("Bail out! pgn-extract gave %d games, expected 253" % len(games))
        return 1

    names = sorted(list(QUERIES) + list(THEMES))
    cql = os.environ.get("CQL")
    print("1..%d" % (len(names) * (2 if cql else 1)))
    failed = 0
    test = 0
    for name in names:
        lines = expected_lines(games, name)
        path = os.path.join(GOLDEN, name + ".expected")
        if write:
            with open(path, "w") as f:
                f.write("".join(line + "\n" for line in lines))
        with open(path) as f:
            stored = [line.rstrip("\n") for line in f if line.strip()]
        test += 1
        if stored == lines:
            print("ok %d - %s: %d games" % (test, name, len(lines)))
        else:
            failed += 1
            print("not ok %d - %s" % (test, name))
            for line in sorted(set(stored) ^ set(lines)):
                print("#   %s %s" % ("stored only:" if line in stored else "pgn-extract only:",
                                      line))
        if cql:
            with tempfile.TemporaryDirectory() as tmp:
                numbers, matches = run_tool(cql, os.path.join(GOLDEN, name + ".cql"), tmp)
            want_numbers = [int(line.split()[1]) for line in stored]
            want_matches = sum(len(line.split(":")[1].split()) for line in stored)
            test += 1
            if numbers == want_numbers and matches == want_matches:
                print("ok %d - cql tool, %s: %d games, %d {MATCH}" % (test, name, len(numbers),
                                                                    matches))
            else:
                failed += 1
                print("not ok %d - cql tool, %s: games %s, %d {MATCH}; expected %s, %d"
                      % (test, name, numbers, matches, want_numbers, want_matches))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
