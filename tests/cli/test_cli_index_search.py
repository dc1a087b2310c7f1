#!/usr/bin/env python3
# A search from the index (cql --index) writes what a search of the text
# writes, byte for byte: the output PGN, standard output, standard error
# and the exit status, for every query of the repository (the golden
# queries, the differential fixtures of CQL 6, the themes and queries of
# data/, the fuzzers' seeds, the workbench's fixture) and position
# searches, on the fixture databases searched as one and on the studies of
# ../shared/data (skipped without them).  A file changed under its index
# is refused or searched from its text, never misread.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import glob
import os
import re
import shutil
import subprocess
import tempfile
import unittest

CQL = os.environ.get("CQL", "cql")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
FIXTURES = os.environ.get("EXCELSIOR_FIXTURES", os.path.join(ROOT, "tests", "fixtures"))
SHARED = os.environ.get("EXCELSIOR_SHARED_DATA", os.path.join(ROOT, "..", "shared", "data"))
BENCH_CACHE = os.environ.get("EXCELSIOR_BENCH_CACHE", os.path.join(ROOT, "tests", "bench", "cache"))
MINI = os.path.join(FIXTURES, "cli", "mini.pgn")

# The time a search took is the one thing that differs between two runs.
SECONDS_RE = re.compile(r" in \d+\.\d\d seconds")
STATS_RE = re.compile(r"(?m)^stats: .*\n")
READ_RE = re.compile(r"(?m)^stats: (\d+) of (\d+) games read")


def all_queries():
    """Every query file of the repository, both dialects, sorted."""
    patterns = ["cql/golden/*.cql", "cql/*.cql", "cql6/diff/*.cql", "fuzz/seed-cql/*",
                "workbench/*.cql"]
    found = []
    for p in patterns:
        found += glob.glob(os.path.join(FIXTURES, p))
    for p in ["queries/*.cql", "queries/*.cql6", "themes/*.cql", "themes/*.cql6"]:
        found += glob.glob(os.path.join(ROOT, "data", p))
    return sorted(f for f in found if os.path.isfile(f))


def theme_queries():
    """The queries a composer runs: golden queries, data/ themes and queries."""
    return [q for q in all_queries()
            if "/golden/" in q or os.sep + "data" + os.sep in q]


# Position searches (the anticipation dialect): exact, symmetric, near.
POSITIONS = [
    ["--position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"],
    ["--position", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w"],
    ["--position", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w", "--symmetric"],
    ["--position", "8/8/8/8/8/8/8/K6k w", "--differ", "2"],
]


class IndexSearchCase(unittest.TestCase):
    """Runs each query twice (--no-index, then from the indexes) and
    compares everything the tool writes."""

    DATABASES = []   # set by each class: the files searched as one database

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="cql-index-search-")
        cls.env = dict(os.environ, EXCELSIOR_INDEX_DIR=os.path.join(cls.dir, "index"))
        cls.databases = cls.make_databases()
        if not cls.databases:
            raise unittest.SkipTest("no database")
        proc = subprocess.run([CQL, "--index", *cls.databases], capture_output=True,
                              text=True, env=cls.env, stdin=subprocess.DEVNULL, timeout=900)
        info = subprocess.run([CQL, "--index-info", *cls.databases], capture_output=True,
                              text=True, env=cls.env, timeout=300)
        cls.index_text = proc.stdout + proc.stderr + info.stdout + info.stderr

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    @classmethod
    def make_databases(cls):
        return []

    def run_search(self, args, use_index, cwd):
        out = os.path.join(self.dir, "out.pgn")
        if os.path.exists(out):
            os.unlink(out)
        inputs = []
        for db in self.databases:
            inputs += ["-i", db]
        cmd = [CQL, "--threads", "2", "--stats", *inputs, "-o", out, *args]
        if not use_index:
            cmd.insert(1, "--no-index")
        proc = subprocess.run(cmd, capture_output=True, cwd=cwd, env=self.env,
                              stdin=subprocess.DEVNULL, timeout=600)
        pgn = None
        if os.path.exists(out):
            with open(out, "rb") as f:
                pgn = f.read()
        stderr = proc.stderr.decode("utf-8", "replace")
        read = READ_RE.search(stderr)
        stderr = SECONDS_RE.sub(" in N seconds", STATS_RE.sub("", stderr))
        return (proc.returncode, pgn, proc.stdout, stderr), read

    def compare(self, queries):
        used = 0
        for args, cwd in queries:
            with self.subTest(query=" ".join(args)):
                text, _ = self.run_search(args, False, cwd)
                indexed, read = self.run_search(args, True, cwd)
                if read is not None:
                    used += 1
                for what, a, b in zip(("exit status", "output PGN", "stdout", "stderr"),
                                      text, indexed):
                    self.assertEqual(a, b, "%s differs for %s" % (what, " ".join(args)))
        return used


class TestFixtureDatabases(IndexSearchCase):
    @classmethod
    def make_databases(cls):
        # Lines that end with CR alone and with CRLF: the reader hands them
        # out with LF, and so must a search from the index.
        with open(MINI, "rb") as f:
            mini = f.read()
        cr = os.path.join(cls.dir, "mini-cr.pgn")
        crlf = os.path.join(cls.dir, "mini-crlf.pgn")
        with open(cr, "wb") as f:
            f.write((mini * 20).replace(b"\n", b"\r"))
        with open(crlf, "wb") as f:
            f.write((mini * 20).replace(b"\n", b"\r\n"))
        return ([MINI, cr, crlf] + sorted(glob.glob(os.path.join(FIXTURES, "pgn", "*.pgn")))
                + [os.path.join(FIXTURES, "cql6", "diff", "similar-submissions.pgn")]
                + sorted(glob.glob(os.path.join(FIXTURES, "workbench", "*.pgn"))))

    def test_indexes_built(self):
        self.assertIn("up to date", self.index_text)

    def test_every_query_same_output(self):
        queries = [([q], os.path.dirname(q)) for q in all_queries()]
        self.assertGreater(len(queries), 500)
        used = self.compare(queries)
        print("fixture databases: %d of %d queries searched from the indexes"
              % (used, len(queries)))
        # The comparison means something only if the indexes were used.
        self.assertGreater(used, 0, "no query was searched from an index")

    def test_position_searches_same_output(self):
        self.compare([(p, self.dir) for p in POSITIONS])

    def test_game_ranges_same_output(self):
        # --gamenumber ranges inside one file, across files, past the end.
        for rng in ["1-3", "5-130", "121-121", "200-100000"]:
            for q in theme_queries()[:8]:
                self.compare([(["--gamenumber", rng, q], os.path.dirname(q))])


class TestSharedStudies(IndexSearchCase):
    @classmethod
    def make_databases(cls):
        studies = os.path.join(SHARED, "studies")
        dbs = [os.path.join(studies, "cql6-sample-hhdb-selection.pgn")]
        for sub in ["pychess-mate-problems", "yacpdb-olive"]:
            dbs += sorted(glob.glob(os.path.join(studies, sub, "*.pgn")))[:2]
        return [d for d in dbs if os.path.isfile(d)]

    def test_every_query_same_output(self):
        # Under the sanitizers every run is several times slower: the
        # composer's queries only (the fixture databases get them all).
        chosen = theme_queries() if os.environ.get("CQL_SANITIZED") == "1" else all_queries()
        queries = [([q], os.path.dirname(q)) for q in chosen]
        used = self.compare(queries)
        print("shared studies: %d of %d queries searched from the indexes"
              % (used, len(queries)))

    def test_position_searches_same_output(self):
        self.compare([(p, self.dir) for p in POSITIONS])


class TestCleanStudies(IndexSearchCase):
    @classmethod
    def make_databases(cls):
        path = os.path.join(BENCH_CACHE, "studies-clean.pgn")
        return [path] if os.path.isfile(path) else []

    def test_theme_queries_same_output(self):
        queries = [([q], os.path.dirname(q)) for q in theme_queries()]
        used = self.compare(queries)
        print("studies-clean: %d of %d queries searched from the indexes"
              % (used, len(queries)))


class TestTreesReplayed(unittest.TestCase):
    """A position search replays the games the summaries select from the
    index's compact moves, and reads the text of those that match only:
    a long game (whose filter of positions' keys is full) with every
    piece of the position on its square at some time, but never the
    position, is passed over unread (the other games, which the summaries
    pass over, keep the selection under half the file's games)."""

    POSITION = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-index-trees-")
        self.env = dict(os.environ, EXCELSIOR_INDEX_DIR=os.path.join(self.dir, "index"))
        shuffle = " ".join("%d. Nf3 Nf6 %d. Ng1 Ng8" % (n, n + 1) for n in range(2, 142, 2))
        games = [
            '[Event "the position"]\n\n1. e4 e5 2. Nf3 *\n',
            '[Event "its pieces, never the position"]\n\n1. e4 d6 %s 142. Nf3 e5 *\n'
            % shuffle,
        ] + ['[Event "not selected"]\n\n1. d4 d5 *\n'] * 6
        self.db = os.path.join(self.dir, "db.pgn")
        with open(self.db, "w") as f:
            f.write("\n".join(games))
        proc = self.run_cql("--index", self.db)
        self.assertEqual(proc.returncode, 0, proc.stderr)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_cql(self, *args):
        return subprocess.run([CQL, *args], capture_output=True, text=True, cwd=self.dir,
                              env=self.env, stdin=subprocess.DEVNULL, timeout=300)

    def search(self, *args, query=None):
        out = os.path.join(self.dir, "out.pgn")
        if os.path.exists(out):
            os.unlink(out)
        proc = self.run_cql(*args, "--stats", "-i", self.db, "-o", out,
                            *(["--position", self.POSITION] if query is None else [query]))
        with open(out, "rb") as f:
            return proc, f.read()

    def test_only_the_match_read(self):
        self.check_only_the_match_read(None)

    def test_cql6_only_the_match_read(self):
        # White's e-pawn on e4, Black's on e5 and d7: the long game has
        # each at some time, never all three at once.
        query = os.path.join(self.dir, "q.cql")
        with open(query, "w") as f:
            f.write("cql()\nPe4 pe5 pd7\n")
        self.check_only_the_match_read(query)

    def check_only_the_match_read(self, query):
        text, text_pgn = self.search("--no-index", query=query)
        indexed, pgn = self.search(query=query)
        self.assertEqual(text.returncode, 0, text.stderr)
        self.assertEqual(indexed.returncode, 0, indexed.stderr)
        self.assertEqual(pgn, text_pgn)
        self.assertEqual(SECONDS_RE.sub("", STATS_RE.sub("", indexed.stderr)),
                         SECONDS_RE.sub("", STATS_RE.sub("", text.stderr)))
        self.assertIn("1 match of 8 games", indexed.stderr)
        self.assertRegex(indexed.stderr, r"(?m)^stats: 1 of 8 games read \(7 passed over")


class TestChangedFile(unittest.TestCase):
    """A file changed since it was indexed: never another game in a game's
    place."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-index-changed-")
        self.env = dict(os.environ, EXCELSIOR_INDEX_DIR=os.path.join(self.dir, "index"))
        # Larger than the first and last blocks the index's check of the
        # file reads (64 KiB each), so that an edit in the middle passes it.
        with open(MINI, "rb") as f:
            self.mini = f.read()
        self.db = os.path.join(self.dir, "db.pgn")
        with open(self.db, "wb") as f:
            f.write(self.mini * 400)
        self.run_cql("--index", self.db)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_cql(self, *args):
        return subprocess.run([CQL, *args], capture_output=True, text=True, cwd=self.dir,
                              env=self.env, stdin=subprocess.DEVNULL, timeout=300)

    def search(self, args, use_index=True):
        out = os.path.join(self.dir, "out.pgn")
        if os.path.exists(out):
            os.unlink(out)
        proc = self.run_cql(*([] if use_index else ["--no-index"]), "--stats", "-q",
                            "-i", self.db, "-o", out, *args)
        pgn = None
        if os.path.exists(out):
            with open(out, "rb") as f:
                pgn = f.read()
        return proc, pgn

    def indexed_query(self):
        """A query searched from the index, and a game in the middle of
        the file that it matches."""
        candidates = all_queries() + [["--position", p[1]] for p in POSITIONS[:2]]
        for q in candidates:
            args = q if isinstance(q, list) else [q]
            proc, pgn = self.search(args)
            read = READ_RE.search(proc.stderr)
            if proc.returncode != 0 or read is None or pgn is None:
                continue
            numbers = [int(n) for n in re.findall(rb"\{(?:Original game|Game number):? (\d+)",
                                                  pgn)]
            middle = [n for n in numbers if 1000 <= n <= 1400]
            if middle:
                return args, middle[0]
        self.skipTest("no query is searched from an index yet")

    def game_offset(self, number):
        """Where game NUMBER (1-based) of the file begins."""
        per = len(self.mini)
        games = [m.start() for m in re.finditer(rb"(?m)^\[Event ", self.mini)]
        n = number - 1
        return (n // len(games)) * per + games[n % len(games)]

    def test_edited_in_place_refused(self):
        args, number = self.indexed_query()
        st = os.stat(self.db)
        with open(self.db, "r+b") as f:
            at = self.game_offset(number) + len(b'[Event "')
            f.seek(at)
            c = f.read(1)
            f.seek(at)
            f.write(b"Z" if c != b"Z" else b"Y")
        os.utime(self.db, ns=(st.st_atime_ns, st.st_mtime_ns))
        self.assertEqual(os.stat(self.db).st_size, st.st_size)
        proc, pgn = self.search(args)
        self.assertNotEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("changed since it was indexed: game %d at byte" % number, proc.stderr)
        self.assertIn("run cql --index", proc.stderr)
        self.assertIsNone(pgn, "no output is written")

    def test_size_changed_searched_from_text(self):
        args, _ = self.indexed_query()
        with open(self.db, "ab") as f:
            f.write(self.mini)
        proc, pgn = self.search(args)
        text, text_pgn = self.search(args, use_index=False)
        self.assertEqual(proc.returncode, text.returncode)
        self.assertEqual(pgn, text_pgn)
        self.assertEqual(proc.stdout, text.stdout)
        notes = [l for l in proc.stderr.splitlines() if "its text is searched instead" in l]
        self.assertEqual(len(notes), 1, proc.stderr)
        self.assertIn(self.db, notes[0])
        self.assertIsNone(READ_RE.search(proc.stderr), "the index is not used")
        rest = SECONDS_RE.sub("", STATS_RE.sub("", "\n".join(
            l for l in proc.stderr.splitlines() if l not in notes) + "\n"))
        self.assertEqual(rest, SECONDS_RE.sub("", STATS_RE.sub("", text.stderr)))

    def test_most_games_selected_searched_from_text(self):
        # Checks are in most of the games: reading them at their places
        # would cost more than reading the text.
        for query, used in [("check", False), ("stalemate", True)]:
            proc, pgn = self.search(["--cql", query])
            text, text_pgn = self.search(["--cql", query], use_index=False)
            self.assertEqual(READ_RE.search(proc.stderr) is not None, used, proc.stderr)
            self.assertEqual(pgn, text_pgn)
            self.assertEqual(proc.returncode, text.returncode)

    def test_no_index_no_note(self):
        other = os.path.join(self.dir, "other.pgn")
        shutil.copy(MINI, other)
        proc = self.run_cql("-i", other, "-o", "-", "--cql", "mate")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertNotIn("its text is searched", proc.stderr)
        self.assertNotIn("indexed", proc.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
