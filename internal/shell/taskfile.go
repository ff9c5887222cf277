package shell

// Task's Taskfile read as the YAML it is (FINDINGS52b F4): its scalars
// decoded by lang.YAMLTokens (flow mappings, quotes, block scalars), a
// command's value scanned whole (a | block is one script, its cd carries
// to the next line), an env: or vars: entry NAME: VALUE as the assignment
// NAME=VALUE, a dynamic one (NAME: {sh: CMD}) as NAME=$(CMD). The tokens
// carry no depth, so what Task reads by place is read everywhere: every
// command is scanned in the Taskfile's directory and in every directory a
// dir: names (a task's or an include's), every value naming a Taskfile (a
// file or a directory holding one: includes:) is read as more of it, and
// every dotenv: file is loaded. A Taskfile guard cannot decode, a dir: or
// included Taskfile guard cannot tell, is cannot-tell.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxTaskDirs bounds the directories a Taskfile's dir: keys name.
const maxTaskDirs = 8

// taskfile is what scanTaskfile reads of a Taskfile: the command lines,
// the directories its dir: keys name, the values that may name included
// Taskfiles, its dotenv: files, and a dir: or taskfile: value guard
// cannot tell (a template, a variable).
type taskfile struct {
	lines, dirs, refs, dotenv []string
	cmds                      []string // the values of cmd:, cmds: and sh: keys
	unknownDir, unknownRef    string
}

// readTaskfile reads Taskfile tokens toks into a taskfile; uwd is the
// directory task was started in ({{.USER_WORKING_DIR}}).
func readTaskfile(toks []lang.YAMLToken, uwd string) taskfile {
	var tf taskfile
	key, envKey := "", ""
	for _, tok := range toks {
		if tok.Doc {
			continue
		}
		if tok.Key {
			if tok.Text == "sh" && envKey != "" && key == envKey {
				key = "sh=" + envKey // NAME: {sh: CMD}: a dynamic variable
				continue
			}
			key, envKey = tok.Text, ""
			if envName(tok.Text) {
				envKey = tok.Text
			}
			continue
		}
		v := tok.Text
		switch {
		case strings.HasPrefix(key, "sh="):
			tf.lines = append(tf.lines, strings.TrimPrefix(key, "sh=")+"=$("+taskScript(v)+")", taskScript(v))
		case envName(key):
			tf.lines = append(tf.lines, key+"="+v)
		case key == "dir":
			tf.addDir(strings.ReplaceAll(v, "{{.USER_WORKING_DIR}}", uwd))
		case key == "dotenv":
			tf.dotenv = append(tf.dotenv, v)
		case key == "taskfile" && (taskTemplate(v) || strings.Contains(v, "://")):
			tf.unknownRef = v
		default:
			tf.lines = append(tf.lines, taskScript(v))
			tf.refs = append(tf.refs, v)
			if key == "cmd" || key == "cmds" || key == "sh" {
				tf.cmds = append(tf.cmds, taskScript(v))
			}
		}
	}
	return tf
}

// addDir notes dir: value v: "" and . are the Taskfile's own directory,
// Task's directory variables of it too; another template is unknownDir.
func (tf *taskfile) addDir(v string) {
	for _, d := range []string{"{{.TASKFILE_DIR}}", "{{.ROOT_DIR}}", "{{.ROOT_TASKFILE_DIR}}"} {
		v = strings.ReplaceAll(v, d, ".")
	}
	switch {
	case taskTemplate(v):
		tf.unknownDir = v
	case word.Clean(v) != "." && v != "":
		tf.dirs = append(tf.dirs, v)
	}
}

// taskTemplate reports whether Taskfile value v holds a template or a
// variable guard does not resolve.
func taskTemplate(v string) bool {
	return strings.Contains(v, "{{") || strings.ContainsAny(v, "$`")
}

// taskScript returns a command's value as one line of shell: a block
// scalar's lines are one script, joined by ; (by a blank after an
// operator or a continued line, as a > block folds them).
func taskScript(v string) string {
	if !strings.Contains(v, "\n") {
		return v
	}
	var b strings.Builder
	for i, l := range strings.Split(v, "\n") {
		if i > 0 {
			prev := strings.TrimRight(b.String(), " \t")
			if strings.HasSuffix(prev, "&&") || strings.HasSuffix(prev, "||") || strings.HasSuffix(prev, "|") || strings.HasSuffix(prev, "\\") || prev == "" {
				b.WriteString(" ")
			} else {
				b.WriteString(" ; ")
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// scanTaskfile scans Taskfile f (text t) of Task (tr) as readTaskfile
// reads it, then the Taskfiles it may include (seen: those read).
func (c *cmd) scanTaskfile(tr *catalogue.TaskRunner, f, t string, seen map[string]bool) {
	toks, ok := lang.YAMLTokens(t)
	if !ok {
		c.w.hide("runs %s, whose Taskfile %s holds YAML guard does not decode (an escape, a tag or an indicator): it cannot tell what runs", c.name, f)
		return
	}
	tf := readTaskfile(toks, c.taskUserDir)
	base := path.Dir(f)
	for _, e := range tf.dotenv {
		if taskTemplate(e) {
			c.w.hide("runs %s, whose Taskfile %s loads a dotenv file guard cannot tell (%s)", c.name, f, e)
			continue
		}
		tf.lines = append(tf.lines, c.taskDotenv(path.Join(base, e))...)
	}
	scan := func() {
		c.scanRecipeWords(tf.lines, nil)
		c.taskScripts(tf.lines)
		c.taskPrograms(tf.lines)
	}
	scan()
	switch {
	case tf.unknownDir != "" && runsRelative(strings.Join(tf.cmds, "\n")):
		c.w.hide("runs %s, whose Taskfile %s runs a task in a directory guard cannot tell (dir: %s) where it runs a file: it cannot tell which file runs", c.name, f, tf.unknownDir)
	case len(tf.dirs) > maxTaskDirs:
		c.w.hide("runs %s, whose Taskfile %s names more than %d task directories: it cannot tell what runs in the rest", c.name, f, maxTaskDirs)
	default:
		// a task's or an include's dir:, this file's and those of the
		// files including it (an include's dir: moves its tasks)
		defer func(n int) { c.taskDirs = c.taskDirs[:n] }(len(c.taskDirs))
		for _, d := range tf.dirs {
			if !path.IsAbs(d) {
				d = path.Join(base, d)
			}
			c.taskDirs = append(c.taskDirs, c.w.dest(d))
		}
		for _, d := range c.taskDirs {
			c.inDir(d, scan)
		}
	}
	if tf.unknownRef != "" {
		c.w.hide("runs %s, whose Taskfile %s includes a Taskfile guard cannot tell (%s): it cannot tell what runs", c.name, f, tf.unknownRef)
	}
	c.taskIncludes(tr, base, tf.refs, seen)
}

// taskIncludes reads, as more of the Taskfile in directory base, each of
// its values refs that names a Taskfile there: a .yml or .yaml file, or a
// directory holding one of Task's default names (includes: NS: ./sub).
// A value that is no path (a command) or names none is passed over: a
// missing include makes Task fail before it runs anything.
func (c *cmd) taskIncludes(tr *catalogue.TaskRunner, base string, refs []string, seen map[string]bool) {
	for _, r := range refs {
		if c.w.stopped() {
			return
		}
		if r == "" || taskTemplate(r) || strings.ContainsAny(r, " \t\n;|&<>()~") {
			continue
		}
		p, f := path.Join(base, r), ""
		if strings.HasSuffix(r, ".yml") || strings.HasSuffix(r, ".yaml") {
			if _, st := c.w.FileStatus(p, true, effect.MaxScriptBytes); st != effect.FileAbsent {
				f = p
			}
		} else {
			for _, n := range tr.Files {
				if found, _ := c.entryAt(path.Join(p, n), false); found {
					f = path.Join(p, n)
					break
				}
			}
		}
		switch {
		case f == "" || seen[word.Clean(f)]:
		case len(seen) >= maxTaskIncludes:
			c.w.hide("runs %s, whose Taskfile pulls in more than %d files: it cannot tell what the rest run", c.name, maxTaskIncludes)
			return
		default:
			seen[word.Clean(f)] = true
			c.scanTaskText(tr, f, seen)
		}
	}
}

// taskDotenv reads dotenv file f a Taskfile names, which Task loads into
// its commands' environment when it is there: its assignments, as
// NAME=VALUE lines of the Taskfile (VIMINIT=… before a vim).
func (c *cmd) taskDotenv(f string) []string {
	if _, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st == effect.FileAbsent {
		return nil // Task passes a missing one over
	}
	c.w.Read(f)
	t, ok := c.w.configText(f, "a dotenv file of task")
	if !ok {
		return nil
	}
	var out []string
	for _, kv := range lang.EnvFileLines(t) {
		out = append(out, kv[0]+"="+word.Quote(kv[1]))
	}
	return out
}
