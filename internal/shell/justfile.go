package shell

// A justfile read as just reads it (FINDINGS52b F17, FINDINGS53a B11,
// B16, FP4): its recipes one by one, each body as the text its
// interpreter runs and in the directory it runs in. A linewise recipe's
// lines are each a command of `set shell` (sh -cu when none: the line
// itself; `set shell := ["python3", "-c"]`: python3 -c 'LINE'), a line
// ending in \ joined with the next; a shebang (#!) or [script] recipe's
// body is one script, of a shell or of the interpreter it names. {{…}}
// interpolations are filled from the justfile's string assignments (a
// literal, a concatenation with + or /); any other (a backtick, a
// function, a recipe parameter) is a value guard cannot tell
// (unknownMakeVar). `set working-directory` runs the recipes in DIR, a
// recipe's [working-directory: DIR] that recipe, [no-cd] in the directory
// just started in; a directory guard cannot tell is cannot-tell when the
// recipe runs a relative file. import is read as more of the justfile,
// mod as a module's justfile run in its own directory. Headers,
// settings and assignments are word-scanned (quotes as blanks) in the
// justfile's directory, and a backtick's command is scanned there.

import (
	"cmp"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// justRecipe is one recipe of a justfile: its body as the lines its
// interpreter runs, and where it runs.
type justRecipe struct {
	lines []string
	// dir is its [working-directory] ("" none), unknown one guard cannot
	// tell; noCd: [no-cd].
	dir, unknown string
	noCd         bool
	params       []string // its parameters, as written ($NAME: exported)
}

// justfile is what readJustfile reads of a justfile's text.
type justfile struct {
	meta    []string // lines outside recipe bodies: their words
	ticks   []string // backticks' commands
	recipes []justRecipe
	vars    map[string]string // NAME := EXPRESSION
	over    map[string]string // the command line's NAME=VALUE, as expressions
	shell   []string          // set shell's words; nil: sh -cu
	script  []string          // set script-interpreter's; nil: sh -eu
	setDir  string            // set working-directory's
	// unknownSet is a set working-directory guard cannot tell; hide a
	// reason the justfile is cannot-tell.
	unknownSet, hide string
	imports, mods    []justRef
	// args is the text the invocation's recipe arguments give every
	// parameter (just test -k foo: "-k foo"; none: a parameter's default,
	// else ""); argsUnknown: words guard cannot tell.
	args        string
	given       bool
	argsUnknown bool
	// paths are the values of just's path functions (justPathFuncs):
	// justfile_directory() and the rest, by name.
	paths map[string]string
	// exported are the assignments export puts in every recipe's
	// environment, exportAll set export's all; dotenvLoad set
	// dotenv-load's, dotenvFile the file another dotenv setting names
	// (justenv.go).
	exported              []string
	exportAll, dotenvLoad bool
	fallback              bool   // set fallback: a recipe it lacks is the parent justfile's
	dotenvFile            string // set dotenv-filename's or dotenv-path's
	dotenvPath            bool   // dotenvFile is dotenv-path's
	// calls are the dependency calls with arguments, by the recipe they
	// call: (y ARG…)'s argument expressions; bound the ones a recipe's
	// body is being filled with.
	calls map[string][][]string
	bound map[string]string
}

// justPathFuncs are just's functions of no argument whose value is a
// path just knows when it starts, with the index in the values
// justfile.paths is built from: the justfile's directory, the justfile,
// the directory just started in, the home (FINDINGS54a FP2).
var justPathFuncs = [...]struct {
	name string
	at   int
}{{"justfile_directory", 0}, {"justfile_dir", 0}, {"justfile", 1}, {"invocation_directory", 2}, {"invocation_dir", 2},
	{"home_directory", 3}, {"home_dir", 3}}

// justRef is an import or a mod line: its path ("" none given), its
// module name, whether it is optional (import?, mod?).
type justRef struct {
	path, name string
	optional   bool
	base       string // the directory of the file holding it ("" the root justfile's)
}

// scanJustfile scans justfile f (text t) of just (tr), and the files it
// imports and its modules (seen: those read).
func (c *cmd) scanJustfile(tr *catalogue.TaskRunner, f, t string, seen map[string]bool) {
	jf := justfile{vars: map[string]string{}, over: map[string]string{}, paths: map[string]string{}}
	base := path.Dir(f)
	for _, p := range justPathFuncs {
		jf.paths[p.name] = [...]string{c.absDir(base), c.absDir(f), c.taskUserDir, "~"}[p.at]
	}
	if justListing(c.args) {
		return // just --list runs no recipe
	}
	jf.invocation(tr, c.args)
	jf.read(t)
	c.justImports(&jf, base, seen)
	if jf.hide != "" {
		c.w.hide("runs %s, whose justfile %s %s: it cannot tell what runs", c.name, f, jf.hide)
		return
	}
	c.justEnv(&jf, base) // justenv.go
	scan := func(lines []string) func() {
		return func() {
			c.scanRecipeWords(lines, nil)
			c.taskScripts(lines)
			c.taskPrograms(lines)
		}
	}
	meta := strings.NewReplacer(`"`, " ", "'", " ", "`", " ", ",", " ", "[", " ", "]", " ", "{{", " ", "}}", " ").Replace(strings.Join(jf.meta, "\n"))
	scan(append(strings.Split(meta, "\n"), jf.ticks...))()
	def := c.w.Dir
	if jf.setDir != "" {
		def = c.w.dest(justUnder(base, jf.setDir))
	}
	var dirs []string
	byDir := map[string][]string{}
	for _, r := range jf.recipes {
		var at []string
		switch {
		case r.noCd:
			at = []string{c.taskUserDir}
		case r.unknown != "" || r.dir == "" && jf.unknownSet != "":
			if runsRelative(strings.Join(r.lines, "\n")) {
				c.w.hide("runs %s, whose justfile %s runs a recipe in a directory guard cannot tell (%s) where it runs a file: it cannot tell which file runs", c.name, f, r.unknown+jf.unknownSet)
				return
			}
			at = []string{effect.UnknownCd} // a relative name there may be any file (FINDINGS54a T2)
		case r.dir != "":
			at = []string{c.w.dest(justUnder(base, r.dir))}
			if jf.setDir != "" {
				at = append(at, c.w.dest(justUnder(justUnder(base, jf.setDir), r.dir)))
			}
		default:
			at = []string{def}
		}
		for _, d := range at {
			if _, ok := byDir[d]; !ok {
				dirs = append(dirs, d)
			}
			byDir[d] = append(byDir[d], r.lines...)
		}
	}
	root := strings.TrimRight(word.Clean(c.w.dest(base)), "/")
	for i, d := range dirs {
		if i > maxTaskDirs {
			c.w.hide("runs %s, whose justfile %s names more than %d recipe directories: it cannot tell what runs in the rest", c.name, f, maxTaskDirs)
			return
		}
		// outside the justfile's tree (the home, an unknown directory):
		// each command analysed as typed there, as Taskfile dirs are
		foreign := !insideDir(word.Clean(d), root) && d != c.taskUserDir
		c.inDir(d, func() {
			defer func(t bool) { c.w.recipeTyped = t }(c.w.recipeTyped)
			c.w.recipeTyped = c.w.recipeTyped || foreign
			scan(byDir[d])()
		})
	}
	c.justMods(tr, jf.mods, base, seen)
	if jf.fallback {
		c.justFallback(tr, base, seen) // justenv.go
	}
}

// read reads justfile text t into jf (more of it for an import).
func (jf *justfile) read(t string) {
	lines := strings.Split(t, "\n")
	jf.collectCalls(lines) // justenv.go
	var attrs []string
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if l[0] == ' ' || l[0] == '\t' {
			jf.meta = append(jf.meta, l) // a body with no recipe: its words
			continue
		}
		jf.meta = append(jf.meta, l)
		jf.ticks = append(jf.ticks, backticks(l)...)
		switch first, rest, _ := strings.Cut(l, " "); {
		case strings.HasPrefix(l, "["):
			attrs = append(attrs, l)
			continue
		case first == "set":
			jf.setting(strings.TrimSpace(rest), l)
		case first == "import" || first == "import?":
			p, ok := justString(strings.TrimSpace(rest))
			if !ok {
				jf.hide = "imports a file guard cannot tell (" + l + ")"
			}
			jf.imports = append(jf.imports, justRef{path: p, optional: first == "import?"})
		case first == "mod" || first == "mod?":
			jf.mod(strings.TrimSpace(rest), first == "mod?", l)
		case first == "alias":
		case justAssignment(l) != "":
			name := justAssignment(l)
			_, v, _ := strings.Cut(l, ":=")
			jf.vars[name] = strings.TrimSpace(v)
			if first == "export" {
				jf.exported = append(jf.exported, name)
			}
		default:
			j := i + 1
			for j < len(lines) && (strings.TrimSpace(lines[j]) == "" || lines[j][0] == ' ' || lines[j][0] == '\t') {
				j++
			}
			jf.recipe(l, attrs, lines[i+1:j])
			i = j - 1
		}
		attrs = nil
	}
}

// setting reads a set line (s: after set; l whole).
func (jf *justfile) setting(s, l string) {
	name, v, _ := strings.Cut(s, ":=")
	name, v = strings.TrimSpace(name), strings.TrimSpace(v)
	switch name {
	case "export":
		jf.exportAll = v == "" || v == "true"
	case "fallback":
		jf.fallback = v == "" || v == "true"
	case "dotenv-load":
		jf.dotenvLoad = v == "" || v == "true"
	case "dotenv-filename", "dotenv-path":
		f, ok := justString(v)
		if !ok {
			jf.hide = "loads a dotenv file guard cannot tell (" + l + ")"
		}
		jf.dotenvFile, jf.dotenvPath = f, name == "dotenv-path"
	case "working-directory":
		if d, ok := justDir(l); ok {
			jf.setDir = d
		} else {
			jf.unknownSet = l
		}
	case "shell", "script-interpreter":
		ws, ok := justList(v)
		if !ok {
			jf.hide = "runs its recipes with an interpreter guard cannot tell (" + l + ")"
		}
		if name == "shell" {
			jf.shell = ws
		} else {
			jf.script = ws
		}
	}
}

// mod reads a mod line (s: after mod; optional for mod?).
func (jf *justfile) mod(s string, optional bool, l string) {
	name, rest, _ := strings.Cut(s, " ")
	p := ""
	if rest = strings.TrimSpace(rest); rest != "" {
		var ok bool
		if p, ok = justString(rest); !ok {
			jf.hide = "pulls in a module guard cannot tell (" + l + ")"
		}
	}
	jf.mods = append(jf.mods, justRef{path: p, name: name, optional: optional})
}

// invocation applies just's command line args to jf: NAME=VALUE
// overrides an assignment (just a=.env t), the words after the recipe's
// name are its arguments.
func (jf *justfile) invocation(tr *catalogue.TaskRunner, args []word.Word) {
	recipe := false
	var rest []string
	for j := 0; j < len(args); j++ {
		a := args[j]
		switch {
		case recipe:
			rest = append(rest, a.Text)
			jf.argsUnknown = jf.argsUnknown || !a.Known || a.Sub != ""
		case a.Text == "--set" && j+2 < len(args):
			jf.override(args[j+1], args[j+2])
			j += 2
		case tr.FileOpts.Has(a.Text) || tr.DirOpts.Has(a.Text) || tr.WithArg.Has(a.Text):
			j++
		case strings.HasPrefix(a.Text, "-"):
		case strings.Contains(a.Text, "=") && justAssignment(strings.Replace(a.Text, "=", ":=", 1)) != "":
			k, v, _ := strings.Cut(a.Text, "=")
			jf.override(word.Word{Text: k, Known: true}, word.Word{Text: v, Known: a.Known})
		default:
			recipe = true
		}
	}
	jf.args, jf.given = strings.Join(rest, " "), len(rest) > 0
}

// override sets assignment k to the string v the command line gives
// (unknown when guard cannot tell it).
func (jf *justfile) override(k, v word.Word) {
	if !v.Known || v.Sub != "" || strings.ContainsAny(v.Text, `"\`) {
		jf.over[k.Text] = "`unknown`"
		return
	}
	jf.over[k.Text] = `"` + v.Text + `"`
}

// justAssignment returns the name line l assigns (export NAME := …), or
// "".
func justAssignment(l string) string {
	lhs, _, ok := strings.Cut(l, ":=")
	if !ok {
		return ""
	}
	lhs = strings.TrimSpace(strings.TrimPrefix(lhs, "export "))
	if !word.IsName(strings.ReplaceAll(lhs, "-", "_")) {
		return ""
	}
	return lhs
}

// recipe reads a recipe: its header line h, its attribute lines attrs,
// its body lines; once as the invocation gives its parameters, and once
// more for each dependency call that gives them arguments (justenv.go).
func (jf *justfile) recipe(h string, attrs, body []string) {
	r, ok := jf.recipeOf(h, attrs, body)
	if !ok {
		return
	}
	r.lines = append(r.lines, jf.calledLines(h, attrs, body)...)
	jf.recipes = append(jf.recipes, r)
}

// recipeOf returns the recipe of header h, attributes attrs and body
// lines body; false for one with no body.
func (jf *justfile) recipeOf(h string, attrs, body []string) (justRecipe, bool) {
	var r justRecipe
	interp, script := jf.shell, false
	for _, at := range attrs {
		for _, a := range justAttrs(at) {
			name, arg, _ := strings.Cut(a, "\x00")
			switch name {
			case "no-cd":
				r.noCd = true
			case "working-directory":
				if d, ok := justDir(name + " " + arg); ok {
					r.dir = d
				} else {
					r.unknown = at
				}
			case "script":
				script, interp = true, jf.script
				if arg != "" {
					ws, ok := justList(arg)
					if !ok {
						jf.hide = "runs a recipe with an interpreter guard cannot tell (" + at + ")"
					}
					interp = ws
				}
			}
		}
	}
	params := justParams(h)
	r.params = params
	var ls []string
	for _, b := range body {
		if s := strings.TrimSpace(b); s != "" {
			ls = append(ls, s)
		}
	}
	if len(ls) == 0 {
		return r, false
	}
	fill := func(s string) string { return jf.fill(s, params) }
	switch {
	case strings.HasPrefix(ls[0], "#!"):
		r.lines = jf.runs(justShebang(ls[0]), fill(strings.Join(ls[1:], "\n")), true)
	case script:
		r.lines = jf.runs(interp, fill(strings.Join(ls, "\n")), true)
	default:
		for _, l := range justJoined(ls) {
			l = strings.TrimLeft(l, "@-") // quiet, errors ignored
			r.lines = append(r.lines, jf.runs(interp, fill(l), false)...)
		}
	}
	return r, true
}

// justAttrs returns the attributes of attribute line l ([no-cd,
// script("python3")], [working-directory: 'x']), each NAME, NUL, its
// argument text ("" when none).
func justAttrs(l string) []string {
	l = strings.TrimSpace(l)
	l = strings.TrimSuffix(strings.TrimPrefix(l, "["), "]")
	var out []string
	for l = strings.TrimSpace(l); l != ""; l = strings.TrimLeft(l, " \t,") {
		n := 0
		for n < len(l) && (word.IsWordChar(l[n]) || l[n] == '-') {
			n++
		}
		name, rest := l[:n], strings.TrimLeft(l[n:], " \t")
		arg := ""
		switch {
		case n == 0:
			return append(out, "?\x00"+l) // not read: no name
		case strings.HasPrefix(rest, "("):
			end := strings.IndexByte(rest, ')')
			if end < 0 {
				end = len(rest) - 1
			}
			arg, rest = rest[1:end], rest[end+1:]
		case strings.HasPrefix(rest, ":"):
			rest = strings.TrimLeft(rest[1:], " \t")
			if v, ok := justString(rest); ok || rest != "" && (rest[0] == '"' || rest[0] == '\'') {
				arg, rest = rest[:min(len(rest), len(v)+2)], rest[min(len(rest), len(v)+2):]
			}
		}
		out = append(out, name+"\x00"+arg)
		l = rest
	}
	return out
}

// justJoined returns recipe lines ls with each ending in an odd number of
// backslashes joined with the next, the backslash and line break taken
// off (just passes them as one command; the shell drops the break).
func justJoined(ls []string) []string {
	var out []string
	for _, l := range ls {
		if n := len(out); n > 0 && continued(out[n-1]) { // projectrecipes.go
			out[n-1] = out[n-1][:len(out[n-1])-1] + l
			continue
		}
		out = append(out, l)
	}
	return out
}

// runs returns the shell lines that run text with interpreter interp
// (its words; nil or a shell: the text itself, as sh runs it): set
// shell's words and the line (python3 -c 'LINE'), a script body (a file
// the interpreter runs) as the interpreter's code option and the body; a
// program guard does not know (for a body: one with no code option) is
// cannot-tell.
func (jf *justfile) runs(interp []string, text string, file bool) []string {
	if len(interp) == 0 || catalogue.Shells.Has(path.Base(interp[0])) && plainShellFlags(interp[1:]) {
		return []string{text}
	}
	if catalogue.Shells.Has(path.Base(interp[0])) {
		// a shell's own options (--rcfile ./x.sh -i) load files: the
		// recipe is read as the shell invoked with them (FINDINGS54a J5)
		if interp[len(interp)-1] != "-c" {
			interp = append(slices.Clip(interp), "-c")
		}
		file = false
	}
	name := path.Base(interp[0])
	if _, ok := catalogue.InterpreterOf(name); !ok && !file && !knownProgram(name) {
		jf.hide = "runs its recipes' lines with " + name + ", which guard does not read"
		return nil
	}
	if file {
		in, ok := catalogue.InterpreterOf(name)
		opts := strings.Fields(string(in.Code))
		if !ok || len(opts) == 0 {
			jf.hide = "runs a recipe's body with " + name + ", whose code guard does not read"
			return nil
		}
		interp = []string{interp[0], opts[0]}
	}
	var b strings.Builder
	for _, w := range interp {
		b.WriteString(word.Quote(w) + " ")
	}
	b.WriteString(word.Quote(text))
	return []string{b.String()}
}

// plainShellFlags reports whether a shell's words ws (after its name)
// are only options that load no file: -e, -u, -x, -c, -o pipefail and
// the like (not -i, -l, --rcfile).
func plainShellFlags(ws []string) bool {
	for i, w := range ws {
		switch {
		case i > 0 && (ws[i-1] == "-o" || ws[i-1] == "+o" || strings.HasSuffix(ws[i-1], "o") && strings.HasPrefix(ws[i-1], "-") && !strings.HasPrefix(ws[i-1], "--")):
			if !word.IsName(w) {
				return false
			}
		case len(w) > 1 && (w[0] == '-' || w[0] == '+') && strings.Trim(w[1:], "euxvcfhnoBCHPTabkmt") == "":
		default:
			return false
		}
	}
	return true
}

// justShebang returns the interpreter words of shebang line l
// (#!/usr/bin/env python3 -u: python3 -u).
func justShebang(l string) []string {
	ws := strings.Fields(strings.TrimPrefix(l, "#!"))
	if len(ws) > 0 && path.Base(ws[0]) == "env" {
		ws = ws[1:]
		for len(ws) > 0 && strings.HasPrefix(ws[0], "-") {
			ws = ws[1:] // env -S
		}
	}
	if len(ws) == 0 {
		return []string{"sh"}
	}
	if path.Base(ws[0]) == "uv" && slices.Contains(ws, "run") {
		return []string{"python3"} // uv run --script: a Python script
	}
	return ws
}

// justParams returns the parameters of recipe header h (t a +b="x" *c
// $d: deps), as written: NAME or NAME=DEFAULT after its sigils.
func justParams(h string) []string {
	head, _, _ := strings.Cut(h, ":")
	var out []string
	for i, w := range strings.Fields(head) {
		if i == 0 {
			continue
		}
		n, _, _ := strings.Cut(strings.TrimLeft(w, "+*$"), "=")
		if word.IsName(n) {
			out = append(out, w)
		}
	}
	return out
}

// maxJustDepth bounds the assignments evaluated inside assignments.
const maxJustDepth = 8

// fill returns recipe text s with its {{…}} interpolations evaluated
// (eval); one guard cannot evaluate is unknownMakeVar's text. {{{{ is a
// literal {{.
func (jf *justfile) fill(s string, params []string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		if strings.HasPrefix(s[i:], "{{{{") {
			b.WriteString("{{")
			s = s[i+4:]
			continue
		}
		end := strings.Index(s[i:], "}}")
		if end < 0 {
			b.WriteString(s[i:])
			return b.String()
		}
		expr := strings.TrimSpace(s[i+2 : i+end])
		if v, ok := jf.eval(expr, params, 0); ok {
			b.WriteString(v)
		} else {
			b.WriteString(unknownMakeVar("just " + expr))
		}
		s = s[i+end+2:]
	}
}

// eval returns the value of just expression e when it is string literals
// and assignments joined by + and /; false for anything else (a
// backtick, a function, a conditional, a parameter).
func (jf *justfile) eval(e string, params []string, depth int) (string, bool) {
	if depth > maxJustDepth {
		return "", false
	}
	var b strings.Builder
	for e = strings.TrimSpace(e); e != ""; e = strings.TrimSpace(e) {
		switch {
		case e[0] == '"' || e[0] == '\'':
			if strings.HasPrefix(e, `"""`) || strings.HasPrefix(e, "'''") {
				return "", false
			}
			end := strings.IndexByte(e[1:], e[0])
			lit := ""
			if end >= 0 {
				lit = e[1 : 1+end]
			}
			if end < 0 || e[0] == '"' && strings.Contains(lit, `\`) {
				return "", false
			}
			b.WriteString(lit)
			e = e[end+2:]
		case justEnvCall(e) != "":
			v, n := justEnvCall(e), strings.IndexByte(e, ')')
			b.WriteString(v)
			e = e[n+1:]
		default:
			n := 0
			for n < len(e) && (word.IsWordChar(e[n]) || e[n] == '-') {
				n++
			}
			v, ok := jf.param(e[:n], params)
			if p, isPath := jf.paths[e[:n]]; isPath && strings.HasPrefix(strings.TrimLeft(e[n:], " \t"), "()") {
				b.WriteString(p) // justfile_directory(): a path just knows
				e = strings.TrimLeft(e[n:], " \t")[2:]
				goto next
			}
			if !ok {
				v, ok = jf.over[e[:n]]
			}
			if !ok {
				v, ok = jf.vars[e[:n]]
			}
			if n == 0 || !ok {
				return "", false
			}
			val, ok := jf.eval(v, nil, depth+1)
			if !ok {
				return "", false
			}
			b.WriteString(val)
			e = e[n:]
		}
	next:
		if e = strings.TrimSpace(e); e == "" {
			break
		}
		switch e[0] {
		case '+':
		case '/':
			b.WriteByte('/')
		default:
			return "", false
		}
		e = e[1:]
	}
	return b.String(), true
}

// justEnvCall returns the shell text of just's env_var("NAME"),
// env("NAME"), env_var_or_default("NAME", "DEFAULT") or env("NAME",
// "DEFAULT") at the start of expression e: the variable of the
// environment just starts the recipe with, ${NAME} or ${NAME:-DEFAULT},
// which the walker resolves from the command's variables or the
// inherited ones; "" for any other call or argument (a DEFAULT that is
// not a plain word).
func justEnvCall(e string) string {
	fn, rest, ok := strings.Cut(e, "(")
	end := strings.IndexByte(rest, ')')
	if !ok || end < 0 || fn != "env" && fn != "env_var" && fn != "env_var_or_default" {
		return ""
	}
	var args []string
	for _, a := range strings.Split(rest[:end], ",") {
		a = strings.TrimSpace(a)
		if len(a) < 2 || a[0] != a[len(a)-1] || a[0] != '"' && a[0] != '\'' {
			return ""
		}
		args = append(args, a[1:len(a)-1])
	}
	switch {
	case len(args) == 0 || len(args) > 2 || !word.IsName(args[0]) || fn == "env_var" && len(args) != 1 || fn == "env_var_or_default" && len(args) != 2:
		return ""
	case len(args) == 1:
		return "${" + args[0] + "}"
	}
	for _, r := range args[1] {
		if !(r < 128 && word.IsWordChar(byte(r)) || strings.ContainsRune("./-+:@", r)) {
			return ""
		}
	}
	return "${" + args[0] + ":-" + args[1] + "}"
}

// param returns, as an expression, the value the invocation gives
// parameter name of params (see justfile.args): its arguments, else the
// default, else ""; false when name is no parameter, or the arguments
// are words guard cannot tell.
func (jf *justfile) param(name string, params []string) (string, bool) {
	for _, p := range params {
		n, def, hasDef := strings.Cut(strings.TrimLeft(p, "+*$"), "=")
		v, isBound := jf.bound[n]
		switch {
		case n != name:
			continue
		case isBound:
			return v, true // a dependency's argument: (y ARG)
		case jf.argsUnknown || jf.given && strings.ContainsAny(jf.args, `"\`):
			return "`unknown`", true
		case jf.given:
			return `"` + jf.args + `"`, true
		case hasDef:
			return def, true
		}
		return `""`, true
	}
	return "", false
}

// justString returns the string literal s starts with (import 'x.just').
func justString(s string) (string, bool) {
	if s == "" || s[0] != '"' && s[0] != '\'' {
		return "", false
	}
	end := strings.IndexByte(s[1:], s[0])
	if end < 0 {
		return "", false
	}
	v := s[1 : 1+end]
	return v, !strings.ContainsAny(v, "{$`\\")
}

// justList returns the strings of a list expression [“a”, “b”]: false
// when it holds anything else.
func justList(s string) ([]string, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "["), ")"), "]"))
	var out []string
	for s != "" {
		v, ok := justString(s)
		if !ok {
			return nil, false
		}
		out = append(out, v)
		s = strings.TrimLeft(s[len(v)+2:], " \t,")
	}
	return out, len(out) > 0
}

// backticks returns the commands of the backticks of line l.
func backticks(l string) []string {
	var out []string
	for {
		i := strings.IndexByte(l, '`')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(l[i+1:], '`')
		if j < 0 {
			return out
		}
		out = append(out, strings.Trim(l[i+1:i+1+j], "`"))
		l = l[i+j+2:]
	}
}

// justImports reads the files jf imports (relative to base) as more of
// it, bounded with the files read (seen).
func (c *cmd) justImports(jf *justfile, base string, seen map[string]bool) {
	for i := 0; i < len(jf.imports); i++ {
		p := path.Join(cmp.Or(jf.imports[i].base, base), jf.imports[i].path)
		switch {
		case c.w.stopped() || seen[word.Clean(p)]:
			continue
		case len(seen) >= maxTaskIncludes:
			jf.hide = "pulls in more than " + strconv.Itoa(maxTaskIncludes) + " files"
			return
		}
		if _, st := c.w.FileStatus(p, true, effect.MaxScriptBytes); st == effect.FileAbsent {
			continue // just fails on a missing one before it runs anything; import? passes it over
		}
		seen[word.Clean(p)] = true
		c.w.Read(p)
		t, ok := c.w.FileText(p, true, effect.MaxScriptBytes, "a justfile")
		if !ok {
			continue
		}
		n, m := len(jf.imports), len(jf.mods)
		jf.read(t) // its imports join the list
		for k := n; k < len(jf.imports); k++ {
			jf.imports[k].base = path.Dir(p) // just resolves them from the file holding them (FINDINGS54a J6)
		}
		for k := m; k < len(jf.mods); k++ {
			jf.mods[k].base = path.Dir(p)
		}
	}
}

// justMods scans each module's justfile mods name in the module's own
// directory: NAME.just, NAME/mod.just, NAME/justfile, NAME/.justfile
// below base, or the path given (a file, or a directory holding one).
func (c *cmd) justMods(tr *catalogue.TaskRunner, mods []justRef, base string, seen map[string]bool) {
	for _, m := range mods {
		var cands []string
		base := cmp.Or(m.base, base)
		if m.path != "" {
			p := path.Join(base, m.path)
			cands = []string{p, path.Join(p, "mod.just"), path.Join(p, "justfile"), path.Join(p, ".justfile")}
		} else {
			p := path.Join(base, m.name)
			cands = []string{p + ".just", path.Join(p, "mod.just"), path.Join(p, "justfile"), path.Join(p, "Justfile"), path.Join(p, ".justfile")}
		}
		for _, f := range cands {
			if c.w.stopped() {
				return
			}
			if found, _ := c.entryAt(f, false); !found || seen[word.Clean(f)] {
				continue
			}
			if len(seen) >= maxTaskIncludes {
				c.w.hide("runs %s, whose justfile pulls in more than %d files: it cannot tell what the rest run", c.name, maxTaskIncludes)
				return
			}
			seen[word.Clean(f)] = true
			c.inFileDir(f, func() { c.scanTaskText(tr, path.Base(f), seen) })
			break
		}
	}
}

// justUnder returns working directory d of a justfile in directory
// base: d itself when absolute or under the home (~), else joined to base.
func justUnder(base, d string) string {
	if path.IsAbs(d) || word.HomeRelative(d) {
		return word.Clean(d)
	}
	return path.Join(base, d)
}

// justDir returns the directory a working-directory setting or attribute
// line l names: its first string literal, with no interpolation; false
// when it names none guard can read.
func justDir(l string) (string, bool) {
	_, rest, _ := strings.Cut(l, "working-directory")
	rest = strings.TrimLeft(rest, " \t:=(")
	if rest == "" || rest[0] != '\'' && rest[0] != '"' {
		return "", false
	}
	end := strings.IndexByte(rest[1:], rest[0])
	if end < 0 {
		return "", false
	}
	d := rest[1 : 1+end]
	if d == "" || strings.ContainsAny(d, "{$`\\") {
		return "", false
	}
	return d, true
}

// justListing reports whether just's words args make it run no recipe:
// it lists, shows, dumps or formats the justfile, or prints its help or
// version (--list, -l, --summary, --show, -s, --dump, --fmt, --variables,
// --groups, --help, -h, --version, -V, --init, --completions).
func justListing(args []word.Word) bool {
	for _, a := range args {
		switch a.Text {
		case "--list", "-l", "--summary", "--show", "-s", "--dump", "--fmt", "--variables", "--groups", "--help", "-h", "--version", "-V", "--init", "--completions":
			return true
		}
		if !strings.HasPrefix(a.Text, "-") {
			return false // a recipe's name: its arguments follow
		}
	}
	return false
}
