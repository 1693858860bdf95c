#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the MIME XML into a private XDG_DATA_HOME, builds its cache with
# update-mime-database and checks that GIO reports application/x-java-hprof
# for dumps whatever their name (by content) and for *.hprof / *.hprof.gz
# (by name), and not for files that are not dumps.
#
# Usage: check-mime-detect.sh MIME.xml
set -euo pipefail
mime_xml=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/share/mime/packages" "$tmp/files"
export XDG_DATA_HOME="$tmp/share"
export XDG_DATA_DIRS=/usr/local/share:/usr/share
export GIO_USE_VFS=local
cp "$mime_xml" "$tmp/share/mime/packages/org.heapscope.Heapscope.xml"
# update-mime-database warns (and still succeeds) on XML it does not
# understand: treat any output as a failure.
out=$(update-mime-database "$tmp/share/mime" 2>&1)
if [ -n "$out" ]; then
  echo "update-mime-database complained:"; echo "$out"; exit 1
fi
[ -f "$tmp/share/mime/mime.cache" ] || { echo "no mime.cache written"; exit 1; }


content_type() {
  gio info -a standard::content-type "$1" | sed -n 's/^ *standard::content-type: //p'
}

fail=0
expect() { # FILE EXPECTED
  local got
  got=$(content_type "$1")
  if [ "$got" = "$2" ]; then
    echo "ok: $(basename "$1") -> $got"
  else
    echo "FAIL: $(basename "$1") -> '$got', expected '$2'"; fail=1
  fi
}
refuse() { # FILE: must not be detected as a heap dump
  local got
  got=$(content_type "$1")
  if [ "$got" = application/x-java-hprof ]; then
    echo "FAIL: $(basename "$1") -> $got, but it is not a heap dump"; fail=1
  else
    echo "ok: $(basename "$1") -> $got (not a dump)"
  fi
}

# A minimal HPROF header (src/engine/hprof/hs-hprof.h): the version string and its NUL, the id
# size (u4, big-endian) and a u8 timestamp, then a UTF8 record.
header() { # VERSION IDSIZE
  printf 'JAVA PROFILE %s\0' "$1"
  printf "\\x00\\x00\\x00\\x$(printf %02x "$2")"
  printf '\x00\x00\x01\x8b\xcf\xe2\x27\x00'
  printf '\x01\x00\x00\x00\x00\x00\x00\x00\x09\x00\x00\x00\x01heap'
}
for v in 1.0.1:4 1.0.2:8 1.0.3:4; do
  name=${v%%:*}; ids=${v##*:}
  # No dots in the name: "dumpfile.1" would be a man page by its glob.
  header "$name" "$ids" > "$tmp/files/dumpfile_${name//./}"
  expect "$tmp/files/dumpfile_${name//./}" application/x-java-hprof
done

# Real dumps, when the corpus or the sample is there: the first 64 KiB is
# plenty for content sniffing.
corpus=${HS_CORPUS_DIR:-}
src=${HS_SOURCE_ROOT:-}
n=0
for f in "$corpus/android/leak_service_binder.hprof" "$corpus/jvm/jhat_jdk8_x32.hprof" \
         "$src/data/sample/sample.hprof"; do
  if [ -n "$f" ] && [ -f "$f" ]; then
    n=$((n + 1))
    head -c 65536 "$f" > "$tmp/files/dumpfile"
    expect "$tmp/files/dumpfile" application/x-java-hprof
    head -c 65536 "$f" > "$tmp/files/x.hprof"
    expect "$tmp/files/x.hprof" application/x-java-hprof
  fi
done
echo "$n real dumps checked"

# By name: x.hprof holds the header; x.hprof.gz is a gzip file, which can
# only be recognised by its name, and gets its own type, a kind of gzip.
header 1.0.2 8 > "$tmp/files/x.hprof"
expect "$tmp/files/x.hprof" application/x-java-hprof
header 1.0.2 8 | gzip -c > "$tmp/files/x.hprof.gz"
expect "$tmp/files/x.hprof.gz" application/x-java-hprof+gzip
# The same gzip under another name is just gzip.
cp "$tmp/files/x.hprof.gz" "$tmp/files/other.gz"
expect "$tmp/files/other.gz" application/gzip

# Not dumps: text that merely starts like one, a near miss, binary noise.
printf 'JAVA PROFILER NOTES\nnothing to see\n' > "$tmp/files/notes"
refuse "$tmp/files/notes"
printf 'JAVA PROFILE 2.0\0\0\0\0\4' > "$tmp/files/near-miss"
refuse "$tmp/files/near-miss"
head -c 4096 /dev/zero > "$tmp/files/zeros"
refuse "$tmp/files/zeros"

# Sanity: without our XML the same file is not recognised, so the checks
# above really exercise it.
rm -rf "$tmp/share/mime"
got=$(content_type "$tmp/files/dumpfile_102")
if [ "$got" = application/x-java-hprof ]; then
  echo "FAIL: dumpfile detected even without our MIME XML: the test proves nothing"; fail=1
else
  echo "ok: without the XML, dumpfile -> $got"
fi
exit $fail
