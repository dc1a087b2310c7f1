#!/usr/bin/env python3
"""CQL 6.2's example queries, run with Excelsior's cql, against the facts
CQL 6.2 gives for them (tests/fixtures/cql6/examples, recorded by
tools/cql6-examples.py record).

The examples are CQL 6.2's, not ours: the test reads them from the folder
named by CQL6_EXAMPLES_DIR and skips (exit 77) when it is unset, or when
../shared/data (EXCELSIOR_SHARED_DATA) is absent.  An example on the list
not-yet.txt must keep its status there (refused, or differs); one off the
list must give exactly CQL 6.2's facts.  The test fails when either
changes, so that the list stays true.
"""
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    folder = os.environ.get('CQL6_EXAMPLES_DIR')
    if not folder:
        print('SKIP: CQL6_EXAMPLES_DIR is not set (the folder of CQL 6.2\'s examples)')
        return 77
    data = os.environ.get('EXCELSIOR_SHARED_DATA', os.path.join(ROOT, '..', 'shared', 'data'))
    if not os.path.isdir(os.path.join(data, 'studies')):
        print('SKIP: no %s/studies' % data)
        return 77
    spec = importlib.util.spec_from_file_location(
        'cql6_examples', os.path.join(ROOT, 'tools', 'cql6-examples.py'))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    cql = os.environ.get('CQL', tool.DEFAULT_CQL)
    problems = tool.check(cql, folder, data)
    for p in problems:
        print('FAIL: ' + p)
    print('%d problems' % len(problems))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
