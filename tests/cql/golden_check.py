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
# code, from FENs and SAN only.
#
# When $CQL names the cql tool, each query is also run through it (two
# threads) and the games it writes ({Original game: N}) and the number of
# {MATCH} comments must agree with NAME.expected.
#
#   golden_check.py [--write]   (--write: regenerate NAME.expected)
#
# Exit status 77 (skip) if the data or pgn-extract is missing.
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


def board(fen):
    """{(file, rank): piece letter} of a FEN, files and ranks 0..7."""
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
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "fen.pgn")
        subprocess.run([pgn_extract, "--quiet", "--fencomments", "-w", "100000", "-o", out,
                        STUDIES], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        games = parse_games(out)
    if len(games) != 253:
        print("Bail out! pgn-extract gave %d games, expected 253" % len(games))
        return 1

    names = sorted(QUERIES)
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
