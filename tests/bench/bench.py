#!/usr/bin/env python3
"""Benchmark harness: whole `cql` runs over the 145,716 master
games of ../shared/data/games/gnuchess-book-1.02.pgn.xz (or over the
studies set), against pgn-extract's parse-and-replay on the same file in
the same run, and against CQL 6.2 with --reference.

    python3 tests/bench/bench.py [--cql BUILD/engine/cli/cql] [--runs 3]
        [--threads 1,2] [--only NAME]... [--games N] [--scale K]
        [--no-pgn-extract] [--markdown FILE] [--compress zstd,gzip,xz]
        [--data book|studies] [--reference CQL62 [--reference-runs N]]
        [--examples DIR [--timeout S]] [--no-queries] [--instructions]

The file is decompressed once into tests/bench/cache/ (--games N: only its
first N games; --scale K: K copies of it back to back, to check that memory
does not grow with the file).  For each query and thread count the tool
runs `--runs` rounds (each round runs pgn-extract and then every query once,
so that a slow spell of a shared machine falls on all alike) and reports
the median and best wall time, the median CPU time
(user + system: the figure that holds on a busy machine), games/s, ns per
position, MB/s per core (the file's size over the CPU time) and the peak
RSS.  Each run goes through /usr/bin/time (Debian package `time`; see
timing.py).  The output files of the different thread counts are compared
byte for byte.  --compress also searches the file compressed each way named
(zstd -19, gzip -6, xz -6, made once in the cache), each query's runs
with the same thread count back to back with the plain file's, and
reports the median over the rounds of compressed time / plain time, and
checks that the output is byte-identical to the plain file's.  A query the
engine rejects as "not supported yet" is skipped, saying so.

--data studies searches the studies set instead: the 7,142 clean composed
studies and problems of ../shared/data/studies repeated 10 times (71,420
games, 48 MB), built once into the cache with the `cql` under test
(studies.py says how, and fails loudly when a count differs).  Its queries,
unless --only names others, are STUDY_QUERIES (CQL 6, one thread unless
--threads says otherwise): reading alone (`false`), `mate wtm`,
`cql(variations) mate`, `stalemate`, a body that reads only tags, and the
three queries across positions.

--reference CQL62 runs CQL 6.2 (one thread, `-s`) on each CQL 6 query of
the set, paired with Excelsior's 1-thread run in the same round, which of
the two goes first alternating from round to round, in the first
--reference-runs rounds (default: all; CQL 6.2 takes up to ~100 s a query
on the whole benchmark file, so `--reference-runs 1` is usual).  A second
table gives per query both programs' median CPU seconds, the ratio (how
many times CQL 6.2's CPU time Excelsior's is: "x CQL 6.2 per core") against
its target (reference.py), and the number of matching games of each,
saying so when they differ.

--examples DIR (with --reference) also times each of CQL 6.2's example
queries (DIR/NAME.cql) that both programs read, one thread each, on the
data set "all" of tools/cql6-examples.py (the studies less its
all-studies.excluded), and reports the median and least ratio against
their targets and the ten examples with the least ratio.  Only the
examples' names are printed, never their text.  --no-queries runs the
examples alone.

--instructions also runs each query once more, on one thread, under
valgrind's callgrind, and reports the instructions it executes (in all,
per game, per position): the figures to compare two builds by on a busy
machine, where CPU times vary by tens of percent.

Exits 77 when ../shared/data (the file, or studies/ for --data studies) is
absent; 1 when a run fails, a count of the studies set differs, or outputs
differ between thread counts or inputs.

Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
"""
import argparse
import filecmp
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

import reference
import studies
from timing import GNU_TIME, RunError, instructions, med, timed

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("EXCELSIOR_SHARED_DATA", os.path.join(ROOT, "..", "shared", "data"))
XZ = os.path.join(SHARED, "games", "gnuchess-book-1.02.pgn.xz")
CACHE = os.environ.get("EXCELSIOR_BENCH_CACHE", os.path.join(HERE, "cache"))

# The benchmark's query set, in its order: (name, kind, position list body).
# kind: "simple" (mate, stalemate, a few piece designators: target 8x
# pgn-extract), "transform" (target 4x), or "other" (sequences, :forany and
# :relation, timed but with no target); "cql6": the body of a CQL 6 query
# (docs/cql6.md), the same themes in today's dialect, to set beside their
# CQL 3 form and beside CQL 6.2 itself (RESULTS.md).
QUERIES = [
    ("mate-wtm", "simple", "(position :mate :wtm)"),
    ("stalemate", "simple", "(position :stalemate)"),
    ("pieces", "simple", "(position Q[g7] k[h8])"),
    ("qk-shift-flip", "transform", "(position Qg7 kh8 :shift :flip)"),
    ("nk-shift-flip-flipcolor", "transform", "(position Nd4 kf3 :shift :flip :flipcolor)"),
    ("attackcount", "transform", "(position :attackcount A k 2 :flipcolor)"),
    ("rayattack", "transform", "(position :rayattack (A a k) 2 8 :flipcolor)"),
    ("three-checks", "other",
     "(position :sequence ((position :check) (position :check) (position :check)))"),
    ("gapped-initial", "other",
     "(position :gappedsequence ((position :initial) (position :check) (position :mate)))"),
    ("forany-excelsior", "other", None),   # filled below: a match-list :forany
    ("missing-piece", "other", "(position :relation (:missingpiececount A 1))"),
    ("nk-shift-flip", "transform", "(position Nd4 kf3 :shift :flip)"),
    ("cql6-mate-wtm", "cql6", "mate wtm"),
    ("cql6-stalemate", "cql6", "stalemate"),
    ("cql6-flip-shift", "cql6", "flip shift {Nd4 kf3}"),
    ("cql6-attacks-pin", "cql6", "A attacks k pin"),
    # Filters across positions, beside their CQL 3 forms above:
    # three-checks, forany-excelsior and missing-piece.
    ("cql6-three-checks", "cql6", "line --> check --> check --> check"),
    ("cql6-excelsior", "cql6", "initial piece E in Pa-h2 find E--=[QRBN]"),
    ("cql6-missing-piece", "cql6",
     "echo (source target) {sidetomove == source:sidetomove "
     "Diff = ~(source&target) #Diff == 1 Diff & _ == Diff}"),
    # Reading alone (no game matches), every line of the game tree, and a
    # body that reads only tags: the costs under the filters above.
    ("cql6-false", "cql6", "false"),
    ("cql6-variations-mate", "cql6", "cql(variations) mate"),
    ("cql6-player", "cql6", 'player white "Kasparov"'),
]

# The queries run on the studies set when no --only is given.
STUDY_QUERIES = ["cql6-false", "cql6-mate-wtm", "cql6-variations-mate", "cql6-stalemate",
                 "cql6-player", "cql6-three-checks", "cql6-excelsior", "cql6-missing-piece"]

# A :forany excelsior (cql3-tagging.txt, "Excelsior": a pawn starts on its
# second rank and promotes), in the form of the tagging manual's rook
# example: some white pawn, tagged, stands on its second rank in one
# position and (promoted: R11, the tag follows the piece) on the eighth in
# another.
FORANY = ("(match :pgn {pgn} :output {out}\n :forany pawn P\n"
          " (position $pawn[a-h2])\n (position $pawn[a-h8]))\n")


COMPRESSORS = {
    "zstd": ("zst", ["zstd", "-q", "-19", "-T0", "-c"]),
    "gzip": ("gz", ["gzip", "-6", "-c"]),
    "xz": ("xz", ["xz", "-6", "-T0", "-c"]),
}


def compressed(src, how):
    """src compressed the named way, made once beside it in the cache."""
    ext, argv = COMPRESSORS[how]
    path = "%s.%s" % (src, ext)
    if not os.path.exists(path):
        with open(path + ".part", "wb") as out:
            subprocess.run(argv + [src], stdout=out, check=True)
        os.rename(path + ".part", path)
    return path


def decompressed(limit_games=None, scale=1):
    os.makedirs(CACHE, exist_ok=True)
    full = os.path.join(CACHE, "gnuchess-book-1.02.pgn")
    if not os.path.exists(full):
        tmp = full + ".part"
        with open(tmp, "wb") as out:
            subprocess.run(["xz", "-dc", XZ], stdout=out, check=True)
        os.rename(tmp, full)
    src = full
    if limit_games:
        part = os.path.join(CACHE, "gnuchess-first-%d.pgn" % limit_games)
        if not os.path.exists(part):
            n = 0
            with open(full, "rb") as f, open(part + ".part", "wb") as out:
                for line in f:
                    if line.startswith(b"[Event "):
                        n += 1
                        if n > limit_games:
                            break
                    out.write(line)
            os.rename(part + ".part", part)
        src = part
    if scale > 1:
        big = src[:-4] + "-x%d.pgn" % scale
        if not os.path.exists(big):
            with open(big + ".part", "wb") as out:
                for _ in range(scale):
                    with open(src, "rb") as f:
                        shutil.copyfileobj(f, out, 1 << 22)
                    out.write(b"\n")
            os.rename(big + ".part", big)
        src = big
    return src


class Runs(list):
    how = "plain"


def whole_file_table(rows, inputs, pe_row, pgn, size_mb, games, positions):
    """The Markdown lines of the main table: a row per query and thread count
    (@rows: (label, threads, kind, runs)), then the compressed inputs' table."""
    lines = []
    lines.append("file: %s (%.1f MB, %d games, %s positions)"
                 % (os.path.basename(pgn), size_mb, games, positions or "?"))
    lines.append("| run | threads | median wall s | best wall s | median CPU s | games/s (wall) "
                 "| games/s (CPU) | ns/position (CPU) | MB/s per core | x pgn-extract (wall / CPU) "
                 "| target | speed-up over 1 thread (wall: median of the rounds' ratios "
                 "(best over best)) "
                 "| peak RSS MiB |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- "
                 "| ---: | ---: |")
    # The speed-up of t threads is the median over the rounds of the
    # round's 1-thread wall time over its t-thread wall time: the two runs
    # of a round are back to back, so a slow spell of the machine mostly
    # falls on both.  In brackets, the best 1-thread time over the best
    # t-thread time: the runs least disturbed by the rest of the host.
    one_thread = {}
    for name, t, kind, runs in rows:
        if t == "1":
            one_thread[name] = runs
    pe_wall = med([r.wall for r in pe_row[3]]) if pe_row else None
    pe_cpu = med([r.cpu for r in pe_row[3]]) if pe_row else None
    for name, t, kind, runs in rows:
        wall = med([r.wall for r in runs])
        cpu = med([r.cpu for r in runs])
        rss = max([r.rss for r in runs if r.rss is not None], default=None)
        ratio = "-"
        if pe_row and runs is not pe_row[3]:
            ratio = "%.1f / %s" % (pe_wall / wall,
                                   "%.1f" % (pe_cpu / cpu) if cpu and pe_cpu else "?")
        speedup = "-"
        if t not in ("1", "-") and name in one_thread:
            pairs = [a.wall / b.wall for a, b in zip(one_thread[name], runs)]
            best = min(r.wall for r in one_thread[name]) / min(r.wall for r in runs)
            speedup = "%.2f (%.2f)" % (statistics.median(pairs), best)
        target = {"simple": "8x", "transform": "4x"}.get(kind, "-") if t == "1" else "-"
        if t not in ("1", "-"):
            target = ">= 1.8" if t == "2" else "-"
        lines.append("| %s | %s | %.2f | %.2f | %s | %.0f | %s | %s | %s | %s | %s | %s | %s |" % (
            name, t, wall, min(r.wall for r in runs),
            "%.2f" % cpu if cpu is not None else "?", games / wall,
            "%.0f" % (games / cpu) if cpu else "?",
            "%.0f" % (cpu * 1e9 / positions) if cpu and positions else "?",
            "%.0f" % (size_mb / cpu) if cpu else "?", ratio, target, speedup,
            "%.1f" % rss if rss is not None else "?"))
    if len(inputs) > 1:
        lines.append("")
        lines.append("| query | threads | compression | median wall s | median CPU s "
                     "| compressed / plain wall (median of the rounds' ratios) | peak RSS MiB |")
        lines.append("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
        plain = {}
        for name, t, kind, runs in rows:
            if getattr(runs, "how", None) == "plain":
                plain[(name.split(":")[0], t)] = runs
        for name, t, kind, runs in rows:
            how = getattr(runs, "how", None)
            if how in (None, "plain"):
                continue
            base = plain.get((name.split(":")[0], t))
            if not base:
                continue
            ratios = [b.wall / a.wall for a, b in zip(base, runs)]
            rss = max([r.rss for r in runs if r.rss is not None], default=None)
            lines.append("| %s | %s | %s | %.2f | %s | %.3f | %s |" % (
                name.split(":")[0], t, how, med([r.wall for r in runs]),
                "%.2f" % med([r.cpu for r in runs]) if med([r.cpu for r in runs]) else "?",
                statistics.median(ratios), "%.1f" % rss if rss is not None else "?"))
    return lines


def run_examples(args, ref_runs):
    """Times CQL 6.2's examples (--examples) with both programs on the data
    set "all" of tools/cql6-examples.py; returns Markdown lines."""
    tool = studies.examples_tool()
    work = tempfile.mkdtemp(prefix="cql-bench-examples-", dir=args.workdir)
    try:
        found = tool.inputs(SHARED, work)
        if "all" not in found:
            return ["skipped: no %s" % os.path.join(SHARED, tool.HHDB)]
        return reference.examples_table(args.cql, args.reference, args.examples, found["all"],
                                        work, args.runs, ref_runs or 1, args.timeout,
                                        log=lambda m: print(m, flush=True))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cql", default=os.path.join(ROOT, "_build", "engine", "cli", "cql"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", help="thread counts, comma-separated (default: 1,2; 1 with "
                    "--data studies)")
    ap.add_argument("--only", action="append", help="run only the query NAME (repeatable)")
    ap.add_argument("--games", type=int, default=None, help="use only the first N games")
    ap.add_argument("--scale", type=int, default=1, help="K copies of the file back to back")
    ap.add_argument("--no-pgn-extract", action="store_true")
    ap.add_argument("--markdown", help="also write the table to FILE")
    ap.add_argument("--compress", default="",
                    help="also search the file compressed these ways (zstd,gzip,xz)")
    ap.add_argument("--workdir", help="where the queries and their outputs go (default: the "
                    "system's temporary directory; /dev/shm keeps the disk out of the timings)")
    ap.add_argument("--data", choices=("book", "studies"), default="book",
                    help="the games searched: the benchmark file (book) or the studies set")
    ap.add_argument("--reference", help="CQL 6.2's cql: also run the CQL 6 queries with it "
                    "(one thread, -s), paired with Excelsior's 1-thread runs")
    ap.add_argument("--reference-runs", type=int, default=None,
                    help="runs of CQL 6.2 per query, in the first rounds (default and at "
                    "most: --runs)")
    ap.add_argument("--examples", help="CQL 6.2's examples folder: also time each example "
                    "with both programs on the studies of tools/cql6-examples.py (needs "
                    "--reference)")
    ap.add_argument("--no-queries", action="store_true",
                    help="run no query of the set (with --examples: the examples alone)")
    ap.add_argument("--instructions", action="store_true",
                    help="also count each query's instructions once (callgrind, 1 thread, "
                    "the plain file): figures the load of the machine does not change")
    ap.add_argument("--timeout", type=int, default=900,
                    help="seconds an example may run (--examples)")
    args = ap.parse_args()
    args.cql = os.path.abspath(args.cql)
    args.threads = args.threads or ("1" if args.data == "studies" else "1,2")
    if args.reference:
        args.reference = os.path.abspath(args.reference)
    ref_runs = min(args.runs, args.reference_runs or args.runs) if args.reference else 0
    unknown = [n for n in args.only or [] if n not in [q[0] for q in QUERIES]]
    if unknown:
        print("unknown query %s (the names: %s)" % (", ".join(unknown),
                                                     ", ".join(q[0] for q in QUERIES)))
        return 1
    if args.examples and not args.reference:
        print("--examples needs --reference (CQL 6.2's cql)")
        return 1
    if args.data == "studies" and (args.games or args.scale > 1 or args.compress):
        print("--games, --scale and --compress apply to the benchmark file (--data book)")
        return 1

    if args.no_queries and not args.examples:
        print("--no-queries leaves nothing to run without --examples")
        return 1
    needed = os.path.join(SHARED, "studies") \
        if args.data == "studies" or args.no_queries else XZ
    if not os.path.exists(needed):
        print("SKIP: %s is absent" % needed)
        return 77
    if not os.access(args.cql, os.X_OK):
        print("no cql tool at %s (use --cql BUILD/engine/cli/cql)" % args.cql)
        return 1
    if not os.access(GNU_TIME, os.X_OK):
        print("note: %s is absent (apt install time): no CPU time or peak RSS" % GNU_TIME)
    if args.reference and not os.access(args.reference, os.X_OK):
        print("no CQL 6.2 at %s" % args.reference)
        return 1
    if args.no_queries:
        return report(["CQL 6.2's examples (--examples) on the studies of "
                       "tools/cql6-examples.py:", ""] + run_examples(args, ref_runs),
                      args.markdown, False)
    if args.data == "studies":
        try:
            pgn = studies.studies_set(args.cql, SHARED, CACHE)
        except studies.StudiesError as e:
            print("ERROR: %s" % e)
            return 1
        if not args.only:
            args.only = STUDY_QUERIES
    else:
        pgn = decompressed(args.games, args.scale)
    inputs = [("plain", pgn)]
    for how in [c for c in args.compress.split(",") if c]:
        if how not in COMPRESSORS:
            print("unknown compression %s (zstd, gzip, xz)" % how)
            return 1
        inputs.append((how, compressed(pgn, how)))
    work = tempfile.mkdtemp(prefix="cql-bench-", dir=args.workdir)
    size_mb = os.path.getsize(pgn) / 1e6
    rows, notes = [], []
    paired = {}
    counted = []    # (name, instructions)
    games = positions = None
    pe_row = None
    failed = False
    try:
        pe = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
        if not args.no_pgn_extract and os.path.exists(pe):
            pe_row = ("pgn-extract -r -s --quiet", "-", "reference", [])
            rows.append(pe_row)
        elif not args.no_pgn_extract:
            notes.append("pgn-extract is absent (apt install pgn-extract): no reference row")
        # The runs are interleaved: each round runs pgn-extract once and then
        # every query once per thread count, so that a slow spell of a shared
        # machine falls on all of them alike and the ratios hold.
        jobs = []   # (name, kind, body, thread count, query file, output, row, input)
        for name, kind, body in QUERIES:
            if args.only and name not in args.only:
                continue
            for t in args.threads.split(","):
                for how, src in inputs:
                    tag = "" if how == "plain" else "-" + how
                    out = os.path.join(work, "%s-%s%s.pgn" % (name, t, tag))
                    q = os.path.join(work, "%s-%s%s.cql" % (name, t, tag))
                    with open(q, "w") as f:
                        if body is None:
                            f.write(FORANY.format(pgn=src, out=out))
                        elif kind == "cql6":
                            f.write(reference.cql6_query(src, out, body))
                        else:
                            f.write("(match :pgn %s :output %s\n %s)\n" % (src, out, body))
                    jobs.append([name, kind, body, t, q, out, None, how])
        # CQL 6.2 runs each CQL 6 query of the plain file beside Excelsior's
        # 1-thread run: {name: (query file, its output, its runs)}.
        for name, kind, body, t, q, out, row, how in jobs:
            if args.reference and kind == "cql6" and t == "1" and how == "plain":
                rq = os.path.join(work, "%s-cql62.cql" % name)
                rout = os.path.join(work, "%s-cql62.pgn" % name)
                with open(rq, "w") as f:
                    f.write(reference.cql6_query(pgn, rout, body))
                paired[name] = (rq, rout, Runs())
        if args.reference and not paired:
            notes.append("no CQL 6 query with 1 thread on the plain file: CQL 6.2 did not run")
        rejected = set()

        def run_cql62(name, rnd):
            q, out, runs = paired[name]
            if name in rejected_by_cql62:
                return
            if os.path.exists(out):     # a new file each run, as for Excelsior
                os.remove(out)
            try:
                runs.append(reference.run_reference(args.reference, q, work))
            except RunError as e:
                rejected_by_cql62.add(name)
                print("CQL 6.2 refuses %s: %s" % (name, e), flush=True)
                notes.append("`%s`: CQL 6.2 refuses it: %s" % (name, e))
                return
            print("round %d: %s, CQL 6.2: %.2f s" % (rnd + 1, name, runs[-1].wall), flush=True)

        rejected_by_cql62 = set()
        for rnd in range(args.runs):
            if pe_row:
                pe_row[3].append(timed([pe, "-r", "-s", "--quiet", pgn], work))
                print("round %d: pgn-extract %.2f s" % (rnd + 1, pe_row[3][-1].wall), flush=True)
            # A query's thread counts run back to back, in reverse order on
            # every other round, so that a machine getting faster or slower
            # during a pair favours neither side over the rounds.
            order = []
            for name in dict.fromkeys(j[0] for j in jobs):
                group = [j for j in jobs if j[0] == name]
                order.extend(reversed(group) if rnd % 2 else group)
            for job in order:
                name, kind, body, t, q, out, row, how = job
                if name in rejected:
                    continue
                # CQL 6.2 runs before Excelsior on every other round.
                pair = name in paired and t == "1" and how == "plain" and rnd < ref_runs
                if pair and rnd % 2:
                    run_cql62(name, rnd)
                # Each run writes a new file, as a first run does: the rename
                # that replaces an 85 MB output frees the old file in the
                # kernel (30 to 100 ms here), a cost of the previous run.
                if os.path.exists(out):
                    os.remove(out)
                try:
                    run = timed([args.cql, "--quiet", "--stats", "--threads", t, q], work)
                except RunError as e:
                    msg = str(e)
                    rejected.add(name)
                    if "not supported yet" in msg or "belongs in" in msg or "unknown" in msg:
                        print("SKIP %s: the engine rejects it: %s" % (name, msg), flush=True)
                        notes.append("`%s` skipped: %s" % (name, msg))
                    else:
                        print("FAILED %s: %s" % (name, msg), flush=True)
                        notes.append("`%s` FAILED: %s" % (name, msg))
                        failed = True
                    continue
                m = re.search(r"stats: (\d+) games, (\d+) positions", run.stderr)
                if m:
                    games, positions = int(m.group(1)), int(m.group(2))
                if row is None:
                    mm = re.search(r"(\d+) match(?:es)? of", run.stderr)
                    label = "cql %s: `%s`" % (name, body or ":forany ...")
                    if how != "plain":
                        label += " [%s]" % how
                    row = job[6] = ((label + (" (%s matches)" % mm.group(1) if mm else "")),
                                    t, kind, Runs())
                    row[3].how = how
                    rows.append(row)
                row[3].append(run)
                print("round %d: %s%s, %s threads: %.2f s"
                      % (rnd + 1, name, "" if how == "plain" else " [%s]" % how, t, run.wall),
                      flush=True)
                if pair and not rnd % 2:
                    run_cql62(name, rnd)
        for name, kind, body, t, q, out, row, how in jobs if args.instructions else []:
            if t == "1" and how == "plain" and name not in rejected:
                print("callgrind: %s ..." % name, flush=True)
                try:
                    counted.append((name, instructions(
                        [args.cql, "--quiet", "--threads", "1", q], work)))
                except RunError as e:
                    notes.append("`%s`: no instruction count: %s" % (name, e))
        if args.instructions and not counted:
            notes.append("--instructions: no query ran with 1 thread on the plain file")
        for name in dict.fromkeys(j[0] for j in jobs):
            for t in args.threads.split(","):
                same_t = [j for j in jobs if j[0] == name and j[3] == t and j[6] is not None]
                for j in same_t[1:]:
                    same = filecmp.cmp(same_t[0][5], j[5], shallow=False)
                    if not same:
                        failed = True
                        notes.append("`%s` [%s], %s threads: output DIFFERS from the plain file's"
                                     % (name, j[7], t))
            outs = [(j[3], j[5]) for j in jobs
                    if j[0] == name and j[6] is not None and j[7] == "plain"]
            for t, out in outs[1:]:
                same = filecmp.cmp(outs[0][1], out, shallow=False)
                notes.append("`%s`: output with %s threads %s the output with %s"
                             % (name, t, "is byte-identical to" if same else "DIFFERS from",
                                outs[0][0]))
                if not same:
                    failed = True
                    print("ERROR: %s: outputs differ between %s and %s threads"
                          % (name, outs[0][0], t))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    games = games or (studies.CLEAN * studies.REPEAT if args.data == "studies"
                      else 145716 * args.scale)
    lines = whole_file_table(rows, inputs, pe_row, pgn, size_mb, games, positions)
    if counted:
        lines += ["", "Instructions (callgrind, one run, 1 thread; %d games, %s positions):"
                  % (games, positions or "?"), "",
                  "| query | instructions (M) | per game | per position |",
                  "| --- | ---: | ---: | ---: |"]
        lines += ["| %s | %.1f | %.0f | %s |" % (name, n / 1e6, n / games,
                                                  "%.0f" % (n / positions) if positions else "?")
                  for name, n in counted]
    if paired:
        pairs = []
        for name, (q, out, ref_runs_done) in paired.items():
            job = next(j for j in jobs if j[0] == name and j[3] == "1" and j[7] == "plain")
            pairs.append((name, job[2], job[6][3] if job[6] else [], ref_runs_done))
        table, more = reference.side_by_side(pairs, args.data, size_mb)
        lines += ["", "Beside CQL 6.2 (--reference; one thread each, CPU s = user + system):",
                  ""] + table
        notes += more
    for n in notes:
        lines.append("- " + n)
    if args.examples:
        lines += ["", "CQL 6.2's examples (--examples) on the studies of "
                  "tools/cql6-examples.py:", ""] + run_examples(args, ref_runs)
    return report(lines, args.markdown, failed)


def report(lines, markdown, failed):
    """Prints the report's lines, writes them to the file @markdown too if
    given; returns the exit status (1 if @failed)."""
    text = "\n".join(lines)
    print(text)
    if markdown:
        with open(markdown, "w") as f:
            f.write(text + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
