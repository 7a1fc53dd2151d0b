#!/bin/bash
# dump-answers.sh CLI SRCDIR OUT: every answer powderhorn-cli gives for the
# examples and tests/data/good under SRCDIR, into OUT (see HACKING.md,
# "Refactoring without changing answers"). Needs python3 and pdftoppm.
set -u
CLI=$1; SRC=$2; OUT=$3
rm -rf "$OUT"; mkdir -p "$OUT"
for f in "$SRC"/data/scenarios/*.xml "$SRC"/tests/data/good/*.xml; do
  b=$(basename "$f" .xml); d="$OUT/$b"; mkdir -p "$d"
  "$CLI" info "$f" --json > "$d/info.json" 2>&1
  "$CLI" odds "$f" --json > "$d/odds.json" 2>&1
  "$CLI" odds "$f" --csv > "$d/odds.csv" 2>&1
  ruleset=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["ruleset"])' "$d/info.json" 2>/dev/null)
  ids=$(grep -o '<figure [^>]*id="[^"]*"' "$f" | sed 's/.* id="\([^"]*\)"/\1/')
  case $ruleset in
    firelock*) opts=("" "--aim aim" "--aim careful" "--spot" "--aim careful --spot");;
    featherstone) opts=("" "--fire snap");;
    guns-of-war) opts=("" "--reaction");;
    fistful*) opts=("" "--card one-eyed-jack" "--card deuce");;
    *) opts=("");;
  esac
  for s in $ids; do
    "$CLI" advise "$f" --figure "$s" --json > "$d/advise-$s.json" 2>&1
    kinds=$(awk -v id="$s" '$0 ~ "<figure " && $0 ~ "id=\""id"\"" {on=1} on && /<weapon /{match($0,/kind="[^"]*"/); print substr($0,RSTART+6,RLENGTH-7)} on && /<\/figure>/{on=0}' "$f" | sort -u)
    for t in $ids; do
      [ "$s" = "$t" ] && continue
      for o in "${opts[@]}"; do
        "$CLI" assess "$f" -s "$s" -t "$t" $o --json >> "$d/assess.json" 2>&1
        "$CLI" assess "$f" -s "$s" -t "$t" $o >> "$d/assess.txt" 2>&1
      done
      for k in $kinds; do
        "$CLI" assess "$f" -s "$s" -t "$t" -w "$k" --json >> "$d/assess-w.json" 2>&1
      done
    done
  done
  "$CLI" render "$f" -o "$d/map.png" >/dev/null 2>&1
  first=$(echo $ids | awk '{print $1}')
  if [ -n "$first" ]; then
    "$CLI" render "$f" -o "$d/rings.png" --rings "$first" --los "$first" >/dev/null 2>&1
  fi
  "$CLI" roster "$f" -o "$d/roster.pdf" >/dev/null 2>&1 && pdftoppm -r 50 -png "$d/roster.pdf" "$d/roster" && rm "$d/roster.pdf"
  "$CLI" print-map "$f" -o "$d/pm.pdf" >/dev/null 2>&1 && pdftoppm -r 30 -png "$d/pm.pdf" "$d/pm" && rm "$d/pm.pdf"
  "$CLI" game "$f" --json > "$d/game.json" 2>&1
done
