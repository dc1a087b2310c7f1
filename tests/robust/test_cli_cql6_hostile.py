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

    # ------------------------------------------------- nesting and chains

    # Without the bounds these crashed the reader or the walks after it
    # (SIGSEGV, stack overflow); a sanitizer build overflows its stack on
    # shorter ones, so it is given shorter ones.
    LONG = 20000 if SANITIZED else 100000

    def test_deep_prefix_operators_are_refused_where_they_pass_the_bound(self):
        nesting = "the query nests more than 200 deep here"
        for query, column in [
                ("not " * (2 * self.LONG) + "check", 7 + 4 * 200),
                ("flip {" * 10000 + "check" + "}" * 10000, 7 + 6 * 100),
                ("- " * self.LONG + "1 > 0", 7 + 2 * 200),
                ("(" * self.LONG + "check" + ")" * self.LONG, 7 + 200),
                ("<".join(["1"] * self.LONG), 7 + 2 * 200),
                # A path's or line's groups of constituents nest as brackets.
                ("path " + "(" * self.LONG + "check" + ")" * self.LONG, 12 + 199),
                ("line --> " + "(" * self.LONG + "check" + ")" * self.LONG, 16 + 199)]:
            with self.subTest(query=query[:20]):
                self.assert_refused("cql() " + query, "q.cql:1:%d: %s" % (column, nesting))

    def test_long_operator_chains_are_refused_where_they_pass_the_bound(self):
        levels = "the query nests more than 1000 levels deep here"
        # The place is the operator that makes the chain 1001 levels high.
        for query, column in [
                (" | ".join(["a1"] * self.LONG), 5 * 1000 + 5),
                (" + ".join(["1"] * self.LONG) + " > 0", 4 * 1000 + 5),
                (" or ".join(["check"] * self.LONG), 9 * 1000 + 4),
                ("parent:" * self.LONG + "check", 7 * 1000 + 6),
                (" and ".join(["a1"] * self.LONG), 7 * 1000 + 3),
                # A string's indexes, one after another.
                ('x = "abc" comment(x' + "[0]" * self.LONG + ")", 26 + 3 * 999)]:
            with self.subTest(query=query[:20]):
                self.assert_refused("cql() " + query, "q.cql:1:%d: %s" % (column, levels))

    def test_queries_at_the_bounds_read_and_run(self):
        # The deepest trees the reader accepts, evaluated on the search
        # threads: every walk of the tree fits their stacks.
        # 200 levels of the reader (each `not`, bracket and comparison is
        # one), 1000 of the tree (a chain of 999 operators and the body).
        for query in ["not " * 199 + "check",
                      "(" * 199 + "check" + ")" * 199,
                      " | ".join(["a1"] * 1000),
                      "comment(" + " + ".join(["1"] * 999) + ")",
                      "flip {" + " or ".join(["Ke1"] * 997) + "}",
                      "not " * 100 + "(" * 98 + " + ".join(["ply"] * 898) + " > 1" + ")" * 98]:
            with self.subTest(query=query[:20]):
                status, err, _ = self.run_query("cql() " + query, cpu=10)
                self.assertEqual(status, 0, err[-500:])

    # -------------------------------------------------------- query size

    def test_a_query_of_one_mebibyte_reads_in_linear_time(self):
        # Reading was quadratic (an insertion sort with a recursive cost, a
        # strlen at each token): 269 s for 1.0 MB.  A sanitizer build
        # reads a quarter of it under the same bound.
        size = (256 if SANITIZED else 1000) * 1024
        for word in ["a1 ", "check ", "not a1 ", "x = 1 "]:
            with self.subTest(word=word):
                body = word * (size // len(word) - 4)
                status, err, _ = self.run_query("cql() " + body, cpu=5)
                self.assertEqual(status, 0, err[-500:])
        status, err, _ = self.run_query("cql() {" + "a1 " * (size // 3 - 4) + "}", cpu=5)
        self.assertEqual(status, 0, err[-500:])

    def test_many_names_read_in_linear_time(self):
        # Variables, functions and dictionaries were looked up by a search
        # of all those read before: 90,000 variables took over a minute.
        n = 20000 if SANITIZED else 90000
        for query in [" ".join("v%d = 1" % i for i in range(n)),
                      " ".join("function F%d(){check}" % i for i in range(n // 3)) + " F1()",
                      " ".join("dictionary D%d" % i for i in range(n // 2)) + " check"]:
            with self.subTest(query=query[:12]):
                status, err, _ = self.run_query("cql() " + query, cpu=3)
                self.assertEqual(status, 0, err[-500:])

    def test_a_long_path_reads_in_linear_time(self):
        # Each constituent looked for its repetition suffix up to the
        # path's end: 80 s for 100,000 of them before the path was refused.
        for query in ["path " + "check " * self.LONG, "line " + "--> check " * self.LONG]:
            with self.subTest(query=query[:12]):
                self.assert_refused("cql() " + query, "repetitions are too large")
        status, err, _ = self.run_query("cql() path " + "check " * 4000, cpu=2)
        self.assertEqual(status, 0, err[-500:])

    # --------------------------------------------------------- functions

    def calls_multiplied(self, levels, calls):
        """Function Fk calls F(k-1) @calls times; the body calls the last."""
        text = "cql()\nfunction F0(){check}\n"
        for k in range(1, levels + 1):
            text += "function F%d(){%s}\n" % (k, " ".join(["F%d()" % (k - 1)] * calls))
        return text + "F%d()\n" % levels

    def test_calls_multiplying_calls_are_refused_in_bounded_memory(self):
        # 8^7 copies of F0: 1 GB and 60 s+ before (417 bytes).
        status, err, _ = self.run_query(self.calls_multiplied(7, 8), cpu=10, memory=400)
        self.assertNotEqual(status, 0)
        self.assertRegex(err, r"q\.cql:3:\d+: expanding the function `F0` here would make "
                              r"the query more than 1000000 tokens long")
        # 8^5 copies are within the bound and run.
        status, err, _ = self.run_query(self.calls_multiplied(5, 8), cpu=10, memory=400)
        self.assertEqual(status, 0, err[-500:])

    def test_a_chain_of_distinct_functions_is_no_recursion(self):
        # A chain of 40 functions (CQL 6.2 runs it) was refused past 32
        # as "calls itself".
        status, err, text = self.run_query(self.calls_multiplied(40, 1).replace(
            "F0(){check}", "F0(){ply == 2 comment(\"deep\")}"))
        self.assertEqual(status, 0, err)
        self.assertIn("deep", text)

    def test_recursion_is_refused_direct_or_not(self):
        self.assert_refused("cql() function Fa(){Fa()} Fa()",
                            "q.cql:1:21: `Fa` calls itself: CQL functions cannot be recursive")
        self.assert_refused("cql() function Fa(){Fb()} function Fb(){Fa()} Fa()",
                            "q.cql:1:41: `Fa` calls itself: CQL functions cannot be recursive")


if __name__ == "__main__":
    unittest.main()
