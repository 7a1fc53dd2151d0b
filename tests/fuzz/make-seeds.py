#!/usr/bin/env python3
# make-seeds.py: writes the seed corpora of the game fuzz targets
#
# Copyright 2026 The Powderhorn authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/fuzz/make-seeds.py BUILDDIR/src/cli/powderhorn-cli
#
# Plays each script below with powderhorn-cli on a copy of its example
# scenario, as a referee would (`game FILE --new --seed 1758`, then one
# `game FILE ACTION name=value...` per line; a refused line is shown and
# skipped), then writes
#   corpus/fuzz-game-actions/NAME: the ruleset's letter and the script, as
#     fuzz-game-actions.c reads it (it starts its game with the same seed);
#   corpus/fuzz-game-log/NAME: the ruleset's letter and the <game> element
#     the CLI saved after undoing every step, as fuzz-game-log.c reads it
#     (it puts the log into the untouched example scenario, whose figures
#     are those of a log at position 0);
#   corpus/fuzz-scenario/game-NAME.xml: the whole saved file, for the
#     scenarios in SAVED_FILES.
# The first byte picks the ruleset modulo 5 in PhRulesetId order: 'A'
# (65) Firelock, 'B' Fistful of Lead, 'C' Musket Mayhem, 'D' Featherstone,
# 'E' Guns of War. Run it again when the game format or the actions change.

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SEED = 1758  # fuzz-game-actions.c's SEED

RULESETS = {
    "A": "firelock-bloody-run-1758.xml",
    "B": "fistful-north-bridge-1775.xml",
    "C": "musket-mayhem-fight-at-the-farmstead.xml",
    "D": "featherstone-cacabelos-1809.xml",
    "E": "guns-of-war-tithe-barn.xml",
}

# Whole saved files for the scenario loader's corpus
SAVED_FILES = ["firelock-turn", "fistful-hands"]

# name: (ruleset letter, script lines)
SCRIPTS = {
    "firelock-turn": ("A", """\
draw-card
roll-ips figure=rogers
move figure=rogers x=8 y=33
shoot figure=rogers target=dubois aim=aim
draw-card
roll-ips figure=langlade
roll-ips figure=rogers
move figure=langlade x=38 y=10
shoot figure=langlade target=rogers
load figure=langlade weapon=0 ips=6
draw-card
roll-ips figure=stark
give-ips figure=rogers target=stark ips=2
melee figure=stark target=dubois
end-turn"""),
    "firelock-setup": ("A", """\
sequencing mode=add-subtract side=rangers adjust=1
roll-character figure=hawkeye
draw-card
roll-ips figure=hawkeye personal=true
roll-ips figure=nanatan act=true
dismount figure=hawkeye
mount figure=hawkeye
roll 2d6 "purpose=spot check"
undo
undo
redo"""),
    "fistful-turn": ("B", """\
call
activate figure=laurie
move figure=laurie x=24 y=22
shoot figure=laurie target=brown
call
activate figure=buttrick
activate figure=gould
shoot figure=gould target=davis reroll=true
fall-back figure=gould x=21 y=24
call
activate figure=kelly
recover figure=kelly
reload figure=kelly
end-activation
declare-ace side=minutemen as=high
referee figure=kelly wounds=1 shaken=true
end-turn force=true"""),
    "fistful-hands": ("B", """\
set-hand side=minutemen cards="AS 2H 9C"
call
activate figure=laurie
close-combat figure=laurie target=hosmer
other-action figure=laurie what="climb the wall"
end-activation
end-turn force=true
undo"""),
    "mayhem-turn": ("C", """\
initiative
choose-order go=first
roll-move figure=otter terrain=woods
move figure=otter x=10 y=27 facing=180
shoot figure=smith target=otter
courage-check figure=otter trigger=hit
end-activation
roll-move figure=smith group=true
move figure=smith x=10 y=38
shoot figure=tubbs target=beaujeu weapon=0
reload figure=tubbs
melee figure=smith target=otter rear-or-side=true
end-turn"""),
    "mayhem-order": ("C", """\
initiative winner-goes=second
choose-order go=second
draw-card
roll-move figure=ensign_hale hero=true
courage-check figure=mullins trigger=casualty use-reroll=true
roll d6
undo
redo
end-activation"""),
    "featherstone-phase": ("D", """\
order figure=plunket text="fire at the general"
plan figure=harris text=advance
next-step
move figure=harris rate=walk x=70 y=47
move figure=lt_hill rate=run terrain=difficult x=82 y=66
next-step
aim figure=plunket target=colbert
shoot figure=harris target=voltigeur_roux fire=snap
react figure=voltigeur_roux why=fired
next-step
end-phase
next-step
next-step
shoot figure=plunket target=colbert fire=aimed
wound figure=colbert letter=C cause="rifle ball"
end-turn"""),
    "featherstone-melee": ("D", """\
next-step
action figure=mccabe what=kneel
action figure=latour what=dismount
next-step
next-step
melee figure=voltigeur_roux target=mccabe chance=4 target-chance=3 shield=false outnumbered=1
wound figure=mccabe letter=A melee=true
undo
end-phase"""),
    "guns-of-war-turn": ("E", """\
move figure=jut_arquebusiers x=8.0829 y=15
shoot figure=aur_musketeers target=jut_arquebusiers
shoot figure=jut_arquebusiers target=aur_musketeers reaction=true
shock-roll figure=aur_musketeers modifier=-1
stand figure=aur_militia
move figure=aur_reiters q=2 r=0 forced=true
end-turn
shoot figure=aur_skirmishers target=jut_sharpshooters secured=true
end-turn"""),
    "guns-of-war-undo": ("E", """\
move figure=aur_musketeers q=1 r=0
roll 3d10+2 purpose=test
undo
undo
redo
end-turn"""),
}


def cli(program, *args):
    return subprocess.run([program, *args], capture_output=True, text=True)


def main():
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} POWDERHORN-CLI")
    program = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    examples = os.path.join(here, "..", "..", "data", "scenarios")
    actions_dir = os.path.join(here, "corpus", "fuzz-game-actions")
    log_dir = os.path.join(here, "corpus", "fuzz-game-log")
    scenario_dir = os.path.join(here, "corpus", "fuzz-scenario")
    os.makedirs(actions_dir, exist_ok=True)
    os.makedirs(log_dir, exist_ok=True)

    with tempfile.TemporaryDirectory() as tmp:
        for name, (letter, script) in SCRIPTS.items():
            path = os.path.join(tmp, name + ".xml")
            shutil.copy(os.path.join(examples, RULESETS[letter]), path)
            result = cli(program, "game", path, "--new", "--seed", str(SEED))
            if result.returncode != 0:
                sys.exit(f"{name}: --new: {result.stderr}")
            done = 0
            for line in script.splitlines():
                # split as a shell (and fuzz-game-actions.c) splits
                words = shlex.split(line)
                result = cli(program, "game", path, *words)
                if result.returncode == 0:
                    done += 1
                else:
                    print(f"{name}: refused: {line}: {result.stderr.strip()}")
            if name in SAVED_FILES:
                shutil.copy(path, os.path.join(scenario_dir, f"game-{name}.xml"))
            while cli(program, "game", path, "undo").returncode == 0:
                pass
            with open(path, encoding="utf-8") as f:
                saved = f.read()
            game = re.search(r"<game .*?</game>", saved, re.S)
            if game is None:
                sys.exit(f"{name}: no <game> saved")
            with open(os.path.join(actions_dir, name), "w", encoding="utf-8") as f:
                f.write(letter + script + "\n")
            with open(os.path.join(log_dir, name), "w", encoding="utf-8") as f:
                f.write(letter + game.group(0) + "\n")
            print(f"{name}: {done} of {len(script.splitlines())} steps done")


if __name__ == "__main__":
    main()
