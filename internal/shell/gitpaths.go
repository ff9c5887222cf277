package shell

// The files git's path-valued settings name (catalogue.GitPathKey):
// commit.template, blame.ignoreRevsFile, format.signatureFile… are files
// git reads, and prints or commits; format.outputDirectory is where it
// writes. They are recorded as the reads and writes they are wherever a
// setting comes from: git -c, --config-env, GIT_CONFIG_COUNT/KEY_n/VALUE_n,
// GIT_CONFIG_PARAMETERS, git config KEY VALUE, a configuration file a
// variable names, and the configurations git loads at each call.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitPathSetting records the file setting key (lower case) = v names as
// read or written, as catalogue.GitPathKey says; false when the key names
// no file guard knows of. A relative path is git's working directory's
// or, for a command that moves to the top of the working tree first
// (commit, blame), the top's: it is read in the directory and in each
// directory above it (revRead).
func (w *walker) gitPathSetting(key, v string) bool {
	use := catalogue.GitPathKey(key)
	if use == 0 {
		return false
	}
	if v == "" {
		return true
	}
	if use&catalogue.GitPathReads != 0 {
		w.revRead(v)
	}
	if use&catalogue.GitPathWrites != 0 {
		w.gitPathWrite(v)
	}
	return true
}

// gitPathWrite records the file git writes at relative or absolute path
// p, in the working directory and each directory above it.
func (w *walker) gitPathWrite(p string) {
	w.Write(p)
	if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
		return
	}
	up := ""
	for range maxRepoDepth {
		up += "../"
		w.Write(up + p)
	}
}

// gitUnknownPath records the value v of setting key (lower case), a key
// guard does not know to hold data nor to name a file of a known role
// (default deny): it may be a file git reads and prints, or writes. A
// bare hidden name (.env) is read and written, not touched: the checks of
// a bare touch (a data word guard cannot tell from a name) would let a
// read-protected file through.
func (w *walker) gitUnknownPath(key, v string) {
	if v == "" || gitDataSetting(key+"="+v) {
		return
	}
	if effect.BareHidden(v) && word.IsKnown(v) {
		w.Read(v)
		w.Write(v)
		return
	}
	w.Touch(v)
}
