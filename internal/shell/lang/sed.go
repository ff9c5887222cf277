package lang

import (
	"errors"
	"strings"
)

// SedScript is what a sed script does that guard checks, read by walking
// GNU sed's grammar (ReadSed): the files its commands read and write, and
// the commands it runs.
type SedScript struct {
	Reads    []string // r, R: each the rest of its line
	Writes   []string // w, W and the w flag of s: each the rest of its line
	Commands []string // commands run whose text is the script's own: e COMMAND, s/.*/COMMAND/e
	Computed bool     // a command runs whose text the input lines make (e alone, another s///e)
	Err      error    // the script is not one guard can read to its end: it may do anything
}

// Runs reports whether the script may run a command.
func (x SedScript) Runs() bool { return len(x.Commands) > 0 || x.Computed || x.Err != nil }

// Does reports whether the script may read, write or run anything but its
// input and output.
func (x SedScript) Does() bool { return x.Runs() || len(x.Reads) > 0 || len(x.Writes) > 0 }

// ReadSed reads a sed script as GNU sed compiles it: each command after
// its addresses ([addr[,addr]][!]), blocks { … } nested to any depth,
// commands ended by ; or a newline, except those whose argument is the
// rest of the line (r R w W, the w flag of s, a i c, e). Several -e and
// -f scripts are one script joined by newlines. Err is set when the walk
// does not reach the end: a command letter, flag or form guard does not
// know, an unclosed block or s command, a file name with a backslash
// (sed may read it as an escape).
func ReadSed(script string) SedScript {
	r := sedReader{s: script}
	r.x.Err = r.program()
	return r.x
}

type sedReader struct {
	s     string
	i     int
	depth int
	x     SedScript
}

var (
	errSedCommand = errors.New("a command guard does not know")
	errSedForm    = errors.New("a command guard cannot read to its end")
	errSedBlock   = errors.New("an unbalanced { … } block")
	errSedFile    = errors.New("a file name guard cannot read")
)

func (r *sedReader) eof() bool { return r.i >= len(r.s) }

func (r *sedReader) peek() byte {
	if r.eof() {
		return 0
	}
	return r.s[r.i]
}

func (r *sedReader) blanks() {
	for !r.eof() && (r.s[r.i] == ' ' || r.s[r.i] == '\t') {
		r.i++
	}
}

// program walks the script's commands to its end.
func (r *sedReader) program() error {
	for {
		for !r.eof() && strings.IndexByte(" \t\r\n;", r.s[r.i]) >= 0 {
			r.i++
		}
		if r.eof() {
			if r.depth > 0 {
				return errSedBlock
			}
			return nil
		}
		if r.peek() == '#' {
			r.line()
			continue
		}
		if !r.addresses() {
			return errSedForm
		}
		r.blanks()
		for r.peek() == '!' {
			r.i++
			r.blanks()
		}
		if r.eof() {
			return errSedForm
		}
		c := r.s[r.i]
		r.i++
		if err := r.command(c); err != nil {
			return err
		}
	}
}

// command reads the command c after its letter.
func (r *sedReader) command(c byte) error {
	switch c {
	case '{':
		r.depth++
		return nil
	case '}':
		if r.depth == 0 {
			return errSedBlock
		}
		r.depth--
		return r.end()
	case ':', 'b', 't', 'T', 'v':
		if r.label() == "" && c == ':' {
			return errSedForm
		}
		return nil
	case '=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z':
		return r.end()
	case 'l', 'L', 'q', 'Q':
		r.blanks()
		for r.peek() >= '0' && r.peek() <= '9' {
			r.i++
		}
		return r.end()
	case 'a', 'i', 'c':
		r.text()
		return nil
	case 'r', 'R', 'w', 'W':
		f, err := r.filename()
		switch {
		case f == "":
		case c == 'r' || c == 'R':
			r.x.Reads = append(r.x.Reads, f)
		default:
			r.x.Writes = append(r.x.Writes, f)
		}
		return err
	case 'e':
		r.blanks()
		if r.eof() || r.peek() == '\n' || r.peek() == ';' {
			r.x.Computed = true // e alone: the pattern space runs
			if r.peek() == ';' {
				r.text() // (or a command that starts with ;: either way unknown)
			}
			return nil
		}
		if cmd := r.text(); strings.ContainsRune(cmd, '\\') {
			r.x.Computed = true // escapes GNU sed may decode
		} else {
			r.x.Commands = append(r.x.Commands, cmd)
		}
		return nil
	case 's':
		return r.subst()
	case 'y':
		d, ok := r.delim()
		if !ok {
			return errSedForm
		}
		if _, ok := r.slash(d); !ok {
			return errSedForm
		}
		if _, ok := r.slash(d); !ok {
			return errSedForm
		}
		return r.end()
	}
	return errSedCommand
}

// end reads what may follow a command: blanks, then ; or a newline (both
// taken), } or # (left), or the end.
func (r *sedReader) end() error {
	r.blanks()
	switch r.peek() {
	case 0:
		if r.eof() {
			return nil
		}
	case ';', '\n':
		r.i++
		return nil
	case '}', '#':
		return nil
	case '\r':
		if r.i+1 < len(r.s) && r.s[r.i+1] == '\n' {
			r.i += 2
			return nil
		}
	}
	return errSedForm
}

// line returns the rest of the line, the newline taken.
func (r *sedReader) line() string {
	k := strings.IndexByte(r.s[r.i:], '\n')
	if k < 0 {
		t := r.s[r.i:]
		r.i = len(r.s)
		return t
	}
	t := r.s[r.i : r.i+k]
	r.i += k + 1
	return t
}

// label reads a label: to a blank, ; or the end of the line.
func (r *sedReader) label() string {
	r.blanks()
	k := r.i
	for !r.eof() && strings.IndexByte(" \t\r\n;", r.s[r.i]) < 0 {
		r.i++
	}
	return r.s[k:r.i]
}

// text reads the text of a, i, c or e: the rest of the line (a\ then the
// next), a backslash before a newline going on to the next line.
func (r *sedReader) text() string {
	r.blanks()
	if strings.HasPrefix(r.s[r.i:], "\\\n") {
		r.i += 2
	}
	var b strings.Builder
	for {
		t := r.line()
		if !strings.HasSuffix(t, "\\") || r.eof() {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(strings.TrimSuffix(t, "\\"))
		b.WriteByte('\n')
	}
}

// filename reads the file name of r, R, w, W or s///w: the rest of the line.
func (r *sedReader) filename() (string, error) {
	r.blanks()
	f := r.line()
	if f == "" || strings.ContainsRune(f, '\\') {
		return f, errSedFile
	}
	return f, nil
}

// addresses reads a command's addresses, if any: addr[,addr2]; false
// when one is malformed.
func (r *sedReader) addresses() bool {
	if !r.address(false) {
		return true
	}
	if r.blanks(); r.peek() != ',' {
		return true
	}
	r.i++
	r.blanks()
	return r.address(true)
}

// address reads one address: N, N~S, $, /re/ or \cREc with I and M flags;
// the second of a range also +N and ~N. False when there is none there (or
// it is malformed: the command letter that follows is then no letter).
func (r *sedReader) address(second bool) bool {
	digits := func() bool {
		k := r.i
		for r.peek() >= '0' && r.peek() <= '9' {
			r.i++
		}
		return r.i > k
	}
	switch c := r.peek(); {
	case c >= '0' && c <= '9':
		digits()
		if r.peek() == '~' {
			r.i++
			digits()
		}
		return true
	case second && (c == '+' || c == '~'):
		r.i++
		return digits()
	case c == '$':
		r.i++
		return true
	case c == '/' || c == '\\':
		if c == '\\' {
			r.i++
		}
		d, ok := r.delim()
		if !ok {
			return false
		}
		if _, ok := r.slash(d); !ok {
			return false
		}
		for r.peek() == 'I' || r.peek() == 'M' {
			r.i++
		}
		return true
	}
	return false
}

// delim reads the delimiter of a pattern: any byte but a newline or a
// backslash.
func (r *sedReader) delim() (byte, bool) {
	if r.eof() || r.s[r.i] == '\n' || r.s[r.i] == '\\' {
		return 0, false
	}
	r.i++
	return r.s[r.i-1], true
}

// slash reads to the next d not escaped and returns the text before it
// as written; false at a newline not escaped or the end (GNU sed's
// match_slash).
func (r *sedReader) slash(d byte) (string, bool) {
	k := r.i
	for ; !r.eof(); r.i++ {
		switch r.s[r.i] {
		case '\\':
			r.i++
		case '\n':
			return "", false
		case d:
			r.i++
			return r.s[k : r.i-1], true
		}
	}
	return "", false
}

// subst reads an s command after its letter: the pattern, the
// replacement, the flags; a w flag's file is the rest of the line. With
// the e flag, the command that runs is the script's own text only when
// the pattern is the whole pattern space and the replacement literal
// (sedOwnCommand); else it is made of the input.
func (r *sedReader) subst() error {
	d, ok := r.delim()
	if !ok {
		return errSedForm
	}
	re, ok := r.slash(d)
	if !ok {
		return errSedForm
	}
	repl, ok := r.slash(d)
	if !ok {
		return errSedForm
	}
	flags, err := r.substFlags()
	if strings.IndexByte(flags, 'e') >= 0 {
		if cmd, ok := sedOwnCommand(re, repl, flags, d); ok {
			r.x.Commands = append(r.x.Commands, cmd)
		} else {
			r.x.Computed = true
		}
	}
	return err
}

// substFlags reads an s command's flags up to its end (as end does), a w
// flag's file name taking the rest of the line.
func (r *sedReader) substFlags() (string, error) {
	k := r.i
	for !r.eof() {
		switch c := r.s[r.i]; {
		case strings.IndexByte("gpeiImM0123456789 \t", c) >= 0:
			r.i++
		case c == 'w':
			flags := r.s[k:r.i]
			r.i++
			f, err := r.filename()
			if f != "" {
				r.x.Writes = append(r.x.Writes, f)
			}
			return flags, err
		default:
			return r.s[k:r.i], r.end()
		}
	}
	return r.s[k:], nil
}

// sedOwnCommand returns the command s/RE/REPL/FLAGS (with e) runs when it
// is wholly the script's text: RE matches the whole pattern space (.*,
// ^.*, .*$, ^.*$), the flags are e and p alone, and REPL holds no & nor
// backslash but before the delimiter d or a newline.
func sedOwnCommand(re, repl, flags string, d byte) (string, bool) {
	switch re {
	case ".*", "^.*", ".*$", "^.*$":
	default:
		return "", false
	}
	if strings.Trim(flags, "ep") != "" || strings.IndexByte(".*^$&", d) >= 0 {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		switch {
		case c == '&':
			return "", false
		case c == '\\' && i+1 < len(repl) && (repl[i+1] == d || repl[i+1] == '\n'):
			i++
			b.WriteByte(repl[i])
		case c == '\\':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
