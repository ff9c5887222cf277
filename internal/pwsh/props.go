package pwsh

import "strings"

// Properties of variables in the path position of a cmdlet that writes:
// $x.FullName names whatever the object holds, which
// guard cannot tell unless it knows the objects ($_ of a listing, a
// variable a Get-Item set) or the property ($PROFILE.CurrentUserAllHosts,
// knownProperty).

// propertyWord reports whether word t is a property of a variable whose
// objects guard does not know ($cfg.Path), or a variable assigned one.
func (r *reader) propertyWord(t token) bool {
	if t.member != "" {
		return r.itemsOf(t.member) == nil
	}
	return t.varName != "" && r.propVars[t.varName]
}

// writesPath reports whether cmdlet name writes, removes or creates the
// paths it is given: a cmdlet or function that binds a path and does not
// only read it, or one that writes its input to a file it is given.
func writesPath(name string) bool {
	switch name {
	case "out-file", "tee-object", "tee", "export-csv", "epcsv", "export-clixml":
		return true
	}
	return bindsPath(name) && !readsOnly(name) && !listsTree(name)
}

// pathWords returns the words of args that are properties guard cannot
// tell (props) in a path position: the value of a path parameter (-Path,
// -LiteralPath, -Destination, -FilePath, by any prefix PowerShell takes),
// the first positional word, or the second of a copy or move (its
// destination). A word after another parameter is that parameter's value
// (-Value $x.Text), unless the parameter is a known switch.
func pathWords(name string, args []string, props []bool) []string {
	var out []string
	pos := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if isOption(a) {
			opt := strings.ToLower(strings.TrimLeft(a, "-"))
			if k, _, ok := strings.Cut(opt, ":"); ok {
				// -Path:$x.Name: its value is in the same word, where the
				// property is left as written after the variable.
				_, v, _ := strings.Cut(a, ":")
				if (props[i] || strings.HasPrefix(v, Unknown+".")) && pathParam(k) {
					out = append(out, a)
				}
				continue
			}
			if pathParam(opt) && i+1 < len(args) {
				if props[i+1] {
					out = append(out, args[i+1])
				}
				i++
			} else if !switchParam(opt) {
				i++ // the parameter's value
			}
			continue
		}
		if props[i] && (pos == 0 || pos == 1 && copiesTo(name)) {
			out = append(out, a)
		}
		pos++
	}
	return out
}

// pathParam reports whether opt (lower-case, no dash) names a path
// parameter of the file cmdlets, as PowerShell binds a prefix of it.
func pathParam(opt string) bool {
	if len(opt) < 2 {
		return false
	}
	for _, p := range [...]string{"path", "literalpath", "pspath", "destination", "filepath", "lp"} {
		if strings.HasPrefix(p, opt) {
			return true
		}
	}
	return false
}

// switchParam reports whether opt is a switch of the file cmdlets (it
// takes no value).
func switchParam(opt string) bool {
	switch opt {
	case "force", "recurse", "nonewline", "passthru", "whatif", "confirm", "append", "noclobber", "container", "asbytestream", "raw":
		return true
	}
	return false
}

// copiesTo reports whether a cmdlet's second positional word is its
// destination.
func copiesTo(name string) bool {
	switch name {
	case "copy-item", "cpi", "cp", "copy", "move-item", "mi", "mv", "move":
		return true
	}
	return false
}

// unnamed notes a cmdlet's path word that is a property guard cannot
// tell (Analysis.Unnamed), bounded.
func (r *reader) unnamed(what string) {
	if len(r.a.Unnamed) < maxItems {
		r.a.Unnamed = append(r.a.Unnamed, what)
	}
}
