#!/bin/sh
# goreleaser's first before-hook: a release is tagged v<cmd/guard/VERSION>,
# the one place guard's version is written, so that the archives' names and
# what `guard --version` and `go install …@<tag>` report all agree.
#
#   scripts/release-version.sh TAG IS_SNAPSHOT
#
# A snapshot (IS_SNAPSHOT true) is named <VERSION>-snapshot and needs no tag.
set -eu
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || {
	echo "usage: scripts/release-version.sh TAG IS_SNAPSHOT" >&2
	exit 2
}
version=$(cat cmd/guard/VERSION)
if [ "$2" = true ]; then
	exit 0
fi
if [ "$1" != "v$version" ]; then
	echo "release-version: error: the tag is $1 but cmd/guard/VERSION says $version" >&2
	echo "release-version: hint: tag v$version, or change cmd/guard/VERSION in a commit and tag that" >&2
	exit 1
fi
