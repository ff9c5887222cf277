package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxConfigDepth bounds configurations read from configurations (curl's
// `config = F` lines).
const maxConfigDepth = 4

// config: curl -K F / --config F: the file's lines are more of curl's
// options (output = F writes F, url = file:… reads, config = F reads
// another), read as if on the command line. A configuration guard cannot
// read (standard input it does not know, a file it cannot open, one the
// command changes) is hidden: its lines may write, read or send anything.
func (t *transfer) config(f string, depth int) {
	c := t.c
	if depth >= maxConfigDepth {
		c.w.hide("reads a curl configuration nested more than %d deep", maxConfigDepth)
		return
	}
	var text string
	var ok bool
	if f == "-" {
		if text, ok = c.inputText(); !ok && c.stdin.file != "" {
			f = c.stdin.file
		} else if !ok {
			c.w.hide("reads a curl configuration on standard input, which guard cannot see")
			return
		}
	}
	if !ok {
		c.w.Read(f)
		if !word.IsKnown(f) || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/proc/") {
			c.w.hide("reads a curl configuration guard cannot see")
			return
		}
		if text, ok = c.w.FileText(f, true, effect.MaxScriptBytes, "a curl configuration"); !ok {
			return // absent: curl stops; unreadable: hidden by FileText
		}
	}
	t.options(curlConfigWords(text), depth+1)
}

// curlConfigWords returns the options the lines of a curl configuration
// stand for: NAME VALUE, NAME = VALUE, NAME: VALUE, with or without the
// leading dashes, the value optionally in double quotes with \ escapes.
func curlConfigWords(text string) []word.Word {
	var ws []word.Word
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.IndexAny(line, " \t=:")
		name, rest := line, ""
		if i >= 0 {
			name, rest = line[:i], strings.TrimLeft(line[i:], " \t")
			if rest != "" && (rest[0] == '=' || rest[0] == ':') {
				rest = strings.TrimLeft(rest[1:], " \t")
			}
		}
		if !strings.HasPrefix(name, "-") {
			name = "--" + name
		}
		ws = append(ws, word.Word{Text: name, Known: true})
		if rest != "" {
			ws = append(ws, word.Word{Text: curlConfigValue(rest), Known: true})
		}
	}
	return ws
}

// curlConfigValue returns a configuration line's value: a double-quoted
// string unquoted (\t, \n, \r, \v and \X for any other X), else up to the
// first blank.
func curlConfigValue(v string) string {
	if v[0] != '"' {
		if i := strings.IndexAny(v, " \t"); i >= 0 {
			return v[:i]
		}
		return v
	}
	var b strings.Builder
	for i := 1; i < len(v); i++ {
		switch ch := v[i]; {
		case ch == '"':
			return b.String()
		case ch == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 'v':
				b.WriteByte('\v')
			default:
				b.WriteByte(v[i])
			}
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// wgetrc: wget -e CMD runs one .wgetrc command, which is one of its long
// options (output_document = F is -O F, input = F is -i F, dir_prefix = D
// is -P D, execute = CMD another), read as if on the command line; a
// proxy setting names a host it connects through. --config F reads a file
// of them.
func (t *transfer) wgetrc(cmd string, depth int) {
	k, v, ok := strings.Cut(cmd, "=")
	if !ok && word.IsKnown(cmd) {
		return
	}
	k = strings.ToLower(strings.TrimSpace(k))
	v = strings.TrimSpace(v)
	if !word.IsKnown(k) {
		t.c.w.hide("runs a wget command guard cannot tell: it may name a program wget runs (use_askpass)")
		return
	}
	if slices.Contains(proxyVars, k) {
		t.c.url(v)
		return
	}
	if depth >= maxConfigDepth {
		t.c.w.hide("runs wget commands nested more than %d deep", maxConfigDepth)
		return
	}
	name := catalogue.WgetCommand(k)
	opt := []word.Word{{Text: name + "=" + v, Known: word.IsKnown(v)}}
	if r, ok := catalogue.OptionRunnerNamed("wget"); ok {
		if o, val, _, ok := r.Match(opt, 0); ok {
			t.c.runOption(o.Use, val, "wget") // use_askpass = PROG runs PROG
			return
		}
	}
	t.options([]word.Word{{Text: name, Known: true}, {Text: v, Known: word.IsKnown(v)}}, depth+1)
}

// wgetDefaultConfig reads the .wgetrc wget reads unless --no-config is
// given: the system file $SYSTEM_WGETRC names (/etc/wgetrc by default, a
// system file), then the file $WGETRC names, else $HOME/.wgetrc where the command
// points HOME (the home's own is a protected file the command cannot
// write). Its commands are read as -e ones.
func (t *transfer) wgetDefaultConfig() {
	c := t.c
	if c.name != "wget" || slices.ContainsFunc(c.args, func(a word.Word) bool { return a.Text == "--no-config" }) {
		return
	}
	if f, ok := c.envValue("SYSTEM_WGETRC"); ok {
		t.wgetConfig(f, 1) // read before the user's file, as wget does
	}
	if f, ok := c.envValue("WGETRC"); ok {
		t.wgetConfig(f, 1)
		return
	}
	if !c.setsEnv("HOME") {
		return
	}
	h, _ := c.envValue("HOME")
	if !word.IsKnown(h) || h == "" {
		c.w.hide("reads a wget configuration guard cannot see (in a HOME the command sets)")
		return
	}
	f := strings.TrimRight(h, "/") + "/.wgetrc"
	if _, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st != effect.FileAbsent {
		t.wgetConfig(f, 1)
	}
}

// wgetConfig: wget --config F reads F's .wgetrc commands, one a line.
func (t *transfer) wgetConfig(f string, depth int) {
	c := t.c
	c.w.Read(f)
	if !word.IsKnown(f) || f == "-" || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/proc/") {
		c.w.hide("reads a wget configuration guard cannot see")
		return
	}
	text, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a wget configuration")
	if !ok {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			t.wgetrc(line, depth)
		}
	}
}

// curlrcVars are the variables curl finds its default configuration file
// (.curlrc) by, in the order it tries them.
var curlrcVars = [...]string{"CURL_HOME", "XDG_CONFIG_HOME", "HOME"}

// defaultConfig reads the .curlrc curl reads unless -q
// is its first argument: in $CURL_HOME, $XDG_CONFIG_HOME, $HOME, the first
// there is. Its options count as the command line's (a request-target
// there sends another path than the URL's). A directory the command
// itself points one of them at (CURL_HOME=ch curl …) whose file guard
// cannot read, or a value guard cannot resolve, makes the request target
// one guard cannot tell: a path-scoped allowlist entry then does not match.
func (t *transfer) defaultConfig() {
	c := t.c
	if c.name != "curl" || len(c.args) > 0 && (c.args[0].Text == "-q" || c.args[0].Text == "--disable") {
		return
	}
	for _, name := range curlrcVars {
		v, ok := c.envValue(name)
		if !ok {
			continue
		}
		own := c.setsEnv(name)
		if !word.IsKnown(v) || v == "" {
			t.target = t.target || own
			return
		}
		for _, f := range [...]string{".curlrc", "curlrc"} { // curlrc: $XDG_CONFIG_HOME's spelling
			text, st := c.w.FileStatus(strings.TrimRight(v, "/")+"/"+f, true, effect.MaxScriptBytes)
			switch {
			case st == effect.FileAbsent:
				continue
			case st == effect.FileWhole:
				t.options(curlConfigWords(text), 1)
			case own:
				t.target = true
			}
			return
		}
	}
}

// setsEnv reports whether the command sets variable name for its program
// (NAME=v prog, env NAME=v prog, or an assignment earlier in the command),
// not the environment it inherits.
func (c *cmd) setsEnv(name string) bool {
	for _, e := range c.env {
		if strings.HasPrefix(e, name+"=") {
			return true
		}
	}
	if c.w.vars == nil {
		return false
	}
	v, ok := c.w.vars[name]
	o, had := c.w.varsOf[name]
	return ok && (!had || v.Str != o.Str || v.Set != o.Set)
}
