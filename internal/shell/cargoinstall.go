package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// cargoInstallBins returns the programs `cargo install --path DIR` puts
// in ~/.cargo/bin: the [[bin]] targets DIR/Cargo.toml names and, for
// src/main.rs, the package's name; false where guard cannot tell them
// all (no --path, --bin, --example, a src/bin directory, a name that is
// no plain string, a workspace, a manifest it cannot read whole), and
// the place stays a name guard cannot tell.
func (c *cmd) cargoInstallBins(args []word.Word) ([]string, bool) {
	dir := ""
	for j, a := range args {
		s := a.Text
		switch {
		case !a.Known:
			return nil, false
		case s == "--path" && j+1 < len(args) && args[j+1].Known:
			dir = args[j+1].Text
		case strings.HasPrefix(s, "--path="):
			dir = strings.TrimPrefix(s, "--path=")
		case s == "--bin" || s == "--bins" || s == "--example" || s == "--examples" ||
			strings.HasPrefix(s, "--bin=") || strings.HasPrefix(s, "--example="):
			return nil, false
		}
	}
	if dir == "" || !c.nothingAt(path.Join(dir, "src/bin")) {
		return nil, false
	}
	n := c.w.Nread
	t, st := c.w.FileStatus(path.Join(dir, "Cargo.toml"), true, effect.MaxScriptBytes)
	c.w.Nread = n
	if st != effect.FileWhole {
		return nil, false
	}
	names, pkg, ok := cargoBinNames(t)
	if !ok {
		return nil, false
	}
	if main := path.Join(dir, "src/main.rs"); (c.somethingAt(main) || c.w.wrote(main)) && pkg != "" {
		names = append(names, pkg)
	}
	return names, len(names) > 0
}

// cargoBinNames reads a Cargo.toml's text line by line: the names of its
// [[bin]] tables and its [package] name; false for what guard does not
// read as cargo does (a [workspace], autobins, a bin key spelled another
// way, a [[bin]] without a plain name, a name that is no plain string, a
// multi-line string).
func cargoBinNames(t string) (bins []string, pkg string, ok bool) {
	if strings.Contains(t, `"""`) || strings.Contains(t, "'''") {
		return nil, "", false // a multi-line string's lines are no keys
	}
	section, named := "", true
	for _, l := range strings.Split(t, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
			continue
		case strings.HasPrefix(l, "["):
			if !named {
				return nil, "", false
			}
			section = strings.Join(strings.Fields(strings.SplitN(l, "#", 2)[0]), "")
			named = section != "[[bin]]"
			if section == "[workspace]" {
				return nil, "", false
			}
			continue
		case strings.Contains(l, "bin") && section != "[[bin]]" && !strings.Contains(section, "dependencies"):
			return nil, "", false // autobins, bin = [...], [package] with a bin key
		}
		key := strings.TrimSpace(strings.SplitN(l, "=", 2)[0])
		if !strings.HasPrefix(key, "name") || section != "[package]" && section != "[[bin]]" {
			continue
		}
		m := cargoRes().name.FindStringSubmatch(l)
		if m == nil {
			return nil, "", false // name.workspace = true, a quoted key
		}
		if section == "[[bin]]" {
			bins, named = append(bins, m[1]), true
		} else {
			pkg = m[1]
		}
	}
	return bins, pkg, named
}

// nothingAt reports whether nothing is at p, on disk or written by the
// command before (a file below it too); false where guard cannot tell.
func (c *cmd) nothingAt(p string) bool {
	st, ok := c.w.Files.(effect.Stater)
	if !ok {
		return false
	}
	if k, _ := st.Lstat(c.w.Where(p)); k != effect.EntryNone {
		return false
	}
	q := word.Clean(c.w.Where(p))
	for _, f := range c.w.Written {
		if f.Path == q || strings.HasPrefix(f.Path, q+"/") {
			return false
		}
	}
	return true
}
