package lang

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dockerfile reading: the instructions of a Dockerfile as Docker's
// parser splits them (docs.docker.com/reference/dockerfile): parser
// directives at the top (syntax, escape), comment lines dropped, lines
// joined at the escape character, flags (--mount=…, --from=…) before the
// arguments, the JSON exec form ([…], else shell form, as Docker falls
// back), and here-documents (<<EOF … EOF) after RUN, COPY and ADD.

// DockerInstr is one instruction of a Dockerfile.
type DockerInstr struct {
	Cmd      string   // upper-cased: RUN, COPY, …
	Flags    []string // --name=value words before the arguments
	Args     string   // the arguments, continuation lines joined
	Exec     []string // the JSON form's elements
	IsExec   bool     // Args is a JSON array of strings
	Heredocs []DockerHeredoc
	Escape   byte // the escape character: \ or `
}

// DockerHeredoc is a here-document of an instruction: its word and body.
type DockerHeredoc struct{ Name, Body string }

// dockerInstrs are the instructions Docker knows.
const dockerInstrs = " FROM RUN CMD LABEL MAINTAINER EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD STOPSIGNAL HEALTHCHECK SHELL "

// ReadDockerfile splits Dockerfile text t into its instructions; an error
// says why guard cannot read it as Docker would (another frontend's
// syntax, an unknown instruction, an unfinished here-document).
func ReadDockerfile(t string) ([]DockerInstr, error) {
	t = strings.TrimPrefix(t, "\xEF\xBB\xBF") // BuildKit drops a UTF-8 BOM
	if !utf8.ValidString(t) || strings.ContainsRune(t, 0) {
		return nil, errors.New("it is not UTF-8 text")
	}
	if name, ok := dockerDetectSyntax(t); ok && !DockerSyntax(name) {
		return nil, errors.New("its # syntax= directive names a frontend other than docker/dockerfile, which guard does not read")
	}
	lines := strings.Split(strings.ReplaceAll(t, "\r\n", "\n"), "\n")
	escape, i := byte('\\'), 0
	seen := ""
	for ; i < len(lines); i++ {
		// Parser directives as BuildKit's Parse reads them: each line's
		// left spaces trimmed, then DirectiveParser.ParseLine; the first
		// line that is no known directive ends them (FINDINGS46b B7).
		l := strings.TrimRight(lines[i], "\r\n")
		k, v, ok := dockerDirective(strings.TrimLeftFunc(l, unicode.IsSpace), "#")
		if !ok {
			break
		}
		if k == "escape" && !strings.HasPrefix(l, "#") {
			// BuildKit's Parse trims the line first, its DetectSyntax
			// does not: not a reading guard relies on (FINDINGS46b B7).
			return nil, errors.New("its # escape= directive is indented, which Docker's readers take differently")
		}
		if strings.Contains(seen, " "+k) {
			return nil, errors.New("it repeats the # " + k + "= directive")
		}
		seen += " " + k
		switch {
		case k == "escape" && v == "`":
			escape = '`'
		case k == "escape" && v != `\`:
			return nil, errors.New("its # escape= directive is not \\ or `")
		}
	}
	var out []DockerInstr
	for i < len(lines) {
		line := strings.TrimRight(lines[i], "\r")
		i++
		if s := strings.TrimSpace(line); s == "" || s[0] == '#' {
			continue
		}
		var b strings.Builder
		for {
			s, cont := dockerContinued(line, escape)
			b.WriteString(s)
			if !cont {
				break
			}
			for i < len(lines) && dockerSkipped(lines[i]) {
				i++ // comment and empty lines inside an instruction
			}
			if i >= len(lines) {
				break
			}
			line = strings.TrimRight(lines[i], "\r")
			i++
		}
		in, err := dockerInstr(b.String(), escape)
		if err != nil {
			return nil, err
		}
		if i, err = dockerHeredocs(&in, b.String(), lines, i); err != nil {
			return nil, err
		}
		out = append(out, in)
	}
	return out, nil
}

// dockerContinued returns line without its continuation mark and whether
// it continues: BuildKit's ([^E])E[ \t]*$|^E[ \t]*$ (an escaped escape
// character at the end does not continue).
func dockerContinued(line string, escape byte) (string, bool) {
	s := strings.TrimRight(line, " \t")
	n := len(s)
	if n == 0 || s[n-1] != escape || n > 1 && s[n-2] == escape {
		return line, false
	}
	return s[:n-1], true
}

// dockerSkipped reports whether a line inside a continued instruction is
// dropped: a comment or an empty line.
func dockerSkipped(l string) bool {
	s := strings.TrimSpace(l)
	return s == "" || s[0] == '#'
}

// dockerDirective reads line l as BuildKit's DirectiveParser.ParseLine
// does with comment prefix c: c, spaces, a key [a-zA-Z][a-zA-Z0-9]*
// (syntax, escape or check, lower-cased), =, a value (spaces trimmed).
func dockerDirective(l, c string) (string, string, bool) {
	s, ok := strings.CutPrefix(l, c)
	if !ok {
		return "", "", false
	}
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	j := 0
	for j < len(s) && (s[j]|0x20 >= 'a' && s[j]|0x20 <= 'z' || j > 0 && s[j] >= '0' && s[j] <= '9') {
		j++
	}
	k := strings.ToLower(s[:j])
	rest := strings.TrimLeft(s[j:], " \t\n\f\r")
	if j == 0 || !strings.HasPrefix(rest, "=") {
		return "", "", false
	}
	v := strings.Trim(rest[1:], " \t\n\f\r")
	if v == "" || k != "syntax" && k != "escape" && k != "check" {
		return "", "", false
	}
	return k, v, true
}

// dockerDetectSyntax returns the frontend a Dockerfile names as
// BuildKit's DetectSyntax finds it: a BOM and a #! line dropped, then
// # syntax= among the directives, else // syntax=, else a JSON
// document's "syntax" (FINDINGS46b B7).
func dockerDetectSyntax(t string) (string, bool) {
	if first, rest, _ := strings.Cut(t, "\n"); strings.HasPrefix(first, "#!") {
		t = rest
	}
	for _, c := range []string{"#", "//"} {
		for _, l := range strings.Split(t, "\n") {
			k, v, ok := dockerDirective(strings.TrimSuffix(l, "\r"), c)
			if !ok {
				break
			}
			if k == "syntax" {
				v, _, _ = strings.Cut(v, " ")
				return v, true
			}
		}
	}
	var doc map[string]any
	if json.Unmarshal([]byte(t), &doc) == nil {
		if v, ok := doc["syntax"].(string); ok {
			return v, true
		}
	}
	return "", false
}

// DockerSyntax reports whether a # syntax= value names Docker's own
// Dockerfile frontend (docker/dockerfile, with a tag or digest).
func DockerSyntax(v string) bool {
	v = strings.TrimPrefix(v, "docker.io/")
	name, _, _ := strings.Cut(v, "@")
	name, _, _ = strings.Cut(name, ":")
	return name == "docker/dockerfile" || name == "docker/dockerfile-upstream"
}

// dockerInstr splits an instruction's joined text into its name, flags
// and arguments as BuildKit's splitCommand does: the name up to
// [\t\v\f\r ], then --flag words with quotes and escape characters
// removed (extractBuilderFlags).
func dockerInstr(s string, escape byte) (DockerInstr, error) {
	s = strings.TrimSpace(s)
	j := strings.IndexAny(s, "\t\v\f\r ")
	name, rest := s, ""
	if j >= 0 {
		name, rest = s[:j], s[j:]
	}
	in := DockerInstr{Cmd: strings.ToUpper(name), Escape: escape}
	if !strings.Contains(dockerInstrs, " "+in.Cmd+" ") {
		return in, errors.New("it holds an instruction guard does not know: " + name)
	}
	in.Flags, rest = dockerFlags(rest, escape)
	in.Args = strings.TrimSpace(rest)
	if strings.HasPrefix(in.Args, "[") {
		var arr []string
		if json.Unmarshal([]byte(in.Args), &arr) == nil {
			in.Exec, in.IsExec = arr, true
		}
	}
	return in, nil
}

// dockerFlags reads the --flag words at the start of s as BuildKit's
// extractBuilderFlags does (quotes and escape characters removed, a
// word -- ends them); it returns them and the rest of s.
func dockerFlags(s string, escape byte) ([]string, string) {
	var words []string
	for {
		for len(s) > 0 && unicode.IsSpace(rune(s[0])) {
			s = s[1:] // byte by byte, as BuildKit (0x85, 0xA0 are blanks)
		}
		if !strings.HasPrefix(s, "--") {
			return words, s
		}
		var w strings.Builder
		var quote byte
		blank, j := false, 0
		for ; j < len(s); j++ {
			ch := s[j]
			if quote == 0 && unicode.IsSpace(rune(ch)) {
				break
			}
			switch {
			case quote == 0 && (ch == '\'' || ch == '"'):
				quote, blank = ch, true
			case quote != 0 && ch == quote:
				quote = 0
			case ch == escape && j+1 == len(s):
				quote = 0
			case ch == escape:
				j++
				w.WriteByte(s[j])
			default:
				w.WriteByte(ch)
			}
		}
		if w.String() == "--" {
			if j == len(s) {
				return words, ""
			}
			return words, s[j:]
		}
		if blank || w.Len() > 0 {
			words = append(words, w.String())
		}
		s = s[j:]
	}
}

// dockerHeredocs reads the bodies of the here-documents of instruction
// in (its joined text line) from lines[i:], as BuildKit's parser does: a
// RUN, COPY or ADD (also after ONBUILD) in shell form holding <<; it
// returns the index after them. The names are BuildKit's (its shell
// lexer's words, quotes removed); a RUN whose here-documents the shell
// reads otherwise is an error (FINDINGS46b B8).
func dockerHeredocs(in *DockerInstr, line string, lines []string, i int) (int, error) {
	cmd, exec := in.Cmd, in.IsExec
	if cmd == "ONBUILD" {
		sub, err := dockerInstr(in.Args, in.Escape)
		if err != nil {
			return i, err
		}
		cmd, exec = sub.Cmd, sub.IsExec
	}
	if exec || cmd != "RUN" && cmd != "COPY" && cmd != "ADD" || !strings.Contains(line, "<<") {
		return i, nil
	}
	docs, err := bkHeredocs(line)
	if err != nil {
		return i, err
	}
	if in.Cmd == "RUN" {
		sh := heredocWords(in.Args)
		same := len(sh) == len(docs)
		for j := 0; same && j < len(sh); j++ {
			same = sh[j] == docs[j]
		}
		if !same {
			return i, errors.New("its here-documents are read otherwise by BuildKit than by a shell")
		}
	}
	for _, h := range docs {
		strip := strings.HasPrefix(h, "-")
		name := h[1:]
		var body strings.Builder
		for {
			if i >= len(lines) {
				return i, errors.New("a here-document <<" + name + " has no end")
			}
			l := lines[i]
			i++
			end := strings.TrimRight(l, "\r\n")
			if strip {
				end = strings.TrimLeft(end, "\t")
			}
			if end == name {
				break
			}
			if strip {
				l = strings.TrimLeft(l, "\t")
			}
			body.WriteString(l + "\n")
		}
		in.Heredocs = append(in.Heredocs, DockerHeredoc{Name: name, Body: body.String()})
	}
	return i, nil
}

// bkHeredocs returns the here-documents of an instruction's line as
// BuildKit finds them (heredocsFromLine): the words of its shell lexer
// (quotes and escapes kept, "<<" and the blanks after it joined to the
// word) matching ^[0-9]*<<-?[ \t]*[^<]+$, each name the lexer's single
// word (quotes removed); each returned as "-NAME" (tabs stripped) or
// "+NAME". What guard does not lex as BuildKit does is an error.
func bkHeredocs(line string) ([]string, error) {
	words, err := bkWords(line, true)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, w := range words {
		d := strings.TrimLeft(w, "0123456789")
		rest, ok := strings.CutPrefix(d, "<<")
		if !ok {
			continue
		}
		mode := "+"
		if r, ok := strings.CutPrefix(rest, "-"); ok {
			mode, rest = "-", r
		}
		rest = strings.TrimLeft(rest, " \t\n\f\r")
		if rest == "" || strings.Contains(rest, "<") {
			continue
		}
		if strings.Contains(rest, "$") {
			return nil, errors.New("a here-document's name holds $, which guard does not lex")
		}
		name, err := bkWords(rest, false)
		if err != nil {
			return nil, err
		}
		if len(name) == 1 {
			out = append(out, mode+name[0])
		}
	}
	return out, nil
}

// bkWords splits s into words as BuildKit's shell lexer (escape \\, no
// variables set, unset ones kept) does; raw keeps quotes and escapes
// (RawQuotes, RawEscapes). An unterminated quote, or a ${…} guard does
// not lex, is an error.
func bkWords(s string, raw bool) ([]string, error) {
	var words []string
	var b strings.Builder
	in := false
	add := func(r string) { b.WriteString(r); in = true }
	for j := 0; j < len(s); j++ {
		ch := s[j]
		switch {
		case ch == '$' && strings.HasPrefix(s[j:], "${"):
			e := strings.IndexByte(s[j:], '}')
			if e < 0 || strings.ContainsAny(s[j+2:j+e], "'\"\\${<: \t\r\n\v\f#%?+-") {
				return nil, errors.New("a ${…} guard does not lex as BuildKit does")
			}
			add(s[j : j+e+1])
			j += e
		case ch == '\'':
			e := strings.IndexByte(s[j+1:], '\'')
			if e < 0 {
				return nil, errors.New("an unterminated quote")
			}
			if raw {
				add(s[j : j+e+2])
			} else {
				add(s[j+1 : j+e+1])
			}
			j += e + 1
		case ch == '"':
			in = true
			e, err := bkDouble(s, j, raw, add)
			if err != nil {
				return nil, err
			}
			j = e
		case ch == '<' && j+1 < len(s) && s[j+1] == '<':
			e := j + 2
			for e < len(s) && (s[e] == ' ' || s[e] == '\t' || s[e] == '\r') {
				e++
			}
			add(s[j:e])
			j = e - 1
		case ch == '\\':
			if raw {
				add("\\")
			}
			if j+1 < len(s) {
				j++
				add(s[j : j+1])
			}
		case ch < utf8.RuneSelf && unicode.IsSpace(rune(ch)):
			if in && b.Len() > 0 {
				words = append(words, b.String())
				b.Reset()
				in = false
			}
		default:
			r, n := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				if in && b.Len() > 0 {
					words = append(words, b.String())
					b.Reset()
					in = false
				}
			} else {
				add(s[j : j+n])
			}
			j += n - 1
		}
	}
	if b.Len() > 0 {
		words = append(words, b.String())
	}
	return words, nil
}

// bkDouble lexes the double-quoted string that starts at s[j] as
// BuildKit does, giving add its text (with the quotes and escapes when
// raw), and returns the index of its closing quote.
func bkDouble(s string, j int, raw bool, add func(string)) (int, error) {
	if raw {
		add("\"")
	}
	for j++; ; j++ {
		if j >= len(s) {
			return 0, errors.New("an unterminated quote")
		}
		c := s[j]
		if c == '"' {
			break
		}
		if c == '$' && strings.HasPrefix(s[j:], "${") {
			return 0, errors.New("a ${…} guard does not lex as BuildKit does")
		}
		if c == '\\' {
			if raw {
				add("\\")
			}
			if j+1 < len(s) && strings.IndexByte("\"$\\", s[j+1]) >= 0 {
				j++
				c = s[j]
			} else if j+1 >= len(s) {
				continue
			}
		}
		add(string(c))
	}
	if raw {
		add("\"")
	}
	return j, nil
}

// heredocWords returns the here-documents of shell text s as a shell
// reads them: each << (not <<<) outside quotes and comments, then -, blanks,
// the word up to a blank or operator, quotes removed; each "-NAME" or
// "+NAME" as bkHeredocs.
func heredocWords(s string) []string {
	var out []string
	var quote byte
	start := true // at a word's start: # begins a comment
	for j := 0; j < len(s); j++ {
		ch := s[j]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\\' && quote == '"' {
				j++
			}
		case ch == '#' && start:
			for j < len(s) && s[j] != '\n' {
				j++
			}
			continue
		case ch == '\\':
			j++
		case ch == '\'' || ch == '"':
			quote = ch
		case strings.HasPrefix(s[j:], "<<<"):
			j += 2
		case strings.HasPrefix(s[j:], "<<"):
			k, mode := j+2, "+"
			if k < len(s) && s[k] == '-' {
				k, mode = k+1, "-"
			}
			for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
				k++
			}
			name, e := shellWord(s, k)
			if name != "" || e > k {
				out = append(out, mode+name)
			}
			j = e - 1
		}
		start = quote == 0 && strings.IndexByte(" \t\n;&|()<>", ch) >= 0
	}
	return out
}

// shellWord reads the shell word of s at k up to an unquoted blank or
// operator; it returns it with quotes removed and its end.
func shellWord(s string, k int) (string, int) {
	var b strings.Builder
	var quote byte
	for ; k < len(s); k++ {
		ch := s[k]
		switch {
		case quote == '\'':
			if ch == '\'' {
				quote = 0
			} else {
				b.WriteByte(ch)
			}
		case quote == '"':
			if ch == '"' {
				quote = 0
			} else if ch == '\\' && k+1 < len(s) && strings.IndexByte("\"$\\`", s[k+1]) >= 0 {
				k++
				b.WriteByte(s[k])
			} else {
				b.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '\\':
			if k+1 < len(s) {
				k++
				b.WriteByte(s[k])
			}
		case strings.IndexByte(" \t\n;&|()<>", ch) >= 0:
			return b.String(), k
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), k
}
