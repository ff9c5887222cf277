package hook

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
)

// A later stage of a search's pipeline that reshapes its standard input
// (grep -rn TODO . | cut -d: -f1, | awk -F: '{print $1}', | jq -R .)
// prints text made of the lines the search printed and of nothing else:
// the files whose lines it may show are the search's (treePrints), and
// only their secret lines count, as for the search alone. A stage that
// reads a file, runs a command or writes a copy is not such a filter.

// reshapesInput reports whether a pipeline stage after the first (its
// program name and arguments) prints only text made from its standard
// input, reads no file and runs nothing: a filter whose options guard
// knows and that names no operand.
func reshapesInput(name string, args []string) bool {
	switch name {
	case "awk", "gawk", "mawk", "nawk":
		return awkFilter(args)
	case "sed":
		return sedFilter(args)
	case "jq":
		return jqFilter(args)
	}
	flags, ok := reshapeFlags[name]
	if !ok {
		return false
	}
	for _, a := range args {
		if !strings.Contains(flags, " "+a+" ") {
			return false
		}
	}
	return true
}

// reshapeFlags are, for the filters that take no script, the words of
// theirs that name no file (an option with its value glued).
var reshapeFlags = map[string]string{
	"rev":    " ",
	"base64": " -d --decode -i --ignore-garbage -w0 --wrap=0 ",
	"base32": " -d --decode -i --ignore-garbage -w0 --wrap=0 ",
	"xxd":    " -p -ps -plain -u -r ",
	"od":     " -c -x -b -An -tx1 -tc ",
}

// awkFilter reports whether awk's arguments are -F and -v options and a
// program that opens nothing (no getline, system, pipe or output
// redirection, no @include, no change of ARGV or ARGC: lang.AwkArgs),
// with no operand after it.
func awkFilter(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-F" || a == "-v":
			i++
		case strings.HasPrefix(a, "-F") || strings.HasPrefix(a, "-v") && strings.Contains(a, "="):
		case strings.HasPrefix(a, "-"):
			return false
		default:
			return i == len(args)-1 && !strings.ContainsAny(a, "|>@") &&
				!strings.Contains(a, "getline") && !strings.Contains(a, "system") && !lang.AwkArgs(a).Changes
		}
	}
	return false
}

// sedFilter reports whether sed's arguments are options that edit no
// file and scripts that read, write and run nothing (lang.ReadSed; one it
// cannot read to its end may), with no operand after them.
func sedFilter(args []string) bool {
	var scripts []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-e" || a == "--expression":
			if i++; i == len(args) {
				return false
			}
			scripts = append(scripts, args[i])
		case strings.HasPrefix(a, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(a, "--expression="))
		case a == "-n" || a == "-E" || a == "-r" || a == "-u" || a == "-z" || a == "--quiet" || a == "--silent" || a == "--regexp-extended":
		case strings.HasPrefix(a, "-"):
			return false // -i, -f, -s, -l N: not in the model
		case len(scripts) == 0 && i == len(args)-1:
			scripts = append(scripts, a)
		default:
			return false // an operand: a file
		}
	}
	// (the scripts are one, joined by newlines, as sed reads them)
	return len(scripts) > 0 && !lang.ReadSed(strings.Join(scripts, "\n")).Does()
}

// jqFilter reports whether jq's arguments are options that read no file
// and one filter that imports no module, with no file after it.
func jqFilter(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--arg" || a == "--argjson":
			i += 2
		case a == "--indent":
			i++
		case strings.HasPrefix(a, "--"):
			if !strings.Contains(" --raw-output --compact-output --raw-input --slurp --null-input --join-output --ascii-output --sort-keys --exit-status --tab --seq --color-output --monochrome-output ", " "+a+" ") {
				return false
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if strings.Trim(a[1:], "rcRsnjaSeCM") != "" {
				return false
			}
		default:
			return i == len(args)-1 && !strings.Contains(a, "import") && !strings.Contains(a, "include")
		}
	}
	return false
}
