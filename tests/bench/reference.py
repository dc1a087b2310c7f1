"""Excelsior beside CQL 6.2 (the reference program) for the benchmark
harness (bench.py --reference PATH [--examples DIR]).

CQL 6.2 runs on one thread (`-s`), from a query file that starts
`cql(input FILE output OUT)`, as Excelsior does; it prints "N matches of M
games" on its standard output.  The figure compared is CPU seconds (user +
system), the one that holds on a machine shared with other work; the ratio
is CQL 6.2's over Excelsior's: how many times faster Excelsior is per core.

Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import re
import statistics

from timing import RunError, med, timed

# Targets of the ratio per core (CQL 6.2's CPU time over Excelsior's): every
# query on the studies set; on the benchmark file, those named (a query not
# named has none).
STUDIES_TARGET = 20
BOOK_TARGETS = {"cql6-mate-wtm": 35, "cql6-three-checks": 20, "cql6-excelsior": 20,
                "cql6-missing-piece": 20}
READ_TARGET_MB_S = 300          # reading alone (`false`), MB per CPU second
EXAMPLES_MEDIAN_TARGET = 20
EXAMPLES_MIN_TARGET = 10


def cql6_query(pgn, out, body):
    """The text of a CQL 6 query file that searches @pgn into @out with the
    body @body.  A body that starts with its own header, `cql(PARAMS) ...`,
    keeps PARAMS after the input and output."""
    m = re.match(r"cql\(([^)]*)\)\s*(.*)$", body, re.S)
    params, rest = (" " + m.group(1).strip(), m.group(2)) if m else ("", body)
    return "cql(input %s output %s%s)\n%s\n" % (pgn, out, params, rest)


def matches(text):
    """The number of matching games a run of either program reports ("N
    matches of M games"), or None."""
    m = re.search(r"(\d+) match(?:es)? of \d+ games", text)
    return int(m.group(1)) if m else None


def run_reference(reference, query, cwd, timeout=None, nice=False):
    """One run of CQL 6.2 (@reference) on the query file @query, one
    thread; with @nice, under `nice -n 19` (runs of minutes that should
    give way to other work on a shared machine: CPU time is what is
    compared, and waiting does not add to it).  Returns a timing.Run.
    Raises timing.RunError on a failure, or when it runs over @timeout
    seconds."""
    return timed((["nice", "-n", "19"] if nice else []) + [reference, "-s", query], cwd, timeout)


def side_by_side(pairs, dataset, size_mb):
    """Table lines (Markdown) of Excelsior beside CQL 6.2.  @pairs: a list
    of (query name, body, Excelsior's runs, CQL 6.2's runs), the runs
    timing.Run lists (CQL 6.2's may be empty: it refused); @dataset: "book"
    or "studies" (its targets); @size_mb: the input's size in MB."""
    lines = ["| query | matches Excelsior / CQL 6.2 | Excelsior CPU s (median of runs) "
             "| CQL 6.2 CPU s (median of runs) | x CQL 6.2 per core | target |",
             "| --- | --- | ---: | ---: | ---: | --- |"]
    notes = []
    for name, body, ex, ref in pairs:
        ex_cpu = med([r.cpu for r in ex])
        ref_cpu = med([r.cpu for r in ref])
        ex_m = matches(ex[0].stderr) if ex else None
        ref_m = matches(ref[0].stdout + ref[0].stderr) if ref else None
        same = "" if ex_m == ref_m or not ref else " **DIFFER**"
        if same:
            notes.append("`%s`: Excelsior finds %s matching games, CQL 6.2 %s"
                         % (name, ex_m, ref_m))
        target = STUDIES_TARGET if dataset == "studies" else BOOK_TARGETS.get(name)
        ratio = ref_cpu / ex_cpu if ex_cpu and ref_cpu else None
        lines.append("| %s `%s` | %s / %s%s | %s (%d) | %s (%d) | %s | %s |" % (
            name, body, ex_m, ref_m if ref else "-", same,
            "%.2f" % ex_cpu if ex_cpu is not None else "?", len(ex),
            "%.2f" % ref_cpu if ref_cpu is not None else "-", len(ref),
            "%.1fx" % ratio if ratio else "-",
            (">= %dx: %s" % (target, "met" if ratio and ratio >= target else "NOT met"))
            if target else "-"))
        if name == "cql6-false" and ex_cpu:
            mb_s = size_mb / ex_cpu
            notes.append("reading alone (`false`): %.0f MB/s per core for Excelsior%s "
                         "(target >= %d: %s)"
                         % (mb_s, ", %.1f for CQL 6.2" % (size_mb / ref_cpu) if ref_cpu else "",
                            READ_TARGET_MB_S, "met" if mb_s >= READ_TARGET_MB_S else "NOT met"))
    return lines, notes


def examples_table(cql, reference, folder, pgn, work, runs, ref_runs, timeout, log=print):
    """Times CQL 6.2's examples (@folder/NAME.cql) with Excelsior (@cql) and
    CQL 6.2 (@reference), one thread each, on the PGN @pgn: @runs runs of
    Excelsior and @ref_runs of CQL 6.2, paired and alternating which goes
    first; CPU time from wait4(), without /usr/bin/time, whose own cost would
    weigh on runs this short.  An example either program refuses (or that
    runs over @timeout seconds) is left out, named.  Returns Markdown lines: the summary
    (median and least ratio, their targets), the ten with the least ratio,
    then every example.  Nothing of the examples' text is printed: only
    their names."""
    rows, refused, differ = [], [], []
    names = sorted(n[:-4] for n in os.listdir(folder) if n.endswith(".cql"))
    for name in names:
        q = os.path.join(folder, name + ".cql")
        ex_out, ref_out = os.path.join(work, "ex.pgn"), os.path.join(work, "ref.pgn")
        ex_argv = [cql, "--quiet", "--threads", "1", "--input", pgn, "--output", ex_out, q]
        ref_argv = [reference, "-s", "-input", pgn, "-output", ref_out, q]
        ex, ref = [], []
        failed = None
        order = [("Excelsior", ex, ex_argv, runs), ("CQL 6.2", ref, ref_argv, ref_runs)]
        for rnd in range(max(runs, ref_runs)):
            for who, got, argv, n in (order if rnd % 2 == 0 else order[::-1]):
                if rnd < n and not failed:
                    try:
                        got.append(timed(argv, work, timeout, gnu_time=False))
                    except RunError as e:
                        failed = who
                        # The message may quote the example: on the console only.
                        log("example %s: left out: %s: %s" % (name, who, e))
        if failed:
            refused.append("%s (%s)" % (name, failed))
            continue
        ex_cpu = med([r.cpu_exact for r in ex])
        ref_cpu = med([r.cpu_exact for r in ref])
        ex_m, ref_m = matches(ex[0].stderr), matches(ref[0].stdout + ref[0].stderr)
        if ex_m != ref_m:
            differ.append("%s (%s / %s)" % (name, ex_m, ref_m))
        rows.append((name, ex_cpu, ref_cpu, ref_cpu / ex_cpu if ex_cpu else float("inf"),
                     ex_m, ref_m))
        log("example %s: Excelsior %.3f s, CQL 6.2 %.3f s, %.1fx"
            % (name, ex_cpu, ref_cpu, rows[-1][3]))
    lines = []
    if not rows:
        return ["no example was read by both programs"]
    ratios = [r[3] for r in rows]
    median, least = statistics.median(ratios), min(ratios)
    lines.append("%d examples timed (of %d; CPU seconds, user + system, one thread each, "
                 "median of %d runs of Excelsior and %d of CQL 6.2):"
                 % (len(rows), len(names), runs, ref_runs))
    lines.append("- median ratio %.1fx (target >= %dx: %s); least %.1fx (%s; target: none "
                 "under %dx: %s); %d under %dx"
                 % (median, EXAMPLES_MEDIAN_TARGET,
                    "met" if median >= EXAMPLES_MEDIAN_TARGET else "NOT met",
                    least, min(rows, key=lambda r: r[3])[0], EXAMPLES_MIN_TARGET,
                    "met" if least >= EXAMPLES_MIN_TARGET else "NOT met",
                    sum(1 for r in ratios if r < EXAMPLES_MIN_TARGET), EXAMPLES_MIN_TARGET))
    lines.append("- total CPU s: Excelsior %.2f, CQL 6.2 %.2f"
                 % (sum(r[1] for r in rows), sum(r[2] for r in rows)))
    if refused:
        lines.append("- left out (refused by, or ran over the time with, the program named): "
                     + "; ".join(refused))
    if differ:
        lines.append("- another number of matching games (Excelsior / CQL 6.2): "
                     + ", ".join(differ))
    head = ["| example | Excelsior CPU s | CQL 6.2 CPU s | x CQL 6.2 per core | matches |",
            "| --- | ---: | ---: | ---: | --- |"]
    row = lambda r: "| %s | %.3f | %.3f | %.1f | %s%s |" % (
        r[0], r[1], r[2], r[3], r[4], "" if r[4] == r[5] else " / %s" % r[5])
    lines += ["", "The ten with the least ratio:", ""] + head
    lines += [row(r) for r in sorted(rows, key=lambda r: r[3])[:10]]
    lines += ["", "Every example:", ""] + head + [row(r) for r in rows]
    return lines
