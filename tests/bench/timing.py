"""Timed runs of a program for the benchmark harness (bench.py).

timed(argv, cwd) runs argv under /usr/bin/time (Debian package `time`) and
returns a Run: wall seconds, CPU seconds (user + system, as /usr/bin/time
prints them, to 10 ms), peak RSS in MiB, and the run's messages.  The
rusage that Python's own wait4() returns cannot give the peak RSS: Linux
keeps a process's peak RSS across the exec after the fork, so it counts
the harness's too (an earlier version reported 14.9 MiB for every run).
Its CPU time is exact, though, and is kept as Run.cpu_exact (user + system,
to the microsecond): the figure for runs of a few hundredths of a second,
where /usr/bin/time's 10 ms steps are too coarse to divide by.  Such runs
go without /usr/bin/time (gnu_time=False): it adds some 8 ms of CPU of its
own to cpu_exact on this machine, a tenth of a 0.06 s run.

instructions(argv, cwd) counts the instructions a run executes (callgrind).

Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time

GNU_TIME = "/usr/bin/time"


class Run:
    """One timed run: wall and cpu in seconds (cpu None without
    /usr/bin/time), cpu_exact in seconds, rss_mib the peak RSS in MiB (None
    without /usr/bin/time), stderr and stdout the program's text."""

    def __init__(self, wall, cpu, rss_mib, stderr, stdout="", cpu_exact=None):
        self.wall, self.cpu, self.rss, self.stderr = wall, cpu, rss_mib, stderr
        self.stdout, self.cpu_exact = stdout, cpu_exact


class RunError(RuntimeError):
    """A run that exited with a failure or ran over its time: the message is
    its last line of messages, or what happened."""


def timed(argv, cwd, timeout=None, gnu_time=True):
    """Runs argv in cwd under /usr/bin/time (if @gnu_time and it is there);
    returns a Run.  Raises RunError when it exits with a failure, or when it
    runs over @timeout seconds (it is then killed, with its children)."""
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as tf, \
            tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        use_time = gnu_time and os.access(GNU_TIME, os.X_OK)
        full = ([GNU_TIME, "-o", tf.name, "-f", "%e %U %S %M"] + argv) if use_time else argv
        start = time.monotonic()
        proc = subprocess.Popen(full, cwd=cwd, stdout=out, stderr=err,
                                stdin=subprocess.DEVNULL, start_new_session=timeout is not None)
        killed = []
        timer = None
        if timeout is not None:
            def kill():
                killed.append(True)
                os.killpg(proc.pid, signal.SIGKILL)
            timer = threading.Timer(timeout, kill)
            timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            if timer:
                timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - start
        err.seek(0)
        out.seek(0)
        text = err.read().decode("utf-8", "replace")
        stdout = out.read().decode("utf-8", "replace")
        if killed:
            raise RunError("ran over %d s" % timeout)
        if proc.returncode != 0:
            msg = text.strip() or stdout.strip()
            raise RunError(msg.splitlines()[-1] if msg else
                           "%s exited with %d" % (argv[0], proc.returncode))
        exact = usage.ru_utime + usage.ru_stime
        if use_time:
            fields = tf.read().split()
            # `time -f` may append lines (e.g. "Command exited with ..."): take the last 4.
            w, u, s, m = fields[-4:]
            return Run(float(w), float(u) + float(s), int(m) / 1024.0, text, stdout, exact)
        return Run(wall, None, None, text, stdout, exact)


def med(values):
    """The median of the values that are not None; None if there are none."""
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def instructions(argv, cwd):
    """The instructions that argv executes (all its threads), counted by
    valgrind's callgrind: a figure that the load of the machine does not
    change, to compare two builds by.  Runs some 50 times slower than
    argv alone.  Raises RunError when valgrind is absent or the run fails."""
    if not shutil.which("valgrind"):
        raise RunError("valgrind is absent (apt install valgrind)")
    with tempfile.TemporaryDirectory(prefix="bench-callgrind-") as d:
        p = subprocess.run(["valgrind", "--tool=callgrind",
                            "--callgrind-out-file=" + os.path.join(d, "out")] + argv,
                           cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL)
    text = p.stderr.decode("utf-8", "replace")
    m = re.search(r"Collected : (\d+)", text)
    if p.returncode != 0 or not m:
        raise RunError(text.strip().splitlines()[-1] if text.strip() else
                       "valgrind exited with %d" % p.returncode)
    return int(m.group(1))
