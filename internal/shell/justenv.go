package shell

// What just puts in a recipe's environment and parameters besides the
// invocation's words (FINDINGS55a N16): `export NAME := …`, every
// assignment under `set export`, a `$NAME` parameter, the dotenv file it
// loads (set dotenv-load, dotenv-filename, dotenv-path), and the
// arguments a dependency call gives (x: (y ARG)). Each exported value is
// an export statement before every recipe line (its value as just
// evaluates it, else unknown: never empty); a dependency call fills the
// called recipe's body once more with its arguments. just is not
// installed here: this follows just's manual.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxJustCalls bounds the dependency calls of one recipe filled.
const maxJustCalls = 8

// justEnv puts the environment just gives each recipe (exports, $NAME
// parameters, the dotenv file's lines: jf.envPrefix) before each of its
// lines.
func (c *cmd) justEnv(jf *justfile, base string) {
	dotenv := c.justDotenv(jf, base)
	for i := range jf.recipes {
		r := &jf.recipes[i]
		prefix := dotenv + jf.envPrefix(r.params)
		if prefix == "" {
			continue
		}
		for j := range r.lines {
			r.lines[j] = prefix + r.lines[j]
		}
	}
}

// envPrefix returns the export statements of the exported assignments
// (all of them under set export) and of parameters params marked $, as
// shell text ending in "; " ("" none).
func (jf *justfile) envPrefix(params []string) string {
	names := slices.Clone(jf.exported)
	if jf.exportAll {
		for n := range jf.vars {
			names = append(names, n)
		}
		slices.Sort(names)
	}
	var b strings.Builder
	for _, n := range names {
		v, ok := jf.eval(n, nil, 0)
		b.WriteString(justExport(n, v, ok))
	}
	for _, p := range params {
		if n, _, _ := strings.Cut(strings.TrimLeft(p, "+*"), "="); strings.HasPrefix(n, "$") {
			v, ok := jf.eval(n[1:], params, 0)
			b.WriteString(justExport(n[1:], v, ok))
		}
	}
	return b.String()
}

// justExport returns the statement exporting n with value v (ok: known;
// else unknownMakeVar's), as shell text: a leading ~/ the home, the rest
// in double quotes; "" for a name that is not the shell's.
func justExport(n, v string, ok bool) string {
	if !word.IsName(n) {
		return ""
	}
	if !ok {
		return "export " + n + "=" + unknownMakeVar("just "+n) + "; "
	}
	if rest, home := strings.CutPrefix(v, "~/"); home || v == "~" {
		return "export " + n + "=~/" + expandingQuote(rest) + "; "
	}
	return "export " + n + "=" + expandingQuote(v) + "; "
}

// justDotenv returns the export statements of the dotenv file just
// loads for jf (in base: .env under set dotenv-load, dotenv-filename's
// name, dotenv-path's path), "" when it loads none or it is not there.
// Its values are exported as dotenvy reads them: quoted ones as the
// shell quotes them, others in double quotes (${HOME} substituted).
func (c *cmd) justDotenv(jf *justfile, base string) string {
	if !jf.dotenvLoad && jf.dotenvFile == "" {
		return ""
	}
	f := path.Join(base, ".env")
	if jf.dotenvFile != "" {
		f = justUnder(base, jf.dotenvFile)
	}
	if _, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st == effect.FileAbsent {
		return ""
	}
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a dotenv file just loads")
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, l := range strings.Split(t, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "export "))
		n, v, eq := strings.Cut(l, "=")
		if !eq || !word.IsName(strings.TrimSpace(n)) {
			continue
		}
		v = strings.TrimSpace(v)
		if v == "" || v[0] != '\'' && v[0] != '"' {
			v = expandingQuote(v)
		}
		b.WriteString("export " + strings.TrimSpace(n) + "=" + v + "; ")
	}
	return b.String()
}

// collectCalls records the dependency calls with arguments of the
// recipe headers among justfile lines (x: (y ARG…) z), by the recipe
// they call.
func (jf *justfile) collectCalls(lines []string) {
	for _, l := range lines {
		if l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' || l[0] == '[' || justAssignment(l) != "" {
			continue
		}
		_, deps, ok := strings.Cut(l, ":")
		if !ok || strings.HasPrefix(deps, "=") {
			continue
		}
		for _, call := range justCalls(deps) {
			if jf.calls == nil {
				jf.calls = map[string][][]string{}
			}
			if len(jf.calls[call[0]]) < maxJustCalls {
				jf.calls[call[0]] = append(jf.calls[call[0]], call[1:])
			}
		}
	}
}

// justCalls returns the parenthesised dependency calls of a header's
// dependency list deps, each the recipe's name and its argument
// expressions.
func justCalls(deps string) [][]string {
	var out [][]string
	for i := 0; i < len(deps); i++ {
		if deps[i] != '(' {
			continue
		}
		var toks []string
		depth, quote, start := 0, byte(0), i+1
		add := func(end int) {
			if t := strings.TrimSpace(deps[start:end]); t != "" {
				toks = append(toks, t)
			}
			start = end + 1
		}
		j := i + 1
	call:
		for ; j < len(deps); j++ {
			switch ch := deps[j]; {
			case quote != 0:
				if ch == quote {
					quote = 0
				}
			case ch == '"' || ch == '\'':
				quote = ch
			case ch == '(':
				depth++
			case ch == ')' && depth > 0:
				depth--
			case ch == ')':
				add(j)
				break call
			case (ch == ' ' || ch == '\t') && depth == 0:
				add(j)
			}
		}
		if call := justExprs(toks); len(call) > 1 {
			out = append(out, call)
		}
		i = j
	}
	return out
}

// justExprs joins the tokens of a dependency call around just's + and /
// operators: home_directory() / ".bashrc" is one argument.
func justExprs(toks []string) []string {
	var out []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		n := len(out)
		switch {
		case n > 0 && (t == "+" || t == "/") && i+1 < len(toks):
			out[n-1] += " " + t + " " + toks[i+1]
			i++
		case n > 0 && (strings.HasPrefix(t, "+") || strings.HasPrefix(t, "/")):
			out[n-1] += " " + t
		case n > 0 && (strings.HasSuffix(out[n-1], "+") || strings.HasSuffix(out[n-1], "/")):
			out[n-1] += " " + t
		default:
			out = append(out, t)
		}
	}
	return out
}

// calledLines returns the lines of the recipe of header h (attributes
// attrs, body body) filled once for each dependency call of it, its
// parameters bound to the call's arguments (evaluated; unknown where
// guard cannot evaluate one).
func (jf *justfile) calledLines(h string, attrs, body []string) []string {
	name := strings.TrimLeft(strings.Fields(strings.TrimSuffix(h, ":") + " ")[0], "@")
	name, _, _ = strings.Cut(name, ":")
	params := justParams(h)
	var out []string
	for _, args := range jf.calls[name] {
		jf.bound = map[string]string{}
		for i, p := range params {
			n, _, _ := strings.Cut(strings.TrimLeft(p, "+*$"), "=")
			if i >= len(args) {
				break
			}
			arg := args[i]
			if strings.HasPrefix(p, "+") || strings.HasPrefix(p, "*") {
				arg = strings.Join(args[i:], " + \" \" + ")
			}
			v, ok := jf.eval(arg, nil, 0)
			if !ok || strings.Contains(v, "'") {
				jf.bound[n] = "`unknown`"
				continue
			}
			jf.bound[n] = "'" + v + "'"
		}
		r, ok := jf.recipeOf(h, attrs, body)
		jf.bound = nil
		if ok {
			out = append(out, r.lines...)
		}
	}
	return out
}

// justFallback scans the justfile just falls back to under set fallback
// (FINDINGS55a K15): the nearest one above base's directory, in its own
// directory, whose recipes run when the first lacks the one named.
func (c *cmd) justFallback(tr *catalogue.TaskRunner, base string, seen map[string]bool) {
	found := c.projectFiles(path.Join(base, ".."), tr.Files, catalogue.Nearest)
	if len(found) == 0 || seen[word.Clean(c.w.Where(found[0]))] || c.w.stopped() {
		return
	}
	seen[word.Clean(c.w.Where(found[0]))] = true
	c.inFileDir(found[0], func() { c.scanTaskText(tr, path.Base(found[0]), seen) })
}
