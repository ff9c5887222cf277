package shell

// python3 -m http.server --cgi: the server execs, when
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
	c.cgiServed(dirs)
}

// cgiHandlerNames are the names by which python code starts http.server's
// CGI handler: the class, its cgi_directories, and
// wsgiref's CGIHandler.
var cgiHandlerNames = [...]string{"CGIHTTPRequestHandler", "cgi_directories", "CGIHandler"}

// codeCGI reads, for python code that names a CGI handler
// (http.server.test(HandlerClass=CGIHTTPRequestHandler)), the scripts it
// serves, as python3 -m http.server --cgi's: from the working directory,
// or each literal directory="…" the code names; a directory it computes,
// or code that changes its directory, is "cannot tell".
func (c *cmd) codeCGI(code string) {
	named := false
	for _, n := range cgiHandlerNames {
		named = named || strings.Contains(code, n)
	}
	if !named {
		return
	}
	if strings.Contains(code, "chdir") {
		c.w.hide("starts a CGI server from code that changes its directory: guard cannot tell what scripts it runs")
		return
	}
	dirs := []string{"."}
	for rest := code; ; {
		i := strings.Index(rest, "directory")
		if i < 0 {
			break
		}
		rest = strings.TrimLeft(rest[i+len("directory"):], " \t")
		if !strings.HasPrefix(rest, "=") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t")
		lit, ok := quotedLiteral(rest)
		if !ok {
			c.w.hide("starts a CGI server on a directory guard cannot read: it cannot tell what scripts it runs")
			return
		}
		dirs = append(dirs, lit)
	}
	c.cgiServed(dirs)
}

// quotedLiteral returns the plain string literal s starts with ("www",
// 'www'): no escape, no f-string.
func quotedLiteral(s string) (string, bool) {
	if s == "" || s[0] != '"' && s[0] != '\'' {
		return "", false
	}
	end := strings.IndexByte(s[1:], s[0])
	if end < 0 || strings.ContainsAny(s[1:1+end], "\\{") {
		return "", false
	}
	return s[1 : 1+end], true
}

// cgiServed reads the CGI scripts of each served directory of dirs.
func (c *cmd) cgiServed(dirs []string) {
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
