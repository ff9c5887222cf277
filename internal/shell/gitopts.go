package shell

// git's options as its parse-options reads them. A cluster of short
// options takes the rest of the word as the value of a letter that takes
// one (git tag -aFk v9 reads the file k), a long option is also any
// unique abbreviation of it (--fil is --file) and takes its value after =
// or in the next word, and --no-NAME negates. A word of a subcommand's
// argv is data (a ref name, a message) only when guard parsed every
// option of it so: an option it does not know may take the next word, or
// be an abbreviation of one that reads a file.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// gitOptSpec is a git subcommand's options as its parse-options table
// declares them.
type gitOptSpec struct {
	withArg string // short options taking a value: the rest of the word, else the next word
	optArg  string // short options whose optional value is the rest of the word
	flags   string // short options taking none
	// long holds the long options, " name " a flag, " name= " one taking a
	// value (after = or the next word), " name=? " one whose optional
	// value comes after = only.
	long string
}

// gitOpt is an option gitScan parsed: its name as written in full (--file,
// or -F), its value and the index of the word that holds it (-1 for
// none), attached when that word is the option's own (-Fk, --file=k).
type gitOpt struct {
	name     string
	value    string
	at       int
	attached bool
}

// gitOptSpecs returns the options of git's subcommand sub guard models;
// false for another.
func gitOptSpecs(sub string) (gitOptSpec, bool) {
	switch sub {
	case "commit":
		return gitOptSpec{withArg: "mFcCt", optArg: "Su", flags: "qvseaiponz",
			long: " quiet verbose reset-author signoff edit status all include interactive patch only no-verify dry-run short branch " +
				"ahead-behind porcelain long null amend no-post-rewrite pathspec-file-nul allow-empty allow-empty-message " +
				"file= message= author= date= reedit-message= reuse-message= fixup= squash= trailer= template= cleanup= " +
				"pathspec-from-file= gpg-sign=? untracked-files=? "}, true
	case "tag":
		return gitOptSpec{withArg: "mFu", optArg: "n", flags: "ldvaesfi",
			long: " list delete verify annotate edit sign force create-reflog ignore-case omit-empty message= file= trailer= " +
				"cleanup= local-user= contains= no-contains= points-at= merged= no-merged= sort= format= color=? column=? "}, true
	case "branch":
		return gitOptSpec{withArg: "u", optArg: "t", flags: "vqradDmMcClfi",
			long: " verbose quiet unset-upstream remotes all delete move copy list show-current create-reflog edit-description " +
				"force ignore-case omit-empty recurse-submodules set-upstream-to= contains= no-contains= merged= no-merged= " +
				"points-at= sort= format= track=? color=? abbrev=? column=? "}, true
	case "checkout":
		return gitOptSpec{withArg: "bB", optArg: "t", flags: "lfmpq23",
			long: " detach guess force merge patch quiet ignore-skip-worktree-bits ignore-other-worktrees overwrite-ignore " +
				"progress overlay ours theirs pathspec-file-nul orphan= conflict= pathspec-from-file= track=? recurse-submodules=? "}, true
	case "switch":
		return gitOptSpec{withArg: "cC", optArg: "t", flags: "dfmq",
			long: " detach guess discard-changes force merge quiet progress ignore-other-worktrees create= force-create= " +
				"orphan= conflict= track=? recurse-submodules=? "}, true
	case "merge":
		return gitOptSpec{withArg: "sXmF", optArg: "S", flags: "nevq",
			long: " stat summary compact-summary squash commit edit ff ff-only rerere-autoupdate verify-signatures verbose quiet " +
				"abort quit continue allow-unrelated-histories progress autostash overwrite-ignore signoff verify " +
				"cleanup= strategy= strategy-option= message= file= into-name= log=? gpg-sign=? "}, true
	case "clone":
		return gitOptSpec{withArg: "jobuc", flags: "vqnls46",
			long: " verbose quiet progress reject-shallow no-checkout bare naked mirror local no-hardlinks shared " +
				"dissociate single-branch tags shallow-submodules ipv4 ipv6 also-filter-submodules remote-submodules sparse " +
				"recurse-submodules=? recursive=? jobs= template= reference= reference-if-able= origin= branch= revision= " +
				"upload-pack= depth= shallow-since= shallow-exclude= separate-git-dir= ref-format= config= server-option= " +
				"filter= bundle-uri= "}, true
	case "init":
		return gitOptSpec{withArg: "b", flags: "q",
			long: " bare quiet template= separate-git-dir= initial-branch= object-format= ref-format= shared=? "}, true
	case "stash push":
		return gitOptSpec{withArg: "m", flags: "pSkqua",
			long: " patch staged keep-index quiet include-untracked all only-untracked pathspec-file-nul message= pathspec-from-file= "}, true
	case "rm":
		return gitOptSpec{flags: "nqfr",
			long: " dry-run quiet cached force ignore-unmatch sparse pathspec-file-nul pathspec-from-file= "}, true
	case "check-ignore":
		return gitOptSpec{flags: "qvzn", long: " quiet verbose stdin non-matching no-index "}, true
	case "check-attr":
		return gitOptSpec{flags: "az", long: " all cached stdin source= "}, true
	case "notes":
		return gitOptSpec{withArg: "mFcC", flags: "f",
			long: " allow-empty force stripspace ref= message= file= reedit-message= reuse-message= separator=? "}, true
	}
	return gitOptSpec{}, false
}

// gitScan parses args[from:] as git's parse-options does with spec,
// calling opt for each option, up to --. It returns the indexes of the
// operands before --, and false when a word is an option spec does not
// hold (unknown, or an abbreviation of several): the scan goes on, an
// unknown short letter taken for a flag, so that a value-taking letter
// after it is still seen.
func gitScan(args []word.Word, from int, spec gitOptSpec, opt func(gitOpt)) ([]int, bool) {
	var operands []int
	ok := true
	for j := from; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			return operands, ok
		case strings.HasPrefix(s, "--"):
			k, known := gitLongOpt(args, j, spec, opt)
			ok = ok && known
			j = k
		case len(s) > 1 && s[0] == '-':
			k, known := gitShortOpts(args, j, spec, opt)
			ok = ok && known
			j = k
		default:
			operands = append(operands, j)
		}
	}
	return operands, ok
}

// gitShortOpts parses the cluster of short options at args[j]; it returns
// the index of the last word used and whether every letter was known.
func gitShortOpts(args []word.Word, j int, spec gitOptSpec, opt func(gitOpt)) (int, bool) {
	s, known := args[j].Text, true
	for i := 1; i < len(s); i++ {
		ch := s[i]
		name := "-" + string(ch)
		switch {
		case strings.IndexByte(spec.withArg, ch) >= 0:
			v, k, ok := word.OptionValue(args, j, ch, "", "")
			switch {
			case !ok:
				opt(gitOpt{name: name, at: -1})
			case k == j:
				opt(gitOpt{name: name, value: v, at: j, attached: true})
			default:
				opt(gitOpt{name: name, value: v, at: k})
			}
			return k, known
		case strings.IndexByte(spec.optArg, ch) >= 0:
			opt(gitOpt{name: name, value: s[i+1:], at: j, attached: true})
			return j, known
		case strings.IndexByte(spec.flags, ch) < 0:
			known = false // a letter guard does not know: taken for a flag
		default:
			opt(gitOpt{name: name, at: -1}) // a flag, as a long one is reported
		}
	}
	return j, known
}

// gitLongOpt parses the long option at args[j] (--name, --name=V, a unique
// abbreviation, --no-NAME); it returns the index of the last word used and
// whether the option was known.
func gitLongOpt(args []word.Word, j int, spec gitOptSpec, opt func(gitOpt)) (int, bool) {
	s := args[j].Text
	given, v, eq := strings.Cut(s[2:], "=")
	full, kind, ok := gitLongName(spec.long, given)
	switch {
	case !ok:
		return j, false
	case eq:
		opt(gitOpt{name: "--" + full, value: v, at: j, attached: true})
	case kind == "=" && j+1 < len(args):
		opt(gitOpt{name: "--" + full, value: args[j+1].Text, at: j + 1})
		return j + 1, true
	default:
		opt(gitOpt{name: "--" + full, at: -1})
	}
	return j, true
}

// gitLongName returns the long option of longs that given names, exactly
// or as its unique abbreviation (of any length), negated or not, and
// its kind ("" a flag, "=" a value, "=?" an optional value); false when
// none or several do.
func gitLongName(longs, given string) (string, string, bool) {
	var full, kind string
	n := 0
	for _, f := range strings.Fields(longs) {
		name, k, _ := strings.Cut(f, "=")
		if k != "" || strings.HasSuffix(f, "=") {
			k = "=" + k
		}
		forms := []string{name, "no-" + name}
		if rest, ok := strings.CutPrefix(name, "no-"); ok {
			forms = append(forms, rest)
		}
		for i, form := range forms {
			fk := k
			if i > 0 {
				fk = "" // a negation takes no value
			}
			if form == given {
				return form, fk, true
			}
			if given != "" && strings.HasPrefix(form, given) { // git takes any unique prefix (word.LongOption: getopt's, at least --xyz)
				full, kind = form, fk
				n++
			}
		}
	}
	return full, kind, n == 1
}
