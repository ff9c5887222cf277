package pwsh

import "strings"

// Names a command binds. PowerShell runs an alias before a function and a
// function before a cmdlet of the same name: `function Test-Path {
// Add-Content @args }; Test-Path ~/.bashrc x` writes with the words of a
// cmdlet guard knows to only test its names. A name the command binds
// loses what the tables say of it (Command.Bound): its words are touches,
// as an unknown program's are, wherever in the command it is called (a
// loop may call it before the text that defines it). What may bind any
// name (a module imported, a script dot-sourced, the function: and alias:
// drives, $ExecutionContext, a module imported by name or a script guard
// does not read) makes every name lose its kind; the scripts guard reads
// bind the names their text defines.

// binds are the names a command binds, lower-cased; all says it may bind
// any name.
type binds struct {
	names map[string]bool
	all   bool
	// alias is what an alias the command defines stands for: a cmdlet, a
	// program, a script (Set-Alias ls bash), when the command binds the
	// name to one target guard knows; unclear are the names it binds to
	// what guard cannot tell (a value it cannot work out, two targets, a
	// function made from such a value): running one is hidden.
	alias   map[string]string
	unclear map[string]bool
}

// any reports whether the command binds a name.
func (b binds) any() bool { return b.all || len(b.names) > 0 }

// same reports whether b and o hold the same names and targets.
func (b binds) same(o binds) bool {
	if b.all != o.all || len(b.names) != len(o.names) || len(b.alias) != len(o.alias) || len(b.unclear) != len(o.unclear) {
		return false
	}
	for n := range b.names {
		if !o.names[n] {
			return false
		}
	}
	for n, t := range b.alias {
		if o.alias[n] != t {
			return false
		}
	}
	for n := range b.unclear {
		if !o.unclear[n] {
			return false
		}
	}
	return true
}

// maxAliasChain bounds the aliases followed from one name (PowerShell
// refuses a loop).
const maxAliasChain = 8

// resolve returns the command an alias the command binds stands for,
// following aliases of aliases; ok is false for a name bound to what
// guard cannot tell.
func (b binds) resolve(name string) (string, bool) {
	for range maxAliasChain {
		n := strings.ToLower(name)
		if b.unclear[n] || b.unclear[cmdName(name)] {
			return name, false
		}
		t, found := b.alias[n]
		if !found {
			t, found = b.alias[cmdName(name)]
		}
		if !found {
			return name, true
		}
		name = t
	}
	return name, false
}

// has reports whether a command name may be one the command binds.
func (b binds) has(name string) bool {
	if b.all {
		return true
	}
	if len(b.names) == 0 {
		return false
	}
	return b.names[cmdName(name)] || b.names[strings.ToLower(name)]
}

// bind records that the command binds name (a scope prefix such as
// global: dropped); a name guard cannot work out may be any.
func (r *reader) bind(name string) {
	name = strings.TrimRight(name, Unknown) // function f($a): the ( is no part of the name
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	if name == "" || strings.ContainsAny(name, Unknown+"*?[") || strings.Contains(name, varOpen) {
		r.bindAll()
		return
	}
	if r.newBinds.names == nil {
		r.newBinds.names = map[string]bool{}
	}
	r.newBinds.names[strings.ToLower(name)] = true
}

// bindAlias records that the command binds alias name to target: a name
// bound to two targets, or to one guard cannot work out, is unclear.
func (r *reader) bindAlias(name, target string) {
	r.bind(name)
	key := strings.ToLower(name)
	if i := strings.LastIndexByte(key, ':'); i >= 0 {
		key = key[i+1:]
	}
	if r.newBinds.alias == nil {
		r.newBinds.alias = map[string]string{}
	}
	if old, ok := r.newBinds.alias[key]; target == "" || strings.Contains(target, Unknown) || strings.Contains(target, varOpen) ||
		ok && old != target {
		r.unclearName(key)
		return
	}
	r.newBinds.alias[key] = target
}

// unclearName records that the command binds name to what guard cannot
// tell.
func (r *reader) unclearName(name string) {
	r.bind(name)
	if r.newBinds.unclear == nil {
		r.newBinds.unclear = map[string]bool{}
	}
	r.newBinds.unclear[strings.ToLower(name)] = true
}

// bindAll records that the command may bind any name.
func (r *reader) bindAll() { r.newBinds.all = true }

// bindsDrive reports whether a word names the function: or alias: drive
// (Set-Item function:Test-Path, ${function:cat} = …, New-Item -Path
// alias: -Name cat).
func bindsDrive(w string) bool {
	low := strings.ToLower(w)
	return strings.Contains(low, "function:") || strings.Contains(low, "alias:")
}

// definer reports whether a statement's first word is a keyword that
// defines a command named by the next word.
func definer(name string) bool {
	switch strings.ToLower(name) {
	case "function", "filter", "workflow", "configuration":
		return true
	}
	return false
}

// binder notes the names statement c binds: an alias's name (and its
// value, which guard does not follow), anything for a command that loads
// code guard does not read. It reports whether c is a definition that
// runs nothing (function NAME).
func (r *reader) binder(c Command, dot bool, depth int) (bool, error) {
	name := cmdName(c.Name)
	switch {
	case definer(c.Name):
		if len(c.Args) > 0 {
			r.bind(c.Args[0])
		} else {
			r.bindAll()
		}
		return true, nil
	case name == "set-alias" || name == "new-alias" || name == "sal" || name == "nal":
		n, t, ok := aliasArgs(c.Args)
		if !ok || n == "" || strings.ContainsAny(n, Unknown+varOpen+"*?[") {
			r.hide("binds an alias guard cannot name")
			r.bindAll()
			return false, nil
		}
		r.bindAlias(n, t)
		return true, nil // its words are names, not files
	case name == "set-item" || name == "si" || name == "new-item" || name == "ni":
		if ok, err := r.driveItem(c, depth); ok || err != nil {
			return ok, err // an item of the alias: or function: drive, no file
		}
	case dot && !isScript(c.Name) || name == "new-module" || name == "nmo" || name == "import-psession" || name == "ipsn" ||
		name == "using":
		// A dot-sourced script guard reads (scripts.go), like a module
		// file it imports, binds the names its text defines; what guard
		// does not read may define any.
		r.bindAll()
	}
	if name == "import-alias" || name == "ipal" {
		r.hide("imports aliases guard does not read")
	}
	for _, a := range append([]string{c.Name}, c.Args...) {
		if bindsDrive(a) {
			r.bindAll()
			if strings.Contains(strings.ToLower(a), "alias:") && !readsOnly(name) && !namesOnly(name) && name != "get-alias" && name != "gal" {
				// Copy-Item alias:x alias:ls: a binding guard does not
				// follow may make any name any program.
				r.hide("changes aliases in a way guard does not follow")
			}
		}
	}
	return false, nil
}

// aliasArgs returns the name and the target Set-Alias or New-Alias is
// given ([-Name] N [-Value] V, -Name:N); ok is false for an option guard
// does not know.
func aliasArgs(args []string) (name, target string, ok bool) {
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !isOption(a) {
			pos = append(pos, a)
			continue
		}
		o, v, colon := strings.Cut(strings.ToLower(a), ":")
		val := a[len(a)-len(v):]
		if !colon {
			val = ""
			if i+1 < len(args) && (prefixOf(o, "-name", 1) || prefixOf(o, "-value", 1) || prefixOf(o, "-description", 1) ||
				prefixOf(o, "-option", 1) || prefixOf(o, "-scope", 1)) {
				i++
				val = args[i]
			}
		}
		switch {
		case prefixOf(o, "-name", 1):
			name = val
		case prefixOf(o, "-value", 1):
			target = val
		case prefixOf(o, "-description", 1) || prefixOf(o, "-option", 1) || prefixOf(o, "-scope", 1) ||
			prefixOf(o, "-force", 1) || prefixOf(o, "-passthru", 1) || prefixOf(o, "-whatif", 1) || prefixOf(o, "-confirm", 1):
		default:
			return "", "", false
		}
	}
	for _, p := range pos {
		switch {
		case name == "":
			name = p
		case target == "":
			target = p
		default:
			return "", "", false
		}
	}
	return name, target, true
}

// driveItem reads Set-Item or New-Item on the alias: or function: drive
// (Set-Item function:h { … }, New-Item -Path alias:x -Value sh, New-Item
// -Path function: -Name k -Value '…'): an alias is bound to its value; a
// function made from a script block is read where the block stands, one
// made from text guard knows is read as commands, any other is unclear.
// It reports whether c was such an item.
func (r *reader) driveItem(c Command, depth int) (bool, error) {
	var pos []string
	p, n, v, hasV := "", "", "", false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if !isOption(a) {
			pos = append(pos, a)
			continue
		}
		o, val, colon := strings.Cut(strings.ToLower(a), ":")
		val = a[len(a)-len(val):]
		switch {
		case !colon && i+1 < len(c.Args) && !prefixOf(o, "-force", 1):
			i++
			val = c.Args[i]
		case !colon && prefixOf(o, "-value", 1):
			continue // -Value { … }: the block, read where it stands
		}
		switch {
		case prefixOf(o, "-path", 1) || prefixOf(o, "-literalpath", 1):
			p = val
		case prefixOf(o, "-name", 1):
			n = val
		case prefixOf(o, "-value", 1):
			v, hasV = val, true
		}
	}
	if p == "" && len(pos) > 0 {
		p, pos = pos[0], pos[1:]
	}
	if !hasV && len(pos) > 0 {
		v, hasV = pos[0], true
	}
	drive, name, ok := itemDrive(p)
	if !ok {
		return false, nil
	}
	if name != "" {
		n = name
	}
	switch {
	case n == "" || strings.ContainsAny(n, Unknown+varOpen+"*?["):
		r.hide("binds a name guard cannot tell on the " + drive + ": drive")
		r.bindAll()
	case drive == "alias":
		r.bindAlias(n, v)
	case !hasV:
		r.bind(n) // the script block: read where it stands
	default:
		return true, r.functionText(n, v, depth)
	}
	return true, nil
}

// itemDrive returns the drive a Set-Item or New-Item path names, alias or
// function (alias:x, function:/x, Microsoft.PowerShell.Core/Alias::x), and
// the item's name in it; ok is false for any other.
func itemDrive(p string) (drive, name string, ok bool) {
	low := strings.ToLower(p)
	if i := strings.Index(low, "::"); i >= 0 {
		drive, name = baseName(low[:i]), p[i+2:]
	} else if d, _, found := strings.Cut(low, ":"); found {
		drive, name = d, p[len(d)+1:]
	}
	if drive != "alias" && drive != "function" {
		return "", "", false
	}
	return drive, strings.Trim(name, "/"), true
}

// functionText binds name to a function made from text v: text guard
// knows is read as commands, any other makes the name unclear.
func (r *reader) functionText(name, v string, depth int) error {
	if v == "" || strings.Contains(v, Unknown) || strings.Contains(v, varOpen) {
		r.unclearName(name)
		return nil
	}
	r.bind(name)
	_, err := r.runText(v, "a function made from text", depth)
	return err
}

// driveAssign reads an assignment to the function: or alias: drive
// (${function:h} = { … }, $function:h = '…', ${alias:x} = 'sh'), whose
// value tokens are ts: a function from the script block that follows is
// read where the block stands, one from text guard knows is read as
// commands, an alias is bound to its value; anything else is unclear.
func (r *reader) driveAssign(name string, ts []token, depth int) error {
	drive, n, ok := itemDrive(name)
	if !ok {
		return nil
	}
	if n == "" || strings.ContainsAny(n, Unknown+varOpen+"*?[") {
		r.hide("binds a name guard cannot tell on the " + drive + ": drive")
		return nil
	}
	v := ""
	if len(ts) == 1 && ts[0].kind == tWord && ts[0].quoted {
		v = ts[0].text
	}
	switch {
	case drive == "alias":
		r.bindAlias(n, v)
	case len(ts) == 0:
		r.bind(n) // the script block that follows
	default:
		return r.functionText(n, v, depth)
	}
	return nil
}

// blockParams returns the variables a text declares as script blocks
// ([scriptblock]$name, a parameter whose callers hand it a block the
// command writes out), lower-cased text in.
func blockParams(low string) map[string]bool {
	out := map[string]bool{}
	for rest := low; ; {
		i := strings.Index(rest, "[scriptblock]$")
		if i < 0 {
			return out
		}
		rest = rest[i+len("[scriptblock]$"):]
		j := 0
		for j < len(rest) && isNameByte(rest[j]) {
			j++
		}
		if j > 0 {
			out[rest[:j]] = true
		}
	}
}
