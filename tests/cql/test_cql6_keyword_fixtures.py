#!/usr/bin/env python3
"""Every word of CQL 6 that Excelsior runs is tried against CQL 6.2 both
ways: at least one differential fixture (tests/fixtures/cql6/diff) whose
query uses the word matches some game, and at least one leaves some game of
its input unmatched (one fixture matching some but not all games does both).

The words are those of the keyword table (engine/cql/cql6/cq6-keywords.c)
and the parameters the readers test for, as tools/cql-keyword-index.py
collects them for the editor; a word marked "not supported yet" is left
out, and so are the few below that a fixture cannot vary.  A word counts
where it is written in ASCII outside comments and string literals.

Counting a fixture's unmatched games needs its input: skips (exit 77)
without ../shared/data (EXCELSIOR_SHARED_DATA).  Prints TAP.
"""
import importlib.util
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, 'tests', 'fixtures', 'cql6', 'diff')

# Words a differential fixture cannot vary, with the reason.
EXEMPT = {
    'cql': 'the header itself: every query has it',
    'input': 'the harness gives the database',
    'output': 'the harness gives the output file',
    'silent': ('no comment at all, so CQL 6.2\'s output shows no facts '
               '(tests/cli/test_cli_cql6.py checks it)'),
    'cql_abort': ('stops the whole search, and CQL 6.2 writes no output '
                  '(tests/cli/test_cli_cql6.py checks where it stops)'),
}

WORD = re.compile(r'o-o-o|o-o|[a-z_][a-z0-9_]*')


def load_index_tool():
    spec = importlib.util.spec_from_file_location(
        'keyword_index', os.path.join(ROOT, 'tools', 'cql-keyword-index.py'))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def query_words(text):
    """The words of a query, without its comments and string literals."""
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    text = re.sub(r'"(?:[^"\\]|\\.)*"', ' ', text)
    return set(WORD.findall(text))


def game_count(path, cache={}):
    if path not in cache:
        with open(path, encoding='utf-8', errors='replace') as f:
            cache[path] = sum(1 for line in f if line.startswith('[Event '))
    return cache[path]


def main():
    data = os.environ.get('EXCELSIOR_SHARED_DATA', os.path.join(ROOT, '..', 'shared', 'data'))
    if not os.path.isdir(os.path.join(data, 'studies')):
        print('1..0 # SKIP no %s/studies' % data)
        return 77
    tool = load_index_tool()
    supported = {w for w, ok in tool.cql6_keywords(ROOT) if ok}
    refused = {w for w, ok in tool.cql6_keywords(ROOT) if not ok}
    words = sorted((tool.cql6_words(ROOT) - refused) | supported)
    matching, unmatching = {}, {}
    for name in sorted(os.listdir(FIXTURES)):
        if not name.endswith('.cql'):
            continue
        stem = name[:-4]
        with open(os.path.join(FIXTURES, name), encoding='utf-8') as f:
            used = query_words(f.read())
        with open(os.path.join(FIXTURES, stem + '.expected'), encoding='utf-8') as f:
            lines = f.read().splitlines()
        source = [ln.split(':', 1)[1].strip() for ln in lines if ln.startswith('# input:')]
        matched = sum(1 for ln in lines if ln.startswith('game '))
        total = game_count(os.path.join(data, source[0])) if source else None
        for w in used:
            if matched > 0:
                matching.setdefault(w, stem)
            if total is not None and matched < total:
                unmatching.setdefault(w, stem)
    print('1..%d' % len(words))
    failed = 0
    for i, w in enumerate(words, 1):
        if w in EXEMPT:
            print('ok %d - %s # SKIP %s' % (i, w, EXEMPT[w]))
            continue
        missing = [k for k, table in (('matching', matching), ('unmatching', unmatching))
                   if w not in table]
        if missing:
            failed += 1
            print('not ok %d - %s: no %s fixture' % (i, w, ' and no '.join(missing)))
        else:
            print('ok %d - %s (%s, %s)' % (i, w, matching[w], unmatching[w]))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
