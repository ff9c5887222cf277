package shell

// What compose hands a container (or a build's RUN steps) from the env
// files it loads besides ${NAME} in the model (FINDINGS49b G7): an
// env_file's own ${NAME} or bare NAME line, a value-less environment:
// entry, build arg or secret's environment:, run/exec -e NAME; and the
// compose files include: and extends: pull in, whatever their names.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// composeRefIn returns the compose file reference a key of a compose
// file is in after key k, given the one it was in: "include" from
// include: through its entries' keys (path, project_directory,
// env_file), "extends" from extends: through file: and service:, else
// "". The tokens carry no depth; another key ends it.
func composeRefIn(in, k string) string {
	switch {
	case k == "include" || k == "extends":
		return k
	case in == "include" && (k == "path" || k == "project_directory" || k == "env_file"):
		return in
	case in == "extends" && (k == "file" || k == "service"):
		return in
	}
	return ""
}

// composeIncludes reports whether value v of key, in reference in
// (composeRefIn), names a compose file compose loads as one: include:'s
// entries and path:, extends: file:, whatever the file's name (a file
// that is no YAML is hidden where it is read); and, as before, another
// read key's value ending in .yml or .yaml. A remote one (oci://, git)
// is not here.
func composeIncludes(in, key, v string) bool {
	if v == "" || strings.Contains(v, "://") {
		return false
	}
	if key == "include" || in == "include" && key == "path" || in == "extends" && key == "file" {
		return true
	}
	ext := path.Ext(v)
	return catalogue.ComposeReadKeys.Has(key) && key != "env_file" && key != "label_file" && lang.PathLike(v) && (ext == ".yml" || ext == ".yaml")
}

// composeUnset finds the value-less entries of a compose file's
// environment: and build args: (a list entry NAME without =, a mapping
// entry NAME: with no value or null) and a secret's or config's
// environment: NAME, whose value compose-go resolves from the project
// environment: the env files' value of NAME is taken (resolved). The
// tokens carry no depth: a mapping's entries run to the next compose key
// (catalogue.ComposeKeys, x-…). The tokens hold no alias of a collection
// either (`<<: *e`, `environment: *e`, `args: *a` of an `x-e: &e` mapping
// elsewhere: FINDINGS51a F2): the node of each anchor aliased is read as
// an environment: of its own (composeAliasedEntries: its value-less keys
// and list items are entries); where guard cannot read one (loose), every
// value-less key and every list or value scalar anywhere is taken for an
// entry, as it may be one where an alias repeats it.
type composeUnset struct {
	env     *composeVars
	in      bool   // in an environment: or args: mapping
	loose   bool   // an aliased anchor's node guard cannot read: any entry counts
	pending string // its last entry's name, whose value is not seen yet
}

// see reads token tok, key being the key before it.
func (u *composeUnset) see(tok lang.YAMLToken, key string) {
	if tok.Doc {
		// a document ends: compose-go merges the stream's documents, so
		// an entry last in one without a value is live (FINDINGS52b F6)
		u.end()
		u.in = false
		return
	}
	if u.pending != "" {
		if tok.Key || composeNull(tok.Text) {
			u.env.resolved(u.pending)
		}
		u.pending = ""
	}
	switch {
	case !tok.Key:
		if (u.loose || key == "environment" || key == "args") && !strings.Contains(tok.Text, "=") {
			u.env.resolved(strings.TrimSpace(tok.Text))
		}
	case tok.Text == "environment" || tok.Text == "args":
		u.in = true
	case catalogue.ComposeKeys.Has(tok.Text) || strings.HasPrefix(tok.Text, "x-"):
		u.in = false
	case u.in || u.loose:
		u.pending = tok.Text
	}
}

// composeAliased returns the texts of the nodes of YAML text t anchored
// (&name) and aliased (*name: a '*' after a blank, a line's start or a
// flow indicator, followed by the name): the rest of the anchor's line and
// the lines below it more indented. A '*' in a quoted or a comment's text
// counts too (more nodes are read, none missed). aliased: t holds one.
func composeAliased(t string) (nodes []string, aliased bool) {
	for i := 0; i < len(t); i++ {
		if t[i] != '*' || i > 0 && strings.IndexByte(" \t\n\r[{,:-", t[i-1]) < 0 {
			continue
		}
		j := i + 1
		for j < len(t) && strings.IndexByte(" \t\r\n,[]{}", t[j]) < 0 {
			j++
		}
		if j == i+1 {
			continue
		}
		for _, k := range anchorsOf(t, t[i+1:j]) {
			aliased = true
			nodes = append(nodes, anchoredNode(t, k))
		}
	}
	return nodes, aliased
}

// anchorsOf returns the offsets in t after each anchor &name.
func anchorsOf(t, name string) []int {
	var out []int
	for i := 0; ; {
		k := strings.Index(t[i:], "&"+name)
		if k < 0 {
			return out
		}
		i += k + 1 + len(name)
		if i == len(t) || strings.IndexByte(" \t\r\n,[]{}", t[i]) >= 0 {
			out = append(out, i)
		}
	}
}

// anchoredNode returns the text of the node an anchor ending at k of t
// stands before: the rest of its line, and the lines after it more
// indented than the anchor's line.
func anchoredNode(t string, k int) string {
	start := strings.LastIndexByte(t[:k], '\n') + 1
	indent := len(t[start:]) - len(strings.TrimLeft(t[start:], " "))
	end := k
	for end < len(t) {
		nl := strings.IndexByte(t[end:], '\n')
		if nl < 0 {
			end = len(t)
			break
		}
		next := end + nl + 1
		l := t[next:]
		l, _, _ = strings.Cut(l, "\n")
		if s := strings.TrimLeft(l, " "); s != "" && !strings.HasPrefix(s, "#") && len(l)-len(s) <= indent {
			end = next - 1
			break
		}
		end = next
	}
	return t[k:end]
}

// composeAliasedEntries resolves the entries of anchored nodes (read as
// an environment: mapping or list of their own, where an alias of them
// may stand: `environment: *e`, `<<: *e`); false when guard cannot
// decode one of them (the file is then read loosely).
func composeAliasedEntries(nodes []string, env *composeVars) bool {
	for _, n := range nodes {
		toks, ok := lang.YAMLTokens(n)
		if !ok {
			return false
		}
		u := composeUnset{env: env, in: true}
		key := "environment"
		for _, tok := range toks {
			u.see(tok, key)
			if tok.Key {
				key = tok.Text
			}
		}
		u.end()
	}
	return true
}

// end ends the text: an entry last in it without a value.
func (u *composeUnset) end() {
	if u.pending != "" {
		u.env.resolved(u.pending)
		u.pending = ""
	}
}

// composeNull reports whether YAML value v is null.
func composeNull(v string) bool {
	return v == "~" || v == "null" || v == "Null" || v == "NULL"
}

// composeEnvFileVars: compose reads a service's env_file f with the
// project environment as its lookup (compose-go dotenv.ParseWithLookup),
// statement by statement (a quoted value spans lines: FINDINGS51a F8): a
// ${NAME} or $NAME in an unquoted or double-quoted value, a NAME alone,
// and a NAME= whose own value the lookup replaces, that an env file
// compose loads sets, take that file's value into the container. An
// env_file guard cannot read whole, or whose statements it cannot read,
// where the env files set values, is hidden.
func (c *cmd) composeEnvFileVars(f string, env *composeVars) {
	if env == nil || len(env.vals) == 0 {
		return
	}
	t, st := c.w.FileStatus(f, true, effect.MaxScriptBytes)
	switch st {
	case effect.FileWhole:
	case effect.FileAbsent:
		return // compose fails, or passes an optional one over
	default:
		c.w.hide("runs docker compose with env_file %s guard cannot read whole: it cannot tell which values of the env files compose loads it takes", f)
		return
	}
	for rest := t; ; {
		var d dotenvStatement
		if rest = d.read(rest); d.bad {
			c.w.hide("runs docker compose with env_file %s whose statements guard cannot read (a quote left open, a bad name): it cannot tell which values of the env files compose loads it takes", f)
			return
		}
		switch {
		case d.key == "":
			return
		case d.inherited:
			env.resolved(d.key) // NAME alone: the lookup's value
		default:
			if d.quote != '\'' {
				composeInterp(d.value, env) // notes the values it takes
			}
			if v, ok := env.fileValue(d.key); ok && v != d.value { // the env file itself: its own value
				env.take(d.key, "hands "+d.key+"'s value from it to a service's env_file that sets "+d.key)
			}
		}
	}
}

// dotenvStatement is one statement of an env file as compose-go's dotenv
// parser reads it: NAME alone (inherited), or NAME=VALUE (NAME: VALUE),
// the value's quote if any; bad, a statement it refuses.
type dotenvStatement struct {
	key, value string
	quote      byte
	inherited  bool
	bad        bool
}

// read reads the statement t starts with, past blanks and comments, and
// returns the text after it; d.key is "" at the end of t.
func (d *dotenvStatement) read(t string) string {
	for {
		t = strings.TrimLeft(t, " \t\r\n\v\f")
		if !strings.HasPrefix(t, "#") {
			break
		}
		_, t, _ = strings.Cut(t, "\n")
	}
	if t == "" {
		return ""
	}
	if rest, ok := strings.CutPrefix(t, "export"); ok && rest != "" && strings.IndexByte(" \t\r\n\f", rest[0]) >= 0 {
		t = strings.TrimLeft(rest, " \t\r\v\f") // ^export\s+ only: exportX=1 is exportX
	}
	i := strings.IndexAny(t, "=:\n")
	if i < 0 {
		i = len(t) // a last NAME without a line break: taken as inherited
	}
	d.key = strings.TrimRight(t[:i], " \t\r\v\f")
	d.inherited = i == len(t) || t[i] == '\n'
	if d.key == "" || strings.ContainsFunc(d.key, func(r rune) bool { return !word.IsNameRune(r) && r != '.' }) {
		d.bad = true
		return ""
	}
	if d.inherited {
		return t[min(i+1, len(t)):]
	}
	return d.readValue(strings.TrimLeft(t[i+1:], " \t\r\v\f"))
}

// readValue reads a statement's value v starts with as compose-go's
// dotenv extractVarValue does: a quoted one to its closing quote, across
// lines, a backslash escaping the character after it (so 'a\\' ends at
// its second quote: FINDINGS52b F7); another to its line's end, before a
// " #" (a '#' after a space: X=a#${T} is all value).
func (d *dotenvStatement) readValue(v string) string {
	if v == "" || v[0] != '"' && v[0] != '\'' {
		line, rest, _ := strings.Cut(v, "\n")
		line, _, _ = strings.Cut(line, " #")
		d.value = strings.TrimRight(line, " \t\r\n\v\f")
		return rest
	}
	d.quote = v[0]
	escaped := false
	for i := 1; i < len(v); i++ {
		switch {
		case escaped:
			escaped = false
		case v[i] == '\\':
			escaped = true
		case v[i] == d.quote:
			d.value = v[1:i]
			return v[i+1:]
		}
	}
	d.bad = true // compose refuses it: unterminated quoted value
	return ""
}

// composeEnvNames returns the value-less -e NAME, --env NAME (-eNAME,
// --env=NAME) of compose run or exec (sub), args the words after it, up
// to the service: compose-go resolves NAME from the project environment.
func composeEnvNames(sub string, args []word.Word) []string {
	if sub != "run" && sub != "exec" {
		return nil
	}
	var out []string
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" || !strings.HasPrefix(s, "-") {
			break // the service
		}
		name, v, eq := strings.Cut(s, "=")
		if flag, val, next, ok := word.ShortValue(s, composeRunShortWithArg); ok {
			name, v, eq = "-"+string(flag), val, !next
		}
		if !eq && composeRunWithArg.Has(name) && j+1 < len(args) {
			j++
			v = args[j].Text
		}
		if (name == "-e" || name == "--env") && v != "" && !strings.Contains(v, "=") {
			out = append(out, v)
		}
	}
	return out
}

// composeRunWithArg are the options of compose run and exec that take the
// next word; composeRunShortWithArg, the short ones.
const (
	composeRunWithArg word.Set = " --cap-add --cap-drop --entrypoint -e --env --env-from-file -l --label --name " +
		"-p --publish --pull -u --user -v --volume -w --workdir --index "
	composeRunShortWithArg = "elpuvw"
)
