#!/usr/bin/env python3
"""Benchmark harness: whole `cql` runs over the 145,716 master games of
../shared/data/games/gnuchess-book-1.02.pgn.xz, against pgn-extract's
parse-and-replay on the same file in the same run.

    python3 tests/bench/bench.py [--cql BUILD/engine/cli/cql] [--runs 3]
                                 [--threads 1,2] [--only NAME] [--games N]

The file is decompressed once into tests/bench/cache/.  For each query and
thread count the tool runs `--runs` times and reports the median wall time,
games/s, ns per ply and the peak RSS (from wait4's rusage).  Exits 77 when
../shared/data is absent.

Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
"""
import argparse
import os
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
CACHE = os.path.join(HERE, "cache")
PLIES = 11_300_000  # plies of the full file, measured by pgn-extract (SOURCES.md: about 11.3 M)

# name -> position lists; only what the language supports today.
QUERIES = {
    "mate-wtm": "(position :mate :wtm)",
    "stalemate": "(position :stalemate)",
    "pieces": "(position Q[g7] k[h8])",
    "corner-king-check": "(position k[a1,h1,a8,h8] :check :variations)",
    "terminal-e4-empty": "(position .e4 :terminal)",
}


def decompressed(limit_games=None):
    os.makedirs(CACHE, exist_ok=True)
    full = os.path.join(CACHE, "gnuchess-book-1.02.pgn")
    if not os.path.exists(full):
        tmp = full + ".part"
        with open(tmp, "wb") as out:
            subprocess.run(["xz", "-dc", XZ], stdout=out, check=True)
        os.rename(tmp, full)
    if not limit_games:
        return full
    part = os.path.join(CACHE, "gnuchess-first-%d.pgn" % limit_games)
    if not os.path.exists(part):
        n = 0
        with open(full, "rb") as src, open(part + ".part", "wb") as out:
            for line in src:
                if line.startswith(b"[Event "):
                    n += 1
                    if n > limit_games:
                        break
                out.write(line)
        os.rename(part + ".part", part)
    return part


def timed(argv, cwd):
    """Runs argv; returns (wall seconds, peak RSS in MiB, stderr)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err,
                                stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(argv), text[-2000:]))
    return wall, usage.ru_maxrss / 1024.0, text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cql", default=os.path.join(ROOT, "_build", "engine", "cli", "cql"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--only", action="append")
    ap.add_argument("--games", type=int, default=None, help="use only the first N games")
    args = ap.parse_args()

    if not os.path.exists(XZ):
        print("SKIP: %s is absent" % XZ)
        return 77
    pgn = decompressed(args.games)
    work = tempfile.mkdtemp(prefix="cql-bench-")
    size_mb = os.path.getsize(pgn) / 1e6
    rows = []
    try:
        # pgn-extract: parse and replay with legality checks (the reference).
        pe = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
        games = None
        if os.path.exists(pe):
            walls, rss = [], 0
            for _ in range(args.runs):
                w, r, _ = timed([pe, "-r", "-s", "--quiet", pgn], work)
                walls.append(w)
                rss = max(rss, r)
            rows.append(("pgn-extract -r -s --quiet", "-", statistics.median(walls), rss))
        for name, body in QUERIES.items():
            if args.only and name not in args.only:
                continue
            q = os.path.join(work, name + ".cql")
            with open(q, "w") as f:
                f.write("(match :pgn %s :output %s\n %s)\n" % (pgn, os.path.join(work, name + ".pgn"), body))
            for t in args.threads.split(","):
                walls, rss, last = [], 0, ""
                for _ in range(args.runs):
                    w, r, last = timed([args.cql, "--threads", t, q], work)
                    walls.append(w)
                    rss = max(rss, r)
                summary = [l for l in last.splitlines() if " games in " in l]
                if summary:
                    games = int(summary[-1].split(" of ")[1].split()[0])
                rows.append(("cql %s: %s" % (name, body), t, statistics.median(walls), rss))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    games = games or 145716
    plies = PLIES * games / 145716
    print("file: %s (%.1f MB, %d games)" % (os.path.basename(pgn), size_mb, games))
    print("| run | threads | median s | games/s | ns/ply | peak RSS MiB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, t, wall, rss in rows:
        print("| `%s` | %s | %.2f | %.0f | %.0f | %.1f |" % (name, t, wall, games / wall,
                                                          wall * 1e9 / plies, rss))
    return 0


if __name__ == "__main__":
    sys.exit(main())
