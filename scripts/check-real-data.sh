#!/bin/sh
# Says in one line what of the real data the tests read is missing, and fails; quiet otherwise.
# Usage: scripts/check-real-data.sh [DIR] (the real-data directory, by default
# ../shared/real-data beside the checkout: explainxkcd's real pages and xkcd's real comic
# images, read from there and never copied into the repository).
dir=${1:-../shared/real-data}
for wanted in "$dir/explainxkcd-pages.jsonl.xz" "$dir/comics"; do
	if [ ! -e "$wanted" ]; then
		echo "make test: no $wanted (looked for at $(realpath -m "$wanted")): the tests read explainxkcd's real pages and xkcd's real comic images from $dir beside the checkout" >&2
		exit 1
	fi
done
