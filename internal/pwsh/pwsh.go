// Package pwsh reads a PowerShell command far enough to tell which paths it
// names: a small, bounded reader, not a PowerShell parser. It splits the
// command into statements and words, undoes the obvious spellings of a path
// (quotes, backtick escapes, \ as a separator, $HOME, $env:HOME,
// $env:USERPROFILE and ~ for the home directory, string literals joined
// with +, variables the command assigns from such literals, the text of
// Invoke-Expression and of -EncodedCommand when it is a literal), and marks
// with Unknown every part it cannot work out. What it could not resolve
// (a sub-expression, a command named by a variable, a value joined at run
// time) is listed in Analysis.Unresolved, for the caller to fail closed
// around protected places. It is pure: no file system, no environment.
package pwsh

import (
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/guardhq/guard/internal/shell/effect"
)

// Unknown stands, in a word, for a part the reader could not work out (the
// same NUL byte as the path rules' path.Unknown).
const Unknown = "\x00"

// MaxLen bounds the command read, in bytes; MaxDepth bounds the commands
// read inside it (Invoke-Expression, -EncodedCommand, powershell -Command);
// maxNest bounds the $( … ) read inside one another. A command past any
// bound is not read at all: Read returns ErrLimit (what guard does not read
// it cannot show to be safe).
const (
	MaxLen   = 256 << 10
	MaxDepth = 4
	maxWords = 20000
	maxNest  = 16
)

// ErrLimit is returned for a command past a bound.
var ErrLimit = errors.New("pwsh: command too large to read")

// Command is one statement: the command's name and its argument words, in
// order, options included (-Path), with \ turned into / and Unknown parts.
type Command struct {
	Name string
	Args []string
	// Redirects are the targets of > and >> (written).
	Redirects []string
	// Dir is the directory its relative words resolve against, after a
	// Set-Location earlier in the command: "" for the payload's working
	// directory, Unknown (or holding it) when guard cannot tell.
	Dir string
	// Bound says the command binds this name itself (a function, an
	// alias, a module it imports: see binds): what the tables say of the
	// name does not hold, and its words are touches.
	Bound bool
	// Input are the paths a cmdlet may bind its -Path to without naming
	// them: the items piped into it (gi ~/.bashrc | Set-Content …), those
	// of the ForEach-Object or Where-Object block it runs in ($_), those a
	// variable holds that a command's output set ($f = gi ~/.bashrc; ac $f
	// x). Resolved against the directory already; Unknown in an item guard
	// cannot tell. Empty for a program that does not bind paths so
	// (bindsPath).
	Input []string
	// text is, for an expression statement (Name ""), the words it
	// writes to its redirection; appends says a redirection is >>.
	text    []string
	appends bool
	// quotedDash says, per word of Args, that it is quoted and begins
	// with '-' ('-rc'): an argument to PowerShell, never a parameter.
	quotedDash []bool
}

// Analysis is what Read tells of a command.
type Analysis struct {
	Commands []Command
	// Literals are the string pieces the command holds as written (quoted
	// or bare), \ turned into /: what a value built at run time may be
	// made of.
	Literals []string
	// Unknowns says a word of a command holds a part the reader could not
	// work out (a variable it was not given, a sub-expression's value).
	Unknowns bool
	// Unresolved says, one entry each, what the reader could not work out
	// ("a sub-expression ( … )", "Invoke-Expression of a value built at
	// run time").
	Unresolved []string
	// Built says the command builds a string at run time with a string
	// operator or method (-replace, -f, -join, .Replace(, [char]): a path
	// word guard could not work out may be any name, whatever its literal
	// parts look like.
	Built bool
	// Hidden says, one entry each, what the command runs that guard
	// cannot read (a script it cannot name or read whole, one the command
	// wrote with text guard cannot see): the policy blocks it.
	Hidden []string
	// Unnamed says, one entry each, where a cmdlet that writes takes its
	// path from a property of a variable guard cannot tell ($cfg.Path, a
	// variable assigned one): what it names guard cannot tell, and the
	// policy blocks it.
	Unnamed []string
	// Files are the scripts guard read because the command runs them
	// (through Options.Files), as the command names them, resolved.
	Files []string
}

// Options are what Read is told of the command's surroundings.
type Options struct {
	Home string // what $HOME, $env:HOME, $env:USERPROFILE and ~ stand for
	// Env looks up $env:NAME: the agent's environment, which the command's
	// shell inherits as the hook does. nil: every other $env:NAME is
	// unknown.
	Env func(string) (string, bool)
	// Files reads the scripts the command runs (./x.ps1, pwsh -File x.ps1,
	// Import-Module ./m.psm1, gc x.ps1 | iex): a path as the command names
	// it, relative to the command's directory. nil: none is read, and
	// running one is unresolved.
	Files effect.Files
}

// Read reads text, a PowerShell command.
func Read(text string, o Options) (*Analysis, error) {
	if len(text) > MaxLen {
		return nil, ErrLimit
	}
	// A name the command binds loses its kind wherever it is called: read
	// again knowing the names from the start (a loop may call a name
	// before the text that defines it).
	var b binds
	for pass := 0; ; pass++ {
		r := newReader(text, o, b)
		if err := r.run(text, 0); err != nil {
			return nil, err
		}
		if err := r.codeFromFiles(); err != nil {
			return nil, err
		}
		if !r.newBinds.any() || r.newBinds.same(b) || pass == 2 {
			return r.a, nil
		}
		b = r.newBinds
		if pass == 1 {
			b.all = true // still finding names: every name may be bound
		}
	}
}

// newReader returns a reader of command text, knowing the names it binds.
func newReader(text string, o Options, b binds) *reader {
	a := &Analysis{Built: buildsStrings(text)}
	if a.Built {
		a.Unresolved = append(a.Unresolved, "a string built at run time (-replace, -f, -join, .Replace, [char])")
	}
	low := strings.ToLower(text)
	return &reader{a: a, home: strings.ReplaceAll(o.Home, `\`, "/"), env: o.Env, vars: map[string]string{}, items: map[string][]string{}, binds: b,
		files: o.Files, runsCode: strings.Contains(low, "scriptblock]::create") || strings.Contains(low, "newscriptblock"),
		blockVars: blockParams(low), propVars: map[string]bool{}}
}

// reader carries what one Read learns.
type reader struct {
	a     *Analysis
	home  string
	env   func(string) (string, bool)
	vars  map[string]string   // variables the command assigns, lower-cased names
	items map[string][]string // variables a command's output set: the items it output
	// blockVars are the variables that hold a script block the command
	// writes out ($s = { … }, a [scriptblock]$s parameter): the block's
	// code is read where it stands, so running it hides nothing.
	blockVars map[string]bool
	// propVars are the variables assigned a property guard cannot tell
	// ($p = $cfg.Path): see propertyWord.
	propVars map[string]bool
	pipe     pipeState
	dir      string   // Set-Location's directory so far ("" the payload's)
	stack    []string // Push-Location's saved directories
	words    int
	nest     int // $( … ) being read inside one another
	// binds are the names the command binds, known from an earlier
	// reading; newBinds those this reading found.
	binds, newBinds binds
	// What reading the scripts the command runs needs (scripts.go): the
	// reader, the files read, what the command wrote, the paths it wrote
	// that guard cannot work out, the files Get-Content read, and whether
	// it runs code built at run time.
	files         effect.Files
	nread         int
	written       map[string]written
	unknownWrites []unknownWrite
	contents      []string
	runsCode      bool
	// writesOver says the command wrote more paths guard cannot work
	// out than it keeps: every script it runs may be one of them
	// (mayWrite: hidden); contentsOver, that Get-Content read more files
	// than guard keeps: ErrLimit when the command runs code built at run
	// time (codeFromFiles).
	writesOver, contentsOver bool
	// zipCall says the statement before was
	// [IO.Compression.ZipFile]::ExtractToDirectory(: the next one, an
	// expression, is its arguments (zipArgs).
	zipCall bool
}

// zipArgs reads the arguments of [IO.Compression.ZipFile]::ExtractToDirectory
// (the archive, the directory) as an Expand-Archive of the archive into
// the directory: it extracts what the archive holds.
func (r *reader) zipArgs(ts []token) {
	c := Command{Name: "Expand-Archive", Dir: r.dir}
	for _, t := range ts {
		if t.kind == tWord && len(c.Args) < 2 {
			c.Args = append(c.Args, t.text)
		}
	}
	if len(c.Args) == 2 {
		c.Args = []string{c.Args[0], "-DestinationPath", c.Args[1]}
	}
	r.a.Commands = append(r.a.Commands, c)
}

// unresolved notes what could not be worked out, once each.
func (r *reader) unresolved(what string) {
	for _, u := range r.a.Unresolved {
		if u == what {
			return
		}
	}
	r.a.Unresolved = append(r.a.Unresolved, what)
}

// run reads text at nesting depth.
func (r *reader) run(text string, depth int) error {
	if depth > MaxDepth {
		return ErrLimit // commands nested deeper than guard reads
	}
	toks, err := r.lex(text)
	if err != nil {
		return err
	}
	outer := r.pipe // a nested text (Invoke-Expression's) has pipelines of its own
	r.pipe = pipeState{}
	defer func() { r.pipe = outer }()
	var stmt []token
	for _, t := range append(toks, token{kind: tEnd}) {
		if t.kind != tEnd {
			stmt = append(stmt, t)
			continue
		}
		st, err := r.statement(join(stmt), depth)
		if err != nil {
			return err
		}
		if t.sep == '{' && len(stmt) == 2 && stmt[0].kind == tWord && stmt[0].varName != "" && stmt[1].kind == tAssign {
			r.blockVars[stmt[0].varName] = true // $s = { … }: read where it stands
		}
		r.next(t.sep, st, len(stmt) == 0)
		if r.pipe.open > maxBlocks {
			return ErrLimit // script blocks nested deeper than guard follows
		}
		stmt = stmt[:0]
	}
	return nil
}

// join merges words around a + operator into one word ("~/.ss"+"h").
func join(ts []token) []token {
	var out []token
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.kind == tPlus && len(out) > 0 && out[len(out)-1].kind == tWord && i+1 < len(ts) && ts[i+1].kind == tWord {
			out[len(out)-1].text += ts[i+1].text
			i++
			continue
		}
		out = append(out, t)
	}
	return out
}

// statement reads one statement's tokens and returns what flows through
// it as a pipeline's stage.
func (r *reader) statement(ts []token, depth int) (stage, error) {
	st := stage{}
	st.in, st.piped = r.pipe.bound()
	if len(ts) == 0 {
		return st, nil
	}
	r.resolveTokens(ts)
	// $name = value: a value of literals and known variables is kept; any
	// other is a command's output, which guard does not know, and the
	// command is read as one; the items it outputs are what the variable
	// hands on (a single known path is its value).
	assign := ""
	if len(ts) >= 2 && ts[0].kind == tWord && ts[0].varName != "" && ts[1].kind == tAssign {
		var done bool
		var err error
		ts, done, err = r.assignment(ts, &st, depth)
		if done || err != nil {
			return st, err
		}
		assign = st.assign
	}
	zip := r.zipCall
	c, exprOut, ok := r.command(ts, st.in, r.pipe.piped)
	r.zipCall = ok && strings.HasSuffix(strings.TrimRight(strings.ToLower(c.Name), Unknown), "]::extracttodirectory")
	if !ok {
		st.out = exprOut
		if zip {
			r.zipArgs(ts)
		}
		return st, nil
	}
	st.out = c.output(st.in)
	if assign != "" {
		r.setItems(assign, st.out)
	}
	dot := ts[0].kind == tCall && ts[0].sep == '.'
	if def, err := r.binder(c, dot, depth); def || err != nil {
		return st, err
	}
	r.invokedBlock(c, ts)
	c.Dir = r.dir
	r.a.Commands = append(r.a.Commands, c)
	r.location(c)
	r.noteContents(c)
	if err := r.runScripts(c, dot, depth); err != nil {
		return st, err
	}
	r.noteWrites(c, st.in, st.piped)
	if st.piped && len(c.Args) == 0 && pipedShell(cmdName(c.Name)) {
		return st, r.pipedCode(st.in, depth)
	}
	return st, r.nested(c, depth)
}

// resolveTokens replaces each token's text by what guard knows of it, and
// notes script blocks invoked by a name guard cannot tell and drive
// bindings.
func (r *reader) resolveTokens(ts []token) {
	for i := range ts {
		if ts[i].invokes && !r.blockVars[ts[i].member] {
			r.hide("invokes a script block guard cannot tell ('$" + ts[i].member + ".Invoke')")
		}
		ts[i].text = r.resolve(ts[i].text)
		r.a.Unknowns = r.a.Unknowns || strings.Contains(ts[i].text, Unknown)
		if bindsDrive(ts[i].text) {
			r.bindAll() // $ExecutionContext.InvokeProvider.Item.Set('function:x', …)
		}
	}
}

// assignment reads `$name = value` (ts starts with the name and the =):
// it returns the value's tokens, and done when the statement ends there (a
// value of literals and known variables, or nothing). Otherwise st.assign
// names the variable that takes the command's output.
func (r *reader) assignment(ts []token, st *stage, depth int) ([]token, bool, error) {
	name := ts[0].varName
	ts = ts[2:]
	delete(r.items, name)
	delete(r.blockVars, name)
	delete(r.propVars, name)
	if len(ts) == 1 && ts[0].kind == tWord && r.propertyWord(ts[0]) {
		r.propVars[name] = true
	}
	if err := r.driveAssign(name, ts, depth); err != nil {
		return ts, true, err
	}
	if len(ts) > 0 && ts[0].kind == tWord && (ts[0].quoted || ts[0].expanded) {
		r.vars[name] = ts[0].text
		if v := ts[0].varName + ts[0].member; v != "" {
			if items := r.itemsOf(v); items != nil {
				r.items[name] = items
			}
		}
		st.out, st.assign = r.wordItems(ts[0]), name
		return ts, true, nil
	}
	r.vars[name] = Unknown
	if len(ts) == 0 {
		return ts, true, nil
	}
	st.assign = name
	return ts, false, nil
}

// command builds the command of a statement's tokens, bound the items that
// flow into it; ok is false when no command runs (an expression with no
// redirection), and then out is what the expression hands on.
func (r *reader) command(ts []token, bound []string, piped bool) (c Command, out []string, ok bool) {
	i, ok := r.callTarget(ts)
	if !ok {
		return c, nil, false
	}
	expr := i == 0 && ts[0].kind == tWord && (ts[0].quoted || ts[0].expanded)
	// An expression ("x" + $y, $_.Length -gt 1): no command runs; its
	// strings are in Literals and are what it hands on; its redirections
	// write ('{}' > F).
	var fromVars []string
	var props []bool // per word of c.Args: a property guard cannot tell (propertyWord)
	for ; i < len(ts); i++ {
		t := ts[i]
		switch t.kind {
		case tRedirect:
			c.appends = c.appends || t.sep == 'a'
			if i+1 < len(ts) && ts[i+1].kind == tWord {
				c.Redirects = append(c.Redirects, ts[i+1].text)
				i++
			}
		case tWord:
			if expr {
				if len(out) <= maxItems {
					out = append(out, r.wordItems(t)...)
					c.text = append(c.text, t.text)
				}
				continue
			}
			if c.Name == "" {
				c.Name = t.text
				continue
			}
			c.Args = append(c.Args, t.text)
			c.quotedDash = append(c.quotedDash, t.quoted && strings.HasPrefix(t.text, "-"))
			props = append(props, r.propertyWord(t))
			if v := t.varName + t.member; v != "" && len(fromVars) <= maxItems {
				fromVars = append(fromVars, r.itemsOf(v)...)
			}
		}
	}
	if expr {
		out = capItems(out)
	}
	if c.Name == "" && len(c.Redirects) == 0 {
		return c, out, false
	}
	r.settle(&c, props, fromVars, piped, bound)
	return c, out, true
}

// callTarget returns where the command's name is in ts: after & or . (&
// X, . X), with a name guard cannot work out noted; false when nothing
// follows the operator.
func (r *reader) callTarget(ts []token) (int, bool) {
	if ts[0].kind != tCall {
		return 0, true
	}
	if len(ts) < 2 || ts[1].kind != tWord {
		return 1, false
	}
	if strings.Contains(ts[1].text, Unknown) {
		if v := ts[1].varName; v == "" || !r.blockVars[v] {
			r.unresolved("a command named by a value guard cannot work out (& $x)")
			r.runsCode = true
		}
		if v := ts[1].varName; v != "" && !r.blockVars[v] {
			r.hide("runs a command or script block from a variable guard cannot tell ('$" + v + "')")
		}
	}
	return 1, true
}

// settle resolves c's name through the aliases the command defines and
// notes the paths it writes and the items it takes from the pipeline or
// a variable (props: per argument, a property guard cannot tell;
// fromVars: the variables' items).
func (r *reader) settle(c *Command, props []bool, fromVars []string, piped bool, bound []string) {
	if c.Name != "" {
		// An alias the command defines runs what it stands for.
		to, ok := r.binds.resolve(c.Name)
		if !ok {
			r.hide("runs '" + shown(c.Name) + "', a name the command binds to what guard cannot tell")
		}
		c.Name = to
	}
	c.Bound = c.Name != "" && r.binds.has(c.Name)
	if c.Bound || writesPath(cmdName(c.Name)) {
		for _, p := range pathWords(cmdName(c.Name), c.Args, props) {
			r.unnamed(shown(c.Name) + " " + shown(p))
		}
	}
	if c.Bound || bindsPath(cmdName(c.Name)) {
		c.Input = dedupe(capItems(append(r.boundItems(*c, piped, bound), fromVars...)))
		for _, p := range c.Input {
			if strings.Contains(p, Unknown) {
				r.unresolved("a path a cmdlet takes from the pipeline or a variable, which guard cannot work out")
				break
			}
		}
	}
}

// pipedShell reports whether a command run with no words runs the text
// piped into it.
func pipedShell(name string) bool {
	switch name {
	case "iex", "invoke-expression", "bash", "sh", "zsh", "pwsh", "powershell", "cmd":
		return true
	}
	return false
}

// pipedCode reads the text piped into a shell as the commands it is
// ('gc ~/.ssh/id_rsa' | iex, "cat x" | bash); text guard cannot work out
// is unresolved.
func (r *reader) pipedCode(items []string, depth int) error {
	for _, code := range items {
		if strings.Contains(code, Unknown) {
			r.unresolved("a command piped into a shell, built at run time")
			r.runsCode = true
			continue
		}
		if err := r.run(code, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// location follows Set-Location and its aliases (cd, sl, chdir),
// Push-Location (pushd) and Pop-Location (popd): the directory later
// relative words resolve against. A place guard cannot work out makes it
// Unknown, and so every later relative word.
func (r *reader) location(c Command) {
	name := strings.ToLower(baseName(c.Name))
	if c.Bound && r.binds.names[name] {
		// A location cmdlet the command redefines by name: where it goes
		// guard cannot tell. (Under a name any code may bind, such as
		// after a module imported by name, the location is followed.)
		switch name {
		case "set-location", "cd", "sl", "chdir", "push-location", "pushd", "pop-location", "popd":
			r.dir = Unknown // cd redefined: where it goes guard cannot tell
		}
		return
	}
	switch name {
	case "set-location", "cd", "sl", "chdir", "push-location", "pushd":
	case "pop-location", "popd":
		if n := len(r.stack); n > 0 {
			r.dir, r.stack = r.stack[n-1], r.stack[:n-1]
		} else {
			r.dir = Unknown
		}
		return
	default:
		return
	}
	if name == "push-location" || name == "pushd" {
		r.stack = append(r.stack, r.dir)
	}
	var to []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		o, v, colon := strings.Cut(strings.ToLower(a), ":")
		switch {
		case isOption(a) && (prefixOf(o, "-path", 1) || prefixOf(o, "-literalpath", 1)) && colon:
			to = append(to, a[len(a)-len(v):])
		case isOption(a) && prefixOf(o, "-stackname", 1) && !colon:
			i++
		case isOption(a):
		default:
			to = append(to, a)
		}
	}
	switch {
	case len(to) == 0:
		r.dir = r.home // cd alone: the home directory (PowerShell 7)
	case len(to) > 1 || to[0] == "-" || to[0] == "+" || strings.ContainsAny(to[0], "*?["):
		r.dir = Unknown
	default:
		r.dir = c.under(to[0])
	}
}

// under returns word p resolved against the command's directory: p when
// it is absolute (/, ~, a drive, an unknown start) or the directory is the
// payload's.
func (c Command) under(p string) string {
	if c.Dir == "" || p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, Unknown) ||
		len(p) > 1 && p[1] == ':' || strings.Contains(p, "::") {
		return p
	}
	if p == "." {
		return c.Dir
	}
	return strings.TrimSuffix(c.Dir, "/") + "/" + strings.TrimPrefix(p, "./")
}

// nested reads the commands a command runs from its words: the text of
// Invoke-Expression, powershell -Command and -EncodedCommand.
func (r *reader) nested(c Command, depth int) error {
	name := strings.ToLower(strings.TrimSuffix(baseName(c.Name), ".exe"))
	switch name {
	case "iex", "invoke-expression":
		code := strings.Join(nonOptions(c.Args), " ")
		if code == "" || strings.Contains(code, Unknown) {
			r.unresolved("Invoke-Expression of a value built at run time")
			r.runsCode = true
			return nil
		}
		return r.run(code, depth+1)
	case "cmd", "bash", "sh", "wsl":
		// cmd /c TEXT, bash -c TEXT, wsl TEXT: the text is a command too
		// (read as PowerShell: the words and paths are what matter).
		for _, a := range c.Args {
			if strings.Contains(a, Unknown) {
				r.unresolved("a command line built at run time")
				continue
			}
			if err := r.run(a, depth+1); err != nil {
				return err
			}
		}
		return nil
	case "start-process", "start", "saps":
		// Start-Process [-FilePath] PROGRAM [-ArgumentList] ARGS…: the
		// program with its arguments, read as the command it starts.
		line := strings.Join(startLine(c.Args), " ")
		if strings.Contains(line, Unknown) {
			r.unresolved("a program started with arguments built at run time")
			return nil
		}
		return r.run(line, depth+1)
	case "powershell", "pwsh":
		for i, a := range c.Args {
			opt := strings.ToLower(a)
			switch {
			case i+1 < len(c.Args) && prefixOf(opt, "-encodedcommand", 2):
				code, ok := DecodeEncoded(c.Args[i+1])
				if !ok {
					r.unresolved("an -EncodedCommand guard cannot decode")
					return nil
				}
				return r.run(code, depth+1)
			case i+1 < len(c.Args) && (prefixOf(opt, "-command", 2) || opt == "-c"):
				code := strings.Join(c.Args[i+1:], " ")
				if strings.Contains(code, Unknown) {
					r.unresolved("a -Command built at run time")
					return nil
				}
				return r.run(code, depth+1)
			}
		}
	}
	return nil
}

// startLine returns Start-Process's program and arguments without its own
// options (and their values).
func startLine(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		o := strings.ToLower(args[i])
		switch {
		case prefixOf(o, "-filepath", 1) || prefixOf(o, "-argumentlist", 1) || o == "-args" || prefixOf(o, "-wait", 2) ||
			prefixOf(o, "-nonewwindow", 2) || prefixOf(o, "-passthru", 2) || o == "-usenewenvironment":
		case prefixOf(o, "-workingdirectory", 2) || prefixOf(o, "-windowstyle", 2) || prefixOf(o, "-verb", 2) ||
			prefixOf(o, "-redirectstandardoutput", 2) || prefixOf(o, "-redirectstandarderror", 2) ||
			prefixOf(o, "-redirectstandardinput", 2) || prefixOf(o, "-credential", 2):
			i++
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// prefixOf reports whether opt is an abbreviation of full at least min
// characters after the dash long (PowerShell takes any unique prefix).
func prefixOf(opt, full string, min int) bool {
	return len(opt) > min && strings.HasPrefix(full, opt)
}

// isOption reports whether a word is a -Name option: a string with a
// blank in it is a value ("-c gc x" handed to a program).
func isOption(a string) bool {
	return strings.HasPrefix(a, "-") && !strings.ContainsAny(a, " \t")
}

// nonOptions returns args without the -Name options.
func nonOptions(args []string) []string {
	var out []string
	for _, a := range args {
		if !isOption(a) {
			out = append(out, a)
		}
	}
	return out
}

// baseName returns the last element of a command name.
func baseName(n string) string {
	if i := strings.LastIndexByte(n, '/'); i >= 0 {
		return n[i+1:]
	}
	return n
}

// DecodeEncoded decodes an -EncodedCommand value as PowerShell does:
// base64 of UTF-16LE text (UTF16LE); false when it is neither.
func DecodeEncoded(s string) (string, bool) {
	b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil {
		return "", false
	}
	return UTF16LE(b)
}

// UTF16LE returns b read as UTF-16LE text, as PowerShell reads an
// -EncodedCommand's bytes; false for an odd length or past MaxLen
// characters. An unpaired surrogate reads as U+FFFD.
func UTF16LE(b []byte) (string, bool) {
	if len(b)%2 != 0 || len(b) > 2*MaxLen {
		return "", false
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return string(utf16.Decode(u)), true
}

// Paths sorts the words of c that may name files: reads (a program known
// to only read its operands, Join-Path's result; a program that only tests
// or resolves names, such as Test-Path, names none), touches (handed to any
// other program, which may write them: checked as reads and as writes) and
// writes (> and >> targets). Options (-Path) are not paths; the value of
// -Path:VALUE is. The arguments of programs that only print them (echo,
// Write-Output) name nothing. A wildcard pattern is as written: see
// HiddenMatches for the hidden names PowerShell lets it match.
func (c Command) Paths() (reads, touches, writes []string) {
	name := c.kind()
	for _, w := range c.Redirects {
		writes = append(writes, c.under(w))
	}
	if strings.Contains(c.Name, "/") {
		reads = append(reads, c.under(c.Name)) // a script or program run by its path
	}
	var args []string
	opts := true
	for i, a := range c.Args {
		if opts && a == "--" {
			opts = false // the rest are positional: gc -- -k reads ./-k
			continue
		}
		if !opts && strings.HasPrefix(a, "-") || i < len(c.quotedDash) && c.quotedDash[i] && isOption(a) {
			args = append(args, c.under("./"+a)) // after -- or quoted ('-k'): a name, which may be a link
			continue
		}
		if isOption(a) {
			if _, v, ok := strings.Cut(a, ":"); ok && v != "" {
				args = append(args, c.under(v))
			}
			continue
		}
		if a != "" {
			args = append(args, c.under(a))
		}
	}
	for _, p := range c.Input {
		switch {
		case listsTree(name) && recursive(c.Args):
			reads = append(reads, p, strings.TrimSuffix(p, "/")+"/**")
		case readsOnly(name) || listsTree(name):
			reads = append(reads, p)
		default:
			touches = append(touches, p)
		}
	}
	switch {
	case printsOnly(name) || namesOnly(name):
		return reads, touches, writes
	case name == "join-path":
		if len(args) >= 2 {
			reads = append(reads, strings.TrimSuffix(args[0], "/")+"/"+strings.TrimPrefix(args[1], "/"))
		}
		return append(reads, args...), touches, writes
	case listsTree(name) && recursive(c.Args):
		// Get-ChildItem -Recurse: a read of every file under each
		// directory (what it lists is piped on to be read).
		dirs := listDirs(c.Args)
		if len(dirs) == 0 {
			dirs = []string{"."}
		}
		for _, d := range dirs {
			reads = append(reads, strings.TrimSuffix(c.under(d), "/")+"/**")
		}
		return append(reads, args...), touches, writes
	case readsOnly(name):
		return append(reads, args...), touches, writes
	}
	return reads, append(touches, args...), writes
}

// kind returns the name the tables know c by: its name as cmdName spells
// it, "" for a name the command binds itself (Bound), which no table
// holds.
func (c Command) kind() string {
	if c.Bound {
		return ""
	}
	return cmdName(c.Name)
}

// listsTree reports whether a command is Get-ChildItem.
func listsTree(name string) bool {
	return name == "get-childitem" || name == "gci" || name == "ls" || name == "dir"
}

// recursive reports whether Get-ChildItem's words ask for a recursive
// listing (-Recurse, -r, -rec…, its alias -s, -Recurse:$true, -Depth N).
func recursive(args []string) bool {
	return switchOn(args, "-recurse", 1, "-s") || hasOption(args, "-depth", 1)
}

// switchOn reports whether args turn switch parameter full on, as
// PowerShell binds it: by any prefix longer than min
// characters or one of its aliases, alone or with a :value; the last
// given wins, and :0 turns it off. The lexer reads $true, $false and
// $null alike (as nothing) and a variable as unknown: such a value counts
// as on (default deny: -Recurse:$false is blocked where it would follow).
func switchOn(args []string, full string, min int, aliases ...string) bool {
	on := false
	for _, a := range args {
		if !isOption(a) {
			continue
		}
		o, v, colon := strings.Cut(strings.ToLower(a), ":")
		if !prefixOf(o, full, min) && !slices.Contains(aliases, o) {
			continue
		}
		on = !colon || v != "0"
	}
	return on
}

// listDirs returns Get-ChildItem's directory operands: its words that are
// neither options nor the values of -Filter, -Include, -Exclude, -Depth,
// -Attributes.
func listDirs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		o := strings.ToLower(a)
		switch {
		case isOption(a) && (prefixOf(o, "-filter", 1) || prefixOf(o, "-include", 2) || prefixOf(o, "-exclude", 2) ||
			prefixOf(o, "-depth", 1) || prefixOf(o, "-attributes", 1)):
			if !strings.Contains(a, ":") {
				i++
			}
		case isOption(a):
			if _, v, ok := strings.Cut(a, ":"); ok && v != "" && (prefixOf(strings.ToLower(a[:strings.IndexByte(a, ':')]), "-path", 1) ||
				prefixOf(strings.ToLower(a[:strings.IndexByte(a, ':')]), "-literalpath", 1)) {
				out = append(out, v)
			}
		case a != "":
			out = append(out, a)
		}
	}
	return out
}

// printsOnly reports whether a command only prints its arguments or works
// on the pipeline's objects: its words are data.
func printsOnly(name string) bool {
	switch name {
	case "echo", "write-output", "write", "write-host", "write-verbose", "write-warning", "write-error", "write-debug",
		"write-information", "out-null", "out-host", "out-string", "format-table", "ft", "format-list", "fl",
		"select-object", "select", "where-object", "where", "?", "foreach-object", "foreach", "%", "sort-object",
		"sort", "measure-object", "measure", "group-object", "group", "convertto-json", "convertfrom-json":
		return true
	}
	return false
}

// readsOnly reports whether a command only reads the files it names.
func readsOnly(name string) bool {
	switch name {
	case "get-content", "gc", "cat", "type", "get-childitem", "gci", "ls", "dir", "select-string", "sls",
		"get-item", "gi", "get-filehash", "get-itemproperty", "gp", "import-csv", "compare-object", "more", "findstr":
		return true
	}
	return false
}

// namesOnly reports whether a command works on the names it is given
// without opening the files: its words are neither read nor written.
func namesOnly(name string) bool {
	switch name {
	case "test-path", "resolve-path", "rvpa", "split-path", "get-acl", "set-location", "cd", "sl", "chdir",
		"push-location", "pushd", "get-command", "gcm", "get-help", "get-location", "pwd", "gl":
		return true
	}
	return false
}

// stringBuilders are the operators and methods that make a new string out
// of others, lower-cased: what a command builds with them guard does not
// work out.
var stringBuilders = [...]string{"-replace", "-creplace", "-ireplace", "-join", "-split", "-csplit", "-isplit",
	"' -f ", "\" -f ", "'-f ", "\"-f ", ".replace(", ".tolower(", ".toupper(", ".substring(", ".insert(", ".remove(",
	".trim", ".padleft(", ".padright(", ".split(", ".join(", ".concat(", ".format(", "[char", "[string]", "[text.encoding]",
	"frombase64string", ".getstring(", "[array]::reverse", "-bxor", "[regex]::"}

// buildsStrings reports whether text uses one of stringBuilders.
func buildsStrings(text string) bool {
	low := strings.ToLower(text)
	for _, b := range stringBuilders {
		if strings.Contains(low, b) {
			return true
		}
	}
	return false
}

// invokedBlock hides what Invoke-Command, Start-Job or Start-ThreadJob
// runs from a variable that holds no script block the command writes out
// (-ScriptBlock $s, or $s as the first operand): guard cannot tell its
// code.
func (r *reader) invokedBlock(c Command, ts []token) {
	switch cmdName(c.Name) {
	case "invoke-command", "icm", "start-job", "sajb", "start-threadjob", "thjb":
	default:
		return
	}
	var words []token
	for _, t := range ts {
		if t.kind == tWord {
			words = append(words, t)
		}
	}
	for i := 1; i < len(words); i++ {
		t := words[i]
		if strings.HasPrefix(t.text, "-") {
			o, v, colon := strings.Cut(strings.ToLower(t.text), ":")
			sb := prefixOf(o, "-scriptblock", 1) || o == "-sb"
			if colon && sb && strings.Contains(v, Unknown) {
				r.hide("runs a script block from a value guard cannot tell")
			}
			if sb && !colon && i+1 < len(words) {
				r.blockWord(words[i+1])
			}
			if !colon {
				i++ // an option's value (a switch taken so hides nothing)
			}
			continue
		}
		r.blockWord(t)
		return
	}
}

// blockWord hides a script block run from a variable that holds none the
// command writes out.
func (r *reader) blockWord(t token) {
	if t.varName != "" && strings.Contains(t.text, Unknown) && !r.blockVars[t.varName] {
		r.hide("runs a script block from a variable guard cannot tell ('$" + t.varName + "')")
	}
}
