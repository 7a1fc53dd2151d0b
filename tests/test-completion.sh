#!/bin/bash
# The bash completion of powderhorn-cli (data/completions/powderhorn-cli)
# as bash asks it, with the program built here as $PH_CLI: verbs, a verb's
# options, the figures of the file named, the rulesets. TAP output.
set -u

completion=$1
example=$2
cli_dir=$(dirname "$PH_CLI")
PATH=$cli_dir:$PATH
source "$completion"

n=0
fail=0
check ()  # NAME EXPECTED-WORD COMP-WORDS...
{
    local name=$1 want=$2
    shift 2
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _powderhorn_cli
    n=$((n + 1))
    if printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$want"; then
        echo "ok $n $name"
    else
        echo "not ok $n $name: '$want' not in: ${COMPREPLY[*]}"
        fail=1
    fi
}

check "verbs" assess powderhorn-cli as
check "verbs: print-map" print-map powderhorn-cli pr
check "a verb's options" --shooter powderhorn-cli assess "$example" --sh
check "game's options" --new powderhorn-cli game "$example" --ne
check "the file's figures" rogers powderhorn-cli assess "$example" --shooter ro
check "the file's figures, as target" marin powderhorn-cli assess "$example" --shooter rogers --target ma
check "rulesets" firelock-scalplock powderhorn-cli new --ruleset fire
echo "1..$n"
exit $fail
