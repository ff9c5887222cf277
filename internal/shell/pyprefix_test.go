package shell

import (
	"errors"
	"testing"
)

// wdTree is a treeFiles that tells the starting directory.
type wdTree struct {
	treeFiles
	dir string
}

func (f *wdTree) WorkDir() string { return f.dir }

// TestPythonPrefixPlaces: the prefix rule in the home's own spelling
// (~/…) and for a project outside the home, named by its
// absolute path.
func TestPythonPrefixPlaces(t *testing.T) {
	files := map[string]string{
		"~/opt/anaconda3/envs/x/bin/python":                 "\x7fELF",
		"~/opt/anaconda3/envs/x/lib/python3.12/os.py":       "",
		"~/.pixi/envs/default/bin/python":                   "\x7fELF",
		"~/.pixi/envs/default/lib/python3.12/os.py":         "",
		"~/.linuxbrew/opt/python@3.12/bin/python3":          "\x7fELF",
		"~/.linuxbrew/opt/python@3.12/lib/python3.12/os.py": "",
		"~/ph/bin/python3":                                  "\x7fELF",
		"~/ph/lib/python3.11/os.py":                         "",
		"/workspace/p/ph/bin/python3":                       "\x7fELF",
		"/workspace/p/ph/lib/python3.11/os.py":              "",
		"/srv/pyenv/bin/python3":                            "\x7fELF",
		"/srv/pyenv/lib/python3.11/os.py":                   "",
	}
	for _, tc := range []struct {
		cmd, dir string
		hidden   bool
	}{
		{cmd: "~/ph/bin/python3 -c 1", dir: "/home/u/proj", hidden: true},
		{cmd: "/workspace/p/ph/bin/python3 -c 1", dir: "/workspace/p", hidden: true},
		// controls: installs the agent does not write
		{cmd: "~/opt/anaconda3/envs/x/bin/python ok.py", dir: "/home/u/proj"},
		{cmd: "~/.pixi/envs/default/bin/python ok.py", dir: "/home/u/proj"},
		{cmd: "~/.linuxbrew/opt/python@3.12/bin/python3 ok.py", dir: "/home/u/proj"},
		{cmd: "/workspace/p/ph/bin/python3 -c 1", dir: "/srv/other"},
		{cmd: "/srv/pyenv/bin/python3 -c 1", dir: "/workspace/p"},
	} {
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: &wdTree{treeFiles{fakeFiles{files: files}}, tc.dir}})
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s (in %s): hidden = %v (%v), want %v", tc.cmd, tc.dir, hidden, a.Err, tc.hidden)
		}
	}
}
