package shell

// A justfile's recipe directories and script recipes (FINDINGS52b F17):
// `set working-directory := 'DIR'` and a recipe's `[working-directory:
// 'DIR']` run recipes in DIR, `[no-cd]` in the directory just started in;
// a shebang recipe's body (`#!/bin/sh` first) and a `[script]` recipe's
// are one script, so a cd on one line carries to the next. The lines are
// scanned, as the other task files', in the justfile's directory and in
// every such directory (the scan carries no recipe boundaries); a
// directory guard cannot tell is cannot-tell when a recipe runs a
// relative file.

import (
	"path"
	"strings"
)

// justText returns justfile text t with its script recipes' bodies each
// joined into one line (by " ; "), the directories its settings and
// attributes run recipes in, and one guard cannot tell ("" when none).
func (c *cmd) justText(t string) (string, []string, string) {
	var dirs []string
	unknown := ""
	lines := strings.Split(t, "\n")
	script := false // a [script] attribute: the next recipe's body is one
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		switch {
		case strings.HasPrefix(l, "[") && strings.Contains(l, "no-cd"):
			dirs = append(dirs, c.taskUserDir)
		case strings.HasPrefix(l, "[") && strings.Contains(l, "working-directory") ||
			strings.HasPrefix(l, "set") && strings.Contains(l, "working-directory"):
			if d, ok := justDir(l); ok {
				dirs = append(dirs, d)
			} else {
				unknown = l
			}
		}
		if strings.HasPrefix(l, "[") && strings.Contains(l, "script") {
			script = true
		}
		indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " \t"))
		if indent == 0 || l == "" || !script && !strings.HasPrefix(l, "#!") {
			continue
		}
		script = false
		j := i + 1
		for j < len(lines) && (strings.TrimSpace(lines[j]) == "" || len(lines[j])-len(strings.TrimLeft(lines[j], " \t")) >= indent) {
			j++
		}
		body := []string{}
		for _, b := range lines[i:j] {
			if b = strings.TrimSpace(b); b != "" && !strings.HasPrefix(b, "#") {
				body = append(body, b)
			}
		}
		lines[i] = strings.Join(body, " ; ")
		for k := i + 1; k < j; k++ {
			lines[k] = ""
		}
		i = j - 1
	}
	return strings.Join(lines, "\n"), dirs, unknown
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

// justDirs scans, with scan, the lines of justfile f in each directory
// dirs names (relative to the justfile's); unknown, a setting naming one
// guard cannot tell, is cannot-tell when text runs a relative file.
func (c *cmd) justDirs(f, text string, dirs []string, unknown string, scan func()) {
	if unknown != "" && runsRelative(text) {
		c.w.hide("runs %s, whose justfile %s runs recipes in a directory guard cannot tell (%s) where they run a file: it cannot tell which file runs", c.name, f, unknown)
		return
	}
	for i, d := range dirs {
		if i >= maxTaskDirs {
			c.w.hide("runs %s, whose justfile %s names more than %d recipe directories: it cannot tell what runs in the rest", c.name, f, maxTaskDirs)
			return
		}
		if !path.IsAbs(d) {
			d = path.Join(path.Dir(f), d)
		}
		c.inDir(c.w.dest(d), scan)
	}
}
