#!/usr/bin/env python3
"""CQL 6.2's example queries against Excelsior, with facts recorded from CQL 6.2.

The examples that ship with CQL 6.2 (its `examples` folder: NAME.cql) are
not ours to copy; the repository keeps only the facts CQL 6.2 gives for
them, in tests/fixtures/cql6/examples/:

  NAME.hhdb.expected   the 253 HHdb studies (studies/cql6-sample-hhdb-selection.pgn)
  NAME.all.expected    every PGN file under studies/, read as one database,
                       without the games of all-studies.excluded
  all-studies.excluded the games left out of that database
  all-studies.unknown  games of that database whose facts are not compared
  not-yet.txt          the examples Excelsior does not agree on yet, with why

Each .expected has the format of the differential fixtures
(tests/fixtures/cql6/diff): a header of '#' lines, then 'game N: M' per game
matched (N the game's number, M the brace comments holding the match string,
the game-number comment included).  The 'all' data set leaves out the games
either program reports as damaged or skips (CQL 6.2 stops the whole run at
some of them), and those on which the two disagree even for the query
`true`: only the games both read the same are searched, and the game
numbers are those of the database without them.  A game whose FEN CQL 6.2
refuses (more than 16 men of one side) is searched by it, without a word,
from the standard start position, its FEN tag dropped: `true` cannot tell,
so such games stay in the database (their numbers kept) but their facts
are unknown, left out of both programs' facts (all-studies.unknown).

Usage:
  tools/cql6-examples.py record --reference CQL62 --examples DIR [--cql CQL]
        runs each example with CQL 6.2 (built by you, outside the repository)
        and writes the facts; then runs Excelsior and writes not-yet.txt;
        prints a table of the seconds each program took (one thread each).
  tools/cql6-examples.py check --examples DIR [--cql CQL]
        runs Excelsior on each example and compares with the facts and the
        list (what the test cql6-examples does); exit 1 on a change.
  tools/cql6-examples.py index --examples DIR [--cql CQL] [--pgn FILE...]
        indexes each data set (and each FILE, e.g. the benchmark file) in a
        folder of its own (cql --index) and runs each example on it from the
        index and from the text (--no-index): the output file, standard
        output, standard error and exit status must be the same, byte for
        byte (docs/index.md); exit 1 if any differs.  Prints per data set
        the examples compared and the games the index passed over.

The data is found under ../shared/data (or EXCELSIOR_SHARED_DATA).
"""

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, 'tests', 'fixtures', 'cql6', 'examples')
DEFAULT_CQL = os.path.join(ROOT, '_build', 'engine', 'cli', 'cql')
HHDB = 'studies/cql6-sample-hhdb-selection.pgn'
ALL_NAME = 'studies/**/*.pgn in path order, less all-studies.excluded'
EXCLUDED = os.path.join(FIXTURES, 'all-studies.excluded')
UNKNOWN = os.path.join(FIXTURES, 'all-studies.unknown')
DATASETS = ('hhdb', 'all')


def shared_data():
    return os.environ.get('EXCELSIOR_SHARED_DATA') or os.path.join(ROOT, '..', 'shared', 'data')


def facts(path, match='CQL'):
    """{game number: marks} of an output PGN (see the module's comment)."""
    out = {}
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
    except OSError:
        return out
    cur = None
    for c in re.findall(r'\{([^}]*)\}', text):
        m = re.search(r'Game\s+number\s+(\d+)', c)
        if m:
            cur = int(m.group(1))
            out[cur] = 1 if match in c else 0
        elif match in c and cur is not None:
            out[cur] += 1
    return out


def all_studies(data, dest):
    """Writes every PGN file under data/studies, in the order of their paths,
    into dest as one database (a blank line between files)."""
    root = os.path.join(data, 'studies')
    files = []
    for d, _, names in os.walk(root):
        files += [os.path.join(d, n) for n in names if n.endswith('.pgn')]
    files.sort(key=lambda p: os.path.relpath(p, root))
    with open(dest, 'wb') as out:
        for p in files:
            with open(p, 'rb') as f:
                out.write(f.read())
            out.write(b'\n\n')
    return dest


def split_games(raw):
    """The byte offsets where the games of a PGN text start: a tag line
    after movetext (outside brace comments)."""
    starts, in_tags, depth, pos = [], False, 0, 0
    for line in raw.split(b'\n'):
        s = line.strip()
        if depth == 0 and s.startswith(b'['):
            if not in_tags:
                starts.append(pos)
                in_tags = True
        elif s:
            in_tags = False
            depth = max(0, depth + s.count(b'{') - s.count(b'}'))
        pos += len(line) + 1
    return starts


def without_games(src, dest, excluded):
    """Copies the PGN src into dest without the games numbered in excluded."""
    with open(src, 'rb') as f:
        raw = f.read()
    starts = split_games(raw) + [len(raw)]
    with open(dest, 'wb') as out:
        for i in range(len(starts) - 1):
            if i + 1 not in excluded:
                out.write(raw[starts[i]:starts[i + 1]])
    return dest


def read_excluded(path=EXCLUDED):
    excluded = set()
    if path == UNKNOWN and not os.path.exists(path):
        return excluded
    with open(path) as f:
        for line in f:
            if not line.startswith('#'):
                excluded |= set(int(n) for n in line.split())
    return excluded


def inputs(data, work, excluded=None):
    """The data sets present: {name: PGN path}."""
    found = {}
    if os.path.exists(os.path.join(data, HHDB)):
        found['hhdb'] = os.path.join(data, HHDB)
        whole = all_studies(data, os.path.join(work, 'all-whole.pgn'))
        if excluded is None:
            excluded = read_excluded() if os.path.exists(EXCLUDED) else set()
        found['all'] = without_games(whole, os.path.join(work, 'all-studies.pgn'), excluded)
    return found


def cpu_seconds():
    """User plus system CPU seconds of the children waited for so far: a run's
    cost that other load on the machine does not inflate as it does wall time."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(prog, query, pgn, out, timeout, single=True):
    """Runs a cql program; returns (status, message, facts, CPU seconds)."""
    args = [prog, '-input', pgn, '-output', out] + (['-s'] if single else []) + [query]
    if os.path.exists(out):
        os.unlink(out)
    t0 = cpu_seconds()
    try:
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return 'timeout', 'ran over %d s' % timeout, {}, cpu_seconds() - t0
    secs = cpu_seconds() - t0
    text = (p.stderr + p.stdout).decode('utf-8', 'replace')
    if p.returncode != 0:
        lines = [l.strip() for l in text.splitlines()
                 if l.strip() and not l.startswith('CQL version')]
        msg = next((l for l in lines if re.match(r'\S+:\d+:\d+: ', l) or 'rror' in l),
                   lines[0] if lines else 'exit %d' % p.returncode)
        msg = re.sub(r'^\S*/([^/\s]+\.cql:)', r'\1', msg)
        return 'refused', msg[:200], {}, secs
    return 'ran', '', facts(out), secs, text


def damaged(text):
    """Game numbers a program's messages name as damaged or skipped."""
    found = set(int(n) for n in re.findall(r'game (\d+):', text))
    found |= set(int(n) for n in re.findall(r'in game: (\d+)', text))
    return found


def excluded_games(cql, reference, pgn, work):
    """Games of the 'all' set left out: damaged or skipped by either program, or
    not read the same (the query `true` gives other facts)."""
    q = os.path.join(work, 'true.cql')
    with open(q, 'w') as f:
        f.write('cql()\ntrue\n')
    ex = run(cql, q, pgn, os.path.join(work, 'true-ex.pgn'), 600)
    rf = run(reference, q, pgn, os.path.join(work, 'true-ref.pgn'), 600)
    if ex[0] != 'ran' or rf[0] != 'ran':
        sys.exit('cql6-examples: `true` did not run on the whole studies')
    bad = damaged(ex[4]) | damaged(rf[4])
    for g in set(ex[2]) | set(rf[2]):
        if ex[2].get(g) != rf[2].get(g):
            bad.add(g)
    return sorted(bad)


def fen_refused(pgn, out):
    """Games of the PGN @pgn with a FEN tag that CQL 6.2's output @out (of the
    query `true`: every game) gives without it: CQL 6.2 refused the FEN and
    searched the game from the standard start position."""
    with open(pgn, 'rb') as f:
        raw = f.read()
    starts = split_games(raw) + [len(raw)]
    with_fen = set(i + 1 for i in range(len(starts) - 1)
                   if b'\n[FEN ' in b'\n' + raw[starts[i]:starts[i + 1]])
    with open(out, 'rb') as f:
        raw = f.read()
    starts = split_games(raw) + [len(raw)]
    refused = set()
    for i in range(len(starts) - 1):
        game = raw[starts[i]:starts[i + 1]]
        m = re.search(rb'Game\s+number\s+(\d+)', game)
        if m and int(m.group(1)) in with_fen and b'\n[FEN ' not in b'\n' + game:
            refused.add(int(m.group(1)))
    return sorted(refused)


def known(got, unknown):
    """The facts @got without the games whose facts are unknown."""
    return {g: m for g, m in got.items() if g not in unknown}


def write_unknown(games):
    with open(UNKNOWN, 'w') as f:
        f.write('# The games of the data set "all" (numbered as in the .all.expected\n'
                '# files) whose FEN CQL 6.2 refuses (more than 16 men of one side): it\n'
                '# searches them from the standard start position, silently.  Their\n'
                '# facts are unknown: left out of both programs\' facts.\n')
        f.write(' '.join(str(g) for g in games) + '\n')


def read_expected(path):
    """The facts of a .expected file: {game: marks}."""
    got = {}
    with open(path) as f:
        for line in f:
            m = re.match(r'game (\d+): (\d+)$', line.strip())
            if m:
                got[int(m.group(1))] = int(m.group(2))
    return got


def write_expected(path, dataset, got):
    with open(path, 'w') as f:
        f.write('# input: %s\n' % (HHDB if dataset == 'hhdb' else ALL_NAME))
        f.writelines('game %d: %d\n' % (g, got[g]) for g in sorted(got))


def write_excluded(excluded, n_games):
    with open(EXCLUDED, 'w') as f:
        f.write('# The games of studies/**/*.pgn (concatenated in the order of their\n'
                '# paths: %d games) left out of the data set "all" of the examples: those\n'
                '# Excelsior or CQL 6.2 reports as damaged or skips (CQL 6.2 stops the\n'
                '# whole run at some), or on which they disagree for the query `true`.\n'
                % n_games)
        ex = [str(g) for g in sorted(excluded)]
        for i in range(0, len(ex), 14):
            f.write(' '.join(ex[i:i + 14]) + '\n')


def read_not_yet():
    """{(name, dataset): (kind, message)} of not-yet.txt."""
    listed = {}
    path = os.path.join(FIXTURES, 'not-yet.txt')
    if not os.path.exists(path):
        return listed
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            name, dataset, kind, *msg = line.rstrip('\n').split(' ', 3)
            listed[(name, dataset)] = (kind.rstrip(':'), msg[0] if msg else '')
    return listed


def status(ex, expected, unknown=frozenset()):
    """'same', 'refused' or 'differs' (also a timeout) of one Excelsior run;
    the games of @unknown are not compared."""
    if ex[0] == 'refused':
        return 'refused'
    if ex[0] != 'ran':
        return 'differs'
    return 'same' if known(ex[2], unknown) == known(expected, unknown) else 'differs'


def examples(folder):
    return sorted(n[:-4] for n in os.listdir(folder) if n.endswith('.cql'))


def cmd_record(a):
    os.makedirs(FIXTURES, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix='cql6-examples-') as work:
        sets = inputs(shared_data(), work, set())
        if not sets:
            sys.exit('cql6-examples: no ../shared/data/%s' % HHDB)
        whole = os.path.join(work, 'all-whole.pgn')
        excluded = set(excluded_games(a.cql, a.reference, whole, work))
        with open(whole, 'rb') as f:
            write_excluded(excluded, len(split_games(f.read())))
        sets = inputs(shared_data(), work)
        left = set(excluded_games(a.cql, a.reference, sets['all'], work))
        write_unknown(fen_refused(sets['all'], os.path.join(work, 'true-ref.pgn')))
        unknown = {'hhdb': set(), 'all': read_excluded(UNKNOWN)}
        if left:
            print('cql6-examples: still read differently: %s' % sorted(left), file=sys.stderr)
        rows, listed = [], []
        for name in examples(a.examples):
            q = os.path.join(a.examples, name + '.cql')
            row = [name]
            for ds in DATASETS:
                rf = run(a.reference, q, sets[ds], os.path.join(work, 'ref.pgn'), a.timeout)
                ex = run(a.cql, q, sets[ds], os.path.join(work, 'ex.pgn'), a.timeout)
                row += [rf[3], ex[3] if ex[0] == 'ran' else None]
                exp = os.path.join(FIXTURES, '%s.%s.expected' % (name, ds))
                if rf[0] != 'ran':
                    # No facts: the test skips this example on this data set.
                    if os.path.exists(exp):
                        os.unlink(exp)
                    print('%s %s: CQL 6.2 %s: %s' % (name, ds, rf[0], rf[1]), file=sys.stderr)
                    continue
                write_expected(exp, ds, known(rf[2], unknown[ds]))
                st = status(ex, read_expected(exp), unknown[ds])
                if st != 'same':
                    listed.append('%s %s %s: %s' % (name, ds, st,
                                                    ex[1] if st == 'refused' else
                                                    ex[1] or 'other facts'))
                print('%-36s %-4s %s' % (name, ds, st), file=sys.stderr, flush=True)
            rows.append(row)
        write_not_yet(listed)
    print_table(rows)


def write_not_yet(listed):
    """Writes not-yet.txt: @listed holds its lines, 'NAME DATASET STATUS: WHY'."""
    with open(os.path.join(FIXTURES, 'not-yet.txt'), 'w') as f:
        f.write('# CQL 6.2 examples on which Excelsior does not agree yet: NAME DATASET\n'
                '# STATUS: WHY (refused: its message; differs: other games or marks).\n'
                '# tests/cql/test_cql6_examples.py fails when an example on this list\n'
                '# starts agreeing or changes status, and when one off it stops agreeing.\n'
                '# Regenerate with tools/cql6-examples.py record (CQL 6.2\'s facts too),\n'
                '# or with tools/cql6-examples.py check --update-list (this list only).\n')
        f.writelines(l + '\n' for l in listed)


def print_table(rows):
    fmt = lambda s: '-' if s is None else '%.2f' % s
    print('| example | CQL 6.2 hhdb | Excelsior hhdb | CQL 6.2 all | Excelsior all |')
    print('| --- | ---: | ---: | ---: | ---: |')
    tot = [0.0] * 4
    for r in rows:
        print('| %s | %s |' % (r[0], ' | '.join(fmt(s) for s in r[1:])))
        for i, s in enumerate(r[1:]):
            tot[i] += s or 0
    print('| total | %s |' % ' | '.join('%.1f' % s for s in tot))
    print('(CPU seconds, user plus system, one thread each (-s); Excelsior\'s blank where it refuses)')


def check(cql, folder, data, log=print, found=None):
    """Runs Excelsior on every example with facts; returns the problems found.
    Data sets whose files are absent are skipped.  With @found (a list), adds
    the not-yet.txt line of each example that does not agree."""
    problems = []
    listed = read_not_yet()
    with tempfile.TemporaryDirectory(prefix='cql6-examples-') as work:
        sets = inputs(data, work)
        unknown = {'hhdb': set(), 'all': read_excluded(UNKNOWN)}
        for name in examples(folder):
            q = os.path.join(folder, name + '.cql')
            for ds, pgn in sets.items():
                exp = os.path.join(FIXTURES, '%s.%s.expected' % (name, ds))
                if not os.path.exists(exp):
                    continue
                ex = run(cql, q, pgn, os.path.join(work, 'ex.pgn'), 600, single=False)
                st = status(ex, read_expected(exp), unknown[ds])
                was = listed.get((name, ds))
                log('%s %s: %s%s' % (name, ds, st, ' ' + ex[1] if ex[1] else ''))
                if found is not None and st != 'same':
                    found.append('%s %s %s: %s' % (name, ds, st, ex[1] if st == 'refused'
                                                    else ex[1] or 'other facts'))
                if st == 'same' and was:
                    problems.append('%s %s now agrees with CQL 6.2: take it off not-yet.txt'
                                    % (name, ds))
                elif st != 'same' and not was:
                    problems.append('%s %s agreed with CQL 6.2 and now %s %s'
                                    % (name, ds, st, ex[1]))
                elif st != 'same' and was[0] != st:
                    problems.append('%s %s is listed as %s but now %s %s: update not-yet.txt'
                                    % (name, ds, was[0], st, ex[1]))
    return problems


def cmd_check(a):
    found = [] if a.update_list else None
    problems = check(a.cql, a.examples, shared_data(), found=found)
    if a.update_list:
        write_not_yet(found)
        print('not-yet.txt: %d lines written' % len(found))
        return
    for p in problems:
        print('FAIL: ' + p)
    sys.exit(1 if problems else 0)


SECONDS_RE = re.compile(rb' in \d+\.\d\d seconds')
PASSED_RE = re.compile(rb'(?m)^stats: \d+ of \d+ games read \((\d+) passed over')


def run_both(cql, query, pgn, work, env, timeout):
    """The example @query on @pgn from the index and from the text: a list
    of what differs (empty if nothing), and the games the index passed
    over."""
    got = []
    for how in ('index', 'text'):
        out = os.path.join(work, 'out-%s.pgn' % how)
        if os.path.exists(out):
            os.unlink(out)
        args = [cql, '-input', pgn, '-output', out, '--stats'] \
            + (['--no-index'] if how == 'text' else []) + [query]
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        data = open(out, 'rb').read() if os.path.exists(out) else None
        m = PASSED_RE.search(p.stderr)
        err = SECONDS_RE.sub(b'', re.sub(rb'(?m)^stats: .*\n', b'', p.stderr))
        got.append((p.returncode, p.stdout, err, data, int(m.group(1)) if m else 0))
    diffs = [name for i, name in enumerate(('exit status', 'stdout', 'stderr', 'output'))
             if got[0][i] != got[1][i]]
    return diffs, got[0][4]


def cmd_index(a):
    data = shared_data()
    problems = []
    with tempfile.TemporaryDirectory(prefix='cql6-examples-index-') as work:
        sets = inputs(data, work)
        for extra in a.pgn or []:
            sets[os.path.basename(extra)] = os.path.abspath(extra)
        if not sets:
            sys.exit('cql6-examples: no data under %s' % data)
        for name, pgn in sets.items():
            env = dict(os.environ, EXCELSIOR_INDEX_DIR=os.path.join(work, 'index-' + name))
            p = subprocess.run([a.cql, '--index', '--quiet', pgn], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if p.returncode != 0:
                sys.exit('cql6-examples: cannot index %s: %s' % (pgn, p.stderr.decode()))
            passed = same = 0
            for ex in examples(a.examples):
                query = os.path.join(a.examples, ex + '.cql')
                diffs, n = run_both(a.cql, query, pgn, work, env, a.timeout)
                if diffs:
                    problems.append('%s on %s: %s differ' % (ex, name, ', '.join(diffs)))
                else:
                    same += 1
                passed += n
            print('%s: %d examples the same from the index and the text; '
                  '%d games passed over by the index in all' % (name, same, passed))
    for p in problems:
        print('FAIL: ' + p)
    sys.exit(1 if problems else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('record', help="record CQL 6.2's facts and Excelsior's status")
    r.add_argument('--reference', required=True, help="CQL 6.2's cql (built by you)")
    r.add_argument('--timeout', type=int, default=900, help='seconds per run')
    c = sub.add_parser('check', help='compare Excelsior with the recorded facts')
    for p in (r, c):
        p.add_argument('--examples', required=True, help="CQL 6.2's examples folder")
        p.add_argument('--cql', default=DEFAULT_CQL, help="Excelsior's cql")
    c.add_argument('--update-list', action='store_true',
                   help='rewrite not-yet.txt from what Excelsior gives now (facts unchanged)')
    x = sub.add_parser('index', help='each example from the index and from the text')
    x.add_argument('--examples', required=True, help="CQL 6.2's examples folder")
    x.add_argument('--cql', default=DEFAULT_CQL, help="Excelsior's cql")
    x.add_argument('--pgn', action='append', help='another database to compare on')
    x.add_argument('--timeout', type=int, default=900, help='seconds per run')
    a = ap.parse_args()
    {'record': cmd_record, 'check': cmd_check, 'index': cmd_index}[a.cmd](a)


if __name__ == '__main__':
    main()
