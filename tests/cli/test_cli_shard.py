#!/usr/bin/env python3
# A search run in parts (`cql --shard K/N`, one process per part, started by
# GNU parallel when it is installed) and merged (`cql --merge`) writes the
# same bytes as one run, for N = 1, 2, 3, 7, on the bundled sample and, when
# ../shared/data is there, on the shared studies and master games: one
# plain file cut into byte ranges, and files split by the test (plain, xz,
# zstd); zstd files of several frames (cut at games, at any byte, with a
# seek table) cut between frames; through a Slurm job array when Slurm is
# installed; zip archives of several *.pgn members cut between members.  A
# damaged frame or member fails its part, and the merge refuses it.  The merge
# refuses a part that is missing, unfinished, given twice, from another
# search or begun where the part before did not stop, and an output that
# is a part or a file of the database; a query whose values pass from game
# to game is refused in parts, unless its persistent numbers are only added
# to (the merge adds them up).
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import glob
import lzma
import os
import re
import shutil
import subprocess
import socket
import struct
import tempfile
import time
import unittest
import zipfile

CQL = os.environ.get("CQL", "cql")
HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "..", "data", "sample", "studies.pgn")
SHARED = os.environ.get("EXCELSIOR_SHARED_DATA",
                        os.path.join(HERE, "..", "..", "..", "shared", "data"))
SANITIZED = os.environ.get("CQL_SANITIZED") == "1"
PARALLEL = shutil.which("parallel")
CLUSTER = os.path.join(HERE, "..", "..", "tools", "cluster")

# A single-node Slurm of the test's own (Debian's slurm-wlm and munge), on
# ports of its own, when the daemons are installed and the test runs as root.
SLURM_CONF = """ClusterName=excelsior-test
SlurmctldHost={host}
SlurmUser=root
SlurmdUser=root
SlurmctldPort={port}
SlurmdPort={port2}
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
SlurmdLogFile={dir}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName={host} CPUs={cpus} State=UNKNOWN
PartitionName=test Nodes={host} Default=YES MaxTime=INFINITE State=UP
"""

# A plain, a sorting, a commenting (with `message` lines) and a persistent
# CQL 6 query (its values printed at the end, added up by the merge) and a
# CQL 3 query.
QUERIES = {
    "plain": "cql() mate\n",
    "sorting": 'cql() sort "mobility" #A  check\n',
    "comment": 'cql() mate comment("mate by " #A) message("mate at " #A)\n',
    "persistent": "cql() check persistent Checks += 1 persistent Pawns -= #P\n",
    "cql3": "(match (position :mate :btm))\n",
}


def split_games(data, n):
    """@data (bytes of PGN) cut into @n runs of whole games."""
    games = [g for g in re.split(rb"(?m)^(?=\[Event )", data) if g.strip()]
    size = -(-len(games) // n)
    return [b"".join(games[i:i + size]) for i in range(0, len(games), size)]


def zstd(data):
    """@data compressed by the zstd tool: one frame."""
    return subprocess.run(["zstd", "-q", "-3", "-c", "-"], input=data, check=True,
                          capture_output=True).stdout


def zstd_frames(pieces, seek_table=False):
    """A zstd file of one frame per piece (`zstd` on each, then `cat`); with
    @seek_table, ended by the seek table of zstd's seekable format (a
    skippable frame: each frame's compressed and decompressed sizes, then
    the number of frames, a descriptor byte and the seekable magic)."""
    frames = [zstd(p) for p in pieces]
    out = b"".join(frames)
    if seek_table:
        entries = b"".join(struct.pack("<II", len(f), len(p)) for f, p in zip(frames, pieces))
        body = entries + struct.pack("<IBI", len(frames), 0, 0x8F92EAB1)
        out += struct.pack("<II", 0x184D2A5E, len(body)) + body
    return out


def byte_cuts(data, n):
    """@data cut into @n pieces at byte offsets that fall anywhere (inside
    games, tags, moves)."""
    cuts = [0] + [len(data) * i // n + 7 * i for i in range(1, n)] + [len(data)]
    return [data[a:b] for a, b in zip(cuts, cuts[1:])]


class ShardTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="cql-shard-test-")
        for name, text in QUERIES.items():
            with open(os.path.join(cls.dir, name + ".cql"), "w") as f:
                f.write(text)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def run_cql(self, *args, expect=0):
        proc = subprocess.run([CQL, *args], capture_output=True, cwd=self.dir, timeout=600)
        self.assertEqual(proc.returncode, expect, "cql %s exited %d\n%s" % (
            " ".join(args), proc.returncode, proc.stderr.decode("utf-8", "replace")))
        return proc

    def database(self, name, chunks, compress=None):
        """Writes @chunks as the files of a database folder; returns it."""
        folder = os.path.join(self.dir, name)
        os.makedirs(folder, exist_ok=True)
        for i, chunk in enumerate(chunks):
            path = os.path.join(folder, "part%02d.pgn" % i)
            if compress == "xz":
                with lzma.open(path + ".xz", "wb", preset=0) as f:
                    f.write(chunk)
            elif compress == "zst":
                if shutil.which("zstd") is None:
                    self.skipTest("zstd is not installed")
                subprocess.run(["zstd", "-q", "-3", "-o", path + ".zst", "-"], input=chunk,
                               check=True)
            else:
                with open(path, "wb") as f:
                    f.write(chunk)
        return folder

    def run_parts(self, inputs, query, n, tag):
        """Runs the @n parts (by GNU parallel when installed) and merges
        them; returns (output bytes, standard output, standard error)."""
        parts = [os.path.join(self.dir, "%s-%d-of-%d.part" % (tag, k, n)) for k in range(1, n + 1)]
        args = []
        for i in inputs:
            args += ["-i", i]
        if PARALLEL:
            subprocess.run([PARALLEL, "--will-cite", "--halt", "now,fail=1", "-j", "2", CQL,
                            "--shard", "{}/%d" % n, *args, "-o",
                            os.path.join(self.dir, "%s-{}-of-%d.part" % (tag, n)), query,
                            ":::", *[str(k) for k in range(1, n + 1)]],
                           cwd=self.dir, check=True, capture_output=True, timeout=600)
        else:
            for k in range(1, n + 1):
                self.run_cql("--shard", "%d/%d" % (k, n), *args, "-o", parts[k - 1], query)
        out = os.path.join(self.dir, tag + "-merged.pgn")
        proc = self.run_cql("--merge", *parts, "-o", out)
        with open(out, "rb") as f:
            return f.read(), proc.stdout, proc.stderr

    def check_same(self, inputs, tag, ns=(1, 2, 3, 7)):
        args = []
        for i in inputs:
            args += ["-i", i]
        for name in QUERIES:
            query = name + ".cql"
            single = os.path.join(self.dir, "%s-%s-single.pgn" % (tag, name))
            proc = self.run_cql(*args, "-o", single, query)
            with open(single, "rb") as f:
                expected = f.read()
            expected_err = proc.stderr.splitlines()[:-1]   # all but the timing line
            for n in ns:
                with self.subTest(query=name, parts=n):
                    got, out, err = self.run_parts(inputs, query, n, "%s-%s" % (tag, name))
                    self.assertEqual(got, expected)
                    self.assertEqual(out, proc.stdout)          # `message` lines
                    self.assertEqual(err.splitlines()[:-1], expected_err)
            self.assertTrue(name == "cql3" or len(expected) > 0 or tag == "sample",
                            "%s found nothing on %s: the comparison shows little" % (name, tag))

    def test_sample_split(self):
        with open(SAMPLE, "rb") as f:
            data = f.read()
        self.check_same([self.database("sample", split_games(data, 5))], "sample")

    def test_sample_one_file_cut(self):
        # One plain file is cut between games into byte ranges.
        self.check_same([SAMPLE], "one")

    def test_one_compressed_file(self):
        # A compressed file is not cut: the other parts are empty, and merge all the same.
        with open(SAMPLE, "rb") as f:
            folder = self.database("one-xz", [f.read()], "xz")
        self.check_same([folder], "one-xz", ns=(1, 3))

    def zstd_file(self, name, data):
        if shutil.which("zstd") is None:
            self.skipTest("zstd is not installed")
        path = os.path.join(self.dir, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def part_games(self, path, n):
        """The games each of the @n parts of @path searched."""
        counts = []
        for k in range(1, n + 1):
            proc = self.run_cql("--shard", "%d/%d" % (k, n), "-i", path, "-o", "count.part",
                                "plain.cql")
            counts.append(int(re.search(rb"of (\d+) games?", proc.stderr).group(1)))
        return counts

    def test_zstd_frames_cut(self):
        # A zstd file of several frames is cut between frames: frames made
        # of whole games, of pieces cut anywhere (a part then begins at the
        # first game of its first frame's text and the part before reads on
        # into it), and with the seekable format's seek table at its end.
        with open(SAMPLE, "rb") as f:
            data = f.read()
        files = {
            "games": zstd_frames(split_games(data, 5)),
            "bytes": zstd_frames(byte_cuts(data, 6)),
            "seekable": zstd_frames(byte_cuts(data, 4), seek_table=True),
        }
        for tag, blob in files.items():
            path = self.zstd_file("frames-%s.pgn.zst" % tag, blob)
            counts = self.part_games(path, 3)
            self.assertEqual(sum(counts), self.part_games(path, 1)[0])
            self.assertTrue(all(c > 0 for c in counts), "%s: %r" % (tag, counts))
            self.check_same([path], "frames-" + tag)

    def test_zstd_seek_table_is_followed(self):
        # With a seek table the frames are not walked: a table whose
        # entries each cover two of the four frames gives two pieces.
        with open(SAMPLE, "rb") as f:
            data = f.read()
        pieces = byte_cuts(data, 4)
        frames = [zstd(p) for p in pieces]
        entries = b"".join(struct.pack("<II", len(frames[i]) + len(frames[i + 1]),
                                       len(pieces[i]) + len(pieces[i + 1])) for i in (0, 2))
        body = entries + struct.pack("<IBI", 2, 0, 0x8F92EAB1)
        blob = b"".join(frames) + struct.pack("<II", 0x184D2A5E, len(body)) + body
        path = self.zstd_file("seek-pairs.pgn.zst", blob)
        self.assertEqual(sum(1 for c in self.part_games(path, 4) if c > 0), 2)
        without = self.zstd_file("no-table.pgn.zst", b"".join(frames))
        self.assertEqual(sum(1 for c in self.part_games(without, 4) if c > 0), 4)

    def test_zstd_one_frame_is_one_part(self):
        # What `zstd` makes of a file by default: one frame, not cut.
        with open(SAMPLE, "rb") as f:
            data = f.read()
        path = self.zstd_file("one-frame.pgn.zst", zstd(data))
        counts = self.part_games(path, 3)
        self.assertEqual(sorted(counts)[:2], [0, 0])
        self.check_same([path], "one-frame", ns=(1, 3))

    def test_zstd_damaged_frame_refused(self):
        # A frame damaged in the middle of the file: the part that has it
        # fails and says why; the merge refuses, writing nothing.
        with open(SAMPLE, "rb") as f:
            data = f.read()
        pieces = split_games(data, 3)
        frames = [zstd(p) for p in pieces]
        middle = bytearray(frames[1])
        for i in range(len(middle) // 2, len(middle) // 2 + 8):
            middle[i] ^= 0x5A
        path = self.zstd_file("damaged.pgn.zst", frames[0] + bytes(middle) + frames[2])
        parts, failed = [], 0
        for k in (1, 2, 3):
            part = os.path.join(self.dir, "damaged-%d.part" % k)
            proc = subprocess.run([CQL, "--shard", "%d/3" % k, "-i", path, "-o", part,
                                   "plain.cql"], capture_output=True, cwd=self.dir, timeout=600)
            if proc.returncode != 0:
                failed += 1
                self.assertIn(b"damaged.pgn.zst: the zstd data is corrupt", proc.stderr)
            parts.append(part)
        self.assertGreaterEqual(failed, 1)
        proc = self.run_cql("--merge", *parts, "-o", "damaged.pgn", expect=1)
        self.assertIn(b"could not read its piece of", proc.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "damaged.pgn")))

    def zip_file(self, name, members, damage=None):
        """A zip archive (deflated) of @members, (name, bytes) pairs in
        order; @damage: the index of a member whose compressed data is
        spoilt in its middle."""
        path = os.path.join(self.dir, name)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for member, data in members:
                z.writestr(member, data)
        if damage is not None:
            with zipfile.ZipFile(path) as z:
                info = z.infolist()[damage]
            with open(path, "r+b") as f:
                f.seek(info.header_offset + 26)
                name_len, extra_len = struct.unpack("<HH", f.read(4))
                at = info.header_offset + 30 + name_len + extra_len + info.compress_size // 2
                f.seek(at)
                spoilt = bytes(b ^ 0x5A for b in f.read(8))
                f.seek(at)
                f.write(spoilt)
        return path

    def zip_members(self):
        """The sample as the members of a zip: games split into four
        members, one of them not ending in a blank line (nor a newline),
        and a member that is not PGN, which the search skips."""
        with open(SAMPLE, "rb") as f:
            data = f.read()
        pieces = split_games(data, 4)
        self.assertEqual(len(pieces), 4)
        pieces[1] = pieces[1].rstrip()
        return [("a.pgn", pieces[0]), ("b/b.PGN", pieces[1]), ("notes.txt", b"1. e4 *\n"),
                ("c.pgn", pieces[2]), ("d.pgn", pieces[3])]

    def test_zip_members_cut(self):
        # A zip of several *.pgn members is cut between members: each part
        # reads its members only, and the merge is one run's output.
        path = self.zip_file("members.zip", self.zip_members())
        counts = self.part_games(path, 3)
        self.assertEqual(sum(counts), self.part_games(path, 1)[0])
        self.assertTrue(all(c > 0 for c in counts), "%r" % counts)
        self.check_same([path], "zip")

    def test_zip_one_member_is_one_part(self):
        with open(SAMPLE, "rb") as f:
            data = f.read()
        path = self.zip_file("one-member.zip", [("all.pgn", data), ("x.txt", b"x")])
        counts = self.part_games(path, 3)
        self.assertEqual(sorted(counts)[:2], [0, 0])
        self.check_same([path], "zip-one", ns=(1, 3))

    def test_zip_damaged_member_refused(self):
        # A member damaged in its middle: the part that reads it fails and
        # says why; the merge refuses naming that part, writing nothing.
        members = self.zip_members()
        path = self.zip_file("damaged.zip", members, damage=3)
        parts, failed = [], []
        for k in (1, 2, 3):
            part = os.path.join(self.dir, "damaged-zip-%d.part" % k)
            proc = subprocess.run([CQL, "--shard", "%d/3" % k, "-i", path, "-o", part,
                                   "plain.cql"], capture_output=True, cwd=self.dir, timeout=600)
            if proc.returncode != 0:
                failed.append(k)
                self.assertIn(b"damaged.zip: ", proc.stderr)
            parts.append(part)
        self.assertGreaterEqual(len(failed), 1)
        self.assertLess(len(failed), 3)
        proc = self.run_cql("--merge", *parts, "-o", "damaged-zip.pgn", expect=1)
        self.assertIn(b"part %d could not read its piece of" % failed[0], proc.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "damaged-zip.pgn")))

    def test_file_that_cannot_be_cut_is_refused(self):
        # Games not separated by blank lines: a part begins at the next
        # blank line, not where the part before it stopped; the merge sees
        # it and refuses rather than lose or repeat a game.
        with open(SAMPLE, "rb") as f:
            games = split_games(f.read(), 1)[0]
        tight = re.sub(rb"\n\s*\n(?=\[Event )", b"\n", games)
        first_half = re.sub(rb"\n\s*\n\[", b"\n[", tight[:len(tight) // 2])
        path = os.path.join(self.dir, "tight-db.pgn")
        with open(path, "wb") as f:
            f.write(first_half + tight[len(tight) // 2:])
        parts = []
        for k in (1, 2):
            part = os.path.join(self.dir, "tight-%d.part" % k)
            self.run_cql("--shard", "%d/2" % k, "-i", path, "-o", part, "plain.cql")
            parts.append(part)
        proc = self.run_cql("--merge", *parts, "-o", "tight.pgn", expect=1)
        self.assertIn(b"cannot be cut there", proc.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "tight.pgn")))

    def test_merge_never_overwrites_the_database(self):
        db = os.path.join(self.dir, "own-db.pgn")
        shutil.copy(SAMPLE, db)
        part = os.path.join(self.dir, "own-1.part")
        self.run_cql("--shard", "1/1", "-i", db, "-o", part, "plain.cql")
        proc = self.run_cql("--merge", part, "-o", db, expect=1)
        self.assertIn(b"is a file of the database", proc.stderr)
        with open(db, "rb") as a, open(SAMPLE, "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_studies(self):
        studies = os.path.join(SHARED, "studies")
        if not os.path.isdir(studies):
            self.skipTest("../shared/data is not there")
        inputs = [studies] + sorted(d for d in glob.glob(os.path.join(studies, "*"))
                                    if os.path.isdir(d) and glob.glob(os.path.join(d, "*.pgn")))
        self.check_same(inputs, "studies")

    def test_master_games_split_compressed(self):
        book = os.path.join(SHARED, "games", "gnuchess-book-1.02.pgn.xz")
        if not os.path.exists(book):
            self.skipTest("../shared/data is not there")
        with lzma.open(book, "rb") as f:
            data = f.read()
        # The first 20,000 games (2,000 under the sanitizers): enough for
        # every query to find games in each part, quick in a debug build.
        games = split_games(data, 1)[0]
        keep = 2000 if SANITIZED else 20000
        starts = [m.start() for m in re.finditer(rb"(?m)^\[Event ", games)]
        data = games[:starts[keep]] if len(starts) > keep else games
        chunks = split_games(data, 7)
        self.check_same([self.database("book-one", [data])], "book-one", ns=(2, 7))
        self.check_same([self.database("book-plain", chunks)], "book-plain", ns=(2, 7))
        self.check_same([self.database("book-xz", chunks, "xz")], "book-xz", ns=(3,))
        self.check_same([self.database("book-zst", chunks, "zst")], "book-zst", ns=(1, 7))
        if shutil.which("zstd") is not None:
            frames = self.zstd_file("book-frames.pgn.zst",
                                    zstd_frames(byte_cuts(data, 9)))
            self.check_same([frames], "book-frames", ns=(2, 3, 7))

    def make_parts(self, n, query="plain.cql", tag="fail"):
        with open(SAMPLE, "rb") as f:
            folder = self.database("fail-db", split_games(f.read(), 4))
        parts = []
        for k in range(1, n + 1):
            part = os.path.join(self.dir, "%s-%d.part" % (tag, k))
            self.run_cql("--shard", "%d/%d" % (k, n), "-i", folder, "-o", part, query)
            parts.append(part)
        return folder, parts

    def test_missing_part_is_named(self):
        _, parts = self.make_parts(3)
        proc = self.run_cql("--merge", parts[0], parts[2], "-o", "m.pgn", expect=1)
        self.assertIn(b"part 2 of 3 is missing", proc.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "m.pgn")))

    def test_unfinished_part_refused_and_rerun(self):
        folder, parts = self.make_parts(2)
        with open(parts[1], "rb") as f:
            whole = f.read()
        with open(parts[1], "wb") as f:
            f.write(whole[:len(whole) - 3])
        proc = self.run_cql("--merge", *parts, "-o", "m.pgn", expect=1)
        self.assertIn(b"did not finish", proc.stderr)
        self.assertIn(parts[1].encode(), proc.stderr)
        # The part alone runs again, and the merge goes through.
        self.run_cql("--shard", "2/2", "-i", folder, "-o", parts[1], "plain.cql")
        self.run_cql("--merge", *parts, "-o", "m.pgn")
        single = self.run_cql("-i", folder, "-o", "s.pgn", "plain.cql")
        with open(os.path.join(self.dir, "m.pgn"), "rb") as a, \
                open(os.path.join(self.dir, "s.pgn"), "rb") as b:
            self.assertEqual(a.read(), b.read())
        self.assertTrue(single.stderr)

    def test_parts_of_other_searches_refused(self):
        _, parts = self.make_parts(2)
        _, others = self.make_parts(2, "comment.cql", "other")
        proc = self.run_cql("--merge", parts[0], others[1], "-o", "m.pgn", expect=1)
        self.assertIn(b"different searches", proc.stderr)
        proc = self.run_cql("--merge", parts[0], parts[0], "-o", "m.pgn", expect=1)
        self.assertIn(b"both part 1 of 2", proc.stderr)
        with open(os.path.join(self.dir, "junk.part"), "wb") as f:
            f.write(b"[Event \"not a part\"]\n")
        proc = self.run_cql("--merge", "junk.part", "-o", "m.pgn", expect=1)
        self.assertIn(b"not a part file", proc.stderr)

    def test_refused_queries(self):
        # A persistent value read by the query (here by a comment) depends
        # on the games of the parts before.
        with open(os.path.join(self.dir, "persistent-read.cql"), "w") as f:
            f.write('cql() mate persistent Mates += 1 comment("mate " Mates)\n')
        with open(os.path.join(self.dir, "number.cql"), "w") as f:
            f.write("cql() gamenumber < 5\n")
        for query, why in (("persistent-read.cql", b"from game to game"),
                           ("number.cql", b"numbers")):
            proc = self.run_cql("--shard", "1/2", "-i", SAMPLE, "-o", "x.part", query, expect=1)
            self.assertIn(b"cannot be searched in parts", proc.stderr)
            self.assertIn(why, proc.stderr)
        proc = self.run_cql("--shard", "1/2", "-i", SAMPLE, "-o", "x.part", "-g", "3",
                            "plain.cql", expect=1)
        self.assertIn(b"range of game numbers", proc.stderr)
        for bad in ("0/2", "3/2", "1/0", "x", "1/2/3"):
            proc = self.run_cql("--shard", bad, "-i", SAMPLE, "-o", "x.part", "plain.cql",
                                expect=2)
            self.assertIn(b"K/N", proc.stderr)
        proc = self.run_cql("--shard", "1/2", "-i", SAMPLE, "plain.cql", expect=2)
        self.assertIn(b"--output", proc.stderr)

    def test_slurm_job_array(self):
        tools = ("munged", "munge", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol")
        if any(shutil.which(t) is None for t in tools) or os.geteuid() != 0:
            self.skipTest("no Slurm (Debian's slurm-wlm and munge) or not root")
        if not os.path.exists("/etc/munge/munge.key"):
            self.skipTest("munge has no key (/etc/munge/munge.key)")
        sdir = os.path.join(self.dir, "slurm")
        for sub in ("state", "spool"):
            os.makedirs(os.path.join(sdir, sub), exist_ok=True)
        conf = os.path.join(sdir, "slurm.conf")
        port = 17000 + os.getpid() % 2000
        with open(conf, "w") as f:
            f.write(SLURM_CONF.format(host=socket.gethostname().split(".")[0], port=port,
                                      port2=port + 2001, dir=sdir, cpus=os.cpu_count() or 1))
        env = dict(os.environ, SLURM_CONF=conf, CQL=os.path.abspath(CQL) if os.sep in CQL
                   else CQL)
        if subprocess.run(["munge", "-n"], capture_output=True).returncode != 0:
            for d in ("/run/munge", "/var/lib/munge", "/var/log/munge"):
                os.makedirs(d, exist_ok=True)
            subprocess.run(["munged", "--force"], check=True, capture_output=True)
        subprocess.run(["slurmctld", "-f", conf], env=env, check=True, capture_output=True)
        try:
            subprocess.run(["slurmd", "-f", conf], env=env, check=True, capture_output=True)
            for _ in range(60):
                state = subprocess.run(["sinfo", "-h", "-o", "%T"], env=env,
                                       capture_output=True, text=True).stdout.strip()
                if state == "idle":
                    break
                time.sleep(0.5)
            self.assertEqual(state, "idle", "the test's Slurm node did not come up")
            with open(SAMPLE, "rb") as f:
                folder = self.database("slurm-db", split_games(f.read(), 5))
            work = os.path.join(self.dir, "slurm-work")
            out = os.path.join(work, "out.pgn")
            query = os.path.join(self.dir, "comment.cql")
            subprocess.run(["sh", os.path.join(CLUSTER, "cql-slurm-submit.sh"), "3", work, query,
                            out, folder], env=env, check=True, capture_output=True, timeout=60)
            for _ in range(240):
                jobs = subprocess.run(["squeue", "-h"], env=env, capture_output=True,
                                      text=True).stdout.strip()
                if not jobs and os.path.exists(out):
                    break
                time.sleep(0.5)
            single = os.path.join(self.dir, "slurm-single.pgn")
            proc = self.run_cql("-i", folder, "-o", single, query)
            with open(single, "rb") as a, open(out, "rb") as b:
                self.assertEqual(b.read(), a.read())
            with open(os.path.join(work, "merge.log"), "rb") as f:
                self.assertTrue(f.read().startswith(proc.stdout))
        finally:
            subprocess.run(["scontrol", "shutdown"], env=env, capture_output=True)

    def test_merge_never_overwrites_a_part(self):
        _, parts = self.make_parts(2)
        with open(parts[0], "rb") as f:
            before = f.read()
        proc = self.run_cql("--merge", *parts, "-o", parts[0], expect=1)
        self.assertIn(b"is a part file", proc.stderr)
        with open(parts[0], "rb") as f:
            self.assertEqual(f.read(), before)


if __name__ == "__main__":
    unittest.main(verbosity=2)
