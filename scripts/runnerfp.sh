#!/usr/bin/env bash
# runnerfp.sh: false positives of the test-runner scan (catalogue.TestRunners)
# on everyday Go code. Copies N module directories of the Go module cache
# (a fixed, seeded sample) into a throwaway directory and asks guard for
# its verdict on `go test ./...` with each as the working directory, under
# a throwaway HOME. Nothing is run but guard's dry run.
#
#   scripts/runnerfp.sh [N] [SEED]     (defaults: 70 1; GUARD=bin/guard)
#
# Prints each block's module and reason, then "pass P block B of N".
set -euo pipefail

n=${1:-70}
seed=${2:-1}
guard=$(realpath "${GUARD:-bin/guard}")
cache=${GOMODCACHE:-$HOME/go/pkg/mod}
work=$(mktemp -d)
home=$(mktemp -d)
trap 'chmod -R u+w "$work" && rm -rf "$work" "$home"' EXIT

mapfile -t mods < <(find "$cache" -maxdepth 4 -type d -name '*@*' -not -path "$cache/cache/*" | sort |
	awk -v seed="$seed" 'BEGIN { srand(seed) } { print rand() "\t" $0 }' | sort -n | cut -f2 | head -n "$n")

pass=0 block=0
for m in "${mods[@]}"; do
	d="$work/$(basename "$m")"
	cp -r "$m" "$d"
	chmod -R u+w "$d"
	if out=$(cd "$d" && env -i HOME="$home" PATH="$PATH" "$guard" test command 'go test ./...' --json); then
		pass=$((pass + 1))
	else
		block=$((block + 1))
		printf '%s\t%s\n' "${m#"$cache"/}" "$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("reason","").split("; guard read what")[0][:300])')"
	fi
	rm -rf "$d"
done
echo "pass $pass block $block of ${#mods[@]}"
