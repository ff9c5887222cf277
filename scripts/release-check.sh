#!/bin/sh
# `make release-check`: goreleaser check, then every release artifact built
# into dist/ as a snapshot signed with a throwaway key, and the signature and
# every checksum verified. `make snapshot` (--snapshot-only) skips the check.
#
# Needs goreleaser, cyclonedx-gomod (the SBOMs) and ssh-keygen (OpenSSH 8.1+);
# .ci/run installs them. The throwaway public key is left in
# dist/snapshot-signing-key.pub: a copy of install.sh that pins it installs
# from dist/ (installers/installers_test.go does exactly that).
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" != --snapshot-only ]; then
	goreleaser check
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ssh-keygen -q -t ecdsa -b 256 -N '' -C guard-snapshot -f "$tmp/key"
GUARD_SIGNING_KEY_FILE=$tmp/key goreleaser release --snapshot --clean
printf 'guard-release namespaces="guard-release" %s\n' "$(cut -d' ' -f1,2 "$tmp/key.pub")" >"$tmp/allowed"
ssh-keygen -Y verify -f "$tmp/allowed" -I guard-release -n guard-release -s dist/checksums.txt.sig <dist/checksums.txt
if command -v sha256sum >/dev/null 2>&1; then
	(cd dist && sha256sum --strict -c checksums.txt >/dev/null)
else
	(cd dist && shasum -a 256 -c checksums.txt >/dev/null)
fi
cp "$tmp/key.pub" dist/snapshot-signing-key.pub
echo "release-check: dist/checksums.txt is signed and every file in it matches"
