#!/bin/sh
# Takes the screenshots in docs/screenshots: a REPL in which `image 353` is typed, as a person
# types it, until the screen has scrolled twice over, in xterm (sixel, and 256 colours), mlterm
# (sixel) and kitty, each dark and light: outside tmux, inside tmux with allow-passthrough on
# (the picture forced through with --renderer), and inside tmux with it off (the automatic
# choice). All of it on an Xvfb screen, the comics from the project's test server over the real
# archive, with the stand-in images of Fixtures/imgs. Not part of `make test`; look at every
# picture it writes.
#
#   scripts/screenshots.sh [OUTDIR]      (default: docs/screenshots)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/screenshots}
mkdir -p "$out"
"$root/scripts/install-deps.sh" xvfb xterm mlterm kitty tmux x11-apps xdotool netpbm fonts-dejavu-core

cd "$root"
swift build --product xkcd >/dev/null
swift build --product xkcd-test-server >/dev/null
bin=$(swift build --show-bin-path)
comicdb=.build/comicdb/xkcd_comicdb/xkcd.sqlite3
[ -f "$comicdb" ] || scripts/fetch-comicdb.sh .build/comicdb

work=$(mktemp -d)
display=:77
rows=40
cleanup() {
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
    tmux -L xkcd-shots kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

"$bin/xkcd-test-server" --comicdb "$comicdb" >"$work/url" 2>/dev/null &
server=$!
Xvfb "$display" -screen 0 1400x1000x24 >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
url=$(head -n 1 "$work/url")

cat >"$work/repl.sh" <<SCRIPT
#!/bin/sh
export XKCD_BASE_URL='$url' XKCD_EXPLAIN_URL='$url' XKCD_DATA_DIR='$work/data' XKCD_CONFIG='$work/config'
export PATH='$bin:/usr/bin:/bin'
unset XKCD_THEME
clear
xkcd
touch '$work/done'
SCRIPT
chmod +x "$work/repl.sh"
: >"$work/config"

# Types into the focused window as a keyboard would.
typed() {
    DISPLAY=$display xdotool type --delay 20 "$1"
    DISPLAY=$display xdotool key Return
}

# $1 name, $2 terminal, $3 dark|light, $4 plain|tmux|tmux-off
shot() {
    name=$1 terminal=$2 theme=$3 where=$4
    rm -f "$work/done"
    command="$work/repl.sh"
    option=""
    case "$where" in
    tmux | tmux-off)
        passthrough=on
        [ "$where" = tmux-off ] && passthrough=off
        printf 'set -g allow-passthrough %s\nset -g status off\n' "$passthrough" >"$work/tmux.conf"
        command="tmux -L xkcd-shots -f $work/tmux.conf new-session $work/repl.sh"
        if [ "$where" = tmux ]; then
            case "$terminal" in
            xterm-sixel | mlterm) option=" --renderer sixel" ;;
            kitty) option=" --renderer kitty" ;;
            esac
        fi
        ;;
    esac
    if [ "$theme" = dark ]; then bg='#1e1e1e' fg='#dddddd'; else bg='#ffffff' fg='#000000'; fi
    title="xkcd-$name"
    case "$terminal" in
    xterm-sixel) DISPLAY=$display xterm -ti vt340 -T "$title" -geometry 100x$rows+0+0 -fa Monospace -fs 10 \
        -bg "$bg" -fg "$fg" -e sh -c "$command" & ;;
    xterm-256) DISPLAY=$display TERM=xterm-256color xterm -T "$title" -geometry 100x$rows+0+0 -fa Monospace \
        -fs 10 -bg "$bg" -fg "$fg" -e sh -c "$command" & ;;
    mlterm) DISPLAY=$display mlterm --title "$title" -g 100x$rows+0+0 -w 13 --fg "$fg" --bg "$bg" \
        -e sh -c "$command" & ;;
    kitty) DISPLAY=$display LIBGL_ALWAYS_SOFTWARE=1 kitty --title "$title" -o font_size=10 \
        -o remember_window_size=no -o initial_window_width=100c -o initial_window_height=${rows}c \
        -o background="$bg" -o foreground="$fg" sh -c "$command" 2>/dev/null & ;;
    esac
    pid=$!
    window=""
    for _ in $(seq 300); do
        window=$(DISPLAY=$display xdotool search --name "^$title\$" 2>/dev/null | head -n 1) || true
        [ -n "$window" ] && break
        sleep 0.1
    done
    sleep 2.5
    DISPLAY=$display xdotool windowfocus --sync "$window" 2>/dev/null || true
    # Each `image 353` takes about a third of the screen: eight of them scroll it twice over.
    for _ in 1 2 3 4 5 6 7 8; do
        typed "image 353$option"
        sleep 1.2
    done
    sleep 1
    xwd -display "$display" -id "$window" -silent | xwdtopnm 2>/dev/null | pnmtopng >"$out/$name.png"
    echo "$out/$name.png"
    typed quit
    for _ in $(seq 30); do [ -f "$work/done" ] && break; sleep 0.1; done
    kill "$pid" 2>/dev/null || true
    tmux -L xkcd-shots kill-server 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

for terminal in ${XKCD_SHOTS_TERMINALS:-xterm-sixel xterm-256 mlterm kitty}; do
    for theme in dark light; do
        shot "$terminal-$theme" "$terminal" "$theme" plain
        shot "$terminal-$theme-tmux" "$terminal" "$theme" tmux
        shot "$terminal-$theme-tmux-off" "$terminal" "$theme" tmux-off
    done
done
