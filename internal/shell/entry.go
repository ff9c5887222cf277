package shell

// An interpreter's script operand, found as the interpreter finds it:
// a directory runs its entry file (python3 DIR runs
// DIR/__main__.py; node DIR, node . run package.json's main, else
// index.js), and Python runs a zip file's __main__.py whatever the file is
// called (zipimport finds a zip by its end record). What guard cannot read
// as text (a compiled or packed program, a member it cannot inflate, past
// a bound) is a program guard cannot tell what it does: hidden, so the
// command is blocked with that reason.

import (
	"archive/zip"
	"encoding/json"
	"errors"
	"io"
	"path"
	"strings"

	"github.com/guardhq/guard/internal/archive"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// runOperand runs a, an interpreter's script operand (python3 a, node a),
// as the interpreter finds its code: a file's text, a directory's entry
// file, a zip application's members.
func (c *cmd) runOperand(a word.Word) {
	w := c.w
	if _, ok := w.WrittenText(a.Text); ok || !a.Known {
		c.runProgram(a) // text the command wrote, or a word guard cannot resolve
		return
	}
	if w.FindsIt(a.Text, "a program") {
		return
	}
	t, st := w.FileStatus(a.Text, true, effect.MaxProgramBytes)
	fam := lang.FamilyOf(c.name)
	switch {
	case st == effect.FileAbsent && fam == lang.Node:
		c.nodeMainModule(a.Text)
	case st == effect.FileAbsent:
		if e, ok := c.dirEntry(a.Text, fam); ok {
			c.runProgram(word.Word{Text: e, Known: true})
		}
	case st != effect.FileWhole:
		c.runProgram(a) // past the bound, unreadable: FileText says so
	case fam == lang.Python && zipFile(t):
		c.zipApp(t)
	case fam == lang.Python && (pycHeader(t) || strings.HasSuffix(a.Text, ".pyc")):
		c.runProgram(a) // bytecode: read as python runs it (pycache.go)
	case binary([]byte(t[:min(len(t), sniffBytes)])):
		w.hide("runs a program that is not text (compiled or packed), whose code guard cannot read")
	default:
		c.runProgram(a)
	}
}

// nodeMainModule runs the file node resolves main module p to when no
// file is at p (node m/index, node DIR): p with an extension, then as a
// directory (nodePaths); a compiled addon is hidden.
func (c *cmd) nodeMainModule(p string) {
	for _, e := range c.nodePaths(p)[1:] {
		if !c.present(e) {
			continue
		}
		if strings.HasSuffix(e, ".node") {
			c.w.hide("runs a compiled Node addon (%s), whose code guard cannot read", path.Base(e))
			return
		}
		c.runProgram(word.Word{Text: e, Known: true})
		return
	}
}

// zipFile reports whether text, a file's content, is a zip archive as
// Python's zipimport finds one: a local header first, or an end record in
// its last 64 KiB (a #! line or other bytes before the zip).
func zipFile(text string) bool {
	return strings.HasPrefix(text, "PK\x03\x04") || catalogue.ZipEnd([]byte(text[max(0, len(text)-(64<<10)-64):]))
}

// dirEntry returns the file that runs when directory p is an interpreter
// of family fam's script operand, and whether one was found; what runs
// and guard cannot read is hidden. p that is no directory holds none.
func (c *cmd) dirEntry(p string, fam lang.Family) (string, bool) {
	switch fam {
	case lang.Python:
		if e := path.Join(p, "__main__.py"); c.present(e) {
			return e, true
		}
		if e := path.Join(p, "__main__.pyc"); c.present(e) {
			return e, true // read as bytecode (pycache.go)
		}
	case lang.Node:
		return c.nodeEntry(p)
	}
	return "", false
}

// present reports whether a file is at p (read through FileStatus: a
// file the command wrote, or one the reader finds, whole or not).
func (c *cmd) present(p string) bool {
	_, st := c.w.FileStatus(p, true, effect.MaxProgramBytes)
	return st != effect.FileAbsent
}

// maxPackageJSON bounds a package.json read for its main.
const maxPackageJSON = 256 << 10

// nodeEntry returns the file node runs for directory p (node DIR, node .):
// package.json's main as a file, with .js, .json, .node, or as a directory
// with index.*; else the directory's index.*. A .node file (a compiled
// addon) and a package.json guard cannot read are hidden.
func (c *cmd) nodeEntry(p string) (string, bool) {
	var cands []string
	pj := path.Join(p, "package.json")
	switch t, st := c.w.FileStatus(pj, true, maxPackageJSON); st {
	case effect.FileAbsent:
	case effect.FileWhole:
		m, ok := packageMain([]byte(t))
		if !ok {
			c.w.hide("runs a package whose package.json guard cannot read (its main is no string)")
			return "", false
		}
		if m != "" {
			m = path.Join(p, m)
			cands = append(cands, m, m+".js", m+".json", m+".node", m+"/index.js", m+"/index.json", m+"/index.node")
		}
	default:
		c.w.hide("runs a package whose package.json guard cannot read whole")
		return "", false
	}
	for _, e := range append(cands, path.Join(p, "index.js"), path.Join(p, "index.json"), path.Join(p, "index.node")) {
		if !c.present(e) {
			continue
		}
		if strings.HasSuffix(e, ".node") {
			c.w.hide("runs a compiled Node addon (%s), whose code guard cannot read", path.Base(e))
			return "", false
		}
		return e, true
	}
	return "", false
}

// packageMain returns the main field of a package.json's text ("" for
// none, or an empty one: node then runs index.js), and false when guard
// cannot tell it: text that is no JSON object, a main that is no string.
// The key is matched exactly, as node does (encoding/json's struct fields
// match any case).
func packageMain(data []byte) (string, bool) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return "", false
	}
	raw, ok := obj["main"]
	if !ok || string(raw) == "null" {
		return "", true
	}
	var m string
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", false
	}
	return m, true
}

// zipApp scans a zip application Python runs (python3 app.pyz): every .py
// member is code it may import, __main__.py first among them; a .pyc
// member is compiled code, and a zip guard cannot read is hidden.
func (c *cmd) zipApp(data string) {
	texts, why := zipPrograms(data)
	if why != "" {
		c.w.hide("runs a zip application %s", why)
		return
	}
	for _, t := range texts {
		c.scanFile(t, false)
	}
}

// Bounds of a zip application read.
const (
	// maxZipMembers bounds the members of a zip application.
	maxZipMembers = 1024
	// maxZipInflated bounds the bytes of its Python members inflated.
	maxZipInflated = effect.MaxProgramBytes
)

// zipPrograms returns the texts of the Python members of the zip archive
// data holds, or why guard cannot read them.
func zipPrograms(data string) ([]string, string) {
	if err := archive.CheckZip(strings.NewReader(data), int64(len(data))); errors.Is(err, archive.ErrAmbiguous) {
		return nil, "that zip readers may read differently (guard's and python's zipimport): guard cannot tell what runs"
	}
	r, err := zip.NewReader(strings.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, "guard cannot read as a zip archive"
	}
	if len(r.File) > maxZipMembers {
		return nil, "of more members than guard reads"
	}
	var texts []string
	left := int64(maxZipInflated)
	for _, f := range r.File {
		switch {
		case strings.HasSuffix(f.Name, ".pyc"):
			return nil, "holding compiled Python code, which guard cannot read"
		case !strings.HasSuffix(f.Name, ".py"):
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, "whose members guard cannot inflate"
		}
		b, err := io.ReadAll(io.LimitReader(rc, left+1))
		rc.Close()
		switch {
		case int64(len(b)) > left:
			return nil, "larger inflated than guard reads"
		case err != nil:
			return nil, "whose members guard cannot inflate"
		}
		left -= int64(len(b))
		texts = append(texts, string(b))
	}
	return texts, ""
}

// compiledRun analyses ./x run by its path whose first bytes (head) are
// no text. A #! line then names an interpreter of data guard cannot read
// as text, except Python's zip application (#! line, then the zip), whose
// members are read; a compiled program is not read, unless it is a build
// of guard, which is guard's command line (self.go).
func (c *cmd) compiledRun(p string, head []byte, args []word.Word) {
	prog := shebang(string(head))
	if prog == "" {
		c.identify(p, args)
		return
	}
	if lang.FamilyOf(prog) == lang.Python {
		t, ok := c.w.FileText(p, true, effect.MaxProgramBytes, "a program")
		if !ok {
			return
		}
		if zipFile(t) {
			c.zipApp(t)
			return
		}
	}
	c.w.hide("runs a program with a #! line whose text is not text (compiled or packed), whose code guard cannot read")
}
