#!/usr/bin/env python3
"""Differential fuzzer of the CQL 6 reader and evaluator.

Generates random, valid CQL 6 queries (the grammar CQL 6.2 reads: both the
ASCII and the Unicode spellings, piece designators, set filters, transforms,
comparisons, lines, dash filters, paths, loops, find, echo, variables,
strings, the composers' built-ins, game edits, line and path parameters ...),
runs each with Excelsior's `cql` and with CQL 6.2 on the same PGN file, and
compares the facts: which games match and how many positions each marks
(the brace comments containing the match string, the game-number comment
included).  Each query is classified:

  same          both agree
  differ        both ran, the facts differ
  ex-refuses    Excelsior refused the query (its message is kept)
  ref-refuses   CQL 6.2 refused (not a difference: the generator's fault)
  both-refuse   both refused
  timeout       one of them ran out of time
  crash         one of them died of a signal

Usage:
  tools/cql6-fuzz.py gen SEED [COUNT]        print the query of SEED (and the next ones)
  tools/cql6-fuzz.py run --reference CQL62 [-n N] [--seed S] [-j J] [--timeout T]
                         [--cql CQL] [--input PGN] [--out DIR] [--fixtures DIR]
  tools/cql6-fuzz.py summary DIR             the summary of a run, also of one cut short

The query of a seed is always the same (random.Random(seed)).  CQL 6.2 is
not part of this repository: build it yourself and give its path.  `run`
writes DIR/summary.txt (counts by class, the spread of matched games, the
refusals grouped by message) and DIR/differ/SEED.txt for each difference
(the query, both facts); with --fixtures it also writes each differing query
as a differential fixture fuzz-SEED.cql / .expected in the format of
tests/fixtures/cql6/diff (the expected facts are CQL 6.2's).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_INPUT = os.path.join(ROOT, '..', 'shared', 'data', 'studies',
                             'cql6-sample-hhdb-selection.pgn')
DEFAULT_CQL = os.path.join(ROOT, '_build', 'engine', 'cli', 'cql')

# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------

WHITE = 'KQRBNP'
BLACK = 'kqrbnp'
UNI_PIECE = dict(zip('KQRBNPkqrbnp', '♔♕♖♗♘♙♚♛♜♝♞♟'))
UNI_PIECE.update({'A': '△', 'a': '▲', '_': '□'})
FILES = 'abcdefgh'
DIRECTIONS = ['up', 'down', 'left', 'right', 'northeast', 'northwest', 'southeast',
              'southwest', 'vertical', 'horizontal', 'orthogonal', 'diagonal',
              'maindiagonal', 'offdiagonal', 'anydirection']
# rotate45 is left out: CQL 6.2 refuses it over any square set.
TRANSFORMS = ['flip', 'flipvertical', 'fliphorizontal', 'flipcolor', 'reversecolor',
              'rotate90', 'shift', 'shifthorizontal', 'shiftvertical']
COMPARE = ['<', '<=', '==', '>=', '>', '!=']
UNI_COMPARE = {'<=': '≤', '>=': '≥', '!=': '≠'}
POSITION_WORDS = ['check', 'mate', 'stalemate', 'wtm', 'btm', 'initial', 'terminal']
STRING_WORDS = ['a', 'Kc', 'e4', 'study', 'Win', 'draw', 'xyz', '']
STRING_ATOMS = ['event', 'site', 'player white', 'player black', 'fen', 'eventdate', 'date',
                'originalcomment', 'str(ply)', 'str(movenumber)', 'str(sidetomove)']
REGEXES = ['^[A-Z]', 'ing', '(\\d+)', '[0-9]{4}', '^$', 'a|e', 'Prize', '.*']


class Gen:
    """One query, from one seed."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        # Each query leans to one spelling, and mixes in the other now and then.
        self.unicode = self.r.random() < 0.5
        self.set_vars = []
        self.num_vars = []
        self.loop_vars = []     # square loop variables in scope
        self.piece_vars = []    # piece loop variables in scope
        self.n_names = 0
        self.costly = 0         # find / echo / line nesting already used
        self.str_vars = []      # string variables assigned so far
        self.pending = []       # assignments a filter needs before it

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def uni(self):
        return self.chance(0.85 if self.unicode else 0.1)

    def name(self, stem):
        self.n_names += 1
        return '%s%d' % (stem, self.n_names)

    # --- squares and piece designators ---------------------------------

    def square(self):
        return self.pick(FILES) + str(self.r.randint(1, 8))

    def square_set(self):
        k = self.r.randint(0, 3)
        if k == 0:
            return self.square()
        if k == 1:                              # a file or rank range
            a, b = sorted(self.r.sample(range(8), 2))
            if self.chance(0.5):
                return '%s-%s%d' % (FILES[a], FILES[b], self.r.randint(1, 8))
            return '%s%d-%d' % (self.pick(FILES), a + 1, b + 1)
        if k == 2:                              # a rectangle
            a, b = sorted(self.r.sample(range(8), 2))
            c, d = sorted(self.r.sample(range(8), 2))
            return '%s-%s%d-%d' % (FILES[a], FILES[b], c + 1, d + 1)
        return '[%s]' % ','.join(self.square() for _ in range(self.r.randint(2, 3)))

    def piece_letters(self):
        """A piece designator's pieces: one letter or symbol, or several."""
        k = self.r.randint(0, 9)
        if k <= 5:
            p = self.pick(WHITE + BLACK)
            return UNI_PIECE[p] if self.uni() else p
        if k == 6:
            p = self.pick('Aa')
            return UNI_PIECE[p] if self.uni() else p
        if k == 7:
            p = self.pick(['[Aa]', '_'])
            if self.uni():
                return '◭' if p == '[Aa]' else '□'
            return p
        pieces = self.r.sample(WHITE + BLACK + 'Aa_', self.r.randint(2, 3))
        if self.uni():
            # CQL 6.2 reads symbols run together as one designator.
            return ''.join(UNI_PIECE[p] for p in pieces)
        return '[%s]' % ''.join(pieces)

    def designator(self):
        k = self.r.randint(0, 9)
        if k <= 4:
            return self.piece_letters()
        if k <= 7:
            return self.piece_letters() + self.square_set()
        if k == 8:
            return self.square_set()
        return '▦' if self.uni() else '.'

    # --- set filters -----------------------------------------------------

    def set_filter(self, d):
        if d <= 0 or self.chance(0.35):
            if self.set_vars and self.chance(0.2):
                return self.pick(self.set_vars)
            if self.loop_vars and self.chance(0.4):
                return self.pick(self.loop_vars)
            if self.piece_vars and self.chance(0.4):
                return self.pick(self.piece_vars)
            if self.chance(0.07):
                return self.pick(['passedpawns', 'doubledpawns', 'isolatedpawns',
                                  'connectedpawns'])
            return self.designator()
        k = self.r.randint(0, 13)
        if k <= 1:
            op = self.pick(['|', '&'])
            if self.uni():
                op = {'|': '∪', '&': '∩'}[op]
            return '(%s %s %s)' % (self.set_filter(d - 1), op, self.set_filter(d - 1))
        if k == 2:
            # `~~` would be the regular-expression operator.
            inner = self.set_atom(d - 1)
            return '~%s' % ('(%s)' % inner if inner.startswith('~') else inner)
        if k in (3, 4):
            op = self.pick(['attacks', 'attackedby'])
            if self.uni() or self.chance(0.3):
                op = {'attacks': '→', 'attackedby': '←'}[op] if self.uni() else \
                    {'attacks': '->', 'attackedby': '<-'}[op]
            return '(%s %s %s)' % (self.set_atom(d - 1), op, self.set_atom(d - 1))
        if k == 5:
            return 'between(%s %s)' % (self.set_atom(d - 1), self.set_atom(d - 1))
        if k == 6:
            n = self.r.randint(2, 3)
            word = self.pick(['ray', 'xray'])
            direction = ''
            if word == 'ray' and self.chance(0.3):
                direction = self.pick(['orthogonal', 'diagonal', 'up', 'left',
                                       'northeast']) + ' '
            return '%s %s(%s)' % (word, direction,
                                  ' '.join(self.set_atom(d - 1) for _ in range(n)))
        if k == 7:
            parts = []
            for word in ('from', 'through', 'to'):
                if self.chance(0.4):
                    parts.append('%s %s' % (word, self.set_atom(d - 1)))
            self.r.shuffle(parts)
            return '(pin %s)' % ' '.join(parts) if parts else 'pin'
        if k in (8, 9):
            word = self.pick(DIRECTIONS)
            dist = ''
            if self.chance(0.5):
                a = self.r.randint(1, 4)
                dist = ' %d' % a
                if self.chance(0.4):
                    dist += ' %d' % self.r.randint(a, 7)
            arg = self.set_atom(d - 1)
            if dist and arg in ('.', '▦'):
                arg = '(%s)' % arg      # CQL 6.2 refuses `up 3 .`
            return '(%s%s %s)' % (word, dist, arg)
        if k == 10:
            return '%s %s' % (self.pick(['light', 'dark']), self.set_atom(d - 1))
        if k == 11:
            t = self.pick(['flip', 'flipcolor', 'rotate90', 'shifthorizontal'])
            return '%s %s' % (self.transform_word(t), self.set_atom(d - 1))
        if k == 12:
            return self.square_loop(d - 1, as_set=True)
        return 'makesquare(%d %d)' % (self.r.randint(1, 8), self.r.randint(1, 8))

    def set_atom(self, d):
        s = self.set_filter(d)
        if re.fullmatch(r'[^\s()]+|\(.*\)', s):
            return s
        return '(%s)' % s

    # --- numeric filters -------------------------------------------------

    def num_filter(self, d):
        if d <= 0 or self.chance(0.35):
            if self.num_vars and self.chance(0.25):
                return self.pick(self.num_vars)
            k = self.r.randint(0, 5)
            if k <= 1:
                return str(self.r.randint(0, 8))
            if k <= 3:
                return '#' + self.set_atom(max(d - 1, 0))
            return self.pick(['movenumber', 'ply', 'power A', 'power a', 'gamenumber % 7'])
        k = self.r.randint(0, 11)
        if k <= 2:
            op = self.pick(['+', '-', '*', '/', '%'])
            return '(%s %s %s)' % (self.num_filter(d - 1), op, self.num_filter(d - 1))
        if k == 3:
            return 'abs (%s - %s)' % (self.num_filter(d - 1), self.num_filter(d - 1))
        if k == 4:
            return '%s(%s %s)' % (self.pick(['max', 'min']), self.num_filter(d - 1),
                                  self.num_filter(d - 1))
        if k == 5:
            return 'power %s' % self.set_atom(d - 1)
        if k == 6:
            one = self.pick(['K', 'k', '♔', '♚'] + self.piece_vars + self.loop_vars)
            return '%s %s' % (self.pick(['file', 'rank']), one)
        if k == 7:
            return '#' + self.set_atom(d - 1)
        if k == 8:
            # A transform with count: how many of its members match.
            return '(%s count %s)' % (self.pick(['flip', 'flipcolor', 'rotate90',
                                                 'fliphorizontal']),
                                      self.braced(self.logical(d - 1)))
        if k == 9 and self.costly < 1:
            self.costly += 1
            return self.line(d - 1)
        if k == 10:
            # A comparison used as a value: its left side.
            return '(%s)' % self.comparison(d - 1)
        return '-%s' % self.num_atom(d - 1)

    def num_atom(self, d):
        s = self.num_filter(d)
        if re.fullmatch(r'[^\s()]+|\(.*\)', s) and not s.startswith('-'):
            return s
        return '(%s)' % s

    def comparison(self, d):
        ops = [self.pick(COMPARE)]
        if self.chance(0.12):
            ops.append(self.pick(['<', '<=']))
            ops[0] = self.pick(['<', '<='])
        parts = [self.num_atom(d)]
        for op in ops:
            if self.uni() and op in UNI_COMPARE:
                op = UNI_COMPARE[op]
            parts += [op, self.num_atom(d)]
        return ' '.join(parts)

    # --- logical filters -------------------------------------------------

    def transform_word(self, t):
        if t == 'flip' and self.uni():
            return '✵'
        if t == 'flipcolor' and self.uni():
            return '⬓'
        return t

    def braced(self, s):
        return s if s.startswith('{') else '{%s}' % s

    def leaf(self, d):
        k = self.r.randint(0, 9)
        if k <= 2:
            return self.pick(POSITION_WORDS)
        if k <= 6:
            return self.set_filter(d)
        if k == 7:
            return self.comparison(d)
        if k == 8:
            op = self.pick(['in', '=='])
            return '%s %s %s' % (self.set_atom(d), op, self.set_atom(d))
        return self.pick(['sidetomove == white', 'sidetomove == black', 'mainline',
                          'result 1-0', 'not initial'])

    def logical(self, d):
        if d <= 0 or self.chance(0.3):
            return self.leaf(max(d - 1, 0))
        k = self.r.randint(0, 23)
        if k == 0:
            return 'not %s' % self.atom(d - 1)
        if k == 1:
            return '(%s %s %s)' % (self.atom(d - 1), self.pick(['and', 'or']),
                                   self.atom(d - 1))
        if k == 2:
            return '{%s}' % ' '.join(self.logical(d - 1) for _ in range(self.r.randint(2, 3)))
        if k == 3:
            s = 'if %s then %s' % (self.atom(d - 1), self.atom(d - 1))
            if self.chance(0.6):
                s += ' else %s' % self.atom(d - 1)
            return '{%s}' % s
        if k in (4, 5):
            return self.transform(d)
        if k in (6, 7):
            return self.move_filter(d - 1)
        if k in (8, 9):
            return self.dash(d - 1)
        if k == 10 and self.costly < 2:
            self.costly += 1
            return self.line(d - 1)
        if k == 11 and self.costly < 2:
            self.costly += 1
            return self.path(d - 1)
        if k in (12, 13):
            return self.square_loop(d - 1)
        if k == 14 and self.costly < 2:
            self.costly += 1
            return self.find(d - 1)
        if k == 15 and self.costly < 1:
            self.costly += 2
            return self.echo(d - 1)
        if k == 16:
            return self.assignment(d - 1)
        if k == 17:
            return self.comparison(d - 1)
        if k == 18:
            return '%s:%s' % (self.pick(['parent', 'child', '(position 0)']),
                              self.atom(d - 1))
        if k == 19:
            return self.string_test(d - 1)
        if k == 20:
            return self.composer(d - 1)
        if k == 21:
            return self.game_edit(d - 1)
        if k == 22 and self.costly < 2:
            self.costly += 1
            return self.across(d - 1)
        return self.leaf(d - 1)

    # --- strings, composers' built-ins, game edits ---------------------

    def string_filter(self, d):
        """A string filter: literals, tags, str, case, concatenation, slices."""
        if d <= 0 or self.chance(0.3):
            if self.str_vars and self.chance(0.3):
                return self.pick(self.str_vars)
            return self.pick(STRING_ATOMS + ['"%s"' % self.pick(STRING_WORDS)])
        k = self.r.randint(0, 8)
        if k == 0:
            return 'str(%s)' % ' '.join(self.pick([self.num_atom(d - 1), '"-"',
                                                   self.pick(['K', 'k', 'a1', 'e2-e4'])])
                                        for _ in range(self.r.randint(1, 3)))
        if k == 1:
            return '%s %s' % (self.pick(['lowercase', 'uppercase']),
                              self.string_atom(d - 1))
        if k == 2:
            return '(%s + %s)' % (self.string_atom(d - 1), self.string_atom(d - 1))
        if k == 3:
            i = self.r.randint(0, 3)
            if self.chance(0.5):
                return '%s[%d]' % (self.string_var(d - 1), i)
            return '%s[%d:%d]' % (self.string_var(d - 1), i, i + self.r.randint(0, 4))
        if k == 4:
            return 'ascii %d' % self.r.randint(65, 122)
        if k == 5:
            return '%s %s' % (self.pick(['piecename', 'typename']),
                              self.pick(['K', 'k', 'Q', 'n']))
        if k == 6 and self.str_vars is not None:
            v = self.name('Str')
            self.pending.append('%s = %s' % (v, self.string_filter(d - 1)))
            self.str_vars.append(v)
            return v
        return self.pick(STRING_ATOMS)

    def string_atom(self, d):
        s = self.string_filter(d)
        if re.fullmatch(r'[^\s()]+|\(.*\)|"[^"]*"', s):
            return s
        return '(%s)' % s

    def string_var(self, d):
        """A string variable (slices in CQL 6.2 apply to a variable or a literal)."""
        if self.str_vars and self.chance(0.6):
            return self.pick(self.str_vars)
        return '"%s"' % self.pick(STRING_WORDS)

    def string_test(self, d):
        """A logical filter about strings."""
        k = self.r.randint(0, 7)
        a = self.string_atom(d)
        if k <= 1:
            op = self.pick(COMPARE)
            return '%s %s %s' % (a, op, self.string_atom(d))
        if k == 2:
            return '%s ~~ "%s"' % (a, self.pick(REGEXES))
        if k == 3:
            return '"%s" in %s' % (self.pick(STRING_WORDS), a)
        if k == 4:
            return 'int %s %s %d' % (self.pick(['"12"', '"x"', 'str(ply)', 'event']),
                                     self.pick(COMPARE), self.r.randint(0, 20))
        if k == 5:
            return 'indexof(%s %s) %s %d' % (self.string_atom(d), a, self.pick(COMPARE),
                                             self.r.randint(-1, 4))
        if k == 6:
            return self.pick(['hascomment', 'originalcomment ~~ "[a-z]"',
                              'originalcomment == ""'])
        return '#%s %s %d' % (a, self.pick(COMPARE), self.r.randint(0, 12))

    def composer(self, d):
        """The composers' built-ins: pure, model and ideal mates and stalemates, HHdb."""
        k = self.r.randint(0, 4)
        if k <= 1:
            return self.pick(['puremate', 'modelmate', 'idealmate', 'purestalemate',
                              'modelstalemate', 'idealstalemate'])
        if k == 2:
            # Their value: the pieces taking part.
            return '#(%s) %s %d' % (self.pick(['puremate', 'modelmate', 'purestalemate']),
                                    self.pick(COMPARE), self.r.randint(1, 6))
        if k == 3:
            return self.pick(['cql_hhdbhascook', 'hhdb cooked', 'hhdb award', 'hhdb sound',
                              'hhdb stipulation ~~ "="', 'hhdb <cook>', 'hhdb mainline',
                              'hhdb firstcomment ~~ "[a-z]"', 'hhdb composer ~~ "ov"'])
        # similarposition reads its positions from a file: not generated.
        return self.pick(['hhdb max', 'hhdb prize == 1', 'hhdb (c)'])

    def game_edit(self, d):
        """Filters that edit the output game or read the game's comments."""
        k = self.r.randint(0, 5)
        if k == 0:
            return 'settag("%s" %s)' % (self.pick(['Fuzz', 'Event', 'Remark']),
                                        self.string_atom(d))
        if k == 1:
            return '{removecomment %s}' % self.atom(d)
        if k == 2:
            return 'comment(%s)' % self.string_atom(d)
        if k == 3:
            return 'atomic %s = %s' % (self.name('Atom'), self.num_filter(d))
        if k == 4:
            return '%s %s' % (self.pick(['gamenumber <', 'gamenumber >=']),
                              'lastgamenumber / %d' % self.r.randint(2, 5))
        # notransform keeps its argument as written inside a transform.
        return '%s {notransform %s %s}' % (
            self.transform_word(self.pick(['flip', 'flipcolor'])), self.atom(d),
            self.set_atom(d))

    def across(self, d):
        """Filters across positions: line and path parameters, positions by name."""
        k = self.r.randint(0, 4)
        if k == 0:
            return 'line firstmatch --> %s --> %s' % (self.atom(d), self.atom(d))
        if k == 1:
            return 'path firstmatch %s %s' % (self.atom(d), self.atom(d))
        if k == 2:
            return '%s:%s' % (self.pick(['initialposition', 'currentposition']),
                              self.atom(d))
        if k == 3:
            return '{path %s %s} pathlastposition:%s' % (self.atom(d), self.atom(d),
                                                          self.atom(d))
        return 'pathcount %s %d' % (self.pick(COMPARE), self.r.randint(0, 3))

    def atom(self, d):
        s = self.logical(d)
        if re.fullmatch(r'[^\s(){}]+|\(.*\)|\{.*\}', s):
            return s
        return '{%s}' % s

    def transform(self, d):
        words = [self.transform_word(self.pick(TRANSFORMS))]
        if self.chance(0.3):
            words.append(self.transform_word(self.pick(TRANSFORMS)))
        if words[-1] in ('shift', 'shifthorizontal', 'shiftvertical') and len(words) > 1:
            words = words[:1]
        body = self.braced(self.logical(d - 1))
        return '%s %s' % (' '.join(words), body)

    def move_filter(self, d):
        parts, seen = [], set()
        for _ in range(self.r.randint(1, 2)):
            k = self.r.randint(0, 6)
            if k <= 1:
                parts.append('from %s' % self.set_atom(d))
            elif k <= 3:
                parts.append('to %s' % self.set_atom(d))
            elif k == 4:
                parts.append('capture %s' % self.set_atom(d))
            elif k == 5:
                parts.append('promote %s' % self.pick('QRBNqrbn'))
            else:
                parts.append(self.pick(['castle', 'enpassant', 'primary']))
        # CQL 6.2 refuses en passant with a promotion.
        if any(p.startswith('promote') for p in parts):
            parts = [p for p in parts if p != 'enpassant']
        # One parameter of each kind (CQL 6.2 refuses `to` twice).
        parts = [p for p in parts if not (p.split()[0] in seen or seen.add(p.split()[0]))]
        pre = self.pick(['', '', 'previous ', 'legal ', 'pseudolegal '])
        # legal and pseudolegal take only from and to.
        if pre.strip() in ('legal', 'pseudolegal') and any(
                p.split()[0] not in ('from', 'to') for p in parts):
            pre = ''
        return 'move %s%s' % (pre, ' '.join(parts))

    def dash_side(self, d):
        s = self.set_filter(0 if self.chance(0.6) else d)
        if re.fullmatch(r'[^\s()]+', s):
            return s
        return '(%s)' % s

    def dash(self, d):
        dash = '――' if self.uni() and self.chance(0.5) else '--'
        capture = self.chance(0.2)
        if capture:
            dash = '×' if self.uni() and self.chance(0.5) else '[x]'
        left = self.dash_side(d) if self.chance(0.6) else ''
        # A parenthesis right after the dash is the target filter: the
        # right side is a plain designator.
        right = self.designator() if self.chance(0.6) else ''
        s = left + dash + right
        if not capture and self.chance(0.15):
            s += '=' + self.pick('QRBNqrbn')
        if self.chance(0.15):
            s += '(%s)' % self.logical(max(d - 1, 0))
        k = self.r.randint(0, 9)
        if k == 0:
            return 'previous ' + s
        if k == 1:
            return 'countmoves %s%s > %d' % (self.pick(['', 'legal ']), s,
                                             self.r.randint(0, 2))
        return s

    def constituent(self, d, in_path=False, arrow='-->'):
        k = self.r.randint(0, 9)
        if in_path and k <= 4:
            c = self.dash(0)
            if c.startswith('countmoves') or c.startswith('previous'):
                c = '--'
            if ' ' in c:
                c = '(%s)' % c
        elif k == 9 and d > 0:
            c = '(%s)' % (' %s ' % arrow).join(self.constituent(d - 1, False, arrow)
                                               for _ in range(2)) \
                if not in_path else '(%s)' % ' '.join(
                    self.constituent(d - 1, True) for _ in range(2))
        else:
            c = self.atom(max(d - 1, 0))
            if not re.fullmatch(r'[^\s(){}]+|\(.*\)|\{.*\}', c):
                c = '{%s}' % c
        if self.chance(0.3):
            c += self.pick(['*', '+', '?', '{2}', '{1,3}', '{2,}', '{0,2}'])
        return c

    def line(self, d):
        opts = []
        if self.chance(0.2):
            opts.append('singlecolor')
        arrow = self.pick(['-->', '-->', '<--'])
        if arrow == '-->' and self.chance(0.15):
            opts.append('primary')      # CQL 6.2: not with <--
        n = self.r.randint(1, 3)
        parts = [self.constituent(d, False, arrow) for _ in range(n)]
        head = 'line ' + ' '.join(opts)
        return '(%s %s %s)' % (head.strip(), arrow, (' %s ' % arrow).join(parts))

    def path(self, d):
        word = '⊢' if self.uni() else 'path'
        opts = ''
        if self.chance(0.2):
            opts = 'focus %s ' % self.set_atom(0)
        parts = [self.constituent(d, True) for _ in range(self.r.randint(1, 3))]
        # CQL 6.2 wants a move first.
        if not re.match(r'\(?[^\s{(]*(--|――|×|\[x\])', parts[0]):
            parts.insert(0, self.pick(['--', '――', '(-- --)']))
        return '(%s %s%s)' % (word, opts, ' '.join(parts))

    def square_loop(self, d, as_set=False):
        piece = self.chance(0.4)
        every = (not as_set) and self.chance(0.25)
        # Not a designator's spelling (Pc1 is a pawn on c1).
        v = self.name('Man' if piece else 'Sq')
        domain = self.set_atom(max(d - 1, 0))
        if piece:
            self.piece_vars.append(v)
        else:
            self.loop_vars.append(v)
        body = self.braced(self.logical(max(d, 0)))
        if piece:
            self.piece_vars.pop()
        else:
            self.loop_vars.pop()
        if self.uni() and self.chance(0.7):
            head = '%s%s%s∊%s' % ('∀' if every else '', '◭' if piece else '', v, domain)
        else:
            head = '%s %s%s in %s' % ('piece' if piece else 'square',
                                      'all ' if every else '', v, domain)
        return '%s %s' % (head, body)

    def find(self, d):
        k = self.r.randint(0, 4)
        body = self.atom(max(d - 1, 0))
        if k == 0:
            return 'find <-- %s' % body
        if k == 1:
            return '(find all %s) >= %d' % (body, self.r.randint(1, 4))
        if k == 2:
            return 'find %d %d %s' % (self.r.randint(1, 2), self.r.randint(2, 9), body)
        return 'find %s' % body

    def echo(self, d):
        s, t = self.name('Src'), self.name('Tgt')
        conds = ['%s:sidetomove == %s:sidetomove' % (s, t)] if self.chance(0.5) else []
        conds.append('#~(%s & %s) <= %d' % (s, t, self.r.randint(1, 3)))
        if self.chance(0.5):
            conds.append(self.atom(0))
        return 'echo (%s %s) {%s}' % (s, t, ' '.join(conds))

    def assignment(self, d):
        if self.chance(0.5):
            v = self.name('Set')
            s = '%s = %s' % (v, self.set_filter(d))
            self.set_vars.append(v)
        else:
            v = self.name('Num')
            s = '%s = %s' % (v, self.num_filter(d))
            self.num_vars.append(v)
        return s

    def query(self):
        header = []
        if self.chance(0.25):
            header.append('variations')
        if self.chance(0.1):
            header.append('matchcount %d 100' % self.r.randint(2, 3))
        filters = []
        for _ in range(self.r.randint(1, 3)):
            f = self.logical(self.r.randint(1, 4))
            filters += self.pending + [f]
            self.pending = []
        return 'cql(%s)\n%s\n' % (' '.join(header), '\n'.join(filters))


def generate(seed):
    return Gen(seed).query()


# ---------------------------------------------------------------------------
# Facts and runs
# ---------------------------------------------------------------------------

def facts(path, match='CQL'):
    """The facts of an output PGN: one 'game N: M' line per game, M the brace
    comments containing the match string (the game-number comment included).
    CQL 6.2 cuts a game whose output grows too long (`{ game truncated by
    CQL }`): its marks are then unknown, 'game N: truncated'."""
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
    except OSError:
        return None
    out = []
    cur, marks = None, 0
    # The cut may fall inside a comment: look for it in the text itself.
    cuts = [m.start() for m in re.finditer(r'game truncated by CQL', text)]
    for cm in re.finditer(r'\{([^}]*)\}', text):
        c = cm.group(1)
        if cuts and cuts[0] < cm.start():
            marks = 'truncated'
            while cuts and cuts[0] < cm.start():
                cuts.pop(0)
        m = re.search(r'Game\s+number\s+(\d+)', c)
        if m:
            if cur is not None:
                out.append('game %s: %s' % (cur, marks))
            cur, marks = m.group(1), 1 if match in c else 0
        elif match in c and marks != 'truncated':
            marks += 1
    if cur is not None:
        out.append('game %s: %s' % (cur, 'truncated' if cuts else marks))
    return out


def same_facts(a, b):
    """The facts agree: the same games, each with as many marks (or cut)."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        gx, mx = x.split(': ')
        gy, my = y.split(': ')
        if gx != gy or (mx != my and 'truncated' not in (mx, my)):
            return False
    return True


def run_one(prog, query_path, pgn, out_path, timeout):
    """Runs one program; returns (status, message, facts, seconds)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run([prog, '-input', pgn, '-output', out_path, query_path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return 'timeout', '', None, time.monotonic() - t0
    secs = time.monotonic() - t0
    text = (p.stderr + p.stdout).decode('utf-8', 'replace')
    if p.returncode < 0 or p.returncode >= 128:
        return 'crash', 'exit %d: %s' % (p.returncode, text[-300:]), None, secs
    if p.returncode != 0:
        return 'refused', refusal_message(text), None, secs
    f = facts(out_path)
    return 'ran', '', long_comments(f if f is not None else [], text), secs


def long_comments(out, text):
    """CQL 6.2 drops a comment that would grow past 4500 characters and says
    `Ignoring long comment in game: N` (rulings: a limit of its output):
    game N's marks are then unknown, 'game N: truncated'; when the comment
    dropped held `Game number N`, game N seems gone and its marks counted
    in the game before, whose marks are then unknown too."""
    for n in sorted({int(g) for g in re.findall(r'Ignoring long comment in game: (\d+)', text)}):
        games = [int(x.split(': ')[0].split()[1]) for x in out]
        if n in games:
            out[games.index(n)] = 'game %d: truncated' % n
            continue
        before = [i for i, g in enumerate(games) if g < n]
        if before:
            out[before[-1]] = 'game %d: truncated' % games[before[-1]]
        out.insert(len(before), 'game %d: truncated' % n)
    return out


def refusal_message(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()
             and not l.startswith('CQL version')]
    for l in lines:
        if 'error' in l.lower() or re.match(r'\S+:\d+:\d+: ', l):
            return l[:300]
    return (lines[0] if lines else '(no message)')[:300]


def classify(ex, ref):
    if 'crash' in (ex[0], ref[0]):
        return 'crash'
    if 'timeout' in (ex[0], ref[0]):
        return 'timeout'
    if ex[0] == 'refused' and ref[0] == 'refused':
        return 'both-refuse'
    if ref[0] == 'refused':
        return 'ref-refuses'
    if ex[0] == 'refused':
        return 'ex-refuses'
    return 'same' if same_facts(ex[2], ref[2]) else 'differ'


def job(args):
    seed, cql, ref, pgn, timeout, work = args
    q = generate(seed)
    qp = os.path.join(work, 'q%d.cql' % seed)
    with open(qp, 'w', encoding='utf-8') as f:
        f.write(q)
    ex = run_one(cql, qp, pgn, os.path.join(work, 'e%d.pgn' % seed), timeout)
    rf = run_one(ref, qp, pgn, os.path.join(work, 'r%d.pgn' % seed), timeout)
    for name in ('q%d.cql', 'e%d.pgn', 'r%d.pgn'):
        try:
            os.unlink(os.path.join(work, name % seed))
        except OSError:
            pass
    return seed, q, classify(ex, rf), ex, rf


def normalise(msg):
    """A refusal message without its place and its names, to group by."""
    msg = re.sub(r'^\S+\.cql:\d+:\d+: ', '', msg)
    # Symbols run together (♖♗ is read as RB): one cause, whatever the pieces.
    msg = re.sub(r'`[KQRBNPkqrbnpAa_]{2,}[a-h1-8,-]*`', '`<piece symbols run together>`', msg)
    msg = re.sub(r'`[^`]*\d[^`]*`', '`X`', msg)
    msg = re.sub(r'"[^"]*"', '"X"', msg)
    msg = re.sub(r'\d+', 'N', msg)
    return msg[:160]


def input_name(pgn):
    """The input as the diff fixtures name it: its path under data/, if any."""
    parts = os.path.abspath(pgn).split(os.sep)
    if 'data' in parts:
        return '/'.join(parts[len(parts) - parts[::-1].index('data'):])
    return os.path.basename(pgn)


def write_fixture(folder, seed, q, facts_ref, pgn):
    os.makedirs(folder, exist_ok=True)
    body = q.split('\n', 1)
    with open(os.path.join(folder, 'fuzz-%d.cql' % seed), 'w', encoding='utf-8') as f:
        f.write('// cql6-fuzz.py seed %d: a query on which Excelsior and CQL 6.2 differed\n'
                % seed)
        f.write(body[0] + ' ' + body[1].replace('\n', ' ').strip() + '\n')
    with open(os.path.join(folder, 'fuzz-%d.expected' % seed), 'w') as f:
        f.write('# input: %s\n' % input_name(pgn))
        f.writelines(l + '\n' for l in facts_ref)


def cmd_run(a):
    if not os.path.exists(a.reference):
        sys.exit('cql6-fuzz: no CQL 6.2 at %s' % a.reference)
    os.makedirs(os.path.join(a.out, 'differ'), exist_ok=True)
    work = tempfile.mkdtemp(prefix='cql6-fuzz-')
    classes = collections.Counter()
    if a.seeds:
        with open(a.seeds) as f:
            seeds = [int(w) for w in f.read().split()]
        a.n, a.seed = len(seeds), seeds[0] if seeds else 0
    else:
        seeds = range(a.seed, a.seed + a.n)
    t0 = time.monotonic()
    jobs = [(s, a.cql, a.reference, a.input, a.timeout, work) for s in seeds]
    with open(os.path.join(a.out, 'results.jsonl'), 'w') as log, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for done, (seed, q, cls, ex, rf) in enumerate(pool.map(job, jobs), 1):
            classes[cls] += 1
            log.write(json.dumps({'seed': seed, 'class': cls, 'ex': ex[1], 'ref': rf[1],
                                  'ex_games': len(ex[2]) if ex[2] is not None else None,
                                  'ref_games': len(rf[2]) if rf[2] is not None else None,
                                  'ex_secs': round(ex[3], 3), 'ref_secs': round(rf[3], 3)})
                      + '\n')
            log.flush()
            if cls in ('differ', 'crash', 'timeout'):
                with open(os.path.join(a.out, 'differ', '%d.txt' % seed), 'w',
                          encoding='utf-8') as f:
                    f.write('// seed %d: %s\n%s\n' % (seed, cls, q))
                    for who, r in (('excelsior', ex), ('cql 6.2', rf)):
                        f.write('# %s: %s %s\n' % (who, r[0], r[1]))
                        if r[2] is not None:
                            f.writelines('%s\n' % l for l in r[2])
                # A game CQL 6.2 cut has no facts to keep.
                if cls == 'differ' and a.fixtures and not any(
                        l.endswith('truncated') for l in rf[2]):
                    write_fixture(a.fixtures, seed, q, rf[2], a.input)
            if done % 500 == 0:
                print('%d/%d %s' % (done, a.n, dict(classes)), file=sys.stderr, flush=True)
    os.rmdir(work) if not os.listdir(work) else None
    head = ['cql6-fuzz: %d queries, seeds %d..%d, -j %d, %.0f s' % (
        a.n, a.seed, a.seed + a.n - 1, a.jobs, time.monotonic() - t0),
        'excelsior: %s' % a.cql, 'reference: %s' % a.reference, 'input: %s' % a.input]
    summarise(a.out, head)


def summarise(out, head):
    """Writes and prints out/summary.txt from out/results.jsonl."""
    classes, spread = collections.Counter(), collections.Counter()
    ex_msgs, ref_msgs = collections.Counter(), collections.Counter()
    examples = {}
    n = 0
    with open(os.path.join(out, 'results.jsonl')) as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue            # the last line of a run cut short
            n += 1
            cls, seed = r['class'], r['seed']
            classes[cls] += 1
            if cls == 'ex-refuses':
                key = normalise(r['ex'])
                ex_msgs[key] += 1
                examples.setdefault(('ex', key), seed)
            elif cls in ('ref-refuses', 'both-refuse'):
                key = normalise(r['ref'])
                ref_msgs[key] += 1
                examples.setdefault(('ref', key), seed)
            k = r['ref_games']
            if k is not None and cls not in ('ref-refuses', 'both-refuse', 'timeout'):
                spread['0' if k == 0 else '1-9' if k < 10 else '10-99' if k < 100
                       else '100+'] += 1
    lines = head + ['%d queries in results.jsonl' % n, '', 'by class:']
    for cls in ('same', 'differ', 'ex-refuses', 'ref-refuses', 'both-refuse',
                'timeout', 'crash'):
        lines.append('  %-12s %6d  %5.1f%%' % (cls, classes[cls],
                                               100.0 * classes[cls] / max(n, 1)))
    lines += ['', 'games matched by CQL 6.2 (queries it ran):']
    for k in ('0', '1-9', '10-99', '100+'):
        lines.append('  %-6s %6d' % (k, spread[k]))
    for title, msgs, who in (('Excelsior refuses (CQL 6.2 runs), by message:', ex_msgs, 'ex'),
                             ('CQL 6.2 refuses, by message:', ref_msgs, 'ref')):
        lines += ['', title]
        for key, n in msgs.most_common(40):
            lines.append('  %6d  %s  (seed %d)' % (n, key, examples[(who, key)]))
    text = '\n'.join(lines) + '\n'
    with open(os.path.join(out, 'summary.txt'), 'w') as f:
        f.write(text)
    print(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    g = sub.add_parser('gen', help='print the query of a seed')
    g.add_argument('seed', type=int)
    g.add_argument('count', type=int, nargs='?', default=1)
    r = sub.add_parser('run', help='run queries with both programs and compare')
    r.add_argument('--reference', required=True, help="CQL 6.2's cql (built by you)")
    r.add_argument('--cql', default=DEFAULT_CQL, help="Excelsior's cql")
    r.add_argument('--input', default=DEFAULT_INPUT, help='the PGN file')
    r.add_argument('-n', type=int, default=200, help='how many queries')
    r.add_argument('--seed', type=int, default=1, help='the first seed')
    r.add_argument('--seeds', help='a file of seeds to run (instead of -n, --seed)')
    r.add_argument('-j', '--jobs', type=int, default=2)
    r.add_argument('--timeout', type=float, default=60.0, help='seconds per run')
    r.add_argument('--out', default='cql6-fuzz-out', help='the output folder')
    r.add_argument('--fixtures', help='write differing queries as diff fixtures here')
    s = sub.add_parser('summary', help='summarise the results of a run (also one cut short)')
    s.add_argument('out', help="the run's output folder")
    a = ap.parse_args()
    if a.cmd == 'summary':
        summarise(a.out, ['cql6-fuzz: the results of %s' % a.out])
    elif a.cmd == 'gen':
        for s in range(a.seed, a.seed + a.count):
            sys.stdout.write('// seed %d\n%s\n' % (s, generate(s)))
    else:
        cmd_run(a)


if __name__ == '__main__':
    main()
