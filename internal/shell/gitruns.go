package shell

// What git runs that its words name: options whose value is a program or
// a command line (clone --upload-pack, push --receive-pack, rebase -x,
// bisect run, submodule foreach), and settings whose value git runs
// (gitRunsValue). A setting is data only when guard knows its key holds
// data; another key whose value looks like a command or a file is taken as
// one (default deny: git has many command keys, and more come).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitRunOpt is an option of a git subcommand whose value git runs as a
// command (through the shell for a local repository): its long name, its
// short letter (0 for none), and whether its value is optional (then only
// attached: -Ox, --long=x).
type gitRunOpt struct {
	long     string
	short    byte
	optional bool
}

// gitRunOpts returns the options of git's subcommand sub whose value git
// runs as a command.
func gitRunOpts(sub string) []gitRunOpt {
	switch sub {
	case "fetch", "pull", "ls-remote", "fetch-pack":
		return []gitRunOpt{{long: "--upload-pack"}, {long: "--exec"}}
	case "push", "send-pack":
		return []gitRunOpt{{long: "--receive-pack"}, {long: "--exec"}}
	case "archive":
		return []gitRunOpt{{long: "--exec"}}
	case "rebase":
		return []gitRunOpt{{long: "--exec", short: 'x'}}
	case "difftool":
		return []gitRunOpt{{long: "--extcmd", short: 'x'}}
	case "grep":
		return []gitRunOpt{{long: "--open-files-in-pager", short: 'O', optional: true}}
	case "filter-branch":
		return []gitRunOpt{{long: "--env-filter"}, {long: "--tree-filter"}, {long: "--index-filter"}, {long: "--parent-filter"},
			{long: "--msg-filter"}, {long: "--commit-filter"}, {long: "--tag-name-filter"}}
	case "send-email":
		return []gitRunOpt{{long: "--to-cmd"}, {long: "--cc-cmd"}, {long: "--sendmail-cmd"}, {long: "--header-cmd"}}
	case "instaweb":
		return []gitRunOpt{{long: "--httpd", short: 'd'}, {long: "--browser", short: 'b'}}
	case "daemon":
		return []gitRunOpt{{long: "--access-hook"}}
	}
	return nil
}

// gitOptHanded returns what git's subcommand sub appends to the command
// its option long runs (catalogue.HandedUse), and whether it appends
// words at all: the repository's path to --upload-pack, --receive-pack and
// --exec, the matching files to grep -O's pager, the two files to
// difftool -x, its own words to send-email's, instaweb's and daemon's;
// nothing to rebase --exec or filter-branch's filters (run as written).
func gitOptHanded(sub, long string) (catalogue.HandedUse, bool) {
	switch {
	case long == "--upload-pack" || long == "--receive-pack" || long == "--exec" && sub != "rebase":
		return catalogue.HandsRepo, true
	case long == "--open-files-in-pager":
		return catalogue.HandsFile, true
	case long == "--extcmd":
		return catalogue.HandsDiff, true
	case long == "--browser":
		return catalogue.HandsURL, true
	case sub == "send-email" || sub == "instaweb" || sub == "daemon":
		return catalogue.HandsOther, true
	}
	return 0, false
}

// gitRuns analyses what git's subcommand sub (at index at) runs that its
// words name: an option's command, bisect run's and submodule foreach's
// command line (clone's options are gitNewRepo's).
func (c *cmd) gitRuns(sub string, at int) {
	args := c.args[at+1:]
	switch {
	case sub == "bisect" && len(args) > 1 && args[0].Text == "run":
		c.inTop(func() { c.w.runsHanded(word.Join(args[1:]), "git") }) // git bisect run CMD ARGS…
		return
	case sub == "submodule" && len(args) > 1 && args[0].Text == "foreach":
		rest := args[1:]
		for len(rest) > 1 && (rest[0].Text == "--recursive" || rest[0].Text == "-q" || rest[0].Text == "--quiet") {
			rest = rest[1:]
		}
		// The words joined, run by sh in each submodule.
		// In each submodule's directory.
		for _, d := range c.submoduleDirs(hasAny(args, "--recursive")) {
			c.inDir(d, func() {
				c.w.runsValue(word.Join(rest), "git submodule foreach", func(t string) { c.w.runsHanded(t, "git") })
			})
		}
		return
	}
	opts := gitRunOpts(sub)
	for j := 0; j < len(args) && opts != nil; j++ {
		s := args[j].Text
		if s == "--" {
			return
		}
		for _, o := range opts {
			v, k, ok := gitRunOption(args, j, o)
			switch {
			case !ok:
				continue
			case sub == "rebase":
				c.inTop(func() { // rebase --exec runs at the top
					c.w.runsValue(v, "git "+sub+" "+o.long, func(t string) { c.w.runsHanded(t, "git") })
				})
			default:
				by := "git " + sub + " " + o.long
				c.w.runsValue(v, by, func(t string) {
					if use, ok := gitOptHanded(sub, o.long); ok {
						c.w.runsGiven(t, by, use) // it appends its own words (FINDINGS47b G7)
					} else {
						c.w.runsHanded(t, "git")
					}
				})
			}
			j = k
			break
		}
	}
}

// inDir runs f with the walker in directory dir (a command git runs in a
// directory it chooses), and returns to the command's own.
func (c *cmd) inDir(dir string, f func()) {
	saved := c.w.Dir
	c.w.Dir = dir
	defer func() { c.w.Dir = saved }()
	f()
}

// gitTop returns the top of the working tree holding the command's
// directory, where git runs rebase --exec's, bisect run's and an alias's
// commands: the nearest directory up that holds a .git (looked for up to
// maxRepoDepth); "" when there is none that near (no repository: git runs
// nothing); a directory guard does not tell when it cannot look.
func (c *cmd) gitTop() string {
	unknown := word.Mark(word.MarkVar, "GIT_TOP")
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !word.IsKnown(c.w.Dir) {
		return unknown
	}
	up := "."
	for range maxRepoDepth {
		// On disk, not as the command wrote it: git finds the top before
		// the rebase writes its tree.
		switch k := c.dotGitKind(st, path.Join(up, ".git")); k {
		case effect.EntryDir, effect.EntryFile:
			return effect.Under(c.w.Dir, up)
		case effect.EntryUnknown:
			return unknown
		}
		up = path.Join(up, "..")
	}
	return "" // none within maxRepoDepth: no repository (git runs nothing)
}

// inTop runs f with the walker at the top of the working tree (gitTop),
// or where the command is when guard finds no repository.
func (c *cmd) inTop(f func()) {
	top := c.gitTop()
	if top == "" {
		f()
		return
	}
	c.inDir(top, f)
}

// maxSubmodules bounds the submodules a foreach command is analysed in.
const maxSubmodules = 8

// submoduleDirs returns the directories git submodule foreach runs its
// command in: each path .gitmodules at the top names (read whole, at most
// maxSubmodules), and a directory guard does not tell for what it cannot
// list (nested submodules, no .gitmodules); where the command is when
// guard finds no repository; a .gitmodules guard cannot read whole hides
// the command.
func (c *cmd) submoduleDirs(recursive bool) []string {
	unknown := word.Mark(word.MarkVar, "sm_path")
	top := c.gitTop()
	switch {
	case top == "":
		return []string{c.w.Dir} // no repository found: where the command is
	case !word.IsKnown(top):
		return []string{unknown}
	}
	text, st := c.w.FileStatus(path.Join(top, ".gitmodules"), true, effect.MaxScriptBytes)
	switch st {
	case effect.FileAbsent:
		return []string{unknown}
	case effect.FileWhole:
	default:
		c.w.hide("git submodule foreach runs its command in submodules guard cannot list (a .gitmodules it cannot read whole)")
		return nil
	}
	settings, err := gitSettings(text)
	if err != nil {
		c.w.hide("git submodule foreach runs its command in submodules guard cannot list (a .gitmodules it cannot read as git does: %v)", err)
		return nil
	}
	var dirs []string
	if recursive {
		dirs = append(dirs, unknown) // nested submodules: not listed here
	}
	for _, kv := range settings {
		if strings.HasPrefix(kv[0], "submodule.") && strings.HasSuffix(kv[0], ".path") {
			if len(dirs) > maxSubmodules || !word.IsKnown(kv[1]) || kv[1] == "" {
				c.w.hide("git submodule foreach runs its command in more submodules than guard analyses")
				return nil
			}
			dirs = append(dirs, effect.Under(top, kv[1]))
		}
	}
	return dirs
}

// gitRunOption returns the value of option o at args[j] (spelt whole or as
// an abbreviation git takes: --upload-p=X, at least --xyz; -x V, -xV), and
// the index of the last word used.
func gitRunOption(args []word.Word, j int, o gitRunOpt) (string, int, bool) {
	s := args[j].Text
	if o.short != 0 && len(s) >= 2 && s[0] == '-' && s[1] == o.short {
		switch {
		case len(s) > 2:
			return s[2:], j, true
		case !o.optional && j+1 < len(args):
			return args[j+1].Text, j + 1, true
		}
		return "", j, false
	}
	name, v, eq := strings.Cut(s, "=")
	if !strings.HasPrefix(name, "--") || len(name) < len("--exe") || !strings.HasPrefix(o.long, name) {
		return "", j, false
	}
	switch {
	case eq:
		return v, j, true
	case !o.optional && j+1 < len(args):
		return args[j+1].Text, j + 1, true
	}
	return "", j, false
}

// gitDataKey reports whether git setting key (lower case) is known to hold
// data: a name, a flag, a number, a URL, a file git only reads, never a
// program or a command it runs. Sections of data only are listed whole.
func gitDataKey(key string) bool {
	section, rest, _ := strings.Cut(key, ".")
	name := rest
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		name = rest[i+1:]
	}
	switch section {
	case "user", "color", "column", "advice", "i18n", "log", "format", "status", "branch", "pull", "push",
		"fetch", "gc", "pack", "rerere", "tag", "transfer", "protocol", "http", "url", "init", "index",
		"checkout", "clone", "am", "apply", "grep", "blame", "commit", "safe", "maintenance", "feature",
		"versionsort", "worktree", "rebase", "submodule", "lfs", "receive", "stash", "notes", "splitindex",
		"fsck", "fastimport", "add", "reset", "showbranch", "merge", "diff", "credential", "remote", "filter",
		"mergetool", "difftool", "sendemail", "gpg", "trace2":
		// The command keys of these sections are gitRunsValue's, checked
		// first; init.templateDir and trace2's targets are gitSetting's.
		return true
	case "core":
		switch name {
		case "autocrlf", "eol", "filemode", "ignorecase", "quotepath", "safecrlf", "symlinks", "bare",
			"logallrefupdates", "repositoryformatversion", "compression", "loosecompression", "abbrev",
			"whitespace", "precomposeunicode", "longpaths", "untrackedcache", "splitindex", "commitgraph",
			"multipackindex", "preloadindex", "fscache", "checkstat", "trustctime", "sparsecheckout",
			"sparsecheckoutcone", "excludesfile", "attributesfile", "commentchar", "commentstring",
			"warnambiguousrefs", "packedgitlimit", "packedgitwindowsize", "bigfilethreshold", "deltabasecachelimit",
			"fsync", "fsyncmethod", "createobject", "notesref", "sharedrepository", "filesrefloc", "restrictinheritedhandles":
			return true
		}
	}
	return false
}

// gitCommandLike reports whether v, a setting's value, may be a program or
// a command line: it names a path, holds a blank, a shell character, or
// starts with ! (git's "run this in a shell").
func gitCommandLike(v string) bool {
	return strings.ContainsAny(v, "/ \t$`;|&<>()\\'\"") || strings.HasPrefix(v, "!") || strings.HasPrefix(v, "~")
}

// gitSetting analyses setting key (lower case) = v for what it does other
// than run a command: init.templateDir's hooks (hidden, as --template is),
// trace2's targets (files git writes its trace to: a write).
func (w *walker) gitSetting(key, v string) {
	switch {
	case key == "init.templatedir":
		w.hide("git init.templateDir: the new repository's hooks come from a directory guard does not read")
	case strings.HasPrefix(key, "trace2.") && strings.HasSuffix(key, "target") && (strings.Contains(v, "/") || strings.HasPrefix(v, "~")):
		w.Write(v) // the trace, with the command's words, appended to the file
	}
}

// gitWriteOpt is an option of a git subcommand whose value is a place it
// writes: a directory it fills with names of its own (dir), or a file.
type gitWriteOpt struct {
	short   byte
	withArg string // the subcommand's short options that take a value (for clusters)
	long    string
	dir     bool
}

// gitWriteOpts returns the options of git's subcommand sub that name where
// it writes (git mailsplit -oDIR, bugreport -o DIR, format-patch -o DIR,
// archive -o FILE…).
func gitWriteOpts(sub string) []gitWriteOpt {
	switch sub {
	case "mailsplit":
		return []gitWriteOpt{{short: 'o', withArg: "o", dir: true}}
	case "bugreport", "diagnose":
		return []gitWriteOpt{{short: 'o', withArg: "os", long: "--output-directory", dir: true}}
	case "format-patch":
		return []gitWriteOpt{{short: 'o', withArg: "ov", long: "--output-directory", dir: true}, {long: "--output"}}
	case "archive":
		return []gitWriteOpt{{short: 'o', withArg: "o", long: "--output"}}
	case "fast-export", "fast-import":
		return []gitWriteOpt{{long: "--export-marks"}}
	case "index-pack":
		return []gitWriteOpt{{short: 'o', withArg: "o"}}
	case "checkout-index":
		return []gitWriteOpt{{long: "--prefix", dir: true}}
	}
	return nil
}

// gitWrites records the places git's subcommand sub (at index at) writes
// that its options name, and the file of git bundle create FILE: a
// directory is filled with names guard cannot tell (checkout-index
// --prefix=P: P followed by each path of the index).
func (c *cmd) gitWrites(sub string, at int) {
	args := c.args[at+1:]
	if sub == "bundle" && len(args) > 1 && args[0].Text == "create" {
		if ops := gitOperands(args[1:], " --version "); len(ops) > 0 {
			c.w.Write(ops[0])
		}
		return
	}
	opts := gitWriteOpts(sub)
	for j := 0; j < len(args) && opts != nil; j++ {
		if args[j].Text == "--" {
			return
		}
		for _, o := range opts {
			v, k, ok := word.OptionValue(args, j, o.short, o.withArg, o.long)
			if !ok || o.short == 0 && !strings.HasPrefix(args[j].Text, "--") {
				continue
			}
			switch {
			case sub == "checkout-index":
				c.w.Write(v + effect.UnknownName) // --prefix=P: P then each path
			case o.dir:
				c.w.Write(v) // the directory, made when absent
				c.w.WriteUnknownIn(v)
			default:
				c.w.Write(v)
			}
			j = k
			break
		}
	}
}
