package hook

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestToolGivenVars: the variables a build tool sets for the commands it
// runs are set while guard walks them, never read from the hook's
// environment (where they are unset): ${V:+W} is W for npm's INIT_CWD,
// npm_lifecycle_script, NODE, COLOR and npm_config_*, make's MAKELEVEL
// and MAKEFLAGS, go generate's GOPACKAGE and GOARCH; everyday uses of
// them still pass (FINDINGS56b G2).
func TestToolGivenVars(t *testing.T) {
	pkg := func(script string) string {
		return fmt.Sprintf(`{"name":"a","version":"1.0.0","scripts":{"test":%q}}`, script)
	}
	files := map[string]string{"~/.ssh/id_rsa": "KEY\n"}
	for i, v := range []string{"npm_lifecycle_script", "npm_command", "npm_execpath", "INIT_CWD", "NODE", "COLOR", "npm_config_cache", "npm_config_foo_bar"} {
		files[fmt.Sprintf("n%d/package.json", i)] = pkg("echo PWN >> ${" + v + ":+$HOME/.bashrc}")
	}
	// ${V:-W}, ${V:=W} of a variable npm sets is V's value, not W
	// (npm_config_userconfig is ~/.npmrc); ${V:+W} may be empty
	// (FINDINGS58a A14).
	for i, script := range []string{`echo x >> "$(dirname ${npm_config_userconfig:-/x/y})/.bashrc"`,
		`echo x >> "${npm_config_userconfig:-/dev/null}"`, `f=${npm_config_userconfig:-/dev/null}; echo x >> "$f"`,
		`echo x >> "${npm_config_userconfig:=/dev/null}"`, `echo x >> ~/.bashrc${npm_config_foo:+.bak}`,
		`echo x >> ${npm_config_zzz_q+/tmp/sink}$HOME/.bashrc`} { // a name only npm_config_* covers may be unset (58e E4)
		files[fmt.Sprintf("d%d/package.json", i)] = pkg(script)
	}
	files["nok/package.json"] = pkg("echo started in ${INIT_CWD:-.} && node -e 'console.log(1)' && echo ${npm_config_cache:-x} > cache.txt")
	for i, v := range []string{"MAKELEVEL", "MAKEFLAGS", "MFLAGS"} {
		files[fmt.Sprintf("m%d/Makefile", i)] = "t:\n\techo PWN >> $${" + v + ":+$$HOME/.bashrc}\n"
	}
	files["mok/Makefile"] = "t:\n\techo level $${MAKELEVEL:-0} > level.txt\n"
	files["g1/go.mod"] = "module x\n\ngo 1.21\n"
	files["g1/x.go"] = "package x\n\n//go:generate sh gen.sh\n"
	files["g1/gen.sh"] = "echo PWN >> ${GOPACKAGE:+$HOME/.bashrc}\n"
	files["g2/go.mod"] = "module x\n\ngo 1.21\n"
	files["g2/x.go"] = "package x\n\n//go:generate sh -c \"echo PWN >> $DOLLAR{GOARCH:+$DOLLAR{HOME}/.bashrc}\"\n"
	files["gok/go.mod"] = "module x\n\ngo 1.21\n"
	files["gok/x.go"] = "package x\n\n//go:generate sh gen.sh\n"
	files["gok/gen.sh"] = "echo \"// ${GOPACKAGE:-x} ${GOARCH:-any}\" > gen.txt\n"
	cases := []programCase{
		{"cd nok && npm test", false},
		{"cd mok && make t", false},
		{"cd gok && go generate", false},
		{"cd g1 && go generate", true},
		{"cd g2 && go generate ./...", true},
	}
	for i := 0; i < 8; i++ {
		cases = append(cases, programCase{fmt.Sprintf("cd n%d && npm test", i), true})
	}
	for i := 0; i < 6; i++ {
		cases = append(cases, programCase{fmt.Sprintf("cd d%d && npm test", i), true})
	}
	for i := 0; i < 3; i++ {
		cases = append(cases, programCase{fmt.Sprintf("cd m%d && make t", i), true}, programCase{fmt.Sprintf("cd m%d && make -s t", i), true})
	}
	runPrograms(t, files, cases)
}

// TestGitHookGivenVars: a hook is walked with the variables git sets for
// it: ${GIT_INDEX_FILE:+W} in a pre-commit is W (FINDINGS56b G2).
func TestGitHookGivenVars(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		body  string
		block bool
		why   string
	}{
		// ${V:+W} is W or empty: a name guard cannot tell
		{"echo PWN >> ${GIT_INDEX_FILE:+$HOME/.bashrc}\n", true, "computes at run time"},
		{"cd ${GIT_EXEC_PATH:+$HOME} && echo PWN >> .bashrc\n", true, "computes at run time"},
		{"echo PWN >> ${GIT_INDEX_FILE+$HOME/.bashrc}\n", true, ".bashrc"},
		{"test -n \"${GIT_INDEX_FILE:-}\" && echo staged\n", false, ""},
	} {
		if err := os.WriteFile(filepath.Join(proj, ".git/hooks/pre-commit"), []byte("#!/bin/sh\n"+tc.body), 0o755); err != nil {
			t.Fatal(err)
		}
		checkBlock(t, p, proj, "git commit -qm x --allow-empty", tc.block, tc.why)
	}
}
