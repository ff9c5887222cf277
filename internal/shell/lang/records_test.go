package lang

import "testing"

func TestRunsRecords(t *testing.T) {
	tests := []struct {
		prog, code string
		want       bool
	}{
		{"awk", `{system($0)}`, true},
		{"gawk", `{ system("rm " $1) }`, true},
		{"awk", `{print | "sh"}`, true},
		{"awk", `{print $0 |& "bash -s"}`, true},
		{"awk", `{cmd = $0; system(cmd)}`, false}, // a variable the record went into: see the limits in HOOKS.md
		{"awk", `{print $1}`, false},
		{"awk", `{system("echo hi")}`, false},
		{"awk", `{print | "sort"}`, false},
		{"perl", `system $_`, true},
		{"perl", `system($_)`, true},
		{"perl", "print `$_`", true},
		{"perl", `qx{$_}`, true},
		{"perl", `exec "$_"`, true},
		{"perl", `open(P, "$_ |")`, true},
		{"perl", `system @F`, true},
		{"perl", `print if /x/`, false},
		{"perl", `$_foo = 1; system "ls"`, false},
		{"perl", `open(F, "<", $_)`, false},
		{"ruby", "puts `#{$_}`", true},
		{"python3", `os.system($0)`, false}, // not a language of records
	}
	for _, tt := range tests {
		if got := RunsRecords(tt.code, tt.prog); got != tt.want {
			t.Errorf("RunsRecords(%q, %q) = %v, want %v", tt.code, tt.prog, got, tt.want)
		}
	}
}

func FuzzRunsRecords(f *testing.F) {
	for _, s := range []string{`{system($0)}`, "print `$_`", `{print | "sh"}`, `$`, "`", `system(`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		RunsRecords(code, "awk")
		RunsRecords(code, "perl")
	})
}
