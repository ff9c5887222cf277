package hook

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell"
)

// Bounds of the program names an explanation gives for a command's paths.
const (
	maxViaOptions = 3  // options shown after the program ("chmod -R")
	maxViaDepth   = 16 // ancestors and trailing parts of a path looked up
)

// vias says which program, with its options, names each operand of a
// command's simple commands, for the explanation of a block ("chmod -R on
// '/' would also change guard's own directory"). An operand named by two
// different programs names none; policy.Evaluate drops a name that holds
// a secret or PII value, on a block only. Keys are operands cleaned
// (path.Clean); a relative operand is also kept under "./"+operand, since
// after a cd the analysis writes it under the new directory (cd ~ && rm -r
// .guard writes ~/.guard).
type vias map[string]string

// viasOf indexes the operands of a's commands, and the reads no word
// names with what reads them (shell.Analysis.ReadVias). Synthetic
// commands (guard's rm for find -delete) are left out, since the program
// the agent wrote is the one to name, and so are cd and pushd, whose
// directory holds the later operands.
func viasOf(a *shell.Analysis) vias {
	v := vias{}
	for _, c := range a.Commands {
		if c.Synthetic || c.Name == "" || c.Name == "cd" || c.Name == "pushd" {
			continue // a cd names the directory later operands are in
		}
		name := c.Name
		var operands []string
		opts := 0
		for _, arg := range c.Args {
			switch {
			case arg.Data:
			case optionWord(arg.Text):
				if opts < maxViaOptions {
					name += " " + arg.Text
					opts++
				}
			default:
				operands = append(operands, arg.Text)
			}
		}
		for _, o := range operands {
			v.add(path.Clean(o), name)
			if !strings.HasPrefix(o, "/") && !strings.HasPrefix(o, "~") && !strings.HasPrefix(o, "$") {
				v.add("./"+path.Clean(o), name)
			}
		}
	}
	for _, r := range a.ReadVias {
		v.add(path.Clean(r.Path), r.Via) // a read no word names: compose's env_file
	}
	return v
}

func (v vias) add(key, name string) {
	if old, ok := v[key]; ok && old != name {
		name = ""
	}
	v[key] = name
}

// of returns the program that names path p of the analysis (a read,
// write or touch as it writes them): the operand p itself, its trailing
// parts written relative to a directory a cd moved to, or a directory
// above it (cp x ~/.ssh/ writes ~/.ssh/x), in that order. A path that
// stands for a tree (DIR/**, DIR/**/NAME) is looked up as DIR. "" when
// none or several do.
func (v vias) of(p string) string {
	if len(v) == 0 {
		return ""
	}
	if i := strings.Index(p, "/**"); i >= 0 {
		p = p[:i]
		if p == "" {
			p = "/"
		}
	}
	p = path.Clean(p)
	if name, ok := v[p]; ok {
		return name
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i := len(parts) - 1; i >= 0 && len(parts)-i <= maxViaDepth; i-- {
		if name, ok := v["./"+strings.Join(parts[i:], "/")]; ok {
			return name
		}
	}
	for dir, n := path.Dir(p), 0; n < maxViaDepth; n++ {
		if name, ok := v[dir]; ok {
			return name
		}
		up := path.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return ""
}

// optionWord reports whether w is a plain option (-R, -rf, --recursive):
// no value after =, nothing but letters, digits and dashes.
func optionWord(w string) bool {
	if len(w) < 2 || w[0] != '-' || len(w) > 32 {
		return false
	}
	for i := 1; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return w != "--"
}
