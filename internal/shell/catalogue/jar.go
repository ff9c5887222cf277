package catalogue

import "strings"

// Jar is a jar command line as jar reads it (sun.tools.jar.Main): the
// old form, a first word of letters (cf0M, -cf) whose f, m and e values
// follow in the order of their letters, or, when the first word is a
// long option or a dash and one letter (-c), GNU-style options (-c -f F,
// --file=F, --create --update) up to the first operand.
type Jar struct {
	Mode   string   // its letters: c, u, x, t, i, f, m, M, 0, v…
	Files  []string // f's values, the archive (the last one counts)
	Reads  []string // m's values, the manifest read
	Rest   int      // the index of the first operand (FILE, -C DIR FILE)
	Unread string   // a word guard cannot read as jar would, "" for none
}

// ParseJar reads args as jar does; false for no arguments. Its -J words
// are its JVM's, taken by the launcher before jar reads the rest.
func ParseJar(args []string) (Jar, bool) {
	var at []int
	for k, a := range args {
		if !strings.HasPrefix(a, "-J") {
			at = append(at, k)
		}
	}
	if len(at) < len(args) {
		kept := make([]string, len(at))
		for i, k := range at {
			kept[i] = args[k]
		}
		j, ok := ParseJar(kept)
		if j.Rest < len(at) {
			j.Rest = at[j.Rest]
		} else {
			j.Rest = len(args)
		}
		return j, ok
	}
	if len(args) == 0 {
		return Jar{}, false
	}
	var j Jar
	for _, a := range args {
		if strings.HasPrefix(a, "@") {
			j.Unread = a // jar reads arguments from that file
		}
	}
	first := args[0]
	if strings.HasPrefix(first, "--") || strings.HasPrefix(first, "-") && len(first) == 2 {
		j.gnu(args)
		return j, true
	}
	j.Mode = strings.TrimPrefix(first, "-")
	j.Rest = 1
	for _, l := range j.Mode {
		if l != 'f' && l != 'm' && l != 'e' || j.Rest >= len(args) {
			continue
		}
		switch l {
		case 'f':
			j.Files = append(j.Files, args[j.Rest])
		case 'm':
			j.Reads = append(j.Reads, args[j.Rest])
		}
		j.Rest++
	}
	return j, true
}

// gnu reads jar's GNU-style options (GNUStyleOptions.parseOptions): each
// word starting - up to -C or --release; a valued option takes the next
// word, or for a long one what follows its =.
func (j *Jar) gnu(args []string) {
	k := 0
	for ; k < len(args); k++ {
		a := args[k]
		if !strings.HasPrefix(a, "-") || a == "-C" || a == "--release" {
			break
		}
		name, val, eq := a, "", false
		if i := strings.IndexByte(a, '='); i > 0 && strings.HasPrefix(a, "--") {
			name, val, eq = a[:i], a[i+1:], true
		}
		l, valued := jarOption(name)
		if l == 0 || eq && !valued {
			j.Unread = a
			break
		}
		if valued && !eq {
			if k+1 >= len(args) {
				break // jar: a missing value, no call
			}
			k++
			val = args[k]
		}
		j.Mode += string(l)
		switch l {
		case 'f':
			j.Files = append(j.Files, val)
		case 'm':
			j.Reads = append(j.Reads, val)
		}
	}
	j.Rest = k
}

// jarOption returns the letter jar's option name stands for (* for one
// that names no file guard models) and whether it takes a value; 0 for
// a name jar's GNU-style parser does not take.
func jarOption(name string) (byte, bool) {
	switch name {
	case "-c", "--create":
		return 'c', false
	case "-u", "--update":
		return 'u', false
	case "-x", "--extract":
		return 'x', false
	case "-t", "--list":
		return 't', false
	case "-d", "--describe-module", "--validate":
		return 'd', false
	case "-i", "--generate-index":
		return 'i', true
	case "-f", "--file":
		return 'f', true
	case "-m", "--manifest":
		return 'm', true
	case "-e", "--main-class":
		return 'e', true
	case "-v", "--verbose":
		return 'v', false
	case "-M", "--no-manifest":
		return 'M', false
	case "-0", "--no-compress":
		return '0', false
	case "-h", "--help", "-?", "--help-extra", "--version", "--do-not-resolve-by-default":
		return '*', false
	case "-p", "--module-path", "--module-version", "--hash-modules", "--warn-if-resolved", "--date":
		return '*', true
	}
	return 0, false
}
