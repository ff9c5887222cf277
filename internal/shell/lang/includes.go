package lang

import "strings"

// Include processors' directives: XML's external
// entities and XInclude, XSLT's document(), AsciiDoc's include:: and TeX's
// \input read the files they name, as cpp's #include does.

// IncludeKind is how a processor's input names the files it brings in.
type IncludeKind uint8

const (
	// IncludeXML: <!ENTITY x SYSTEM "F">, <!DOCTYPE r SYSTEM "F">,
	// <xi:include href="F"/>, document('F').
	IncludeXML IncludeKind = iota + 1
	// IncludeAsciidoc: include::F[…].
	IncludeAsciidoc
	// IncludeTeX: \input{F}, \include{F}, \input F, \openin…=F and the
	// listing packages' input commands.
	IncludeTeX
	// IncludeRoff: a roff document's .so, .mso, .nx, .cf, .trf, .hpf
	// requests (groff, nroff, troff, man -l, soelim).
	IncludeRoff
)

// maxIncludes bounds the files one text names.
const maxIncludes = 32

// Includes returns the files text of kind k brings in, as written (a
// file: URI's path), and false when it names one guard cannot read: a
// name built by the language (an attribute, a macro, a non-literal
// document() argument). URLs other than file: are not files.
func Includes(k IncludeKind, text string) ([]string, bool) {
	switch k {
	case IncludeXML:
		return xmlIncludes(text)
	case IncludeAsciidoc:
		return asciidocIncludes(text)
	case IncludeTeX:
		return texIncludes(text)
	case IncludeRoff:
		return roffIncludes(text)
	}
	return nil, true
}

// xmlIncludes reads SYSTEM and PUBLIC identifiers, href attributes and
// document() calls.
func xmlIncludes(t string) ([]string, bool) {
	var out []string
	ok := true
	for _, key := range [...]string{"SYSTEM", "PUBLIC", "href=", "document("} {
		for off := 0; off < len(t) && len(out) < maxIncludes; {
			i := strings.Index(t[off:], key)
			if i < 0 {
				break
			}
			off += i + len(key)
			rest := strings.TrimLeft(t[off:], " \t\r\n")
			lit, found := quoted(rest)
			if key == "PUBLIC" && found {
				// PUBLIC "pubid" "uri": the second literal names the file
				rest = strings.TrimLeft(rest[len(lit)+2:], " \t\r\n")
				lit, found = quoted(rest)
			}
			switch {
			case found:
				if f, isFile := uriFile(lit); isFile {
					out = append(out, f)
				}
			case key == "document(":
				ok = false // document($x): a name the stylesheet computes
			}
		}
	}
	return out, ok
}

// quoted returns the literal s starts with, in ' or ".
func quoted(s string) (string, bool) {
	if s == "" || s[0] != '"' && s[0] != '\'' {
		return "", false
	}
	end := strings.IndexByte(s[1:], s[0])
	if end < 0 {
		return "", false
	}
	return s[1 : 1+end], true
}

// uriFile returns the file a URI reference names: a file: URI's path, a
// relative or absolute path; false for another scheme or an empty one.
func uriFile(u string) (string, bool) {
	if rest, ok := strings.CutPrefix(u, "file://"); ok {
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			return rest[i:], true // the authority: empty or localhost
		}
		return "", false
	}
	if rest, ok := strings.CutPrefix(u, "file:"); ok {
		return rest, rest != ""
	}
	if i := strings.Index(u, "://"); i > 0 || u == "" || strings.HasPrefix(u, "#") {
		return "", false
	}
	return u, true
}

// asciidocIncludes reads include::TARGET[…] lines; a target holding an
// attribute reference ({x}) is one guard cannot tell.
func asciidocIncludes(t string) ([]string, bool) {
	var out []string
	ok := true
	for _, line := range strings.Split(t, "\n") {
		rest, found := strings.CutPrefix(strings.TrimSpace(line), "include::")
		if !found {
			continue
		}
		target, _, _ := strings.Cut(rest, "[")
		if strings.Contains(target, "{") {
			ok = false
			continue
		}
		if f, isFile := uriFile(target); isFile && len(out) < maxIncludes {
			out = append(out, f)
		}
	}
	return out, ok
}

// texReaders are TeX's commands that read the file their argument names.
var texReaders = [...]string{`\input`, `\include`, `\InputIfFileExists`, `\openin`, `\lstinputlisting`, `\verbatiminput`, `\VerbatimInput`, `\inputminted`, `\subfile`, `\import`}

// texIncludes reads the file arguments of texReaders: {F} (the last
// braced argument before text for \inputminted's {lang}{F}), or a plain
// name after \input; a name holding a macro is one guard cannot tell.
func texIncludes(t string) ([]string, bool) {
	var out []string
	ok := true
	for _, cmd := range texReaders {
		for off := 0; off < len(t) && len(out) < maxIncludes; {
			i := strings.Index(t[off:], cmd)
			if i < 0 {
				break
			}
			off += i + len(cmd)
			rest := t[off:]
			if rest != "" && IsLetter(rest[0]) {
				continue // \inputencoding, \includegraphics
			}
			name := texArg(rest)
			switch {
			case name == "":
			case strings.ContainsAny(name, `\#`):
				ok = false
			default:
				out = append(out, name)
			}
		}
	}
	return out, ok
}

// texArg returns the file name after a reading command: its braced
// arguments' last one (optional [..] skipped), else the plain word after
// it (\input F, \openin3=F).
func texArg(s string) string {
	s = strings.TrimLeft(s, " \t0123456789=")
	var last string
	for {
		if strings.HasPrefix(s, "[") {
			if end := strings.IndexByte(s, ']'); end >= 0 {
				s = s[end+1:]
				continue
			}
		}
		if !strings.HasPrefix(s, "{") {
			break
		}
		end := strings.IndexByte(s, '}')
		if end < 0 {
			break
		}
		last, s = s[1:end], s[end+1:]
	}
	if last != "" {
		return strings.TrimSpace(last)
	}
	if i := strings.IndexAny(s, " \t\r\n}%"); i >= 0 {
		s = s[:i]
	}
	return s
}

// roffReads are the roff requests whose argument names a file troff reads
// (in safer mode, groff's default: .sy, .pso, .pi, .open and .opena are
// refused there).
const roffReads = " so soquiet mso msoquiet nx cf trf hpf hpfa "

// roffIncludes reads a roff document's control lines (. or ' first): the
// files its reading requests name. A request guard cannot read as written
// (a name or argument holding an escape: .\*x, .so \*[f]) or one that
// changes how lines are read (.cc, .c2, .ec, .eo, .als, .rn) is a name it
// cannot tell.
func roffIncludes(t string) ([]string, bool) {
	var out []string
	for _, line := range strings.Split(t, "\n") {
		if len(line) == 0 || line[0] != '.' && line[0] != '\'' {
			continue
		}
		name, rest := strings.TrimLeft(line[1:], " \t"), ""
		if i := strings.IndexAny(name, " \t"); i >= 0 {
			name, rest = name[:i], name[i:]
		}
		switch {
		case strings.Contains(name, "\\"):
			return nil, false
		case name == "cc" || name == "c2" || name == "ec" || name == "eo" || name == "als" || name == "rn":
			return nil, false
		case name != "" && strings.Contains(roffReads, " "+name+" "):
			arg := strings.TrimSpace(rest)
			if name == "cf" || name == "trf" || name == "nx" || name == "hpf" || name == "hpfa" {
				arg, _, _ = strings.Cut(arg, " ")
			}
			if strings.Contains(arg, "\\") {
				return nil, false
			}
			if arg != "" && len(out) < maxIncludes {
				out = append(out, strings.Trim(arg, `"`))
			}
		}
	}
	return out, true
}
