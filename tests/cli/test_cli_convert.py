#!/usr/bin/env python3
# End-to-end tests of `cql --convert`: a CQL 3 query written as CQL 6, on
# standard output or to --output; refusals and bad queries as
# "FILE:LINE:COLUMN: message" with a non-zero exit status; the converted
# query searched by the tool finds the games the CQL 3 one finds.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import subprocess
import tempfile
import unittest

CQL = os.environ.get("CQL", "cql")
FIXTURES = os.environ.get("EXCELSIOR_FIXTURES", os.path.join(os.path.dirname(__file__), "..", "fixtures"))
MINI = os.path.join(FIXTURES, "cli", "mini.pgn")


class ConvertTestCase(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-convert-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def run_cql(self, *args, expect=0):
        proc = subprocess.run([CQL, *args], capture_output=True, text=True, cwd=self.dir,
                              stdin=subprocess.DEVNULL, timeout=120)
        self.assertEqual(proc.returncode, expect,
                         "cql %s exited %d\nstdout: %s\nstderr: %s" % (
                             " ".join(args), proc.returncode, proc.stdout, proc.stderr))
        return proc

    def test_standard_output(self):
        q = self.write("q.cql", "; mates\n(match :pgn in.pgn :output out.pgn\n"
                                "  (position :mate :variations))  ; in any line\n")
        proc = self.run_cql("--convert", q)
        self.assertEqual(proc.stdout,
                         "// mates\ncql(input in.pgn output out.pgn variations)\n"
                         "mate                                    // in any line\n")
        self.assertEqual(proc.stderr, "")

    def test_output_file_and_never_the_query(self):
        q = self.write("q.cql", "(match (position :check))\n")
        out = os.path.join(self.dir, "q.cql6")
        self.run_cql("--convert", "-o", out, q)
        with open(out) as f:
            self.assertEqual(f.read(), "cql()\ncheck\n")
        # No temporary file is left beside it.
        self.assertEqual(sorted(os.listdir(self.dir)), ["q.cql", "q.cql6"])
        # The query itself is never overwritten.
        proc = self.run_cql("--convert", "--output", q, q, expect=1)
        self.assertIn("is the query file", proc.stderr)
        with open(q) as f:
            self.assertEqual(f.read(), "(match (position :check))\n")

    def test_refusal_names_the_construct(self):
        q = self.write("noannotate.cql", "(match\n  (position :mate\n    :noannotate))\n")
        proc = self.run_cql("--convert", q, expect=1)
        self.assertEqual(proc.stdout, "")
        self.assertRegex(proc.stderr, r"^%s:3:5: cannot convert to CQL 6: ':noannotate'" % re.escape(q))

    def test_bad_query_gives_the_compiler_error(self):
        q = self.write("bad.cql", "(match (position :movefromto Ke1))\n")
        proc = self.run_cql("--convert", q, expect=1)
        self.assertIn("%s:1:18: unknown keyword ':movefromto'" % q, proc.stderr)
        # The same message as a search of the query.
        search = self.run_cql("-i", MINI, "-o", os.path.join(self.dir, "o.pgn"), q, expect=1)
        self.assertEqual(proc.stderr, search.stderr)

    def test_usage(self):
        proc = self.run_cql("--convert", expect=2)
        self.assertIn("--convert takes one CQL 3 query file", proc.stderr)
        help_text = self.run_cql("--help").stdout
        self.assertIn("--convert", help_text)

    def test_converted_query_finds_the_same_games(self):
        body = "(position :mate :variations :flipcolor :btm)"
        q3 = self.write("q.cql", "(match :pgn %s :output out3.pgn %s)\n" % (MINI, body))
        q6 = os.path.join(self.dir, "q.cql6")
        self.run_cql("--convert", "-o", q6, q3)
        with open(q6) as f:
            text = f.read()
        self.assertTrue(text.startswith("cql(input %s output out3.pgn variations)\n" % MINI), text)
        self.run_cql(q3)
        with open(os.path.join(self.dir, "out3.pgn")) as f:
            games3 = re.findall(r"\{Original game: (\d+)\}", f.read())
        self.run_cql("-o", os.path.join(self.dir, "out6.pgn"), q6)
        with open(os.path.join(self.dir, "out6.pgn")) as f:
            games6 = re.findall(r"Game number (\d+)", f.read())
        self.assertTrue(games3)
        self.assertEqual(games3, games6)


if __name__ == "__main__":
    unittest.main(verbosity=2)
