package hook

import (
	"path/filepath"
	"testing"
)

// TestRoutesCommandDirFields: an MCP or unknown tool that runs a command
// with a directory field of its own (cwd, directory, options.cwd, any
// absolute directory value) has the command's relative words checked
// under that directory too.
func TestRoutesCommandDirFields(t *testing.T) {
	home, _ := routeWorld(t)
	proj3 := filepath.Join(home, "proj3")
	writeFiles(t, proj3, map[string]string{"src/a.go": "package a\n"})
	tmp := filepath.Dir(home)
	var cases []routeCase
	for _, in := range []string{
		`{"command":"rm -rf ../.guard","cwd":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","cwd":"` + proj3 + `"}`,
		`{"command":["cat","../.ssh/id_rsa"],"directory":"` + proj3 + `"}`,
		`{"command":["truncate","-s0","../.bashrc"],"directory":"` + proj3 + `"}`,
		`{"command_line":"cat ../.aws/credentials","cwd":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","options":{"cwd":"` + proj3 + `"}}`,
		`{"command":"echo x >> ../.bashrc","spawn":{"cwd":"` + proj3 + `"}}`,
		`{"command":"echo x >> ../.bashrc","opts":{"dir":"` + proj3 + `"}}`,
		`{"command":"echo x >> ../.bashrc","location":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","at":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","CWD":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","current_working_directory":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","exec_dir":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","base":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","made_up":"` + proj3 + `"}`,
		`{"command":"echo x >> ../.bashrc","cwd":"home/proj3"}`,
		`{"command":"echo x >> ../.bashrc","cwd":"$HOME/proj3"}`,
	} {
		cases = append(cases,
			routeCase{"a", tmp, "mcp__shell__run", in, true},
			routeCase{"b", tmp, "", in, true},
			routeCase{"c", tmp, "run_command", in, true})
	}
	// Agent B with no payload cwd at all.
	cases = append(cases, routeCase{"b", "", "", `{"command":"echo x >> ../.bashrc","cwd":"` + proj3 + `"}`, true})
	// Everyday: a command in the project, a directory field naming it.
	for _, in := range []string{
		`{"command":"go test ./...","cwd":"` + proj3 + `"}`,
		`{"command":["ls","-la","src"],"directory":"` + proj3 + `"}`,
		`{"command":"cat src/a.go","options":{"cwd":"` + proj3 + `"}}`,
	} {
		cases = append(cases,
			routeCase{"a", proj3, "mcp__shell__run", in, false},
			routeCase{"b", proj3, "", in, false},
			routeCase{"c", proj3, "run_command", in, false})
	}
	runRouteCases(t, cases)
}

// TestRoutesArgvAndEnv: an MCP or unknown tool's argv array is one word
// an element (["sh","-c","cd; cat .aws/credentials"] is sh with one
// script), and an environment object beside the command is the
// command's (BASH_ENV, NODE_OPTIONS, GIT_PAGER run other code), for
// every agent (FINDINGS55b B18, B19).
func TestRoutesArgvAndEnv(t *testing.T) {
	_, proj := routeWorld(t)
	writeFiles(t, proj, map[string]string{"e.sh": "cat ~/.aws/credentials\n", "ev.js": "require('fs').readFileSync(process.env.HOME + '/.aws/credentials')\n"})
	var cases []routeCase
	for _, c := range []struct {
		in    string
		block bool
	}{
		{`{"command":["sh","-c","cd; cat .aws/credentials"]}`, true},
		{`{"program":"bash","args":["-c","cd;echo x >> .bashrc"]}`, true},
		{`{"command":"bash -c true","env":{"BASH_ENV":"./e.sh"}}`, true},
		{`{"command":"node -e 1","env":{"NODE_OPTIONS":"--require ./ev.js"}}`, true},
		{`{"command":"git log","environment":[{"name":"GIT_PAGER","value":"sh e.sh"}]}`, true},
		{`{"command":"ls","env":{"BASH_FUNC_ls%%":"() { :; }"}}`, true},
		// The shell's reading of an argv a server joins (review 55c C4), the
		// environment's other shapes (C5).
		{`{"command":"echo","args":["x; cat ~/.aws/credentials"]}`, true},
		{`{"command":["echo","x; cat ~/.aws/credentials"]}`, true},
		{`{"command":"bash -c true","env":[{"value":"./e.sh","name":"BASH_ENV"}]}`, true},
		{`{"command":"bash -c true","env":[["BASH_ENV","./e.sh"]]}`, true},
		{`{"command":"bash -c true","env":["BASH_ENV=./e.sh"]}`, true},
		{`{"command":"bash -c true","variables":{"BASH_ENV":"./e.sh"}}`, true},
		{`{"command":"bash -c true","extraEnv":{"BASH_ENV":"./e.sh"}}`, true},
		{`{"command":"bash -c true","env":[{"name":"BASH_ENV","val":"./e.sh","type":"x"}]}`, true},
		// Everyday: code as one argv word, an ordinary environment.
		{`{"command":["python3","-c","import os; print(os.getcwd())"]}`, false},
		{`{"command":"ls -la src","env":{"LC_ALL":"C","TZ":"UTC"}}`, false},
	} {
		cases = append(cases, everyAgent(proj, "exec", "run_command", c.in, c.block)...)
	}
	runRouteCases(t, cases)
}
