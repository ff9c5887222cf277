package shell

import (
	"mvdan.cc/sh/v3/syntax"
)

// Functions. A function's body is walked where it is declared (its
// parameters not known), and again at each call with the call's words as
// its positional parameters, in the calling shell: what it sets and where
// it cd's to last (f(){ cd ~/.ssh; }; f; cat id_rsa), except its local
// variables. A call inside its own body is not walked again.

// funcState is what the walker keeps of the shell's functions.
type funcState struct {
	bodies  map[string]*syntax.Stmt
	calling map[string]bool
	// locals are the variables declared local in the calls in progress,
	// each frame with the values they had before.
	locals []map[string]varState
}

// declare records a function's body.
func (w *walker) declareFunc(name string, body *syntax.Stmt) {
	if w.funcs.bodies == nil {
		w.funcs.bodies = map[string]*syntax.Stmt{}
	}
	if len(w.funcs.bodies) < maxFuncs {
		w.funcs.bodies[name] = body
	}
}

// maxFuncs bounds the functions remembered.
const maxFuncs = 64

// callFunc walks the body of the function words[0] names with the other
// words as its parameters; false when no such function is declared (or it
// is already being walked, or scripts are nested too deep).
func (c *cmd) callFunc(words []word) bool {
	w := c.w
	name := words[0].s
	body, ok := w.funcs.bodies[name]
	if !ok || !words[0].known || w.funcs.calling[name] || w.depth+1 > MaxDepth {
		return false
	}
	if w.funcs.calling == nil {
		w.funcs.calling = map[string]bool{}
	}
	w.funcs.calling[name] = true
	savedPos, savedDepth := w.pos, w.depth
	zero := "bash"
	if w.pos != nil {
		zero = w.pos.zero
	}
	w.pos = &positional{zero: zero, args: wordTexts(words[1:])}
	w.depth++
	w.funcs.locals = append(w.funcs.locals, map[string]varState{})
	w.stmt(body)
	frame := w.funcs.locals[len(w.funcs.locals)-1]
	w.funcs.locals = w.funcs.locals[:len(w.funcs.locals)-1]
	for n, s := range frame {
		w.restoreVar(n, s)
	}
	w.pos, w.depth = savedPos, savedDepth
	delete(w.funcs.calling, name)
	return true
}

// noteLocal keeps, in a function call, the value a variable had before it
// is declared local, for the call's end.
func (w *walker) noteLocal(name string) {
	if len(w.funcs.locals) == 0 {
		return
	}
	frame := w.funcs.locals[len(w.funcs.locals)-1]
	if _, done := frame[name]; done {
		return
	}
	frame[name] = w.saveVar(name)
}
