package shell

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
// A marker is markStart, a kind byte, a name (a variable's) and markEnd:
// two code points of the private use area, which a command has no reason
// to hold (analyze replaces any the command holds, keeping its length). A
// piece of a marker an operator cut (${v:0:2}) is opaque.
const (
	markStart = "\uE000"
	markEnd   = "\uE001"
	// markLead is the first two bytes of both markStart and markEnd in
	// UTF-8: a quick test for a marker.
	markLead = "\xee\x80"
)

// Kinds of marker.
const (
	markSubst   = 's' // $( ) whose output is not known
	markArith   = 'a' // $(( )) on an unknown
	markProcIn  = '<' // <( )
	markProcOut = '>' // >( )
	markVar     = 'v' // a variable whose value is not known: $name
	markEnv     = 'e' // a variable inherited from the environment: $name
	markEnvOp   = 'o' // ${name:-word} and the like on an inherited variable
	// markUnset is $name unquoted, where name holds only what it held
	// before the command set it in a branch (${name-}, values.go): the
	// environment's value, or no word at all.
	markUnset = 'u'
	// markAbs stands before an opaque part that began a relative path
	// joined to a directory cd moved to: the part may be an absolute path
	// (see Unknown). It is written as nothing.
	markAbs  = 'l'
	markWord = 'w' // a word guard could not expand
	// markDir is a directory relative to the one the command starts in
	// (its name): $PWD, $(pwd), ~+ after cd sub. Known, it is written as
	// its name; a path it starts is not put under the current directory
	// again (see under).
	markDir = 'd'
)

// Unknown is what stands for each opaque part of [UnresolvedPath.Text]:
// a NUL byte, which no path holds. A relative path that begins with an
// opaque part begins with Unknown twice: that part may be an absolute path
// as well as a name in the working directory ("$(go env GOPATH)/bin"), and
// the path rules weigh the directory the hook joins it with accordingly.
const Unknown = "\x00"

// mark returns the marker of kind k for variable name (or none).
func mark(k byte, name string) string {
	return markStart + string(k) + name + markEnd
}

// hasMark reports whether s holds a marker or a piece of one.
func hasMark(s string) bool { return strings.Contains(s, markLead) }

// isKnown reports whether s holds no marker but a directory's: every part
// of it is known.
func isKnown(s string) bool {
	if !hasMark(s) {
		return true
	}
	known := true
	eachMark(s, func(k byte, _ string, whole bool) {
		known = known && whole && k == markDir
	}, nil)
	return known
}

// dirMark is how the walker's directory dir reads in a word: an absolute
// or home directory as it is, a relative one (or the starting one, "") as
// a directory marker.
func dirMark(dir string) string {
	if strings.HasPrefix(dir, "/") || homeRelative(dir) {
		return dir
	}
	return mark(markDir, dirText(dir))
}

// opaque reports whether s holds an opaque part: a marker other than an
// inherited variable's, or a piece of one.
func opaque(s string) bool {
	if !hasMark(s) {
		return false
	}
	found := false
	eachMark(s, func(k byte, _ string, whole bool) {
		found = found || !whole || k != markEnv && k != markEnvOp && k != markUnset && k != markDir
	}, nil)
	return found
}

// eachMark calls onMark for each marker of s (whole: well formed) and
// onText for the text between them; either may be nil.
func eachMark(s string, onMark func(k byte, name string, whole bool), onText func(string)) {
	for s != "" {
		i := strings.Index(s, markLead)
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
		if !strings.HasPrefix(s, markStart) {
			// A stray piece: an end, or another code point of the block.
			if onMark != nil {
				onMark(markWord, "", false)
			}
			s = s[3:]
			continue
		}
		end := strings.Index(s[3:], markEnd)
		if end < 1 || strings.Contains(s[3:3+end], markLead) {
			if onMark != nil {
				onMark(markWord, "", false)
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

// render writes s with its markers as placeholders: $name, $(…), $((…)),
// <(…), >(…), … for a piece.
func render(s string) string {
	if !hasMark(s) {
		return s
	}
	var b strings.Builder
	eachMark(s, func(k byte, name string, whole bool) {
		b.WriteString(placeholder(k, name, whole))
	}, func(t string) { b.WriteString(t) })
	return b.String()
}

// placeholder is how a marker is written.
func placeholder(k byte, name string, whole bool) string {
	switch {
	case !whole:
		return "…"
	case k == markSubst:
		return unknownSubst
	case k == markArith:
		return unknownArith
	case k == markProcIn:
		return "<(…)"
	case k == markProcOut:
		return ">(…)"
	case k == markVar || k == markEnv:
		return "$" + name
	case k == markDir:
		return name
	case k == markEnvOp:
		return "${" + name + "}"
	case k == markUnset:
		return "${" + name + "-}"
	case k == markAbs:
		return ""
	}
	return "…"
}

// renderLine writes s as render does, a directory relative to the one the
// command starts in as $PWD (the lines show the directory the shell has,
// as the rules expect an absolute one: rm -rf "$(pwd)/x").
func renderLine(s string) string {
	if !hasMark(s) {
		return s
	}
	var b strings.Builder
	eachMark(s, func(k byte, name string, whole bool) {
		switch {
		case whole && k == markDir && name == ".":
			b.WriteString("$PWD")
		case whole && k == markDir:
			b.WriteString("$PWD/" + name)
		default:
			b.WriteString(placeholder(k, name, whole))
		}
	}, func(t string) { b.WriteString(t) })
	return b.String()
}

// unresolvedText writes s for the path rules' "could match" test: an
// inherited variable as $name (the hook fills it in), each run of opaque
// parts as one Unknown; twice where it begins the path, which it may name
// whole (see path.Unknown).
func unresolvedText(s string) string {
	var b strings.Builder
	lead := false
	eachMark(s, func(k byte, name string, whole bool) {
		switch {
		case whole && k == markAbs:
			lead = true
			return
		case whole && (k == markEnv || k == markEnvOp || k == markUnset || k == markDir):
			b.WriteString(placeholder(k, name, true))
			lead = false
			return
		}
		if b.Len() == 0 || lead {
			b.WriteString(Unknown) // it begins a path, which it may name whole
			lead = false
			b.WriteString(Unknown)
			return
		}
		if !strings.HasSuffix(b.String(), Unknown) {
			b.WriteString(Unknown)
		}
	}, func(t string) {
		b.WriteString(t)
		lead = false
	})
	return b.String()
}

// Placeholders written where a part's value is not known.
const (
	unknownSubst = "$(…)"
	unknownArith = "$((…))"
)

// sanitize replaces the code points that read as markers (U+E000 to
// U+E03F) in a command's text with U+FFFD, as long in UTF-8: the command's
// own text never reads as a marker.
func sanitize(cmd string) string {
	if !hasMark(cmd) {
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
