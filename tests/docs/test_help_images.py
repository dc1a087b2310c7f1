#!/usr/bin/env python3
# test_help_images.py: every image the installed user guide shows is installed.
#
# Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
#
# The workbench's Help (F1) shows the Markdown pages docs/meson.build
# installs, each screenshot from the file of the same folder
# (app/ex-help-render.c takes CommonMark's images, ![alt](file.png)).  An
# image a page names but the install list leaves out shows as a broken
# picture once installed, while the source tree, where the tests read the
# guide, still has it.  Given the docs folder, the pages and the images of
# the install list, this checks that each image a page names is in the list
# and in the folder, and that each image of the list is named by a page.
#
# Usage: test_help_images.py DOCS_DIR --pages PAGE... --images IMAGE...
import os
import re
import sys

# ![alt](target "title"): the alt text may hold escaped brackets and
# balanced ones (`[Aa]`), the target may be written <target>.
ALT = r'!\[(?:[^\[\]\\]|\\.|\[[^\]]*\])*\]'
IMAGE = re.compile(ALT + r'\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)', re.S)
# Reference-style images, ![alt][ref], which the check above would miss.
IMAGE_REF = re.compile(ALT + r'\[')
# Fenced code blocks show their text, never an image.
FENCE = re.compile(r'^(```|~~~).*?^\1', re.S | re.M)


def images_of(path):
    with open(path, encoding='utf-8') as f:
        text = FENCE.sub('', f.read())
    if IMAGE_REF.search(text):
        sys.exit(f'{path}: a reference-style image (![alt][ref]); write ![alt](file.png)')
    return [m.group(1) for m in IMAGE.finditer(text)]


def main(argv):
    if len(argv) < 4 or '--pages' not in argv or '--images' not in argv:
        sys.exit(__doc__ or 'usage: test_help_images.py DOCS_DIR --pages ... --images ...')
    docs = argv[1]
    pages = argv[argv.index('--pages') + 1:argv.index('--images')]
    installed = set(argv[argv.index('--images') + 1:])
    failures = []
    named = set()
    for page in pages:
        for target in images_of(os.path.join(docs, page)):
            if '://' in target:
                failures.append(f'{page}: {target}: an image from the network, not in docs/')
                continue
            named.add(target)
            if target not in installed:
                failures.append(f'{page}: {target} is not installed (docs/meson.build)')
            if not os.path.isfile(os.path.join(docs, target)):
                failures.append(f'{page}: {target} is not in docs/')
    for image in sorted(installed - named):
        failures.append(f'{image} is installed but no installed page shows it')
    print(f'{len(pages)} pages, {len(named)} images named, {len(installed)} installed')
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
