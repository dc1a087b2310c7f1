#!/usr/bin/env python3
# The cql tool stops promptly on SIGINT and SIGTERM wherever the time goes:
# opening a FIFO that has no writer yet, reading a pipe that never writes
# or never ends, splitting, parsing and searching one very long game.  Each
# case checks that the tool exits with the interrupted status, that the old
# output is kept and that no temporary file is left beside it.
#
# The signal is sent once the tool has its handlers (read from
# /proc/PID/status, not guessed with a sleep) and has had time to be busy.
# What the tool does from the signal to its exit is measured two ways: the
# processor time it uses must stay under STOP_LIMIT (seconds;
# CQL_STOP_LIMIT overrides it, e.g. under sanitizers), whatever else runs
# on the machine; the time on the clock must stay under STOP_LIMIT where
# the tool was waiting (a FIFO, a quiet pipe: it only has to wake up), and
# under WAIT_LIMIT where it was working, since on a loaded machine a busy
# process waits for a processor far longer than it works.  The figures are
# printed, so the log shows how prompt the tool is.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
import zlib

from long_game import long_game

CQL = os.environ.get("CQL", "cql")
STOP_LIMIT = float(os.environ.get("CQL_STOP_LIMIT", "1.0"))
WAIT_LIMIT = 10 * STOP_LIMIT
OLD_OUTPUT = "old output\n"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def processor_time(pid):
    """Seconds of processor time (user and system, all threads) @pid used."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def catches(pid, sig):
    """Whether @pid has a handler for @sig (SigCgt of /proc/PID/status)."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("SigCgt:"):
                return int(line.split()[1], 16) >> (sig - 1) & 1 == 1
    return False


class CliCancel(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cql-cancel-")
        self.out = os.path.join(self.dir, "out.pgn")
        with open(self.out, "w") as f:
            f.write(OLD_OUTPUT)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def query(self, body, cql6=False):
        path = os.path.join(self.dir, "q.cql")
        with open(path, "w") as f:
            if cql6:
                f.write("cql(output out.pgn)\n%s\n" % body)
            else:
                f.write("(match :output out.pgn\n  %s)\n" % body)
        return path

    def start(self, pgn, body="(position :mate)", stdin=None, cql6=False):
        query = self.query(body, cql6)
        self.files_before = sorted(os.listdir(self.dir))
        return subprocess.Popen([CQL, "-i", pgn, query], cwd=self.dir,
                                stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)

    def wait_for_handler(self, proc, sig):
        """Waits until the tool catches @sig: before, the signal would end
        it the default way, leaving its temporary output behind."""
        deadline = time.monotonic() + 30
        while not catches(proc.pid, sig):
            self.assertIsNone(proc.poll(), "the tool ended before the signal")
            self.assertLess(time.monotonic(), deadline,
                            "the tool did not set up its signal handlers in 30 s")
            time.sleep(0.01)

    def stop(self, proc, sig=signal.SIGINT, wait_before=0.5, busy=False):
        """Sends @sig once the tool catches it and @wait_before seconds
        later: seconds of processor time if @busy (the tool is then as far
        into its work however loaded the machine is), else on the clock.
        Returns the seconds on the clock and of processor time from the
        signal to the exit."""
        self.wait_for_handler(proc, sig)
        if busy:
            deadline = time.monotonic() + 120
            while processor_time(proc.pid) < wait_before:
                self.assertIsNone(proc.poll(), "the tool ended before the signal")
                self.assertLess(time.monotonic(), deadline,
                                "the tool did not get %.1f s of processor time in 120 s"
                                % wait_before)
                time.sleep(0.01)
        else:
            time.sleep(wait_before)
        self.assertIsNone(proc.poll(), "the tool ended before the signal")
        used = processor_time(proc.pid)
        sent = time.monotonic()
        proc.send_signal(sig)
        total = self.reap(proc, 30)
        if total is None:
            proc.kill()
            proc.wait()
            self.fail("the tool did not stop within 30 s of the signal")
        took = time.monotonic() - sent
        # The output is read after the exit: the tool writes little.
        proc.stdout.close()
        self.stderr = proc.stderr.read().decode("utf-8", "replace")
        proc.stderr.close()
        return self.report(self.id().split(".")[-1], sig, took, total - used)

    def reap(self, proc, limit):
        """Waits up to @limit seconds for @proc to exit; returns the
        processor seconds it used in all, or None if it still runs."""
        deadline = time.monotonic() + limit
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                proc.returncode = os.waitstatus_to_exitcode(status)
                return usage.ru_utime + usage.ru_stime
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.005)

    @staticmethod
    def report(name, sig, took, worked):
        print("%s: stopped %.0f ms after %s, %.0f ms of processor time"
              % (name, took * 1000, sig.name, worked * 1000))
        return took, worked

    def assert_stopped(self, proc, took, waiting=False):
        """@took: the seconds on the clock and of processor time from the
        signal to the exit (stop()); @waiting: the tool was waiting for its
        input, not working, when the signal came."""
        took, worked = took
        self.assertNotEqual(proc.returncode, 0)
        self.assertLess(worked, STOP_LIMIT, "the tool worked on after the signal")
        self.assertLess(took, STOP_LIMIT if waiting else WAIT_LIMIT,
                        "the tool took too long to exit after the signal")
        with open(self.out) as f:
            self.assertEqual(f.read(), OLD_OUTPUT, "the old output was changed")
        self.assertEqual(sorted(os.listdir(self.dir)), self.files_before,
                         "a temporary file was left behind")

    def test_fifo_without_writer(self):
        fifo = os.path.join(self.dir, "db.fifo")
        os.mkfifo(fifo)
        proc = self.start(fifo)
        took = self.stop(proc)
        self.assert_stopped(proc, took, waiting=True)

    def test_fifo_writer_that_never_writes(self):
        fifo = os.path.join(self.dir, "db.fifo")
        os.mkfifo(fifo)
        proc = self.start(fifo)
        writer = os.open(fifo, os.O_WRONLY)   # opens once the tool has opened it
        try:
            took = self.stop(proc, signal.SIGTERM)
        finally:
            os.close(writer)
        self.assert_stopped(proc, took, waiting=True)

    def test_quiet_stdin(self):
        read_end, write_end = os.pipe()
        try:
            proc = self.start("-", stdin=read_end)
            took = self.stop(proc)
        finally:
            os.close(read_end)
            os.close(write_end)
        self.assert_stopped(proc, took, waiting=True)

    def feed_and_stop(self, proc, next_chunk, sig, name):
        """Writes next_chunk() to the tool's standard input for 0.5 s, as a
        producer would, sends @sig and keeps writing until the tool is
        gone; checks it stopped in time."""
        self.wait_for_handler(proc, sig)
        deadline = time.monotonic() + 0.5
        try:
            while time.monotonic() < deadline:
                proc.stdin.write(next_chunk())
                proc.stdin.flush()
                time.sleep(0.01)
        except BrokenPipeError:
            self.fail("the tool stopped reading before the signal")
        self.assertIsNone(proc.poll(), "the tool ended before the signal")
        used = processor_time(proc.pid)
        sent = time.monotonic()
        proc.send_signal(sig)
        total = None
        try:
            while (total := self.reap(proc, 0)) is None and time.monotonic() - sent < 30:
                proc.stdin.write(next_chunk())
                proc.stdin.flush()
                time.sleep(0.01)
        except (BrokenPipeError, ValueError):
            pass
        if total is None:
            total = self.reap(proc, 30)
        if total is None:
            proc.kill()
            proc.wait()
            self.fail("the tool did not stop within 30 s of the signal")
        took = time.monotonic() - sent
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass
        proc.stdout.close()
        proc.stderr.close()
        self.assert_stopped(proc, self.report(name, sig, took, total - used))

    def test_endless_game_on_stdin(self):
        # A game that never ends: the text keeps coming (about 4 MB/s, as a
        # slow network stream would) and never closes.
        proc = self.start("-", stdin=subprocess.PIPE)
        proc.stdin.write(b'[Event "endless"]\n\n1. e4 e5 ')
        chunk = b"{a comment that never ends the game} " * 1000
        self.feed_and_stop(proc, lambda: chunk, signal.SIGINT, "test_endless_game_on_stdin")

    def test_endless_gzip_stream_on_stdin(self):
        # A compressed stream is checked whole before its games are read:
        # one that keeps coming keeps the first pass busy (copying the pipe
        # to a temporary file, already unlinked), which must stop too.
        proc = self.start("-", stdin=subprocess.PIPE)
        z = zlib.compressobj(6, zlib.DEFLATED, 16 + 15)
        chunk = b'[Event "flowing"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n' * 1000
        self.feed_and_stop(proc, lambda: z.compress(chunk) + z.flush(zlib.Z_SYNC_FLUSH),
                           signal.SIGTERM, "test_endless_gzip_stream_on_stdin")


    def test_one_long_game(self):
        # One game long enough that reading, parsing and searching it take
        # seconds: the signal must not wait for the end of the game.
        pgn = os.path.join(self.dir, "long.pgn")
        with open(pgn, "w") as f:
            for _ in range(4):
                f.write(long_game(1_000_000))
                f.write("\n")
        proc = self.start(pgn, body="(position :relation (:shift :missingpiececount A 1))")
        took = self.stop(proc, wait_before=3.0, busy=True)
        self.assert_stopped(proc, took)

    # CQL 6 filters that loop over positions, squares or rounds without
    # matching: the stop must not wait for a match, nor for the loop's end.
    def stop_cql6(self, plies, body, sig=signal.SIGTERM):
        """Stops @body on a game of @plies plies after 1.5 s of processor
        time: the game makes it run far longer than that (10 s and more)
        unstopped."""
        pgn = os.path.join(self.dir, "long.pgn")
        with open(pgn, "w") as f:
            f.write(long_game(plies))
        proc = self.start(pgn, body=body, cql6=True)
        took = self.stop(proc, sig, wait_before=1.5, busy=True)
        self.assert_stopped(proc, took)
        self.assertIn("interrupted", self.stderr)

    def test_cql6_find_without_match(self):
        # Each position looks at every later one: quadratic in the game.
        self.stop_cql6(100_000, "find false")

    def test_cql6_find_backward_nested(self):
        self.stop_cql6(20_000, "find <-- find false")

    def test_cql6_echo_without_match(self):
        self.stop_cql6(20_000, "echo (s t) distance(s t) < 0")

    def test_cql6_square_loops(self):
        self.stop_cql6(100_000, "square all x in [a-h1-8] square all y in [a-h1-8] find false",
                       signal.SIGINT)

    def test_cql6_nested_while(self):
        # 9,999 rounds for each while (under the bound of 10,000 that
        # stops a runaway loop), in every round of the one around it:
        # 10^12 rounds at each position.
        self.stop_cql6(1_000, "Ni = 0 while (Ni < 9999) {Ni += 1 Nj = 0\n"
                              "while (Nj < 9999) {Nj += 1 Nk = 0 while (Nk < 9999) {Nk += 1}}}")

    def test_cql6_assert_around_a_stopped_loop(self):
        # The filters that fail because the search stopped are no failed
        # assert: the tool says it was interrupted, nothing else.
        self.stop_cql6(100_000, "assert {{find false} or true}")
        self.assertNotIn("assert", self.stderr)

    def test_cql6_dictionary_loop(self):
        self.stop_cql6(100_000, "dictionary D\nD[\"a\"] = 1\n"
                               "find {key [element] D find false}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
