package hook

import (
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
)

// rgValued are ripgrep's options in the model that take a value (after =
// or as the next word; a short one also attached); the patterns come
// from -e/--regexp. The two lists hold only options known not to change
// which bytes a line is matched against nor what it prints beyond the
// line (a filter of files, a limit, a format): those that change what a
// match is, transcode the text or run a program (--pre, -z, -P, -U, -f,
// --engine, --null-data, --passthru, -E/--encoding, --crlf,
// --no-unicode) are in neither: not modelled.
const rgValued = " -e --regexp -g --glob --iglob -t --type -T --type-not --type-add --type-clear -m --max-count -A --after-context -B --before-context -C --context --context-separator --field-match-separator --field-context-separator -M --max-columns -r --replace -j --threads -d --max-depth --max-filesize --color --colors --sort --sortr --path-separator --ignore-file --dfa-size-limit --regex-size-limit --hyperlink-format "

// rgFlags are ripgrep's options in the model without a value.
const rgFlags = " -i -s -S -v -w -x -F -n -N -H -I -o -c -l -q -a -L -u -. -0 -b -p " +
	"--ignore-case --case-sensitive --smart-case --invert-match --word-regexp --line-regexp --fixed-strings " +
	"--no-fixed-strings --line-number --no-line-number --with-filename --no-filename --no-heading --heading " +
	"--only-matching --count --count-matches --files-with-matches --files-without-match --quiet --files " +
	"--text --binary --follow --no-follow --hidden --no-hidden --no-ignore --no-ignore-vcs --no-ignore-dot " +
	"--no-ignore-global --no-ignore-parent --no-ignore-exclude --no-ignore-files --unrestricted --null " +
	"--vimgrep --json --column --byte-offset --trim --pretty --stats --no-messages --no-config " +
	"--line-buffered --block-buffered --no-crlf --sort-files --one-file-system " +
	"--max-columns-preview --glob-case-insensitive --ignore-file-case-insensitive "

// rgState is what ripgrep's options set so far.
type rgState struct {
	grepState
	noConfig bool
	// list: --files, which takes no pattern (every operand is a root)
	// and prints the names of the files it would search.
	list bool
}

// rgLines returns what ripgrep with args prints of a file, and whether
// guard models every option and pattern. Which files ripgrep skips
// (hidden names, ignore files) is the command analysis's
// (shell.Analysis.VisibleReads), not this model's. A config file
// (RIPGREP_CONFIG_PATH) adds options guard does not see: not modelled,
// unless --no-config.
func rgLines(args []string) (grepSpec, bool) {
	s := rgState{grepState: grepState{ok: true, rec: true}}
	var ops []string
	for i := 0; i < len(args) && s.ok; i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			i = s.long(args, i)
		case len(a) > 1 && a[0] == '-':
			i = s.short(args, i)
		default:
			ops = append(ops, a)
		}
	}
	if !s.ok || !s.noConfig && os.Getenv("RIPGREP_CONFIG_PATH") != "" {
		return grepSpec{}, false
	}
	switch {
	case s.list:
		return grepSpec{none: true, files: true, roots: rootsOf(ops)}, true // names only
	case s.patterns == nil && len(ops) == 0:
		return grepSpec{none: true}, true // no pattern: a usage error
	case s.patterns == nil:
		s.patterns, ops = ops[:1], ops[1:]
	}
	g, ok := s.rgSpec()
	// binary: a file the walk finds is searched from a buffer, up to its
	// first NUL byte (rg quits there, or with --binary prints no match
	// past it); a file named alone may be read from a memory map, which
	// tests only the matched lines, but that is a read of the file, not
	// the tree's (greppedSecret serves only the tree's files). rg
	// decodes a file with a UTF-16 byte order mark first (bom): its NUL
	// bytes are no NUL of the text searched.
	g.files, g.follow, g.roots, g.binary, g.bom = true, s.follow, rootsOf(ops), !s.text, true
	g.filter = rgFilterOf(s.filters, !slices.ContainsFunc(g.roots, func(r string) bool { return path.Clean(r) != "." }))
	return g, ok
}

// long reads the long option at args[i] and returns the index of the last
// word it used.
func (s *rgState) long(args []string, i int) int {
	opt, val, hasVal := strings.Cut(args[i], "=")
	switch {
	case strings.Contains(rgValued, " "+opt+" "):
		if !hasVal {
			var ok bool
			if val, i, ok = optValue(args, i, "", &s.ok); !ok {
				return i
			}
		}
		s.value(opt, val)
	case hasVal || !strings.Contains(rgFlags, " "+opt+" "):
		s.ok = false
	default:
		s.flag(opt)
	}
	return i
}

// short reads the cluster of short options at args[i] (a value: the rest
// of the word, else the next one).
func (s *rgState) short(args []string, i int) int {
	cl := args[i][1:]
	for j := 0; j < len(cl); j++ {
		o := "-" + cl[j:j+1]
		switch {
		case strings.Contains(rgValued, " "+o+" "):
			val, last, ok := optValue(args, i, cl[j+1:], &s.ok)
			if !ok {
				return i
			}
			s.value(o, val)
			return last
		case strings.Contains(rgFlags, " "+o+" "):
			s.flag(o)
		default:
			s.ok = false
			return i
		}
	}
	return i
}

// value records an option with its value: a pattern's, a context's.
func (s *rgState) value(opt, val string) {
	switch opt {
	case "-e", "--regexp":
		s.patterns = append(s.patterns, val)
	case "-A", "-B", "-C", "--after-context", "--before-context", "--context":
		s.context(opt, val)
	case "-g", "--glob", "--iglob", "-t", "--type", "-T", "--type-not", "--type-add", "--type-clear":
		s.filters = append(s.filters, [2]string{opt, val})
	}
}

// flag records an option without a value.
func (s *rgState) flag(o string) {
	switch o {
	case "-i", "-S", "--ignore-case", "--smart-case":
		s.fold = true // smart case folds at most as -i does
	case "-v", "--invert-match":
		s.invert = true
	case "-l", "-c", "-q", "--count", "--count-matches", "--files-with-matches", "--files-without-match", "--quiet":
		s.quiet = true
	case "--files":
		s.list = true
	case "-F", "--fixed-strings":
		s.matcher = 'F'
	case "--no-fixed-strings":
		s.matcher = 0
	case "-L", "--follow":
		s.follow = true
	case "--no-follow":
		s.follow = false
	case "--no-config":
		s.noConfig = true
	case "-a", "--text":
		s.text = true // else no line past a NUL byte: rg stops there (--binary too)
	case "--glob-case-insensitive":
		s.filters = append(s.filters, [2]string{o, ""})
	}
}

// rgSpec compiles ripgrep's patterns (Rust's regex syntax) to Go
// expressions matching at least the lines ripgrep's match (rustExpr).
func (s *rgState) rgSpec() (grepSpec, bool) {
	if s.matcher == 'F' {
		return compileSpec(&s.grepState, func(p string) (string, bool) { return regexp.QuoteMeta(p), true }, false)
	}
	return compileSpec(&s.grepState, rustExpr, true)
}

// rustClasses returns, for the Perl classes whose Rust meaning (Unicode) holds more
// than Go's (ASCII), as Go classes that hold at least Rust's; \b and \B
// are dropped (a match without the assertion is a superset). \D, \W and
// \S in Go hold more than Rust's already.
func rustClasses(c byte) (string, bool) {
	switch c {
	case 'd':
		return `\p{Nd}`, true
	case 'w':
		return `[\p{L}\p{M}\p{Nd}\p{Pc}]`, true
	case 's':
		return `[\s\p{Z}\x{85}]`, true
	case 'b', 'B':
		return ``, true
	case 'D', 'W', 'S':
		return `\` + string(c), true
	}
	return "", false
}

// rustExpr rewrites a Rust regular expression in Go's syntax so that it
// matches at least the lines Rust's does, within the part guard models: a
// backslash before punctuation or a Perl class (rustClasses) outside
// brackets, brackets without a backslash, a nested bracket or a set
// operation (&&, --, ~~), and no verbose mode (Go has no x flag: it fails
// to compile, and is not modelled).
func rustExpr(p string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '\\':
			if i+1 >= len(p) {
				return "", false
			}
			i++
			if cls, ok := rustClasses(p[i]); ok {
				b.WriteString(cls)
				continue
			}
			if !isPunct(p[i]) {
				return "", false
			}
			b.WriteString(p[i-1 : i+1])
		case '[':
			end := rustBracket(p, i)
			if end < 0 {
				return "", false
			}
			b.WriteString(p[i:end])
			i = end - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// rustBracket returns the end (after ]) of the bracket class at p[i] when
// Go reads it as Rust does, else -1.
func rustBracket(p string, i int) int {
	j := i + 1
	if j < len(p) && p[j] == '^' {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	for ; j < len(p); j++ {
		switch {
		case p[j] == ']':
			return j + 1
		case p[j] == '\\', p[j] == '[' && !strings.HasPrefix(p[j:], "[:"):
			return -1
		case p[j] == '[':
			end := strings.Index(p[j:], ":]")
			if end < 0 {
				return -1
			}
			j += end + 1
		case j+1 < len(p) && (p[j:j+2] == "&&" || p[j:j+2] == "--" || p[j:j+2] == "~~"):
			return -1
		}
	}
	return -1
}
