package shell

import "testing"

// TestGlobProgram: a program word that is a pattern runs what it matches
// on disk, the first match the program.
func TestGlobProgram(t *testing.T) {
	files := map[string]string{
		"run.sh":                       "echo x >> /home/u/.bashrc\n",
		"ok.sh":                        "echo ok\n",
		"/tmp/ph/bin/python3":          "\x7fELF",
		"/tmp/ph/bin/python3.11":       "\x7fELF",
		"/tmp/ph/lib/python3.11/os.py": "",
	}
	checkPy(t, files, []pyCase{
		{cmd: "./ru[n].sh", write: true},
		{cmd: "./r*.sh", write: true},
		{cmd: "./ru?.sh", write: true},
		{cmd: "./[!o]un.sh", write: true},
		{cmd: "/tmp/ph/bin/python* -c 1", hidden: true},
		{cmd: "/tmp/*/bin/pyth* -c 1", hidden: true},
		// controls
		{cmd: "./o*.sh"},
		{cmd: "./none*.sh"},
		{cmd: "'./ok.sh'"},
	})
}

// TestGlobbed: bash expands a word holding *, ? or a closed bracket; an
// unclosed [ (the program [) is matched as itself.
func TestGlobbed(t *testing.T) {
	for s, want := range map[string]bool{"[": false, "[[": false, "[]": false, "python[3]": true, "py*": true, "a?": true, "[]a]": true, "ls": false} {
		if got := globbed(s); got != want {
			t.Errorf("globbed(%q) = %v, want %v", s, got, want)
		}
	}
}
