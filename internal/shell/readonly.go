package shell

// Read-only variables. bash refuses an assignment to a
// variable made read-only (readonly NAME, declare -r, typeset -r, local
// -r): export, declare, read, printf -v, getopts, NAME=V all fail and the
// shell goes on with the value before — readonly HOME; export HOME=/tmp/x;
// echo >> ~/.bashrc writes the real one. The attribute is the variable's
// (expand.Variable.ReadOnly; values.go assignValues keeps the value). Where
// guard cannot tell whether a name is read-only — made so in a branch, or
// by a declaration whose name or options it cannot read (readonly "$n",
// declare -$o NAME) — an assignment to it may or may not happen: the name
// keeps both values, as after a branch.

// readonlyInherited makes a variable the command did not set read-only
// (readonly HOME): it keeps the value it inherits.
func (w *walker) readonlyInherited(name string, f declFlags) {
	vr := w.variable(name)
	vr.Exported = vr.Exported || f.exported || w.exported(name)
	vr.ReadOnly = true
	w.setVariable(name, vr) // in a branch: may be read-only (assignValues)
}

// maybeReadonly notes that name may be read-only.
func (w *walker) maybeReadonly(name string) {
	if w.roMaybe == nil {
		w.roMaybe = map[string]bool{}
	}
	w.roMaybe[name] = true
}

// mayBeReadonly reports whether an assignment to name may be refused as
// one to a read-only variable guard cannot be sure of.
func (w *walker) mayBeReadonly(name string) bool {
	return w.roAny || w.roMaybe[name]
}
