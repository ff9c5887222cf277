package shell

// The files a task file pulls in: ninja's include and
// subninja, meson's subdir(), ant's <import file=…>, lefthook's extends:
// are more of the task file, read as it is; a pre-commit hook's entry:,
// lefthook's run: or meson's find_program() naming a file of the project
// runs it, read as a script. A reference guard cannot follow (a name with
// a variable or a pattern, a file that is not there, a form the catalogue
// marks Opaque, more than maxTaskIncludes files) is cannot tell.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxTaskIncludes bounds the files one task file pulls in, transitively.
const maxTaskIncludes = 32

// taskRefKind says what a reference of a task file does.
type taskRefKind int

const (
	refInclude taskRefKind = iota // more of the task file
	refEntry                      // a command: a file there runs
	refOpaque                     // a reference guard does not follow
)

// taskRef is a file a task file names through one of its runner's
// words: name is "" when the form gives none guard can read.
type taskRef struct {
	kind       taskRefKind
	word, name string
}

// refBlanks takes a task file's quotes, brackets and separators for
// blanks, keeps a call's ( and a tag's < on its word and splits key=value.
// A function, not a table: a hook process builds nothing at init.
func refBlanks() *strings.Replacer {
	return strings.NewReplacer(`"`, " ", "'", " ", "(", "( ", ")", " ", ",", " ", "[", " ", "]", " ", "{", " ", "}", " ",
		"/>", " ", ">", " ", " =", "= ", "=", "= ")
}

// refToken is a word of a task file, the indentation of its line, and
// whether it is the line's first (after a list item's -).
type refToken struct {
	text   string
	indent int
	first  bool
}

// refTokens splits text into refTokens.
func refTokens(text string) []refToken {
	var out []refToken
	for _, l := range strings.Split(refBlanks().Replace(text), "\n") {
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		first := true
		for _, f := range strings.Fields(l) {
			out = append(out, refToken{f, indent, first})
			first = first && f == "-" // a YAML list item's key: - entry: x
		}
	}
	return out
}

// taskRefs returns the references of task file text that tr's Includes,
// Entries and Opaque words make (catalogue.TaskRunner.Includes): a word
// of Opaque that gives no name guard reads is one it does not follow.
func taskRefs(tr *catalogue.TaskRunner, text string) []taskRef {
	var out []taskRef
	ts := refTokens(text)
	for i, t := range ts {
		w, tmpl, kind := refWord(tr, t)
		if w == "" || tr.Format == catalogue.FormatMeson && kind == refInclude {
			continue // meson's calls: mesonIncludes
		}
		names := []string(nil)
		if kind != refOpaque {
			names = refNames(w, ts, i)
		}
		if kind == refEntry && len(names) > 1 {
			names = names[:1] // a command's first word
		}
		if len(names) == 0 && tr.Opaque.Has(w) {
			out = append(out, taskRef{refOpaque, w, ""})
		}
		for _, n := range names {
			if tmpl != "" {
				n = strings.ReplaceAll(tmpl, "%", n)
			}
			out = append(out, taskRef{kind, w, n})
		}
	}
	if tr.Format == catalogue.FormatMeson {
		out = append(out, mesonIncludes(tr, text)...)
	}
	return out
}

// mesonIncludes returns the references of meson file text's include calls
// (subdir('x')): followed only in the literal form meson's lexer gives
// (lang.MesonCallArgs); another form of the call is a reference with no
// name guard can read.
func mesonIncludes(tr *catalogue.TaskRunner, text string) []taskRef {
	var out []taskRef
	for _, f := range strings.Fields(string(tr.Includes)) {
		w, tmpl, _ := strings.Cut(f, "=")
		args, ok := lang.MesonCallArgs(text, strings.TrimSuffix(w, "("))
		for _, a := range args {
			out = append(out, taskRef{refInclude, w, strings.ReplaceAll(tmpl, "%", a)})
		}
		if !ok {
			out = append(out, taskRef{refInclude, w, ""})
		}
	}
	return out
}

// taskLayers reads task file text of tr through its language's own layer
// (tr.Format): the text whose references are followed, the text scanned
// for commands, and why guard cannot tell ("" when it can). XML's
// entities and character references are decoded for both; meson's string
// escapes for the scan (its includes are read as literals).
func taskLayers(tr *catalogue.TaskRunner, text string) (refs, scan, why string) {
	switch tr.Format {
	case catalogue.FormatXML:
		d, ok := lang.DecodeXML(text)
		if !ok {
			return "", "", "declares XML entities (another file's text in their place) or names one guard does not decode"
		}
		return d, d, ""
	case catalogue.FormatMeson:
		d, ok := lang.DecodeMesonEscapes(text)
		if !ok {
			return "", "", "holds a string escape guard does not decode"
		}
		return text, d, ""
	}
	return text, text, ""
}

// refWord returns the word of tr's that token t is, where that word's
// form may stand (a line's first word, a tag, a call, a key), the
// template of its name and what it does.
func refWord(tr *catalogue.TaskRunner, t refToken) (string, string, taskRefKind) {
	for kind, set := range []word.Set{tr.Includes, tr.Entries, tr.Opaque} {
		for _, f := range strings.Fields(string(set)) {
			w, tmpl, _ := strings.Cut(f, "=")
			if strings.HasSuffix(f, "=") {
				w, tmpl = f, "" // a TOML key: extends=
			}
			if w == t.text && (t.first || strings.HasPrefix(w, "<") || strings.HasSuffix(w, "(")) {
				return w, tmpl, taskRefKind(kind)
			}
		}
	}
	return "", "", 0
}

// refNames returns the names reference word w (the token at i of ts)
// gives: a tag's file= value, a call's first argument, a key's value
// (its list, on the lines below it too), else the next word on its line.
func refNames(w string, ts []refToken, i int) []string {
	rest := ts[i+1:]
	switch {
	case strings.HasPrefix(w, "<"):
		for j, t := range rest {
			if strings.HasPrefix(t.text, "<") {
				break
			}
			if t.text == "file=" && j+1 < len(rest) {
				return []string{rest[j+1].text}
			}
		}
	case strings.HasSuffix(w, "("):
		if len(rest) > 0 {
			return []string{rest[0].text}
		}
	case strings.HasSuffix(w, ":") || strings.HasSuffix(w, "="):
		var out []string
		for _, t := range rest {
			if t.first && t.indent <= ts[i].indent && t.text != "-" || strings.HasSuffix(t.text, ":") {
				break
			}
			if t.text != "-" && t.text != "|" && t.text != ">" {
				out = append(out, t.text)
			}
		}
		return out
	case len(rest) > 0 && !rest[0].first:
		return []string{rest[0].text}
	}
	return nil
}

// followTaskRefs reads what task file f of tr (its text t) pulls in:
// seen holds the files read for the command's task file, to
// maxTaskIncludes.
func (c *cmd) followTaskRefs(tr *catalogue.TaskRunner, f, t string, seen map[string]bool) {
	if tr.Includes == "" && tr.Entries == "" && tr.Opaque == "" {
		return
	}
	base := ""
	if tr.FromFile {
		base = path.Dir(f)
	}
	for _, r := range taskRefs(tr, t) {
		if c.w.stopped() {
			return
		}
		p := path.Join(base, r.name)
		switch {
		case r.kind == refOpaque:
			c.w.hide("runs %s, whose task file %s pulls in files through %s, which guard does not follow: it cannot tell what runs", c.name, f, r.word)
		case r.name == "" || strings.ContainsAny(r.name, "$*?`"):
			c.w.hide("runs %s, whose task file %s names a file through %s that guard cannot tell: it cannot tell what runs", c.name, f, r.word)
		case r.kind == refEntry:
			if !path.IsAbs(p) && !strings.HasPrefix(p, "../") {
				p = "./" + p // as recipeScript names a file of the directory
			}
			if _, st := c.w.FileStatus(p, true, effect.MaxScriptBytes); st != effect.FileAbsent {
				c.recipeScript(p) // a file of the project: it runs
			}
		case seen[word.Clean(p)]:
		case len(seen) >= maxTaskIncludes:
			c.w.hide("runs %s, whose task file pulls in more than %d files: it cannot tell what the rest run", c.name, maxTaskIncludes)
		default:
			if _, st := c.w.FileStatus(p, true, effect.MaxScriptBytes); st == effect.FileAbsent {
				c.w.hide("runs %s, whose task file %s pulls in %s, which is not there (made or fetched when it runs): it cannot tell what runs", c.name, f, r.name)
				continue
			}
			seen[word.Clean(p)] = true
			c.scanTaskText(tr, p, seen)
		}
	}
}

// taskScriptDirs reads the files of tr's ScriptDirs as scripts it may
// run (lefthook's .lefthook/HOOK/): every hook's, to the bound of the
// scripts guard reads.
func (c *cmd) taskScriptDirs(tr *catalogue.TaskRunner) {
	l, ok := c.w.Files.(effect.SourceLister)
	if !ok {
		return
	}
	for _, d := range tr.ScriptDirs {
		names, err := l.Sources(word.Clean(c.w.Where(d)), nil, func(string) bool { return true }, maxRecipeScripts)
		if err != nil {
			c.w.hide("runs %s, which may run the scripts under %s: guard could not list them all (%v)", c.name, d, err)
			return
		}
		for _, n := range names {
			c.recipeScript("./" + path.Join(d, n))
		}
	}
}
