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
}

// any reports whether the command binds a name.
func (b binds) any() bool { return b.all || len(b.names) > 0 }

// same reports whether b and o hold the same names.
func (b binds) same(o binds) bool {
	if b.all != o.all || len(b.names) != len(o.names) {
		return false
	}
	for n := range b.names {
		if !o.names[n] {
			return false
		}
	}
	return true
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
func (r *reader) binder(c Command, dot bool) bool {
	name := cmdName(c.Name)
	switch {
	case definer(c.Name):
		if len(c.Args) > 0 {
			r.bind(c.Args[0])
		} else {
			r.bindAll()
		}
		return true
	case name == "set-alias" || name == "new-alias" || name == "sal" || name == "nal":
		for _, a := range c.Args {
			if !isOption(a) {
				r.bind(a)
			} else if _, v, ok := strings.Cut(a, ":"); ok && v != "" {
				r.bind(v)
			}
		}
	case dot && !isScript(c.Name) || name == "new-module" || name == "nmo" || name == "import-psession" || name == "ipsn" ||
		name == "using":
		// A dot-sourced script guard reads (scripts.go), like a module
		// file it imports, binds the names its text defines; what guard
		// does not read may define any.
		r.bindAll()
	}
	for _, a := range append([]string{c.Name}, c.Args...) {
		if bindsDrive(a) {
			r.bindAll()
		}
	}
	return false
}
