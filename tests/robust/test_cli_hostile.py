#!/usr/bin/env python3
# The cql tool on hostile input: PGN and queries made to cost time or
# memory out of proportion to their size.  Each run is bounded with
# setrlimit: CPU seconds always, address space when the tool is not built
# with sanitizers (CQL_SANITIZED=1: ASan reserves terabytes of it).  A run
# that goes over is killed by the kernel and the test fails.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os
import random
import re
import resource
import shutil
import subprocess
import tempfile
import unittest

from long_game import long_game

CQL = os.environ.get("CQL", "cql")
SANITIZED = os.environ.get("CQL_SANITIZED", "0") == "1"
MIB = 1024 * 1024


def limited(cpu_seconds, memory_mib):
    """A preexec_fn that bounds the child's CPU time and address space."""
    def apply():
        cpu = cpu_seconds * (4 if SANITIZED else 1)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        if not SANITIZED:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mib * MIB, memory_mib * MIB))
    return apply


def child_env():
    """The tool's environment: under ASan, freed memory is held back for
    at most 16 MB (256 MB by default), so that the peak resident size
    measures what the tool keeps, not the sanitizer's quarantine."""
    env = dict(os.environ)
    if SANITIZED:
        options = env.get("ASAN_OPTIONS", "")
        env["ASAN_OPTIONS"] = (options + ":" if options else "") + "quarantine_size_mb=16"
    return env


class Hostile(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-hostile-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        return path

    def run_cql(self, pgn, query, cpu=5, memory=512, args=()):
        """Runs the tool under limits; returns (status, stdout, stderr, output text)."""
        q = self.write("q.cql", query)
        out = os.path.join(self.dir, "out.pgn")
        if os.path.exists(out):
            os.unlink(out)
        # The child is reaped with wait4() for its peak resident size
        # (self.max_rss_mib), the bound that holds under sanitizers too.
        with tempfile.TemporaryFile("w+") as so, tempfile.TemporaryFile("w+") as se:
            proc = subprocess.Popen([CQL, *args, "-i", pgn, "-o", out, q], cwd=self.dir,
                                    stdout=so, stderr=se, text=True, env=child_env(),
                                    preexec_fn=limited(cpu, memory))
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            self.max_rss_mib = usage.ru_maxrss / 1024
            so.seek(0)
            se.seek(0)
            stdout, stderr = so.read(), se.read()
        self.assertGreaterEqual(proc.returncode, 0,
                                "killed by signal %d (over its limits?)\n%s"
                                % (-proc.returncode, stderr[-2000:]))
        text = None
        if os.path.exists(out):
            with open(out, encoding="utf-8") as f:
                text = f.read()
        return proc.returncode, stdout, stderr, text

    # ---------------------------------------------------------------- PGN

    def assert_comments_kept(self, movetext, count):
        pgn = self.write("c.pgn", '[Event "x"]\n\n' + movetext + "\n")
        status, _, err, text = self.run_cql(pgn, "(match (position :initial))")
        self.assertEqual(status, 0, err)
        self.assertEqual(len(re.findall(r"\bc\b", text)), count)

    def test_many_comments_on_one_move(self):
        # 200,000 comments after one move: each used to copy all the
        # earlier ones (24 GB and the OOM killer).
        self.assert_comments_kept("1. e4 " + "{c} " * 200000 + "e5 *", 200000)

    def test_many_line_comments(self):
        self.assert_comments_kept("1. e4 " + ";c\n" * 200000 + "e5 *", 200000)

    def test_many_comments_before_the_first_move(self):
        self.assert_comments_kept("{c} " * 200000 + "1. e4 e5 *", 200000)

    def test_many_comments_in_a_variation(self):
        self.assert_comments_kept("1. e4 (1. d4 " + "{c} " * 200000 + ") e5 *", 200000)

    def test_many_sibling_variations(self):
        # 100,000 variations on one move: each used to walk the earlier ones.
        pgn = self.write("v.pgn", '[Event "v"]\n\n1. e4 ' + "(1. d4 d5 (1... Nf6)) " * 100000
                         + "e5 *\n")
        status, _, err, text = self.run_cql(pgn, "(match (position :initial))")
        self.assertEqual(status, 0, err)
        self.assertEqual(text.count("d4"), 100000)
        self.assertEqual(text.count("Nf6"), 100000)


    MATE = '[Event "mate"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'

    def test_game_too_long_is_skipped(self):
        # A game of 70 MiB of text between two good ones: reported as
        # skipped with its place, the others searched, memory bounded.
        big = '[Event "big"]\n\n1. e4 {' + "x" * (70 << 20) + "} e5 *\n\n"
        pgn = self.write("big.pgn", self.MATE + big + self.MATE)
        status, _, err, text = self.run_cql(pgn, "(match (position :mate))", memory=400)
        self.assertEqual(status, 0, err)
        self.assertIn("big.pgn:5: game 2: the game is %d bytes long, more than the 64 MiB a "
                      "game may have: skipped\n" % (len(big) - 2), err)
        self.assertIn("2 matches of 3 games", err)
        self.assertEqual(text.count("{MATCH}"), 2)

    def test_game_with_too_many_positions_is_skipped(self):
        # 2,100,000 plies (17 MB): more than the 2,000,000 positions a game
        # may have (about 560 MB of game memory).
        pgn = self.write("long.pgn", self.MATE + long_game(2100000) + self.MATE)
        status, _, err, text = self.run_cql(pgn, "(match (position :mate))", memory=1200)
        self.assertEqual(status, 0, err)
        self.assertRegex(err, r"long.pgn:7: game 2: the game has more than 2000000 positions: "
                         r"skipped\n")
        self.assertIn("2 matches of 3 games", err)
        self.assertEqual(text.count("{MATCH}"), 2)

    def test_relation_on_a_long_game(self):
        # Each position against every later one: minutes at 200,000 plies
        # (12.7 s at 32,000); grouped by material, well under a second.
        pgn = self.write("long.pgn", self.MATE + long_game(200000) + self.MATE)
        status, _, err, text = self.run_cql(
            pgn, "(match (position :relation (:missingpiececount A 1)))", cpu=3, memory=600)
        self.assertEqual(status, 0, err)
        self.assertIn("0 matches of 3 games", err)
        # A game where it holds: the position after 2...Nf5 comes back
        # after 4...Nf5 without White's h-pawn.
        game = '[Event "capture"]\n\n1. h4 Nh6 2. Nc3 Nf5 3. Nb1 Nxh4 4. Nc3 Nf5 *\n'
        pgn = self.write("capture.pgn", game)
        status, _, err, text = self.run_cql(
            pgn, "(match (position :relation (:missingpiececount A 1)))")
        self.assertEqual(status, 0, err)
        self.assertIn("1 match of 1 game", err)

    # ------------------------------------------------------------ messages

    def search_bytes(self, data, query="(match (position :initial))"):
        pgn = os.path.join(self.dir, "m.pgn")
        with open(pgn, "wb") as f:
            f.write(data)
        return self.run_cql(pgn, query)

    def test_nul_in_a_tag_is_reported_with_escapes(self):
        _, _, err, _ = self.search_bytes(b'[Ev\0ent "x\0y"]\n\n1. e4 *\n')
        self.assertIn('m.pgn:1: game 1: a control character in the tag name of '
                      '[Ev\\0ent "x\\0y"]\n', err)

    def test_control_characters_and_long_tokens_are_quoted(self):
        _, _, err, _ = self.search_bytes(b'[Event "a"]\n\n1. e4 \x1bQ7 *\n')
        self.assertIn("illegal move '\\x1bQ7'", err)
        _, _, err, _ = self.search_bytes(
            b'[Event "a"]\n[FEN "' + b"x" * 100000 + b' w - - 0 1"]\n\n1. e4 *\n')
        self.assertIn('Bad FEN "' + "x" * 59 + '… w - - 0 1"', err)
        self.assertLess(len(err), 400)

    def test_comment_line_between_tags_keeps_one_game(self):
        _, _, err, text = self.search_bytes(
            b'[Event "a"]\n; a note\n[Site "b"]\n\n1. e4 *\n')
        self.assertIn("1 match of 1 game", err)
        self.assertIn('[Event "a"]\n[Site "b"]', text)

    def test_nag_between_tags_keeps_one_game(self):
        _, _, err, text = self.search_bytes(b'[Event "a"]\n$1\n[Site "b"]\n\n1. e4 *\n')
        self.assertIn("m.pgn:2: game 1: $1 between the tags: skipped\n", err)
        self.assertIn("1 match of 1 game", err)
        self.assertIn('[Event "a"]\n[Site "b"]', text)

    def test_tag_cut_by_the_end_of_the_file(self):
        _, _, err, _ = self.search_bytes(b'[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n[Site "cut')
        self.assertIn('m.pgn:6: game 2: the tag [Site "cut is cut off by the end of the file\n',
                      err)

    def test_lines_ending_with_cr_alone(self):
        _, _, err, _ = self.search_bytes(
            b'[Event "a"]\r\r1. e4 *\r\r[Event "b"]\r[Site "x"]\r\r1. e4 e5 2. Ke3 *\r')
        self.assertIn("m.pgn:8: game 2: illegal move 'Ke3' after 1...e5", err)

    def test_query_messages_are_quoted(self):
        pgn = self.write("db.pgn", '[Event "x"]\n\n1. e4 e5 *\n')
        status, _, err, _ = self.run_cql(pgn, "(match (position :ma\x01te))")
        self.assertEqual(status, 1)
        self.assertIn("unknown keyword ':ma\\x01te'", err)
        status, _, err, _ = self.run_cql(pgn, "(match (position :" + "a" * 1000000 + "))")
        self.assertEqual(status, 1)
        self.assertIn("unknown keyword ':" + "a" * 58 + "…'", err)
        self.assertLess(len(err), 400)

    # ------------------------------------------------------------- queries

    def run_query_file(self, query_path):
        pgn = self.write("db.pgn", '[Event "x"]\n\n1. e4 e5 *\n')
        out = os.path.join(self.dir, "out.pgn")
        proc = subprocess.run([CQL, "-i", pgn, "-o", out, query_path], capture_output=True,
                              text=True, preexec_fn=limited(2, 256))
        self.assertGreaterEqual(proc.returncode, 0, "killed by signal %d" % -proc.returncode)
        self.assertEqual(os.path.exists(out), proc.returncode == 0)
        if os.path.exists(out):
            os.unlink(out)
        return proc.returncode, proc.stderr

    def test_query_file_that_never_ends(self):
        for device in ("/dev/zero", "/dev/urandom"):
            status, err = self.run_query_file(device)
            self.assertEqual(status, 1)
            self.assertEqual(err, "%s: cannot read the query file: it is not a regular "
                             "file or a pipe\n" % device)

    def test_query_file_that_is_a_directory(self):
        status, err = self.run_query_file(self.dir)
        self.assertEqual(status, 1)
        self.assertEqual(err, "%s: cannot read the query file: it is a directory\n" % self.dir)

    def test_query_file_too_long(self):
        # A valid query padded with comments to just over 1 MiB.
        body = "(match (position :mate))\n"
        path = self.write("long.cql", body + ";" * (1024 * 1024 - len(body) + 1))
        status, err = self.run_query_file(path)
        self.assertEqual(status, 1)
        self.assertEqual(err, "%s: cannot read the query file: it is longer than 1024 KiB, "
                         "which no query needs\n" % path)
        # At the limit it is read.
        path = self.write("limit.cql", body + ";" * (1024 * 1024 - len(body)))
        status, err = self.run_query_file(path)
        self.assertEqual(status, 0, err)


    def test_costly_transforms_refused_at_once(self):
        # Nested :shift :flip :flipcolor over many designators that stay on
        # the board: billions of instances.  CQL 3 compiled such a query for
        # minutes (400 designators: 25 s and 1.4 GB before being refused).
        rng = random.Random(7)
        squares = [f + r for r in "12345678" for f in "abcdefgh"]
        pgn = self.write("db.pgn", '[Event "x"]\n\n1. e4 e5 *\n')
        for n in (400, 4000):
            designators = set()
            while len(designators) < n:
                chosen = sorted(rng.sample(range(64), 40))
                designators.add("%s[%s]" % (rng.choice("KQRBNPkqrbnp"),
                                            ",".join(squares[i] for i in chosen)))
            d = " ".join(sorted(designators))
            query = ("(match (position :shift :flip :flipcolor %s :and "
                     "((position :shift :flip :flipcolor %s))))" % (d, d))
            status, _, err, _ = self.run_cql(pgn, query, cpu=3, memory=256)
            self.assertEqual(status, 1)
            self.assertIn("q.cql:1:8: the transform sets of the position lists would make more "
                          "than 5000000 instances and piece designators in all", err)

    # ------------------------------------------------------ CQL 6 at run time

    def test_cql6_slow_regex_runs_once_per_game(self):
        # `(a|aa)+$` takes about 0.1 s against 30 a's and a `!` (no match);
        # re-run at each of 2,001 positions it took minutes.
        pgn = self.write("db.pgn", long_game(2000, "a" * 30 + "!"))
        status, _, err, text = self.run_cql(pgn, 'cql()\nnot event ~~ "(a|aa)+$"\n', cpu=5)
        self.assertEqual(status, 0, err)
        self.assertEqual(text.count("[Event "), 1)

    def test_cql6_string_variable_memory(self):
        # S grows by 10 bytes at each of 10,001 positions: every value it
        # took was kept until the end of the game (500 MB, 1.4 GB peak).
        pgn = self.write("db.pgn", long_game(10000))
        query = 'cql()\nif not isbound S then S = "" else S = S + "0123456789"\n'
        status, _, err, text = self.run_cql(pgn, query, cpu=10, memory=512)
        self.assertEqual(status, 0, err)
        print("string variable: %.0f MiB peak" % self.max_rss_mib)
        self.assertLess(self.max_rss_mib, 300 if SANITIZED else 100)

    def test_cql6_strings_made_at_one_position(self):
        # S doubles at each round: the strings made at one position are
        # bounded (128 MiB), reported as an error, not grown until killed.
        pgn = self.write("db.pgn", long_game(10))
        status, _, err, _ = self.run_cql(pgn, 'cql()\nS = "x"\nwhile (true) {S = S + S}\n',
                                         cpu=10, memory=1024)
        self.assertEqual(status, 1)
        # The error names the filter that made the string too many (the
        # assignment S = S + S at line 3, column 15).
        self.assertIn(":3:15: the strings made at game 1, position 0 (positionid) pass 128 MiB",
                      err)
        print("strings at one position: %.0f MiB peak" % self.max_rss_mib)
        self.assertLess(self.max_rss_mib, 600)

    def test_cql6_comment_memory(self):
        # A 50 KB comment at each of 1,001 positions: 50 MB of comments,
        # built once and moved, not copied (212 MB peak before).
        pgn = self.write("db.pgn", long_game(1000))
        query = 'cql()\ncomment("%s")\n' % ("x" * 50000)
        status, _, err, text = self.run_cql(pgn, query, cpu=10, memory=512)
        self.assertEqual(status, 0, err)
        self.assertEqual(text.count("x" * 50000), 1001)
        print("50 MB of comments: %.0f MiB peak" % self.max_rss_mib)
        self.assertLess(self.max_rss_mib, 300 if SANITIZED else 190)

    def test_cql6_comments_past_the_bound(self):
        # 100 KB at each of 1,001 positions: past the 64 MiB a game's
        # comments and messages may have (407 MB peak before).
        pgn = self.write("db.pgn", long_game(1000))
        query = 'cql()\ncomment("%s")\n' % ("x" * 100000)
        status, _, err, text = self.run_cql(pgn, query, cpu=10, memory=512)
        self.assertEqual(status, 1)
        self.assertIn("q.cql:2:1: the comments and messages written in game 1 pass 64 MiB "
                      "at position 671 (positionid)", err)
        self.assertIsNone(text)
        print("comments past the bound: %.0f MiB peak" % self.max_rss_mib)
        self.assertLess(self.max_rss_mib, 250 if SANITIZED else 150)


if __name__ == "__main__":
    unittest.main(verbosity=2)
