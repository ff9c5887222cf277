package shell

// The options of the path printers (basename, dirname, realpath,
// readlink), read as their getopt_long reads them: what they print
// depends on every option given (basename -s SUF, realpath
// --relative-to=DIR), so an option guard does not model makes the output
// unknown, never the no-option result (FINDINGS58b B13).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// pathPrinterSpec is one printer's options: its short letters in
// getopt's form (a letter followed by : takes a value) and its long
// options, each the short letter it stands for.
type pathPrinterSpec struct {
	short string
	long  map[string]byte // "--suffix=": 's'; = takes a value
}

// pathPrinterSpecOf returns coreutils 9's options of path printer name,
// built when asked (no table is made at start-up).
func pathPrinterSpecOf(name string) (pathPrinterSpec, bool) {
	switch name {
	case "basename":
		return pathPrinterSpec{"as:z", map[string]byte{"--multiple": 'a', "--suffix=": 's', "--zero": 'z'}}, true
	case "dirname":
		return pathPrinterSpec{"z", map[string]byte{"--zero": 'z'}}, true
	case "realpath":
		return pathPrinterSpec{"eLmPqsz", map[string]byte{"--canonicalize-existing": 'e', "--canonicalize-missing": 'm',
			"--logical": 'L', "--physical": 'P', "--quiet": 'q', "--strip": 's', "--no-symlinks": 's', "--zero": 'z',
			"--relative-to=": 'R', "--relative-base=": 'B'}}, true
	case "readlink":
		return pathPrinterSpec{"efmnqsvz", map[string]byte{"--canonicalize": 'f', "--canonicalize-existing": 'e',
			"--canonicalize-missing": 'm', "--no-newline": 'n', "--quiet": 'q', "--silent": 's', "--verbose": 'v', "--zero": 'z'}}, true
	}
	return pathPrinterSpec{}, false
}

// pathPrinterOpts are the options a path printer was given: each letter
// given → its value ("" for a flag); the last value wins.
type pathPrinterOpts map[byte]string

// has reports whether option letter l was given.
func (o pathPrinterOpts) has(l byte) bool { _, ok := o[l]; return ok }

// pathPrinterArgs reads c's words by its program's spec: the options
// given and the operands; false when a word is an option the spec does
// not hold, or a value is missing or not known text.
func pathPrinterArgs(name string, args []word.Word) (pathPrinterOpts, []string, bool) {
	spec, ok := pathPrinterSpecOf(name)
	if !ok {
		return nil, nil, false
	}
	opts, ops := pathPrinterOpts{}, []string(nil)
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			for _, a := range args[j+1:] {
				ops = append(ops, a.Text)
			}
			return opts, ops, true
		case s == "-" || !strings.HasPrefix(s, "-"):
			ops = append(ops, s) // GNU getopt permutes: an option may follow
		case strings.HasPrefix(s, "--"):
			n, ok := spec.longOption(s, args, j, opts)
			if !ok {
				return nil, nil, false
			}
			j += n
		default:
			n, ok := spec.shortCluster(s, args, j, opts)
			if !ok {
				return nil, nil, false
			}
			j += n
		}
	}
	return opts, ops, true
}

// longOption records long option word s (a unique prefix of one, with
// its value after = or in the next word) and returns how many words
// after it it took.
func (spec pathPrinterSpec) longOption(s string, args []word.Word, j int, opts pathPrinterOpts) (int, bool) {
	name, val, eq := strings.Cut(s, "=")
	found, key := 0, ""
	for k := range spec.long {
		bare := strings.TrimSuffix(k, "=")
		if bare == name {
			found, key = 1, k
			break
		}
		if strings.HasPrefix(bare, name) {
			found++
			key = k
		}
	}
	if found != 1 {
		return 0, false
	}
	l, valued := spec.long[key], strings.HasSuffix(key, "=")
	switch {
	case !valued && eq:
		return 0, false
	case !valued:
		opts[l] = ""
		return 0, true
	case eq:
		opts[l] = val
		return 0, args[j].Known
	case j+1 < len(args):
		opts[l] = args[j+1].Text
		return 1, args[j+1].Known
	}
	return 0, false
}

// shortCluster records the letters of cluster s (-az, -sSUF, -s SUF)
// and returns how many words after it it took.
func (spec pathPrinterSpec) shortCluster(s string, args []word.Word, j int, opts pathPrinterOpts) (int, bool) {
	if !args[j].Known {
		return 0, false
	}
	for i := 1; i < len(s); i++ {
		k := strings.IndexByte(spec.short, s[i])
		if k < 0 || s[i] == ':' {
			return 0, false
		}
		if k+1 >= len(spec.short) || spec.short[k+1] != ':' {
			opts[s[i]] = ""
			continue
		}
		switch {
		case i+1 < len(s):
			opts[s[i]] = s[i+1:]
			return 0, true
		case j+1 < len(args):
			opts[s[i]] = args[j+1].Text
			return 1, args[j+1].Known
		}
		return 0, false
	}
	return 0, true
}

// basenames returns what basename prints for ops with opts: each name's
// last element with the suffix cut (not when the suffix is all of it);
// one name and an optional suffix operand without -a/-s.
func basenames(opts pathPrinterOpts, ops []string) ([]string, bool) {
	suffix, multiple := opts['s'], opts.has('a') || opts.has('s')
	if !multiple {
		if len(ops) == 0 || len(ops) > 2 {
			return nil, false // basename fails: a missing or an extra operand
		}
		if len(ops) == 2 {
			suffix = ops[1]
		}
		ops = ops[:1]
	}
	var lines []string
	for _, o := range ops {
		b, ok := baseOf(o)
		if !ok {
			return nil, false
		}
		if suffix != "" && b != suffix && !word.HasMark(suffix) {
			b = strings.TrimSuffix(b, suffix)
		} else if word.HasMark(suffix) {
			return nil, false
		}
		lines = append(lines, b)
	}
	return lines, len(lines) > 0
}

// relativeOutput returns what realpath prints for p, the operand's
// absolute path as guard names it, with --relative-to (to) and
// --relative-base (base): p relative to to, when p is below base (or no
// base is given); false when guard cannot tell (a marker, a home-relative
// or a mixed pair of names).
func relativeOutput(p string, opts pathPrinterOpts, under func(string) string) (string, bool) {
	to, hasTo := opts['R']
	base, hasBase := opts['B']
	if !hasTo && !hasBase {
		return p, true
	}
	if !hasTo {
		to = base
	}
	p, to = path.Clean(under(p)), path.Clean(under(to))
	if hasBase {
		b := path.Clean(under(base))
		if !lexicalPath(b) || !lexicalPath(p) {
			return "", false
		}
		if p != b && !strings.HasPrefix(p, strings.TrimSuffix(b, "/")+"/") {
			return p, true // not below the base: printed absolute
		}
		if !strings.HasPrefix(to, strings.TrimSuffix(b, "/")+"/") && to != b {
			return p, true // nor is the directory it would be relative to
		}
	}
	if !lexicalPath(p) || !lexicalPath(to) || (p[0] == '/') != (to[0] == '/') {
		return "", false
	}
	return relPath(to, p), true
}

// lexicalPath reports whether p is a name guard can relate to another by
// its text: no marker, not the home's ~ form.
func lexicalPath(p string) bool {
	return p != "" && !word.HasMark(p) && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") &&
		p != ".." && !strings.HasPrefix(p, "../")
}

// relPath returns target relative to dir, both cleaned and of the same
// kind (absolute or not): ../ for each element of dir past their common
// part.
func relPath(dir, target string) string {
	d, t := strings.Split(strings.Trim(dir, "/"), "/"), strings.Split(strings.Trim(target, "/"), "/")
	if dir == "." || dir == "/" {
		d = nil
	}
	if target == "." || target == "/" {
		t = nil
	}
	i := 0
	for i < len(d) && i < len(t) && d[i] == t[i] {
		i++
	}
	parts := make([]string, 0, len(d)-i+len(t)-i)
	for range d[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}
