#!/bin/sh
# goreleaser's signs: step: an SSH signature of checksums.txt, which lists
# every archive and package of the release with its SHA-256. The installers
# verify it with `ssh-keygen -Y verify` (install.ps1 with .NET) against the
# public key pinned in them, before they download any archive.
#
#   scripts/sign-release.sh IS_SNAPSHOT FILE SIGNATURE
#
# The private key comes from the environment, never from the repository:
#   GUARD_SIGNING_KEY       the private key itself (OpenSSH format), e.g. a CI secret
#   GUARD_SIGNING_KEY_FILE  or a path to it
# A release (IS_SNAPSHOT false) must be signed by a key that install.sh pins:
# anything else would publish a release that every installer refuses.
# `make release-check` signs a snapshot with a throwaway key.
set -eu
die() {
	printf 'sign-release: error: %s\n' "$*" >&2
	exit 1
}
[ $# -eq 3 ] || die "usage: scripts/sign-release.sh IS_SNAPSHOT FILE SIGNATURE"
snapshot=$1 file=$2 sig=$3
case $file in /*) ;; *) file=$(pwd)/$file ;; esac
case $sig in /*) ;; *) sig=$(pwd)/$sig ;; esac
cd "$(dirname "$0")/.."
ns=guard-release
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
umask 077
if [ -n "${GUARD_SIGNING_KEY:-}" ]; then
	printf '%s\n' "$GUARD_SIGNING_KEY" >"$tmp/key"
	key=$tmp/key
elif [ -n "${GUARD_SIGNING_KEY_FILE:-}" ]; then
	key=$GUARD_SIGNING_KEY_FILE
else
	die "no signing key: set GUARD_SIGNING_KEY to the release's private key (or GUARD_SIGNING_KEY_FILE to its path); 'make release-check' signs a snapshot with a throwaway key"
fi
ssh-keygen -q -Y sign -f "$key" -n "$ns" <"$file" >"$tmp/sig" || die "ssh-keygen could not sign $file with $key"
if [ "$snapshot" != true ]; then
	# The keys install.sh pins, as an allowed_signers file.
	sed -n '/^guard-release namespaces=/p' installers/install.sh >"$tmp/allowed"
	[ -s "$tmp/allowed" ] || die "installers/install.sh pins no release key"
	ssh-keygen -Y verify -f "$tmp/allowed" -I guard-release -n "$ns" -s "$tmp/sig" <"$file" >/dev/null 2>&1 ||
		die "the signing key is not one that installers/install.sh pins; every installer would refuse this release (docs/DECISIONS.md, Distribution: rotating the key)"
fi
mv "$tmp/sig" "$sig"
