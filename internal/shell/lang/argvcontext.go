package lang

// What else an exec-form call says about the program it starts besides the
// list (FINDINGS56d P7): python's subprocess calls take the list as args=
// too, run executable= in place of argv[0] (which is then only the name
// the program is told), and look a bare program up on the PATH of the
// env= mapping they hand the child; os.execvpe, os.spawnvpe (and the
// other *e calls) take that mapping last. ArgvLines writes the mapping as
// env's entries before the line (env K=V … PROG …: the walker's PATH
// lookup then uses its PATH) and the executable as the program word.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// keywordArgs returns the spans of the values of the keyword arguments
// (name=value) among args, by name.
func keywordArgs(code string, args [][2]int) map[string][2]int {
	out := map[string][2]int{}
	for _, a := range args {
		t := code[a[0]:a[1]]
		i := strings.IndexByte(t, '=')
		if i <= 0 || i+1 < len(t) && t[i+1] == '=' {
			continue
		}
		name := strings.TrimSpace(t[:i])
		if !word.IsName(name) {
			continue
		}
		s := a[0] + i + 1
		for s < a[1] && (code[s] == ' ' || code[s] == '\t' || code[s] == '\n') {
			s++
		}
		out[name] = [2]int{s, a[1]}
	}
	return out
}

// pySubprocess reports whether fm is one of python's subprocess calls,
// which take args=, executable= and env= (run, call, check_call,
// check_output, Popen).
func pySubprocess(fm argvForm) bool { return fm.shape == shapeList }

// childContext returns words (the child's, from argvWords) with the
// program an executable= argument names in argv[0]'s place, and the words
// that set the child's environment before it: env's, from an env=
// mapping or a *e call's last argument when it is a dict guard reads
// (see envWords); none when there is no mapping or guard cannot read it.
func (j *joiner) childContext(fm argvForm, at int, words []string) (env, out []string) {
	args := argSpans(j.code, at)
	kw := keywordArgs(j.code, args)
	out = words
	if e, ok := kw["executable"]; ok && pySubprocess(fm) && len(words) > 0 {
		out = append([]string{j.argvWord(e)}, words[1:]...) // Popen(["ls"], executable="./x.sh") runs ./x.sh
	}
	mapping, ok := kw["env"]
	if !ok && envLast(fm) {
		pos := args
		if fm.mode && len(pos) > 1 && spawnMode(j.code[pos[0][0]:pos[0][1]]) {
			pos = pos[1:]
		}
		if len(pos) > 2 {
			mapping, ok = pos[2], true // os.execvpe("ls", ["ls"], {"PATH": "bin"})
		}
	}
	if ok {
		env = j.envWords(mapping)
	}
	return env, out
}

// envLast reports whether fm's call takes the child's environment as its
// last positional argument (os.execve, os.execvpe, os.spawnve,
// os.spawnvpe, os.posix_spawn, os.posix_spawnp).
func envLast(fm argvForm) bool {
	if fm.shape != shapeProgList {
		return false
	}
	return strings.HasSuffix(fm.name, "e") || strings.HasPrefix(fm.name, "posix_spawn")
}

// inheritedValue returns the variable whose inherited value python
// expression t reads (os.environ["K"], os.environ.get("K", …),
// os.getenv("K", …)), or "".
func inheritedValue(t string) string {
	t = strings.TrimSpace(t)
	var rest, end string
	switch {
	case strings.HasPrefix(t, "os.environ["):
		rest, end = t[len("os.environ["):], "]"
	case strings.HasPrefix(t, "os.environ.get("):
		rest, end = t[len("os.environ.get("):], ")"
	case strings.HasPrefix(t, "os.getenv("):
		rest, end = t[len("os.getenv("):], ")"
	default:
		return ""
	}
	rest = strings.TrimSpace(rest)
	if rest == "" || rest[0] != '"' && rest[0] != '\'' || !strings.HasSuffix(rest, end) {
		return ""
	}
	q := quoteEnd(rest, 0)
	if q < 0 || strings.ContainsAny(rest[q+1:len(rest)-1], "()[]") {
		return ""
	}
	if name := rest[1:q]; word.IsName(name) {
		return name
	}
	return ""
}

// envWords returns env's words, shell-quoted, for the environment
// mapping at span s when it is a dict literal: each entry as K=V, the
// program then looked up on the PATH it gives. A PATH whose value guard
// cannot tell, or an entry whose key it cannot read, is a PATH guard
// cannot tell (the lookup is then hidden). An entry that hands on the
// value the code inherited ("HOME": os.environ["HOME"]), or another value
// guard cannot tell, is left out, and so is env's -i: the walker reads the
// rest of the child's environment as the command's, as it reads a call
// without env=. Nil for a mapping that is no dict literal (read as before).
func (j *joiner) envWords(s [2]int) []string {
	t := j.code[s[0]:s[1]]
	if t == "" || t[0] != '{' || skipGroup(t, 0) != len(t) {
		return nil
	}
	out := []string{"env"}
	stops := j.stops
	defer func() { j.stops = stops }()
	for _, e := range argSpans(j.code[:s[1]-1], s[0]+1) {
		et := j.code[e[0]:e[1]]
		if strings.HasPrefix(et, "**") {
			continue // {**os.environ, "PATH": "bin"}
		}
		k := topColon(et)
		if k < 0 {
			return nil
		}
		j.stops = stops + ":"
		key := j.argvWord([2]int{e[0], e[0] + k})
		j.stops = stops
		v := e[0] + k + 1
		for v < e[1] && (j.code[v] == ' ' || j.code[v] == '\t') {
			v++
		}
		val := j.argvWord([2]int{v, e[1]})
		switch {
		case strings.Contains(key, ShellUnknown) || !word.IsName(key):
			out = append(out, word.Quote("PATH="+ShellUnknown)) // any variable: PATH among them
		case inheritedValue(j.code[v:e[1]]) == key:
		case strings.Contains(val, ShellUnknown) && key == "PATH":
			out = append(out, word.Quote(key+"="+ShellUnknown))
		case !strings.Contains(val, ShellUnknown):
			out = append(out, word.Quote(key+"="+val))
		}
	}
	if len(out) == 1 {
		return nil
	}
	return out
}

// topColon returns the index of the first colon of t outside quotes and
// brackets, or -1.
func topColon(t string) int {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '"', '\'':
			if end := quoteEnd(t, i); end > i {
				i = end
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ':':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
