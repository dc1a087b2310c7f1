#!/usr/bin/env python3
# Checks `cql --position` against an independent scan of the same database:
# pgn-extract's FEN comments (--fencomments), one per move, variations
# included.  N positions are drawn (with SEED) from the database's own games
# -- past ply 8, or with --early between plies 6 and 14, where positions
# occur in many games -- and each is searched three ways: exactly, its
# mirror image exactly, and its mirror image with --symmetric.  The games
# found must be the games whose scanned positions contain, respectively,
# the position, its mirror image, and any of its four images.
#
#   position_check.py [--early] CQL DB WORKDIR N SEED
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import os, random, re, shutil, subprocess, sys, time

early = '--early' in sys.argv
args = [a for a in sys.argv[1:] if a != '--early']
if len(args) != 5:
    sys.exit('usage: position_check.py [--early] CQL DB WORKDIR N SEED')
cql, db, work, n_targets, seed = args[0], args[1], args[2], int(args[3]), int(args[4])
name = os.path.basename(db)
tagged = f'{work}/{name}-tagged.pgn'
fens = f'{work}/{name}-fens.pgn'
START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w'

if not os.path.exists(fens):
    n = 0
    with open(db, encoding='latin-1') as f, open(tagged, 'w', encoding='latin-1') as o:
        for line in f:
            if line.startswith('[Event '):
                n += 1
                o.write(f'[ExGame "{n}"]\n')
            o.write(line)
    print(f'{name}: {n} games tagged', file=sys.stderr)
    pgn_extract = shutil.which('pgn-extract') or '/usr/games/pgn-extract'
    subprocess.run([pgn_extract, '-s', '--fencomments', '-o', fens, tagged], check=True)

FEN_RE = re.compile(r'\{\s*([1-8pnbrqkPNBRQK]+(?:/[1-8pnbrqkPNBRQK]+){7}) ([wb]) ')

def games():
    """(number, [keys in order]) per game of pgn-extract's output."""
    # pgn-extract wraps lines between a comment's brace and its FEN: the
    # movetext is read whole.
    num = None; root = START; text = []
    def done():
        return num, [root] + [a + ' ' + b for a, b in FEN_RE.findall(' '.join(text))]
    with open(fens, encoding='latin-1') as f:
        for line in f:
            if line.startswith('[ExGame '):
                if num is not None:
                    yield done()
                num = int(line.split('"')[1]); root = START; text = []
            elif line.startswith('[FEN '):
                v = line.split('"')[1].split()
                root = v[0] + ' ' + v[1]
            elif not line.startswith('['):
                text.append(line.rstrip('\n'))
    if num is not None:
        yield done()

def expand(board):
    rows = []
    for r in board.split('/'):
        row = ''
        for c in r:
            row += '.' * int(c) if c.isdigit() else c
        rows.append(row)
    return rows  # rows[0] is rank 8

def pack(rows):
    out = []
    for row in rows:
        s = ''; k = 0
        for c in row:
            if c == '.':
                k += 1
            else:
                if k: s += str(k); k = 0
                s += c
        if k: s += str(k)
        out.append(s)
    return '/'.join(out)

def mirror(key):
    b, s = key.split()
    return pack([row[::-1] for row in expand(b)]) + ' ' + s

def colours(key):
    b, s = key.split()
    return pack([row.swapcase() for row in expand(b)[::-1]]) + ' ' + ('b' if s == 'w' else 'w')

def images(key):
    return {key, mirror(key), colours(key), colours(mirror(key))}

def run_cql(fen, *extra):
    out = f'{work}/position-check-out.pgn'
    t0 = time.time()
    r = subprocess.run([cql, '-q', '--position', fen, *extra, '-i', db, '-o', out],
                       capture_output=True, text=True)
    dt = time.time() - t0
    if r.returncode != 0:
        sys.exit(f'cql failed: {r.stderr}')
    with open(out, encoding='latin-1') as f:
        found = set(int(x) for x in re.findall(r'\{Original game: (\d+)\}', f.read()))
    return found, dt, r.stderr.strip().splitlines()[-1]

# The targets: a position of a random game (see the top).
rng = random.Random(seed)
all_games = list(games())
targets = []
for num, keys in rng.sample(all_games, len(all_games)):
    if len(keys) < 6:
        continue
    if early:
        if len(keys) <= 15:
            continue
        k = keys[rng.randint(6, 14)]
    else:
        k = keys[rng.randint(min(8, len(keys) - 1), len(keys) - 1)] if len(keys) > 9 \
            else keys[rng.randint(2, len(keys) - 1)]
    if k not in targets and mirror(k) != k:
        targets.append(k)
    if len(targets) == n_targets:
        break

want = set()
for t in targets:
    want |= images(t)
have = {}
for num, keys in all_games:
    for k in set(keys) & want:
        have.setdefault(k, set()).add(num)

ok = True
for t in targets:
    m = mirror(t)
    exact_expected = have.get(t, set())
    mirror_expected = have.get(m, set())
    sym_expected = set().union(*(have.get(i, set()) for i in images(t)))
    e, te, _ = run_cql(t + ' - - 0 1')
    me, tme, _ = run_cql(m + ' - - 0 1')
    s, ts, _ = run_cql(m + ' - - 0 1', '--symmetric')
    good = e == exact_expected and me == mirror_expected and s == sym_expected
    ok &= good
    print(f'{"OK  " if good else "DIFF"} {t}: exact {len(e)}/{len(exact_expected)} ({te:.2f} s), '
          f'mirrored exact {len(me)}/{len(mirror_expected)} ({tme:.2f} s), '
          f'mirrored symmetric {len(s)}/{len(sym_expected)} ({ts:.2f} s)')
    if not good:
        print('  cql only:', sorted((e - exact_expected) | (s - sym_expected))[:10],
              ' scan only:', sorted((exact_expected - e) | (sym_expected - s))[:10])
print('ALL EQUAL' if ok else 'DIFFERENCES', file=sys.stderr)
