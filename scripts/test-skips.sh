#!/bin/sh
# test-skips.sh FILE ROOT: after `make test`, say which suites were skipped
# because a tool is missing, why, and how to run them. FILE holds one line
# per skipped test, <package directory> TAB <test> TAB <reason>, written by
# internal/testenv; ROOT is the repository, to shorten the directories.
# Under CI a missing tool fails the tests instead, and nothing is noted.
set -eu
file=$1
root=$2
if [ ! -s "$file" ]; then
	[ -n "${CI:-}" ] || echo "make test: nothing was skipped"
	exit 0
fi
echo
echo "make test: outside CI (CI is not set), these suites were skipped, so their packages' ok does not cover them:"
awk -F '\t' -v root="$root/" '
	{
		dir = $1
		if (index(dir, root) == 1) dir = substr(dir, length(root) + 1)
		if (dir == substr(root, 1, length(root) - 1)) dir = "."
		test = $2
		sub(/\/.*/, "", test)
		key = dir "\t" $3
		if (!(key in n)) order[++k] = key
		if (!((key, test) in seen)) {
			seen[key, test] = 1
			n[key]++
			if (n[key] <= 3) names[key] = names[key] (n[key] > 1 ? ", " : "") test
		}
	}
	END {
		for (i = 1; i <= k; i++) {
			split(order[i], f, "\t")
			more = n[order[i]] > 3 ? ", …" : ""
			printf "  %s: %d test%s (%s%s): %s\n", f[1], n[order[i]], n[order[i]] == 1 ? "" : "s", names[order[i]], more, f[2]
		}
	}' "$file"
echo "To run them, install what is missing, then run make test again:"
# Each missing tool once, with the command that installs it (.ci/run pins
# the versions of the Go tools).
awk -F '\t' '{ r = $3; if (sub(/ not installed$/, "", r) && !(r in s)) { s[r] = 1; print r } }' "$file" |
	while IFS= read -r tool; do
		case $tool in
		ssh-keygen) how="apt-get install openssh-client (OpenSSH 8.1 or later)" ;;
		shasum) how="apt-get install perl" ;;
		chromium | shellcheck | dash | curl | wget | openssl | make | git) how="apt-get install $tool" ;;
		*)
			how=$(awk -v t="$tool" '$1 == "tool" && $2 == t { print "go install " $3 "@" $4; exit }' "$root/.ci/run")
			[ -n "$how" ] || how="install $tool"
			;;
		esac
		printf '  %s: %s\n' "$tool" "$how"
	done
echo "or run .ci/run, which installs them and runs make test with CI=true (there a missing tool fails instead of skipping)."
