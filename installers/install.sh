#!/bin/sh
# guard installer: checks that the release's checksums.txt is signed by
# guard's release key (pinned below, in release_signers), downloads the
# archive for this system, verifies its SHA-256 against that list, installs
# the binary and hooks guard into your agents ('guard init'). Running it
# again upgrades in place.
#
#   curl -fsSL https://raw.githubusercontent.com/guardhq/guard/main/installers/install.sh | sh
#   curl -fsSL https://raw.githubusercontent.com/guardhq/guard/main/installers/install.sh | sh -s -- -b ~/.local/bin --agent a,b --service
#
# Every line of code is inside a function and the only command is the last
# line, a { …; } group: a download cut short anywhere, even inside that line,
# is a syntax error or a bare definition, and runs nothing.

usage() {
	cat <<'EOF'
Usage: install.sh [options]

Installs guard and hooks it into your agents (guard init).

Options (environment variable in brackets):
  -b DIR         install the binary into DIR [GUARD_INSTALL_DIR]
                 (default /usr/local/bin, with sudo when it is not writable;
                 ~/.local/bin, for you only, when you are not root and there
                 is no sudo)
  -v VERSION     install this release, e.g. 0.2.0 [GUARD_VERSION]
                 (default: the latest release). Without it, a release older
                 than the guard already installed is refused: ask for the
                 older version by name to go back
  --agent LIST   hook these agents, e.g. a,b,c [GUARD_AGENTS]
                 (default: each agent whose settings directory exists:
                 ~/.agent_a, ~/.agent_b or ./.agent_b, ./.agent_c; agent A
                 when there is none)
  --no-init      hook no agent
  --service      also run the console as a user service ('guard service install')
  --dry-run      say what would be done; download only checksums.txt and
                 its signature
  --insecure-skip-signature
                 install from a mirror whose checksums.txt is not signed by
                 guard's release key (an air-gapped copy you filled yourself
                 from a release you verified): the archive's SHA-256 is still
                 checked, but against a list that nothing vouches for
  -h, --help     show this help

GUARD_BASE_URL is the URL of a directory holding a release's archives,
checksums.txt and checksums.txt.sig, for mirrors and tests. It must be
https://, except for 127.0.0.1, localhost and [::1].

The signature is checked with ssh-keygen (OpenSSH 8.1 or later).
EOF
}

say() { printf 'guard-install: %s\n' "$*"; }
warn() { printf 'guard-install: warning: %s\n' "$*" >&2; }
die() {
	printf 'guard-install: error: %s\n' "$*" >&2
	exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }

# release_signers prints the public keys that sign guard's releases, as
# ssh-keygen allowed_signers lines: the principal, the one namespace the key
# may sign for, the key. install.ps1 and docs/INSTALL.md pin the same keys;
# docs/DECISIONS.md (Distribution) says where the private key lives and how
# it is rotated (during a rotation both keys are listed here).
release_signers() {
	cat <<'EOF'
guard-release namespaces="guard-release" ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBLPHaN09ikadU7dfKvFzabtyrLca2Nvpj81ZP+u4US6as/NAFt+5rcpVCjNUY6BT92zK1T3GPh3vLYIgKHtWp3s=
EOF
}

parse_args() {
	gi_dir=${GUARD_INSTALL_DIR:-}
	gi_version=${GUARD_VERSION:-}
	gi_agents=${GUARD_AGENTS:-}
	gi_dry=0
	gi_init=1
	gi_service=0
	gi_insecure=0
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
		--agent | --agents)
			[ $# -ge 2 ] || die "$1 needs a list of agents, e.g. a,b"
			gi_agents=$2
			shift
			;;
		--agent=* | --agents=*) gi_agents=${1#*=} ;;
		--dry-run) gi_dry=1 ;;
		--no-init) gi_init=0 ;;
		--service) gi_service=1 ;;
		--insecure-skip-signature) gi_insecure=1 ;;
		-h | --help)
			usage
			exit 0
			;;
		*) die "unknown option: $1 (see --help)" ;;
		esac
		shift
	done
	gi_version=${gi_version#v}
	gi_version_given=0
	[ -z "$gi_version" ] || gi_version_given=1
	case $gi_version in
	*[!0-9A-Za-z.+-]*) die "not a version: $gi_version (expected something like 0.2.0)" ;;
	esac
	parse_agents
	gi_dir_given=0
	if [ -n "$gi_dir" ]; then
		gi_dir_given=1
		absolute_dir
	fi
}

# parse_agents checks --agent's list (a, b and c, separated by commas or
# spaces) and sets gi_agents to its agents, each once, in the order a b c.
parse_agents() {
	[ -n "$gi_agents" ] || return 0
	gi_a='' gi_b='' gi_c=''
	for gi_one in $(printf '%s' "$gi_agents" | tr 'ABC,' 'abc '); do
		case $gi_one in
		a | agent-a) gi_a=a ;;
		b | agent-b) gi_b=b ;;
		c | agent-c) gi_c=c ;;
		*) die "unknown agent: $gi_one (--agent takes a list of a, b and c, e.g. --agent a,b)" ;;
		esac
	done
	gi_agents=$(printf '%s %s %s' "$gi_a" "$gi_b" "$gi_c" | tr -s ' ' | sed 's/^ //; s/ $//')
	[ -n "$gi_agents" ] || die "--agent names no agent (use --no-init to hook none)"
}

# absolute_dir makes gi_dir absolute: ~ expanded, relative to the current
# directory, no trailing slash (/usr/local/bin/ is on PATH as /usr/local/bin).
absolute_dir() {
	# shellcheck disable=SC2088 # a literal ~ that no shell expanded
	case $gi_dir in
	"~") gi_dir=$HOME ;;
	"~/"*) gi_dir=$HOME/${gi_dir#"~/"} ;;
	/*) ;;
	*) gi_dir=$(pwd)/$gi_dir ;;
	esac
	while [ "${gi_dir%/}" != "$gi_dir" ] && [ "$gi_dir" != / ]; do gi_dir=${gi_dir%/}; done
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

gi_ssh_hint="Install OpenSSH's client, 8.1 or later (Debian/Ubuntu: apt-get install openssh-client; Fedora/RHEL: dnf install openssh-clients; Alpine: apk add openssh-keygen), and run this again; or verify the release by hand (docs/INSTALL.md). Nothing was installed."

# choose_tools sets gi_fetch (curl or wget) and gi_sum (the SHA-256 tool),
# and checks for ssh-keygen, tar or unzip.
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
	if [ "$gi_insecure" = 0 ] && ! have ssh-keygen; then
		die "ssh-keygen was not found: it checks that the release is signed by guard's release key. $gi_ssh_hint"
	fi
}

# try_fetch URL FILE downloads URL into FILE over https (or loopback http).
try_fetch() {
	case $1 in
	https://*) gi_proto='=https' ;;
	*) gi_proto='=http,https' ;;
	esac
	if [ "$gi_fetch" = curl ]; then
		curl --fail --silent --show-error --location --proto "$gi_proto" --proto-redir '=https' \
			--connect-timeout 20 --max-time 600 --retry 2 --max-filesize 209715200 \
			--output "$2" "$1"
	else
		wget --quiet --tries=2 --timeout=30 --max-redirect=10 --output-document="$2" "$1"
	fi
}

# fetch URL FILE [HINT] downloads URL into FILE; on failure it stops with
# HINT after the message.
fetch() {
	try_fetch "$1" "$2" || die "download failed: $1${3:+; $3}"
}

# sha256 FILE prints FILE's SHA-256 in lowercase hex.
sha256() {
	case $gi_sum in
	sha256sum) sha256sum "$1" ;;
	shasum) shasum -a 256 "$1" ;;
	openssl) openssl dgst -sha256 "$1" | awk '{ print $NF }' ;;
	esac | awk '{ print tolower($1); exit }'
}

# verify_signature checks that checksums.txt is signed by a key that
# release_signers pins, before any archive is downloaded or unpacked: an
# archive's SHA-256 is only worth what the list it comes from is worth.
verify_signature() {
	if [ "$gi_insecure" = 1 ]; then
		warn "************************************************************************"
		warn "--insecure-skip-signature: checksums.txt is NOT checked against guard's"
		warn "release key. Whoever controls $gi_base decides what you install."
		warn "Use this only for a mirror you filled yourself from a verified release."
		warn "************************************************************************"
		return 0
	fi
	gi_sig=$gi_tmp/checksums.txt.sig
	try_fetch "$gi_base/checksums.txt.sig" "$gi_sig" 2>/dev/null ||
		die "$gi_base has no signature for checksums.txt (checksums.txt.sig): a release that is not signed by guard's release key is refused; nothing was installed. A mirror must copy checksums.txt.sig too"
	release_signers >"$gi_tmp/allowed_signers"
	if gi_out=$(ssh-keygen -Y verify -f "$gi_tmp/allowed_signers" -I guard-release -n guard-release -s "$gi_sig" <"$gi_sums" 2>&1); then
		gi_fpr=$(printf '%s\n' "$gi_out" | sed -n 's/.*key \(SHA256:[A-Za-z0-9+/]*\).*/\1/p' | head -n 1)
		say "signature verified: checksums.txt is signed by guard's release key${gi_fpr:+ ($gi_fpr)}"
		return 0
	fi
	case $gi_out in
	*"illegal option"* | *"unknown option"* | *"invalid option"* | *"usage: ssh-keygen"* | *"sage:"*"ssh-keygen"*)
		die "this ssh-keygen cannot check signatures ($(ssh -V 2>&1 | head -n 1); -Y verify needs OpenSSH 8.1 or later). $gi_ssh_hint"
		;;
	esac
	gi_out=$(printf '%s\n' "$gi_out" | head -n 1)
	die "checksums.txt at $gi_base is not signed by guard's release key (ssh-keygen: $gi_out); nothing was installed. These files are not the release guard published: do not use them, and report it if they came from github.com"
}

# resolve_archive fetches checksums.txt, verifies its signature, and sets
# gi_archive and gi_want (its SHA-256) from it.
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
	verify_signature
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

# version_cmp A B prints -1, 0 or 1 as version A is older than, the same as
# or newer than B, by semantic versioning: major.minor.patch compared as
# numbers, a pre-release (1.0.0-rc.1) before its release, its dot-separated
# parts compared as numbers or text, build metadata (+…) ignored. It prints
# ? when either is not such a version.
version_cmp() {
	awk -v a="$1" -v b="$2" '
	function num(x, y) { # digit strings of any length
		sub(/^0+/, "", x); sub(/^0+/, "", y)
		if (length(x) != length(y)) return length(x) < length(y) ? -1 : 1
		if (("x" x) == ("x" y)) return 0
		return ("x" x) < ("x" y) ? -1 : 1
	}
	function ident(x, y) {
		if (x ~ /^[0-9]+$/ && y ~ /^[0-9]+$/) return num(x, y)
		if (x ~ /^[0-9]+$/) return -1
		if (y ~ /^[0-9]+$/) return 1
		if (("x" x) == ("x" y)) return 0
		return ("x" x) < ("x" y) ? -1 : 1
	}
	function split3(v, core, pre,    i) {
		sub(/\+.*/, "", v)
		i = index(v, "-")
		pre[0] = ""
		if (i) { pre[0] = substr(v, i + 1); v = substr(v, 1, i - 1) }
		return split(v, core, ".") == 3 && v ~ /^[0-9]+\.[0-9]+\.[0-9]+$/ && pre[0] ~ /^[0-9A-Za-z.-]*$/
	}
	BEGIN {
		if (!split3(a, ca, pa) || !split3(b, cb, pb)) { print "?"; exit }
		for (k = 1; k <= 3; k++) if ((r = num(ca[k], cb[k])) != 0) { print r; exit }
		if (("x" pa[0]) == ("x" pb[0])) { print 0; exit }
		if (pa[0] == "") { print 1; exit }
		if (pb[0] == "") { print -1; exit }
		na = split(pa[0], xa, "."); nb = split(pb[0], xb, ".")
		for (k = 1; k <= na && k <= nb; k++) if ((r = ident(xa[k], xb[k])) != 0) { print r; exit }
		print (na < nb) ? -1 : (na > nb) ? 1 : 0
	}'
}

# check_downgrade refuses to replace the guard installed at gi_bin with an
# older release, unless that version was asked for (-v or GUARD_VERSION): a
# mirror, or whoever answers for "latest", must not take a fixed version
# back without a word. A guard whose version cannot be read is replaced.
check_downgrade() {
	gi_new=${gi_archive#guard_}
	gi_new=${gi_new%_"${gi_os}"_"${gi_arch}".*}
	[ -x "$gi_bin" ] || return 0
	gi_old=$("$gi_bin" --version 2>/dev/null | head -n 1) || gi_old=
	case $gi_old in
	"guard "*)
		gi_old=${gi_old#guard }
		gi_old=${gi_old%% *}
		;;
	*) return 0 ;;
	esac
	case $(version_cmp "$gi_new" "$gi_old") in
	-1)
		if [ "$gi_version_given" = 1 ]; then
			say "installing guard $gi_new over the newer $gi_old at $gi_bin, as asked (-v $gi_version)"
			return 0
		fi
		die "guard $gi_old is installed at $gi_bin, and the release at $gi_base is the older $gi_new: refusing to downgrade; nothing was installed. To go back to $gi_new, ask for it: -v $gi_new (or GUARD_VERSION=$gi_new)"
		;;
	0) say "guard $gi_new is already installed at $gi_bin; installing it again" ;;
	esac
}

# writable DIR: can this user create DIR, or write into it?
writable() {
	gi_probe=$1
	while [ ! -d "$gi_probe" ]; do gi_probe=$(dirname "$gi_probe"); done
	[ -w "$gi_probe" ]
}

# choose_dir sets gi_dir (unless -b or GUARD_INSTALL_DIR did), gi_sudo when
# the directory needs root and sudo exists, and gi_who, which says for whom
# and where guard is installed.
choose_dir() {
	gi_sudo=
	if [ "$gi_dir_given" = 1 ]; then
		gi_who="into $gi_dir"
		writable "$gi_dir" && return 0
		have sudo || die "cannot write to $gi_dir and sudo is not available; install into a directory you own, e.g. sh -s -- -b \"\$HOME/.local/bin\""
		gi_sudo=sudo
		gi_who="into $gi_dir (with sudo)"
		return 0
	fi
	gi_dir=/usr/local/bin
	if writable "$gi_dir"; then
		gi_who="for all users, into $gi_dir"
	elif have sudo; then
		gi_sudo=sudo
		gi_who="for all users, into $gi_dir (with sudo)"
	else
		[ -n "${HOME:-}" ] || die "cannot write to /usr/local/bin, sudo is not available and HOME is not set; choose a directory with -b DIR"
		gi_dir=$HOME/.local/bin
		gi_who="for you only, into $gi_dir: you are not root and there is no sudo (-b DIR chooses another directory)"
	fi
}

# choose_agents sets gi_agents (unless --agent did) to the agents whose
# settings directory exists, or agent A when none does, and gi_why to say so.
choose_agents() {
	gi_why=
	[ -z "$gi_agents" ] || return 0
	gi_a='' gi_b='' gi_c=''
	[ ! -d "$HOME/.agent_a" ] || gi_a=a
	if [ -d "$HOME/.agent_b" ] || [ -d .agent_b ]; then gi_b=b; fi
	[ ! -d .agent_c ] || gi_c=c
	gi_agents=$(printf '%s %s %s' "$gi_a" "$gi_b" "$gi_c" | tr -s ' ' | sed 's/^ //; s/ $//')
	if [ -n "$gi_agents" ]; then
		gi_why=" (their settings directories exist; --agent chooses others)"
	else
		gi_agents=a
		gi_why=" (no agent's settings directory was found, so agent A, the default; --agent chooses others)"
	fi
}

# agent_names turns "a b" into "agent A, agent B".
agent_names() {
	printf '%s\n' "$1" | tr 'abc' 'ABC' | sed 's/\([ABC]\)/agent \1/g; s/ agent/, agent/g'
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

# hint_path says how to put gi_dir on PATH, for the user's shell.
hint_path() {
	case ":${PATH:-}:" in
	*":$gi_dir:"*) return 0 ;;
	esac
	warn "$gi_dir is not on your PATH: your own agent settings call $gi_bin by its full path, but a project's hook files run 'guard' from PATH"
	case ${SHELL:-} in
	*/zsh) gi_rc="echo 'export PATH=\"$gi_dir:\$PATH\"' >> ~/.zshrc" ;;
	*/bash) gi_rc="echo 'export PATH=\"$gi_dir:\$PATH\"' >> ~/.bashrc" ;;
	*/fish) gi_rc="fish_add_path $gi_dir" ;;
	*) gi_rc="echo 'export PATH=\"$gi_dir:\$PATH\"' >> ~/.profile" ;;
	esac
	warn "to run 'guard' by name, put it on your PATH: $gi_rc (then open a new terminal)"
}

# hook_agents runs guard init for each chosen agent.
hook_agents() {
	gi_done=
	for gi_one in $gi_agents; do
		gi_name=$(agent_names "$gi_one")
		say "hooking guard into $gi_name: $gi_bin init --agent-$gi_one"
		if [ "$gi_one" = c ]; then
			say "agent C's hooks live in each project: this writes $(pwd)/.agent_c/settings.json; run 'guard init --agent-c' in your other projects"
		fi
		"$gi_bin" init --agent-"$gi_one" ||
			die "guard is installed${gi_done:+ and hooked into $gi_done}, but 'guard init --agent-$gi_one' failed (see above); run it again once that is fixed"
		gi_done=${gi_done:+$gi_done, }$gi_name
	done
}

main() {
	set -eu
	parse_args "$@"
	detect_platform
	choose_base
	choose_tools
	gi_tmp=$(mktemp -d 2>/dev/null || mktemp -d -t guard-install)
	gi_partial=
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM HUP
	say "platform: $gi_os/$gi_arch"
	resolve_archive
	choose_dir
	gi_bin=$gi_dir/$gi_exe
	check_downgrade
	[ "$gi_init" = 0 ] || choose_agents
	say "installing $gi_who"
	if [ "$gi_dry" = 1 ]; then
		say "dry run: would download $gi_base/$gi_archive"
		say "dry run: would check its SHA-256 against $gi_want (from checksums.txt, with $gi_sum, downloaded with $gi_fetch)"
		say "dry run: would install $gi_bin${gi_sudo:+ (with sudo)}"
		if [ "$gi_init" = 1 ]; then
			say "dry run: agents: $(agent_names "$gi_agents")$gi_why"
			for gi_one in $gi_agents; do say "dry run: would run $gi_bin init --agent-$gi_one"; done
		fi
		[ "$gi_service" = 0 ] || say "dry run: would run $gi_bin service install"
		say "dry run: nothing was changed"
		return 0
	fi
	install_binary
	hint_path
	if [ "$gi_init" = 1 ]; then
		say "agents: $(agent_names "$gi_agents")$gi_why"
		hook_agents
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
