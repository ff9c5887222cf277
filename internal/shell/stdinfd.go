package shell

// Standard input by descriptor, not by operator: <> opens
// its file for reading as < does (python3 <> F reads F as its program),
// 0>&N duplicates a descriptor onto standard input as 0<&N does, and a
// redirection from /dev/stdin, /dev/fd/N or /proc/self/fd/N opens the
// descriptor, not a file (< /dev/stdin keeps the inherited input, as
// <&0). A /proc/PID/fd/N of another process (or a PID guard cannot tell)
// is input guard cannot tell.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// fdDevice returns the descriptor a path names when it is one of the
// process's own descriptors (/dev/stdin, /dev/fd/3, /proc/self/fd/0),
// with self true; self false and ok true for another process's
// descriptor (/proc/123/fd/0, /proc/$$/fd/0: which process is not known).
func fdDevice(p string) (fd string, self, ok bool) {
	if !strings.HasPrefix(p, "/") {
		return "", false, false
	}
	p = word.Clean(p)
	switch p {
	case "/dev/stdin":
		return "0", true, true
	case "/dev/stdout":
		return "1", true, true
	case "/dev/stderr":
		return "2", true, true
	}
	if n, found := strings.CutPrefix(p, "/dev/fd/"); found && isDigits(n) {
		return n, true, true
	}
	rest, found := strings.CutPrefix(p, "/proc/")
	if !found {
		return "", false, false
	}
	pid, rest, _ := strings.Cut(rest, "/")
	n, found := strings.CutPrefix(rest, "fd/")
	if !found || !isDigits(n) {
		return "", false, false
	}
	switch {
	case pid == "self" || pid == "thread-self":
		return n, true, true
	case isDigits(pid) || word.HasMark(pid):
		return n, false, true
	}
	return "", false, false
}

// isDigits reports whether s is a non-empty run of decimal digits.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// inputRedirect handles a redirection that opens target for reading on
// descriptor n ("" for 0): < F, <> F, N< F, N<> F. A descriptor device is
// a duplication (dupIn); another process's descriptor is input guard
// cannot tell. Otherwise the file is read, descriptor n holds it, and on
// 0 it is the command's standard input.
func (c *cmd) inputRedirect(n, target, sub string, write bool) {
	if fd, self, ok := fdDevice(target); ok && !word.HasMark(fd) {
		switch {
		case self:
			c.dupIn(n, fd)
		case n == "" || n == "0":
			c.stdin, c.ownIn = stdin{fromPipe: true}, true
		}
		return
	}
	if target == word.Mark(word.MarkProcIn, "") {
		// < <(…), 3< <(…): what a program prints, as a pipe from it is;
		// sub is its line.
		o := fdOrigin{sub: sub, prog: true}
		c.openFd(n, o)
		if n == "" || n == "0" {
			c.stdin, c.ownIn = o.in(), true
		}
		return
	}
	c.w.Read(target)
	if c.w.isFifo(target) {
		// A FIFO the command made: what a later command writes (fifos.go);
		// on another descriptor, one guard does not follow (3< p <&3).
		if n == "" || n == "0" {
			c.stdin, c.ownIn = stdin{fromPipe: true}, true
		}
		return
	}
	if write {
		// Opened, not changed: what it holds is read as it was (sh <> F
		// runs F); it may be written while the command runs.
		c.w.Redirecting = true
		c.w.Write(target)
		c.w.Redirecting = false
		c.rwFiles = append(c.rwFiles, target)
	}
	if c.holdsFd(n) {
		c.w.Touch(target) // exec 9<~/.guard/audit.log.lock; flock 9
	}
	c.openFd(n, fdOrigin{file: target})
	if n == "" || n == "0" {
		c.stdin = stdin{file: target} // < "$(echo x.sh)": a file by name, not the text printed
		c.ownIn = true
	}
}

// settleReadWrite: a file <> opened may hold anything once the command
// has run (it may write through the descriptor).
func (c *cmd) settleReadWrite() {
	for _, f := range c.rwFiles {
		if word.Clean(f) != "/dev/null" { // the null device stays empty
			c.w.Changed(f)
		}
	}
}

// codeFile returns the text of a, a file a program opens by name and reads
// as code of its own language (sqlite3's .read F and -init F, sed -f F,
// awk -f F, m4 F, vim -S F, gdb -x F), by the rule codeInput applies to
// standard input: a descriptor device
// (/dev/stdin, /dev/fd/N, /proc/self/fd/N) reads what that descriptor
// reads — standard input's text, a file opened on it, or a program's
// output; a process substitution (<(…)) is what its program prints, read
// when guard knows it (<(echo TEXT), <(cat F)); another process's
// descriptor, one guard did not see opened, a program's output it cannot
// tell and a name it cannot tell are code it cannot see. Those are hidden,
// false; a file is read within its bound (effect's FileText hides one it
// cannot read).
func (c *cmd) codeFile(a word.Word, what string) (string, bool) {
	f := a.Text
	if f == "-" && c.dashStdin() {
		return c.codeInput(what) // sed -f -, awk -f -, m4 -
	}
	if fd, self, ok := fdDevice(f); ok {
		if !self || word.HasMark(fd) {
			c.w.hide("runs as %s what another process's descriptor %s reads, which guard cannot tell", what, f)
			return "", false
		}
		if fd == "0" {
			return c.codeInput(what)
		}
		o, opened := c.fdFile(fd)
		if opened && o.doc && o.known {
			return o.text, true // bash /dev/fd/3 3<<'B'
		}
		if !opened || o.prog || o.doc {
			c.w.hide("runs as %s what %s reads on descriptor %s (a program's output, or one guard did not see opened), which guard cannot tell", what, c.name, fd)
			return "", false
		}
		f, a.Known = o.file, true
	}
	if strings.Contains(f, word.Mark(word.MarkProcIn, "")) {
		if t, ok, found := c.subText(a.Sub, what); found && f == word.Mark(word.MarkProcIn, "") {
			return t, ok // (FileText hid a file it could not read)
		}
		c.w.hide("runs as %s what a program prints (a process substitution), which guard cannot tell", what)
		return "", false
	}
	if !a.Known || !word.IsKnown(f) {
		c.w.hide("runs as %s a file whose name guard cannot tell", what)
		return "", false
	}
	c.w.Read(f)
	return c.w.FileText(f, true, effect.MaxScriptBytes, what)
}

// codeName reports whether a, a program-file option's value, names a
// descriptor, standard input (-, dashStdin) or a process substitution
// rather than a file: codeFile's to read (runProgram reads a file by its
// own rule).
func (c *cmd) codeName(a word.Word) bool {
	_, _, fd := fdDevice(a.Text)
	return fd || a.Text == "-" && c.dashStdin() || strings.Contains(a.Text, word.Mark(word.MarkProcIn, ""))
}

// dashStdin reports whether c's program reads a script file named - as
// its standard input (sed -f -, awk -f -, m4 -); for others (sqlite3's
// .read -) it is a file of that name.
func (c *cmd) dashStdin() bool {
	return c.name == "sed" || c.name == "gsed" || c.name == "m4" || lang.AwkFamily(c.name)
}

// subText returns what the substitution whose line is sub prints when
// guard knows it (found): text (echo, printf, a here-string), or a file's
// text (cat F, < F) as FileText reads it.
func (c *cmd) subText(sub, what string) (text string, ok, found bool) {
	if sub == "" {
		return "", false, false
	}
	for _, st := range c.w.subTexts {
		if st[0] == sub {
			return st[1], true, true
		}
	}
	for _, sf := range c.w.subFiles {
		if sf[0] == sub {
			c.w.Read(sf[1])
			text, ok = c.w.FileText(sf[1], true, effect.MaxScriptBytes, what)
			return text, ok, true
		}
	}
	return "", false, false
}

// compoundUser is cmd.fdUser for a compound command ({ flock 9; } 9<F),
// and for a program guard cannot name.
const compoundUser = "{…}"

// holdsFd reports whether descriptor n, which an input redirection of c
// opens on a file, may be used by what guard does not know to only read
// from it: a descriptor other than standard input (flock 9, read -u 3) or
// one exec keeps open for what follows, and the standard input of a
// program not known to only read it (python3 -c 'fcntl.flock(0, 2)'); a
// compound command's standard input is each of its commands'
// (inheritStdin). Such an open is a touch of the file, not a read only:
// a lock held on it stops whoever else takes the lock (guard's own audit
// lock), and the path rules weigh it as a change of the file.
func (c *cmd) holdsFd(n string) bool {
	switch {
	case c.fdUser == "":
		return false // < F alone: nothing runs with it
	case n != "" && n != "0", c.fdUser == "exec":
		return true
	case c.fdUser == compoundUser:
		return false
	}
	return !readsStdinOnly(c.fdUser)
}

// readsStdinOnly reports whether program name only reads its standard
// input: a program of the read-only catalogue, or the shell's read,
// mapfile and readarray.
func readsStdinOnly(name string) bool {
	if strings.Contains(" read mapfile readarray ", " "+name+" ") {
		return true
	}
	p := catalogue.ProgramNamed(name)
	return p != nil && p.Access == catalogue.ReadsOnly
}
