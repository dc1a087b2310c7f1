#!/usr/bin/env python3
"""Workbench latency figures: the time from Run to the first
result row on the sample database, and the longest main-loop stall while
the workbench searches the benchmark file.

    python3 tests/bench/gui_bench.py [--stall BUILD/tests/ui/test-stall]
                                     [--runs 3] [--seconds 8]

It drives the real ExWindow through the probe program tests/ui/test-stall
(built with -Dgui=true): a G_PRIORITY_HIGH timer every 5 ms records how late
it fires (the longest main-loop stall), a frame-clock tick records frame
gaps, and the first frame that shows a result row gives the first-match
latency.  The probe runs under xvfb-run with the cairo renderer, once on
data/sample/studies.pgn and once on the decompressed gnuchess book
(tests/bench/cache/, made by bench.py), `--runs` times each; the median and
the worst run are printed.  The targets: first match within 200 ms,
no stall over 50 ms.  Exits 77 without xvfb-run or the probe.

Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "data", "sample", "studies.pgn")
BOOK = os.path.join(os.environ.get("EXCELSIOR_BENCH_CACHE", os.path.join(HERE, "cache")),
                    "gnuchess-book-1.02.pgn")
LINE = re.compile(r"^STALL (.*)$", re.M)
FIELD = re.compile(r"([a-z-]+)=(-?[\d.]+)(?:ms)?")


def probe(stall, pgn, seconds):
    env = dict(os.environ, EXCELSIOR_STALL_PGN=pgn, EXCELSIOR_STALL_SECONDS=str(seconds),
               EXCELSIOR_STALL_SLACK="1000", GSK_RENDERER="cairo", GTK_A11Y="none",
               GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1")
    # The workbench's compiled GSettings schema, next to the probe's build.
    schemas = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(stall))), "data")
    if os.path.exists(os.path.join(schemas, "gschemas.compiled")):
        env["GSETTINGS_SCHEMA_DIR"] = schemas
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", stall],
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=seconds + 120)
    out = proc.stdout.decode("utf-8", "replace")
    m = LINE.search(out)
    if m is None:
        raise RuntimeError("no STALL line from %s (exit %d):\n%s" % (stall, proc.returncode,
                                                                   out[-2000:]))
    fields = {k.replace("-", "_"): float(v) for k, v in FIELD.findall(m.group(1))}
    fields["stall"] = fields.pop("max")
    return fields


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stall", default=os.path.join(ROOT, "_build", "tests", "ui", "test-stall"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=8.0,
                    help="how long to search the benchmark file")
    args = ap.parse_args()
    stall = os.path.abspath(args.stall)
    if not os.access(stall, os.X_OK) or shutil.which("xvfb-run") is None:
        print("SKIP: needs xvfb-run and the probe %s (meson -Dgui=true)" % stall)
        return 77

    print("| database | runs | first result ms (median / worst) | longest stall ms "
          "(median / worst) | the worst stall: running / waiting for a core / blocked ms "
          "| longest main-loop dispatch, main-thread CPU ms (worst) "
          "| longest frame gap ms (worst) | rows shown |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, pgn, seconds in (("sample (103 studies)", SAMPLE, 5.0),
                               ("gnuchess book (145,716 games)", BOOK, args.seconds)):
        if not os.path.exists(pgn):
            print("| %s | - | absent: run bench.py first | | | | | |" % name)
            continue
        res = [probe(stall, pgn, seconds) for _ in range(args.runs)]
        firsts = [r["first"] for r in res]
        stalls = [r["stall"] for r in res]
        cpus = [r["cpu"] for r in res if "cpu" in r]
        worst = max(res, key=lambda r: r["stall"])
        parts = "?"
        if "stall_running" in worst:
            # The timer's own 5 ms period is part of the interval measured.
            blocked = max(0.0, worst["stall"] + 5 - worst["stall_running"]
                          - worst["stall_waiting"])
            parts = "%.0f / %.0f / %.0f" % (worst["stall_running"], worst["stall_waiting"],
                                            blocked)
        print("| %s | %d | %.0f / %.0f | %.0f / %.0f | %s | %s | %.0f | %d |" % (
            name, len(res), statistics.median(firsts), max(firsts),
            statistics.median(stalls), max(stalls), parts,
            "%.0f" % max(cpus) if cpus else "?",
            max(r["frame_gap"] for r in res),
            int(statistics.median(r["results"] for r in res))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
