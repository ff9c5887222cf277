package shell

// python3 -m http.server --cgi (review 14a F1): the server execs, when
// asked over HTTP, every executable file under cgi-bin/ and htbin/ of the
// directory it serves (nested directories too), and runs each .py there
// with python. Those files are the command's programs: each is read as
// `python3 FILE` or `./FILE` would be; a directory guard cannot list, or
// more files than it reads, is "cannot tell what the CGI scripts run".

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// Bounds of the CGI scripts read for one server.
const (
	maxCGIFiles = 32
	maxCGIDepth = 4
)

// cgiDirs are the directories http.server's CGI handler runs scripts from.
var cgiDirs = [...]string{"cgi-bin", "htbin"}

// cgiScripts reads the programs python -m MOD ARGS runs as CGI scripts,
// when its options make it a CGI server.
func (c *cmd) cgiScripts(mod word.Word, args []word.Word) {
	if !catalogue.PyRunsCode(mod.Text, args) {
		return
	}
	dirs, ok := catalogue.ServedDirs("python", append([]word.Word{{Text: "-m", Known: true}, mod}, args...))
	if !ok || len(dirs) == 0 {
		dirs = []string{"."}
	}
	n := 0
	for _, d := range dirs {
		names, ok := c.w.listDir(d)
		for _, sub := range cgiDirs {
			switch {
			case ok && !names[sub] && !names[sub+"/"]:
				continue // none there
			case !ok || names[sub]: // a link, or a served directory guard cannot list
				c.w.hide("serves CGI scripts from a directory guard cannot list (%s): it cannot tell what code they run", word.Quote(word.Render(path.Join(d, sub))))
				return
			}
			if !c.cgiDir(path.Join(d, sub), 0, &n) {
				return
			}
		}
	}
}

// cgiDir reads the scripts under directory d; false once it hid the run.
func (c *cmd) cgiDir(d string, depth int, n *int) bool {
	if !word.IsKnown(d) || depth > maxCGIDepth {
		c.w.hide("serves CGI scripts from a directory guard cannot tell (%s): it cannot tell what code they run", word.Quote(word.Render(d)))
		return false
	}
	names, ok := c.w.listDir(d)
	if !ok {
		c.w.hide("serves CGI scripts from a directory guard cannot list (%s): it cannot tell what code they run", word.Quote(word.Render(d)))
		return false
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		p := path.Join(d, strings.TrimSuffix(name, "/"))
		if strings.HasSuffix(name, "/") {
			if !c.cgiDir(p, depth+1, n) {
				return false
			}
			continue
		}
		if *n++; *n > maxCGIFiles {
			c.w.hide("serves more than %d CGI scripts, more than guard reads", maxCGIFiles)
			return false
		}
		if ext := path.Ext(p); ext == ".py" || ext == ".pyw" {
			c.w.tentative("python3 " + word.Quote(p)) // the server runs it with its own python
		} else {
			c.w.tentative(word.Quote(p)) // execs it: a #! line or a compiled program
		}
	}
	return true
}
