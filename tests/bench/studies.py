"""The studies set of the benchmark: composed studies and problems, as a
composer's database holds them (annotated, with variations, from FEN).

studies_set(cql, shared, cache) builds it once into the cache from
shared/studies:

1. every `*.pgn` under studies/, concatenated in the order of their paths
   (the top-level file, then the sub-folders), as tools/cql6-examples.py
   reads them for its data set "all" (its all_studies(): one module
   builds both);
2. CRLF read as LF, and each game ending with exactly one blank line (one
   of the lichess files ends without a newline; `*[Event` glued on one
   line stops CQL 6.2);
3. the games that the `cql` under test reports as damaged dropped: it runs
   the query `cql(variations) false` (which reads every variation: a query
   of the main line only does not check the variations of the games it
   does not match) and names them `game N:` on its standard error.
   Games are split where a tag line follows movetext, outside brace
   comments (split_games() of tools/cql6-examples.py), and that count must
   equal the one `cql` reports;
4. the 7,142 clean studies repeated 10 times: 71,420 games, about 48 MB.

Each count is checked against the one the figures of RESULTS.md were
measured on (7,155 games, 13 damaged, 7,142 clean): a StudiesError says
which differs.  The files stay in the cache (studies-clean.pgn,
studies-x10.pgn); delete them to build them again.

Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
"""
import importlib.util
import os
import re
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = 7155        # games of studies/**/*.pgn
DAMAGED = 13        # of them, reported damaged by `cql`
CLEAN = GAMES - DAMAGED
REPEAT = 10


class StudiesError(Exception):
    """The studies set cannot be built as specified (counts differ, cql fails)."""


def examples_tool():
    """tools/cql6-examples.py as a module (its name is not an identifier)."""
    spec = importlib.util.spec_from_file_location(
        "cql6_examples", os.path.join(ROOT, "tools", "cql6-examples.py"))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def damaged_games(cql, pgn, work):
    """Runs @cql with the query `cql(variations) false` on @pgn; returns (the game
    numbers it reports damaged or skipped, 1-based; the games it read).
    Raises StudiesError when it fails or prints no game count."""
    q = os.path.join(work, "false.cql")
    with open(q, "w") as f:
        f.write("cql(input %s output %s variations)\nfalse\n"
                % (pgn, os.path.join(work, "false.pgn")))
    p = subprocess.run([cql, "--threads", "1", q], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    text = (p.stderr + p.stdout).decode("utf-8", "replace")
    m = re.search(r"(\d+) match(?:es)? of (\d+) games", text)
    if p.returncode != 0 or not m:
        raise StudiesError("`cql(variations) false` on %s failed: %s" % (pgn, text.strip()[-300:]))
    return sorted(set(int(n) for n in re.findall(r"game (\d+):", text))), int(m.group(2))


def studies_set(cql, shared, cache):
    """The path of the studies set (see the module's comment), built into
    @cache from @shared/studies with the `cql` program @cql if absent."""
    dest = os.path.join(cache, "studies-x%d.pgn" % REPEAT)
    if os.path.exists(dest):
        return dest
    os.makedirs(cache, exist_ok=True)
    tool = examples_tool()
    with tempfile.TemporaryDirectory(prefix="bench-studies-") as work:
        whole = tool.all_studies(shared, os.path.join(work, "whole.pgn"))
        with open(whole, "rb") as f:
            raw = f.read().replace(b"\r\n", b"\n")
        with open(whole, "wb") as f:
            f.write(raw)
        starts = tool.split_games(raw) + [len(raw)]
        games = [raw[starts[i]:starts[i + 1]].rstrip(b"\n") + b"\n\n"
                 for i in range(len(starts) - 1)]
        bad, read = damaged_games(cql, whole, work)
    if len(games) != read:
        raise StudiesError("the studies split into %d games, cql read %d" % (len(games), read))
    if (len(games), len(bad)) != (GAMES, DAMAGED):
        raise StudiesError("studies: %d games, %d damaged (%s); expected %d and %d"
                           % (len(games), len(bad), bad, GAMES, DAMAGED))
    clean = b"".join(g for i, g in enumerate(games) if i + 1 not in bad)
    with open(os.path.join(cache, "studies-clean.pgn"), "wb") as f:
        f.write(clean)
    with open(dest + ".part", "wb") as f:
        for _ in range(REPEAT):
            f.write(clean)
    os.rename(dest + ".part", dest)
    return dest
