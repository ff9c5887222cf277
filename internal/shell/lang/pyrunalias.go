package lang

// Python's program-running functions under another name: from os import
// system as s; f = os.system; import subprocess as sp. An alias of such a
// function is that function: its calls are read as the function's
// (ShellStrings, ArgvLines, RunsShellText). The function handed on as a
// value (map(os.system, …), functools.partial(subprocess.run, …), a
// callback) runs what guard does not follow: PyRunValue.

import "strings"

// pyRunFuncs returns module m's functions that run a program or a shell
// command, blank-separated ("" for a module pyRunModules does not list).
// A switch, not a map: the hook's packages build no table at start.
func pyRunFuncs(m string) string {
	switch m {
	case "os":
		return " system popen execv execve execvp execvpe execl execle execlp execlpe spawnv spawnve spawnvp spawnvpe " +
			"spawnl spawnle spawnlp spawnlpe posix_spawn posix_spawnp "
	case "posix":
		return " system popen execv execve posix_spawn posix_spawnp "
	case "subprocess":
		return " run call check_call check_output Popen getoutput getstatusoutput "
	case "commands":
		return " getoutput getstatusoutput "
	case "pty":
		return " spawn "
	case "asyncio":
		return " create_subprocess_shell create_subprocess_exec "
	}
	return ""
}

// pyRunModules are the modules pyRunFuncs lists.
var pyRunModules = [...]string{"os", "posix", "subprocess", "commands", "pty", "asyncio"}

// pyRunFunc reports whether fn is a program-running function of a module
// pyRunFuncs lists.
func pyRunFunc(fn string) bool {
	for _, m := range pyRunModules {
		if strings.Contains(pyRunFuncs(m), " "+fn+" ") {
			return true
		}
	}
	return false
}

// pyRunModule reports whether module m (its own name or an alias code
// gives it: import subprocess as sp) has program-running function fn.
func pyRunModule(m, fn string, modAliases map[string]string) bool {
	if a, ok := modAliases[m]; ok {
		m = a
	}
	return strings.Contains(pyRunFuncs(m), " "+fn+" ")
}

// PyRunAliases returns the names python code binds to a program-running
// function, each with the function's name: from os import system as s
// (s: system), f = os.system (f: system).
func PyRunAliases(code string) map[string]string {
	out, _ := pyRunNames(code)
	return out
}

// PyRunValue reports whether python code takes a program-running function
// as a value other than to bind an alias: map(os.system, …),
// functools.partial(subprocess.run, …), Thread(target=os.system).
func PyRunValue(code string) bool {
	_, value := pyRunNames(code)
	return value
}

// ident is an identifier of code and the index just past it.
type ident struct {
	name string
	end  int
}

// pyRunNames reads python code's aliases of program-running functions and
// whether it takes one as a value otherwise (see PyRunAliases,
// PyRunValue).
func pyRunNames(code string) (aliases map[string]string, value bool) {
	if !strings.Contains(code, "import") {
		return nil, false
	}
	lits := litSpans(code)
	mods := map[string]string{}
	var ids []ident
	for name, k := range codeIdents(code, lits) {
		ids = append(ids, ident{name, k})
		if len(ids) > maxLiterals {
			break
		}
	}
	for i := 1; i+1 < len(ids); i++ {
		if ids[i].name == "as" && pyRunFuncs(ids[i-1].name) != "" {
			mods[ids[i+1].name] = ids[i-1].name // import subprocess as sp
		}
	}
	for i, id := range ids {
		switch {
		case id.name == "as" && i > 0 && i+1 < len(ids) && pyRunFunc(ids[i-1].name) && importLine(code, id.end):
			if aliases == nil {
				aliases = map[string]string{}
			}
			aliases[ids[i+1].name] = ids[i-1].name // from os import system as s
		case i > 0 && pyRunModule(ids[i-1].name, id.name, mods) && dotted(code, id):
			j := skipBlanks(code, id.end)
			if j < len(code) && (code[j] == '(' || code[j] == '.') {
				continue // os.system(…): a call
			}
			if a := boundTo(code, id.end-len(id.name)-len(ids[i-1].name)-1); a != "" {
				if aliases == nil {
					aliases = map[string]string{}
				}
				aliases[a] = id.name // f = os.system
				continue
			}
			value = true
		}
	}
	return aliases, value
}

// dotted reports whether identifier id follows a dot right after the
// identifier before it: os.system.
func dotted(code string, id ident) bool {
	s := id.end - len(id.name)
	return s > 0 && code[s-1] == '.'
}

// importLine reports whether the line around code[i] is an import
// statement (from M import f as g, a bracketed list of them).
func importLine(code string, i int) bool {
	line := code[strings.LastIndexByte(code[:i], '\n')+1 : i]
	if s := strings.LastIndex(line, ";"); s >= 0 {
		line = line[s+1:]
	}
	if line = strings.TrimSpace(line); strings.HasPrefix(line, "from ") || strings.HasPrefix(line, "import ") {
		return true
	}
	s := strings.LastIndex(code[:i], "import (")
	return s >= 0 && !strings.Contains(code[s:i], ")")
}

// boundTo returns the name the expression starting at code[s] is
// assigned to (NAME = os.system), "" when it is not the right-hand side of
// a plain assignment.
func boundTo(code string, s int) string {
	k := s
	for k > 0 && (code[k-1] == ' ' || code[k-1] == '\t') {
		k--
	}
	if k == 0 || code[k-1] != '=' || k > 1 && strings.IndexByte("=!<>+-*/%&|^:", code[k-2]) >= 0 {
		return ""
	}
	k--
	for k > 0 && (code[k-1] == ' ' || code[k-1] == '\t') {
		k--
	}
	e := k
	for k > 0 && isIdentByte(code[k-1]) {
		k--
	}
	if k == e || k > 0 && code[k-1] == '.' {
		return "" // self.f = os.system: an attribute guard does not follow
	}
	return code[k:e]
}
