#!/bin/sh
# guard installer: downloads the release archive for this system, verifies
# its SHA-256 against the release's checksums.txt, installs the binary and
# runs 'guard init --agent-a'. Running it again upgrades in place.
#
#   curl -fsSL https://raw.githubusercontent.com/guardhq/guard/main/installers/install.sh | sh
#   curl -fsSL https://raw.githubusercontent.com/guardhq/guard/main/installers/install.sh | sh -s -- -b ~/.local/bin --service
#
# Every line of code is inside a function and the only command is the last
# line, a { …; } group: a download cut short anywhere, even inside that line,
# is a syntax error or a bare definition, and runs nothing.

usage() {
	cat <<'EOF'
Usage: install.sh [options]

Installs guard and hooks it into agent A (guard init --agent-a).

Options (environment variable in brackets):
  -b DIR       install the binary into DIR [GUARD_INSTALL_DIR]
               (default /usr/local/bin; sudo is used only when DIR is not
               writable and sudo exists)
  -v VERSION   install this release, e.g. 0.2.0 [GUARD_VERSION]
               (default: the latest release)
  --dry-run    say what would be done; download only checksums.txt
  --no-init    do not run 'guard init --agent-a'
  --service    also run the console as a user service ('guard service install')
  -h, --help   show this help

GUARD_BASE_URL is the URL of a directory holding a release's archives and
checksums.txt, for mirrors and tests. It must be https://, except for
127.0.0.1, localhost and [::1].
EOF
}

say() { printf 'guard-install: %s\n' "$*"; }
warn() { printf 'guard-install: warning: %s\n' "$*" >&2; }
die() {
	printf 'guard-install: error: %s\n' "$*" >&2
	exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }

parse_args() {
	gi_dir=${GUARD_INSTALL_DIR:-/usr/local/bin}
	gi_version=${GUARD_VERSION:-}
	gi_dry=0
	gi_init=1
	gi_service=0
	while [ $# -gt 0 ]; do
		case $1 in
		-b | --bin-dir)
			[ $# -ge 2 ] || die "$1 needs a directory"
			gi_dir=$2
			shift
			;;
		--bin-dir=*) gi_dir=${1#*=} ;;
		-v | --version)
			[ $# -ge 2 ] || die "$1 needs a version, e.g. 0.2.0"
			gi_version=$2
			shift
			;;
		--version=*) gi_version=${1#*=} ;;
		--dry-run) gi_dry=1 ;;
		--no-init) gi_init=0 ;;
		--service) gi_service=1 ;;
		-h | --help)
			usage
			exit 0
			;;
		*) die "unknown option: $1 (see --help)" ;;
		esac
		shift
	done
	[ -n "$gi_dir" ] || die "the install directory is empty"
	# shellcheck disable=SC2088 # a literal ~ that no shell expanded
	case $gi_dir in
	"~") gi_dir=$HOME ;;
	"~/"*) gi_dir=$HOME/${gi_dir#"~/"} ;;
	/*) ;;
	*) gi_dir=$(pwd)/$gi_dir ;;
	esac
	# No trailing slash: /usr/local/bin/ is on PATH as /usr/local/bin.
	while [ "${gi_dir%/}" != "$gi_dir" ] && [ "$gi_dir" != / ]; do gi_dir=${gi_dir%/}; done
	gi_version=${gi_version#v}
	case $gi_version in
	*[!0-9A-Za-z.+-]*) die "not a version: $gi_version (expected something like 0.2.0)" ;;
	esac
}

# detect_platform sets gi_os, gi_arch, gi_ext and gi_exe from uname.
detect_platform() {
	gi_os_raw=$(uname -s)
	gi_arch_raw=$(uname -m)
	case $gi_os_raw in
	Linux) gi_os=linux ;;
	Darwin) gi_os=darwin ;;
	MINGW* | MSYS* | CYGWIN* | Windows_NT) gi_os=windows ;;
	*) die "unsupported operating system: $gi_os_raw (guard ships for Linux, macOS and Windows); build it from source instead: go install github.com/guardhq/guard/cmd/guard@latest" ;;
	esac
	case $gi_arch_raw in
	x86_64 | amd64) gi_arch=amd64 ;;
	aarch64 | arm64 | armv8l) gi_arch=arm64 ;;
	*) die "unsupported architecture: $gi_arch_raw (guard ships for x86_64 and arm64); build it from source instead: go install github.com/guardhq/guard/cmd/guard@latest" ;;
	esac
	# Under Rosetta 2 an Apple-silicon Mac reports x86_64: prefer the native build.
	if [ "$gi_os" = darwin ] && [ "$gi_arch" = amd64 ] &&
		[ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
		gi_arch=arm64
		say "Rosetta 2 detected: using the native arm64 build"
	fi
	gi_ext=tar.gz
	gi_exe=guard
	if [ "$gi_os" = windows ]; then
		[ "$gi_arch" = amd64 ] || die "unsupported: windows/$gi_arch (guard ships windows/amd64 only)"
		gi_ext=zip
		gi_exe=guard.exe
	fi
}

# choose_base sets gi_base, the directory URL of the release.
choose_base() {
	if [ -n "${GUARD_BASE_URL:-}" ]; then
		gi_base=${GUARD_BASE_URL%/}
	elif [ -n "$gi_version" ]; then
		gi_base=https://github.com/guardhq/guard/releases/download/v$gi_version
	else
		gi_base=https://github.com/guardhq/guard/releases/latest/download
	fi
	case $gi_base in
	*@*) die "GUARD_BASE_URL must not hold credentials or '@': $gi_base" ;;
	https://*) ;;
	http://127.0.0.1 | http://127.0.0.1[:/]* | http://localhost | http://localhost[:/]* | http://\[::1\] | http://\[::1\][:/]*) ;;
	*) die "GUARD_BASE_URL must start with https:// (plain http only for 127.0.0.1, localhost or [::1]): $gi_base" ;;
	esac
}

# choose_tools sets gi_fetch (curl or wget) and gi_sum (the SHA-256 tool).
choose_tools() {
	if have curl; then
		gi_fetch=curl
	elif have wget; then
		gi_fetch=wget
	else
		die "neither curl nor wget was found; install one of them and run this again"
	fi
	if have sha256sum; then
		gi_sum=sha256sum
	elif have shasum; then
		gi_sum=shasum
	elif have openssl; then
		gi_sum=openssl
	else
		die "no SHA-256 tool was found to verify the download's checksum; install sha256sum (coreutils), shasum (perl) or openssl and run this again"
	fi
	if [ "$gi_os" = windows ]; then
		have unzip || die "unzip was not found; install it, or use installers/install.ps1 from PowerShell"
	else
		have tar || die "tar was not found; install it and run this again"
	fi
}

# fetch URL FILE [HINT] downloads URL into FILE over https (or loopback
# http); on failure it stops with HINT after the message.
fetch() {
	case $1 in
	https://*) gi_proto='=https' ;;
	*) gi_proto='=http,https' ;;
	esac
	if [ "$gi_fetch" = curl ]; then
		curl --fail --silent --show-error --location --proto "$gi_proto" --proto-redir '=https' \
			--connect-timeout 20 --max-time 600 --retry 2 --max-filesize 209715200 \
			--output "$2" "$1" || die "download failed: $1${3:+; $3}"
	else
		wget --quiet --tries=2 --timeout=30 --max-redirect=10 --output-document="$2" "$1" ||
			die "download failed: $1${3:+; $3}"
	fi
}

# sha256 FILE prints FILE's SHA-256 in lowercase hex.
sha256() {
	case $gi_sum in
	sha256sum) sha256sum "$1" ;;
	shasum) shasum -a 256 "$1" ;;
	openssl) openssl dgst -sha256 "$1" | awk '{ print $NF }' ;;
	esac | awk '{ print tolower($1); exit }'
}

# resolve_archive sets gi_archive and gi_want (its SHA-256) from checksums.txt.
resolve_archive() {
	gi_sums=$gi_tmp/checksums.txt
	if [ -n "${GUARD_BASE_URL:-}" ]; then
		gi_hint="does $gi_base hold a guard release (its archives and checksums.txt)?"
	elif [ -n "$gi_version" ]; then
		gi_hint="is $gi_version a guard release? See https://github.com/guardhq/guard/releases"
	else
		gi_hint="check your connection to github.com, or set GUARD_BASE_URL to a mirror"
	fi
	fetch "$gi_base/checksums.txt" "$gi_sums" "$gi_hint"
	if [ -n "$gi_version" ]; then
		gi_archive=guard_${gi_version}_${gi_os}_${gi_arch}.$gi_ext
	else
		# The release's own list names the archive: guard_<version>_<os>_<arch>.<ext>.
		gi_archive=$(awk -v sfx="_${gi_os}_${gi_arch}.${gi_ext}" '
			{ n = $2; sub(/^\*/, "", n) }
			substr(n, 1, 6) == "guard_" && length(n) > length(sfx) + 6 &&
				substr(n, length(n) - length(sfx) + 1) == sfx { print n }' "$gi_sums")
		case $gi_archive in
		"") die "checksums.txt at $gi_base lists no archive for $gi_os/$gi_arch" ;;
		*"
"*) die "checksums.txt at $gi_base lists several archives for $gi_os/$gi_arch; choose one with -v VERSION" ;;
		esac
	fi
	case $gi_archive in
	*[!A-Za-z0-9._+-]*) die "unexpected archive name in checksums.txt: $gi_archive" ;;
	esac
	gi_want=$(awk -v n="$gi_archive" '{ m = $2; sub(/^\*/, "", m) } m == n { print tolower($1); exit }' "$gi_sums")
	[ -n "$gi_want" ] || die "checksums.txt at $gi_base has no checksum for $gi_archive; is $gi_version a guard release? (see https://github.com/guardhq/guard/releases)"
	case $gi_want in
	*[!0-9a-f]*) die "checksums.txt has a malformed SHA-256 checksum for $gi_archive" ;;
	esac
	[ ${#gi_want} -eq 64 ] || die "checksums.txt has a malformed SHA-256 checksum for $gi_archive"
}

# choose_sudo sets gi_sudo when the install directory needs root and sudo exists.
choose_sudo() {
	gi_sudo=
	gi_probe=$gi_dir
	while [ ! -d "$gi_probe" ]; do gi_probe=$(dirname "$gi_probe"); done
	[ -w "$gi_probe" ] && return 0
	have sudo || die "cannot write to $gi_dir and sudo is not available; install into a directory you own, e.g. sh -s -- -b \"\$HOME/.local/bin\""
	gi_sudo=sudo
}

as_root() {
	if [ -n "$gi_sudo" ]; then sudo "$@"; else "$@"; fi
}

cleanup() {
	[ -n "${gi_tmp:-}" ] && rm -rf "$gi_tmp"
	[ -n "${gi_partial:-}" ] && as_root rm -f "$gi_partial" 2>/dev/null
	return 0
}

install_binary() {
	say "downloading $gi_base/$gi_archive"
	fetch "$gi_base/$gi_archive" "$gi_tmp/$gi_archive"
	gi_got=$(sha256 "$gi_tmp/$gi_archive")
	if [ "$gi_got" != "$gi_want" ]; then
		die "checksum mismatch for $gi_archive: checksums.txt says $gi_want, the download is $gi_got; nothing was installed (try again; if it persists, report it)"
	fi
	say "checksum verified (SHA-256 $gi_want)"
	mkdir "$gi_tmp/x"
	if [ "$gi_ext" = zip ]; then
		unzip -q -o "$gi_tmp/$gi_archive" "$gi_exe" -d "$gi_tmp/x" >/dev/null ||
			die "$gi_archive holds no $gi_exe"
	else
		tar -xzf "$gi_tmp/$gi_archive" -C "$gi_tmp/x" "$gi_exe" ||
			die "$gi_archive holds no $gi_exe"
	fi
	# A link (to a file only root can read, say) is not the binary: cp would
	# copy what it names into the install directory.
	if [ -L "$gi_tmp/x/$gi_exe" ] || [ ! -f "$gi_tmp/x/$gi_exe" ]; then
		die "$gi_archive holds no $gi_exe (a regular file)"
	fi
	[ -z "$gi_sudo" ] || say "using sudo to write to $gi_dir"
	as_root mkdir -p "$gi_dir"
	# Copy next to the target, then rename over it: an upgrade never leaves a
	# half-written binary, and a running guard keeps its old file.
	gi_partial=$gi_dir/.$gi_exe.new.$$
	as_root cp "$gi_tmp/x/$gi_exe" "$gi_partial"
	as_root chmod 0755 "$gi_partial"
	as_root mv -f "$gi_partial" "$gi_bin"
	gi_partial=
	gi_ver=$("$gi_bin" --version) || die "the installed $gi_bin does not run"
	say "installed $gi_ver to $gi_bin"
}

main() {
	set -eu
	parse_args "$@"
	detect_platform
	choose_base
	choose_tools
	gi_bin=$gi_dir/$gi_exe
	gi_tmp=$(mktemp -d 2>/dev/null || mktemp -d -t guard-install)
	gi_partial=
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM HUP
	say "platform: $gi_os/$gi_arch"
	resolve_archive
	choose_sudo
	if [ "$gi_dry" = 1 ]; then
		say "dry run: would download $gi_base/$gi_archive"
		say "dry run: would check its SHA-256 against $gi_want (from checksums.txt, with $gi_sum, downloaded with $gi_fetch)"
		say "dry run: would install $gi_bin${gi_sudo:+ (with sudo)}"
		[ "$gi_init" = 0 ] || say "dry run: would run $gi_bin init --agent-a"
		[ "$gi_service" = 0 ] || say "dry run: would run $gi_bin service install"
		say "dry run: nothing was changed"
		return 0
	fi
	install_binary
	case ":${PATH:-}:" in
	*":$gi_dir:"*) ;;
	*) warn "$gi_dir is not on your PATH; add it: export PATH=\"$gi_dir:\$PATH\"" ;;
	esac
	if [ "$gi_init" = 1 ]; then
		say "running $gi_bin init --agent-a"
		"$gi_bin" init --agent-a || die "guard is installed, but 'guard init --agent-a' failed (see above); run it again once that is fixed"
	fi
	# An upgrade: a running console still runs the old binary; move it over.
	if "$gi_bin" service status >/dev/null 2>&1; then
		"$gi_bin" service restart || warn "could not restart the console service; run: guard service restart"
	fi
	if [ "$gi_service" = 1 ]; then
		"$gi_bin" service install || die "guard is installed, but the console service is not (see above); once that is fixed run: guard service install"
	fi
	say "done"
}

{ main "$@"; }
