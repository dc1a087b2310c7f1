#!/usr/bin/env python3
"""Benchmark harness: whole `cql` runs over the 145,716 master
games of ../shared/data/games/gnuchess-book-1.02.pgn.xz, against
pgn-extract's parse-and-replay on the same file in the same run.

    python3 tests/bench/bench.py [--cql BUILD/engine/cli/cql] [--runs 3]
        [--threads 1,2] [--only NAME]... [--games N] [--scale K]
        [--no-pgn-extract] [--markdown FILE] [--compress zstd,gzip,xz]

The file is decompressed once into tests/bench/cache/ (--games N: only its
first N games; --scale K: K copies of it back to back, to check that memory
does not grow with the file).  For each query and thread count the tool
runs `--runs` rounds (each round runs pgn-extract and then every query once,
so that a slow spell of a shared machine falls on all alike) and reports
the median and best wall time, the median CPU time
(user + system: the figure that holds on a busy machine), games/s, ns per
position and the peak RSS.  Each run goes through /usr/bin/time (Debian
package `time`): the rusage that Python's own wait4() returns counts the
harness's RSS too, since Linux keeps a process's peak RSS across the exec
after the fork; that is why an earlier version reported 14.9 MiB for every
run.  The output files of the different thread counts are compared byte
for byte.  --compress also searches the file compressed each way named
(zstd -19, gzip -6, xz -6, made once in the cache), each query's runs
with the same thread count back to back with the plain file's, and
reports the median over the rounds of compressed time / plain time, and
checks that the output is byte-identical to the plain file's.  A query the engine rejects as "not supported yet" is skipped,
saying so.  Exits 77 when ../shared/data is absent.

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
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("EXCELSIOR_SHARED_DATA", os.path.join(ROOT, "..", "shared", "data"))
XZ = os.path.join(SHARED, "games", "gnuchess-book-1.02.pgn.xz")
CACHE = os.environ.get("EXCELSIOR_BENCH_CACHE", os.path.join(HERE, "cache"))
GNU_TIME = "/usr/bin/time"

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
]

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


class Run:
    def __init__(self, wall, cpu, rss_mib, stderr):
        self.wall, self.cpu, self.rss, self.stderr = wall, cpu, rss_mib, stderr


def timed(argv, cwd):
    """Runs argv under /usr/bin/time; returns a Run (RSS None if unknown)."""
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as tf, \
            tempfile.TemporaryFile() as err:
        use_time = os.access(GNU_TIME, os.X_OK)
        full = ([GNU_TIME, "-o", tf.name, "-f", "%e %U %S %M"] + argv) if use_time else argv
        start = time.monotonic()
        proc = subprocess.run(full, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err,
                              stdin=subprocess.DEVNULL)
        wall = time.monotonic() - start
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
        if proc.returncode != 0:
            raise RuntimeError(text.strip().splitlines()[-1] if text.strip() else
                               "%s exited with %d" % (argv[0], proc.returncode))
        if use_time:
            fields = tf.read().split()
            # `time -f` may append lines (e.g. "Command exited with ..."): take the last 4.
            w, u, s, m = fields[-4:]
            return Run(float(w), float(u) + float(s), int(m) / 1024.0, text)
        return Run(wall, None, None, text)


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cql", default=os.path.join(ROOT, "_build", "engine", "cli", "cql"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--only", action="append", help="run only the query NAME (repeatable)")
    ap.add_argument("--games", type=int, default=None, help="use only the first N games")
    ap.add_argument("--scale", type=int, default=1, help="K copies of the file back to back")
    ap.add_argument("--no-pgn-extract", action="store_true")
    ap.add_argument("--markdown", help="also write the table to FILE")
    ap.add_argument("--compress", default="",
                    help="also search the file compressed these ways (zstd,gzip,xz)")
    ap.add_argument("--workdir", help="where the queries and their outputs go (default: the "
                    "system's temporary directory; /dev/shm keeps the disk out of the timings)")
    args = ap.parse_args()
    args.cql = os.path.abspath(args.cql)

    if not os.path.exists(XZ):
        print("SKIP: %s is absent" % XZ)
        return 77
    if not os.access(args.cql, os.X_OK):
        print("no cql tool at %s (use --cql BUILD/engine/cli/cql)" % args.cql)
        return 1
    if not os.access(GNU_TIME, os.X_OK):
        print("note: %s is absent (apt install time): no CPU time or peak RSS" % GNU_TIME)
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
                            f.write("cql(input %s output %s)\n%s\n" % (src, out, body))
                        else:
                            f.write("(match :pgn %s :output %s\n %s)\n" % (src, out, body))
                    jobs.append([name, kind, body, t, q, out, None, how])
        rejected = set()
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
                # Each run writes a new file, as a first run does: the rename
                # that replaces an 85 MB output frees the old file in the
                # kernel (30 to 100 ms here), a cost of the previous run.
                if os.path.exists(out):
                    os.remove(out)
                try:
                    run = timed([args.cql, "--quiet", "--stats", "--threads", t, q], work)
                except RuntimeError as e:
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

    games = games or 145716 * args.scale
    lines = []
    lines.append("file: %s (%.1f MB, %d games, %s positions)"
                 % (os.path.basename(pgn), size_mb, games, positions or "?"))
    lines.append("| run | threads | median wall s | best wall s | median CPU s | games/s (wall) "
                 "| games/s (CPU) | ns/position (CPU) | x pgn-extract (wall / CPU) "
                 "| target | speed-up over 1 thread (wall: median of the rounds' ratios (best over best)) "
                 "| peak RSS MiB |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
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
            ratio = "%.1f / %s" % (pe_wall / wall, "%.1f" % (pe_cpu / cpu) if cpu and pe_cpu else "?")
        speedup = "-"
        if t not in ("1", "-") and name in one_thread:
            pairs = [a.wall / b.wall for a, b in zip(one_thread[name], runs)]
            best = min(r.wall for r in one_thread[name]) / min(r.wall for r in runs)
            speedup = "%.2f (%.2f)" % (statistics.median(pairs), best)
        target = {"simple": "8x", "transform": "4x"}.get(kind, "-") if t == "1" else "-"
        if t not in ("1", "-"):
            target = ">= 1.8" if t == "2" else "-"
        lines.append("| %s | %s | %.2f | %.2f | %s | %.0f | %s | %s | %s | %s | %s | %s |" % (
            name, t, wall, min(r.wall for r in runs),
            "%.2f" % cpu if cpu is not None else "?", games / wall,
            "%.0f" % (games / cpu) if cpu else "?",
            "%.0f" % (cpu * 1e9 / positions) if cpu and positions else "?",
            ratio, target, speedup, "%.1f" % rss if rss is not None else "?"))
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
    for n in notes:
        lines.append("- " + n)
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
