#!/bin/sh
# goreleaser's second before-hook: the man pages and shell completions that
# go into the archives and packages, written by cobra from guard's own command
# tree (a gendocs-tagged build of cmd/guard, see cmd/guard/gendocs.go) into
# .release/man and .release/completions.
#
#   scripts/release-docs.sh COMMIT_UNIX_TIME
#
# The commit's time dates the man pages, so a rebuild is byte-identical.
set -eu
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || {
	echo "usage: scripts/release-docs.sh COMMIT_UNIX_TIME" >&2
	exit 2
}
rm -rf .release
CGO_ENABLED=0 go run -tags gendocs ./cmd/guard .release "$1"
