#!/usr/bin/env python3
# check-potfiles.py: every source file of the workbench with translatable
# strings must be listed in po/POTFILES.in, and every listed file must exist.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
listed = set()
for line in (root / 'po' / 'POTFILES.in').read_text(encoding='utf-8').splitlines():
    line = line.strip()
    if line and not line.startswith('#'):
        listed.add(line)

marker = re.compile(r'(\b_|\bN_|\bC_|\bNC_|g_dngettext|ngettext)\s*\(|translatable="yes"')
needed = set()
for path in sorted(root.glob('app/**/*')):
    if path.suffix in ('.c', '.ui') and marker.search(path.read_text(encoding='utf-8')):
        needed.add(path.relative_to(root).as_posix())
for path in sorted(root.glob('data/*.in')):
    needed.add(path.relative_to(root).as_posix())

status = 0
for name in sorted(needed - listed):
    print(f'po/POTFILES.in: {name} has translatable strings but is not listed')
    status = 1
for name in sorted(listed):
    if not (root / name).exists():
        print(f'po/POTFILES.in: {name} is listed but does not exist')
        status = 1
sys.exit(status)
