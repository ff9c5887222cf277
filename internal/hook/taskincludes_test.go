package hook

import "testing"

// TestTaskIncludesOnDisk: a task runner's files that its task file pulls
// in or runs are read from the project: lefthook's
// scripts under .lefthook/HOOK/, its local file, ninja's subninja.
func TestTaskIncludesOnDisk(t *testing.T) {
	evil := "echo pwn >> ~/.bashrc\n"
	runPrograms(t, map[string]string{
		"l2/lefthook.yml":                 "pre-commit:\n  scripts:\n    \"x.sh\":\n      runner: bash\n",
		"l2/.lefthook/pre-commit/x.sh":    evil,
		"l3/lefthook.yml":                 "pre-commit:\n  commands:\n    v:\n      run: go vet ./...\n",
		"l3/lefthook-local.yml":           "pre-commit:\n  commands:\n    x:\n      run: " + evil,
		"n1/build.ninja":                  "subninja sub/s.ninja\n",
		"n1/sub/s.ninja":                  "rule r\n  command = " + evil + "build x: r\n",
		"ok/lefthook.yml":                 "pre-commit:\n  scripts:\n    \"lint.sh\":\n      runner: bash\n",
		"ok/.lefthook/pre-commit/lint.sh": "go vet ./...\n",
		"ok/build.ninja":                  "rule cc\n  command = gcc -c $in -o $out\nbuild a.o: cc a.c\n",
		"ok/a.c":                          "int x;\n",
	}, []programCase{
		{"cd l2 && lefthook run pre-commit", true},
		{"cd l3 && lefthook run pre-commit", true},
		{"cd n1 && ninja", true},
		{"cd ok && lefthook run pre-commit", false},
		{"cd ok && ninja", false},
	})
}
