package pwsh

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
)

// Scripts a command runs. A .ps1 or .psm1 run by its path (./x.ps1, & x.ps1,
// . ./x.ps1), handed to pwsh or powershell (-File x.ps1, or as its first
// operand) or imported (Import-Module ./x.psm1) is read through
// Options.Files, bounded, and read as commands of the command, as bash's
// side reads sh x.sh. Code the command runs from a value guard cannot work
// out (iex (gc x.ps1 -Raw), gc x.ps1 | iex, $s = gc x -Raw; iex $s) may be
// the text of any file the command reads with Get-Content or names as a
// script: each is read as commands too. A script the command itself wrote
// with text guard knows ('…' > y.ps1, Set-Content y.ps1 '…', '…' | Out-File
// y.ps1) is that text; one it wrote with text guard cannot see, one guard
// cannot read whole or cannot name, is Hidden: the policy blocks the
// command.

// maxScripts bounds the scripts one command's reading reads.
const maxScripts = 16

// written is what the command wrote to a file so far: its text, when
// guard knows it.
type written struct {
	text  string
	known bool
}

// hide notes what the command runs that guard cannot read, once each.
func (r *reader) hide(what string) {
	for _, h := range r.a.Hidden {
		if h == what {
			return
		}
	}
	r.a.Hidden = append(r.a.Hidden, what)
}

// isScript reports whether a name is a PowerShell script or module file.
func isScript(name string) bool {
	low := strings.ToLower(name)
	return strings.HasSuffix(low, ".ps1") || strings.HasSuffix(low, ".psm1")
}

// scriptsRun returns the script files command c runs: its name when it is
// one, pwsh's -File, a module file Import-Module loads. A module named
// without a path is looked up where guard does not read (noted).
func (r *reader) scriptsRun(c Command) []string {
	name := cmdName(c.Name)
	switch {
	case isScript(c.Name):
		return []string{c.Name}
	case name == "pwsh" || name == "powershell":
		if f := pwshFile(c.Args); f != "" {
			return []string{f}
		}
	case name == "invoke-command" || name == "icm" || name == "start-job" || name == "sajb" || name == "start-threadjob":
		// -FilePath runs a script (here or on a remote host).
		for i, a := range c.Args {
			o, v, colon := strings.Cut(strings.ToLower(a), ":")
			if isOption(a) && prefixOf(o, "-filepath", 1) {
				if colon {
					return []string{a[len(a)-len(v):]}
				} else if i+1 < len(c.Args) {
					return []string{c.Args[i+1]}
				}
			}
		}
	case name == "using" && len(c.Args) > 1 && strings.EqualFold(c.Args[0], "module"):
		return r.modules(c.Args[1:2])
	case name == "import-module" || name == "ipmo":
		return r.modules(nonOptions(c.Args))
	}
	return nil
}

// modules returns the module files among the words Import-Module (or
// using module) is given; a module guard cannot read or name is hidden,
// one by name is looked up where guard does not read (noted).
func (r *reader) modules(words []string) []string {
	var out []string
	for _, a := range words {
		low := strings.ToLower(a)
		switch {
		case strings.Contains(a, Unknown):
			r.hide("imports a module guard cannot name ('" + shown(a) + "')")
		case isScript(a):
			out = append(out, a)
		case strings.HasSuffix(low, ".psd1") || strings.HasSuffix(low, ".dll"):
			r.hide("imports a module guard does not read ('" + a + "')")
		case strings.Contains(a, "/"):
			r.hide("imports a module from a directory guard does not read ('" + a + "')")
		default:
			// A module by name, from a directory guard does not read: it
			// may define any name (binds).
			r.unresolved("a module imported by name")
			r.bindAll()
		}
	}
	return out
}

// pwshFile returns the script pwsh or powershell runs: -File's value, else
// its first operand when no -Command or -EncodedCommand comes first.
func pwshFile(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		o, v, colon := strings.Cut(strings.ToLower(a), ":")
		if !isOption(a) {
			return a
		}
		switch {
		case colon && (o == "-f" || prefixOf(o, "-file", 2)):
			return a[len(a)-len(v):] // -File:x.ps1
		case o == "-f" || prefixOf(o, "-file", 2):
			if i+1 < len(args) && args[i+1] != "-" {
				return args[i+1]
			}
			return ""
		case o == "-c" || prefixOf(o, "-command", 2) || o == "-e" || o == "-ec" || prefixOf(o, "-encodedcommand", 2):
			return ""
		case o == "-ep" || o == "-ex" || prefixOf(o, "-executionpolicy", 2) || o == "-wd" || prefixOf(o, "-workingdirectory", 2) ||
			prefixOf(o, "-configurationname", 3) || prefixOf(o, "-configurationfile", 14) || prefixOf(o, "-custompipename", 2) ||
			o == "-o" || o == "-of" || prefixOf(o, "-outputformat", 2) || o == "-if" || prefixOf(o, "-inputformat", 2) ||
			o == "-w" || prefixOf(o, "-windowstyle", 2) || prefixOf(o, "-settingsfile", 2) || prefixOf(o, "-psconsolefile", 2) ||
			o == "-v" || prefixOf(o, "-version", 2) || prefixOf(o, "-encodedarguments", 9):
			i++
		}
	}
	return ""
}

// runScripts reads the scripts command c runs as commands. One dot-sourced
// or imported that guard does not read may define any name (binds).
func (r *reader) runScripts(c Command, dot bool, depth int) error {
	defines := dot || cmdName(c.Name) == "import-module" || cmdName(c.Name) == "ipmo"
	for _, p := range r.scriptsRun(c) {
		read, err := r.runScript(c.under(p), "a script", depth)
		if err != nil {
			return err
		}
		if !read && defines {
			r.bindAll()
		}
	}
	return nil
}

// runScript reads the file at p (resolved against the command's
// directory) as commands run at depth+1: the text the command wrote there,
// else the file's; what guard cannot read is hidden. read says guard read
// what runs (nothing runs from an absent file).
func (r *reader) runScript(p, what string, depth int) (read bool, err error) {
	if w, ok := r.written[scriptKey(p)]; ok {
		if !w.known {
			r.hide("runs " + what + " the command writes with text guard cannot see ('" + shown(p) + "')")
			return false, nil
		}
		return r.runText(w.text, what, depth)
	}
	switch {
	case strings.Contains(p, Unknown) || strings.ContainsAny(p, "*?["):
		r.hide("runs " + what + " guard cannot name ('" + shown(p) + "')")
		return false, nil
	case r.mayWrite(p):
		r.hide("runs " + what + " the command may write with text guard cannot see ('" + shown(p) + "')")
		return false, nil
	case r.files == nil:
		r.unresolved("runs " + what + " guard does not read")
		return false, nil
	case r.nread >= maxScripts:
		r.hide("runs more scripts than guard reads")
		return false, nil
	}
	r.nread++
	data, st := r.files.ReadFile(p, effect.MaxScriptBytes)
	switch st {
	case effect.FileAbsent:
		return true, nil // nothing runs
	case effect.FileWhole:
		r.a.Files = append(r.a.Files, p)
		return r.runText(string(data), what, depth)
	}
	r.hide("runs " + what + " guard cannot read whole ('" + shown(p) + "')")
	return false, nil
}

// runText reads a script's text as commands at depth+1.
func (r *reader) runText(text, what string, depth int) (bool, error) {
	if depth+1 > MaxDepth {
		r.hide("runs " + what + " nested deeper than guard reads")
		return false, nil
	}
	if len(text) > MaxLen {
		r.hide("runs " + what + " larger than guard reads")
		return false, nil
	}
	return true, r.run(text, depth+1)
}

// shown returns a path for a reason: Unknown as ….
func shown(p string) string { return strings.ReplaceAll(p, Unknown, "…") }

// scriptKey returns the form in which a path is compared with those the
// command wrote.
func scriptKey(p string) string { return path.Clean(strings.ToLower(p)) }

// mayWrite reports whether a path the command wrote with a part guard
// cannot work out could be p: its last element is p's, or is unknown in a
// write by a redirection or a cmdlet (an external program's word holding
// a value guard cannot work out, go build -ldflags "-X main.v=$v", is
// more often data than a file name).
func (r *reader) mayWrite(p string) bool {
	if r.writesOver {
		return true
	}
	base := strings.ToLower(path.Base(p))
	for _, w := range r.unknownWrites {
		wb := strings.ToLower(path.Base(w.path))
		if wb == base || w.anyName && strings.ContainsAny(wb, Unknown+"*?[") {
			return true
		}
	}
	return false
}

// unknownWrite is a path the command wrote that guard cannot work out;
// anyName says a cmdlet or a redirection wrote it, whose word is a file.
type unknownWrite struct {
	path    string
	anyName bool
}

// known returns c as the catalogue knows it unless the command binds its
// name itself: what texts files hold is followed by the catalogue's kinds
// when only code guard does not read may bind names (binds.all; the paths
// of such a command are still touches), else gc x.ps1 | iex could never
// read x.ps1.
func (r *reader) known(c Command) Command {
	if c.Bound && !r.binds.names[cmdName(c.Name)] {
		c.Bound = false
	}
	return c
}

// noteWrites records what command c writes: the text it writes, when guard
// knows it (knownWrite), else that the file's text is not known.
func (r *reader) noteWrites(c Command, in []string, piped bool) {
	c = r.known(c)
	name := c.kind()
	if name == "iex" || name == "invoke-expression" {
		return // its words are code, read as commands
	}
	_, touches, writes := c.Paths()
	kp, text, known := c.knownWrite(in, piped)
	if r.written == nil {
		r.written = map[string]written{}
	}
	cmdlet := c.Bound || strings.Contains(name, "-") || pathFirst(name)
	unknown := func(p string, anyName bool) {
		if len(r.unknownWrites) >= maxItems {
			r.writesOver = true // more than guard keeps: a script run later may be any of them (mayWrite)
			return
		}
		r.unknownWrites = append(r.unknownWrites, unknownWrite{p, anyName})
	}
	for i, p := range append(touches, writes...) {
		switch {
		case strings.ContainsAny(p, Unknown+"*?["):
			unknown(p, cmdlet || i >= len(touches))
		case !known || p != kp:
			r.written[scriptKey(p)] = written{}
		}
	}
	for _, p := range c.Input {
		if !readsOnly(name) && strings.ContainsAny(p, Unknown+"*?[") {
			unknown(p, true)
		}
	}
	if known {
		r.written[scriptKey(kp)] = written{text: text, known: true}
	} else if kp != "" {
		r.written[scriptKey(kp)] = written{}
	}
}

// knownWrite returns the file c writes and its text when guard knows both:
// an expression's one redirection ('…' > F), Set-Content/Out-File given
// literal text (by -Value, a second operand or the pipeline). Appending
// (>>, Add-Content, Out-File -Append) keeps no text guard knows. file is
// set, with ok false, for a write whose text guard does not know.
func (c Command) knownWrite(in []string, piped bool) (file, text string, ok bool) {
	if c.Name == "" {
		if len(c.Redirects) != 1 || c.appends {
			return "", "", false
		}
		return c.under(c.Redirects[0]), strings.Join(c.text, "\n"), literal(c.text)
	}
	name := c.kind()
	if name != "set-content" && name != "sc" && name != "out-file" {
		return "", "", false
	}
	var ops, value []string
	hasValue := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		o, v, colon := strings.Cut(strings.ToLower(a), ":")
		if !isOption(a) {
			ops = append(ops, a)
			continue
		}
		switch {
		case prefixOf(o, "-value", 1) || prefixOf(o, "-inputobject", 1):
			hasValue = true
			if colon {
				value = append(value, a[len(a)-len(v):])
			} else if i+1 < len(c.Args) {
				value = append(value, c.Args[i+1])
				i++
			}
		case prefixOf(o, "-path", 2) || prefixOf(o, "-literalpath", 1) || prefixOf(o, "-filepath", 1) || o == "-lp":
			if colon {
				ops = append([]string{a[len(a)-len(v):]}, ops...)
			} else if i+1 < len(c.Args) {
				ops = append([]string{c.Args[i+1]}, ops...)
				i++
			}
		case prefixOf(o, "-encoding", 2) && !colon:
			i++
		case prefixOf(o, "-force", 2) || prefixOf(o, "-nonewline", 2) || prefixOf(o, "-noclobber", 3):
		default:
			return "", "", false // -Append, or an option guard does not follow
		}
	}
	if len(ops) == 0 {
		return "", "", false
	}
	file = c.under(ops[0])
	switch {
	case len(ops) > 1 && !hasValue:
		value = ops[1:]
	case !hasValue && piped:
		value = in
	case !hasValue:
		return file, "", false
	}
	return file, strings.Join(value, "\n"), literal(value)
}

// literal reports whether every part of a text is known.
func literal(parts []string) bool {
	for _, p := range parts {
		if strings.Contains(p, Unknown) {
			return false
		}
	}
	return len(parts) > 0
}

// noteContents records, for a command that may run code from a value guard cannot
// work out, the files whose text that value may hold: what Get-Content
// reads.
func (r *reader) noteContents(c Command) {
	switch r.known(c).kind() {
	case "get-content", "gc", "cat", "type":
	default:
		return
	}
	for _, p := range append(c.operands(), c.Input...) {
		if len(r.contents) >= maxScripts*2 {
			r.contentsOver = true // code built at run time may be a file guard did not keep
			return
		}
		r.contents = append(r.contents, p)
	}
}

// codeFromFiles reads, when the command runs code it built at run time,
// the files it read with Get-Content and the scripts it names, as
// commands: the code may be any of them. A script name guard sees only a
// part of (& ('x7' + '.ps1')) is hidden. Such code may also define any
// name (binds).
func (r *reader) codeFromFiles() error {
	if !r.runsCode {
		return nil
	}
	if r.contentsOver {
		return ErrLimit
	}
	r.bindAll()
	files := r.contents
	for _, l := range r.a.Literals {
		switch low := strings.ToLower(l); {
		case isScript(l) && !strings.ContainsAny(l, " \t") && !strings.HasPrefix(l, "."):
			files = append(files, l)
		case strings.Contains(low, ".ps1") || strings.Contains(low, ".psm1"):
			r.hide("runs code built at run time from a script guard cannot name ('" + shown(l) + "')")
		}
	}
	if len(files) == 0 {
		// No file the command reads or names can be the code: it is
		// made of text guard cannot tell.
		r.hide("runs code made at run time ([scriptblock]::Create, iex of a value) that guard cannot read")
	}
	seen := map[string]bool{}
	for _, p := range files {
		if k := scriptKey(p); !seen[k] {
			seen[k] = true
			if _, err := r.runScript(p, "code read from a file", 0); err != nil {
				return err
			}
		}
	}
	return nil
}
