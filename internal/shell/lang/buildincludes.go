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
// (and cgo's -include in #cgo flags).
func cIncludes(text string) ([]BuildInclude, bool) {
	var out []BuildInclude
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "#") {
			continue
		}
		l = strings.TrimSpace(l[1:])
		d := l
		if i := strings.IndexAny(l, " \t\"<"); i >= 0 {
			d = l[:i]
		}
		switch d {
		case "include", "include_next", "import", "embed":
		case "cgo":
			if !cgoFlags(l, &out) {
				return out, false
			}
			continue
		default:
			continue
		}
		arg := strings.TrimSpace(l[len(d):])
		if len(out) >= maxBuildIncludes {
			return out, false
		}
		switch {
		case strings.HasPrefix(arg, `"`):
			end := strings.IndexByte(arg[1:], '"')
			if end < 0 {
				return out, false
			}
			out = append(out, BuildInclude{Name: arg[1 : 1+end], Search: true, Data: d == "embed"})
		case strings.HasPrefix(arg, "<"):
			end := strings.IndexByte(arg, '>')
			if end < 0 {
				return out, false
			}
			n := arg[1:end]
			// <stdio.h>: the system's headers; a name into a dot entry or
			// above, or an absolute one, is looked for like "x".
			if path.IsAbs(n) || strings.HasPrefix(n, ".") || strings.Contains(n, "/.") {
				out = append(out, BuildInclude{Name: n, Search: true, Data: d == "embed"})
			}
		default:
			return out, false // #include MACRO
		}
	}
	return out, true
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

// asmIncludes reads the GNU assembler's .include and .incbin directives.
func asmIncludes(text string) ([]BuildInclude, bool) {
	var out []BuildInclude
	for _, l := range strings.Split(text, "\n") {
		for _, st := range strings.Split(l, ";") {
			st = strings.TrimSpace(st)
			if i := strings.IndexByte(st, ':'); i >= 0 && !strings.ContainsAny(st[:i], " \t\"") {
				st = strings.TrimSpace(st[i+1:]) // label: .incbin "x"
			}
			d, arg := st, ""
			if i := strings.IndexAny(st, " \t"); i >= 0 {
				d, arg = st[:i], st[i:]
			}
			if !strings.EqualFold(d, ".incbin") && !strings.EqualFold(d, ".include") {
				continue
			}
			arg = strings.TrimSpace(arg)
			if len(out) >= maxBuildIncludes || !strings.HasPrefix(arg, `"`) {
				return out, false // .incbin name: a symbol guard cannot tell
			}
			end := strings.IndexByte(arg[1:], '"')
			if end < 0 {
				return out, false
			}
			out = append(out, BuildInclude{Name: arg[1 : 1+end], Search: true, Data: strings.EqualFold(d, ".incbin")})
		}
	}
	return out, true
}

// rustMacros are Rust's macros that read a file at compile time.
var rustMacros = [...]string{"include_str!", "include_bytes!", "include!"}

// rustIncludes reads Rust's include macros: a string literal (relative to
// the source file), or CARGO_MANIFEST_DIR or OUT_DIR joined to one
// (concat!(env!("OUT_DIR"), "/x.rs"): the build script's output, in the
// target directory).
func rustIncludes(text string) ([]BuildInclude, bool) {
	var out []BuildInclude
	for _, m := range rustMacros {
		for off := 0; off < len(text); {
			i := strings.Index(text[off:], m)
			if i < 0 {
				break
			}
			start := off + i
			off = start + len(m)
			if start > 0 && (isIdentByte(text[start-1])) {
				continue // my_include!
			}
			arg := strings.TrimLeft(text[off:], " \t\r\n")
			if !strings.HasPrefix(arg, "(") && !strings.HasPrefix(arg, "[") && !strings.HasPrefix(arg, "{") {
				continue
			}
			arg = strings.TrimLeft(arg[1:], " \t\r\n")
			if len(out) >= maxBuildIncludes {
				return out, false
			}
			inc, ok := rustIncludeArg(arg)
			if !ok {
				return out, false
			}
			inc.Data = m != "include!"
			if inc.Name != "" {
				out = append(out, inc)
			}
		}
	}
	return out, true
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
