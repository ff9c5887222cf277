package lang

import (
	"encoding/json"
	"errors"
	"strings"
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
}

// DockerHeredoc is a here-document of an instruction: its word and body.
type DockerHeredoc struct{ Name, Body string }

// dockerInstrs are the instructions Docker knows.
const dockerInstrs = " FROM RUN CMD LABEL MAINTAINER EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD STOPSIGNAL HEALTHCHECK SHELL "

// ReadDockerfile splits Dockerfile text t into its instructions; an error
// says why guard cannot read it as Docker would (another frontend's
// syntax, an unknown instruction, an unfinished here-document).
func ReadDockerfile(t string) ([]DockerInstr, error) {
	lines := strings.Split(strings.ReplaceAll(t, "\r\n", "\n"), "\n")
	escape, i := byte('\\'), 0
	for ; i < len(lines); i++ {
		k, v, ok := dockerDirective(lines[i])
		if !ok {
			break
		}
		switch {
		case k == "syntax" && !DockerSyntax(v):
			return nil, errors.New("its # syntax= directive names a frontend other than docker/dockerfile, which guard does not read")
		case k == "escape" && v == "`":
			escape = '`'
		case k == "escape" && v != `\`:
			return nil, errors.New("its # escape= directive is not \\ or `")
		}
	}
	var out []DockerInstr
	for i < len(lines) {
		line := lines[i]
		i++
		if s := strings.TrimSpace(line); s == "" || s[0] == '#' {
			continue
		}
		var b strings.Builder
		for {
			s := strings.TrimRight(line, " \t")
			if len(s) == 0 || s[len(s)-1] != escape {
				b.WriteString(line)
				break
			}
			b.WriteString(s[:len(s)-1])
			for i < len(lines) && dockerSkipped(lines[i]) {
				i++ // comment and empty lines inside an instruction
			}
			if i >= len(lines) {
				break
			}
			line = lines[i]
			i++
		}
		in, err := dockerInstr(b.String())
		if err != nil {
			return nil, err
		}
		if in.Cmd == "RUN" || in.Cmd == "COPY" || in.Cmd == "ADD" {
			if i, err = dockerHeredocs(&in, lines, i); err != nil {
				return nil, err
			}
		}
		out = append(out, in)
	}
	return out, nil
}

// dockerSkipped reports whether a line inside a continued instruction is
// dropped: a comment or an empty line.
func dockerSkipped(l string) bool {
	s := strings.TrimSpace(l)
	return s == "" || s[0] == '#'
}

// dockerDirective returns a parser directive line's key (lower-cased)
// and value: # key=value.
func dockerDirective(l string) (string, string, bool) {
	s, ok := strings.CutPrefix(strings.TrimSpace(l), "#")
	if !ok {
		return "", "", false
	}
	k, v, ok := strings.Cut(s, "=")
	k = strings.ToLower(strings.TrimSpace(k))
	if !ok || k == "" || strings.ContainsAny(k, " \t") {
		return "", "", false
	}
	return k, strings.TrimSpace(v), true
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
// and arguments.
func dockerInstr(s string) (DockerInstr, error) {
	s = strings.TrimSpace(s)
	name, rest, _ := strings.Cut(s, " ")
	if j := strings.IndexByte(name, '\t'); j >= 0 {
		name, rest = name[:j], name[j+1:]+" "+rest
	}
	in := DockerInstr{Cmd: strings.ToUpper(name)}
	if !strings.Contains(dockerInstrs, " "+in.Cmd+" ") {
		return in, errors.New("it holds an instruction guard does not know: " + name)
	}
	rest = strings.TrimSpace(rest)
	for strings.HasPrefix(rest, "--") {
		f, r, _ := strings.Cut(rest, " ")
		in.Flags = append(in.Flags, f)
		rest = strings.TrimSpace(r)
	}
	in.Args = rest
	if strings.HasPrefix(rest, "[") {
		var arr []string
		if json.Unmarshal([]byte(rest), &arr) == nil {
			in.Exec, in.IsExec = arr, true
		}
	}
	return in, nil
}

// dockerHeredocs reads the bodies of the here-documents in's shell-form
// arguments start, from lines[i:]; it returns the index after them.
func dockerHeredocs(in *DockerInstr, lines []string, i int) (int, error) {
	if in.IsExec {
		return i, nil
	}
	for _, h := range heredocWords(in.Args) {
		strip := strings.HasPrefix(h, "-")
		name := strings.Trim(strings.TrimPrefix(h, "-"), `"'`)
		var body strings.Builder
		for {
			if i >= len(lines) {
				return i, errors.New("a here-document <<" + name + " has no end")
			}
			l := lines[i]
			i++
			if strip {
				l = strings.TrimLeft(l, "\t")
			}
			if l == name {
				break
			}
			body.WriteString(l + "\n")
		}
		in.Heredocs = append(in.Heredocs, DockerHeredoc{Name: name, Body: body.String()})
	}
	return i, nil
}

// heredocWords returns the here-document words (after <<) of shell text
// s, outside quotes, at a word's start.
func heredocWords(s string) []string {
	var out []string
	var quote byte
	for j := 0; j < len(s); j++ {
		ch := s[j]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\\' && quote == '"' {
				j++
			}
		case ch == '\\':
			j++
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '<' && strings.HasPrefix(s[j:], "<<") && !strings.HasPrefix(s[j:], "<<<"):
			k := j + 2
			e := k
			for e < len(s) && !strings.ContainsRune(" \t;&|<>()", rune(s[e])) {
				e++
			}
			if w := s[k:e]; strings.Trim(strings.TrimPrefix(w, "-"), `"'`) != "" {
				out = append(out, w)
			}
			j = e - 1
		case ch == '<' && strings.HasPrefix(s[j:], "<<<"):
			j += 2
		}
	}
	return out
}
