#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every C file and header is formatted as .clang-format says: clang-format
# reports each line it would change, and the test fails on the first one.
# Usage: check-format.sh CLANG_FORMAT SOURCE_ROOT
set -eu
clang_format=$1
cd "$2"
find src tests tools -name '*.[ch]' -print0 | sort -z \
  | xargs -0 "$clang_format" --dry-run -Werror --style=file
