package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestMakeShell: make's SHELL, set anywhere, runs every recipe line.
func TestMakeShell(t *testing.T) {
	x := map[string]string{"./x.sh": "cat ~/.ssh/id_rsa", "m.mk": "all:\n\ttrue\n"}
	with := func(k, v string) map[string]string {
		m := map[string]string{k: v}
		for a, b := range x {
			if a != k {
				m[a] = b
			}
		}
		return m
	}
	for _, tt := range []struct {
		cmd   string
		files map[string]string
		read  bool
	}{
		{"make -f m.mk SHELL=./x.sh", x, true},
		{"make -f m.mk SHELL:=./x.sh", x, true},
		{"make -f m.mk --eval=SHELL=./x.sh", x, true},
		{"make -f m.mk -E SHELL=./x.sh", x, true},
		{"make -f m.mk -ESHELL=./x.sh", x, true},
		{"make -f m.mk MAKESHELL=./x.sh", x, true},
		{"make -f m.mk", with("m.mk", "SHELL=./x.sh\nall:\n\ttrue\n"), true},
		{"make -f m.mk", with("m.mk", "all: SHELL=./x.sh\nSHELL=/bin/sh\nall:\n\ttrue\n"), true},
		{"make -f m.mk -E 'all: x' -E 'x: ; ./x.sh'", x, true},
		{"make -f m.mk", with("m.mk", "define SHELL\n./x.sh\nendef\nall:\n\ttrue\n"), true}, // define: as SHELL= (FINDINGS56d P4)
		{"make -f m.mk SHELL=/bin/bash", x, false},
		{"make -f m.mk", with("m.mk", "SHELL := /usr/bin/env bash\n.SHELLFLAGS := -euo pipefail -c\nall:\n\ttrue\n"), false},
	} {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if a.Err != nil {
			t.Errorf("%q: %v", tt.cmd, a.Err)
		}
		if got := slices.Contains(a.Reads, "~/.ssh/id_rsa"); got != tt.read {
			t.Errorf("%q: reads %q, want ~/.ssh/id_rsa %v", tt.cmd, a.Reads, tt.read)
		}
	}
	for _, cmd := range []string{`make SHELL="$(mytool)"`, `make .SHELLFLAGS='-c ./x.sh #'`, `make SHELL='python3 -c'`} {
		if a, _ := analyzeWith(cmd, nil); !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%q: %v, want hidden", cmd, a.Err)
		}
	}
}

// TestShellFlags: which .SHELLFLAGS are only options.
func TestShellFlags(t *testing.T) {
	for _, tt := range []struct {
		flags []string
		ok    bool
	}{
		{[]string{"-c"}, true},
		{[]string{"-ec"}, true},
		{[]string{"-euo", "pipefail", "-c"}, true},
		{[]string{"-o"}, false},
		{[]string{"-c", "./x.sh"}, false},
		{[]string{"-o", "./x"}, false},
		{[]string{"--rcfile"}, false},
	} {
		if got := shellFlags(tt.flags); got != tt.ok {
			t.Errorf("shellFlags(%q) = %v, want %v", tt.flags, got, tt.ok)
		}
	}
}
