package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strings"
)

// The files a compiler reads while it builds a source file: cpp's
// #include (C, C++, Objective-C, cgo's preamble, preprocessed assembly),
// the assembler's .include and .incbin, Rust's include_str!,
// include_bytes! and include!. What the compiler does with their text
// (an error message quoting it, bytes linked into the program) is the
// command's: each is a read.

// BuildInclude is one file a source file pulls in at build time.
type BuildInclude struct {
	// Name is the file as the directive writes it.
	Name string
	// Manifest: Name is relative to the crate's directory (Rust's
	// concat!(env!("CARGO_MANIFEST_DIR"), "/x")), not the source file's.
	Manifest bool
	// Search: cpp looks for Name in the include directories too
	// (#include <x> and "x" after the file's own directory).
	Search bool
	// Data: the compiler takes the file's bytes (.incbin, #embed,
	// include_str!, include_bytes!), not code that includes more.
	Data bool
	// Dir: Name is an include directory (#cgo CFLAGS: -I DIR), ${SRCDIR}
	// as written.
	Dir bool
	// Macro: Name is a macro the directive includes by (#include NAME),
	// right inside #ifdef NAME: it reads a file only where something
	// defines NAME, which the caller looks for in what it reads.
	Macro bool
}

// BuildIncludes returns the files source file name (its text) pulls in at
// build time, by its kind (the extension); false when it names one by a
// name guard cannot work out (a macro, a computed path).
func BuildIncludes(name, text string) ([]BuildInclude, bool) {
	switch ext := path.Ext(name); {
	case ext == ".rs":
		return rustIncludes(text)
	case ext == ".go":
		p := CgoPreamble(text)
		if p == "" {
			return nil, true
		}
		return cIncludes(p)
	case ext == ".s":
		return asmIncludes(text)
	case strings.Contains(cppKinds, " "+ext+" "):
		out, ok := cIncludes(text)
		if !ok || ext != ".S" && ext != ".sx" {
			return out, ok
		}
		more, ok := asmIncludes(text)
		return append(out, more...), ok
	}
	return nil, true
}

// BuildKind reports whether BuildIncludes reads source file name for
// what it pulls in: a kind it knows by the extension.
func BuildKind(name string) bool {
	ext := path.Ext(name)
	return ext == ".rs" || ext == ".go" || ext == ".s" || ext != "" && strings.Contains(cppKinds, " "+ext+" ")
}

// cppKinds are the extensions of files a C compiler driver runs through
// the preprocessor (go/build's C, C++, Objective-C, Fortran kinds and
// preprocessed assembly).
const cppKinds = " .c .h .cc .cpp .cxx .c++ .hh .hpp .hxx .m .mm .F .S .sx .swig .swigcxx "

// CgoPreamble returns the C code of Go source src's cgo preamble: the
// comment right before import "C" (the declaration's when it imports
// "C" alone), its comment markers removed; "" when it imports no "C".
func CgoPreamble(src string) string {
	f, _ := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly|parser.ParseComments)
	if f == nil {
		return ""
	}
	var b strings.Builder
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, s := range gd.Specs {
			is, ok := s.(*ast.ImportSpec)
			if !ok || is.Path.Value != `"C"` {
				continue
			}
			doc := is.Doc
			if doc == nil && len(gd.Specs) == 1 {
				doc = gd.Doc
			}
			if doc == nil {
				continue
			}
			for _, c := range doc.List {
				t := strings.TrimPrefix(c.Text, "//")
				if strings.HasPrefix(t, "/*") {
					t = strings.TrimSuffix(t[2:], "*/")
				}
				b.WriteString(t + "\n")
			}
		}
	}
	return b.String()
}

// maxBuildIncludes bounds the files one source names.
const maxBuildIncludes = 64

// cIncludes reads cpp's #include, #include_next, #import and #embed lines
// (and cgo's -include in #cgo flags), on the text as cpp's translation
// phases leave it (cppLines): spliced, comments blanked, %: and ??= read
// as #. A line that could be such a directive but is in no form read here
// is one guard cannot tell.
func cIncludes(text string) ([]BuildInclude, bool) {
	var out []BuildInclude
	ifdef := "" // the macro of the #ifdef right before this line
	for _, l := range cppLines(text) {
		guard := ifdef
		ifdef = ""
		l = strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(l, "export"); ok && rest != "" && !isIdentByte(rest[0]) {
			l = strings.TrimSpace(rest) // C++20: export import "h.h";
		}
		if rest, ok := strings.CutPrefix(l, "import"); ok && strings.IndexAny(strings.TrimSpace(rest), `"<`) == 0 {
			l = "#" + l // C++20's header unit import "h.h";: a directive without #
		}
		if !strings.HasPrefix(l, "#") {
			continue
		}
		l = strings.TrimSpace(l[1:])
		n := 0
		for n < len(l) && isIdentByte(l[n]) {
			n++
		}
		d := l[:n]
		switch {
		case d == "ifdef":
			ifdef = strings.TrimSpace(l[n:])
			continue
		case d == "include" && guard != "" && strings.TrimSpace(l[n:]) == guard && isIdent(guard) && !strings.HasPrefix(guard, "_"):
			out = append(out, BuildInclude{Name: guard, Macro: true})
			continue
		case d == "include" || d == "include_next" || d == "import" || d == "embed":
		case d == "cgo":
			if !cgoFlags(l, &out) {
				return out, false
			}
			continue
		case strings.Contains(cppDirectives, " "+d+" ") || d == "" || d[0] >= '0' && d[0] <= '9':
			continue
		case strings.Contains(d, "include") || strings.Contains(d, "import") || strings.Contains(d, "embed"):
			return out, false
		default:
			continue // an assembler's # comment in a .S file
		}
		if len(out) >= maxBuildIncludes {
			return out, false
		}
		inc, ok := cIncludeArg(strings.TrimSpace(l[n:]))
		if !ok {
			return out, false
		}
		if inc.Name != "" {
			inc.Data = d == "embed"
			out = append(out, inc)
		}
	}
	return out, true
}

// cIncludeArg reads an #include's operand: "x", or <x> when it may name a
// file of the project (a dot entry or above, an absolute name; <stdio.h>
// is the system's: no Name); false for another (#include MACRO).
func cIncludeArg(arg string) (BuildInclude, bool) {
	switch {
	case strings.HasPrefix(arg, `"`):
		end := strings.IndexByte(arg[1:], '"')
		if end < 0 {
			return BuildInclude{}, false
		}
		return BuildInclude{Name: arg[1 : 1+end], Search: true}, true
	case strings.HasPrefix(arg, "<"):
		end := strings.IndexByte(arg, '>')
		if end < 0 {
			return BuildInclude{}, false
		}
		n := arg[1:end]
		if path.IsAbs(n) || strings.HasPrefix(n, ".") || strings.Contains(n, "/.") {
			return BuildInclude{Name: n, Search: true}, true
		}
		return BuildInclude{}, true
	}
	return BuildInclude{}, false
}

// isIdent reports whether s is a C identifier.
func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return s != "" && !(s[0] >= '0' && s[0] <= '9')
}

// cppDirectives are cpp's directives that name no file (#pragma GCC
// dependency only compares times).
const cppDirectives = " define undef if ifdef ifndef elif elifdef elifndef else endif line error warning pragma ident sccs assert unassert "

// cppLines returns text's logical lines as cpp's first phases leave them:
// trigraphs ??= and ??/ read as # and \, backslash-newline spliced (blanks
// between them too, as gcc allows), comments replaced by a blank outside
// string and character literals, and a %: digraph read as #.
func cppLines(text string) []string {
	text = strings.NewReplacer("??=", "#", "??/", `\`).Replace(text)
	var b strings.Builder
	var quote byte
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch == '\\' {
			k := i + 1
			for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r') {
				k++
			}
			if k < len(text) && text[k] == '\n' {
				i = k // a splice
				continue
			}
		}
		switch {
		case quote != 0:
			b.WriteByte(ch)
			if ch == '\\' && i+1 < len(text) && text[i+1] != '\n' {
				i++
				b.WriteByte(text[i])
			} else if ch == quote || ch == '\n' {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
			b.WriteByte(ch)
		case ch == '/' && i+1 < len(text) && text[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				end = len(text) - i - 2
			}
			i += 2 + end + 1
			b.WriteByte(' ')
		case ch == '/' && i+1 < len(text) && text[i+1] == '/':
			for i+1 < len(text) && text[i+1] != '\n' {
				i++
			}
			b.WriteByte(' ')
		default:
			b.WriteByte(ch)
		}
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		if t := strings.TrimLeft(l, " \t\f\v"); strings.HasPrefix(t, "%:") {
			lines[i] = "#" + t[2:]
		}
	}
	return lines
}

// cgoFlags adds the include directories and files a #cgo line's
// compiler flags name (-I DIR, -iquote, -isystem, -idirafter; -include
// F, -imacros F); false for a flag whose value guard cannot split off.
func cgoFlags(l string, out *[]BuildInclude) bool {
	_, flags, ok := strings.Cut(l, ":")
	if !ok {
		return true
	}
	f := strings.Fields(flags)
	for i := 0; i < len(f); i++ {
		for _, o := range [...]string{"-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros", "--include-directory"} {
			v, ok := strings.CutPrefix(f[i], o)
			if !ok {
				continue
			}
			v = strings.TrimPrefix(v, "=")
			if v == "" {
				if i++; i >= len(f) {
					return false
				}
				v = f[i]
			}
			v = strings.Trim(v, `"'`)
			dir := o != "-include" && o != "-imacros"
			*out = append(*out, BuildInclude{Name: v, Dir: dir, Search: !dir})
			break
		}
	}
	return true
}

// asmIncludes reads the GNU assembler's .include and .incbin directives,
// its /* */ comments blanked and # lines (comments) left out; a statement
// naming either in another form (two labels, a macro's \arg) is one guard
// cannot tell.
func asmIncludes(text string) ([]BuildInclude, bool) {
	var out []BuildInclude
	for _, l := range strings.Split(blankBlockComments(text), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		for _, st := range strings.Split(l, ";") {
			st = strings.TrimSpace(st)
			lower := strings.ToLower(st)
			named := strings.Contains(lower, ".include") || strings.Contains(lower, ".incbin")
			if i := strings.IndexByte(st, ':'); i >= 0 && !strings.ContainsAny(st[:i], " \t\"") {
				st = strings.TrimSpace(st[i+1:]) // label: .incbin "x"
			}
			d, arg := st, ""
			if i := strings.IndexAny(st, " \t"); i >= 0 {
				d, arg = st[:i], st[i:]
			}
			if !strings.EqualFold(d, ".incbin") && !strings.EqualFold(d, ".include") {
				if named {
					return out, false
				}
				continue
			}
			arg = strings.TrimSpace(arg)
			if len(out) >= maxBuildIncludes || !strings.HasPrefix(arg, `"`) {
				return out, false // .incbin name: a symbol guard cannot tell
			}
			end := strings.IndexByte(arg[1:], '"')
			if end < 0 || strings.Contains(arg[1:1+end], `\`) {
				return out, false // an escape, or a macro's \arg
			}
			out = append(out, BuildInclude{Name: arg[1 : 1+end], Search: true, Data: strings.EqualFold(d, ".incbin")})
		}
	}
	return out, true
}

// blankBlockComments replaces each /* */ comment of text by a blank (an
// unclosed one runs to the end).
func blankBlockComments(text string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, "/*")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i] + " ")
		end := strings.Index(text[i+2:], "*/")
		if end < 0 {
			return b.String()
		}
		text = text[i+2+end+2:]
	}
}

// rustMacros are Rust's macros that read a file at compile time.
var rustMacros = [...]string{"include_str", "include_bytes", "include"}

// rustIncludes reads Rust's include macros: a string literal (relative to
// the source file), or CARGO_MANIFEST_DIR or OUT_DIR joined to one
// (concat!(env!("OUT_DIR"), "/x.rs"): the build script's output, in the
// target directory). Comments are blanked first; blanks may stand between
// the name, ! and the delimiter. Another use of include_str or
// include_bytes (use std::include_str as inc;), or of a path's
// ::include, is a read guard cannot tell.
func rustIncludes(text string) ([]BuildInclude, bool) {
	text = blankLineComments(blankBlockComments(text))
	out, ok := rustAttrFiles(text)
	if !ok {
		return out, false
	}
	for _, m := range rustMacros {
		for off := 0; off < len(text); {
			i := strings.Index(text[off:], m)
			if i < 0 {
				break
			}
			start := off + i
			off = start + len(m)
			if start > 0 && isIdentByte(text[start-1]) || off < len(text) && isIdentByte(text[off]) {
				continue // my_include!, include_strs
			}
			arg := strings.TrimLeft(text[off:], " \t\r\n")
			if !strings.HasPrefix(arg, "!") {
				if m != "include" || strings.HasSuffix(strings.TrimRight(text[:start], " \t\r\n"), "::") {
					return out, false
				}
				continue // a name include
			}
			arg = strings.TrimLeft(arg[1:], " \t\r\n")
			if !strings.HasPrefix(arg, "(") && !strings.HasPrefix(arg, "[") && !strings.HasPrefix(arg, "{") {
				return out, false
			}
			arg = strings.TrimLeft(arg[1:], " \t\r\n")
			if len(out) >= maxBuildIncludes {
				return out, false
			}
			inc, ok := rustIncludeArg(arg)
			if !ok {
				return out, false
			}
			inc.Data = m != "include"
			if inc.Name != "" {
				out = append(out, inc)
			}
		}
	}
	return out, true
}

// rustAttrKeys are the keys of Rust attributes whose string value is a
// file the compiler reads: #[path = "…"] mod x; (also inside cfg_attr)
// compiles it, #![debugger_visualizer(gdb_script_file = "…")] embeds it
// in the binary (FINDINGS56d R2).
var rustAttrKeys = [...]string{"path", "gdb_script_file", "natvis_file"}

// rustAttrFiles returns the files the attributes (#[…], #![…]) of Rust
// text name with one of rustAttrKeys; false for such a key whose value
// is no string literal.
func rustAttrFiles(text string) ([]BuildInclude, bool) {
	var out []BuildInclude
	for off := 0; off < len(text); {
		i := strings.Index(text[off:], "#")
		if i < 0 {
			break
		}
		start := off + i + 1
		off = start
		rest := strings.TrimPrefix(text[start:], "!")
		if !strings.HasPrefix(rest, "[") {
			continue
		}
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			end = len(rest)
		}
		attr := rest[1:end]
		for _, k := range rustAttrKeys {
			for from := 0; ; {
				j := strings.Index(attr[from:], k)
				if j < 0 {
					break
				}
				j += from
				from = j + len(k)
				v := strings.TrimLeft(attr[from:], " \t\r\n")
				if !strings.HasPrefix(v, "=") || j > 0 && isIdentByte(attr[j-1]) || from < len(attr) && isIdentByte(attr[from]) {
					continue // not_path = …, path_x
				}
				lit, ok := rustString(strings.TrimLeft(v[1:], " \t\r\n"))
				if !ok || len(out) >= maxBuildIncludes {
					return out, false
				}
				out = append(out, BuildInclude{Name: lit, Data: k != "path"})
			}
		}
	}
	return out, true
}

// blankLineComments replaces each // comment of text by a blank.
func blankLineComments(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if j := strings.Index(l, "//"); j >= 0 {
			lines[i] = l[:j] + " "
		}
	}
	return strings.Join(lines, "\n")
}

// rustIncludeArg reads an include macro's argument: "x", r"x", or
// concat!(env!("CARGO_MANIFEST_DIR"|"OUT_DIR"), "x").
func rustIncludeArg(arg string) (BuildInclude, bool) {
	if lit, ok := rustString(arg); ok {
		return BuildInclude{Name: lit}, true
	}
	rest, ok := strings.CutPrefix(arg, "concat!(")
	if !ok {
		return BuildInclude{}, false
	}
	rest = strings.TrimLeft(rest, " \t\r\n")
	rest, ok = strings.CutPrefix(rest, "env!(")
	if !ok {
		return BuildInclude{}, false
	}
	v, ok := rustString(strings.TrimLeft(rest, " \t\r\n"))
	if !ok || v != "CARGO_MANIFEST_DIR" && v != "OUT_DIR" {
		return BuildInclude{}, false
	}
	_, tail, _ := strings.Cut(rest, ")")
	tail = strings.TrimLeft(tail, " \t\r\n,")
	lit, ok := rustString(tail)
	if !ok || strings.Contains(lit, "..") {
		return BuildInclude{}, false
	}
	if v == "OUT_DIR" {
		return BuildInclude{}, true // the build script's output
	}
	return BuildInclude{Name: "." + lit, Manifest: true}, true
}

// rustString returns the string literal s starts with: "x" (no escapes
// guard needs) or r"x", r#"x"#.
func rustString(s string) (string, bool) {
	if strings.HasPrefix(s, `"`) {
		end := strings.IndexByte(s[1:], '"')
		if end < 0 || strings.Contains(s[1:1+end], `\`) {
			return "", false
		}
		return s[1 : 1+end], true
	}
	if rest, ok := strings.CutPrefix(s, "r"); ok {
		hashes := len(rest) - len(strings.TrimLeft(rest, "#"))
		rest = rest[hashes:]
		if !strings.HasPrefix(rest, `"`) {
			return "", false
		}
		end := strings.Index(rest[1:], `"`+strings.Repeat("#", hashes))
		if end < 0 {
			return "", false
		}
		return rest[1 : 1+end], true
	}
	return "", false
}
