#!/bin/sh
# guard uninstaller: stops and removes the console service, takes guard's
# hooks out of the agents' settings, and removes the binary. ~/.guard (the
# policy and the audit log) stays unless --purge is given.
#
#   curl -fsSL https://raw.githubusercontent.com/guardhq/guard/main/installers/uninstall.sh | sh
#   curl -fsSL https://raw.githubusercontent.com/guardhq/guard/main/installers/uninstall.sh | sh -s -- --purge
#
# Every line of code is inside a function and the only command is the last
# line, a { …; } group: a download cut short anywhere, even inside that line,
# is a syntax error or a bare definition, and runs nothing.

usage() {
	cat <<'EOF'
Usage: uninstall.sh [options]

Removes guard: its console service, its hooks in the agents' settings
(guard init --agent-a --remove, and agents B and C where installed) and
the binary.

Options (environment variable in brackets):
  -b DIR       the directory guard was installed into [GUARD_INSTALL_DIR]
               (default: where 'guard' is found on PATH, else ~/.local/bin
               if guard is there, else /usr/local/bin)
  --purge      also delete guard's directory (~/.guard, or $GUARD_HOME):
               the policy and the audit log
  -h, --help   show this help
EOF
}

say() { printf 'guard-uninstall: %s\n' "$*"; }
warn() { printf 'guard-uninstall: warning: %s\n' "$*" >&2; }
die() {
	printf 'guard-uninstall: error: %s\n' "$*" >&2
	exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }

parse_args() {
	gu_dir=${GUARD_INSTALL_DIR:-}
	gu_purge=0
	while [ $# -gt 0 ]; do
		case $1 in
		-b | --bin-dir)
			[ $# -ge 2 ] || die "$1 needs a directory"
			gu_dir=$2
			shift
			;;
		--bin-dir=*) gu_dir=${1#*=} ;;
		--purge) gu_purge=1 ;;
		-h | --help)
			usage
			exit 0
			;;
		*) die "unknown option: $1 (see --help)" ;;
		esac
		shift
	done
}

# locate sets gu_bin, the guard binary to remove.
locate() {
	if [ -n "$gu_dir" ]; then
		gu_bin=${gu_dir%/}/guard
	elif have guard; then
		gu_bin=$(command -v guard)
	elif [ -n "${HOME:-}" ] && [ -x "$HOME/.local/bin/guard" ]; then
		# Where install.sh puts guard for a user without root or sudo.
		gu_bin=$HOME/.local/bin/guard
	else
		gu_bin=/usr/local/bin/guard
	fi
}

as_root() {
	if [ -n "$gu_sudo" ]; then sudo "$@"; else "$@"; fi
}

# unhook removes the service and guard's hook entries while the binary
# that knows how still exists.
unhook() {
	"$gu_bin" service uninstall || warn "could not remove the console service (see above); 'guard service uninstall' explains what is missing"
	if [ -f "$HOME/.agent_a/settings.json" ]; then
		"$gu_bin" init --agent-a --remove || warn "could not remove guard's hooks from ~/.agent_a/settings.json (see above)"
	fi
	if [ -f "$HOME/.agent_b/hooks.json" ] || [ -f .agent_b/hooks.json ]; then
		"$gu_bin" init --agent-b --remove || warn "could not remove guard's agent B hooks (see above)"
	fi
	if [ -f .agent_c/settings.json ]; then
		"$gu_bin" init --agent-c --remove || warn "could not remove guard's agent C hooks from $(pwd)/.agent_c/settings.json (see above)"
	fi
}

remove_binary() {
	gu_sudo=
	if [ ! -w "$(dirname "$gu_bin")" ]; then
		have sudo || die "cannot remove $gu_bin: its directory is not writable and sudo is not available; run this as a user who can write there"
		gu_sudo=sudo
		say "using sudo to remove $gu_bin"
	fi
	as_root rm -f "$gu_bin"
	say "removed $gu_bin"
}

purge() {
	gu_home=${GUARD_HOME:-$HOME/.guard}
	case $gu_home in
	"" | / | "$HOME" | "$HOME/") die "refusing to delete $gu_home as guard's directory" ;;
	esac
	if [ "$gu_purge" = 1 ]; then
		rm -rf "$gu_home"
		say "deleted $gu_home"
	elif [ -d "$gu_home" ]; then
		say "kept $gu_home (policy and audit log); delete it with --purge"
	fi
}

main() {
	set -eu
	parse_args "$@"
	locate
	if [ -x "$gu_bin" ]; then
		unhook
		remove_binary
	else
		warn "no guard binary at $gu_bin; nothing to unhook or remove there (use -b DIR if it lives elsewhere)"
	fi
	purge
	say "done"
}

{ main "$@"; }
