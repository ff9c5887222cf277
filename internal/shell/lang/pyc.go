package lang

import (
	"encoding/binary"
	"errors"
	"strings"
	"unicode/utf8"
)

// CPython's cached bytecode (.pyc): a header, then one marshalled code
// object. Python runs __pycache__/NAME.cpython-XY.pyc in place of NAME.py
// when the header matches the source (or is an unchecked hash), and a bare
// NAME.pyc where no NAME.py is. Pyc reads the strings the
// code holds, its constants and its names, without running or
// disassembling it: what guard scans of a .py's literals and imports.

// Bounds of one .pyc read.
const (
	// MaxPycBytes bounds the file.
	MaxPycBytes = 1 << 20
	// maxPycDepth bounds the nesting of objects (code in code, tuples).
	maxPycDepth = 64
	// maxPycObjects bounds the objects (and back-references) read.
	maxPycObjects = 1 << 17
)

// ErrPyc is wrapped by Pyc's errors: the bytes are not a .pyc guard reads.
var ErrPyc = errors.New("not cached python bytecode guard can read")

// PycCode is what a .pyc holds that guard scans.
type PycCode struct {
	// Strings are its string constants (and text bytes constants), in
	// order, without repeats.
	Strings []string
	// Names are the identifiers its code uses: globals, attributes,
	// modules imported (co_names), locals, in order, without repeats.
	Names []string
}

// pycLayout is how a version marshals a code object: the 32-bit integers
// before its first object, and the objects after co_firstlineno.
type pycLayout struct{ ints, tail int }

// pycReader walks a marshal stream.
type pycReader struct {
	b       []byte
	i       int
	layout  pycLayout
	objects int
	refs    []bool // whether each back-reference slot is a string, by index
	refStr  []string
	out     PycCode
	seen    map[string]bool
}

// Pyc parses the .pyc bytes b: a 16-byte header (12 before Python 3.7)
// and the marshalled module code. Bytes that are not one, or that pass a
// bound, are an error wrapping ErrPyc.
func Pyc(b []byte) (PycCode, error) {
	if len(b) > MaxPycBytes {
		return PycCode{}, pycErr("larger than the bound")
	}
	if len(b) < 12 || b[2] != '\r' || b[3] != '\n' {
		return PycCode{}, pycErr("no header")
	}
	magic := int(binary.LittleEndian.Uint16(b))
	r := &pycReader{b: b, seen: map[string]bool{}}
	switch {
	case magic >= 3230 && magic < 3390: // 3.3 to 3.6: magic, mtime, size
		r.i, r.layout = 12, pycLayout{ints: 5, tail: 1}
	case magic >= 3390 && magic < 3410: // 3.7: magic, flags, mtime or hash
		r.i, r.layout = 16, pycLayout{ints: 5, tail: 1}
	case magic >= 3410 && magic < 3450: // 3.8 to 3.10: co_posonlyargcount
		r.i, r.layout = 16, pycLayout{ints: 6, tail: 1}
	case magic >= 3450 && magic < 3800: // 3.11 on: co_qualname, co_exceptiontable
		r.i, r.layout = 16, pycLayout{ints: 5, tail: 2}
	default:
		return PycCode{}, pycErr("a version guard does not know")
	}
	if r.i >= len(b) {
		return PycCode{}, pycErr("no code")
	}
	if _, err := r.object(0, roleNone); err != nil {
		return PycCode{}, err
	}
	if r.i != len(b) {
		return PycCode{}, pycErr("bytes after the code")
	}
	return r.out, nil
}

func pycErr(why string) error { return errors.New(why + ": " + ErrPyc.Error()) }

// role is what a string read is to the code that holds it.
type role uint8

const (
	roleNone  role = iota // code bytes, line tables, file names
	roleConst             // a constant
	roleName              // an identifier
)

// keep records string s in its role.
func (r *pycReader) keep(s string, as role) {
	if as == roleNone || s == "" {
		return
	}
	key := string(rune('0'+as)) + s
	if r.seen[key] {
		return
	}
	r.seen[key] = true
	if as == roleName {
		r.out.Names = append(r.out.Names, s)
	} else {
		r.out.Strings = append(r.out.Strings, s)
	}
}

func (r *pycReader) need(n int) ([]byte, error) {
	if n < 0 || n > len(r.b)-r.i {
		return nil, pycErr("truncated")
	}
	s := r.b[r.i : r.i+n]
	r.i += n
	return s, nil
}

func (r *pycReader) int32() (int, error) {
	s, err := r.need(4)
	if err != nil {
		return 0, err
	}
	return int(int32(binary.LittleEndian.Uint32(s))), nil
}

// size reads a 32-bit count or length: at least zero, and within the rest
// of the input (each item takes a byte at least).
func (r *pycReader) size() (int, error) {
	n, err := r.int32()
	if err != nil || n < 0 || n > len(r.b)-r.i {
		return 0, pycErr("a bad length")
	}
	return n, nil
}

// object reads one marshalled object; it returns its text for a string.
func (r *pycReader) object(depth int, as role) (string, error) {
	if depth > maxPycDepth {
		return "", pycErr("nested too deep")
	}
	if r.objects++; r.objects > maxPycObjects {
		return "", pycErr("too many objects")
	}
	t, err := r.need(1)
	if err != nil {
		return "", err
	}
	code, ref := t[0]&0x7f, t[0]&0x80 != 0
	slot := -1
	if ref {
		slot = len(r.refs)
		r.refs, r.refStr = append(r.refs, false), append(r.refStr, "")
	}
	s, isStr, err := r.body(code, depth, as)
	if err != nil {
		return "", err
	}
	if slot >= 0 && isStr {
		r.refs[slot], r.refStr[slot] = true, s
	}
	return s, nil
}

// body reads the object of type code after its type byte.
func (r *pycReader) body(code byte, depth int, as role) (string, bool, error) {
	switch code {
	case '0', 'N', 'F', 'T', 'S', '.':
		return "", false, nil
	case 'i':
		_, err := r.need(4)
		return "", false, err
	case 'g':
		_, err := r.need(8)
		return "", false, err
	case 'y':
		_, err := r.need(16)
		return "", false, err
	case 'l':
		n, err := r.int32()
		if err != nil || n < -(1<<20) || n > 1<<20 {
			return "", false, pycErr("a bad long")
		}
		_, err = r.need(2 * max(n, -n))
		return "", false, err
	case 'f':
		return "", false, r.short(1)
	case 'x':
		return "", false, r.short(2)
	case 'z', 'Z':
		return r.text(1, as, false)
	case 'a', 'A', 'u', 't':
		return r.text(4, as, false)
	case 's':
		return r.text(4, as, true)
	case '(', ')', '[', '<', '>':
		return "", false, r.items(code, depth, as)
	case '{':
		return "", false, r.dict(depth, as)
	case ':': // a slice (3.14 on): start, stop, step
		for range 3 {
			if _, err := r.object(depth+1, as); err != nil {
				return "", false, err
			}
		}
		return "", false, nil
	case 'r':
		n, err := r.int32()
		if err != nil || n < 0 || n >= len(r.refs) {
			return "", false, pycErr("a bad reference")
		}
		if r.refs[n] {
			r.keep(r.refStr[n], as)
			return r.refStr[n], true, nil
		}
		return "", false, nil
	case 'c':
		return "", false, r.codeObject(depth)
	}
	return "", false, pycErr("an unknown type")
}

// short skips n strings of a one-byte length (a float's text).
func (r *pycReader) short(n int) error {
	for range n {
		l, err := r.need(1)
		if err != nil {
			return err
		}
		if _, err := r.need(int(l[0])); err != nil {
			return err
		}
	}
	return nil
}

// text reads a string of a lenBytes-long length; bytes count as text
// when they are valid UTF-8 without a NUL (a bytes constant b'~/.x').
func (r *pycReader) text(lenBytes int, as role, bytes bool) (string, bool, error) {
	var n int
	if lenBytes == 1 {
		l, err := r.need(1)
		if err != nil {
			return "", false, err
		}
		n = int(l[0])
	} else {
		var err error
		if n, err = r.size(); err != nil {
			return "", false, err
		}
	}
	b, err := r.need(n)
	if err != nil {
		return "", false, err
	}
	if bytes && (as != roleConst || !utf8.Valid(b) || strings.IndexByte(string(b), 0) >= 0) {
		return "", false, nil
	}
	s := string(b)
	r.keep(s, as)
	return s, true, nil
}

// items reads a tuple, list or set.
func (r *pycReader) items(code byte, depth int, as role) error {
	var n int
	if code == ')' { // a small tuple
		l, err := r.need(1)
		if err != nil {
			return err
		}
		n = int(l[0])
	} else {
		var err error
		if n, err = r.size(); err != nil {
			return err
		}
	}
	for range n {
		if _, err := r.object(depth+1, as); err != nil {
			return err
		}
	}
	return nil
}

// dict reads key and value pairs up to a NUL object.
func (r *pycReader) dict(depth int, as role) error {
	for {
		if r.i < len(r.b) && r.b[r.i] == '0' {
			r.i++
			return nil
		}
		for range 2 {
			if _, err := r.object(depth+1, as); err != nil {
				return err
			}
		}
	}
}

// codeObject reads a code object after its type byte: its integers, then
// co_code, co_consts, co_names, the local names (three tuples before
// 3.11, two objects from it), co_filename, co_name (and co_qualname),
// co_firstlineno, and the line and exception tables.
func (r *pycReader) codeObject(depth int) error {
	if _, err := r.need(4 * r.layout.ints); err != nil {
		return err
	}
	roles := []role{roleNone, roleConst, roleName, roleName, roleNone, roleNone, roleNone, roleNone} // localspluskinds, filename, name, qualname
	if r.layout.tail == 1 {
		roles = []role{roleNone, roleConst, roleName, roleName, roleName, roleName, roleNone, roleNone} // varnames, freevars, cellvars
	}
	for _, as := range roles {
		if _, err := r.object(depth+1, as); err != nil {
			return err
		}
	}
	if _, err := r.need(4); err != nil { // co_firstlineno
		return err
	}
	for range r.layout.tail {
		if _, err := r.object(depth+1, roleNone); err != nil {
			return err
		}
	}
	return nil
}

// homeNames are names whose use gives code the home directory.
var homeNames = [...]string{"expanduser", "home", "homedir", "getpwuid", "getpwnam", "pw_dir", "HOME", "USERPROFILE"}

// shellNames are names whose use hands a string to a shell or runs a
// program (os.system, subprocess's, os.popen, the exec and spawn family).
var shellNames = [...]string{"system", "popen", "Popen", "run", "call", "check_call", "check_output", "getoutput",
	"getstatusoutput", "execl", "execle", "execlp", "execlpe", "execv", "execve", "execvp", "execvpe",
	"spawnl", "spawnle", "spawnlp", "spawnv", "spawnve", "spawnvp", "posix_spawn", "posix_spawnp", "create_subprocess_shell", "create_subprocess_exec"}

// Source renders what the code holds as the python text guard scans (a
// .py's literals and calls): each string constant as a literal, handed to
// os.system when the code runs programs (any constant may be one's
// command line), and Path.home() when the code gets the home directory
// (its dot-entry constants are then entries of the home). The code's
// structure is lost: a constant is not known to be a command or a path,
// so each may be either.
func (p PycCode) Source() string {
	var b strings.Builder
	if anyOf(p.Names, homeNames[:]) || anyOf(p.Strings, []string{"HOME", "USERPROFILE", "~"}) {
		b.WriteString("Path.home()\n")
	}
	shell := anyOf(p.Names, shellNames[:])
	for _, s := range p.Strings {
		q := "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
		if shell {
			q = "os.system(" + q + ")"
		}
		b.WriteString(q + "\n")
	}
	return b.String()
}

// anyOf reports whether s holds one of names.
func anyOf(s []string, names []string) bool {
	for _, x := range s {
		for _, n := range names {
			if x == n {
				return true
			}
		}
	}
	return false
}
