package effect

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// The kernel's magic links: /proc/self/cwd is the working
// directory of the process that opens it, the program the command runs,
// so /proc/self/cwd/../.bashrc written from a project in the home is
// ~/.bashrc; /proc/self/root is its root. What another process's links
// (/proc/1/cwd), a descriptor's (/proc/self/fd/3, /dev/fd/3) or the
// program's own file (/proc/self/exe) name, guard cannot tell before the
// command runs: the word becomes one with a part guard cannot work out, so
// the path rules ask what it could name. Every test of where a word lies
// (the system's own directories among them) runs on the result.

// ProcLink resolves a leading magic link of word p as the kernel will for
// the command's program: "$PWD"+rest for its working directory (which
// DirVar then replaces), rest for its root, and an unknown part followed by
// rest for a link guard cannot follow. false when p starts with none.
// The standard descriptors (0, 1, 2) are the streams, not a directory: a
// bare /dev/fd/1 is left as it is.
func ProcLink(p string) (string, bool) {
	var rest string
	switch {
	case strings.HasPrefix(p, "/proc/"):
		rest = p[len("/proc/"):]
	case strings.HasPrefix(p, "/dev/fd/"):
		return descriptor(p[len("/dev/fd/"):])
	default:
		return "", false
	}
	who, rest, _ := strings.Cut(rest, "/")
	self := who == "self" || who == "thread-self"
	if !self && !allDigits(who) && !word.HasMark(who) {
		return "", false // /proc/cpuinfo, /proc/sys/…: the system's
	}
	// A pid guard cannot tell (/proc/$$/fd/3, /proc/$BASHPID/cwd: the
	// agent's shell, not the hook's) is a process whose links it cannot
	// follow.
	entry, tail := cutComp(rest)
	if entry == "task" {
		// /proc/self/task/TID/cwd is the thread's: the same directory;
		// /proc/$$/task/TID/fd/3 another process's thread's.
		if tid, r := cutComp(strings.TrimPrefix(tail, "/")); allDigits(tid) {
			entry, tail = cutComp(strings.TrimPrefix(r, "/"))
		}
	}
	if allDigits(who) && procLinkEntry(entry) {
		// Another process named by a literal pid (/proc/123/fd/3): its
		// link leads to the same file for every opener, so the word stays
		// as written and the hook follows the link on disk as any link
		// (realpath: where it leads, and what a missing one could be).
		return "", false
	}
	switch {
	case entry == "cwd" && self:
		return "$PWD" + tail, true
	case entry == "root" && self:
		if tail == "" {
			return "/", true
		}
		return tail, true
	case entry == "cwd" || entry == "root" || entry == "exe":
		return unknownLink(tail), true
	case entry == "fd" || entry == "map_files":
		fd, r := cutComp(strings.TrimPrefix(tail, "/"))
		if fd == "" {
			return "", false // the directory of descriptors itself
		}
		if r == "" && self && (fd == "0" || fd == "1" || fd == "2") {
			return "", false // a standard stream
		}
		return unknownLink(r), true
	}
	return "", false
}

// otherProcessLink reports whether p goes through a magic link of a
// process guard cannot name (/proc/$!/fd/3, /proc/$pid/cwd/x): what it
// leads to is whatever that process holds.
func otherProcessLink(p string) bool {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return false
	}
	who, _, _ := strings.Cut(rest, "/")
	if !word.HasMark(who) {
		return false
	}
	q, linked := ProcLink(p)
	return linked && strings.HasPrefix(q, UnknownLink)
}

// procLinkEntry reports whether entry of /proc/PID/ is a magic link (or a
// directory of them): fd, map_files, cwd, root, exe.
func procLinkEntry(entry string) bool {
	switch entry {
	case "fd", "map_files", "cwd", "root", "exe":
		return true
	}
	return false
}

// descriptor resolves the rest of /dev/fd/REST: an unknown part for a
// descriptor guard cannot follow, nothing for a bare standard stream.
func descriptor(rest string) (string, bool) {
	fd, r := cutComp(rest)
	if r == "" && (fd == "0" || fd == "1" || fd == "2" || fd == "") {
		return "", false
	}
	return unknownLink(r), true
}

// unknownLink is a word whose first part, a magic link, guard cannot
// follow, and rest (empty or starting with /) after it.
func unknownLink(rest string) string {
	return UnknownLink + rest
}

// UnknownLink stands for a magic link guard cannot follow (ProcLink): a
// part of a word it cannot tell; a file whose path holds it cannot be read.
var UnknownLink = word.Mark(word.MarkWord, "proc")

// cutComp splits p (empty or a name, then /rest) into its first component
// and the rest from its slash: "cwd/../x" is "cwd", "/../x".
func cutComp(p string) (string, string) {
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

// allDigits reports whether s is a number (a process or thread id).
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// maxProcLinks bounds the magic links resolved in one word
// (/proc/self/root/proc/self/root/…): past it the word is one guard cannot
// tell.
const maxProcLinks = 8

// ProcLinks resolves p's leading magic links one after another, as
// ProcLink does (/proc/self/root/proc/self/cwd/x is $PWD/x), and reports
// whether there was one.
func ProcLinks(p string) (string, bool) {
	linked := false
	for i := 0; i < maxProcLinks; i++ {
		q, ok := ProcLink(p)
		if !ok {
			return p, linked
		}
		p, linked = q, true
	}
	if _, ok := ProcLink(p); ok {
		return unknownLink(""), true
	}
	return p, linked
}

// MagicTree reports whether d, a directory whose whole tree a command
// walks (find's start, DIR/… or DIR/**), holds the kernel's magic links:
// /proc, a process's directory (/proc/PID, /proc/self,
// a task's), its descriptors (fd, map_files) or another process's cwd and
// root. A walker does not follow them, but what it hands each path to
// (find -exec cat {}, | xargs cat) opens the file a process holds
// (~/.ssh/id_rsa kept open by an editor): files guard cannot tell, read or
// written. /proc/self/cwd and /proc/self/root are the program's own
// directories (ProcLink).
func MagicTree(d string) bool {
	rest, ok := strings.CutPrefix(strings.TrimRight(d, "/")+"/", "/proc/")
	if !ok {
		return false
	}
	who, rest := cutComp(strings.TrimSuffix(rest, "/"))
	self := who == "self" || who == "thread-self"
	switch {
	case who == "":
		return true // /proc itself
	case !self && !allDigits(who) && !word.HasMark(who):
		return false // /proc/sys/…: the system's
	}
	entry, tail := cutComp(strings.TrimPrefix(rest, "/"))
	if entry == "task" {
		tid, r := cutComp(strings.TrimPrefix(tail, "/"))
		if tid == "" {
			return true
		}
		entry, tail = cutComp(strings.TrimPrefix(r, "/"))
	}
	switch entry {
	case "":
		return true
	case "fd", "map_files":
		return tail == "" || tail == "/"
	case "cwd", "root":
		return !self && (tail == "" || tail == "/")
	}
	return false
}

// MagicGlob reports whether pattern p, a glob, may match the kernel's
// magic links or a directory of them: /proc/*/fd/*,
// /proc/[0-9]*/cwd, /proc/*. The hook expands a glob on disk within a
// bound, and /proc holds a directory for every process: files guard
// cannot tell.
func MagicGlob(p string) bool {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok || !strings.ContainsAny(rest, "*?[") {
		return false
	}
	who, rest := cutComp(rest)
	if !strings.ContainsAny(who, "*?[") {
		d := "/proc/" + who
		entry, _ := cutComp(strings.TrimPrefix(rest, "/"))
		if entry == "task" {
			return true
		}
		return MagicTree(d+"/"+entry) || MagicTree(d) && strings.ContainsAny(entry, "*?[") && globMatchesAny(entry)
	}
	if !globMatchesAny(who, "1", "self", "thread-self") {
		return false
	}
	entry, _ := cutComp(strings.TrimPrefix(rest, "/"))
	return entry == "" || globMatchesAny(entry)
}

// globMatchesAny reports whether glob component pat matches one of names,
// or, with none given, one of a process's magic entries.
func globMatchesAny(pat string, names ...string) bool {
	if len(names) == 0 {
		names = []string{"fd", "map_files", "cwd", "root", "exe", "task"}
	}
	for _, n := range names {
		if ok, err := path.Match(pat, n); ok || err != nil {
			return true
		}
	}
	return false
}
