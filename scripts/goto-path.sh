#!/bin/sh
# Lists the project files whose code runs for a `goto 353` typed at the REPL prompt with the
# comic stored (docs/ARCHITECTURE.md counts them). It measures rather than reads: a build with
# coverage runs two REPLs in tmux on the same data directory, one that only starts and
# leaves, one that also runs `goto 353`; a file counts when any of its functions ran more
# often in the second. Both run offline, so the start-up check for new comics stays out of it.
# XKCD_IMAGES passes on: `never` measures the card alone; the default, `auto`, also decides
# whether the picture follows (inside tmux, where the measure runs, it does not).
# Not part of `make test`.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/install-deps.sh" tmux
swift build --product xkcd >/dev/null
swift build --build-path .build-cov --product xkcd \
    -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping >/dev/null
plain=$(swift build --show-bin-path)/xkcd
measured=$root/.build-cov/debug/xkcd
llvm=$(dirname "$(readlink -f "$(command -v swift)")")

work=$(mktemp -d)
trap 'tmux -L xkcd-path-a kill-server 2>/dev/null || true; tmux -L xkcd-path-b kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
data=$work/data
fixtures=$root/Fixtures
swift build --product xkcd-test-server >/dev/null
server_bin=$(swift build --show-bin-path)/xkcd-test-server
port=$((20000 + $$ % 20000))
"$server_bin" --fixtures "$fixtures" --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; tmux -L xkcd-path-a kill-server 2>/dev/null || true; tmux -L xkcd-path-b kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
export XKCD_BASE_URL=http://127.0.0.1:$port XKCD_EXPLAIN_URL=http://127.0.0.1:$port XKCD_DATA_DIR=$data
"$plain" goto 353 >/dev/null
"$plain" goto 1 >/dev/null

for run in a b; do
    tmux -L "xkcd-path-$run" new-session -d -x 100 -y 30 \
        "env LLVM_PROFILE_FILE=$work/$run.profraw XKCD_DATA_DIR=$data XKCD_OFFLINE=1 XKCD_CHECK_EVERY=0 XKCD_IMAGES=${XKCD_IMAGES:-auto} $measured; sleep 3"
    sleep 2.5
    [ "$run" = b ] && tmux -L "xkcd-path-$run" send-keys "goto 353" Enter && sleep 1.5
    tmux -L "xkcd-path-$run" send-keys C-d
    sleep 1.5
    "$llvm/llvm-profdata" merge -o "$work/$run.profdata" "$work/$run.profraw"
    "$llvm/llvm-cov" export -format=text -instr-profile="$work/$run.profdata" "$measured" >"$work/$run.json"
done

python3 - "$work" "$root/Sources/" <<'PY'
import json, sys
work, sources = sys.argv[1], sys.argv[2]
def counts(run):
    data = json.load(open(f"{work}/{run}.json"))["data"][0]["functions"]
    return {(f, fn["name"]): fn["count"] for fn in data for f in fn["filenames"][:1] if f.startswith(sources)}
before, after = counts("a"), counts("b")
files = sorted({f for (f, name), count in after.items() if count > before.get((f, name), 0)})
for f in files:
    print(f[len(sources):])
print(f"{len(files)} files")
import os
if os.environ.get("XKCD_PATH_FUNCTIONS"):
    for (f, name), count in sorted(after.items()):
        if count > before.get((f, name), 0) and f.endswith(os.environ["XKCD_PATH_FUNCTIONS"]): print(name, count)
PY
