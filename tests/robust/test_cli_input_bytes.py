#!/usr/bin/env python3
# The cql tool on the bytes of a database and of a query made to mislead
# it: compressed streams that fail their checks (the text decoded before a
# check fails may be garbage), a decompression bomb, NUL bytes after the
# games, a byte order mark before the query, escape sequences in a tag
# that a message quotes.  Each run is bounded with setrlimit as in
# test_cli_hostile.py (CPU always, address space without sanitizers); the
# compressed files are made here, a few KB each, from a fixture.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import bz2
import gzip
import io
import lzma
import os
import re
import shutil
import subprocess
import tempfile
import unittest
import zipfile

from test_cli_hostile import CQL, limited

FIXTURES = os.environ.get("EXCELSIOR_FIXTURES",
                          os.path.join(os.path.dirname(__file__), "..", "fixtures"))
SOURCE = os.path.join(FIXTURES, "pgn", "cct131.pgn")   # 3 games, 4.9 KB
GAMES = 3
ALL = "cql(quiet) initial\n"     # matches every game


def tool(name, *args):
    """Compresses with an installed tool (zstd, lz4), or None."""
    if shutil.which(name) is None:
        return None
    return lambda data: subprocess.run([name, *args], input=data, capture_output=True,
                                       check=True).stdout


def flip(data, at):
    d = bytearray(data)
    d[at] ^= 0x55
    return bytes(d)


class InputBytes(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-bytes-")
        with open(SOURCE, "rb") as f:
            self.pgn = f.read()

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def file(self, name, data):
        path = os.path.join(self.dir, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def run_cql(self, inputs, query=ALL, cpu=5, memory=512, stdin=None):
        """Runs the tool under limits; returns (status, stdout, stderr, output or None)."""
        q = self.file("q.cql", query.encode("utf-8") if isinstance(query, str) else query)
        out = os.path.join(self.dir, "out.pgn")
        if os.path.exists(out):
            os.unlink(out)
        args = []
        for i in inputs:
            args += ["-i", i]
        proc = subprocess.run([CQL, *args, "-o", out, q], cwd=self.dir, input=stdin,
                              capture_output=True, preexec_fn=limited(cpu, memory))
        self.assertGreaterEqual(proc.returncode, 0,
                                "killed by signal %d (over its limits?)\n%s"
                                % (-proc.returncode, proc.stderr[-2000:]))
        text = None
        if os.path.exists(out):
            with open(out, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
                proc.stderr.decode("utf-8", "replace"), text)

    # ------------------------------------------------------- compressed

    def compressors(self):
        """name -> (compress, offset of a byte of the last check)."""
        found = {
            # gzip: CRC-32 then length; bzip2: the stream CRC ends 1-2
            # bytes before the end; xz: one block's CRC-64 before the
            # 12-byte index and the 12-byte footer; zstd and lz4: the
            # content checksum is the last 4 bytes.
            "gzip": (gzip.compress, -6),
            "bzip2": (bz2.compress, -3),
            "xz": (lzma.compress, -28),
        }
        for name, (fn, at) in {"zstd": (tool("zstd", "-q", "-c"), -2),
                               "lz4": (tool("lz4", "-q", "-c"), -2)}.items():
            if fn is not None:
                found[name] = (fn, at)
        return found

    def assert_refused(self, status, err, text, name, how):
        self.assertEqual(status, 1, err)
        m = re.search(r"%s: the %s data is corrupt \(found at byte (\d+) of the file"
                      % (re.escape(name), how), err)
        self.assertIsNotNone(m, err)
        self.assertIn("none of its games is searched", err)
        self.assertIsNone(text)   # the first file: nothing is written

    def test_good_streams_give_every_game(self):
        for how, (fn, _) in self.compressors().items():
            with self.subTest(how=how):
                status, _, err, text = self.run_cql([self.file("ok." + how, fn(self.pgn))])
                self.assertEqual(status, 0, err)
                self.assertEqual(text.count("[Event "), GAMES, err)
        # Two gzip members one after the other are one stream.
        two = gzip.compress(self.pgn) + gzip.compress(self.pgn)
        status, _, err, text = self.run_cql([self.file("two.pgn.gz", two)])
        self.assertEqual(status, 0, err)
        self.assertEqual(text.count("[Event "), 2 * GAMES)

    def test_damaged_streams_give_no_game(self):
        # A byte of the last check, or one in the middle of the data: the
        # decoders hand out the text before a check fails (gzip's CRC was
        # not checked at all), so none of it may be searched.
        for how, (fn, at) in self.compressors().items():
            packed = fn(self.pgn)
            for where, pos in (("check", len(packed) + at), ("middle", len(packed) // 2)):
                with self.subTest(how=how, where=where):
                    name = "%s-%s.pgn.%s" % (where, how, how)
                    path = self.file(name, flip(packed, pos))
                    status, _, err, text = self.run_cql([path])
                    self.assert_refused(status, err, text, name, how)
                    at_byte = int(re.search(r"found at byte (\d+)", err).group(1))
                    self.assertLessEqual(at_byte, len(packed))

    def test_damaged_zip_member_gives_no_game(self):
        # libarchive checks a member's CRC-32 only at the member's end.
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("games.pgn", self.pgn)
        packed = buf.getvalue()
        status, _, err, text = self.run_cql([self.file("ok.zip", packed)])
        self.assertEqual(status, 0, err)
        self.assertEqual(text.count("[Event "), GAMES)
        # The CRC-32 in the member's local header (offset 14), then a byte
        # of its deflate data.
        for where, pos in (("check", 14), ("middle", 30 + len("games.pgn") + 100)):
            with self.subTest(where=where):
                name = "%s.zip" % where
                status, _, err, text = self.run_cql([self.file(name, flip(packed, pos))])
                self.assert_refused(status, err, text, name, "zip")

    def test_damage_in_a_later_gzip_member(self):
        # The first member is whole: the file is still refused whole, and
        # the files around it are searched.
        packed = gzip.compress(self.pgn)
        bad = self.file("members.pgn.gz", packed + flip(packed, len(packed) - 6))
        good = self.file("good.pgn", self.pgn)
        status, _, err, text = self.run_cql([bad])
        self.assert_refused(status, err, text, "members.pgn.gz", "gzip")
        status, _, err, text = self.run_cql([good, bad, good])
        self.assertEqual(status, 1, err)
        self.assertIn("members.pgn.gz: the gzip data is corrupt", err)
        self.assertEqual(text.count("[Event "), 2 * GAMES, err)

    def test_damaged_stream_on_standard_input(self):
        # A pipe cannot be read twice: it is copied during the first pass.
        packed = gzip.compress(self.pgn)
        status, _, err, text = self.run_cql(["-"], stdin=flip(packed, len(packed) - 6))
        self.assert_refused(status, err, text, "<stdin>", "gzip")
        status, _, err, text = self.run_cql(["-"], stdin=packed)
        self.assertEqual(status, 0, err)
        self.assertEqual(text.count("[Event "), GAMES)

    def test_decompression_bomb(self):
        # 80 MiB of NUL bytes in 80 bytes of bzip2: refused by the first
        # pass once 64 MiB came out of a few bytes, in bounded time.
        path = self.file("bomb.pgn.bz2", bz2.compress(bytes(80 << 20)))
        status, _, err, text = self.run_cql([path], cpu=5, memory=256)
        self.assertEqual(status, 1, err)
        self.assertIn("bomb.pgn.bz2: not a PGN database: its bzip2 data expands more than "
                      "10000 times", err)
        self.assertIsNone(text)

    # ------------------------------------------------------- NUL bytes

    def test_nul_bytes_after_the_games(self):
        # 30 copies of the games (past the first 64 KiB looked at) and then
        # a sparse 300 MB of NUL bytes: reported at once, not read.
        path = self.file("nul.pgn", self.pgn * 30)
        size = os.path.getsize(path)
        os.truncate(path, 300 << 20)
        status, _, err, text = self.run_cql([path], cpu=2, memory=256)
        self.assertEqual(status, 1, err)
        self.assertRegex(err, r"nul\.pgn:\d+: the text at byte %d holds NUL bytes \(more than "
                         r"65536 after game 90\): it is not PGN text" % size)
        self.assertEqual(text.count("[Event "), 30 * GAMES)
        # NUL bytes inside a game (after its tags): the game is too large
        # to keep once past 64 MiB, and its NUL bytes end the file there.
        path = self.file("nul-game.pgn", self.pgn * 30 + b'[Event "x"]\n\n1. e4 ')
        os.truncate(path, 300 << 20)
        status, _, err, text = self.run_cql([path], cpu=3, memory=512)
        self.assertEqual(status, 1, err)
        self.assertRegex(err, r"nul-game\.pgn:\d+: game 91 \(at byte %d\) holds more than 65536 "
                         r"NUL bytes: it is not PGN text" % size)
        self.assertEqual(text.count("[Event "), 30 * GAMES)
        # A little padding between games is still only padding.
        padded = self.file("padded.pgn", self.pgn * 30 + bytes(4096) + b"\n" + self.pgn)
        status, _, err, text = self.run_cql([padded])
        self.assertEqual(status, 0, err)
        self.assertEqual(text.count("[Event "), 31 * GAMES)

    # ------------------------------------------------------- the query

    def test_byte_order_mark_before_the_query(self):
        pgn = self.file("g.pgn", self.pgn)
        bom = b"\xef\xbb\xbf"
        for query in (bom + b"cql(quiet) initial\n",
                      bom + b"// a comment first\ncql(quiet) initial\n",
                      bom + b"(match (position :initial))\n"):
            with self.subTest(query=query):
                status, _, err, text = self.run_cql([pgn], query=query)
                self.assertEqual(status, 0, err)
                self.assertEqual(text.count("[Event "), GAMES)
        # Anywhere else it is no CQL.
        status, _, err, _ = self.run_cql([pgn], query=b"cql(quiet) " + bom + b"initial\n")
        self.assertEqual(status, 1, err)
        self.assertIn("q.cql:1:12: unexpected character", err)

    # ------------------------------------------------------- messages

    def test_message_shows_control_characters_escaped(self):
        white = "A\x1b]0;title\x07\x1b[2J\u009b\x7fB\\x"
        pgn = self.file("esc.pgn", ('[Event "e"]\n[White "%s"]\n[Black "b"]\n[Result "*"]\n\n'
                                    '1. e4 *\n' % white).encode("utf-8"))
        status, out, err, text = self.run_cql([pgn], query='cql(quiet) initial '
                                              'message ("w: " player white)\n')
        self.assertEqual(status, 0, err)
        self.assertIn("Game: 1 move 1(wtm): w: A\\x1b]0;title\\x07\\x1b[2J\\x9b\\x7fB\\x\n", out)
        for c in "\x1b\x07\x7f\u009b":
            self.assertNotIn(c, out)
        # The output PGN is data: the tag is written as it was.
        self.assertIn("\x1b]0;title\x07", text)


if __name__ == "__main__":
    unittest.main()
