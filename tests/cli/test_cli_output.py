#!/usr/bin/env python3
# The cql tool's output file keeps the protections of the file it replaces:
# its mode, a symbolic link (written through), hard links (written in
# place, and only once there is room: a full disk or the file size limit
# leave the old data whole), a file the user may not write (refused before
# the search); an empty output name is refused at once; a long output name
# works (the temporary file's name is cut); SIGHUP, and SIGINT as soon as
# the temporary file exists, leave no temporary file, and the one SIGKILL
# leaves is removed by the next run; a name in
# the query must end in .pgn, and no output is the query file; -g counts
# the games it searched.  Runs are bounded with setrlimit (CPU seconds;
# address space unless CQL_SANITIZED=1).
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import fcntl
import os
import pwd
import re
import resource
import shutil
import signal
import stat
import subprocess
import tempfile
import time
import unittest

CQL = os.environ.get("CQL", "cql")
FIXTURES = os.environ.get("EXCELSIOR_FIXTURES", "")
SANITIZED = os.environ.get("CQL_SANITIZED", "0") == "1"
MIB = 1024 * 1024


def limited(cpu_seconds=5, memory_mib=512, file_size=None):
    """A preexec_fn that bounds the child's CPU time, address space (not
    under ASan, which reserves terabytes of it) and, if given, the size of
    the files it writes."""
    def apply():
        cpu = cpu_seconds * (4 if SANITIZED else 1)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        if not SANITIZED:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mib * MIB, memory_mib * MIB))
        if file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    return apply

MATE_PGN = """[Event "mate"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "no mate"]

1. e4 e5 *

[Event "mate too"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
"""
OLD = "old output\n"


class CliOutput(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-output-")
        self.pgn = os.path.join(self.dir, "db.pgn")
        with open(self.pgn, "w") as f:
            f.write(MATE_PGN)
        self.query = os.path.join(self.dir, "q.cql")
        with open(self.query, "w") as f:
            f.write("(match (position :mate))\n")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def cql(self, output, *args, preexec_fn=None):
        return subprocess.run([CQL, "-i", self.pgn, "-o", output, *args, self.query],
                              cwd=self.dir, capture_output=True, text=True,
                              preexec_fn=preexec_fn)

    def old_output(self, name="out.pgn", mode=0o644):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(OLD)
        os.chmod(path, mode)
        return path

    def assert_only(self, *names):
        self.assertEqual(sorted(os.listdir(self.dir)), sorted(["db.pgn", "q.cql", *names]),
                         "a temporary file was left behind")

    def read(self, path):
        with open(path) as f:
            return f.read()

    def test_mode_kept(self):
        out = self.old_output(mode=0o600)
        proc = self.cql(out)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(stat.S_IMODE(os.stat(out).st_mode), 0o600)
        self.assertEqual(self.read(out).count("{MATCH}"), 2)
        self.assert_only("out.pgn")

    def test_new_file_follows_the_umask(self):
        out = os.path.join(self.dir, "new.pgn")
        old = os.umask(0o027)
        try:
            proc = self.cql(out)
        finally:
            os.umask(old)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(stat.S_IMODE(os.stat(out).st_mode), 0o640)

    def test_symlink_written_through(self):
        target = self.old_output("target.pgn", mode=0o640)
        link = os.path.join(self.dir, "link.pgn")
        os.symlink("target.pgn", link)
        proc = self.cql(link)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(os.path.islink(link))
        self.assertEqual(os.readlink(link), "target.pgn")
        self.assertEqual(self.read(target).count("{MATCH}"), 2)
        self.assertEqual(stat.S_IMODE(os.stat(target).st_mode), 0o640)
        self.assert_only("target.pgn", "link.pgn")

    def test_dangling_symlink_creates_its_target(self):
        link = os.path.join(self.dir, "link.pgn")
        os.symlink("made.pgn", link)
        proc = self.cql(link)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(os.path.islink(link))
        self.assertEqual(self.read(os.path.join(self.dir, "made.pgn")).count("{MATCH}"), 2)

    def test_symlink_loop_refused(self):
        link = os.path.join(self.dir, "loop.pgn")
        os.symlink("loop.pgn", link)
        proc = self.cql(link)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(proc.stderr, "cql: %s: Too many levels of symbolic links\n" % link)

    def test_hard_link_written_in_place(self):
        out = self.old_output()
        other = os.path.join(self.dir, "other.pgn")
        os.link(out, other)
        inode = os.stat(out).st_ino
        proc = self.cql(out)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(os.stat(out).st_ino, inode)
        self.assertEqual(self.read(other).count("{MATCH}"), 2)
        self.assert_only("out.pgn", "other.pgn")

    def open_fifo_when_read(self, fifo):
        """Opens @fifo for writing once the tool has opened it to read (its
        search has started, after its signal handlers): a sign, not a
        delay, so that a slow (sanitized) build gets the signal as late."""
        for _ in range(3000):
            try:
                return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                time.sleep(0.01)
        self.fail("the tool never opened " + fifo)

    def test_interrupted_hard_link_keeps_old_data(self):
        out = self.old_output()
        os.link(out, os.path.join(self.dir, "other.pgn"))
        fifo = os.path.join(self.dir, "db.fifo")
        os.mkfifo(fifo)
        proc = subprocess.Popen([CQL, "-i", fifo, "-o", out, self.query], cwd=self.dir,
                                stderr=subprocess.PIPE)
        writer = self.open_fifo_when_read(fifo)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
        os.close(writer)
        proc.stderr.close()
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(self.read(out), OLD)
        os.unlink(fifo)
        self.assert_only("out.pgn", "other.pgn")

    def test_unwritable_output_refused_before_the_search(self):
        out = self.old_output(mode=0o444)
        os.chmod(self.dir, 0o777)
        preexec = None
        if os.geteuid() == 0:
            # root may write anything: run the tool as an ordinary user.
            try:
                nobody = pwd.getpwnam("nobody")
            except KeyError:
                self.skipTest("running as root and there is no user 'nobody'")
            for name in ("db.pgn", "q.cql"):
                os.chmod(os.path.join(self.dir, name), 0o644)

            def preexec():
                os.setgid(nobody.pw_gid)
                os.setuid(nobody.pw_uid)
        proc = self.cql(out, preexec_fn=preexec)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(proc.stderr, "cql: %s: cannot write: Permission denied\n" % out)
        self.assertEqual(self.read(out), OLD)
        self.assert_only("out.pgn")

    def test_directory_refused(self):
        proc = self.cql(self.dir)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(proc.stderr, "cql: %s: cannot write: Is a directory\n" % self.dir)

    def test_empty_output_name_refused_at_once(self):
        proc = self.cql("")
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(proc.stderr, "cql: the output file name is empty\n")
        self.assert_only()
        with open(self.query, "w") as f:
            f.write('(match :output "" (position :mate))\n')
        proc = subprocess.run([CQL, "-i", self.pgn, self.query], cwd=self.dir,
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(proc.stderr, "%s:1:16: ':output ': the output file must end in .pgn "
                         "(a query writes only PGN files; --output names any file)\n"
                         % self.query)
        self.assert_only()

    def test_longest_file_name(self):
        name = "o" * 251 + ".pgn"   # 255 bytes: the longest name most file systems allow
        proc = self.cql(os.path.join(self.dir, name))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assert_only(name)

    def test_sighup_keeps_old_output(self):
        out = self.old_output()
        fifo = os.path.join(self.dir, "db.fifo")
        os.mkfifo(fifo)
        proc = subprocess.Popen([CQL, "-i", fifo, "-o", out, self.query], cwd=self.dir,
                                stderr=subprocess.PIPE, text=True)
        writer = self.open_fifo_when_read(fifo)
        proc.send_signal(signal.SIGHUP)
        _, err = proc.communicate(timeout=30)
        os.close(writer)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("interrupted; '%s' was not written" % out, err)
        self.assertEqual(self.read(out), OLD)
        os.unlink(fifo)
        self.assert_only("out.pgn")

    def test_interrupt_once_the_temporary_file_exists(self):
        """The tool's signal handlers come before its temporary output file:
        a SIGINT sent the moment that file appears (the search waiting on
        a FIFO) cancels the search, which removes it, and never kills the
        tool with the file left behind."""
        out = self.old_output()
        fifo = os.path.join(self.dir, "db.fifo")
        os.mkfifo(fifo)
        proc = subprocess.Popen([CQL, "-i", fifo, "-o", out, self.query], cwd=self.dir,
                                stderr=subprocess.PIPE, text=True)
        seen = False
        deadline = time.monotonic() + 30
        while not seen and proc.poll() is None and time.monotonic() < deadline:
            seen = any(".cql-tmp-" in name for name in os.listdir(self.dir))
        self.assertTrue(seen, "the tool never made its temporary file")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        self.assertEqual(proc.returncode, 1, err)
        self.assertIn("interrupted; '%s' was not written" % out, err)
        self.assertEqual(self.read(out), OLD)
        os.unlink(fifo)
        self.assert_only("out.pgn")

    def test_game_range_counts_the_games_searched(self):
        out = os.path.join(self.dir, "out.pgn")
        proc = self.cql(out, "-g", "3")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(proc.stderr.endswith("1 match of 1 game in %s seconds\n"
                                             % proc.stderr.split(" in ")[-1].split()[0]))
        proc = self.cql(out, "-g", "1-2")
        self.assertIn("1 match of 2 games in ", proc.stderr)

    # A database whose matches, written, take about 566 KB (150 bytes a
    # game) and an old output of 300 KB with a second hard link.
    def big_search(self, out_dir):
        with open(self.pgn, "w") as f:
            f.write('[Event "m"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n' * 3770)
        out = os.path.join(out_dir, "out.pgn")
        with open(out, "w") as f:
            f.write("old\n" * 75000)
        os.link(out, os.path.join(out_dir, "other.pgn"))
        return out

    def assert_old_data_whole(self, out_dir):
        for name in ("out.pgn", "other.pgn"):
            with open(os.path.join(out_dir, name)) as f:
                self.assertEqual(f.read(), "old\n" * 75000, name)

    def test_full_disk_keeps_hard_linked_old_data(self):
        # 1 MiB holds the old data (300 KB) and the new (566 KB) in the
        # temporary file, not a second copy of the new data in the old file.
        if os.geteuid() != 0:
            self.skipTest("mounting a small tmpfs needs root")
        disk = os.path.join(self.dir, "disk")
        os.mkdir(disk)
        mount = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk],
                               capture_output=True, text=True)
        if mount.returncode != 0:
            self.skipTest("cannot mount a tmpfs: " + mount.stderr.strip())
        self.addCleanup(subprocess.run, ["umount", disk])
        out = self.big_search(disk)
        proc = self.cql(out, preexec_fn=limited())
        self.assertEqual(proc.returncode, 1, proc.stderr)
        self.assertRegex(proc.stderr, r"^cql: %s: cannot write: no room for the new data "
                         r"\(5\d\d\d\d\d bytes\) in the file, which has 2 links and is "
                         r"written in place: No space left on device; its old data is left "
                         r"whole\n$" % re.escape(out))
        self.assert_old_data_whole(disk)
        self.assertEqual(sorted(os.listdir(disk)), ["other.pgn", "out.pgn"])

    def test_file_size_limit_keeps_hard_linked_old_data(self):
        # The writes fail (EFBIG) past 400 KB, midway through the new data:
        # no signal kills the tool, the old data stays in both links.
        out = self.big_search(self.dir)
        proc = self.cql(out, preexec_fn=limited(file_size=400_000))
        self.assertEqual(proc.returncode, 1, proc.stderr)
        self.assertEqual(proc.stderr, "cql: cannot write '%s': File too large\n" % out)
        self.assert_old_data_whole(self.dir)
        self.assert_only("out.pgn", "other.pgn")

    def test_hard_link_shorter_new_data(self):
        out = self.old_output()
        with open(out, "w") as f:
            f.write("old\n" * 50000)
        other = os.path.join(self.dir, "other.pgn")
        os.link(out, other)
        proc = self.cql(out, preexec_fn=limited())
        self.assertEqual(proc.returncode, 0, proc.stderr)
        new = self.read(other)
        self.assertTrue(new.startswith("[Event"), new[:100])
        self.assertEqual(new.count("{MATCH}"), 2)
        self.assertNotIn("old\n", new)

    def temporaries(self, name="out.pgn"):
        return sorted(f for f in os.listdir(self.dir) if f.startswith("." + name + ".cql-tmp-"))

    def test_sigkill_leaves_a_temporary_the_next_run_removes(self):
        out = self.old_output()
        fifo = os.path.join(self.dir, "db.fifo")
        os.mkfifo(fifo)
        proc = subprocess.Popen([CQL, "-i", fifo, "-o", out, self.query], cwd=self.dir,
                                stderr=subprocess.DEVNULL, preexec_fn=limited())
        # The temporary file is made before the search opens the FIFO (and
        # waits there for a writer).
        for _ in range(1000):
            if self.temporaries():
                break
            time.sleep(0.01)
        proc.kill()
        proc.wait(timeout=30)
        os.unlink(fifo)
        killed = self.temporaries()
        self.assertEqual(len(killed), 1)
        self.assertEqual(os.path.getsize(os.path.join(self.dir, killed[0])), 0)
        # Left alone: one in use (locked, here by this test), one of another
        # output, one not named as ours.
        in_use = os.path.join(self.dir, ".out.pgn.cql-tmp-inuse1")
        lock = open(in_use, "w")
        self.addCleanup(lock.close)
        fcntl.flock(lock, fcntl.LOCK_EX)
        for name in (".db.pgn.cql-tmp-abcdef", ".out.pgn.cql-tmp-abcdefg"):
            open(os.path.join(self.dir, name), "w").close()
        proc = self.cql(out, preexec_fn=limited())
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(self.read(out).count("{MATCH}"), 2)
        self.assertEqual(self.temporaries(), [".out.pgn.cql-tmp-abcdefg",
                                              ".out.pgn.cql-tmp-inuse1"])
        self.assert_only("out.pgn", ".out.pgn.cql-tmp-inuse1", ".out.pgn.cql-tmp-abcdefg",
                         ".db.pgn.cql-tmp-abcdef")

    # The files a query names: its header's output must end in .pgn (as
    # CQL 6.2 requires); no output, named there or by --output, is the
    # query file, through any link.
    def run_query(self, text, *args):
        with open(self.query, "w") as f:
            f.write(text)
        return subprocess.run([CQL, "-i", self.pgn, *args, self.query], cwd=self.dir,
                              capture_output=True, text=True, preexec_fn=limited())

    def test_query_cannot_overwrite_itself(self):
        text = "cql(output q.cql)\nmate\n"
        proc = self.run_query(text)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(proc.stderr, "%s:1:12: the header's output file 'q.cql' must end in "
                         ".pgn (a query writes only PGN files; --output names any file)\n"
                         % self.query)
        self.assertEqual(self.read(self.query), text)
        self.assert_only()

    def test_query_names_only_pgn_files(self):
        for text, where in (("cql(input x.pgn output ../notes.txt)\nmate\n", "1:24"),
                            ('cql(output "a b.pgn.txt")\nmate\n', "1:12"),
                            ("(match\n :output .pgn (position :mate))\n", "2:10"),
                            ("(match :output /etc/passwd (position :mate))\n", "1:16")):
            proc = self.run_query(text)
            self.assertEqual(proc.returncode, 1, text)
            self.assertTrue(proc.stderr.startswith("%s:%s: " % (self.query, where)), proc.stderr)
            self.assertIn("must end in .pgn", proc.stderr)
            self.assert_only()
        for text in ("cql(output OUT.PGN)\nmate\n", "(match :output out.Pgn (position :mate))"):
            proc = self.run_query(text)
            self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assert_only("OUT.PGN", "out.Pgn")

    def test_output_linked_to_the_query_refused(self):
        text = "cql(output link.pgn)\nmate\n"
        with open(self.query, "w") as f:
            f.write(text)
        for make in (os.symlink, os.link):
            link = os.path.join(self.dir, "link.pgn")
            make(self.query, link)
            for args in ((), ("-o", "link.pgn"), ("-o", "q.cql"), ("-o", "./q.cql")):
                proc = self.run_query(text, *args)
                self.assertEqual(proc.returncode, 1, args)
                self.assertEqual(proc.stderr, "cql: the output '%s' is the query file; "
                                 "refusing to overwrite it\n" % (args[1] if args else "link.pgn"))
                self.assertEqual(self.read(self.query), text)
            os.unlink(link)
        self.assert_only()

    def test_command_line_output_names_any_file(self):
        proc = self.run_query("cql(output out.pgn)\nmate\n", "-o", "notes.txt")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(self.read(os.path.join(self.dir, "notes.txt")).count("{CQL}"), 2)
        self.assert_only("notes.txt")


if __name__ == "__main__":
    unittest.main(verbosity=2)
