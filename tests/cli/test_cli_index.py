#!/usr/bin/env python3
# `cql --index FILE...` builds the persistent index of each file in
# $EXCELSIOR_INDEX_DIR (a folder of the test's own) and `cql --index-info
# FILE...` says whether each file's index is up to date: after a touch or
# an edit of the file it is stale, a truncated or garbled index is
# damaged, an index of an older format version too (it must be built
# again, and a search reads the text meanwhile), a compressed file and
# standard input are not supported.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import gzip
import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import time
import unittest
import zlib

CQL = os.environ.get("CQL", "cql")
HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "..", "data", "sample", "studies.pgn")
MINI = os.path.join(HERE, "..", "fixtures", "cli", "mini.pgn")


class Index(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-index-")
        self.index_dir = os.path.join(self.dir, "index")
        self.env = dict(os.environ, EXCELSIOR_INDEX_DIR=self.index_dir)
        self.db = os.path.join(self.dir, "studies.pgn")
        shutil.copyfile(SAMPLE, self.db)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def cql(self, *args, expect=0, stdin=subprocess.DEVNULL):
        proc = subprocess.run([CQL, *args], capture_output=True, text=True, cwd=self.dir,
                              stdin=stdin, env=self.env, timeout=120)
        self.assertEqual(proc.returncode, expect, proc.stdout + proc.stderr)
        return proc

    def index_files(self):
        if not os.path.isdir(self.index_dir):
            return []
        return sorted(os.listdir(self.index_dir))

    def test_build_and_info(self):
        games = open(self.db, encoding="utf-8").read().count("[Event ")
        proc = self.cql("--index", self.db)
        self.assertEqual(proc.stdout, "")
        line = proc.stderr.strip()
        self.assertRegex(line, r"^%s: %d games, \d+ positions indexed in [0-9.]+ seconds; "
                               r"index [0-9.]+ (kB|MB) at .*\.cqx$" % (re.escape(self.db), games))
        files = self.index_files()
        self.assertEqual(len(files), 1)
        self.assertRegex(files[0], r"^[0-9a-f]{64}\.cqx$")
        index_path = os.path.join(self.index_dir, files[0])
        self.assertEqual(os.stat(self.index_dir).st_mode & 0o777, 0o700)
        # Far smaller than the text.
        self.assertLess(os.path.getsize(index_path), os.path.getsize(self.db) / 2)

        info = self.cql("--index-info", self.db).stdout
        self.assertIn("%s: up to date" % self.db, info)
        self.assertIn(index_path, info)
        self.assertIn("%d games" % games, info)
        # The same file by another name has the same index.
        link = os.path.join(self.dir, "link.pgn")
        os.symlink(self.db, link)
        self.assertIn(index_path, self.cql("--index-info", link).stdout)

    def test_quiet_and_several_files(self):
        mini = os.path.join(self.dir, "mini.pgn")
        shutil.copyfile(MINI, mini)
        proc = self.cql("--index", "--quiet", "--threads", "1", self.db, mini)
        self.assertEqual(len(proc.stderr.strip().splitlines()), 2)
        self.assertEqual(len(self.index_files()), 2)
        self.cql("--index-info", self.db, mini)

    def test_missing(self):
        proc = self.cql("--index-info", self.db, expect=1)
        self.assertIn("has no index: run cql --index", proc.stdout)

    def test_stale_after_touch_and_edit(self):
        self.cql("--index", self.db)
        st = os.stat(self.db)
        os.utime(self.db, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
        proc = self.cql("--index-info", self.db, expect=1)
        self.assertIn("has changed since it was indexed: run cql --index %s again" % self.db,
                      proc.stdout)

        self.cql("--index", self.db)
        with open(self.db, "a") as f:
            f.write("\n[Event \"new\"]\n\n1. e4 *\n")
        self.cql("--index-info", self.db, expect=1)
        self.cql("--index", self.db)
        self.cql("--index-info", self.db)

    def test_corrupt(self):
        self.cql("--index", self.db)
        index_path = os.path.join(self.index_dir, self.index_files()[0])
        data = open(index_path, "rb").read()

        # Truncated.
        with open(index_path, "wb") as f:
            f.write(data[: len(data) // 2])
        proc = self.cql("--index-info", self.db, expect=1)
        self.assertIn("is damaged", proc.stdout)
        self.assertIn("run cql --index %s again" % self.db, proc.stdout)

        # A byte of the header, then a byte of the columns.
        for at in (20, len(data) - 100):
            garbled = bytearray(data)
            garbled[at] ^= 0x5A
            with open(index_path, "wb") as f:
                f.write(bytes(garbled))
            proc = self.cql("--index-info", self.db, expect=1)
            self.assertIn("damaged", proc.stdout)

        # Built again, it is up to date.
        self.cql("--index", self.db)
        self.cql("--index-info", self.db)

    def test_older_version(self):
        """An index of an older format, whole and with a header that passes
        its checksum, is refused: built again, never read as it is."""
        self.cql("--index", self.db)
        index_path = os.path.join(self.index_dir, self.index_files()[0])
        with open(index_path, "rb") as f:
            data = bytearray(f.read())
        header_size = struct.unpack_from("<I", data, 12)[0]
        version = struct.unpack_from("<I", data, 8)[0]
        self.assertGreater(version, 2)
        struct.pack_into("<I", data, 8, 2)
        struct.pack_into("<I", data, header_size - 4, zlib.crc32(bytes(data[:header_size - 4])))
        with open(index_path, "wb") as f:
            f.write(bytes(data))

        proc = self.cql("--index-info", self.db, expect=1)
        self.assertRegex(proc.stdout, r"is damaged \(format version 2, not %d\): "
                                      r"run cql --index %s again" % (version, re.escape(self.db)))
        # A search says so once and reads the text: the same games.
        query = os.path.join(self.dir, "mate.cql")
        with open(query, "w") as f:
            f.write("cql() mate\n")
        out = {how: os.path.join(self.dir, how + ".pgn") for how in ("index", "text")}
        proc = self.cql("-i", self.db, "-o", out["index"], query)
        self.assertIn("run cql --index %s again; its text is searched instead" % self.db,
                      proc.stderr)
        self.cql("--no-index", "-i", self.db, "-o", out["text"], query)
        with open(out["index"], "rb") as a, open(out["text"], "rb") as b:
            self.assertEqual(a.read(), b.read())

        self.cql("--index", self.db)
        self.cql("--index-info", self.db)

    def test_compressed_and_stdin(self):
        gz = self.db + ".gz"
        with open(self.db, "rb") as src, gzip.open(gz, "wb") as dst:
            dst.write(src.read())
        proc = self.cql("--index", gz, expect=1)
        self.assertIn("not supported yet for compressed files", proc.stderr)
        self.assertEqual(self.index_files(), [])
        proc = self.cql("--index-info", gz, expect=1)
        self.assertIn("not supported yet for compressed files", proc.stdout)
        # The plain file is still indexed; the exit status says one failed.
        proc = self.cql("--index", gz, self.db, expect=1)
        self.assertIn("%s: " % self.db, proc.stderr)
        self.assertEqual(len(self.index_files()), 1)

        proc = self.cql("--index", "-", expect=1, stdin=open(self.db))
        self.assertIn("standard input cannot be indexed", proc.stderr)

    def test_usage(self):
        proc = self.cql("--index", expect=2)
        self.assertIn("--index", proc.stderr)
        self.cql("--index", "--index-info", self.db, expect=2)
        self.assertIn("--index-info", self.cql("--help").stdout)

    def test_not_a_file(self):
        proc = self.cql("--index", os.path.join(self.dir, "nonexistent.pgn"), expect=1)
        self.assertIn("nonexistent.pgn", proc.stderr)
        self.assertEqual(self.index_files(), [])

    def test_interrupt_writes_nothing(self):
        # An interrupt cancels the build under way: no index, no temporary
        # file left in the folder, the files after it not indexed, status 1.
        big = os.path.join(self.dir, "big.pgn")
        with open(SAMPLE, encoding="utf-8") as f:
            text = f.read()
        with open(big, "w", encoding="utf-8") as f:
            for _ in range(800):
                f.write(text)
        proc = subprocess.Popen([CQL, "--index", "--threads", "1", big, self.db],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                cwd=self.dir, env=self.env)
        # The interrupt is sent once the build reads the file (the signal
        # handlers are in place before): the build of 98 MB on one thread
        # takes far longer than the cancel.
        fds = "/proc/%d/fd" % proc.pid
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if any(os.readlink(os.path.join(fds, fd)) == big for fd in os.listdir(fds)):
                    break
            except OSError:
                pass
            time.sleep(0.001)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        self.assertEqual(proc.returncode, 1, out + err)
        self.assertEqual(err, "cql: interrupted; no index was written for %s\n" % big)
        self.assertEqual(self.index_files(), [])

if __name__ == "__main__":
    unittest.main()
