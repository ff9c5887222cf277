package word

import "strings"

// Markers stand, inside an expanded word, for the parts whose value guard
// does not know: an inherited variable ($GOPATH: the hook fills it from its
// environment), or an opaque part (the output of $(cat f), a value `read`
// sets, an arithmetic result on an unknown). They flow through variables,
// parameter operators and nested scripts like any text, so that what is
// known of a word stays known (U="$(x)/.ssh"; cat $U/id_rsa ends in
// /.ssh/id_rsa), and are written as placeholders ($GOPATH, $(…)) when the
// analysis is returned.
//
// A marker is MarkStart, a kind byte, a name (a variable's) and MarkEnd:
// two code points of the private use area, which a command has no reason
// to hold (analyze replaces any the command holds, keeping its length). A
// piece of a marker an operator cut (${v:0:2}) is opaque.
const (
	MarkStart = "\uE000"
	MarkEnd   = "\uE001"
	// MarkLead is the first two bytes of both markStart and markEnd in
	// UTF-8: a quick test for a marker.
	MarkLead = "\xee\x80"
)

// Kinds of marker.
const (
	MarkSubst   = 's' // $( ) whose output is not known
	MarkArith   = 'a' // $(( )) on an unknown
	MarkProcIn  = '<' // <( )
	MarkProcOut = '>' // >( )
	MarkVar     = 'v' // a variable whose value is not known: $name
	MarkEnv     = 'e' // a variable inherited from the environment: $name
	MarkEnvOp   = 'o' // ${name:-word} and the like on an inherited variable
	// MarkUnset is $name unquoted, where name holds only what it held
	// before the command set it in a branch (${name-}, values.go): the
	// environment's value, or no word at all.
	MarkUnset = 'u'
	// MarkAbs stands before an opaque part that began a relative path
	// joined to a directory cd moved to: the part may be an absolute path
	// (see Unknown). It is written as nothing.
	MarkAbs  = 'l'
	MarkWord = 'w' // a word guard could not expand
	// MarkDir is a directory relative to the one the command starts in
	// (its name): $PWD, $(pwd), ~+ after cd sub. Known, it is written as
	// its name; a path it starts is not put under the current directory
	// again (see under).
	MarkDir = 'd'
	// MarkName is a value the command computes at run time from a
	// producer known to print a harmless name (date, uuidgen, mktemp's
	// fresh name, git rev-parse --show-toplevel, go env, git ls-files):
	// opaque, yet not a name that may be anything. A leading opaque part of
	// another kind (MarkSubst, MarkVar, MarkWord) may be any absolute path
	// (see RunTime).
	MarkName = 'n'
)

// NamePlace is the name of a MarkName marker that stands for where a tool
// keeps its files (go env GOPATH, npm root -g, brew --prefix): one place,
// not a name picked among others (ls, find, mktemp, date).
const NamePlace = "place"

// NameToken is the name of a MarkName marker that stands for one word a
// producer prints (catalogue.ProducesToken): no white space, one line,
// which a tool that splits a value at blanks keeps one word.
const NameToken = "token"

// NamePlain is the name of a MarkName marker that stands for one word of
// the plain alphabet a producer prints (catalogue.ProducesPlain): a token
// with no quote, backslash, $, @, #, brace or backtick, which stays the
// text of a string literal it is spliced into.
const NamePlain = "plain"

// Unknown is what stands for each opaque part of an unresolved path's text
// (shell.UnresolvedPath.Text):
// a NUL byte, which no path holds. A relative path that begins with an
// opaque part begins with Unknown twice: that part may be an absolute path
// as well as a name in the working directory ("$(go env GOPATH)/bin"), and
// the path rules weigh the directory the hook joins it with accordingly.
const Unknown = "\x00"

// RunTime begins an unresolved path's text whose first part is a value the
// command itself computes at run time from what guard cannot tell (the
// output of $(echo … | tr _ /), a line read, $_): Unknown three times. Such
// a value may hold a / and be any absolute path, so the path rules cannot
// tell what it names at all; an inherited variable ($OUT) and a harmless
// producer's name (MarkName) begin a path with Unknown twice.
const RunTime = Unknown + Unknown + Unknown

// MidRunTime stands for such a value after known text (./$(cat f),
// src/$x): Unknown four times. It may climb out of what is known before it
// with .., so the path may be any path; yet the path does not begin with
// it (the head is known, not the working directory's).
const MidRunTime = RunTime + Unknown

// Mark returns the marker of kind k for variable name (or none).
func Mark(k byte, name string) string {
	return MarkStart + string(k) + name + MarkEnd
}

// HasMark reports whether s holds a marker or a piece of one.
func HasMark(s string) bool { return strings.Contains(s, MarkLead) }

// IsKnown reports whether s holds no marker but a directory's: every part
// of it is known.
func IsKnown(s string) bool {
	if !HasMark(s) {
		return true
	}
	known := true
	EachMark(s, func(k byte, _ string, whole bool) {
		known = known && whole && k == MarkDir
	}, nil)
	return known
}

// DirMark is how the walker's directory dir reads in a word: an absolute
// or home directory as it is, a relative one (or the starting one, "") as
// a directory marker.
func DirMark(dir string) string {
	if strings.HasPrefix(dir, "/") || HomeRelative(dir) {
		return dir
	}
	return Mark(MarkDir, DirText(dir))
}

// Opaque reports whether s holds an Opaque part: a marker other than an
// inherited variable's, or a piece of one.
func Opaque(s string) bool {
	if !HasMark(s) {
		return false
	}
	found := false
	EachMark(s, func(k byte, _ string, whole bool) {
		found = found || !whole || k != MarkEnv && k != MarkEnvOp && k != MarkUnset && k != MarkDir
	}, nil)
	return found
}

// EachMark calls onMark for each marker of s (whole: well formed) and
// onText for the text between them; either may be nil.
func EachMark(s string, onMark func(k byte, name string, whole bool), onText func(string)) {
	for s != "" {
		i := strings.Index(s, MarkLead)
		if i < 0 || i+3 > len(s) {
			if onText != nil {
				onText(s)
			}
			return
		}
		if i > 0 && onText != nil {
			onText(s[:i])
		}
		s = s[i:]
		if !strings.HasPrefix(s, MarkStart) {
			// A stray piece: an end, or another code point of the block.
			if onMark != nil {
				onMark(MarkWord, "", false)
			}
			s = s[3:]
			continue
		}
		end := strings.Index(s[3:], MarkEnd)
		if end < 1 || strings.Contains(s[3:3+end], MarkLead) {
			if onMark != nil {
				onMark(MarkWord, "", false)
			}
			s = s[3:]
			continue
		}
		if onMark != nil {
			onMark(s[3], s[4:3+end], true)
		}
		s = s[3+end+3:]
	}
}

// Render writes s with its markers as placeholders: $name, $(…), $((…)),
// <(…), >(…), … for a piece.
func Render(s string) string {
	if !HasMark(s) {
		return s
	}
	var b strings.Builder
	EachMark(s, func(k byte, name string, whole bool) {
		b.WriteString(placeholder(k, name, whole))
	}, func(t string) { b.WriteString(t) })
	return b.String()
}

// placeholder is how a marker is written.
func placeholder(k byte, name string, whole bool) string {
	switch {
	case !whole:
		return "…"
	case k == MarkSubst || k == MarkName:
		return UnknownSubst
	case k == MarkArith:
		return UnknownArith
	case k == MarkProcIn:
		return "<(…)"
	case k == MarkProcOut:
		return ">(…)"
	case k == MarkVar || k == MarkEnv:
		return "$" + name
	case k == MarkDir:
		return name
	case k == MarkEnvOp:
		return "${" + name + "}"
	case k == MarkUnset:
		return "${" + name + "-}"
	case k == MarkAbs:
		return ""
	}
	return "…"
}

// RenderLine writes s as render does, a directory relative to the one the
// command starts in as $PWD (the lines show the directory the shell has,
// as the rules expect an absolute one: rm -rf "$(pwd)/x").
func RenderLine(s string) string {
	if !HasMark(s) {
		return s
	}
	var b strings.Builder
	EachMark(s, func(k byte, name string, whole bool) {
		switch {
		case whole && k == MarkDir && name == ".":
			b.WriteString("$PWD")
		case whole && k == MarkDir:
			b.WriteString("$PWD/" + name)
		default:
			b.WriteString(placeholder(k, name, whole))
		}
	}, func(t string) { b.WriteString(t) })
	return b.String()
}

// UnresolvedText writes s for the path rules' "could match" test: an
// inherited variable as $name (the hook fills it in), each run of opaque
// parts as one Unknown; twice where it begins the path, which it may name
// whole (see path.Unknown), three times (RunTime) when a part, leading or
// not, is a value the command computes from what guard cannot tell (see
// runTimeKind): after a known head it may climb out of it with .. .
func UnresolvedText(s string) string {
	var b strings.Builder
	lead := false
	EachMark(s, func(k byte, name string, whole bool) {
		switch {
		case whole && k == MarkAbs:
			lead = true
			return
		case whole && (k == MarkEnv || k == MarkEnvOp || k == MarkUnset || k == MarkDir):
			b.WriteString(placeholder(k, name, true))
			lead = false
			return
		}
		if b.Len() == 0 || lead {
			b.WriteString(Unknown) // it begins a path, which it may name whole
			lead = false
			b.WriteString(Unknown)
			if whole && runTimeKind(k, name) {
				b.WriteString(Unknown)
			}
			return
		}
		if !strings.HasSuffix(b.String(), Unknown) {
			b.WriteString(Unknown)
		}
		if whole && runTimeKind(k, name) {
			// A run-time value after known text may hold / and ..
			// (./$(cat f), src/$x): the path may be any path too. Inside
			// an element (src$x, v$ver) as well: a value that begins
			// with / climbs from a directory so named, and the command
			// (or an earlier one) may have made it.
			for !strings.HasSuffix(b.String(), MidRunTime) {
				b.WriteString(Unknown)
			}
		}
	}, func(t string) {
		b.WriteString(t)
		lead = false
	})
	return b.String()
}

// RunTimePart reports whether s holds a part the command computes at run
// time from what guard cannot tell (see runTimeKind), or a piece of a
// marker: a name so made may be any name.
func RunTimePart(s string) bool {
	if !HasMark(s) {
		return false
	}
	found := false
	EachMark(s, func(k byte, name string, whole bool) {
		found = found || !whole || runTimeKind(k, name)
	}, nil)
	return found
}

// runTimeKind reports whether a marker of kind k for name is a value the
// command computes at run time from what guard cannot tell, which may be
// any path: a substitution's output, a variable set at run time (read, a
// loop over unknown text, $_), a word guard could not expand. Not an
// inherited variable's, a harmless producer's name, a number ($((…)), and
// the special parameters $?, $$ and $!, which no command can set to
// text), a pipe's name (<(…)); nor what the agent's shell holds: its positional
// parameters (none), its directories ($OLDPWD, cd -), the path of the
// script it runs ($BASH_SOURCE: a file guard reads); nor a part of
// interpreter code (lang, "code_part": its write calls are weighed there)
// or PowerShell's (pwsh). Nor a cd guard cannot follow ($PWD?,
// effect.UnknownCd): the path rules' any directory, where the ledger
// hides a file that runs.
func runTimeKind(k byte, name string) bool {
	switch k {
	case MarkSubst, MarkWord:
		return name != "pwsh"
	case MarkVar:
		switch name {
		case "", "code_part", "OLDPWD", "PWD", "PWD?", "CDPATH", "BASH_SOURCE", "@", "*", "#", "?", "$", "!":
			return false
		}
		return strings.Trim(name, "0123456789") != "" && !strings.HasPrefix(name, "DIRSTACK[")
	}
	return false
}

// Placeholders written where a part's value is not known.
const (
	UnknownSubst = "$(…)"
	UnknownArith = "$((…))"
)

// Sanitize replaces the code points that read as markers (U+E000 to
// U+E03F) in a command's text with U+FFFD, as long in UTF-8: the command's
// own text never reads as a marker.
func Sanitize(cmd string) string {
	if !HasMark(cmd) {
		return cmd
	}
	var b strings.Builder
	b.Grow(len(cmd))
	for i := 0; i < len(cmd); {
		if i+3 <= len(cmd) && cmd[i] == 0xee && cmd[i+1] == 0x80 && cmd[i+2] >= 0x80 && cmd[i+2] <= 0xbf {
			b.WriteString("\uFFFD")
			i += 3
			continue
		}
		b.WriteByte(cmd[i])
		i++
	}
	return b.String()
}
