package shell

// PowerShell run from a POSIX shell: its -Command,
// -EncodedCommand, -File and standard input text is PowerShell, read by
// internal/pwsh as the agent's PowerShell tool is, not a generic
// interpreter's one-liner.

import (
	"strings"

	"github.com/guardhq/guard/internal/pwsh"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxPwshLiterals bounds the literals of PowerShell text touched.
const maxPwshLiterals = 256

// pwshRun is what a PowerShell command line runs: text (PowerShell), from
// a file when file is set, or standard input; dir is its
// -WorkingDirectory ("" for the caller's).
type pwshRun struct {
	text, dir string
	known     bool // text was found
	stdin     bool // it reads its commands on standard input
}

// powershell analyses pwsh/powershell run from the shell: the text it runs
// is read as PowerShell; text guard cannot get (a value it does not know,
// base64 it cannot decode, a file it cannot read, a pipe from a program)
// is code it cannot see.
func (c *cmd) powershell() {
	for j := range c.args {
		c.spend(j)
		c.kinds[j] = argCode
	}
	r, ok := c.pwshArgs()
	if !ok {
		return
	}
	if r.stdin {
		switch t, known := c.w.inputText(c.stdin); {
		case known:
			r.text, r.known = t, true
		case c.stdin.file != "":
			r.text, r.known = c.w.FileText(c.stdin.file, true, effect.MaxScriptBytes, "a PowerShell script")
		case c.pipedHidden() || c.stdin.sub != "":
			c.hiddenRun()
			return
		}
	}
	if r.known {
		c.readPwsh(r.text, r.dir)
	}
}

// pwshArgs reads PowerShell's command line; false when it recorded that
// what runs is hidden.
func (c *cmd) pwshArgs() (pwshRun, bool) {
	var r pwshRun
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		o, isOpt := catalogue.PwshOptionOf(strings.ToLower(a.Text))
		if !isOpt {
			if strings.HasPrefix(a.Text, "-") && a.Text != "-" {
				continue // an option guard does not know: a switch
			}
			// pwsh FILE args…; powershell.exe TEXT…: a script, else a command.
			if strings.HasSuffix(strings.ToLower(a.Text), ".ps1") {
				return r, c.pwshFile(&r, a)
			}
			return r, c.pwshCommand(&r, c.args[j:])
		}
		next := word.Word{}
		if j+1 < len(c.args) {
			next = c.args[j+1]
		}
		switch o.Use {
		case catalogue.PwshValue:
			j++
		case catalogue.PwshReadFile:
			c.w.Read(next.Text)
			j++
		case catalogue.PwshWorkDir:
			r.dir = next.Text
			j++
		case catalogue.PwshCommand:
			return r, c.pwshCommand(&r, c.args[min(j+1, len(c.args)):])
		case catalogue.PwshEncoded:
			return r, c.pwshEncoded(&r, next)
		case catalogue.PwshFile:
			return r, c.pwshFile(&r, next)
		}
	}
	r.stdin = true // no command, no file: it reads standard input
	return r, true
}

// pwshCommand: -Command's words, joined as PowerShell joins them; - is
// standard input.
func (c *cmd) pwshCommand(r *pwshRun, ws []word.Word) bool {
	if len(ws) == 1 && ws[0].Text == "-" {
		r.stdin = true
		return true
	}
	t := word.Join(ws)
	if word.Opaque(t) {
		v, ok := c.w.valueText(t)
		if !ok {
			c.w.hide("runs a PowerShell command guard cannot tell (a value it does not know)")
			return false
		}
		t = v
	}
	r.text, r.known = t, true
	return true
}

// pwshEncoded: -EncodedCommand's base64 of UTF-16LE text.
func (c *cmd) pwshEncoded(r *pwshRun, v word.Word) bool {
	t, ok := pwsh.DecodeEncoded(v.Text)
	if !v.Known || !ok {
		c.w.hide("runs a PowerShell -EncodedCommand guard cannot decode")
		return false
	}
	r.text, r.known = t, true
	return true
}

// pwshFile: a script file, read as a script is (- is standard input).
func (c *cmd) pwshFile(r *pwshRun, f word.Word) bool {
	if f.Text == "-" || f.Text == "" {
		r.stdin = true
		return true
	}
	if f.Sub != "" {
		c.hiddenRun()
		return false
	}
	c.w.Read(f.Text)
	r.text, r.known = c.w.FileText(f.Text, f.Known, effect.MaxScriptBytes, "a PowerShell script")
	return true
}

// readPwsh records what PowerShell text reads, touches and writes
// (internal/pwsh), its relative paths under dir; what the reader could not
// work out is code guard cannot see.
func (c *cmd) readPwsh(text, dir string) {
	a, err := pwsh.Read(text, pwsh.Options{Home: "~"})
	if err != nil {
		c.w.hide("runs a PowerShell command too large to read")
		return
	}
	if len(a.Unresolved) > 0 {
		c.w.hide("runs PowerShell guard cannot work out (%s)", a.Unresolved[0])
		return
	}
	if len(a.Unnamed) > 0 {
		c.w.hide("runs PowerShell that writes a path it takes from a property of a variable guard cannot tell (%s)", a.Unnamed[0])
		return
	}
	if len(a.Hidden) > 0 {
		// An alias to what guard cannot tell, a script block from a
		// value.
		c.w.hide("runs PowerShell that %s", a.Hidden[0])
		return
	}
	under := func(p string) string {
		p = strings.ReplaceAll(p, pwsh.Unknown, word.Mark(word.MarkWord, "pwsh"))
		if dir == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, word.MarkStart) {
			return p
		}
		return strings.TrimSuffix(dir, "/") + "/" + p
	}
	// A literal that may be a path is touched, as an unknown program's
	// word is: a function or alias may stand for any cmdlet (function
	// Test-Path { Add-Content @args }).
	for _, l := range a.Literals[:min(len(a.Literals), maxPwshLiterals)] {
		if strings.ContainsAny(l, "/~") || strings.HasPrefix(l, ".") {
			c.w.Touch(under(l))
		}
	}
	for _, pc := range a.Commands {
		reads, touches, writes := pc.Paths()
		// PowerShell's wildcards may match a leading dot (~/[.]ssh), a
		// shell glob's may not.
		reads, touches, writes = pwsh.HiddenMatches(reads), pwsh.HiddenMatches(touches), pwsh.HiddenMatches(writes)
		if pc.FollowsLinks() {
			// Get-ChildItem -Recurse -FollowSymlink, Copy-Item -Recurse,
			// Compress-Archive: the link walk.
			follow := c.w.FollowLinks
			c.w.FollowLinks = pc.Name
			for _, d := range pwsh.LinkDirs(reads, touches) {
				c.w.FollowVisible(under(d)) // the links in it, read whole
			}
			c.w.FollowLinks = follow
		}
		for _, p := range reads {
			c.w.Read(under(p))
		}
		for _, p := range touches {
			c.w.Read(under(p))
			c.w.Touch(under(p))
		}
		for _, p := range writes {
			c.w.Write(under(p))
		}
	}
	c.pwshNative(a, dir)
}

// pwshNative records the URLs PowerShell text names and walks the command
// lines of the external programs it runs (tar, git, bash -c…) as bash, in
// dir.
func (c *cmd) pwshNative(a *pwsh.Analysis, dir string) {
	c.urls(a.URLs())
	lines, ok := a.BashLines()
	if !ok {
		c.w.hide("runs PowerShell that runs more programs than guard reads")
		return
	}
	if lines == "" {
		return
	}
	if dir != "" {
		d := "'" + strings.ReplaceAll(dir, "'", `'\''`) + "'"
		if word.HasMark(dir) {
			d = `"$` + pwsh.UnknownVar + `"`
		}
		lines = "cd " + d + " || exit\n" + lines
	}
	c.w.scoped(func() { c.w.script(lines, c.w.depth+1) })
}
