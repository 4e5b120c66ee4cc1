#!/bin/sh
# Takes the screenshots in docs/screenshots: #353 (a 1x image) and #1084 (a 2x one) drawn one
# after the other, then a prompt, in xterm (sixel, and 256 colours), mlterm (sixel) and kitty,
# each dark and light, outside tmux and inside it (with allow-passthrough on), on an Xvfb
# screen. The comics come from the project's test server over the real archive, with the
# stand-in images of Fixtures/imgs. Not part of `make test`; look at every picture it writes.
#
#   scripts/screenshots.sh [OUTDIR]      (default: docs/screenshots)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/screenshots}
mkdir -p "$out"
"$root/scripts/install-deps.sh" xvfb xterm mlterm kitty tmux x11-apps netpbm fonts-dejavu-core

cd "$root"
swift build --product xkcd >/dev/null
swift build --product xkcd-test-server >/dev/null
bin=$(swift build --show-bin-path)
comicdb=.build/bench/comicdb/xkcd_comicdb/xkcd.sqlite3
[ -f "$comicdb" ] || scripts/fetch-comicdb.sh .build/bench/comicdb

work=$(mktemp -d)
display=:77
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

# One shell script per shot: the commands as a person types them, then a marker.
# $1: the renderer option inside tmux (tmux passes no picture unless it is forced).
runner() {
    cat >"$work/run.sh" <<SCRIPT
#!/bin/sh
export XKCD_BASE_URL='$url' XKCD_EXPLAIN_URL='$url' XKCD_DATA_DIR='$work/data' PATH='$bin:/usr/bin:/bin'
clear
sleep 1
printf '\$ xkcd image 353 $1\n'; xkcd image 353 $1
printf '\$ xkcd image 1084 $1\n'; xkcd image 1084 $1
printf '\$ echo below\n'; echo below
printf '\$ '
touch '$work/done'
sleep 60
SCRIPT
    chmod +x "$work/run.sh"
}

# $1 name, $2 terminal, $3 dark|light, $4 plain|tmux
shot() {
    name=$1 terminal=$2 theme=$3 where=$4
    rm -f "$work/done"
    renderer=""
    if [ "$where" = tmux ]; then
        case "$terminal" in
        xterm-sixel | mlterm) renderer="--renderer sixel" ;;
        kitty) renderer="--renderer kitty" ;;
        esac
    fi
    runner "$renderer"
    command="$work/run.sh"
    if [ "$where" = tmux ]; then
        printf 'set -g allow-passthrough on\nset -g status off\n' >"$work/tmux.conf"
        command="tmux -L xkcd-shots -f $work/tmux.conf new-session $work/run.sh"
    fi
    if [ "$theme" = dark ]; then bg='#1e1e1e' fg='#dddddd'; else bg='#ffffff' fg='#000000'; fi
    title="xkcd-$name"
    case "$terminal" in
    xterm-sixel) DISPLAY=$display xterm -ti vt340 -T "$title" -geometry 100x50+0+0 -fa Monospace -fs 10 \
        -bg "$bg" -fg "$fg" -e sh -c "$command" & ;;
    xterm-256) DISPLAY=$display TERM=xterm-256color xterm -T "$title" -geometry 100x50+0+0 -fa Monospace -fs 10 \
        -bg "$bg" -fg "$fg" -e sh -c "$command" & ;;
    mlterm) DISPLAY=$display mlterm --title "$title" -g 100x50+0+0 -w 13 --fg "$fg" --bg "$bg" \
        -e sh -c "$command" & ;;
    kitty) DISPLAY=$display LIBGL_ALWAYS_SOFTWARE=1 kitty --title "$title" -o font_size=10 \
        -o remember_window_size=no -o initial_window_width=100c -o initial_window_height=50c \
        -o background="$bg" -o foreground="$fg" sh -c "$command" 2>/dev/null & ;;
    esac
    pid=$!
    for _ in $(seq 150); do [ -f "$work/done" ] && break; sleep 0.1; done
    [ -f "$work/done" ] || echo "screenshots: $name did not finish" >&2
    sleep 1.5
    xwd -display "$display" -name "$title" -silent | xwdtopnm 2>/dev/null | pnmtopng >"$out/$name.png"
    echo "$out/$name.png"
    kill "$pid" 2>/dev/null || true
    tmux -L xkcd-shots kill-server 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

for terminal in xterm-sixel xterm-256 mlterm kitty; do
    for theme in dark light; do
        shot "$terminal-$theme" "$terminal" "$theme" plain
        shot "$terminal-$theme-tmux" "$terminal" "$theme" tmux
    done
done
