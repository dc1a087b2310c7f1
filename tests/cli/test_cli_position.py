#!/usr/bin/env python3
# The position search of the `cql` tool: --position FEN [--symmetric]
# [--differ N], on games written here.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import subprocess
import tempfile
import unittest

CQL = os.environ.get("CQL", "cql")

GAMES = """[Event "Knights first"]
[Result "*"]

1. Nf3 Nf6 2. Nc3 Nc6 3. e4 *

[Event "Knights the other way"]
[Result "*"]

1. Nc3 Nc6 2. Nf3 Nf6 3. d4 *

[Event "Four knights in a variation"]
[Result "*"]

1. e4 e5 2. Nf3 (2. Nc3 Nf6 3. Nf3 Nc6 4. Bb5) 2... Nc6 3. Bc4 *

[Event "King and pawn"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"]
[Result "*"]

1. Kd2 Kd5 2. Kd3 Ke5 *

[Event "King and pawn, mirrored"]
[SetUp "1"]
[FEN "8/8/8/3k4/8/8/3P4/3K4 w - - 0 1"]
[Result "*"]

1. Ke2 Ke5 2. Ke3 Kd5 *

[Event "Rook and king"]
[SetUp "1"]
[FEN "3k4/8/8/8/8/8/8/3K3R w - - 0 1"]
[Result "*"]

1. Rh8+ Kc7 *
"""

FOUR_KNIGHTS = "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3"
SPANISH_FOUR_KNIGHTS = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4"
# Game 4 after 2. Kd3: Kd3, Pe2, kd5, Black to move.
KING_PAWN = "8/8/8/3k4/8/3K4/4P3/8 b - - 0 3"


def games_of(text):
    return [p for p in re.split(r"(?m)^(?=\[Event )", text) if p.strip()]


def numbers(text):
    return [int(n) for n in re.findall(r"\{Original game: (\d+)\}", text)]


class PositionSearch(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-position-")
        self.db = os.path.join(self.dir, "games.pgn")
        self.out = os.path.join(self.dir, "out.pgn")
        with open(self.db, "w") as f:
            f.write(GAMES)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def cql(self, *args, expect=0):
        proc = subprocess.run([CQL, *args], capture_output=True, text=True, cwd=self.dir,
                              stdin=subprocess.DEVNULL, timeout=60)
        self.assertEqual(proc.returncode, expect, proc.stderr)
        return proc

    def search(self, fen, *options):
        proc = self.cql("--position", fen, *options, "-i", self.db, "-o", self.out)
        with open(self.out) as f:
            return f.read(), proc

    def test_any_move_order(self):
        text, proc = self.search(FOUR_KNIGHTS)
        self.assertEqual(numbers(text), [1, 2])
        games = games_of(text)
        # The mark stands after the move that reached the position.
        self.assertRegex(games[0], r"2\. Nc3 Nc6 \{MATCH exact\} 3\. e4")
        self.assertRegex(games[1], r"2\. Nf3 Nf6 \{MATCH exact\} 3\. d4")
        self.assertIn("2 matches of 6 games", proc.stderr)

    def test_variations_are_searched(self):
        text, _ = self.search(SPANISH_FOUR_KNIGHTS)
        self.assertEqual(numbers(text), [3])
        self.assertRegex(text, r"\(2\. Nc3 Nf6 3\. Nf3 Nc6 \{MATCH exact\} 4\. Bb5\)")

    def test_castling_en_passant_and_counters_ignored_side_to_move_not(self):
        text, _ = self.search("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w - - 0 1")
        self.assertEqual(numbers(text), [1, 2])
        text, _ = self.search("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w")
        self.assertEqual(numbers(text), [1, 2])
        text, proc = self.search("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq -")
        self.assertEqual(numbers(text), [])
        self.assertIn("0 matches of 6 games", proc.stderr)

    def test_symmetric_finds_the_mirror_image(self):
        text, _ = self.search(KING_PAWN)
        self.assertEqual(numbers(text), [4])
        text, _ = self.search(KING_PAWN, "--symmetric")
        self.assertEqual(numbers(text), [4, 5])
        games = games_of(text)
        self.assertRegex(games[0], r"2\. Kd3 \{MATCH exact\} 2\.\.\. Ke5")
        self.assertRegex(games[1], r"2\. Ke3 \{MATCH mirrored\} 2\.\.\. Kd5")

    def test_colours_reversed(self):
        # Game 4's position with the colours reversed: kd6, pe7, Kd4, White to move.
        text, _ = self.search("8/4p3/3k4/8/3K4/8/8/8 w - - 0 1", "--symmetric")
        self.assertEqual(numbers(text), [4, 5])
        self.assertIn("{MATCH colours reversed}", games_of(text)[0])
        self.assertIn("{MATCH mirrored, colours reversed}", games_of(text)[1])

    def test_castling_rights_keep_the_mirror_out(self):
        # Ra1, Ke1, ke8 is game 6's first position mirrored, unless White
        # may castle: then it is another position.
        text, _ = self.search("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "--symmetric")
        self.assertEqual(numbers(text), [])
        text, _ = self.search("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "--symmetric")
        self.assertEqual(numbers(text), [6])
        self.assertRegex(text, r"\{Original game: 6\} \{MATCH mirrored\}\s*1\. Rh8\+")

    def test_differ(self):
        # The pawn on e3 rather than e2.
        fen = "8/8/8/3k4/8/3KP3/8/8 b - - 0 1"
        text, _ = self.search(fen)
        self.assertEqual(numbers(text), [])
        text, _ = self.search(fen, "--differ", "1")
        self.assertEqual(numbers(text), [4])
        self.assertIn("2. Kd3 {MATCH exact, differs on e2 e3}", text)
        text, _ = self.search(fen, "--differ", "1", "--symmetric")
        self.assertEqual(numbers(text), [4, 5])
        self.assertIn("2. Ke3 {MATCH mirrored, differs on d2 d3}", games_of(text)[1])

    def test_matchstring_and_threads(self):
        text, _ = self.search(KING_PAWN, "--symmetric", "--matchstring", "FOUND")
        self.assertIn("{FOUND mirrored}", text)
        one, _ = self.search(KING_PAWN, "--symmetric", "--differ", "2", "-t", "1")
        two, _ = self.search(KING_PAWN, "--symmetric", "--differ", "2", "-t", "2")
        self.assertEqual(one, two)

    def test_errors(self):
        proc = self.cql("--position", "8/8/8/8/8/8/8/8 w - - 0 1", "-i", self.db, "-o", self.out,
                        expect=1)
        self.assertIn("--position: Bad FEN", proc.stderr)
        self.assertFalse(os.path.exists(self.out))
        proc = self.cql("--symmetric", "-i", self.db, "-o", self.out, expect=2)
        self.assertIn("--symmetric and --differ go with --position", proc.stderr)
        proc = self.cql("--position", KING_PAWN, "--differ", "17", "-i", self.db, "-o", self.out,
                        expect=2)
        self.assertIn("--differ must be between 0 and 16", proc.stderr)
        proc = self.cql("--position", KING_PAWN, "-i", self.db, expect=2)
        self.assertIn("--position needs --input and --output", proc.stderr)
        proc = self.cql("--position", KING_PAWN, "q.cql", "-i", self.db, "-o", self.out, expect=2)
        self.assertIn("no query file", proc.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
