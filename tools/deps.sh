#!/bin/sh
# Installs what a fresh Debian 12 machine lacks to build, run and test
# Excelsior (Debian packages only).  Needs root; does nothing when all are there.
set -eu
PACKAGES="gcc libc6-dev pkg-config meson ninja-build python3 xz-utils
  libglib2.0-dev libglib2.0-bin libarchive-dev libzstd-dev zlib1g-dev libgtk-4-dev libepoxy-dev
  libgtksourceview-5-dev librsvg2-dev libcmark-dev
  librsvg2-common gettext desktop-file-utils appstream
  xvfb xauth xdotool dbus fonts-dejavu-core fonts-cantarell adwaita-icon-theme
  pgn-extract gzip bzip2 zstd lz4 zip parallel"
missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
if [ -n "$missing" ]; then
  echo "Installing:$missing"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
