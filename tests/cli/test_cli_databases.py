#!/usr/bin/env python3
# End-to-end tests of the `cql` tool on databases as they are published:
# compressed each way (the test compresses a fixture itself with Debian's
# gzip, bzip2, xz, zstd, lz4 and zip, skipping a way whose tool is absent),
# truncated and corrupted archives, standard input, several files, a folder,
# and files that are not PGN at all.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

CQL = os.environ.get("CQL", "cql")
FIXTURES = os.environ.get("EXCELSIOR_FIXTURES", os.path.join(os.path.dirname(__file__), "..", "fixtures"))
MINI = os.path.join(FIXTURES, "cli", "mini.pgn")
BIG_GAMES = 8000   # enough text (4 MiB) that a cut at half falls after bzip2's first block

# name -> (suffix, command writing the compressed file to stdout)
COMPRESSORS = {
    "gzip": (".gz", ["gzip", "-6", "-c"]),
    "bzip2": (".bz2", ["bzip2", "-c"]),
    "xz": (".xz", ["xz", "-6", "-c"]),
    "zstd": (".zst", ["zstd", "-q", "-19", "-c"]),
    "lz4": (".lz4", ["lz4", "-q", "-c"]),
}


def originals(text):
    return [int(n) for n in re.findall(r"\{Original game: (\d+)", text)]


class DatabaseTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="cql-db-test-")
        with open(MINI, "rb") as f:
            cls.mini = f.read()
        # A larger database: the fixture's games many times over, each with
        # its own Event so that games can be told apart, and a tag of
        # pseudo-random hex so that the compressed streams are not all
        # repetition (a cut at half must fall between compressed blocks).
        games = re.split(rb"(?m)^(?=\[Event )", cls.mini)
        games = [g for g in games if g.strip()]
        big = []
        for i in range(BIG_GAMES):
            g = games[i % len(games)]
            noise = hashlib.sha256(b"%d" % i).hexdigest().encode()
            big.append(re.sub(rb'\[Event "[^"]*"\]', b'[Event "copy %d"]\n[Annotator "%s"]'
                              % (i, noise), g, count=1))
        cls.big = os.path.join(cls.dir, "big.pgn")
        with open(cls.big, "wb") as f:
            f.write(b"\n".join(big))
        cls.query = os.path.join(cls.dir, "q.cql")
        with open(cls.query, "w") as f:
            f.write("(match (position :check :variations))\n")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def run_cql(self, *args, expect=0, stdin=None):
        proc = subprocess.run([CQL, *args], capture_output=True, cwd=self.dir,
                              input=stdin, timeout=300)
        self.assertEqual(proc.returncode, expect, "cql %s exited %d\n%s" % (
            " ".join(args), proc.returncode, proc.stderr.decode("utf-8", "replace")))
        return proc

    def compress(self, src, how):
        suffix, argv = COMPRESSORS[how]
        if shutil.which(argv[0]) is None:
            self.skipTest("%s is not installed" % argv[0])
        dest = os.path.join(self.dir, os.path.basename(src) + suffix)
        if not os.path.exists(dest):
            with open(dest, "wb") as out:
                subprocess.run(argv + [src], stdout=out, check=True)
        return dest

    def search(self, *inputs, expect=0, extra=()):
        args = []
        for i in inputs:
            args += ["-i", i]
        proc = self.run_cql(*args, "-o", "-", *extra, self.query, expect=expect)
        return proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")

    def test_every_compression_gives_the_plain_output(self):
        plain, _ = self.search(self.big)
        self.assertGreater(len(originals(plain)), 100)
        for how in COMPRESSORS:
            with self.subTest(how=how):
                packed = self.compress(self.big, how)
                out, err = self.search(packed)
                self.assertEqual(out, plain, how)
                self.assertRegex(err, r"of %d games" % BIG_GAMES)

    def test_compression_is_told_by_content_not_by_name(self):
        packed = self.compress(self.big, "zstd")
        disguised = os.path.join(self.dir, "disguised.pgn")
        shutil.copy(packed, disguised)
        plain, _ = self.search(self.big)
        out, _ = self.search(disguised)
        self.assertEqual(out, plain)

    def test_zip_archive_of_pgn_files(self):
        if shutil.which("zip") is None:
            self.skipTest("zip is not installed")
        sub = os.path.join(self.dir, "zipdir")
        os.makedirs(sub, exist_ok=True)
        shutil.copy(MINI, os.path.join(sub, "a.pgn"))
        shutil.copy(MINI, os.path.join(sub, "b.pgn"))
        with open(os.path.join(sub, "readme.txt"), "w") as f:
            f.write("not a game\n")
        archive = os.path.join(self.dir, "twic.zip")
        subprocess.run(["zip", "-q", "-j", archive, os.path.join(sub, "a.pgn"),
                        os.path.join(sub, "readme.txt"), os.path.join(sub, "b.pgn")],
                       check=True)
        one, _ = self.search(MINI)
        both, err = self.search(archive)
        n = len(originals(one))
        self.assertEqual(len(originals(both)), 2 * n)
        games = int(re.search(r"of (\d+) games", self.search(MINI)[1]).group(1))
        self.assertRegex(err, r"of %d games" % (2 * games))

    def test_standard_input(self):
        plain, _ = self.search(self.big)
        proc = self.run_cql("-i", "-", "-o", "-", self.query, stdin=open(self.big, "rb").read())
        self.assertEqual(proc.stdout.decode(), plain)
        packed = self.compress(self.big, "gzip")
        proc = self.run_cql("-i", "-", "-o", "-", self.query, stdin=open(packed, "rb").read())
        self.assertEqual(proc.stdout.decode(), plain)

    def test_several_files_continue_the_game_numbers(self):
        one, err1 = self.search(MINI)
        games = int(re.search(r"of (\d+) games", err1).group(1))
        packed = self.compress(MINI, "xz")
        out, err = self.search(MINI, packed)
        self.assertRegex(err, r"of %d games" % (2 * games))
        first = originals(one)
        self.assertEqual(originals(out), first + [n + games for n in first])
        # The file each game came from, and its number there.
        self.assertIn("{Original game: %d (%s, game %d)}" % (first[0], MINI, first[0]), out)
        self.assertIn("{Original game: %d (%s, game %d)}" % (first[0] + games, packed, first[0]), out)
        # One file keeps the plain header.
        self.assertIn("{Original game: %d}" % first[0], one)

    def test_pgn_keyword_may_name_several_files(self):
        one, err1 = self.search(MINI)
        games = int(re.search(r"of (\d+) games", err1).group(1))
        q = os.path.join(self.dir, "two.cql")
        with open(q, "w") as f:
            f.write("(match :pgn %s %s :output - (position :check :variations))\n" % (MINI, MINI))
        proc = self.run_cql(q)
        self.assertRegex(proc.stderr.decode(), r"of %d games" % (2 * games))

    def test_directory_is_its_pgn_files_in_natural_order(self):
        d = os.path.join(self.dir, "monthly")
        os.makedirs(d, exist_ok=True)
        shutil.copy(MINI, os.path.join(d, "db-10.pgn"))
        shutil.copy(self.compress(MINI, "gzip"), os.path.join(d, "db-2.pgn.gz"))
        with open(os.path.join(d, "notes.txt"), "w") as f:
            f.write("not searched\n")
        os.makedirs(os.path.join(d, "sub.pgn"), exist_ok=True)   # a folder: left out
        out, err = self.search(d)
        names = re.findall(r"\{Original game: \d+ \((\S+), game \d+\)\}", out)
        self.assertTrue(names)
        firsts = list(dict.fromkeys(names))
        self.assertEqual([os.path.basename(n) for n in firsts], ["db-2.pgn.gz", "db-10.pgn"])
        empty = os.path.join(self.dir, "empty-folder")
        os.makedirs(empty, exist_ok=True)
        _, err = self.search(empty, expect=1)
        self.assertIn("holds no PGN file", err)

    def truncated(self, how, keep):
        packed = self.compress(self.big, how)
        data = open(packed, "rb").read()
        path = os.path.join(self.dir, "cut-%s" % os.path.basename(packed))
        with open(path, "wb") as f:
            f.write(data[:int(len(data) * keep)])
        return path

    def test_truncated_archive_keeps_the_games_before(self):
        plain, _ = self.search(self.big)
        for how in ("gzip", "xz", "zstd", "bzip2"):
            with self.subTest(how=how):
                path = self.truncated(how, 0.6)
                out_path = os.path.join(self.dir, "cut-%s.out" % how)
                proc = self.run_cql("-i", path, "-o", out_path, self.query, expect=1)
                err = proc.stderr.decode()
                m = re.search(r"the last complete game is game (\d+)", err)
                self.assertIsNotNone(m, err)
                last = int(m.group(1))
                self.assertGreater(last, 0)
                self.assertLess(last, BIG_GAMES)
                self.assertIn(path, err)
                self.assertRegex(err, r"(corrupt|truncated)")
                with open(out_path) as f:
                    kept = originals(f.read())
                want = [n for n in originals(plain) if n <= last]
                # Every match up to the damage is kept (the game cut in the
                # middle is not searched).
                self.assertEqual(kept, want)

    def test_corrupt_archive_is_reported_with_its_place(self):
        packed = self.compress(self.big, "zstd")
        data = bytearray(open(packed, "rb").read())
        mid = len(data) // 2
        data[mid:mid + 64] = b"\xff" * 64
        path = os.path.join(self.dir, "corrupt.pgn.zst")
        open(path, "wb").write(bytes(data))
        out, err = self.search(path, expect=1)
        # The damage is found by a first pass, before any game is read: the
        # text decoded before a failed check may be garbage.
        self.assertRegex(err, r"corrupt\.pgn\.zst: the zstd data is corrupt \(found at byte "
                              r"\d+ of the file")
        self.assertIn("none of its games is searched", err)
        self.assertEqual(originals(out), [])

    def test_damaged_file_is_reported_even_when_quiet(self):
        path = self.truncated("gzip", 0.5)
        proc = self.run_cql("-q", "-i", path, "-o", "-", self.query, expect=1)
        self.assertIn("the last complete game is game", proc.stderr.decode())

    def test_a_later_damaged_file_does_not_stop_the_others(self):
        one, err1 = self.search(MINI)
        games = int(re.search(r"of (\d+) games", err1).group(1))
        image = os.path.join(self.dir, "image.pgn")
        with open(image, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 20)
        out, err = self.search(MINI, image, MINI, expect=1)
        self.assertIn("image.pgn: not a PGN file: this is a PNG image", err)
        self.assertIn("1 of 3 files could not be read", err)
        self.assertEqual(len(originals(out)), 2 * len(originals(one)))

    def test_files_that_are_not_pgn_are_refused_at_once(self):
        cases = {
            "image.pgn": (b"\x89PNG\r\n\x1a\n" + bytes(5000), "this is a PNG image"),
            "random.pgn": (bytes((i * 7919 + 13) % 256 for i in range(70000)), "binary data"),
            "archive.pgn": (b"7z\xbc\xaf\x27\x1c" + bytes(300), "this is a 7-Zip archive"),
            "utf16.pgn": ("[Event \"x\"]\n".encode("utf-16"), "UTF-16"),
            "db.pgn": (b"SQLite format 3\x00" + bytes(4000), "an SQLite database"),
        }
        out = os.path.join(self.dir, "kept.pgn")
        for name, (data, message) in cases.items():
            with self.subTest(name=name):
                path = os.path.join(self.dir, name)
                open(path, "wb").write(data)
                with open(out, "w") as f:
                    f.write("precious\n")
                _, err = self.search(path, expect=1)
                self.assertIn(message, err)
                self.assertEqual(err.count("\n"), 1, err)   # one clear message
                self.run_cql("-i", path, "-o", out, self.query, expect=1)
                self.assertEqual(open(out).read(), "precious\n")
        # A compressed file whose text is not PGN is refused the same way.
        if shutil.which("gzip"):
            img = os.path.join(self.dir, "image.pgn")
            packed = os.path.join(self.dir, "image.pgn.gz")
            with open(packed, "wb") as f:
                subprocess.run(["gzip", "-c", img], stdout=f, check=True)
            _, err = self.search(packed, expect=1)
            self.assertIn("not a PGN file", err)

    def test_input_is_never_the_output(self):
        d = os.path.join(self.dir, "inout")
        os.makedirs(d, exist_ok=True)
        target = os.path.join(d, "a.pgn")
        shutil.copy(MINI, target)
        before = open(target, "rb").read()
        self.run_cql("-i", MINI, "-i", d, "-o", target, self.query, expect=1)
        self.assertEqual(open(target, "rb").read(), before)


if __name__ == "__main__":
    unittest.main(verbosity=2)
