package shell

// runpy: python3 -m runpy MOD ARGS is python3 -m MOD
// ARGS, and code's runpy.run_module("MOD", run_name="__main__") or
// runpy.run_path of a standard-library module's file runs MOD as -m does,
// with the arguments the code gives it (sys.argv), which guard does not
// read: a module that runs code when an option is given (http.server
// --cgi) is read as if it were given, and a runner module of programs
// (cProfile, pdb, unittest…) runs what guard cannot tell. A name that is
// not a literal is already "cannot tell" (lang.Imports: Dynamic).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// runpyModules reads the modules python code runs as __main__ through
// runpy.
func (c *cmd) runpyModules(code string) {
	if !strings.Contains(code, "run_module") && !strings.Contains(code, "run_path") {
		return
	}
	mods := lang.FirstLiterals(code, []string{"run_module", "_run_module_as_main"}, false)
	for _, p := range lang.FirstLiterals(code, []string{"run_path"}, false) {
		if mod, ok := stdlibModuleOf(p); ok {
			mods = append(mods, mod) // runpy.run_path(".../python3.11/http/server.py")
		}
	}
	for _, mod := range mods {
		m := word.Word{Text: mod, Known: true}
		if opt, ok := catalogue.PyCodeOption(mod); ok {
			c.cgiScripts(m, []word.Word{{Text: opt, Known: true}})
		}
		if _, known := catalogue.PyRunnerOf(mod); known {
			c.w.hide("runs python's %s module through runpy with arguments guard does not read: it cannot tell what code runs", mod)
		}
	}
}

// stdlibModuleOf returns the module whose file in a python installation's
// library p is (/usr/lib/python3.11/http/server.py: http.server).
func stdlibModuleOf(p string) (string, bool) {
	i := strings.LastIndex(p, "/python3")
	if i < 0 || !strings.HasSuffix(p, ".py") {
		return "", false
	}
	_, rest, ok := strings.Cut(p[i+1:], "/")
	if !ok {
		return "", false
	}
	rest = strings.TrimSuffix(strings.TrimSuffix(rest, ".py"), "/__main__")
	rest = strings.TrimSuffix(rest, "/__init__")
	return strings.ReplaceAll(rest, "/", "."), rest != ""
}
