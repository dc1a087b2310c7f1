#!/usr/bin/env python3
# Robustness of the `cql` tool: the summary of damaged and skipped
# games, --quiet, and file safety (output written through a temporary file,
# the input never written, a failed or interrupted search leaves the old
# output untouched).  Tests that need ../shared/data skip without it.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import glob
import hashlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

CQL = os.environ.get("CQL", "cql")
SHARED = os.environ.get("EXCELSIOR_SHARED_DATA", "")
DIAG = re.compile(r"^(.+):(\d+): game (\d+): (.+)$")
SUMMARY = re.compile(r"^(\d+) damaged and (\d+) skipped games \((.*)\)$", re.M)
FINAL = re.compile(r"^(\d+) match(?:es)? of (\d+) games? in [0-9.]+ seconds$", re.M)

BAD_PGN = """[Event "good"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "illegal"]

1. e4 e5 2. Ke3 *

[Event "variant"]
[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 *

[Event "good too"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
"""


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class CliRobust(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-robust-")
        self.pgn = os.path.join(self.dir, "db.pgn")
        with open(self.pgn, "w") as f:
            f.write(BAD_PGN)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def query(self, body="(position :mate)", pgn=None, output="out.pgn", name="q.cql"):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write("(match :pgn %s :output %s\n  %s)\n" % (pgn or self.pgn, output, body))
        return path

    def run_cql(self, *args, expect=0, timeout=300, **kw):
        proc = subprocess.run([CQL, *args], capture_output=True, text=True, cwd=self.dir,
                              stdin=subprocess.DEVNULL, timeout=timeout, **kw)
        self.assertEqual(proc.returncode, expect, "cql %s: %d\n%s" % (args, proc.returncode, proc.stderr))
        return proc

    def leftovers(self):
        return [n for n in os.listdir(self.dir) if n.startswith(".")]

    def test_diagnostics_and_summary(self):
        q = self.query()
        before = sha(self.pgn)
        err = self.run_cql(q).stderr
        diags = [DIAG.match(l) for l in err.splitlines() if DIAG.match(l)]
        self.assertEqual([(int(m.group(2)), int(m.group(3))) for m in diags], [(7, 2), (10, 3)])
        self.assertIn("Ke3", diags[0].group(4))
        self.assertIn("Crazyhouse", diags[1].group(4))
        self.assertTrue(diags[0].group(1).endswith("db.pgn"))
        s = SUMMARY.search(err)
        self.assertEqual((s.group(1), s.group(2)), ("1", "1"))
        f = FINAL.search(err)
        self.assertEqual((f.group(1), f.group(2)), ("2", "4"))
        self.assertEqual(sha(self.pgn), before)
        with open(os.path.join(self.dir, "out.pgn")) as o:
            self.assertEqual(o.read().count("{Original game:"), 2)
        self.assertEqual(self.leftovers(), [])

    def test_variations_a_query_does_not_read(self):
        # A CQL 6 query of the main line only passes over the variations of
        # the games it does not match (docs/cql.md "Damaged and unusual
        # games"): damage in one is reported for a game that matches, which
        # is read and written whole, and for every game with `variations`.
        pgn = os.path.join(self.dir, "var.pgn")
        with open(pgn, "w") as f:
            f.write('[Event "no mate, bad variation"]\n\n'
                    '1. e4 e5 (1... Ke7 2. Kxe5) 2. Nf3 *\n\n'
                    '[Event "mate, bad variation"]\n\n'
                    '1. f3 e5 (1... Kf8 2. Kxe5) 2. g4 Qh4# 0-1\n\n'
                    '[Event "mate, good variation"]\n\n'
                    '1. f3 e5 (1... e6 2. g4) 2. g4 Qh4# 0-1\n')
        games = {}
        for header in ("cql()", "cql(variations)"):
            q = os.path.join(self.dir, "v.cql")
            with open(q, "w") as f:
                f.write("%s\nmate\n" % header)
            proc = self.run_cql("-i", pgn, "-o", "v.pgn", q)
            games[header] = [int(m.group(3)) for m in map(DIAG.match, proc.stderr.splitlines())
                             if m]
            self.assertEqual(FINAL.search(proc.stderr).group(1), "2")
            with open(os.path.join(self.dir, "v.pgn")) as o:
                out = o.read()
            # The matched games whole, the damaged variation kept as text.
            self.assertIn("{1... Kf8 2. Kxe5}", out.replace("\n", " "))
            self.assertIn("(1... e6 2. g4)", out.replace("\n", " "))
        self.assertEqual(games["cql()"], [2])
        self.assertEqual(games["cql(variations)"], [1, 2])

        # The same when most games match and the search reads them whole at
        # once (cq-search-batch.c, mainline_first()): the report depends on
        # the query and the game only, on any number of threads.
        with open(pgn, "a") as f:
            for _ in range(200):
                f.write('\n[Event "mate, good variation"]\n\n'
                        '1. f3 e5 (1... e6 2. g4) 2. g4 Qh4# 0-1\n')
            f.write('\n[Event "no mate, bad variation"]\n\n'
                    '1. e4 e5 (1... Ke7 2. Kxe5) 2. Nf3 *\n')
        q = os.path.join(self.dir, "v.cql")
        with open(q, "w") as f:
            f.write("cql()\nmate\n")
        for threads in ("1", "2"):
            proc = self.run_cql("-t", threads, "-i", pgn, "-o", "v.pgn", q)
            self.assertEqual([int(m.group(3)) for m in map(DIAG.match, proc.stderr.splitlines())
                              if m], [2])
            self.assertEqual(FINAL.search(proc.stderr).group(1), "202")

    def test_quiet_keeps_only_the_summary(self):
        q = self.query()
        err = self.run_cql("--quiet", q).stderr
        self.assertEqual([l for l in err.splitlines() if DIAG.match(l)], [])
        s = SUMMARY.search(err)
        self.assertEqual((s.group(1), s.group(2)), ("1", "1"))
        self.assertIn("--quiet", s.group(3))
        self.assertTrue(FINAL.search(err))

    def test_no_summary_for_a_clean_file(self):
        clean = os.path.join(self.dir, "clean.pgn")
        with open(clean, "w") as f:
            f.write(BAD_PGN.split('[Event "illegal"]')[0])
        err = self.run_cql(self.query(pgn=clean)).stderr
        self.assertIsNone(SUMMARY.search(err))
        self.assertEqual(FINAL.search(err).group(1), "1")

    def test_query_error_leaves_output_untouched(self):
        out = os.path.join(self.dir, "out.pgn")
        with open(out, "w") as f:
            f.write("precious\n")
        q = self.query(body="(position :mate K[z9])")
        err = self.run_cql(q, expect=1).stderr
        self.assertRegex(err, r"q\.cql:2:\d+: .*K\[z9\]")
        with open(out) as f:
            self.assertEqual(f.read(), "precious\n")
        self.assertEqual(self.leftovers(), [])

    def test_binary_and_latin1_query_files(self):
        for name, data, expected in (
                ("nul.cql", b"(match\n (position :mate\x00))\n", r"nul\.cql:2:17: NUL byte"),
                ("lat.cql", b"(match\n (position :mate K[\xe9]))\n", r"lat\.cql:2:20: `K\[\u00e9\]`")):
            with open(os.path.join(self.dir, name), "wb") as f:
                f.write(data)
            err = self.run_cql("-i", self.pgn, "-o", "-", name, expect=1).stderr
            self.assertRegex(err, expected)

    def test_missing_or_unreadable_input_leaves_output_untouched(self):
        out = os.path.join(self.dir, "out.pgn")
        with open(out, "w") as f:
            f.write("precious\n")
        empty_dir = os.path.join(self.dir, "no-pgn-here")
        os.mkdir(empty_dir)
        binary = os.path.join(self.dir, "binary.pgn")
        with open(binary, "wb") as f:
            f.write(bytes(range(256)) * 64)
        # A directory stands for its PGN files: one without any is an error.
        for bad in (os.path.join(self.dir, "missing.pgn"), empty_dir, binary):
            err = self.run_cql(self.query(pgn=bad), expect=1).stderr
            self.assertIn(bad, err)
            with open(out) as f:
                self.assertEqual(f.read(), "precious\n")
            self.assertEqual(self.leftovers(), [])

    def test_failing_at_once_never_hangs(self):
        # The search thread used to quit the main loop before it ran: the
        # tool then hung for ever when the search failed at once.
        binary = os.path.join(self.dir, "binary.pgn")
        with open(binary, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + bytes(4000))
        q = self.query(pgn=binary)
        for _ in range(30):
            err = self.run_cql(q, expect=1, timeout=60).stderr
            self.assertIn(binary, err)

    def test_output_equal_to_input_is_refused(self):
        before = sha(self.pgn)
        # same name, through the query
        err = self.run_cql(self.query(output=self.pgn), expect=1).stderr
        self.assertIn("same file", err)
        # another name for the same file: a symbolic link, and --output
        link = os.path.join(self.dir, "link.pgn")
        os.symlink(self.pgn, link)
        err = self.run_cql(self.query(), "--output", link, expect=1).stderr
        self.assertIn("refusing", err)
        err = self.run_cql(self.query(), "--output", "./db.pgn", expect=1).stderr
        self.assertIn("refusing", err)
        self.assertEqual(sha(self.pgn), before)

    def test_unwritable_output(self):
        out = os.path.join(self.dir, "out.pgn")
        with open(out, "w") as f:
            f.write("precious\n")
        err = self.run_cql(self.query(), "--output", "/nonexistent/dir/out.pgn", expect=1).stderr
        self.assertIn("/nonexistent/dir", err)
        # a write error on standard output is reported, not ignored
        with open("/dev/full", "w") as full:
            proc = subprocess.run([CQL, "--output", "-", self.query()], stdout=full,
                                  stderr=subprocess.PIPE, text=True, cwd=self.dir, timeout=60)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("cannot write", proc.stderr)
        with open(out) as f:
            self.assertEqual(f.read(), "precious\n")

    def test_interrupted_search_leaves_output_untouched(self):
        big = os.path.join(self.dir, "big.pgn")
        with open(big, "w") as f:
            game = '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n'
            f.write(game * 400000)
        out = os.path.join(self.dir, "out.pgn")
        with open(out, "w") as f:
            f.write("precious\n")
        before = sha(big)
        # A transform query, so that the search lasts about a second.
        body = "(position Qa1 kc3 :shift :flip :flipcolor)"
        proc = subprocess.Popen([CQL, "--threads", "1", self.query(body=body, pgn=big)],
                                stderr=subprocess.PIPE, text=True, cwd=self.dir)
        # The interrupt goes once the search has started (its temporary
        # output exists, and the signal handlers come right after it): on a
        # busy machine a fixed delay could fall before the process is up,
        # on an idle one after the search.  One that comes after the search
        # is ignored and the output written whole (exit 0: skipped here).
        deadline = time.monotonic() + 30
        while not self.leftovers() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        if proc.returncode == 0:
            self.skipTest("the search finished before the interrupt")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("interrupted", err)
        with open(out) as f:
            self.assertEqual(f.read(), "precious\n")
        self.assertEqual(self.leftovers(), [])
        self.assertEqual(sha(big), before)

    def test_every_shared_file(self):
        if not SHARED or not os.path.isdir(SHARED):
            self.skipTest("EXCELSIOR_SHARED_DATA is not set")
        files = sorted(glob.glob(os.path.join(SHARED, "edge", "*", "*")))
        files = [f for f in files if f.lower().endswith(".pgn")]
        self.assertGreater(len(files), 70)
        total_damaged = total_skipped = 0
        for path in files:
            before = sha(path)
            err = self.run_cql("--threads", "2", "--output", "-",
                               self.query(body="(position :check :variations)", pgn=path)).stderr
            lines = err.splitlines()
            diags = [DIAG.match(l) for l in lines if DIAG.match(l)]
            games = [int(m.group(3)) for m in diags]
            self.assertEqual(len(games), len(set(games)), path)  # each reported once
            for m in diags:
                self.assertEqual(m.group(1), path)
            f = FINAL.search(err)
            self.assertIsNotNone(f, path + "\n" + err)
            s = SUMMARY.search(err)
            if diags:
                self.assertEqual(int(s.group(1)) + int(s.group(2)), len(diags), path)
                total_damaged += int(s.group(1))
                total_skipped += int(s.group(2))
            else:
                self.assertIsNone(s, path)
            self.assertEqual(sha(path), before)
        self.assertGreater(total_damaged, 0)
        self.assertGreater(total_skipped, 0)


if __name__ == "__main__":
    unittest.main(verbosity=2)
