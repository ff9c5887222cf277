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
	Commands []string // commands run whose text is the script's own: e COMMAND, s/^.*$/COMMAND/e
	Computed bool     // a command runs whose text the input lines make (e alone, any other s///e)
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
// (sed may read it as an escape), a byte past ASCII before a byte that
// ends a pattern (in some locales the two are one character).
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
		for !r.eof() && strings.IndexByte(" \t\r\n\v\f;", r.s[r.i]) >= 0 {
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
		if _, ok := r.slash(d, false); !ok {
			return errSedForm
		}
		if _, ok := r.slash(d, false); !ok {
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

// label reads a label as GNU sed 4.9's read_label: blanks, then to a
// blank, newline, ;, } or # (the last two left to be read as commands).
func (r *sedReader) label() string {
	r.blanks()
	k := r.i
	for !r.eof() && strings.IndexByte(" \t\n;}#", r.s[r.i]) < 0 {
		r.i++
	}
	return r.s[k:r.i]
}

// text reads the text of a, i, c or e after the command letter, as GNU
// sed reads it (compile_program, read_text): blanks, then a backslash
// whose next byte is taken as it is (a newline, or the text's first
// byte, even a backslash); then up to the first newline no backslash
// takes, each backslash taking the byte after it. A backslash before
// a newline is that newline; other backslashes are left in the text.
// (-e pieces are joined by newlines: a text ending in an unpaired
// backslash goes on into the next piece, as in GNU sed.)
func (r *sedReader) text() string {
	r.blanks()
	k := r.i
	if r.peek() == '\\' {
		r.i++
		if r.peek() == '\n' {
			r.i++
			k = r.i
		} else if !r.eof() {
			k = r.i // the lead-in byte, taken as is
			r.i++
		}
	}
	for !r.eof() && r.s[r.i] != '\n' {
		if r.s[r.i] == '\\' && r.i+1 < len(r.s) {
			r.i++
		}
		r.i++
	}
	t := r.s[k:r.i]
	if !r.eof() {
		r.i++ // the newline that ends the text
	}
	return strings.ReplaceAll(t, "\\\n", "\n")
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
		if _, ok := r.slash(d, true); !ok {
			return false
		}
		for r.peek() == 'I' || r.peek() == 'M' {
			r.i++
		}
		return true
	}
	return false
}

// delim reads the delimiter of a pattern: any ASCII byte but a newline
// or a backslash (a byte past ASCII is a delimiter in some locales
// only).
func (r *sedReader) delim() (byte, bool) {
	if r.eof() || r.s[r.i] == '\n' || r.s[r.i] == '\\' || r.s[r.i] >= 0x80 {
		return 0, false
	}
	r.i++
	return r.s[r.i-1], true
}

// slash reads to the next d not escaped and returns the text before it
// as written; false at a newline not escaped or the end (GNU sed's
// match_slash). In a regular expression (regex) a bracket expression
// is read whole (bracket): a d, ; or # in [ … ] is the pattern's.
// False too where a byte past ASCII comes before a byte that ends or
// escapes here: in a multibyte locale such as GBK or Shift_JIS the two
// may be one character, which sed does not read as the delimiter.
func (r *sedReader) slash(d byte, regex bool) (string, bool) {
	k := r.i
	for ; !r.eof(); r.i++ {
		if r.mbHides(d) {
			return "", false
		}
		switch c := r.s[r.i]; {
		case c == '\n':
			return "", false
		case c == d:
			r.i++
			return r.s[k : r.i-1], true
		case c == '\\':
			r.i++
		case c == '[' && regex:
			r.i++
			if !r.bracket(d) {
				return "", false
			}
		}
	}
	return "", false
}

// mbHides reports whether the byte at r.i is past ASCII and the next
// may be the second byte of its character while sed reads it as
// syntax: \, [, ] or the delimiter d, all in 0x40-0x7e where the second
// bytes of GBK, Big5 and Shift_JIS characters lie.
func (r *sedReader) mbHides(d byte) bool {
	if r.s[r.i] < 0x80 || r.i+1 >= len(r.s) {
		return false
	}
	c := r.s[r.i+1]
	return c == '\\' || c == '[' || c == ']' || c == d && d >= 0x40
}

// bracket reads a bracket expression after its [ to its closing ],
// where it leaves r.i, as GNU sed's snarf_char_class: a leading ^ and
// then a leading ] belong to it, [: :], [. .] and [= =] hold a ], a
// backslash is a byte like any other; false at a newline or the end.
func (r *sedReader) bracket(d byte) bool {
	if r.peek() == '^' {
		r.i++
	}
	if r.peek() == ']' {
		r.i++
	}
	// 0 outside [: :] and the like, 1 after their [, 2 after the
	// opening : . or =, 3 after the closing one
	state := 0
	var open byte
	for ; !r.eof(); r.i++ {
		if r.mbHides(d) {
			return false
		}
		switch c := r.s[r.i]; c {
		case '\n':
			return false
		case '.', ':', '=':
			if state == 1 {
				open, state = c, 2
				continue
			}
			if state == 2 && c == open {
				state = 3
				continue
			}
		case '[':
			if state == 0 {
				state = 1
			}
			continue
		case ']':
			if state == 0 || state == 1 {
				return true
			}
			if state == 3 {
				state = 0
			}
		}
		state &^= 1
	}
	return false
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
	re, ok := r.slash(d, true)
	if !ok {
		return errSedForm
	}
	repl, ok := r.slash(d, false)
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
// is wholly the script's text: RE is ^.*$, the flags are e and p alone,
// and REPL holds no & nor backslash but before the delimiter d or a
// newline. ^.*$ either matches the whole pattern space or nothing (then
// nothing runs); .*, ^.* and .*$ do not in a multibyte locale, where .
// does not match an invalid sequence and the input's rest stays beside
// REPL in the command.
func sedOwnCommand(re, repl, flags string, d byte) (string, bool) {
	if re != "^.*$" {
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
