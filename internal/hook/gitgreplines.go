package hook

import (
	"strings"

	"github.com/guardhq/guard/internal/shell"
)

// git grep without --untracked or --no-index searches the files git's
// index holds (policy: event.Input.Tracked); what it prints of one is
// modelled as grep's is (grepLines), for the options below only. A word
// after the pattern outside `--` may be a revision, whose blobs are not
// the files on disk: not modelled. Without -F, -E or -G the repository's
// grep.patternType chooses the syntax: the pattern is read as a basic, an
// extended and a fixed one, and a line any of them matches counts (perl's
// reading of a pattern ereExpr accepts matches the same lines).

// gitGrepFlags are git grep's short options in the model without a value;
// gitGrepValued take one (the rest of the word, else the next).
const (
	gitGrepFlags  = "nlLcqiwvhHIFEGxoza"
	gitGrepValued = "eABCm"
)

// gitGrepLong and gitGrepLongValued are git grep's long options in the
// model (exact names: git's abbreviations are not).
const (
	gitGrepLong = " --line-number --files-with-matches --name-only --files-without-match --count --quiet --ignore-case " +
		"--word-regexp --invert-match --fixed-strings --extended-regexp --basic-regexp --line-regexp --only-matching " +
		"--null --full-name --heading --break --column --text --color --no-color --recursive "
	gitGrepLongValued = " --regexp --after-context --before-context --context --max-count --max-depth --threads "
)

// gitGrepLines returns what git grep (args: git's words after git)
// prints of a file it reads from disk, and whether guard models every
// option and pattern: git's global options only -C DIR, -P and --no-pager.
func gitGrepLines(args []string) (grepSpec, bool) {
	i, moved := 0, false
	for ; i < len(args) && args[i] != "grep"; i++ {
		switch args[i] {
		case "-C":
			i, moved = i+1, true
		case "-P", "--no-pager":
		default:
			return grepSpec{}, false
		}
	}
	if i >= len(args) {
		return grepSpec{}, false
	}
	s := grepState{ok: true}
	var ops, specs []string
	for i++; i < len(args) && s.ok; i++ {
		a := args[i]
		switch {
		case a == "--":
			specs = args[i+1:]
			i = len(args)
		case strings.HasPrefix(a, "--"):
			i = s.gitLong(args, i)
		case len(a) > 1 && a[0] == '-':
			i = s.gitCluster(args, i)
		default:
			ops = append(ops, a)
		}
	}
	if s.patterns == nil && len(ops) > 0 {
		s.patterns, ops = ops[:1], ops[1:]
	}
	if !s.ok || len(ops) > 0 || s.patterns == nil {
		return grepSpec{}, false // a revision or a pathspec without --, or no pattern
	}
	var filter fileFilter
	if !moved && !shell.GitPathspecsWidenedBy(lookupEnv) {
		filter = pathspecFilterOf(specs) // relative to the working directory
	}
	if s.matcher != 0 || s.quiet || s.invert {
		g, ok := s.spec()
		g.files, g.follow = true, true // a link put in a tracked file's place is opened
		g.roots, g.filter = []string{"."}, filter
		return g, ok
	}
	var g grepSpec
	for _, m := range []byte{'G', 'E', 'F'} {
		s.matcher = m
		one, ok := s.spec()
		if !ok {
			return grepSpec{}, false
		}
		g.res = append(g.res, one.res...)
	}
	g.files, g.follow, g.before, g.after = true, true, s.before, s.after
	g.roots, g.filter = []string{"."}, filter
	return g, true
}

// gitLong reads git grep's long option at args[i] and returns the index
// of the last word it used.
func (s *grepState) gitLong(args []string, i int) int {
	opt, val, hasVal := strings.Cut(args[i], "=")
	switch {
	case strings.Contains(gitGrepLongValued, " "+opt+" "):
		if !hasVal {
			var ok bool
			if val, i, ok = optValue(args, i, "", &s.ok); !ok {
				return i
			}
		}
		switch opt {
		case "--regexp":
			s.patterns = append(s.patterns, val)
		case "--after-context", "--before-context", "--context":
			s.context(opt, val)
		}
	case !strings.Contains(gitGrepLong, " "+opt+" ") || hasVal && opt != "--color":
		s.ok = false
	case opt == "--name-only":
		s.quiet = true
	default:
		s.setFlag(opt)
	}
	return i
}

// gitCluster reads git grep's short options at args[i] (a value: the
// rest of the word, else the next one) and returns the index of the last
// word used.
func (s *grepState) gitCluster(args []string, i int) int {
	cl := args[i][1:]
	for j := 0; j < len(cl); j++ {
		c := cl[j]
		switch {
		case strings.IndexByte(gitGrepValued, c) >= 0:
			val, last, ok := optValue(args, i, cl[j+1:], &s.ok)
			if !ok {
				return i
			}
			switch c {
			case 'e':
				s.patterns = append(s.patterns, val)
			case 'A', 'B', 'C':
				s.context(string(c), val)
			}
			return last
		case strings.IndexByte(gitGrepFlags, c) >= 0:
			s.setFlag(string(c))
		default:
			s.ok = false
			return i
		}
	}
	return i
}
