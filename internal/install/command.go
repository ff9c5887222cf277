package install

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// SelfPath returns the absolute path of the running guard binary, as the
// user reached it: a symlink such as /usr/local/bin/guard stays a symlink, so
// the hook keeps working after a package manager swaps the file it points to.
// It falls back to os.Executable when os.Args[0] does not lead to the same
// file.
func SelfPath() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("locate the guard binary: %w", err)
	}
	exeInfo, err := os.Stat(exe)
	if err != nil {
		return "", fmt.Errorf("locate the guard binary: %w", err)
	}
	if len(os.Args) > 0 && os.Args[0] != "" {
		cand := os.Args[0]
		if !strings.ContainsAny(cand, `/\`) {
			cand, _ = exec.LookPath(cand)
		}
		if cand != "" {
			if abs, err := filepath.Abs(cand); err == nil {
				if fi, err := os.Stat(abs); err == nil && os.SameFile(fi, exeInfo) {
					return abs, nil
				}
			}
		}
	}
	return filepath.Abs(exe)
}

// PortableCommand is the hook command of a portable settings file (a
// project's, committed and read on other machines): guard, found on PATH
// by the agent's shell.
const PortableCommand = "guard"

// Command returns the hook command that runs the binary at path on goos:
// forward slashes on Windows, double-quoted (with POSIX escapes) when the
// path holds a space or any other character a shell would read.
func Command(path, goos string) string {
	if goos == "windows" {
		path = strings.ReplaceAll(path, `\`, "/")
	}
	if !needsQuote(path) {
		return path
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range path {
		switch r {
		case '"', '\\', '$', '`':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

func needsQuote(s string) bool {
	if s == "" {
		return true
	}
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("-_./:@+,=%", c) >= 0:
		default:
			return true
		}
	}
	return false
}

// firstWord returns the program part of a hook command: a double- or
// single-quoted word with its quotes removed (and POSIX backslash escapes
// resolved inside double quotes), or everything up to the first blank.
func firstWord(cmd string) string {
	cmd = strings.TrimLeft(cmd, " \t")
	if cmd == "" {
		return ""
	}
	switch cmd[0] {
	case '"':
		var b strings.Builder
		for i := 1; i < len(cmd); i++ {
			c := cmd[i]
			if c == '"' {
				return b.String()
			}
			if c == '\\' && i+1 < len(cmd) && strings.IndexByte("\"\\$`", cmd[i+1]) >= 0 {
				i++
				c = cmd[i]
			}
			b.WriteByte(c)
		}
		return b.String()
	case '\'':
		if j := strings.IndexByte(cmd[1:], '\''); j >= 0 {
			return cmd[1 : 1+j]
		}
		return cmd[1:]
	}
	if j := strings.IndexAny(cmd, " \t"); j >= 0 {
		return cmd[:j]
	}
	return cmd
}

// binary recognises hook commands that run guard.
type binary struct {
	self    string // the running binary, forward slashes
	windows bool   // compare paths case-insensitively
}

func newBinary(self, goos string) binary {
	return binary{self: strings.ReplaceAll(self, `\`, "/"), windows: goos == "windows"}
}

// isGuard reports whether a program word names guard: a file named guard or
// guard.exe, or exactly the running binary whatever its name. A word whose
// directory part came from an expansion ($HOME/bin/guard) is judged by its
// file name.
func (b binary) isGuard(w string) bool {
	w = strings.ReplaceAll(w, `\`, "/")
	if w == "" {
		return false
	}
	if w == b.self || (b.windows && strings.EqualFold(w, b.self)) {
		return true
	}
	base := w[strings.LastIndexByte(w, '/')+1:]
	return base == "guard" || strings.EqualFold(base, "guard.exe")
}

// runsGuard reports whether cmd is guard's own hook command: its first
// simple command runs guard. Only a command guard would write counts; see
// classify for the others.
func (b binary) runsGuard(cmd string) bool { return b.classify(cmd) == guardFirst }

// Program returns the guard program a hook command runs first, as written
// (a path, or a bare name the agent looks up on PATH; an expansion in it
// reads as NUL), and false when cmd is not guard's entry (see classify);
// self is the running guard.
func Program(cmd, self string) (string, bool) {
	b := newBinary(self, runtime.GOOS)
	if b.classify(cmd) != guardFirst {
		return "", false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return firstWord(cmd), true
	}
	return b.firstProgram(f.Stmts, 0), true
}

// OtherProgram returns the program a hook command that is not guard's runs
// first, as written (an expansion in it reads as NUL), looking through
// wrappers and sh -c; its arguments are left out, for they can hold a
// token.
func OtherProgram(cmd string) string {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return firstWord(cmd)
	}
	return newBinary("", runtime.GOOS).firstProgram(f.Stmts, 0)
}

// Plain reports whether a hook command is nothing but a program to run,
// as init writes it (guard, /usr/local/bin/guard, "/My Tools/guard"): one
// word, with no assignment before it, no argument, redirection or other
// command. A command the parser refuses is not plain.
func Plain(cmd string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(st.Redirs) == 0 && !st.Negated && !st.Background && !st.Coprocess &&
		len(call.Assigns) == 0 && len(call.Args) == 1
}

// firstProgram is the program of the first simple command in stmts, looking
// through wrappers and sh -c.
func (b binary) firstProgram(stmts []*syntax.Stmt, depth int) string {
	prog := ""
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			call, ok := n.(*syntax.CallExpr)
			if !ok || prog != "" || len(call.Args) == 0 {
				return prog == ""
			}
			args := make([]string, 0, len(call.Args))
			for _, w := range call.Args {
				args = append(args, wordText(w))
			}
			args = skipWrappers(args)
			if len(args) == 0 {
				return true
			}
			prog = args[0]
			if !b.isGuard(prog) && depth < maxShellDepth {
				for i := 1; i+1 < len(args); i++ {
					if args[i] == "-c" {
						if f, err := syntax.NewParser().Parse(strings.NewReader(args[i+1]), ""); err == nil {
							prog = b.firstProgram(f.Stmts, depth+1)
						}
						break
					}
				}
			}
			return false
		})
		if prog != "" {
			break
		}
	}
	return prog
}

// runsMore reports whether cmd runs more than one simple command (guard &&
// other, guard | tee x): what a rewrite or removal of guard's entry takes
// with it.
func (b binary) runsMore(cmd string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return strings.ContainsAny(cmd, ";&|\n")
	}
	n := 0
	for _, st := range f.Stmts {
		syntax.Walk(st, func(node syntax.Node) bool {
			if call, ok := node.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				n++
			}
			return n < 2
		})
	}
	return n > 1
}

// runKind is what a hook command does with guard.
type runKind int

const (
	noGuard     runKind = iota
	guardFirst          // the first command it runs is guard: guard's entry
	guardInside         // it runs guard after something else (cd x && guard)
)

// maxShellDepth bounds `sh -c '…'` unwrapping.
const maxShellDepth = 3

// classify reads cmd as the agent's shell would and says whether it runs
// guard, and where. What runs is what counts, so a prefix does not hide
// guard: `GUARD_HOME=/x guard`, `env -i PATH=/bin /opt/guard hook --agent
// c`, `exec "/My Tools/guard"`, `sh -c 'guard'` all run it first. An entry
// that runs guard first is guard's: init rewrites it (whatever follows,
// `guard || true` say, would change the answer the agent sees) and --remove
// takes it out. One that runs guard only after another command is left to
// its owner and reported. A command the shell parser refuses is judged by
// its first word, as it is written.
func (b binary) classify(cmd string) runKind {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) == 0 {
		if b.isGuard(firstWord(cmd)) {
			return guardFirst
		}
		return noGuard
	}
	return b.classifyStmts(f.Stmts, 0)
}

func (b binary) classifyStmts(stmts []*syntax.Stmt, depth int) runKind {
	first := true
	kind := noGuard
	var visit func(n syntax.Node) bool
	visit = func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		k := b.classifyCall(call, depth)
		switch {
		case first && k == guardFirst:
			kind = guardFirst
		case k != noGuard && kind == noGuard:
			kind = guardInside
		}
		if len(call.Args) > 0 {
			first = false
		}
		return true
	}
	for _, st := range stmts {
		syntax.Walk(st, visit)
	}
	return kind
}

// classifyCall says whether one simple command runs guard, looking through
// env, exec, command and nohup, and into sh -c scripts.
func (b binary) classifyCall(call *syntax.CallExpr, depth int) runKind {
	args := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		args = append(args, wordText(w))
	}
	args = skipWrappers(args)
	if len(args) == 0 {
		return noGuard
	}
	if b.isGuard(args[0]) {
		return guardFirst
	}
	base := args[0][strings.LastIndexAny(args[0], `/\`)+1:]
	switch base {
	case "sh", "bash", "dash", "zsh", "ksh":
		for i := 1; i+1 < len(args); i++ {
			if args[i] == "-c" && depth < maxShellDepth {
				f, err := syntax.NewParser().Parse(strings.NewReader(args[i+1]), "")
				if err != nil {
					return noGuard
				}
				return b.classifyStmts(f.Stmts, depth+1)
			}
		}
	}
	return noGuard
}

// skipWrappers drops the programs that run their arguments as a command
// (env with its options and NAME=value words, exec, command, nohup) from
// the front of args.
func skipWrappers(args []string) []string {
	for len(args) > 0 {
		switch args[0][strings.LastIndexByte(args[0], '/')+1:] {
		case "env":
			args = skipEnv(args[1:])
		case "exec", "command", "nohup":
			args = args[1:]
			for len(args) > 0 && strings.HasPrefix(args[0], "-") {
				if args[0] == "-a" && len(args) > 1 {
					args = args[1:]
				}
				args = args[1:]
			}
		default:
			return args
		}
	}
	return args
}

// skipEnv drops env's options and NAME=value words.
func skipEnv(args []string) []string {
	for len(args) > 0 {
		switch a := args[0]; {
		case a == "-u" || a == "-C" || a == "--unset" || a == "--chdir":
			args = args[min(2, len(args)):]
		case a == "--":
			return args[1:]
		case strings.HasPrefix(a, "-") || strings.Contains(a, "="):
			args = args[1:]
		default:
			return args
		}
	}
	return args
}

// wordText is a shell word as the program receives it when it is static;
// an expansion becomes NUL, so a word it leads ($HOME/bin/guard) keeps its
// literal file name. Unquoted backslashes are kept (Windows paths).
func wordText(w *syntax.Word) string {
	var sb strings.Builder
	var part func(p syntax.WordPart, quoted bool)
	part = func(p syntax.WordPart, quoted bool) {
		switch p := p.(type) {
		case *syntax.Lit:
			if !quoted {
				sb.WriteString(p.Value)
				return
			}
			for i := 0; i < len(p.Value); i++ {
				if p.Value[i] == '\\' && i+1 < len(p.Value) && strings.IndexByte("\"\\$`\n", p.Value[i+1]) >= 0 {
					i++
				}
				sb.WriteByte(p.Value[i])
			}
		case *syntax.SglQuoted:
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				part(q, true)
			}
		default:
			sb.WriteByte(0)
		}
	}
	for _, p := range w.Parts {
		part(p, false)
	}
	return sb.String()
}
