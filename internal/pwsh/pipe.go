package pwsh

import (
	"slices"
	"strings"
)

// maxItems bounds the paths one stage hands on; past it the rest is one
// Unknown item. maxBlocks bounds the script blocks whose items are kept.
const (
	maxItems  = 256
	maxBlocks = 64
)

// stage is what one statement takes and hands on in a pipeline: in, the
// items that flow into it (the previous stage's, or the enclosing
// ForEach-Object/Where-Object block's $_), and out, the items it outputs.
// An item is a path as the command names it, resolved against its
// directory; Unknown in it for what guard cannot tell (a program's output).
type stage struct {
	in, out []string
	piped   bool   // in came from a pipeline or a block
	assign  string // the variable the statement assigns ($x = …), or ""
}

// pipeState is the pipeline being read: what flows into the next
// statement, and the items of the script blocks open around it.
type pipeState struct {
	in     []string
	piped  bool
	blocks [][]string // the items $_ stands for in each open block
	open   int        // blocks open, those past maxBlocks included
	closed []string   // the output of the stage whose block just closed
	reopen []string   // the items of the block just closed (% -Begin {} -Process {})
	prev   byte       // the separator before this statement
	assign string     // the variable a pipeline being read assigns ($x = gi … | …)
	level  int        // the blocks open where it began
}

// top returns the items of the innermost open block, or nil.
func (p *pipeState) top() []string {
	if n := len(p.blocks); n > 0 {
		return p.blocks[n-1]
	}
	return nil
}

// next moves the pipeline past the statement st ended by sep (|, {, } or
// 0 for ; and a new line); empty says the statement held no token.
func (r *reader) next(sep byte, st stage, empty bool) {
	p := &r.pipe
	switch sep {
	case '|':
		if empty {
			st.out = p.closed // `% { … } | gc`: what the block's stage outputs
		}
		p.in, p.piped = st.out, true
		if st.assign != "" {
			p.assign, p.level = st.assign, p.open
		}
	case '{':
		items := p.top()
		switch {
		case st.piped:
			items = st.in // % { … }, where { … }: $_ is each item
		case p.prev == '}' && p.reopen != nil:
			items = p.reopen
		}
		p.open++
		if p.open <= maxBlocks {
			p.blocks = append(p.blocks, items)
		}
		p.closed = st.out
		p.in, p.piped = nil, false
	case '}':
		if p.open > 0 {
			if p.open <= maxBlocks {
				p.reopen = p.blocks[len(p.blocks)-1]
				p.blocks = p.blocks[:len(p.blocks)-1]
			}
			p.open--
		}
		p.in, p.piped = nil, false
	default:
		if p.assign != "" && p.level == p.open {
			// $x = A | B: x holds what the last stage outputs.
			if empty {
				st.out = p.closed
			}
			r.setItems(p.assign, st.out)
			p.assign = ""
		}
		p.in, p.piped, p.closed, p.reopen = nil, false, nil, nil
	}
	p.prev = sep
}

// setItems records that variable name holds items, a command's output: one
// known path is its value, anything else a value guard cannot tell.
func (r *reader) setItems(name string, items []string) {
	r.items[name] = items
	r.vars[name] = Unknown
	if len(items) == 1 && !strings.ContainsAny(items[0], Unknown+"*?[") {
		r.vars[name] = items[0]
	}
}

// bound returns what flows into the statement being read: the previous
// stage's items, else the enclosing block's; piped says there are such.
func (p *pipeState) bound() (items []string, piped bool) {
	if p.piped {
		return p.in, true
	}
	if p.open > 0 {
		return p.top(), true
	}
	return nil, false
}

// boundItems returns the items that flow into cmdlet c's path: those piped
// into it when it names no path itself (a parameter given on the command
// line is not bound from the pipeline: `… | Set-Content x.txt` writes
// x.txt); inside a ForEach-Object or Where-Object block, the block's items
// when one of its words holds a value guard cannot work out ($_,
// $_.FullName, a variable made from them).
func (r *reader) boundItems(c Command, piped bool, bound []string) []string {
	var out []string
	if piped && !namesPath(c.kind(), c.Args) {
		out = append(out, bound...)
	}
	if r.pipe.open > 0 && !piped {
		for _, a := range c.Args {
			if strings.Contains(a, Unknown) {
				out = append(out, r.pipe.top()...)
				break
			}
		}
	}
	return out
}

// namesPath reports whether a cmdlet's words give its path: -Path,
// -LiteralPath, -PSPath, -LP, or, for a cmdlet whose first positional
// parameter is its path (pathFirst), a word that is no option's value.
// Every other option is taken to have a value (the next word): a switch
// taken so makes guard bind the pipeline's items, never fewer.
func namesPath(name string, args []string) bool {
	positional := pathFirst(name)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !isOption(a) {
			if positional {
				return true
			}
			continue
		}
		o, _, colon := strings.Cut(strings.ToLower(a), ":")
		if prefixOf(o, "-path", 2) || prefixOf(o, "-literalpath", 1) || prefixOf(o, "-pspath", 2) || o == "-lp" {
			return true
		}
		if !colon {
			i++
		}
	}
	return false
}

// pathFirst reports whether a cmdlet's first positional parameter is its
// -Path (Select-String's is its pattern; a cmdlet guard does not know is
// taken to have another).
func pathFirst(name string) bool {
	switch name {
	case "get-content", "gc", "cat", "type", "set-content", "sc", "add-content", "ac", "clear-content", "clc",
		"get-item", "gi", "remove-item", "rm", "del", "erase", "ri", "rd", "rmdir", "copy-item", "cp", "copy", "cpi",
		"move-item", "mv", "move", "mi", "rename-item", "ren", "rni", "new-item", "ni", "set-item", "si", "clear-item",
		"cli", "invoke-item", "ii", "get-childitem", "gci", "ls", "dir", "get-filehash", "import-csv", "ipcsv",
		"format-hex", "fhx", "get-itemproperty", "gp", "set-itemproperty", "sp", "get-acl", "set-acl", "unblock-file",
		"expand-archive", "join-path":
		return true
	}
	return false
}

// itemsOf returns the items a variable holds when it holds a command's
// output ($_ and $PSItem: the enclosing block's), else nil; a property of
// such a variable ($f.FullName) stands for them too.
func (r *reader) itemsOf(name string) []string {
	if name == "_" || name == "psitem" {
		return r.pipe.top()
	}
	return r.items[name]
}

// wordItems returns what a word hands on: the items of the variable it is,
// else its text.
func (r *reader) wordItems(t token) []string {
	if v := t.varName + t.member; v != "" && strings.Contains(t.text, Unknown) {
		if items := r.itemsOf(v); items != nil {
			return items
		}
	}
	return []string{t.text}
}

// dedupe drops the repeats of items, keeping the first of each.
func dedupe(items []string) []string {
	out := items[:0]
	for i, p := range items {
		if !slices.Contains(items[:i], p) {
			out = append(out, p)
		}
	}
	return out
}

// capItems bounds items: past maxItems, the rest is one Unknown item.
func capItems(items []string) []string {
	if len(items) > maxItems {
		return append(items[:maxItems:maxItems], Unknown)
	}
	return items
}

// output returns the items command c outputs, bound the items that flowed
// into it: the paths of the items it gets or lists (Get-Item, Resolve-Path,
// Get-ChildItem's directories and what they hold, Join-Path's result), the
// words an echo prints, a filter's input (Where-Object, ForEach-Object,
// Sort-Object…); Unknown for any other program's output.
func (c Command) output(bound []string) []string {
	name := c.kind()
	switch {
	case passesOn(name):
		return bound
	case name == "echo" || name == "write-output" || name == "write":
		return capItems(append(nonOptions(c.Args), bound...))
	case listsTree(name):
		return c.listed(bound)
	case name == "join-path":
		if args := c.operands(); len(args) >= 2 {
			return []string{strings.TrimSuffix(args[0], "/") + "/" + strings.TrimPrefix(args[1], "/")}
		}
		return []string{Unknown}
	case givesItems(name):
		if ops := c.operands(); len(ops) > 0 {
			return capItems(ops)
		}
		return bound
	case name == "get-location" || name == "pwd" || name == "gl":
		if c.Dir != "" {
			return []string{c.Dir}
		}
		return []string{"."}
	}
	return []string{Unknown}
}

// listed returns what Get-ChildItem outputs: each directory it lists (its
// operands, else the items piped in, else the working directory), as itself
// (a file lists as itself) and as what it holds: DIR/FILTER with -Filter
// (DIR/**/FILTER with -Recurse too), DIR/** else: a read of each file the
// listing hands on meets the rules of every file in DIR, as a read of
// DIR/* by a shell glob does (the hook cannot expand a listing against the
// disk here; the subdirectories are counted too, which -Recurse lists).
func (c Command) listed(bound []string) []string {
	dirs := listDirs(c.Args)
	for i, d := range dirs {
		dirs[i] = c.under(d)
	}
	if len(dirs) == 0 {
		dirs = bound
	}
	if len(dirs) == 0 {
		dirs = []string{c.under(".")}
	}
	child := "**"
	if f := filterOf(c.Args); f != "" && !strings.Contains(f, "/") {
		child = f
		if recursive(c.Args) {
			child = "**/" + f
		}
	}
	var out []string
	for _, d := range dirs {
		out = append(out, d, strings.TrimSuffix(d, "/")+"/"+child)
	}
	return capItems(out)
}

// filterOf returns the value of Get-ChildItem's -Filter, or "".
func filterOf(args []string) string {
	for i, a := range args {
		o, v, colon := strings.Cut(a, ":")
		if !isOption(a) || !prefixOf(strings.ToLower(o), "-filter", 1) {
			continue
		}
		if colon {
			return v
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// operands returns c's words that are not options (a -Name:VALUE gives its
// VALUE), resolved against its directory.
func (c Command) operands() []string {
	var out []string
	for _, a := range c.Args {
		if isOption(a) {
			if _, v, ok := strings.Cut(a, ":"); ok && v != "" {
				out = append(out, c.under(v))
			}
			continue
		}
		if a != "" {
			out = append(out, c.under(a))
		}
	}
	return out
}

// cmdName returns a command's name as the tables spell it: its last
// element, lower-cased, without .exe.
func cmdName(n string) string {
	return strings.ToLower(strings.TrimSuffix(baseName(n), ".exe"))
}

// passesOn reports whether a command outputs the objects piped into it
// (filters, sorts, selections, ForEach-Object: $_ and what is made of it).
func passesOn(name string) bool {
	switch name {
	case "where-object", "where", "?", "foreach-object", "foreach", "%", "select-object", "select", "sort-object", "sort",
		"tee-object", "tee", "get-unique", "gu", "select-string", "sls":
		return true
	}
	return false
}

// givesItems reports whether a command outputs the items its path
// operands name.
func givesItems(name string) bool {
	switch name {
	case "get-item", "gi", "resolve-path", "rvpa", "convert-path", "cvpa", "split-path", "new-item", "ni",
		"get-itemproperty", "gp", "copy-item", "cpi", "move-item", "mi", "rename-item", "rni":
		return true
	}
	return false
}

// bindsPath reports whether a command may take the path it works on from
// the objects piped into it or from a variable's objects (a cmdlet binds
// -Path or -LiteralPath by value or by the object's PSPath): every cmdlet
// and function (Verb-Noun) and the aliases of the item cmdlets, but not a
// program that only prints, filters or names, nor one that writes its
// input to a file it is given (Out-File), nor an external program (its
// input is text on its standard input).
func bindsPath(name string) bool {
	if printsOnly(name) || namesOnly(name) {
		return false
	}
	switch name {
	case "out-file", "tee-object", "tee", "export-csv", "epcsv", "export-clixml", "set-clipboard", "scb", "out-printer",
		"out-gridview", "ogv", "set-variable", "sv", "add-member", "new-object", "invoke-restmethod", "irm",
		"invoke-webrequest", "iwr", "start-sleep", "invoke-expression", "iex":
		return false
	case "gc", "cat", "type", "gci", "ls", "dir", "gi", "ac", "sc", "clc", "ni", "rm", "del", "erase", "ri", "rd", "rmdir",
		"cp", "copy", "cpi", "mv", "move", "mi", "ren", "rni", "cli", "ii", "sls", "gp", "sp", "cpp", "mp", "rp", "clp",
		"ipmo", "xargs", "sajb", "saps", "start":
		return true
	}
	return strings.Contains(name, "-")
}
