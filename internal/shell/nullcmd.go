package shell

import (
	"github.com/guardhq/guard/internal/shell/effect"
	"mvdan.cc/sh/v3/syntax"
)

// zsh runs a statement made of redirections only (<<<TEXT, < F, > F) as a
// command: $NULLCMD (cat) with those redirections, or $READNULLCMD (the
// pager, more) when the one redirection is an input <. What it prints then
// flows into a pipe or a substitution as any cat's output does
// (<<<'cat ~/.ssh/id_rsa' | sh). bash runs nothing. $(<F) and <(<F) stay
// the shells' read of F (see walkSubst).

// nullCmd returns the call zsh makes of a statement of redirections only:
// the program is the parameter's default, or its value where the command
// sets it ($NAME, which the walk expands as any program word), or where
// the environment sets it to a plain name. A value of the environment
// guard cannot read as one is a program it cannot tell: a block.
func (w *walker) nullCmd(redirs []*syntax.Redirect) *syntax.CallExpr {
	name, def := "NULLCMD", "cat"
	if len(redirs) == 1 && redirs[0].Op == syntax.RdrIn {
		name, def = "READNULLCMD", "more"
	}
	if w.declared(name) {
		return &syntax.CallExpr{Args: []*syntax.Word{{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: name}}}}}}
	}
	if loc, ok := w.Files.(effect.Locator); ok {
		if v, set := loc.Env(name); set && plainProgram(v) {
			def = v
		} else if set {
			w.hide("runs zsh's $%s for a command of redirections only, which the environment sets to a program guard cannot tell", name)
		}
	}
	return &syntax.CallExpr{Args: []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: def}}}}}
}

// plainProgram reports whether v names a program as one plain word: no
// character a shell would read otherwise.
func plainProgram(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '/' || c == '.' || c == '_' || c == '-' || c == '+':
		default:
			return false
		}
	}
	return true
}

// fileSubst reports whether list is $(<F)'s: one input redirection and no
// command, which bash and zsh both read as F's text.
func fileSubst(list []*syntax.Stmt) bool {
	if len(list) != 1 {
		return false
	}
	s := list[0]
	return s.Cmd == nil && len(s.Redirs) == 1 && s.Redirs[0].Op == syntax.RdrIn && !s.Negated && !s.Background && !s.Coprocess
}
