#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds Heapscope and runs every test suite, as CI does:
#   1. installs the Debian packages that are missing (apt-get, as root or via sudo),
#   2. builds into build/ and runs all suites but 'ui',
#   3. runs the 'ui' suite under Xvfb with a private D-Bus session,
#   4. builds build-asan/ with AddressSanitizer + UndefinedBehaviorSanitizer and
#      runs its non-UI suites with leak detection on.
# Prints "N passed, N failed, N skipped" as its last line (summed over all
# meson test runs) and exits non-zero if any build or test failed.
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
start=$(date +%s)
jobs=${HS_JOBS:-$(nproc)}

log() { printf '\n==> %s\n' "$*"; }

# --- 1. packages --------------------------------------------------------------
packages=(
  meson ninja-build pkg-config gcc libglib2.0-dev libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev zlib1g-dev python3
  xvfb xauth dbus dbus-x11 desktop-file-utils appstream gettext shared-mime-info
  libglib2.0-bin clang clang-format libclang-rt-14-dev openjdk-17-jdk-headless gzip
  proguard-cli  # the mapping suite obfuscates the generator (tests/mapping)
  fonts-dejavu-core adwaita-icon-theme hicolor-icon-theme
  man-db groff-base bash-completion  # the install suite renders the man pages, loads the completion
  chromium  # the report suite renders the HTML report headless
  libjson-glib-dev  # heapscope-cli mcp reads JSON-RPC
  nodejs  # the mcp suite's clients (tests/mcp: the MCP SDK, the Inspector)
)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
# npm: Debian's package, unless the nodejs installed brings its own.
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing: ${missing[*]}"
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q || { echo "apt-get update failed"; exit 1; }
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null \
    || { echo "apt-get install failed"; exit 1; }
fi

# The MCP clients the mcp suite runs (tests/mcp/package-lock.json), again
# when the lock file changed.
if [ ! -f tests/mcp/node_modules/.package-lock.json ] \
   || [ tests/mcp/package-lock.json -nt tests/mcp/node_modules/.package-lock.json ]; then
  log "npm ci in tests/mcp"
  (cd tests/mcp && npm ci --no-audit --no-fund --loglevel=error) || { echo "npm ci failed"; exit 1; }
fi

# The corpus of real dumps lives beside the repository.
if [ -d "$root/../shared/corpus" ]; then
  HS_CORPUS_DIR=$(cd "$root/../shared/corpus" && pwd)
  export HS_CORPUS_DIR
fi

passed=0 failed=0 skipped=0
failures=()

# Runs meson test with the given arguments, shows its output and adds its
# summary lines to the totals. A run that prints no summary but fails (a
# build error inside meson test, for example) counts as one failure.
run_tests() { # LABEL ARGS...
  local label=$1; shift
  local out rc ok xfail fail xpass skip tmo
  out=$(mktemp)
  log "$label: $*"
  "$@" 2>&1 | tee "$out"
  rc=${PIPESTATUS[0]}
  num() { sed -n "s/^$1: *\([0-9][0-9]*\).*/\1/p" "$out" | tail -n 1; }
  ok=$(num 'Ok'); xfail=$(num 'Expected Fail'); fail=$(num 'Fail')
  xpass=$(num 'Unexpected Pass'); skip=$(num 'Skipped'); tmo=$(num 'Timeout')
  rm -f "$out"
  if [ -z "$ok$fail$tmo" ]; then
    if [ "$rc" -ne 0 ]; then
      echo "$label: meson test failed (status $rc) without a summary"
      failed=$((failed + 1)); failures+=("$label")
    else
      echo "$label: no tests"
    fi
    return
  fi
  passed=$((passed + ${ok:-0} + ${xfail:-0}))
  failed=$((failed + ${fail:-0} + ${xpass:-0} + ${tmo:-0}))
  skipped=$((skipped + ${skip:-0}))
  if [ "$rc" -ne 0 ] || [ $((${fail:-0} + ${xpass:-0} + ${tmo:-0})) -gt 0 ]; then
    failures+=("$label")
    [ "$rc" -ne 0 ] && [ $((${fail:-0} + ${xpass:-0} + ${tmo:-0})) -eq 0 ] && failed=$((failed + 1))
  fi
}

# Configures (or reuses) and builds one build directory. Returns non-zero
# (and counts one failure) if that fails.
build() { # DIR MESON_OPTIONS...
  local dir=$1; shift
  if [ -f "$dir/build.ninja" ] && [ -d "$dir/meson-private" ]; then
    log "reusing $dir"
    meson setup --reconfigure "$dir" "$@" >/dev/null || meson setup --wipe "$dir" "$@"
  else
    rm -rf "$dir"
    log "meson setup $dir $*"
    meson setup "$dir" "$@"
  fi || { failed=$((failed + 1)); failures+=("setup $dir"); return 1; }
  log "building $dir"
  meson compile -C "$dir" -j "$jobs" || { failed=$((failed + 1)); failures+=("build $dir"); return 1; }
}

finish() {
  local t=$(( $(date +%s) - start ))
  log "done in $((t / 60)) min $((t % 60)) s"
  if [ ${#failures[@]} -gt 0 ]; then
    echo "failed: ${failures[*]}"
  fi
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ] && [ ${#failures[@]} -eq 0 ]
  exit $?
}

# --- 2. the normal build, all suites but 'ui' -----------------------------------
if build build; then
  run_tests "tests" meson test -C build --no-suite ui --no-suite bench --print-errorlogs --num-processes "$jobs"

  # --- 3. the 'ui' suite under Xvfb --------------------------------------------
  run_tests "ui tests" env GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none \
    GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$root/build/data" NO_AT_BRIDGE=1 \
    dbus-run-session -- xvfb-run -a -s "-screen 0 1920x1080x24" \
    meson test -C build --suite ui --print-errorlogs --num-processes "$jobs"
fi

# --- 4. sanitizers -----------------------------------------------------------------
# No leak suppressions: GLib's lifetime allocations (types, quarks) stay
# reachable from globals, which LeakSanitizer does not report.
if build build-asan -Db_sanitize=address,undefined -Db_lundef=false; then
  run_tests "sanitizer tests" env ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    meson test -C build-asan --no-suite ui --no-suite bench --print-errorlogs --num-processes "$jobs" \
      --timeout-multiplier "${HS_ASAN_TIMEOUT_MULTIPLIER:-4}"
fi

finish
