package catalogue

import (
	"slices"
	"strings"
)

// A plain producer prints one word of the plain alphabet (PlainByte):
// letters, digits and - _ . : + , ~ ^ /, never a quote, a backslash, a
// blank, a line end, $, @, #, {, } or a backtick. Such a value spliced
// inside a string literal of a program's code (python3 -c
// "print('$(git rev-parse HEAD)')") cannot end the literal, escape its
// quote or open an interpolation: it stays the literal's text. What it
// prints is decided from its words alone, never from what a file, the
// repository's refs or the user database hold: a commit's id, a count, a
// date of digit directives, a kernel's fixed names. Not a ref's name (git
// describe, --abbrev-ref: a tag may hold ' and $), not a user's
// (whoami: the user database may hold any byte but : and a line end).

// PlainByte reports whether c belongs to the plain alphabet.
func PlainByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.:+,~^/", c) >= 0
}

// plainText reports whether s is all of the plain alphabet.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if !PlainByte(s[i]) {
			return false
		}
	}
	return true
}

// ProducesPlain reports whether program name run with args (its words
// after the name, known) prints one word of the plain alphabet (see
// above): git rev-parse --short HEAD, date +%s, nproc, id -u, uname -m.
func ProducesPlain(name string, args []string) bool {
	if !ProducesName(name, args) {
		return false
	}
	switch name {
	case "id":
		return plainID(args)
	case "uname": // the kernel's name or the machine's, fixed when the kernel was built
		return len(args) == 1 && (args[0] == "-s" || args[0] == "-m" || args[0] == "--kernel-name" || args[0] == "--machine")
	}
	if !ProducesToken(name, args) {
		return false
	}
	ops := operands(args)
	switch name {
	case "uuidgen", "nproc", "arch": // hex and -, digits, the kernel's machine name
		return true
	case "date": // -I: digits, - : + , T; a format: literal bytes of the alphabet, digit directives (tokenDate)
		return len(ops) == 0 || plainDate(strings.TrimPrefix(ops[0], "+"))
	case "git":
		switch ops[0] {
		case "rev-parse":
			// an id; a revision it cannot resolve it prints back, as
			// written: so only one with no / or . (HEAD, main, HEAD~1),
			// never a path or a dot file (.git/config: FINDINGS58d D1)
			// (with --verify it prints only an id, or fails)
			return plainText(ops[1]) && (!strings.ContainsAny(ops[1], "/.") || slices.Contains(args, "--verify"))
		case "write-tree", "rev-list", "log": // an id; a count; an id (ProducesToken)
			return true
		}
	}
	return false // git describe: a tag's name; whoami, logname: the user database's
}

// plainID reports whether id run with args prints a number: -u or -g
// (with -r), no -n, -G or -z; one user's name at most.
func plainID(args []string) bool {
	num, ops := false, 0
	for _, a := range args {
		switch {
		case a == "-u" || a == "-g" || a == "--user" || a == "--group":
			num = true
		case a == "-r" || a == "--real" || slices.Contains([]string{"-ur", "-ru", "-gr", "-rg"}, a):
			num = num || a != "-r" && a != "--real"
		case strings.HasPrefix(a, "-"):
			return false
		default:
			ops++
		}
	}
	return num && ops <= 1
}

// plainDate reports whether date's format f (one tokenDate accepts: its
// directives print digits and signs) has literal bytes of the plain
// alphabet only.
func plainDate(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			if !PlainByte(f[i]) {
				return false
			}
			continue
		}
		for i++; i < len(f) && strings.IndexByte("-0^#", f[i]) >= 0; i++ {
		}
	}
	return true
}
