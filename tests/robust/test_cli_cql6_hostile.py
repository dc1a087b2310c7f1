#!/usr/bin/env python3
# The cql tool on hostile CQL 6 queries: integers at the ends of their
# 64-bit range, queries nested or chained deep, a query of nearly 1 MiB,
# functions whose calls multiply.  Each run is bounded with setrlimit as in
# test_cli_hostile.py (CPU seconds always, address space without
# sanitizers); each refusal names the construct and its FILE:LINE:COL
# (docs/limits.md, docs/cql6-rulings.md).
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os
import shutil
import subprocess
import tempfile
import unittest

from test_cli_hostile import limited

CQL = os.environ.get("CQL", "cql")
SANITIZED = os.environ.get("CQL_SANITIZED", "0") == "1"

GAME = '[Event "one"]\n[Result "*"]\n\n1. e4 e5 *\n'
MAX = 9223372036854775807
MIN_EXPR = "(-9223372036854775807 - 1)"


class Cql6Hostile(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql6-hostile-")
        self.pgn = os.path.join(self.dir, "g.pgn")
        with open(self.pgn, "w") as f:
            f.write(GAME)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_query(self, query, cpu=5, memory=512):
        """Runs @query on the one game under limits: (status, stderr, output)."""
        q = os.path.join(self.dir, "q.cql")
        with open(q, "w", encoding="utf-8") as f:
            f.write(query)
        out = os.path.join(self.dir, "out.pgn")
        if os.path.exists(out):
            os.unlink(out)
        proc = subprocess.run([CQL, "-i", self.pgn, "-o", out, q], cwd=self.dir,
                              capture_output=True, text=True,
                              preexec_fn=limited(cpu, memory))
        self.assertGreaterEqual(proc.returncode, 0,
                                "killed by signal %d (over its limits?)\n%s"
                                % (-proc.returncode, proc.stderr[-2000:]))
        text = ""
        if os.path.exists(out):
            with open(out, encoding="utf-8") as f:
                text = f.read()
        return proc.returncode, proc.stderr, text

    def assert_comment(self, query, value):
        status, err, text = self.run_query("cql() " + query)
        self.assertEqual(status, 0, err)
        self.assertIn("{%s}" % value, text.replace(" CQL}", "}"), err)

    def assert_refused(self, query, message):
        status, err, _ = self.run_query(query)
        self.assertNotEqual(status, 0)
        self.assertIn(message, err)
        self.assertNotIn("AddressSanitizer", err)
        self.assertNotIn("runtime error", err)

    # -------------------------------------------------------- arithmetic

    def test_largest_and_smallest_numbers(self):
        self.assert_comment("comment(9223372036854775807)", MAX)
        self.assert_comment("comment(%s)" % MIN_EXPR, -MAX - 1)
        self.assert_refused("cql() comment(9223372036854775808)",
                            "q.cql:1:15: this number is too large")

    def test_each_operator_overflows_with_its_place(self):
        # Each operator at the ends of the range stops the search with its
        # FILE:LINE:COL and the operation; none crashes (SIGFPE on / -1).
        cases = [
            ("X = %d\ncomment(X + 1)" % MAX, "q.cql:2:11: `+` overflows"),
            ("X = %s\ncomment(X - 1)" % MIN_EXPR, "q.cql:2:11: `-` overflows"),
            ("X = %d\ncomment(X * 2)" % MAX, "q.cql:2:11: `*` overflows"),
            ("X = %s\ncomment(X / -1)" % MIN_EXPR, "q.cql:2:11: `/` overflows"),
            ("X = %s\ncomment(-X)" % MIN_EXPR, "q.cql:2:9: `-` overflows"),
            ("X = %s\ncomment(abs X)" % MIN_EXPR, "q.cql:2:9: `abs` overflows"),
            ("X = %d\nX += 1" % MAX, "q.cql:2:1: `+=` overflows"),
            ("X = %s\nX -= 1" % MIN_EXPR, "q.cql:2:1: `-=` overflows"),
            ("X = %d\nX *= -2" % MAX, "q.cql:2:1: `*=` overflows"),
            ("X = %s\nX /= -1" % MIN_EXPR, "q.cql:2:1: `/=` overflows"),
        ]
        for query, message in cases:
            with self.subTest(query=query):
                self.assert_refused("cql() " + query, message)
                self.assert_refused("cql() " + query, "at game 1, position 0")

    def test_operations_next_to_overflow_have_their_value(self):
        self.assert_comment("X = %d X -= 1 X += 1 comment(X)" % MAX, MAX)
        self.assert_comment("comment(%s / 1)" % MIN_EXPR, -MAX - 1)
        self.assert_comment("comment(%s %% -1 + 5)" % "(-9223372036854775807)", 5)
        # The smallest number's remainder by -1 is 0 (the division traps).
        self.assert_comment("comment(%s %% -1)" % MIN_EXPR, 0)
        self.assert_comment("X = %s X %%= -1 comment(X)" % MIN_EXPR, 0)
        self.assert_comment("comment(abs -9223372036854775807)", MAX)
        self.assert_comment("comment(3037000499 * 3037000499)", 3037000499 ** 2)

    def test_sqrt_of_the_largest_numbers_is_exact_and_quick(self):
        # It counted up from 0: minutes for one position.
        for n in (MAX, 3037000499 ** 2, 3037000499 ** 2 - 1, 922337203685477579,
                  2 ** 62, 2 ** 62 - 1, 0, 1, 2, 3, 4, 99):
            with self.subTest(n=n):
                r = 0
                lo, hi = 0, 3037000500
                while lo < hi:   # the exact root, by bisection
                    mid = (lo + hi + 1) // 2
                    lo, hi = (mid, hi) if mid * mid <= n else (lo, mid - 1)
                r = lo
                self.assert_comment("comment(sqrt %d)" % n, r)
        # CQL 6.2: no value for a negative number.
        self.assert_comment("comment(sqrt -4)", "<false>")


if __name__ == "__main__":
    unittest.main()
