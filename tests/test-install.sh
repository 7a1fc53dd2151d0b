#!/bin/bash
# What `meson install` puts where: installs this build into a scratch
# DESTDIR and checks that every piece is in its place (the programs, the
# desktop file, the metainfo, the icons, the file type, the settings
# schema, the manual pages, the completion, the examples) and that the
# pieces name each other rightly. TAP output.
#
# test-install.sh MESON BUILDDIR APP PREFIX BINDIR DATADIR MANDIR COMPLETIONSDIR
# (APP: yes when the window is built; the directories absolute, as meson
# gives them)
set -u

meson=$1 build=$2 app=$3 prefix=$4 bindir=$5 datadir=$6 mandir=$7 completionsdir=$8
app_id=org.powderhorn.Powderhorn
source_root=$(dirname "$(dirname "$(readlink -f "$0")")")

dest=$(mktemp -d "${TMPDIR:-/tmp}/ph-test-install-XXXXXX")
trap 'rm -rf "$dest"' EXIT

n=0
fail=0
ok ()  # NAME COMMAND...
{
    local name=$1
    shift
    n=$((n + 1))
    if "$@"; then
        echo "ok $n $name"
    else
        echo "not ok $n $name"
        fail=1
    fi
}

# meson test builds only what the tests use: install builds the rest (a
# no-op when all is built). The post-install steps (icon cache, schemas,
# MIME database) are skipped in a DESTDIR.
if ! "$meson" install -C "$build" --destdir "$dest" > "$dest.log" 2>&1; then
    cat "$dest.log"
    rm -f "$dest.log"
    echo "Bail out! meson install failed"
    exit 1
fi
rm -f "$dest.log"

expected=(
    "$bindir/powderhorn-cli"
    "$mandir/man1/powderhorn-cli.1"
    "$completionsdir/powderhorn-cli"
)
for example in "$source_root"/data/scenarios/*.xml; do
    expected+=("$datadir/powderhorn/scenarios/$(basename "$example")")
done
if [ "$app" = yes ]; then
    expected+=(
        "$bindir/powderhorn"
        "$mandir/man1/powderhorn.1"
        "$datadir/applications/$app_id.desktop"
        "$datadir/metainfo/$app_id.metainfo.xml"
        "$datadir/icons/hicolor/scalable/apps/$app_id.svg"
        "$datadir/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
        "$datadir/mime/packages/$app_id.mime.xml"
        "$datadir/glib-2.0/schemas/$app_id.gschema.xml"
    )
fi

for path in "${expected[@]}"; do
    ok "installed: $path" test -f "$dest$path"
done
ok "powderhorn-cli is a program" test -x "$dest$bindir/powderhorn-cli"

if [ "$app" = yes ]; then
    desktop=$dest$datadir/applications/$app_id.desktop
    metainfo=$dest$datadir/metainfo/$app_id.metainfo.xml
    ok "powderhorn is a program" test -x "$dest$bindir/powderhorn"
    # the desktop file's icon is one the build installs
    icon=$(sed -n 's/^Icon=//p' "$desktop")
    ok "the desktop file's icon ($icon) is installed" \
        test -f "$dest$datadir/icons/hicolor/scalable/apps/$icon.svg"
    # the desktop file runs the program installed
    exec_name=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")
    ok "the desktop file runs $exec_name, installed" test -x "$dest$bindir/$exec_name"
    # the metainfo launches that desktop file and provides the programs
    launchable=$(sed -n 's:.*<launchable type="desktop-id">\(.*\)</launchable>.*:\1:p' "$metainfo")
    ok "the metainfo's launchable ($launchable) is installed" \
        test -f "$dest$datadir/applications/$launchable"
    for binary in $(sed -n 's:.*<binary>\(.*\)</binary>.*:\1:p' "$metainfo"); do
        ok "the metainfo's binary $binary is installed" test -x "$dest$bindir/$binary"
    done
    # the file type the desktop file claims is the one installed
    mime=$(sed -n 's/^MimeType=\([^;]*\);.*/\1/p' "$desktop")
    ok "the desktop file's type ($mime) is installed" \
        grep -q "type=\"$mime\"" "$dest$datadir/mime/packages/$app_id.mime.xml"
fi

# Everything under the prefix (a DESTDIR install writes nowhere else)
outside=$(cd "$dest" && find . -type f ! -path ".$prefix/*")
ok "nothing installed outside $prefix" test -z "$outside"
[ -n "$outside" ] && echo "# outside $prefix: $outside"

echo "1..$n"
exit $fail
