package hook

import (
	"regexp"
	"strings"
)

// The silver searcher (ag) matches a PCRE pattern against each file whole
// (--multiline is its default), with smart case; which files it skips
// (hidden names, ignore files) is the command analysis's
// (shell.Analysis.VisibleReads), as rg's is. agLines models its pattern
// as an extended expression (ereExpr) folded, without a negated bracket
// expression (which matches a line end: a match across lines); ag reads
// no configuration file.

// agValued are ag's options in the model that take a value (the rest of a
// short option's word, else the next word; a long one's after = or the
// next word). -A, -B and -C are modelled with a value attached only,
// --after, --before and --context with one after =.
const agValued = " -A -B -C -m -W -G -p --depth --ignore --ignore-dir --max-count --file-search-regex --path-to-ignore --width --workers "

// agFlags are ag's options in the model without a value; its file types
// (--go) filter the files only.
const agFlags = " -0 -a -c -D -f -H -i -l -L -n -o -Q -r -s -S -t -u -U -v -w -z " +
	"--all-types --all-text --unrestricted --hidden --skip-vcs-ignores --case-sensitive --ignore-case --smart-case " +
	"--count --files-with-matches --files-without-matches --filename --nofilename --follow --nofollow --literal --fixed-strings " +
	"--invert-match --word-regexp --only-matching --null --print0 --numbers --nonumbers --column --heading --noheading " +
	"--break --nobreak --group --nogroup --color --nocolor --nopager --silent --stats --vimgrep --ackmate --recurse --norecurse " +
	"--search-zip --one-device --print-long-lines " +
	"--go --js --ts --python --ruby --rust --cc --cpp --java --kotlin --html --css --json --yaml --markdown --shell --php --perl --swift --scala "

// agLines returns what ag with args prints of a file, and whether guard
// models every option and pattern.
func agLines(args []string) (grepSpec, bool) {
	s := grepState{ok: true, rec: true, fold: true}
	var ops []string
	for i := 0; i < len(args) && s.ok; i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			i = s.agLong(args, i)
		case len(a) > 1 && a[0] == '-':
			i = s.agShort(args, i)
		default:
			ops = append(ops, a)
		}
	}
	switch {
	case !s.ok:
		return grepSpec{}, false
	case s.quiet:
		return grepSpec{none: true, files: true}, true // names or counts; -g's operands are paths
	case len(ops) == 0:
		return grepSpec{}, false
	}
	s.patterns = ops[:1]
	if strings.Contains(s.patterns[0], "[^") {
		return grepSpec{}, false // a line end it matches joins lines
	}
	translate := ereExpr
	if s.matcher == 'F' {
		translate = func(p string) (string, bool) { return regexp.QuoteMeta(p), true }
	}
	g, ok := compileSpec(&s, translate, false)
	g.files = true
	return g, ok
}

// agLong reads ag's long option at args[i] and returns the index of the
// last word it used.
func (s *grepState) agLong(args []string, i int) int {
	opt, val, hasVal := strings.Cut(args[i], "=")
	switch {
	case strings.Contains(agValued, " "+opt+" "):
		if !hasVal {
			_, i, _ = optValue(args, i, "", &s.ok)
		}
	case (opt == "--after" || opt == "--before" || opt == "--context") && hasVal:
		s.context(opt, val)
	case hasVal || !strings.Contains(agFlags, " "+opt+" "):
		s.ok = false
	default:
		s.agFlag(opt)
	}
	return i
}

// agShort reads the cluster of ag's short options at args[i] and returns
// the index of the last word used.
func (s *grepState) agShort(args []string, i int) int {
	cl := args[i][1:]
	for j := 0; j < len(cl); j++ {
		o := "-" + cl[j:j+1]
		switch {
		case (o == "-A" || o == "-B" || o == "-C") && j+1 == len(cl):
			s.ok = false // a context whose value may be optional: only attached (-C3)
			return i
		case strings.Contains(agValued, " "+o+" "):
			val, last, ok := optValue(args, i, cl[j+1:], &s.ok)
			if ok && (o == "-A" || o == "-B" || o == "-C") {
				s.context(o, val)
			}
			return last
		case o == "-g":
			s.quiet = true // names of files whose names match: the rest are paths
			if j+1 == len(cl) {
				i++
			}
			return i
		case strings.Contains(agFlags, " "+o+" "):
			s.agFlag(o)
		default:
			s.ok = false
			return i
		}
	}
	return i
}

// agFlag records an option of ag's without a value.
func (s *grepState) agFlag(o string) {
	switch o {
	case "-v", "--invert-match":
		s.invert = true
	case "-l", "-L", "-c", "--count", "--files-with-matches", "--files-without-matches":
		s.quiet = true
	case "-Q", "--literal", "--fixed-strings":
		s.matcher = 'F'
	}
}
