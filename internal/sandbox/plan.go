// Package sandbox turns guard's active policy into an operating-system
// sandbox for an agent and everything it starts (`guard run`).
//
// # The plan
//
// [Build] reads the policy's path rules against the file system as it is
// when the agent starts and makes a [Plan]: the directories and files the
// kernel is to hide (block_read rules that name a fixed path under ~ or /),
// those it is to hold read-only (block_write rules that name a fixed path,
// guard's own directory, guard's state directory, the agent hook files and
// guard's own program), and, as [HookOnly] entries, every rule the kernel
// cannot hold: patterns for any directory (**/.env, **/*.pem), paths that do
// not exist yet, URLs, secrets and command patterns. Those stay with the
// hooks.
//
// Every path is bound as it resolves (symbolic links followed); a path that
// is the project directory, the home directory or one of their ancestors is
// never restricted, so that the agent keeps working (the rule is listed as
// hook-only with the reason).
//
// # Engines
//
// On Linux the plan runs with bubblewrap ([BwrapArgs]); on macOS with
// sandbox-exec and a generated profile ([SeatbeltProfile]). Elsewhere there
// is no engine and `guard run` refuses unless told to run without one.
// docs/SANDBOX.md says what each engine enforces and what it cannot.
package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Kind says what the kernel does to a path.
type Kind int

// The kinds of kernel rule, in the order their mounts are made.
const (
	// Hide replaces a directory by an empty read-only one, a file by an
	// empty read-only file.
	Hide Kind = iota + 1
	// ReadOnly keeps a path as it is, but read-only.
	ReadOnly
	// Reveal puts back, read-only, a file inside a hidden directory that
	// an allow_read rule names.
	Reveal
	// Pin keeps a directory as it is, writable, but as a mount point, which
	// cannot be renamed or removed: a directory that holds a rule's path
	// (~/.agent_a for ~/.agent_a/settings.json) would otherwise be moved
	// away, the rule with it, and a new one made in its place.
	Pin
)

// String names the kind for --explain.
func (k Kind) String() string {
	switch k {
	case Hide:
		return "hidden"
	case ReadOnly:
		return "read-only"
	case Reveal:
		return "visible, read-only"
	case Pin:
		return "not renamable"
	}
	return "?"
}

// Entry is one kernel rule.
type Entry struct {
	Kind Kind
	// Path is the path the kernel acts on: the rule's path with symbolic
	// links resolved.
	Path string
	// Dir tells a directory from a file.
	Dir bool
	// Exists is false for a path that did not exist when the plan was made:
	// bubblewrap cannot bind it (and skips it), sandbox-exec can name it.
	Exists bool
	// Source says where the rule comes from: a policy rule
	// ("block_read ~/.ssh/**") or one of guard's own ("guard's directory").
	Source string
}

// HookOnly is a rule the kernel does not hold, and why.
type HookOnly struct {
	What string
	Why  string
}

// Plan is what `guard run` asks the kernel for.
type Plan struct {
	// Entries are the kernel rules, parents before children, so that a
	// mount inside another lands on top of it.
	Entries []Entry
	// HookOnly lists what only the hooks check.
	HookOnly []HookOnly
	// Problems are reasons the sandbox cannot hold what it promises (a
	// protected file with another name, a hard link made before the start):
	// `guard run` refuses to start while there is one.
	Problems []string
	// Withheld are the environment variables not passed into the sandbox
	// (sockets to agents outside: SSH_AUTH_SOCK, the desktop bus); the
	// caller sets it.
	Withheld []string
}

// Input is what Build needs of the policy and of the machine. Every path is
// absolute.
type Input struct {
	Home     string // the user's home directory, ~ in the rules
	Project  string // the directory the agent starts in
	GuardDir string // guard's directory (~/.guard or $GUARD_HOME)
	StateDir string // guard's state directory (the audit log's anchor)
	Exe      string // guard's program, "" for none
	// Runtime is guard run's private directory (the audit socket).
	Runtime string
	// HookFiles are the agent settings files that hold guard's hooks.
	HookFiles []string
	// LaterOutside are files and directories that programs outside the
	// sandbox run or read as code later: the config and hooks of each git
	// repository the agent starts in (git runs core.fsmonitor, hooks).
	LaterOutside []string
	// Sockets are sockets (and their directories) to agents and services
	// outside that guard run does not pass in (SSH_AUTH_SOCK's, the desktop
	// bus): hidden.
	Sockets []string
	// ProjectDirs are the start directory and the work trees of the git
	// repositories it is in: a block_write pattern for any directory
	// (**/.vscode/tasks.json) is held in each of them.
	ProjectDirs []string
	// Locks are guard's lock files, which only guard run outside uses:
	// hidden, so that a process inside cannot hold one and stall every
	// hook of the user outside.
	Locks []string
	// BlockRead, AllowRead and BlockWrite are the policy's file_paths
	// rules.
	BlockRead, AllowRead, BlockWrite []string
}

// absentWhy is why bubblewrap cannot hold a path that does not exist.
const absentWhy = "did not exist at the start: bubblewrap holds only paths that exist, and guard does not create start-up or settings files (an empty ~/.bash_profile changes what a login shell reads); guard run names each one created during the session when it ends; create one yourself to have it held"

// maxLinkScan bounds the files Build looks at for hard links in each
// hidden or read-only directory.
const maxLinkScan = 4096

// Build makes the plan for in from the file system as it is now.
func Build(in Input) *Plan {
	b := &builder{in: in, plan: &Plan{}}
	for _, g := range in.BlockRead {
		b.rule(Hide, "block_read "+g, g)
	}
	b.own(in.GuardDir, "guard's directory")
	b.own(in.StateDir, "guard's state directory, the audit log's anchor")
	b.own(in.Runtime, "guard run's audit socket")
	if in.Exe != "" {
		b.own(in.Exe, "guard's program, which the hooks run")
	}
	for _, f := range in.HookFiles {
		b.add(ReadOnly, f, "agent hook file", false)
	}
	for _, f := range in.LaterOutside {
		b.add(ReadOnly, f, "git runs it outside the sandbox later", false)
	}
	for _, f := range in.Sockets {
		b.add(Hide, f, "a socket to a service outside, withheld (--pass-env passes it)", false)
	}
	for _, f := range in.Locks {
		b.add(Hide, f, "guard's lock, used only outside", false)
	}
	for _, g := range in.BlockWrite {
		b.rule(ReadOnly, "block_write "+g, g)
		b.inProjects(g)
	}
	for _, g := range in.AllowRead {
		b.reveal(g)
	}
	b.pins()
	p := b.plan
	slices.SortStableFunc(p.Entries, func(x, y Entry) int {
		if c := depth(x.Path) - depth(y.Path); c != 0 {
			return c
		}
		return int(x.Kind) - int(y.Kind)
	})
	for _, e := range p.Entries {
		if e.Exists && e.Kind != Reveal && e.Kind != Pin {
			p.Problems = append(p.Problems, linkProblems(e)...)
		}
		if strings.ContainsFunc(e.Path, isControl) {
			p.Problems = append(p.Problems, fmt.Sprintf("%q (%s) has control characters, which a sandbox profile cannot name; rename it", e.Path, e.Source))
		}
	}
	p.HookOnly = append(p.HookOnly, alwaysHookOnly...)
	return p
}

// alwaysHookOnly are the checks no file-system rule can make.
var alwaysHookOnly = []HookOnly{
	{"bash.block_patterns (command patterns)", "the kernel sees system calls, not command text"},
	{"urls (blocklist, hosts)", "the network is left as it is"},
	{"secrets and PII in prompts, results and answers", "the kernel does not read what passes between the agent and its model"},
	{"prompt injection in results", "the kernel does not read what passes between the agent and its model"},
}

type builder struct {
	in   Input
	plan *Plan
}

func (b *builder) hookOnly(what, why string) {
	b.plan.HookOnly = append(b.plan.HookOnly, HookOnly{What: what, Why: why})
}

// own adds one of guard's own paths: read-only, created first when it is a
// directory that does not exist (the caller creates them).
func (b *builder) own(p, source string) {
	if p != "" {
		b.add(ReadOnly, p, source, true)
	}
}

// rule adds the kernel rule of kind k for the policy glob g, or a hook-only
// entry saying why it has none.
func (b *builder) rule(k Kind, source, g string) {
	p, dirGlob, ok := b.fixed(g)
	if !ok {
		b.plan.HookOnly = append(b.plan.HookOnly, b.globHookOnly(source, g)...)
		return
	}
	if strings.ContainsAny(filepath.Base(p), "*?[") {
		b.globRule(k, source, p)
		return
	}
	b.add(k, p, source, dirGlob)
}

// fixed returns the absolute path a glob names when it names one fixed path
// (~/.netrc, /etc/shadow) or one fixed directory and everything in it
// (~/.ssh/**, dirGlob). A last element with * ? or [ is returned as it is,
// for globRule. ok is false for any other glob.
func (b *builder) fixed(g string) (p string, dirGlob, ok bool) {
	g = b.expandHome(g)
	if !filepath.IsAbs(g) {
		return "", false, false
	}
	if rest, cut := strings.CutSuffix(g, "/**"); cut {
		g, dirGlob = rest, true
		if g == "" {
			g = "/" // /**: the root, which the agent's work is in
		}
	}
	dir := filepath.Dir(g)
	if strings.ContainsAny(dir, "*?[") || (dirGlob && strings.ContainsAny(g, "*?[")) || strings.Contains(g, "**") {
		return "", false, false
	}
	return filepath.Clean(g), dirGlob, true
}

// expandHome replaces a leading ~, $HOME or ${HOME} by the home directory.
func (b *builder) expandHome(g string) string {
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if g == pre {
			return b.in.Home
		}
		if rest, ok := strings.CutPrefix(g, pre+"/"); ok {
			return filepath.Join(b.in.Home, rest)
		}
	}
	return g
}

// inProjects holds, read-only, what a block_write pattern for any directory
// (**/.vscode/tasks.json, **/.husky/[a-z]*) names in each project
// directory: the fixed path (watched when absent), or the names that match
// a pattern in its last element now. A pattern with ** inside, or one in a
// directory part, stays with the hooks. Only block_write: hiding a
// project's **/.env would also hide it from the programs the agent runs,
// which the hooks do not ask.
func (b *builder) inProjects(g string) {
	rest, ok := strings.CutPrefix(g, "**/")
	if !ok || rest == "" || strings.Contains(rest, "**") || strings.ContainsAny(filepath.Dir(rest), "*?[") {
		return
	}
	for _, d := range b.in.ProjectDirs {
		p := filepath.Join(d, filepath.FromSlash(rest))
		source := "block_write " + g + " in " + d
		if !strings.ContainsAny(filepath.Base(p), "*?[") {
			b.add(ReadOnly, p, source, false)
			continue
		}
		matches, _ := filepath.Glob(p)
		for _, m := range matches {
			b.add(ReadOnly, m, source, false)
		}
	}
}

// globHookOnly says why a glob has no kernel rule.
func (b *builder) globHookOnly(source, g string) []HookOnly {
	why := "a pattern that can match in many directories: the kernel rules name fixed paths"
	if !filepath.IsAbs(b.expandHome(g)) {
		why = "a pattern for any directory: the kernel rules name fixed paths"
	}
	return []HookOnly{{What: source, Why: why}}
}

// globRule adds a rule for each path that the glob p (a fixed directory, a
// pattern in its last element) matches now; names that appear later are the
// hooks'.
func (b *builder) globRule(k Kind, source, p string) {
	matches, _ := filepath.Glob(p)
	for _, m := range matches {
		b.add(k, m, source, false)
	}
	b.hookOnly(source, "names that match it after the start (the kernel holds those that existed then)")
}

// add adds the kernel rule of kind k for the path p. dirGlob says the rule
// is meant for a directory (guard's own, or a /** glob).
func (b *builder) add(k Kind, p, source string, dirGlob bool) {
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		for _, e := range b.plan.Entries {
			if !e.Exists && e.Path == filepath.Clean(p) {
				return // named already, by another rule
			}
		}
		b.plan.Entries = append(b.plan.Entries, Entry{Kind: k, Path: filepath.Clean(p), Dir: dirGlob, Source: source})
		b.hookOnly(source+": "+p, absentWhy)
		return
	}
	if err != nil {
		b.hookOnly(source+": "+p, "cannot be looked up ("+errText(err)+")")
		return
	}
	if why := b.keepsWorking(real); why != "" {
		b.hookOnly(source+": "+p, why)
		return
	}
	fi, err := os.Stat(real)
	if err != nil {
		b.hookOnly(source+": "+p, "cannot be looked up ("+errText(err)+")")
		return
	}
	if h := b.hiddenBy(real); h != "" && k != Reveal {
		return // already hidden whole
	}
	if k == ReadOnly && b.readOnlyBy(real) {
		return // already read-only whole
	}
	if k == Hide {
		if need := b.hooksNeed(real); need != "" {
			// Hidden, the hooks inside could not read the policy or run
			// guard, and every call would block: read-only instead.
			k = ReadOnly
			source += " (read-only, not hidden: the hooks read " + need + " inside it)"
		} else {
			b.dropUnder(real)
		}
	}
	if real != filepath.Clean(p) {
		source += " (" + p + ", a symbolic link: the link itself can be replaced from inside; the hooks check the name)"
	}
	for _, e := range b.plan.Entries {
		if e.Path == real && e.Kind == k {
			return
		}
	}
	b.plan.Entries = append(b.plan.Entries, Entry{Kind: k, Path: real, Dir: fi.IsDir(), Exists: true, Source: source})
}

// keepsWorking returns why a path must not be restricted: it is the
// project, the home directory, the root or an ancestor of one.
func (b *builder) keepsWorking(p string) string {
	for _, keep := range []string{b.in.Project, b.in.Home} {
		if keep != "" && within(keep, p) {
			return "holds " + keep + ": the kernel rule would stop the agent's work"
		}
	}
	return ""
}

// hooksNeed returns the path the hooks inside the sandbox must read (guard's
// directory, its program, guard run's socket) that p is or holds, or "".
func (b *builder) hooksNeed(p string) string {
	for _, n := range []string{b.in.GuardDir, b.in.Exe, b.in.Runtime} {
		if n == "" {
			continue
		}
		if r, err := filepath.EvalSymlinks(n); err == nil {
			n = r
		}
		if within(n, p) {
			return n
		}
	}
	return ""
}

// hiddenBy returns the hidden directory p is in, or "".
func (b *builder) hiddenBy(p string) string {
	for _, e := range b.plan.Entries {
		if e.Kind == Hide && e.Exists && e.Dir && within(p, e.Path) {
			return e.Path
		}
	}
	return ""
}

// readOnlyBy reports whether a read-only directory already in the plan
// holds p (a bind is recursive).
func (b *builder) readOnlyBy(p string) bool {
	for _, e := range b.plan.Entries {
		if e.Kind == ReadOnly && e.Exists && e.Dir && within(p, e.Path) {
			return true
		}
	}
	return false
}

// dropUnder removes the read-only rules inside a directory about to be
// hidden: binding them would bring them back into view.
func (b *builder) dropUnder(dir string) {
	b.plan.Entries = slices.DeleteFunc(b.plan.Entries, func(e Entry) bool {
		return e.Kind == ReadOnly && e.Exists && within(e.Path, dir) && e.Path != dir
	})
}

// reveal puts back a file that an allow_read rule names inside a hidden
// directory. Only a fixed file name can be put back; an allow_read pattern
// inside a hidden directory is listed as hook-only.
func (b *builder) reveal(g string) {
	p, dirGlob, ok := b.fixed(g)
	if !ok {
		return
	}
	if dirGlob || strings.ContainsAny(filepath.Base(p), "*?[") {
		if b.hiddenBy(p) != "" {
			b.hookOnly("allow_read "+g, "inside a hidden directory: the kernel hides it whole; only a fixed file name is put back")
		}
		return
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil || b.hiddenBy(real) == "" {
		return
	}
	b.add(Reveal, real, "allow_read "+g, false)
}

// pins adds a Pin for each directory that holds a rule's path and that the
// user can rename (its parent is writable), unless a hidden or read-only
// directory already holds it (a rename there fails anyway, and a writable
// bind would undo the rule).
func (b *builder) pins() {
	seen := map[string]bool{}
	for _, e := range b.plan.Entries {
		seen[e.Path] = true
	}
	var add []Entry
	for _, e := range b.plan.Entries {
		if e.Kind == Reveal || !e.Exists {
			continue
		}
		for a := filepath.Dir(e.Path); a != "/" && a != "." && !seen[a]; a = filepath.Dir(a) {
			seen[a] = true
			if b.frozen(a) || !renamable(a) {
				continue
			}
			add = append(add, Entry{Kind: Pin, Path: a, Dir: true, Exists: true, Source: "holds " + e.Path})
		}
	}
	b.plan.Entries = append(b.plan.Entries, add...)
}

// frozen reports whether a hidden or read-only directory holds p.
func (b *builder) frozen(p string) bool {
	for _, e := range b.plan.Entries {
		if e.Exists && e.Dir && (e.Kind == Hide || e.Kind == ReadOnly) && within(p, e.Path) {
			return true
		}
	}
	return false
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	if p == dir || dir == "/" {
		return true
	}
	return strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

func depth(p string) int { return strings.Count(filepath.Clean(p), "/") }

// linkProblems returns the files of e (e itself, or the files in the
// directory, up to maxLinkScan) that have another name: a hard link made
// before the start reaches the same file from outside the rule.
func linkProblems(e Entry) []string {
	var out []string
	check := func(p string, fi fs.FileInfo) {
		// A file the user may not read (hidden) or write (read-only) is
		// safe under every name: the permission is the file's.
		if fi.Mode().IsRegular() && nlink(fi) > 1 && permitted(p, e.Kind == ReadOnly) {
			out = append(out, fmt.Sprintf("%s (%s) has %d names: another name reaches it from inside the sandbox; remove the other links (find / -xdev -samefile %s)", p, e.Source, nlink(fi), p))
		}
	}
	if !e.Dir {
		if fi, err := os.Stat(e.Path); err == nil {
			check(e.Path, fi)
		}
		return out
	}
	if e.Path == "/" || depth(e.Path) < 2 {
		return nil // a system tree (/etc, /usr): root's files, not the user's to link
	}
	n := 0
	_ = filepath.WalkDir(e.Path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if n++; n > maxLinkScan {
			return filepath.SkipAll
		}
		if d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				check(p, fi)
			}
		}
		return nil
	})
	return out
}

// errText is err's text without the path of an *fs.PathError.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
}
