#!/bin/bash
# Every source file with a translatable string is listed in po/POTFILES:
# one left out is never offered to translators, and its words stay
# English in a translated window (Guns of War's formation names did).
# Usage: test-potfiles.sh SOURCE_ROOT
set -u
root=$1
cd "$root" || exit 1
echo "1..1"
missing=$( { grep -rlE '\b(N_|C_|NC_|_|g_dngettext|ngettext)\(' --include='*.c' src;
             grep -rl 'translatable="yes"' --include='*.ui' ui; } | sort -u \
           | while read -r f; do grep -qxF "$f" po/POTFILES || echo "$f"; done)
if [ -n "$missing" ]; then
  echo "# not in po/POTFILES:"
  echo "$missing" | sed 's/^/#   /'
  echo "not ok 1 - every file with translatable strings is in po/POTFILES"
  exit 1
fi
echo "ok 1 - every file with translatable strings is in po/POTFILES"
