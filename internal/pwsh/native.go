package pwsh

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
)

// What a PowerShell command hands to programs outside PowerShell: the
// programs' command lines, as bash would run them, for the shell analysis
// (archives, git, interpreters, option runners, guard's own command
// line…), and the URLs the command names.

// UnknownVar is the variable a part of a word the reader could not work out
// becomes in a bash line (BashLines): a value guard does not know, as an
// unset variable of a bash command is.
const UnknownVar = "__guard_pwsh_unknown"

// maxNative bounds the program lines one command hands on; past it
// BashLines reports a limit.
const maxNative = 256

// BashLines returns the command lines of the external programs the
// command runs (tar, git, python3, node, bash -c …, and Expand-Archive as
// unzip), one a line, each in a subshell that first enters the directory
// PowerShell runs it in, its words single-quoted and each part the reader
// could not work out "$UnknownVar". ok is false past maxNative programs.
// A cmdlet, a name the reader follows itself (Set-Location, Get-Content,
// Write-Output, iex, pwsh…), a name the command binds and a program named
// by a value guard cannot work out are none.
func (a *Analysis) BashLines() (lines string, ok bool) {
	var b strings.Builder
	n := 0
	for _, c := range a.Commands {
		line := c.bashLine()
		if line == "" {
			continue
		}
		if n++; n > maxNative {
			return "", false
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String(), true
}

// bashLine returns c as a bash line (see BashLines), or "".
func (c Command) bashLine() string {
	name := cmdName(c.Name)
	if c.Name == "" || strings.Contains(c.Name, Unknown) || !native(name) {
		if name == "expand-archive" && !c.Bound {
			return expandArchive(c)
		}
		return ""
	}
	words := []string{strings.TrimSuffix(c.Name, ".exe")}
	if strings.HasSuffix(strings.ToLower(c.Name), ".exe") {
		words[0] = c.Name[:len(c.Name)-4]
	}
	words = append(words, c.Args...)
	return c.cdPrefix() + quoteWords(words) + ")"
}

// cdPrefix opens the subshell of c's line, entering its directory.
func (c Command) cdPrefix() string {
	if c.Dir == "" {
		return "("
	}
	return "(cd " + quoteWords([]string{c.Dir}) + " && "
}

// expandArchive returns Expand-Archive's command line as unzip's: the
// archive ([-Path]/-LiteralPath) extracted into -DestinationPath, by
// default a directory named after the archive.
func expandArchive(c Command) string {
	var src, dest string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		o, v, colon := strings.Cut(strings.ToLower(a), ":")
		val := func() string {
			if colon {
				return a[len(a)-len(v):]
			}
			if i+1 < len(c.Args) {
				i++
				return c.Args[i]
			}
			return ""
		}
		switch {
		case isOption(a) && (prefixOf(o, "-path", 1) || prefixOf(o, "-literalpath", 1)):
			src = val()
		case isOption(a) && prefixOf(o, "-destinationpath", 1):
			dest = val()
		case isOption(a):
		case src == "":
			src = a
		case dest == "":
			dest = a
		}
	}
	if src == "" {
		return ""
	}
	if dest == "" {
		dest = strings.TrimSuffix(baseName(src), ".zip")
		if i := strings.LastIndexByte(dest, '.'); i > 0 {
			dest = dest[:i]
		}
	}
	return c.cdPrefix() + quoteWords([]string{"unzip", "-o", src, "-d", dest}) + ")"
}

// quoteWords returns words as bash words: single-quoted, each Unknown part
// "$UnknownVar".
func quoteWords(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('\'')
		for j := 0; j < len(w); j++ {
			switch w[j] {
			case '\'':
				b.WriteString(`'\''`)
			case Unknown[0]:
				b.WriteString(`'"$` + UnknownVar + `"'`)
			default:
				b.WriteByte(w[j])
			}
		}
		b.WriteByte('\'')
	}
	return b.String()
}

// native reports whether a command name, as cmdName spells it, runs a
// program outside PowerShell: not a cmdlet (Verb-Noun), a script
// (.ps1), or a name the reader follows itself (its tables, the location
// cmdlets, the shells whose text it reads as PowerShell).
func native(name string) bool {
	if name == "" || name[0] == '-' || strings.HasSuffix(name, ".ps1") || strings.HasSuffix(name, ".psm1") || strings.HasPrefix(name, "[") {
		return false
	}
	if verb, _, ok := strings.Cut(name, "-"); ok && cmdletVerb(verb) {
		return false
	}
	if printsOnly(name) || readsOnly(name) || namesOnly(name) || listsTree(name) || passesOn(name) {
		return false
	}
	switch name {
	case "iex", "pwsh", "powershell", "cmd", "popd", "pushd", "ac", "sc", "gi", "ni", "ri", "del", "erase", "rd", "copy",
		"cpi", "move", "mi", "ren", "rni", "iwr", "irm", "saps", "start", "sal", "nal", "sp", "icm", "ipmo", "clc",
		"clear-content", "cls", "md", "%", "?", "function", "filter", "param", "return", "if", "else", "elseif", "foreach",
		"for", "while", "do", "switch", "try", "catch", "finally", "throw", "break", "continue", "exit", "using", "class",
		"trap", "begin", "process", "end", "data", "dynamicparam":
		return false
	}
	return true
}

// cmdletVerb reports whether a word is one of PowerShell's approved verbs
// (Get-Verb), lower-cased, or a verb its own cmdlets use beyond them:
// Verb-Noun names a cmdlet or a function.
func cmdletVerb(v string) bool {
	switch v {
	case "add", "clear", "close", "copy", "enter", "exit", "find", "format", "get", "hide", "join", "lock", "move", "new",
		"open", "optimize", "pop", "push", "redo", "remove", "rename", "reset", "resize", "search", "select", "set", "show",
		"skip", "split", "step", "switch", "undo", "unlock", "watch", "connect", "disconnect", "read", "receive", "send",
		"write", "backup", "checkpoint", "compare", "compress", "convert", "convertfrom", "convertto", "dismount", "edit",
		"expand", "export", "group", "import", "initialize", "limit", "merge", "mount", "out", "publish", "restore", "save",
		"sync", "unpublish", "update", "approve", "assert", "build", "complete", "confirm", "deny", "deploy", "disable",
		"enable", "install", "invoke", "register", "request", "restart", "resume", "start", "stop", "submit", "suspend",
		"uninstall", "unregister", "wait", "debug", "measure", "ping", "repair", "resolve", "test", "trace", "grant",
		"protect", "revoke", "unprotect", "use", "foreach", "where", "sort", "tee", "unblock":
		return true
	}
	return false
}

// URLs returns the URLs the command names: in every word of its commands
// and every string it holds (as the shell's rules find them in a word:
// scheme://… and file: URLs), and the -Uri or first operand of the web
// cmdlets (Invoke-WebRequest, Invoke-RestMethod, Start-BitsTransfer),
// which take a host without a scheme.
func (a *Analysis) URLs() []string {
	var out []string
	seen := map[string]bool{}
	add := func(us []string) {
		for _, u := range us {
			if !seen[u] && len(out) < maxItems {
				seen[u] = true
				out = append(out, u)
			}
		}
	}
	scan := func(s string) {
		if strings.Contains(s, ":/") {
			add(lang.SchemeURLs(s, " \t\n'\"`<>"))
			add(lang.FileURLs(s, " \t\n'\"`<>"))
		}
	}
	for _, l := range a.Literals {
		scan(l)
	}
	for _, c := range a.Commands {
		scan(c.Name)
		for _, w := range c.Args {
			scan(w)
		}
		if u := webTarget(c); u != "" && !strings.Contains(u, "://") && !strings.HasPrefix(u, Unknown) {
			add([]string{u})
		}
	}
	return out
}

// webTarget returns the URL a web cmdlet is given: -Uri's value, else its
// first operand.
func webTarget(c Command) string {
	switch c.kind() {
	case "invoke-webrequest", "iwr", "invoke-restmethod", "irm", "start-bitstransfer":
	default:
		return ""
	}
	var first string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		o, v, colon := strings.Cut(strings.ToLower(a), ":")
		switch {
		case isOption(a) && (prefixOf(o, "-uri", 1) || prefixOf(o, "-source", 2)):
			if colon {
				return a[len(a)-len(v):]
			}
			if i+1 < len(c.Args) {
				return c.Args[i+1]
			}
		case isOption(a) && !colon && takesValue(o):
			i++
		case isOption(a):
		case first == "":
			first = a
		}
	}
	return first
}

// takesValue reports whether a web cmdlet's option takes the next word.
func takesValue(o string) bool {
	for _, f := range []string{"-outfile", "-method", "-body", "-headers", "-contenttype", "-infile", "-useragent",
		"-proxy", "-credential", "-websession", "-sessionvariable", "-timeoutsec", "-maximumredirection", "-form",
		"-destination", "-certificate", "-token", "-authentication"} {
		if prefixOf(o, f, 2) {
			return true
		}
	}
	return false
}
