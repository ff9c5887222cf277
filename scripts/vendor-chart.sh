#!/usr/bin/env bash
# Refresh the vendored Chart.js build in web/static/vendor/chartjs from the
# npm registry. Usage: scripts/vendor-chart.sh [VERSION]  (default: the pinned one)
# Needs npm. The console loads only the copied files; it never uses a CDN.
set -euo pipefail
VERSION="${1:-4.6.1}"
cd "$(dirname "$0")/.."
dest=web/static/vendor/chartjs
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "chart.js@$VERSION" >/dev/null && tar -xzf chart.js-"$VERSION".tgz)
mkdir -p "$dest"
cp "$tmp/package/dist/chart.umd.min.js" "$dest/chart.umd.min.js"
cp "$tmp/package/LICENSE.md" "$dest/LICENSE.md"
sum="$(sha256sum "$dest/chart.umd.min.js" | cut -d' ' -f1)"
{
	printf 'chart.js %s (npm), dist/chart.umd.min.js; refresh: scripts/vendor-chart.sh %s\n' "$VERSION" "$VERSION"
	printf 'sha256 %s  chart.umd.min.js\n' "$sum"
} >"$dest/VERSION"
echo "vendored chart.js $VERSION into $dest"
