package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// A renamer (catalogue.Renamers: rename, prename, mmv) moves each file it
// is handed to a name its expression computes. Each file is written (gone
// from where it was); its new name is one guard cannot tell in the file's
// directory when the expression is a plain substitution whose text holds
// no / (rename 's/\.x$//' F, rename .x "" F), else one it cannot tell
// anywhere: the expression may build any path (perl code, a replacement
// with a /).

// renamer records what renamer r does with c's words.
func (c *cmd) renamer(r *catalogue.Renamer) {
	var ops []string
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case r.WithArg.Has(s) && j+1 < len(c.args):
			j++
			if s == "-e" || s == "-E" {
				ops = append(ops, c.args[j].Text) // perl rename -e EXPR
			}
		case s == "--":
			for _, a := range c.args[j+1:] {
				ops = append(ops, a.Text)
			}
			j = len(c.args)
		case !strings.HasPrefix(s, "-") || s == "-":
			ops = append(ops, s)
		}
	}
	if r.Style == "mmv" {
		c.mmv(ops)
		return
	}
	if len(ops) == 0 {
		return
	}
	expr, files := ops[0], ops[1:]
	anywhere := !plainSubst(expr)
	if !perlExpr(expr) && len(ops) >= 2 {
		// util-linux: FROM TO FILE…
		expr, files = ops[1], ops[2:]
		anywhere = strings.Contains(expr, "/") || !word.IsKnown(expr)
	}
	meta := c.w.MetaOnly
	c.w.MetaOnly = true
	for _, f := range files {
		c.w.Write(f) // moved away
	}
	c.w.MetaOnly = meta
	c.renamedTo(files, anywhere)
}

// renamedTo records the names files are moved to: in each file's
// directory, or anywhere.
func (c *cmd) renamedTo(files []string, anywhere bool) {
	if anywhere || len(files) == 0 {
		c.w.Write("/" + effect.UnknownName) // any path: the expression builds it
		return
	}
	for _, f := range files {
		dir := "./"
		if i := strings.LastIndexByte(strings.TrimRight(f, "/"), '/'); i >= 0 {
			dir = f[:i+1]
		}
		c.w.Write(dir + effect.UnknownName)
	}
}

// perlExpr reports whether s reads as a perl rename expression: s///,
// y///, tr/// with any delimiter, or code ($_, ;).
func perlExpr(s string) bool {
	for _, op := range []string{"s", "y", "tr"} {
		if rest, ok := strings.CutPrefix(s, op); ok && len(rest) > 1 && !isWordByte(rest[0]) && rest[0] != ' ' {
			return true
		}
	}
	return strings.Contains(s, "$_") || strings.Contains(s, ";")
}

// plainSubst reports whether perl expression s is s/FROM/TO/flags or
// y/A/B/ whose TO holds no /, no code (the e flag, $, @) and no escape
// that could make one: the name stays in its directory.
func plainSubst(s string) bool {
	if !word.IsKnown(s) {
		return false
	}
	rest, ok := strings.CutPrefix(s, "s")
	if !ok {
		if rest, ok = strings.CutPrefix(s, "y"); !ok {
			if rest, ok = strings.CutPrefix(s, "tr"); !ok {
				return false
			}
		}
	}
	if len(rest) < 3 || isWordByte(rest[0]) || strings.ContainsAny(rest[:1], "{([< \\") {
		return false
	}
	parts := strings.Split(rest[1:], rest[:1])
	if len(parts) != 3 {
		return false // an escaped delimiter, or more
	}
	to, flags := parts[1], parts[2]
	return !strings.ContainsAny(to, "/\\$@") && !strings.Contains(flags, "e")
}

// isWordByte reports whether b is a letter, digit or _.
func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// mmv FROM TO: each file FROM matches is moved to TO, #N standing for
// what FROM's Nth wildcard matched; with no pair, the pairs come from
// standard input.
func (c *cmd) mmv(ops []string) {
	if len(ops) < 2 {
		c.w.Write("/" + effect.UnknownName)
		return
	}
	meta := c.w.MetaOnly
	c.w.MetaOnly = true
	c.w.Write(ops[0])
	c.w.MetaOnly = meta
	to := ops[1]
	if !word.IsKnown(to) {
		c.w.Write("/" + effect.UnknownName)
		return
	}
	var b strings.Builder
	for i := 0; i < len(to); i++ {
		if to[i] == '#' && i+1 < len(to) && to[i+1] >= '1' && to[i+1] <= '9' {
			b.WriteString(effect.UnknownName)
			i++
			for i+1 < len(to) && to[i+1] >= '0' && to[i+1] <= '9' {
				i++
			}
			continue
		}
		b.WriteByte(to[i])
	}
	c.w.Write(b.String())
}
