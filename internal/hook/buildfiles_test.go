package hook

import (
	"strings"
	"testing"
)

// TestProjectBuildFiles: a project's Makefile or package.json that the
// command did not write (an earlier call may have) is scanned for the goal
// it runs: a recipe or script naming a protected place blocks, an
// ordinary one does not, and another target's recipe is not held against
// the goal run.
func TestProjectBuildFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"Makefile": "CC := gcc\nV != git describe\n.PHONY: all test\nall: build\nbuild:\n\t$(CC) -o app main.c\n" +
			"test: build\n\t./app --test\nclean:\n\trm -rf app\nhooks: ; cp x .git/hooks/pre-commit\n" +
			"evil: helper\nhelper:\n\t@echo x >>$(HOME)/.bashrc\n",
		"sub/Makefile":     "all:\n\tcat ~/.ssh/id_rsa\n",
		"pkg/package.json": `{"scripts":{"test":"jest","build":"tsc","pretest":"eslint .","postinstall":"cp x ~/.guard/rules.json","leak":"cat $HOME/.ssh/id_rsa"}}`,
		"sh/Makefile":      "KEY := $(shell cat ~/.ssh/id_rsa)\nall:\n\techo ok\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"make", false},
		{"make test", false},
		{"make clean build", false},
		{"make -j4 all V=1", false},
		{"make hooks", true},
		{"make evil", true},
		{"make -C sub", true},
		{"cd sub && make", true},
		{"make -C sh", true},
		{"cd pkg && npm test", false},
		{"cd pkg && npm run build", false},
		{"npm --prefix pkg run leak", true},
		{"cd pkg && npm install", true},
		{"cd pkg && yarn leak", true},
		{"cd pkg && pnpm run test", false},
	} {
		code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
		switch {
		case tc.block && code != 2:
			t.Errorf("%q: allowed, want a block", tc.cmd)
		case tc.block && !strings.Contains(stderr, "guard read what the command runs"):
			t.Errorf("%q: reason %q does not name the build file", tc.cmd, stderr)
		case !tc.block && code != 0:
			t.Errorf("%q: blocked: %s", tc.cmd, stderr)
		}
	}
}
