package hook

import (
	"strings"
	"testing"
)

// TestScriptUnderCondition: a script run after cd D && runs whole in a
// shell of its own, its assignments and cds certain there (FINDINGS53b
// F14: SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)" … make blocked); what
// it runs is still read. Both bash.match modes.
func TestScriptUnderCondition(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"Makefile": "all:\n\techo ok\n",
		"scripts/s.sh": "#!/usr/bin/env bash\nset -euo pipefail\nSCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n" +
			"ROOT=\"$(cd \"$SCRIPT_DIR/..\" && pwd)\"\ncd \"$ROOT\"\nmake\n",
		"scripts/d.sh":  "R=\"$(cd .. && pwd)\"\ncd \"$R\"\nmake\n",
		"scripts/u.sh":  "for d in src; do pushd \"$d\" >/dev/null; ls; popd >/dev/null; done; make\n",
		"src/a.c":       "int x;\n",
		"q.sh":          "cat ~/.ssh/id_rsa\n",
		"scripts/q.sh":  "cat ~/.ssh/id_rsa\n",
		"scripts/e1.sh": "cd nonexist; ./q.sh\n",
		"scripts/e2.sh": "R=\"$(cd .. && pwd)\"\ncd \"$R\"\n./q.sh\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"cd scripts && bash s.sh", "cd scripts && bash d.sh", "cd scripts && bash u.sh", "cd scripts; bash s.sh"} {
			checkBlock(t, p, proj, cmd, false, "")
		}
		for _, cmd := range []string{"cd scripts && bash e1.sh", "cd scripts && bash e2.sh", "true && . scripts/e2.sh"} {
			checkBlock(t, p, proj, cmd, true, "")
		}
	}
}

// TestManyDirectoryBuilds: cd D && make; cd .. in several directories
// that exist leaves the shell where it was, and the makefiles a make looks
// for and does not find count as no file read (FINDINGS53b F3).
func TestManyDirectoryBuilds(t *testing.T) {
	files := map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n"}
	var b strings.Builder
	for _, d := range []string{"m1", "m2", "m3", "m4", "m5", "m6"} {
		files[d+"/Makefile"] = "all:\n\techo ok\n"
		b.WriteString("cd " + d + " && make; cd ..; ")
	}
	_, proj := scriptWorld(t, files)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		checkBlock(t, p, proj, b.String(), false, "")
		checkBlock(t, p, proj, b.String()+"./q.sh", true, "")
		checkBlock(t, p, proj, "cd nope && make; ./q.sh", true, "")
	}
}

// TestGitProgramOnPath: git SUB for a SUB that is not git's own runs the
// program git-SUB from PATH, read as any program (FINDINGS53b F13).
func TestGitProgramOnPath(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{"bin/git-foo": "cat ~/.ssh/id_rsa\n"})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		checkBlock(t, p, proj, "PATH=$PWD/bin:$PATH git foo", true, "id_rsa")
	}
}

// TestCdMayFail: a cd to a directory that exists still fails with a
// redirection that fails, an option cd does not take, a function named
// cd, or after the command removed or wrote files: the shell may stay,
// and what runs there is read (FINDINGS53b F1).
func TestCdMayFail(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n", "safe/q.sh": "echo ok\n"})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd safe > /nonexistent/x; ./q.sh", "cd safe < /nonexistent; ./q.sh", "cd --bogus safe; ./q.sh",
			"rm -rf safe; cd safe; ./q.sh", "mv safe s2; cd safe; ./q.sh", "cd() { :; }; cd safe; ./q.sh",
		} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{"cd safe; ./q.sh", "cd -P safe; ./q.sh", "cd safe 2>/dev/null; ./q.sh", "cd safe >/dev/null 2>&1; ./q.sh"} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}
