package shell

// CMake is a script language: cmake runs CMakeLists.txt when it configures
// a build (cmake -B build, cmake ..), and a script with cmake -P. Its
// calls that touch files or run programs at that time are modelled: the
// paths file(), configure_file() and include() name, and the commands
// execute_process() runs, with CMake's variables expanded ($ENV{HOME} is
// the shell's $HOME, set(X …) a value, the source and build directories
// the project's). A path or a command guard cannot work out (a variable it
// does not know: string(CONCAT …), a function's parameter, a generator
// expression) hides the command; so do exec_program, try_run and
// cmake_language(EVAL), which run what guard does not read.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// cmakeRuns are CMake's commands that run code guard does not model.
const cmakeRuns word.Set = " exec_program try_run cmake_language load_command variable_watch "

// cmakeProcessKeys are execute_process's keywords: what follows each is
// not part of a COMMAND.
const cmakeProcessKeys word.Set = " COMMAND WORKING_DIRECTORY TIMEOUT RESULT_VARIABLE RESULTS_VARIABLE OUTPUT_VARIABLE ERROR_VARIABLE " +
	"INPUT_FILE OUTPUT_FILE ERROR_FILE OUTPUT_QUIET ERROR_QUIET COMMAND_ECHO OUTPUT_STRIP_TRAILING_WHITESPACE " +
	"ERROR_STRIP_TRAILING_WHITESPACE ENCODING ECHO_OUTPUT_VARIABLE ECHO_ERROR_VARIABLE COMMAND_ERROR_IS_FATAL "

// cmakeNoPaths are file()'s subcommands that name no file (they work on
// strings and variables).
const cmakeNoPaths word.Set = " TO_CMAKE_PATH TO_NATIVE_PATH RELATIVE_PATH REAL_PATH GET_RUNTIME_DEPENDENCIES LOCK TIMESTAMP SIZE READ_SYMLINK GLOB GLOB_RECURSE "

// cmakeScript models CMake script text of file name (see the file
// comment).
func (c *cmd) cmakeScript(text, name string) {
	calls, ok := lang.CMakeCalls(text)
	if !ok {
		c.w.hide("runs %s, a CMake script guard cannot read whole", name)
		return
	}
	s := cmakeState{file: name, vars: map[string]string{}, set: map[string]int{}}
	for _, call := range calls {
		if !c.cmakeCall(&s, call) {
			return
		}
	}
}

// cmakeState is what cmakeScript knows while it reads a script: the file,
// the variables set to a value it knows, and how often each is set.
type cmakeState struct {
	file string
	vars map[string]string
	set  map[string]int
}

// cmakeCall models one call; false when the command is hidden.
func (c *cmd) cmakeCall(s *cmakeState, call lang.CMakeCall) bool {
	args := call.Args
	switch {
	case call.Name == "set" && len(args) > 0:
		s.assign(args[0], args[1:])
	case cmakeRuns.Has(call.Name):
		return c.cmakeHide(s, call.Name+" runs code guard does not read")
	case call.Name == "execute_process":
		return c.cmakeProcess(s, args)
	case call.Name == "file" && len(args) > 1:
		sub := strings.ToUpper(args[0])
		if cmakeNoPaths.Has(sub) {
			return true
		}
		ps := args[1:]
		if sub == "WRITE" || sub == "APPEND" {
			ps = args[1:2] // then the content
		}
		return c.cmakePaths(s, ps, sub != "READ" && sub != "STRINGS" && !strings.HasPrefix(sub, "SHA") && sub != "MD5")
	case call.Name == "configure_file" && len(args) > 1:
		return c.cmakePaths(s, args[:1], false) && c.cmakePaths(s, args[1:2], true)
	case call.Name == "include" && len(args) > 0:
		return c.cmakeInclude(s, args[0])
	}
	return true
}

// assign records set(NAME VALUE…): a value guard knows, joined with ;
// as CMake's lists are; a variable set twice (in two branches, perhaps)
// or to what guard does not know is unknown.
func (s *cmakeState) assign(name string, values []string) {
	s.set[name]++
	var vs []string
	for _, v := range values {
		if v == "CACHE" || v == "PARENT_SCOPE" {
			break
		}
		e, ok := s.expand(v)
		if !ok {
			delete(s.vars, name)
			return
		}
		vs = append(vs, e)
	}
	if s.set[name] > 1 {
		delete(s.vars, name)
		return
	}
	s.vars[name] = strings.Join(vs, ";")
}

// cmakeDirs are CMake's variables that hold the project's directories:
// its source tree (the directory cmake reads, taken as the one it runs
// in) and its build tree (taken as one inside it).
const cmakeDirs word.Set = " CMAKE_SOURCE_DIR PROJECT_SOURCE_DIR CMAKE_HOME_DIRECTORY CMAKE_BINARY_DIR PROJECT_BINARY_DIR "

// maxCMakeDepth bounds the variable references expanded inside others.
const maxCMakeDepth = 8

// expand returns CMake argument text with its variable references
// expanded: $ENV{NAME} is the shell's $NAME, ${NAME} a value set(…) gave,
// or a directory of the project; false for anything else (a variable
// guard does not know, $CACHE{…}, a generator expression $<…>).
func (s *cmakeState) expand(v string) (string, bool) {
	return s.expandDepth(v, 0)
}

func (s *cmakeState) expandDepth(v string, depth int) (string, bool) {
	if !strings.Contains(v, "$") {
		return v, true
	}
	if depth > maxCMakeDepth || strings.Contains(v, "$<") || strings.Contains(v, "$CACHE{") {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		env := strings.HasPrefix(v[i:], "$ENV{")
		if !env && !strings.HasPrefix(v[i:], "${") {
			b.WriteByte(v[i])
			continue
		}
		open := i + 2
		if env {
			open = i + 5
		}
		end := cmakeClose(v, open)
		if end < 0 {
			return "", false
		}
		name, ok := s.expandDepth(v[open:end], depth+1) // ${${X}}
		if !ok || !cmakeName(name) {
			return "", false
		}
		val, ok := s.value(name, env)
		if !ok {
			return "", false
		}
		b.WriteString(val)
		i = end
	}
	return b.String(), true
}

// cmakeClose returns the offset of the } that closes the reference whose
// name starts at v[i], or -1.
func cmakeClose(v string, i int) int {
	depth := 0
	for ; i < len(v); i++ {
		switch v[i] {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// cmakeName reports whether name is one a reference may hold.
func cmakeName(name string) bool {
	return name != "" && !strings.ContainsAny(name, " \t\n$\"'`;\\")
}

// value returns the value of variable name: an environment variable as
// the shell's, a set one, or a directory of the project.
func (s *cmakeState) value(name string, env bool) (string, bool) {
	switch {
	case env:
		return "${" + name + "}", true
	case cmakeDirs.Has(name) || strings.HasSuffix(name, "_SOURCE_DIR") || strings.HasSuffix(name, "_BINARY_DIR"):
		return ".", true
	case name == "CMAKE_CURRENT_LIST_DIR" || name == "CMAKE_CURRENT_SOURCE_DIR" || name == "CMAKE_CURRENT_BINARY_DIR":
		return path.Dir(s.file), true
	case name == "CMAKE_CURRENT_LIST_FILE":
		return s.file, true
	case name == "CMAKE_COMMAND":
		return "cmake", true
	case name == "CMAKE_CTEST_COMMAND":
		return "ctest", true
	}
	v, ok := s.vars[name]
	return v, ok
}

// cmakeHide hides the command for what a call of script s does.
func (c *cmd) cmakeHide(s *cmakeState, what string) bool {
	c.w.hide("runs the CMake script %s, which %s", s.file, what)
	return false
}

// cmakePaths reads (and, with write, writes) the paths args name, each
// expanded; one guard cannot work out hides the command. A keyword
// (DESTINATION, FILES_MATCHING) is no path.
func (c *cmd) cmakePaths(s *cmakeState, args []string, write bool) bool {
	for _, a := range args {
		p, ok := s.expand(a)
		if !ok {
			return c.cmakeHide(s, "names a file guard cannot work out ("+a+")")
		}
		for _, q := range strings.Split(p, ";") {
			for _, r := range c.w.recipePaths(q) {
				c.w.Read(r)
				if write {
					c.w.Write(r)
				}
			}
		}
	}
	return true
}

// cmakeInclude models include(FILE): a module by name is CMake's or the
// project's (read with the project's .cmake files); a file outside the
// project, or one guard cannot work out, hides the command.
func (c *cmd) cmakeInclude(s *cmakeState, a string) bool {
	p, ok := s.expand(a)
	switch {
	case !ok:
		return c.cmakeHide(s, "includes a script guard cannot work out ("+a+")")
	case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "$") || strings.Contains("/"+p+"/", "/../"):
		return c.cmakeHide(s, "includes a script outside the project ("+p+")")
	}
	return true
}

// cmakeProcess models execute_process: each COMMAND's words are a command
// run (in WORKING_DIRECTORY), its files read and written; a word guard
// cannot work out hides the command.
func (c *cmd) cmakeProcess(s *cmakeState, args []string) bool {
	var cmds [][]string
	dir, key := "", ""
	for _, a := range args {
		if cmakeProcessKeys.Has(a) {
			key = a
			if a == "COMMAND" {
				cmds = append(cmds, nil)
			}
			continue
		}
		v, ok := s.expand(a)
		if !ok && (key == "COMMAND" || key == "WORKING_DIRECTORY" || strings.HasSuffix(key, "_FILE")) {
			return c.cmakeHide(s, "runs a command guard cannot work out ("+a+")")
		}
		switch key {
		case "COMMAND":
			cmds[len(cmds)-1] = append(cmds[len(cmds)-1], strings.Split(v, ";")...)
		case "WORKING_DIRECTORY":
			dir = v
		case "INPUT_FILE", "OUTPUT_FILE", "ERROR_FILE":
			c.cmakePaths(s, []string{a}, key != "INPUT_FILE")
		}
	}
	for _, ws := range cmds {
		if len(ws) == 0 {
			continue
		}
		line := quoteAll(ws)
		if dir != "" {
			line = "cd " + word.Quote(dir) + " && " + line
		}
		c.w.tentative(line)
	}
	return true
}

// cmakeP models cmake -P FILE: FILE is a CMake script cmake runs (a
// project's own are read with its tree: testrunners.go), wherever it is.
func (c *cmd) cmakeP() {
	for j := 0; j+1 < len(c.args); j++ {
		if c.args[j].Text != "-P" {
			continue
		}
		if f := c.args[j+1]; !f.Known {
			c.w.hide("runs a CMake script whose name guard cannot tell")
		} else if t, ok := c.w.FileText(f.Text, true, effect.MaxScriptBytes, "a CMake script"); ok {
			c.scanCompiled(t, f.Text)
		}
		return
	}
}
