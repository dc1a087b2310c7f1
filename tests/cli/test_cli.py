#!/usr/bin/env python3
# End-to-end tests of the `cql` tool: queries on fixtures and on the real
# studies of ../shared/data (skipped when it is absent).
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

CQL = os.environ.get("CQL", "cql")
FIXTURES = os.environ.get("EXCELSIOR_FIXTURES", os.path.join(os.path.dirname(__file__), "..", "fixtures"))
SHARED = os.environ.get("EXCELSIOR_SHARED_DATA", "")
MINI = os.path.join(FIXTURES, "cli", "mini.pgn")
HHDB = os.path.join(SHARED, "studies", "cql6-sample-hhdb-selection.pgn")
PGN_EXTRACT = shutil.which("pgn-extract") or ("/usr/games/pgn-extract" if os.path.exists("/usr/games/pgn-extract") else None)


def games_of(text):
    """Split PGN text into games (each starting at an [Event tag)."""
    parts = re.split(r"(?m)^(?=\[Event )", text)
    return [p for p in parts if p.strip()]


def tag(game, name):
    m = re.search(r'(?m)^\[%s "(.*)"\]' % re.escape(name), game)
    return m.group(1) if m else None


def original_numbers(text):
    return [int(n) for n in re.findall(r"\{Original game: (\d+)\}", text)]


class CliTestCase(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-test-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write_query(self, body, name="q.cql", pgn=MINI, output="out.pgn"):
        path = os.path.join(self.dir, name)
        out = os.path.join(self.dir, output)
        with open(path, "w") as f:
            f.write("(match :pgn %s :output %s\n %s)\n" % (pgn, out, body))
        return path, out

    def run_cql(self, *args, expect=0):
        proc = subprocess.run([CQL, *args], capture_output=True, text=True, cwd=self.dir,
                              stdin=subprocess.DEVNULL, timeout=300)
        self.assertEqual(proc.returncode, expect,
                         "cql %s exited %d\nstdout: %s\nstderr: %s" % (
                             " ".join(args), proc.returncode, proc.stdout, proc.stderr))
        return proc

    def search(self, body, *extra, pgn=MINI):
        q, out = self.write_query(body, pgn=pgn)
        proc = self.run_cql(*extra, q)
        with open(out, encoding="utf-8") as f:
            return f.read(), proc


class TestMiniFixture(CliTestCase):
    def test_mate_finds_mainline_mates_only(self):
        text, proc = self.search("(position :mate)")
        self.assertEqual(original_numbers(text), [1, 2])
        games = games_of(text)
        self.assertEqual([tag(g, "Event") for g in games], ["Fool's mate", "Scholar's mate"])
        # R2: {MATCH} right after the mating move, header comment first.
        self.assertRegex(games[0], r"\{Original game: 1\}\s*1\. f3")
        self.assertRegex(games[0], r"Qh4#\s*\{MATCH\}")
        self.assertRegex(games[1], r"Qxf7#\s*\{MATCH\}")
        # existing comments are kept
        self.assertIn("{Black blunders}", games[1])
        self.assertIn("2 matches of 6 games", proc.stderr)

    def test_variations_keyword_reaches_variation_mate(self):
        text, _ = self.search("(position :mate :variations)")
        self.assertEqual(original_numbers(text), [1, 2, 4])
        g4 = games_of(text)[2]
        self.assertRegex(g4, r"\(3\. Qf3 d6 \$2 4\. Qxf7#\s*\{MATCH\}\s*\)")
        only, _ = self.search("(position :mate :variationsonly)")
        self.assertEqual(original_numbers(only), [4])

    def test_stalemate_with_king_in_corner(self):
        text, _ = self.search("(position K[a1,h1,a8,h8] :stalemate)")
        self.assertEqual(original_numbers(text), [3])
        self.assertRegex(games_of(text)[0], r"1\. Qb6\s*\{MATCH\}")
        none, _ = self.search("(position K[a2-7] :stalemate)")
        self.assertEqual(original_numbers(none), [])

    def test_initial_position_match_is_annotated_before_first_move(self):
        text, _ = self.search("(position :initial k[a8] Q[b5])")
        self.assertEqual(original_numbers(text), [3])
        self.assertRegex(games_of(text)[0], r"\{Original game: 3\}\s*\{MATCH\}\s*1\. Qb6")

    def test_damaged_game_is_reported_and_search_goes_on(self):
        text, proc = self.search("(position)")
        # (position) matches every position: every readable game is copied.
        self.assertEqual(original_numbers(text), [1, 2, 3, 4, 5, 6])
        self.assertRegex(proc.stderr, r"mini\.pgn:\d+: game 5: .*Qxe7")
        self.assertIn("1 damaged", proc.stderr)

    def test_two_position_lists_must_both_match(self):
        text, _ = self.search("(position :check) (position Q[f7])")
        self.assertEqual(original_numbers(text), [2])

    def test_markall_and_noannotate(self):
        text, _ = self.search("(position :check :markall :variations)")
        g = games_of(text)
        self.assertEqual(original_numbers(text), [1, 2, 4])
        self.assertEqual(g[2].count("{MATCH}"), 1)
        plain, _ = self.search("(position :check :noannotate)")
        self.assertNotIn("{MATCH}", plain)
        self.assertEqual(original_numbers(plain), [1, 2])

    def test_threads_give_identical_output(self):
        one, _ = self.search("(position :check :variations :markall)", "--threads", "1")
        two, _ = self.search("(position :check :variations :markall)", "--threads", "2")
        self.assertEqual(one, two)

    def test_threads_identical_over_many_batches(self):
        # About 15,600 games (61 batches of 256) with a damaged one in the
        # middle, and an output past 9 MiB (the tool starts the writeback
        # every 8 MiB beyond its 1 MiB buffer): the search driver's hand-over,
        # its taking of queued batches and the reuse of delivered batches
        # all run, and every thread count gives the same bytes and the same
        # diagnostics in the same order.
        with open(os.path.join(FIXTURES, "chess", "kasparov-deep-blue-1997.pgn"),
                  encoding="utf-8") as f:
            games = f.read()
        with open(MINI, encoding="utf-8") as f:
            mini = f.read()
        big = os.path.join(self.dir, "big.pgn")
        with open(big, "w", encoding="utf-8") as f:
            for i in range(2600):
                f.write(games + "\n")
                if i == 1300:
                    f.write(mini + "\n")
        outputs, diagnostics = [], []
        for threads in ("1", "2", "4"):
            text, proc = self.search("(position)", "--threads", threads, pgn=big)
            outputs.append(text)
            diagnostics.append([l for l in proc.stderr.splitlines() if ": game " in l])
        self.assertGreater(len(outputs[0].encode("utf-8")), 9 * 1024 * 1024)
        self.assertEqual(original_numbers(outputs[0])[:3], [1, 2, 3])
        # Every game is copied, the damaged one too (up to its bad move).
        self.assertEqual(len(original_numbers(outputs[0])), 2600 * 6 + 6)
        self.assertEqual(len(diagnostics[0]), 1)
        self.assertRegex(diagnostics[0][0], r"big\.pgn:\d+: game %d: .*Qxe7" % (1301 * 6 + 5))
        for text, diags in zip(outputs[1:], diagnostics[1:]):
            self.assertEqual(text, outputs[0])
            self.assertEqual(diags, diagnostics[0])

    def test_matchstring_noheader_stdout(self):
        q, _ = self.write_query("(position :mate)")
        proc = self.run_cql("--noheader", "--matchstring", "HIT", "-o", "-", q)
        self.assertNotIn("Original game", proc.stdout)
        self.assertEqual(proc.stdout.count("{HIT}"), 2)

    def test_gamenumber_option(self):
        text, _ = self.search("(position)", "--gamenumber", "2-3")
        self.assertEqual(original_numbers(text), [2, 3])

    def test_cql_suffix_is_added(self):
        q, out = self.write_query("(position :mate)", name="mates.cql")
        self.run_cql(q[:-4])
        self.assertTrue(os.path.exists(out))

    def test_input_option_overrides_pgn(self):
        q, out = self.write_query("(position :mate)", pgn="/nonexistent.pgn")
        self.run_cql("-i", MINI, q)
        with open(out) as f:
            self.assertEqual(original_numbers(f.read()), [1, 2])


class TestCql6Edits(CliTestCase):
    """CQL 6's settag and removecomment in the games written, and assert."""

    def run_cql6(self, body, *extra, expect=0):
        q = os.path.join(self.dir, "q6.cql")
        out = os.path.join(self.dir, "out6.pgn")
        with open(q, "w") as f:
            f.write("cql(input %s output %s)\n%s\n" % (MINI, out, body))
        proc = self.run_cql(*extra, q, expect=expect)
        if expect != 0:
            return None, proc
        with open(out, encoding="utf-8") as f:
            return f.read(), proc

    def test_settag_and_removecomment(self):
        text, _ = self.run_cql6('mate settag ("Mated" "yes") parent:removecomment')
        games = games_of(text)
        self.assertEqual([tag(g, "Mated") for g in games], ["yes", "yes"])
        self.assertNotIn("Black blunders", text)
        text, _ = self.run_cql6('mate settag ("Mated" "yes") parent:removecomment',
                                "-nosettag", "-noremovecomment")
        self.assertIsNone(tag(games_of(text)[0], "Mated"))
        self.assertIn("Black blunders", text)

    def test_failed_assert_stops_the_search(self):
        _, proc = self.run_cql6("assert not mate", expect=1)
        self.assertIn("q6.cql:2:1: assert failed at game 1, position 4", proc.stderr)


class TestErrors(CliTestCase):
    def test_syntax_error_has_file_line_column(self):
        path = os.path.join(self.dir, "bad.cql")
        with open(path, "w") as f:
            f.write("(match :pgn x.pgn :output y.pgn\n  (position :mate\n)\n")
        proc = self.run_cql(path, expect=1)
        self.assertRegex(proc.stderr, r"bad\.cql:\d+:\d+: ")

    def test_unknown_keyword(self):
        q, out = self.write_query("(position :stalemat)")
        proc = self.run_cql(q, expect=1)
        self.assertRegex(proc.stderr, r"q\.cql:2:12: .*:stalemat")
        self.assertIn(":stalemate", proc.stderr)
        self.assertFalse(os.path.exists(out))

    def test_bad_designator(self):
        q, _ = self.write_query("(position [Re8])")
        proc = self.run_cql(q, expect=1)
        self.assertRegex(proc.stderr, r"q\.cql:2:12: .*\[Re8\]")

    def test_missing_database(self):
        q, out = self.write_query("(position)", pgn=os.path.join(self.dir, "missing.pgn"))
        proc = self.run_cql(q, expect=1)
        self.assertIn("missing.pgn", proc.stderr)
        self.assertFalse(os.path.exists(out))

    def test_usage_errors(self):
        self.run_cql(expect=2)
        self.run_cql("--threads", "x", "q.cql", expect=2)
        self.run_cql("--gamenumber", "5-2", "q.cql", expect=2)
        self.assertIn("Usage", self.run_cql("--help").stdout)
        self.assertIn("Excelsior", self.run_cql("--version").stdout)

    def test_output_equal_to_input_is_refused(self):
        db = os.path.join(self.dir, "db.pgn")
        shutil.copy(MINI, db)
        before = open(db, "rb").read()
        q, _ = self.write_query("(position)", pgn=db)
        proc = self.run_cql("-o", db, q, expect=1)
        self.assertIn("refusing", proc.stderr)
        self.assertEqual(open(db, "rb").read(), before)

    def test_output_to_a_device_is_written_in_place(self):
        # A temporary file renamed over /dev/null would replace the device.
        q, _ = self.write_query("(position :mate)")
        self.run_cql("-o", os.devnull, q)
        self.assertFalse(os.path.isfile(os.devnull))
        fifo = os.path.join(self.dir, "fifo")
        os.mkfifo(fifo)
        import threading
        got = []
        reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
        reader.start()
        self.run_cql("-o", fifo, q)
        reader.join(60)
        self.assertEqual(original_numbers(got[0]), [1, 2])

    def test_failed_search_keeps_existing_output(self):
        q, out = self.write_query("(position)", pgn=os.path.join(self.dir, "missing.pgn"))
        with open(out, "w") as f:
            f.write("precious\n")
        self.run_cql(q, expect=1)
        self.assertEqual(open(out).read(), "precious\n")
        self.assertEqual(sorted(os.listdir(self.dir)), ["out.pgn", "q.cql"])


@unittest.skipUnless(os.path.exists(HHDB), "../shared/data is absent")
class TestRealStudies(CliTestCase):
    """The 253 van der Heijden studies shipped with CQL 6."""

    def keys(self, text):
        return sorted((tag(g, "White"), tag(g, "FEN"), tag(g, "Event")) for g in games_of(text))

    def pgn_extract(self, *flags):
        out = os.path.join(self.dir, "pe.pgn")
        subprocess.run([PGN_EXTRACT, *flags, "-s", HHDB, "-o", out], check=True,
                       capture_output=True)
        with open(out, "rb") as f:
            data = f.read()
        # pgn-extract keeps the input's bytes; Excelsior writes UTF-8.
        games = re.split(rb"(?m)^(?=\[Event )", data)
        text = []
        for g in games:
            try:
                text.append(g.decode("utf-8"))
            except UnicodeDecodeError:
                text.append(g.decode("latin-1"))
        return "".join(text)

    @unittest.skipUnless(PGN_EXTRACT, "pgn-extract is not installed")
    def test_mates_agree_with_pgn_extract(self):
        text, proc = self.search("(position :mate)", pgn=HHDB)
        self.assertIn("58 matches of 253 games", proc.stderr)
        ref = self.pgn_extract("--checkmate")
        self.assertEqual(len(games_of(ref)), 58)
        self.assertEqual(self.keys(text), self.keys(ref))

    @unittest.skipUnless(PGN_EXTRACT, "pgn-extract is not installed")
    def test_stalemates_agree_with_pgn_extract(self):
        text, proc = self.search("(position :stalemate)", pgn=HHDB)
        self.assertIn("46 matches of 253 games", proc.stderr)
        ref = self.pgn_extract("--stalemate")
        self.assertEqual(self.keys(text), self.keys(ref))

    @unittest.skipUnless(PGN_EXTRACT, "pgn-extract is not installed")
    def test_corner_stalemates_agree_with_pgn_extract(self):
        corner, _ = self.search("(position K[a1,h1,a8,h8] :stalemate)", pgn=HHDB)
        # Independent check: pgn-extract's stalemated games, with the FEN of the
        # final position (-F); keep those whose white king stands in a corner.
        ref = self.pgn_extract("--stalemate", "-F")
        expected = []
        for g in games_of(ref):
            fen = re.findall(r'\{\s*"([1-8KQRBNPkqrbnp/]+) [wb] ', g)[-1]
            ranks = fen.split("/")
            squares = {}
            for r, row in enumerate(ranks):
                f = 0
                for ch in row:
                    if ch.isdigit():
                        f += int(ch)
                    else:
                        squares[(f, 7 - r)] = ch
                        f += 1
            if any(squares.get(c) == "K" for c in [(0, 0), (7, 0), (0, 7), (7, 7)]):
                expected.append(g)
        self.assertTrue(expected)
        self.assertEqual(self.keys(corner), self.keys("".join(expected)))
        self.assertEqual(len(games_of(corner)), corner.count("{MATCH}"))

    def test_every_study_is_copied_by_the_empty_position_list(self):
        text, proc = self.search("(position)", pgn=HHDB)
        self.assertEqual(original_numbers(text), list(range(1, 254)))
        self.assertIn("253 matches of 253 games", proc.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
