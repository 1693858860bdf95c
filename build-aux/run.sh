#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds Heapscope into build/ and runs it on the
# sample dump: the window when there is a display, otherwise the CLI's
# summary and leaks and an HTML report.
#
#   build-aux/run.sh                 the sample dump (data/sample/sample.hprof)
#   build-aux/run.sh DUMP [ARGS...]  another dump; arguments go to the viewer
#                                    (or, without a display, DUMP to the CLI)
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)

packages=(meson ninja-build pkg-config gcc libglib2.0-dev libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev zlib1g-dev python3
          gettext desktop-file-utils appstream shared-mime-info libglib2.0-bin
          adwaita-icon-theme hicolor-icon-theme fonts-dejavu-core
          openjdk-17-jre-headless  # a JVM to capture from (Capture Heap Dump)
          libjson-glib-dev  # heapscope-cli mcp reads JSON-RPC
          nodejs)  # what agents (MCP clients) run on; the tests' clients too
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# npm: Debian's package, unless the nodejs installed brings its own.
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing: ${missing[*]}"
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ -f build/build.ninja ]; then
  echo "==> reusing build/"
else
  rm -rf build
  meson setup build
fi
meson compile -C build

dump=${1:-$root/data/sample/sample.hprof}
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  app=build/src/app/heapscope
  if [ ! -x "$app" ]; then
    echo "the viewer was not built (is libgtk-4-dev installed?)" >&2
    exit 1
  fi
  # Run uninstalled: the schema compiled in the build tree, the icon from
  # data/icons (found as $root/data/icons/hicolor/...).
  export GSETTINGS_SCHEMA_DIR="$root/build/data"
  export XDG_DATA_DIRS="$root/data:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
  if [ $# -gt 0 ]; then
    exec "$app" "$@"
  else
    exec "$app" "$dump"
  fi
fi

cli=build/src/cli/heapscope-cli
echo "==> no display: the CLI on $dump"
echo
"$cli" summary "$dump"
echo
"$cli" leaks "$dump"
echo
"$cli" report "$dump" -o heapscope-report.html
echo "==> HTML report written to $root/heapscope-report.html"
