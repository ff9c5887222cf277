package shell

import "strings"

// gitWholeTree reports whether git subcommand sub, given the words after
// it, reads or stages the whole work tree without a word naming it: add
// -A/--all/-u or a pathspec of the tree's top (., :/, *), stash -u/-a,
// commit -a, grep --no-index/--untracked, ls-files -o. The work tree is
// then a recursive read of the working directory (see messages), which in
// HOME holds the keys and guard's own files.
func gitWholeTree(sub string, args []string) bool {
	switch sub {
	case "add", "stage":
		return gitAnyOpt(args, "-A --all -u --update --no-ignore-removal", "Au") || gitTopSpec(args)
	case "stash":
		return gitAnyOpt(args, "-u --include-untracked -a --all", "ua")
	case "commit":
		return gitAnyOpt(args, "-a --all", "a")
	case "grep":
		return gitAnyOpt(args, "--no-index --untracked", "")
	case "ls-files":
		return gitAnyOpt(args, "-o --others", "o")
	}
	return false
}

// gitAnyOpt reports whether args hold one of the long options in longs or
// a short option cluster holding one of the letters in shorts (-am).
func gitAnyOpt(args []string, longs, shorts string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if strings.Contains(" "+longs+" ", " "+a+" ") {
			return true
		}
		if shorts != "" && len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a[1:], shorts) {
			return true
		}
	}
	return false
}

// gitTopSpec reports whether a pathspec names the whole tree: ".", "*",
// or magic that starts at the top (":/", ":(top)").
func gitTopSpec(args []string) bool {
	for _, a := range args {
		switch {
		case a == "." || a == "./" || a == "*" || a == ":/" || a == ":":
			return true
		case strings.HasPrefix(a, ":(top)") || strings.HasPrefix(a, ":/"):
			return true
		}
	}
	return false
}
