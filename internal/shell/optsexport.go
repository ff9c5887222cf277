package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Exported option variables. bash keeps its shopt options in BASHOPTS and
// its set -o options in SHELLOPTS, read-only variables whose value follows
// every shopt and set; once either is exported (export BASHOPTS, declare
// -x SHELLOPTS, export of names guard cannot list), every bash the shell
// starts imports those options at start-up: export BASHOPTS; shopt -s
// xpg_echo; bash -c 'echo "\056bashrc"' prints .bashrc (FINDINGS58b B6).
// The walker notes that the export may have run (sticky: unexporting is
// not followed) and then starts a child bash with the options this shell
// may have on: xpg_echo (echodialect.go), keyword (set -k) and extdebug.
// The glob and cd options (nocaseglob, dotglob, cdable_vars, …) already
// stay on, once they may be, for the shells the command starts.

// noteOptsExport notes an export of BASHOPTS or SHELLOPTS (declName).
func (w *walker) noteOptsExport(name string, f declFlags) {
	if f.exported && !f.unexport && (name == "BASHOPTS" || name == "SHELLOPTS") {
		w.optsExported = true
	}
}

// envShellOptions reports whether a bash starting here may take keyword
// (set -k) and extdebug from its environment: bash turns on, before
// anything else, each option its environment's SHELLOPTS (set -o's) and
// BASHOPTS (shopt's) list, as set -o would (env SHELLOPTS=keyword bash -c
// 'bash -c : BASH_ENV=./x.sh' runs x.sh: FINDINGS58d D6). A value guard
// cannot read may list either. zsh and the other shells do not read them;
// sh may be bash.
func (c *cmd) envShellOptions() (keyword, extdebug bool) {
	base := strings.TrimPrefix(strings.ToLower(word.Base(c.name)), "-")
	if c.w.zsh || base != "" && base != "sh" && base != "rbash" && !strings.HasPrefix(base, "bash") {
		return false, false
	}
	for _, o := range c.w.envOptions() {
		if !o.Known {
			return true, true
		}
		keyword = keyword || o.Text == "keyword"
		extdebug = extdebug || o.Text == "extdebug"
	}
	return keyword, extdebug
}

// envOptsSet notes an environment entry SHELLOPTS or BASHOPTS that code
// or a command sets for the programs it starts ($ENV{SHELLOPTS} =
// "keyword" in perl, env= in python): a bash they start turns on the
// options listed, keyword and extdebug among them, so the walk goes on as
// if this shell had them on and exported (sticky; a value guard cannot
// read may list any).
func (w *walker) envOptsSet(name, value string) {
	if name != "SHELLOPTS" && name != "BASHOPTS" {
		return
	}
	unknown := strings.Contains(value, word.UnknownSubst) || word.HasMark(value) || strings.ContainsAny(value, "$`")
	for _, o := range strings.Split(value, ":") {
		if unknown || o == "keyword" {
			w.setKeyword(true)
			w.optsExported = true
		}
		if unknown || o == "extdebug" {
			w.extdebug, w.optsExported = true, true
		}
	}
}
