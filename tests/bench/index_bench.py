#!/usr/bin/env python3
"""Benchmark of the persistent index (docs/index.md): a database of a
million games, its index's build time and size, and each query searched
from the index against the same search of the text.

    python3 tests/bench/index_bench.py [--cql BUILD/engine/cli/cql]
        [--games 1000000] [--runs 3] [--threads 2] [--only NAME]...
        [--no-build] [--reference CQL62 [--reference-timeout S]]
        [--markdown FILE]

The database is the benchmark file (../shared/data/games/
gnuchess-book-1.02.pgn.xz, decompressed by bench.py into its cache)
repeated until it holds --games games, each copy after the first with
its games renumbered: " #K" is added to every `Event` tag of copy K, so
that no two games of the database are the same text.  It is made once in
the cache (EXCELSIOR_BENCH_CACHE), as is its index (EXCELSIOR_INDEX_DIR,
the cache's index/ folder unless it is set).

The index is built afresh in each run of the tool (`cql --index`, one
thread and then --threads), timed beside one text search of `false`;
--no-build leaves that step out and searches from the index already in
the cache (built by an earlier run).
Then for each query of QUERIES, in --runs rounds: the text search
(`--no-index`) and the search from the index, one thread each, back to
back; the table gives their median CPU and wall times, the ratio (text
CPU / index CPU), and checks that both wrote the same games, byte for
byte.  The targets (docs/index.md): the index built at least as fast as
one text search, no larger than half the text; exact-position and
selective queries within 50 ms, any query at least 5x its text search.

--reference CQL62 also runs each CQL 6 query with CQL 6.2 (its `cql`,
one thread, `-s`, under `nice -n 19`: a run takes minutes on the million
games) on the same file, once, after that query's rounds (reference.py
writes its query file, runs it and reads its count).  A second table
gives, per query, the matching games of both (a difference is marked
DIFFER, named under the table and makes the tool exit 1), CQL 6.2's CPU
time beside the text search's and the index's, and the ratios CQL 6.2 /
text and CQL 6.2 / index.  A run over --reference-timeout seconds (900
by default) is stopped and named.  CQL 6.2 reads no CQL 3 (it refuses
`(match ...)`) and has no --position: those queries have no CQL 6.2 row.

Exits 77 when ../shared/data is absent; 1 when a run fails or two
outputs differ.

Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
"""
import argparse
import filecmp
import os
import re
import subprocess
import sys
import tempfile

import bench
import reference
from timing import RunError, med, timed

# (name, kind, query): kind "cql3" or "cql6" is a query text; "fen-of" a
# CQL 6 query whose message gives the FEN searched with --position (a
# position of the database: the search finds it); "fen-of-mirror" that
# position mirrored, searched with --position --symmetric (which finds the
# original among the images).
QUERIES = [
    ("position", "fen-of", "cql(gamenumber 1000) ply == 30 message fen"),
    ("position-mirror", "fen-of-mirror", "cql(gamenumber 2000) ply == 40 message fen"),
    ("cql6-mate-pattern", "cql6", "mate Q[g7,h7] k[g8,h8] B[b1,c2,d3,e4]"),
    ("cql3-mate-pattern", "cql3", "(position :mate Q[g7,h7] k[g8,h8] B[b1,c2,d3,e4])"),
    ("cql6-underpromotion", "cql6", "move promote [RBN]"),
    ("cql6-mate-wtm", "cql6", "mate wtm"),
    ("cql3-mate-wtm", "cql3", "(position :mate :wtm)"),
    ("cql6-stalemate", "cql6", "stalemate"),
    ("cql6-flip-shift", "cql6", "flip shift {Nd4 kf3}"),
    ("cql6-false", "cql6", "false"),
    ("cql6-check", "cql6", "check"),
]


def million(games):
    """The database of @games games, made once in the cache."""
    src = bench.decompressed()
    path = os.path.join(bench.CACHE, "gnuchess-book-%d.pgn" % games)
    if os.path.exists(path):
        return path
    n = 0
    copy = 0
    with open(path + ".part", "wb") as out:
        while n < games:
            with open(src, "rb") as f:
                for line in f:
                    if line.startswith(b"[Event "):
                        n += 1
                        if n > games:
                            break
                        if copy > 0:
                            line = re.sub(rb'"\]', b' #%d"]' % copy, line, count=1)
                    out.write(line)
            copy += 1
    os.rename(path + ".part", path)
    return path


def query_file(d, name, kind, text, pgn, out):
    """The query file of @name (CQL 3 needs its :pgn and :output)."""
    path = os.path.join(d, name + ".cql")
    with open(path, "w") as f:
        if kind == "cql3":
            f.write("(match :pgn %s :output %s\n %s)\n" % (pgn, out, text))
        else:
            f.write("cql() " + text + "\n")
    return path


def fen_of(cql, d, query, pgn, mirror):
    """The FEN a `message fen` query prints for a position of @pgn; with
    @mirror, that position flipped left to right (a mirrored position
    search finds the original)."""
    path = os.path.join(d, "fen.cql")
    with open(path, "w") as f:
        f.write(query + "\n")
    r = timed([cql, "--quiet", "--no-index", "-i", pgn, "-o", os.path.join(d, "fen.pgn"), path],
              d)
    m = re.search(r": (\S+ [wb] \S+ \S+ \d+ \d+)\s*$", r.stdout + r.stderr, re.M)
    if not m:
        raise RunError("no FEN from " + query)
    fen = m.group(1)
    if mirror:
        ranks = []
        for rank in fen.split()[0].split("/"):
            cells = ""
            for c in rank:
                cells += "1" * int(c) if c.isdigit() else c
            ranks.append(re.sub("1+", lambda g: str(len(g.group(0))), cells[::-1]))
        fen = " ".join(["/".join(ranks)] + fen.split()[1:2] + ["-", "-", "0", "1"])
    return fen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cql", default=os.path.join(bench.ROOT, "_build", "engine", "cli", "cql"))
    ap.add_argument("--games", type=int, default=1000000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", default="2")
    ap.add_argument("--only", action="append")
    ap.add_argument("--no-build", action="store_true",
                    help="search from the index already in the cache; do not build it")
    ap.add_argument("--reference", help="CQL 6.2's cql: also run the CQL 6 queries with it")
    ap.add_argument("--reference-timeout", type=float, default=900,
                    help="seconds after which a run of CQL 6.2 is stopped (default 900)")
    ap.add_argument("--markdown")
    args = ap.parse_args()

    if not os.path.exists(bench.XZ):
        print("index_bench: %s is absent" % bench.XZ)
        return 77
    cql = os.path.abspath(args.cql)
    unknown = [n for n in args.only or [] if n not in [q[0] for q in QUERIES]]
    if unknown:
        print("unknown query %s (the names: %s)" % (", ".join(unknown),
                                                     ", ".join(q[0] for q in QUERIES)))
        return 1
    ref = os.path.abspath(args.reference) if args.reference else None
    if ref and not os.access(ref, os.X_OK):
        print("no CQL 6.2 at %s" % ref)
        return 1
    pgn = million(args.games)
    size = os.path.getsize(pgn)
    # A folder of one's own (a build of another index format) is kept.
    os.environ.setdefault("EXCELSIOR_INDEX_DIR", os.path.join(bench.CACHE, "index"))
    lines = ["Database: %d games, %.0f MB (%s)" % (args.games, size / 1e6, os.path.basename(pgn)),
             ""]
    failed = False

    with tempfile.TemporaryDirectory(prefix="index-bench-") as d:
        false_q = query_file(d, "false", "cql6", "false", pgn, None)
        text = timed([cql, "--quiet", "--no-index", "--threads", "1", "-i", pgn,
                      "-o", os.path.join(d, "false.pgn"), false_q], d)
        lines.append("| step | threads | CPU s | wall s |")
        lines.append("|---|---|---|---|")
        lines.append("| text search of `false` | 1 | %.2f | %.2f |" % (text.cpu_exact, text.wall))
        for threads in [] if args.no_build else \
                ["1"] + ([args.threads] if args.threads != "1" else []):
            b = timed([cql, "--quiet", "--threads", threads, "--index", pgn], d)
            lines.append("| `cql --index` | %s | %.2f | %.2f |" % (threads, b.cpu_exact, b.wall))
        index_size = sum(os.path.getsize(os.path.join(os.environ["EXCELSIOR_INDEX_DIR"], f))
                         for f in os.listdir(os.environ["EXCELSIOR_INDEX_DIR"])
                         if f.endswith(".cqx"))
        lines += ["", "Index: %.0f MB, %.1f%% of the text (the index folder holds only this "
                  "database's index when the cache is used by this tool alone)."
                  % (index_size / 1e6, 100.0 * index_size / size), ""]

        lines.append("| query | games | text CPU s | index CPU s | index wall ms | ratio |")
        lines.append("|---|---|---|---|---|---|")
        # Beside CQL 6.2 (--reference): a table of its own, with its notes.
        ref_lines = ["| query | matches (ours / CQL 6.2) | CQL 6.2 CPU s | text CPU s "
                     "| index CPU ms | CQL 6.2 / text | CQL 6.2 / index |",
                     "|---|---|---|---|---|---|---|"]
        ref_notes = []
        for name, kind, q in QUERIES:
            if args.only and name not in args.only:
                continue
            outs = {how: os.path.join(d, "%s-%s.pgn" % (name, how)) for how in ("text", "index")}
            argvs = {}
            if kind.startswith("fen-of"):
                fen = fen_of(cql, d, q, pgn, kind.endswith("mirror"))
            for how, extra in (("text", ["--no-index"]), ("index", [])):
                base = [cql, "--quiet", "--threads", "1"] + extra
                if kind.startswith("fen-of"):
                    argvs[how] = base + ["-i", pgn, "-o", outs[how], "--position", fen] \
                        + (["--symmetric"] if kind.endswith("mirror") else [])
                else:
                    qf = query_file(d, "%s-%s" % (name, how), kind, q, pgn, outs[how])
                    argvs[how] = base + ([qf] if kind == "cql3" else
                                         ["-i", pgn, "-o", outs[how], qf])
            runs = {"text": [], "index": []}
            try:
                for _ in range(args.runs):
                    for how in ("text", "index"):
                        runs[how].append(timed(argvs[how], d))
            except RunError as e:
                lines.append("| %s | failed: %s | | | | |" % (name, e))
                failed = True
                continue
            ref_run = ref_error = None
            if ref and kind == "cql6":
                ref_q = os.path.join(d, "%s-cql62.cql" % name)
                with open(ref_q, "w") as f:
                    f.write(reference.cql6_query(pgn, os.path.join(d, "%s-cql62.pgn" % name), q))
                print("%s: CQL 6.2 ..." % name, file=sys.stderr, flush=True)
                try:
                    ref_run = reference.run_reference(ref, ref_q, d, args.reference_timeout,
                                                      nice=True)
                except RunError as e:
                    ref_error = str(e)
            same = filecmp.cmp(outs["text"], outs["index"], shallow=False)
            games = len(re.findall(rb"^\[Event ", open(outs["index"], "rb").read(), re.M))
            t = med([r.cpu_exact for r in runs["text"]])
            i = med([r.cpu_exact for r in runs["index"]])
            w = med([r.wall for r in runs["index"]])
            lines.append("| %s | %d%s | %.2f | %.3f | %.0f | %.1fx |"
                         % (name, games, "" if same else " (OUTPUTS DIFFER)", t, i, w * 1000,
                            t / i if i > 0 else float("inf")))
            failed |= not same
            print(lines[-1], file=sys.stderr, flush=True)
            if ref_error:
                ref_lines.append("| %s `%s` | %d / - | %s | %.2f | %.0f | - | - |"
                                 % (name, q, games, ref_error, t, i * 1000))
                ref_notes.append("`%s`: CQL 6.2 gave no figure: %s" % (name, ref_error))
            elif ref_run:
                r = ref_run.cpu_exact
                ref_m = reference.matches(ref_run.stdout + ref_run.stderr)
                differ = ref_m != games
                if differ:
                    ref_notes.append("**MATCHES DIFFER** for `%s`: Excelsior %d games, CQL 6.2 %s"
                                     % (name, games, ref_m))
                    failed = True
                ref_lines.append("| %s `%s` | %d / %s%s | %.2f | %.2f | %.0f | %.1fx | %.0fx |"
                                 % (name, q, games, ref_m, " **DIFFER**" if differ else "", r,
                                    t, i * 1000, r / t if t > 0 else float("inf"),
                                    r / i if i > 0 else float("inf")))
                print(ref_lines[-1], file=sys.stderr, flush=True)
            elif ref:
                ref_notes.append("`%s` (%s): no CQL 6.2 counterpart (it reads neither CQL 3 "
                                 "nor a --position search)" % (name, kind))

        if ref:
            lines += ["", "Beside CQL 6.2 (one run of it per query, one thread, `-s`, "
                      "`nice -n 19`; CPU s = user + system):", ""] + ref_lines
            if ref_notes:
                lines += [""] + ["- " + n for n in ref_notes]

    text_out = "\n".join(lines) + "\n"
    print(text_out)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text_out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
