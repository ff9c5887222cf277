package hook

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
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
		checkBlock(t, p, proj, tc.cmd, tc.block, "guard read what the command runs")
	}
}

// TestProjectBuildFileConstructs: the makefile constructs and package
// managers of the fourth review (H5): an include, MAKEFILES, a continued
// recipe line, a define block, .RECIPEPREFIX, make variables holding a
// protected path (in the makefile, on the command line, in the shell), a
// script a recipe runs, a makefile from a process substitution, and npm's
// other script-running subcommands, bun, deno task, node --run, corepack
// block; ordinary ones do not.
func TestProjectBuildFileConstructs(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"inc/Makefile":     "include other.mk\n",
		"inc/other.mk":     "all:\n\tcp x ~/.bashrc\n",
		"inc/ok.mk":        "all:\n\tgo build ./...\n",
		"mk/cont.mk":       "all:\n\tcp x ~/.bash\\\n\trc\n",
		"mk/define.mk":     "define X\ncp x ~/.bashrc\nendef\nall:\n\t$(X)\n",
		"mk/prefix.mk":     ".RECIPEPREFIX = >\nall:\n> cp x ~/.bashrc\n",
		"mk/vars.mk":       "HOMEX=$(HOME)\nall:\n\techo x >> $(HOMEX)/.bashrc\n",
		"mk/r.mk":          "all:\n\techo x >> ~/.bash$(R)\n",
		"mk/script.mk":     "all:\n\t@./s.sh\n",
		"mk/s.sh":          "cp x ~/.bashrc\n",
		"mk/incvar.mk":     "OBJS != ls *.o\ninclude $(OBJS:.o=.d)\nall:\n\ttrue\n",
		"mk/deps.mk":       "OBJS = a.o b.o\nDEPS = $(OBJS:.o=.d)\n-include $(DEPS)\nall:\n\ttrue\n",
		"mk/incnamed.mk":   "MK = evil.mk\ninclude $(MK)\nall:\n\ttrue\n",
		"mk/evil.mk":       "x:\n\tcp y ~/.bashrc\n",
		"mk/ok.mk":         "B := ./bin\nall:\n\t$(CURDIR)/ok.sh $(B)\n\tgo test ./...\n",
		"mk/ok.sh":         "echo ok\n",
		"mk/pattern.mk":    "all: a.o\n%.o: %.c\n\tcp $< ~/.bashrc\n",
		"pkg/package.json": `{"scripts":{"test":"jest","prepack":"cp x ~/.bashrc","dev":"cp x ~/.bashrc","build":"tsc","postinstall":"cp x ~/.bashrc","preversion":"cp x ~/.bashrc"}}`,
		"deno/deno.json":   `{"tasks":{"dev":"cp x ~/.bashrc"}}`,
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"cd inc && make", true},
		{"cd inc && make -f ok.mk", false},
		{"cd inc && MAKEFILES=other.mk make -f ok.mk", true},
		{"cd inc && make MAKEFILES=other.mk -f ok.mk", true},
		{"cd inc && export MAKEFILES=other.mk; make -f ok.mk", true},
		{"cd mk && make -f cont.mk", true},
		{"cd mk && make -f define.mk", true},
		{"cd mk && make -f prefix.mk", true},
		{"cd mk && make -f vars.mk", true},
		{"cd mk && make -f r.mk R=rc", true},
		{"cd mk && make -f r.mk R=\"$(cat f)\"", true},
		{"cd mk && make -f script.mk", true},
		{"cd mk && make -f incvar.mk", true},
		{"cd mk && make -f deps.mk", false}, // -include of generated dependency files: skipped
		{"cd mk && make -f incnamed.mk x", true},
		{"cd mk && make -f <(cat ../inc/other.mk)", true},
		{"cd mk && make -f ok.mk", false},
		{"cd mk && make -f pattern.mk", true},
		{"cd mk && make -f r.mk", true}, // R empty: ~/.bash, a hidden file of the home (~/.*/**)
		{"cd pkg && npm it", true},      // postinstall (npm it and npm version do not run prepack: FINDINGS55a FP1)
		{"cd pkg && npm pack", true},
		{"cd pkg && npm version patch", true},
		{"cd pkg && npm publish --dry-run", true},
		{"cd pkg && npm rebuild", true},
		{"cd pkg && bun run dev", true},
		{"cd pkg && corepack pnpm dev", true},
		{"cd pkg && node --run dev", true},
		{"cd deno && deno task dev", true},
		{"cd pkg && npm ls", false},
		{"cd pkg && bun run build", false},
		{"cd pkg && node --run build", false},
		{"cd pkg && npm view react", false},
		{"cd pkg && node app.js", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestSqliteScriptFiles: sqlite3's scripts read from files (.read FILE,
// -init FILE, standard input from a file) are analysed as its input (H7).
func TestSqliteScriptFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"s.sql":      ".shell cp x ~/.bashrc\n",
		"schema.sql": "create table t(x);\n.tables\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`sqlite3 x.db ".read s.sql"`, true},
		{"sqlite3 -init s.sql x.db .quit", true},
		{"sqlite3 x.db < s.sql", true},
		{`sqlite3 x.db ".read schema.sql"`, false},
		{"sqlite3 -init schema.sql x.db .quit", false},
		{"sqlite3 x.db < schema.sql", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// checkBlock runs cmd as agent A's Bash call in proj and checks that it is
// blocked (with reason, when not "", in the answer) or allowed.
// checkRule runs cmd as agent A's Bash call in dir and checks guard's
// answer: allowed when rule is "", else a block by rule; either way its
// shown reason holds reason. It returns the record, and whether the answer
// was as wanted.
func checkRule(t *testing.T, p *policy.Policy, dir, cmd, rule, reason string) (event.Record, bool) {
	t.Helper()
	code, _, stderr, rec := runReal(t, p, bashPayload(t, dir, cmd))
	switch {
	case rule == "" && code != 0:
		t.Errorf("%q: blocked: %s", cmd, stderr)
	case rule != "" && (code != 2 || rec.Rule != rule):
		t.Errorf("%q: code %d, rule %q, want a block by %s: %s", cmd, code, rec.Rule, rule, stderr)
	case !strings.Contains(stderr, reason):
		t.Errorf("%q: reason %q, want %q in it", cmd, stderr, reason)
	default:
		return rec, true
	}
	return rec, false
}

func checkBlock(t *testing.T, p *policy.Policy, proj, cmd string, block bool, reason string) {
	t.Helper()
	code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, cmd))
	switch {
	case block && code != 2:
		t.Errorf("%q: allowed, want a block", cmd)
	case block && !strings.Contains(stderr, reason):
		t.Errorf("%q: reason %q does not say %q", cmd, stderr, reason)
	case !block && code != 0:
		t.Errorf("%q: blocked: %s", cmd, stderr)
	}
}

// TestMakeDefaultGoal: make with no goal runs the goal make picks, not
// the main makefile's first literal target: .DEFAULT_GOAL, an include or
// a conditional before the first target, a first target that is a
// variable, or a dot target with a slash; where guard cannot tell which
// goal that is, every recipe is scanned. A plain first target
// still scans only its own recipes.
func TestMakeDefaultGoal(t *testing.T) {
	const evil = "x:\n\techo PWNED >> $$HOME/.bashrc\n"
	_, proj := scriptWorld(t, map[string]string{
		"dg/Makefile":     "all:\n\techo hi\n" + evil + ".DEFAULT_GOAL := x\n",
		"inc/Makefile":    "-include other.mk\nall:\n\techo hi\n",
		"inc/other.mk":    evil,
		"inc2/Makefile":   "include other.mk\nall:\n\techo hi\n",
		"inc2/other.mk":   evil,
		"var/Makefile":    "T := x\n$(T):\n\techo PWNED >> $$HOME/.bashrc\nall:\n\techo hi\n",
		"cond/Makefile":   "ifeq (1,0)\nall:\n\techo hi\nendif\n" + evil,
		"slash/Makefile":  "./x:\n\techo PWNED >> $$HOME/.bashrc\nall:\n\techo hi\n",
		"incv/Makefile":   "-include $(wildcard *.mk)\nall:\n\techo hi\n",
		"ok/Makefile":     "all:\n\techo hi\n" + evil,
		"okdg/Makefile":   "all:\n\techo hi\n" + evil + ".DEFAULT_GOAL := all\n",
		"oklate/Makefile": "all:\n\techo hi\n-include $(wildcard *.d)\n" + evil,
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"make -C dg", true},
		{"make -C inc", true},
		{"make -C inc2", true},
		{"make -C var", true},
		{"make -C cond", true},
		{"make -C slash", true},
		{"make -C ok", false},
		{"make -C ok .DEFAULT_GOAL=x", true},
		{"make -C okdg", false},
		{"make -C oklate", false},
		{"make -C dg all", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "guard read what the command runs")
	}
}

// TestPackageDefaultScripts: the scripts a package manager runs that
// package.json does not list: start is node server.js when
// there is none, install is node-gyp rebuild when binding.gyp is there
// and neither install nor preinstall is given; a gyp file that runs
// commands (<!(cmd), actions, includes) is one guard does not read.
func TestPackageDefaultScripts(t *testing.T) {
	const serverJS = `require("fs").appendFileSync(require("os").homedir() + "/.bashrc", "PWNED\n")` + "\n"
	const gyp = `{"targets":[{"target_name":"x","sources":["<!(sh -c \"echo x.c\")"]}]}` + "\n"
	_, proj := scriptWorld(t, map[string]string{
		"srv/package.json":     `{"name":"q","version":"1.0.0"}`,
		"srv/server.js":        serverJS,
		"srvok/package.json":   `{"name":"q","scripts":{"start":"node app.js"}}`,
		"srvok/server.js":      serverJS,
		"srvok/app.js":         "console.log(1)\n",
		"gyp/package.json":     `{"name":"q","version":"1.0.0"}`,
		"gyp/binding.gyp":      gyp,
		"gypok/package.json":   `{"name":"q","version":"1.0.0"}`,
		"gypok/binding.gyp":    `{"targets":[{"target_name":"x","sources":["x.c"]}]}` + "\n",
		"gypinst/package.json": `{"name":"q","scripts":{"install":"echo ok"}}`,
		"gypinst/binding.gyp":  gyp,
		// gyp is Python: strings joined, escapes, single quotes.
		"gyppy/package.json":  `{"name":"q","version":"1.0.0"}`,
		"gyppy/binding.gyp":   `{'targets':[{'target_name':'x','sources':['<' '!(cat ~/.ssh/id_rsa > leak.txt; echo x)']}]}` + "\n",
		"gypesc/package.json": `{"name":"q","version":"1.0.0"}`,
		"gypesc/binding.gyp":  `{"targets":[{"target_name":"x","sources":["\u003c!(cat ~/.ssh/id_rsa; echo x)"]}]}` + "\n",
		"gypup/package.json":  `{"name":"q","version":"1.0.0"}`,
		"gypup/binding.gyp":   `{"targets":[{"target_name":"x","sources":["../../.ssh/id_rsa"]}]}` + "\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"cd srv && npm start", true},
		{"cd srv && npm run start", true},
		{"cd srv && npm restart", true},
		{"cd srv && pnpm start", true},
		{"cd srv && yarn start", true},
		{"cd srv && npm test", false},
		{"cd srvok && npm start", false},
		{"cd gyp && npm install", true},
		{"cd gyp && npm ci", true},
		{"cd gyp && npm rebuild", true},
		{"cd gyp && pnpm install", true},
		{"cd gyp && yarn", true},
		{"cd gyp && node-gyp configure", true},
		{"cd gyp && npx node-gyp rebuild", true},
		{"cd gyp && npm run build", false},
		{"cd gypok && npm install", false},
		{"cd gypinst && npm install", false},
		{"cd gyppy && npm install", true},
		{"cd gypesc && npm install", true},
		{"cd gypup && npm install", true},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
