package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestPythonPathZip: a zip on python's module path
// (PYTHONPATH, sys.path) is read as a zip application is; what guard
// cannot read there is hidden.
func TestPythonPathZip(t *testing.T) {
	evil := `import os; open("/home/u/.bashrc", "a").write("x")`
	lib := zipOf(t, "", "zm.py", evil)
	tests := []struct {
		name   string
		cmd    string
		files  map[string]string
		writes []string
		hidden bool
	}{
		{name: "PYTHONPATH zip, import", cmd: `PYTHONPATH=lib.zip python3 -c 'import zm'`, files: map[string]string{"lib.zip": lib}, writes: []string{"/home/u/.bashrc"}},
		{name: "PYTHONPATH zip, -m", cmd: `PYTHONPATH=lib.zip python3 -m zm`, files: map[string]string{"lib.zip": lib}, writes: []string{"/home/u/.bashrc"}},
		{name: "sys.path.insert", cmd: `python3 -c 'import sys; sys.path.insert(0,"lib.zip"); import zm'`, files: map[string]string{"lib.zip": lib}, writes: []string{"/home/u/.bashrc"}},
		{name: "zipimporter", cmd: `python3 -c 'import zipimport; zipimport.zipimporter("lib.zip").load_module("zm")'`, files: map[string]string{"lib.zip": lib}, writes: []string{"/home/u/.bashrc"}},
		{name: "any name", cmd: `PYTHONPATH=deps.bin python3 -c 'import zm'`, files: map[string]string{"deps.bin": lib}, writes: []string{"/home/u/.bashrc"}},
		{name: "bytecode in the zip", cmd: `PYTHONPATH=lib.zip python3 -c 'import zm'`, files: map[string]string{"lib.zip": zipOf(t, "", "zm.pyc", "\x6f\x0d\x0d\x0a")}, hidden: true},
		{name: "a harmless zip", cmd: `PYTHONPATH=lib.zip python3 -c 'import zm'`, files: map[string]string{"lib.zip": zipOf(t, "", "zm.py", "print(1)")}},
		{name: "a file that is no zip", cmd: `PYTHONPATH=notes.txt python3 -c 'print(1)'`, files: map[string]string{"notes.txt": "hello"}},
		{name: "a directory", cmd: `PYTHONPATH=src python3 -c 'import m'`, files: map[string]string{"src/m.py": "print(1)"}},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, tc.files)
		for _, p := range tc.writes {
			if !slices.Contains(a.Writes, p) {
				t.Errorf("%s: %s: writes %q, want %q among them (err %v)", tc.name, tc.cmd, a.Writes, p, a.Err)
			}
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: %s: hidden = %v (%v), want %v", tc.name, tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}
