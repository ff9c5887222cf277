#!/bin/sh
# wait-tools.sh: wait for the release tools .ci/run builds in the background.
# GUARD_CI_WAIT lists their directories (<cache>/<name>@<version>); each is
# ready when it exists, failed when <dir>.failed does (its log is
# <cache>/<name>.log). Unset or empty: nothing to wait for.
set -eu
for dir in ${GUARD_CI_WAIT:-}; do
	name=$(basename "$dir")
	name=${name%@*}
	printf 'ci: waiting for %s\n' "$name"
	while [ ! -d "$dir" ]; do
		if [ -e "$dir.failed" ]; then
			echo "ci: building $name failed:" >&2
			tail -n 40 "$(dirname "$dir")/$name.log" >&2
			exit 1
		fi
		sleep 2
	done
done
