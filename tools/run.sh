#!/bin/sh
# Sets everything up and opens the Excelsior workbench on its bundled sample
# database (the lichess "Beautiful chess studies" 1 and 2).
set -eu
cd "$(dirname "$0")/.."
sh tools/deps.sh
[ -d _build ] || meson setup _build
meson compile -C _build
exec ./_build/app/excelsior "$@"
