package hook

import (
	"os"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestRecipeEditorEnv: a build file's command that starts an editor with
// a variable moved under which it loads its start-up files (VIMRUNTIME,
// HOME, XDG_CONFIG_HOME: set before it, by env, by export, by the
// makefile, on make's command line, or by the command that runs the build
// tool) is what guard cannot tell (FINDINGS49b G3); everyday recipes,
// and a moved HOME over recipes that start no editor, pass. Both
// bash.match modes.
func TestRecipeEditorEnv(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"rt/Makefile":     "all:\n\tVIMRUNTIME=rt vim notes.txt < /dev/null\n",
		"rt/package.json": `{"scripts":{"ed":"VIMRUNTIME=rt vim notes.txt < /dev/null"}}`,
		"hm/Makefile":     "all:\n\tHOME=x vim notes.txt < /dev/null\n",
		"hm/package.json": `{"scripts":{"ed":"env HOME=x vi notes.txt"}}`,
		"ex/Makefile":     "all:\n\texport XDG_CONFIG_HOME=x; nvim notes.txt\n",
		"mk/Makefile":     "export HOME = x\nall:\n\tvim notes.txt\n",
		"pv/Makefile":     "all:\n\tvim notes.txt < /dev/null\nb:\n\tgo build ./...\n",
		"pv/package.json": `{"scripts":{"ed":"vim notes.txt","build":"tsc"}}`,
		"sc/Makefile":     "all:\n\t./ed.sh\n",
		"sc/ed.sh":        "vim notes.txt\n",
		"gc/Makefile":     "all:\n\tgit commit -a\n",
		"ok/Makefile":     "all:\n\tgo build ./...\ntest:\n\tgo test ./...\n",
		"ok/package.json": `{"scripts":{"build":"tsc","test":"HOME=/tmp/h jest"}}`,
	})
	const why = "loads its start-up files and plugins from" // the recipe scan's reason, or the typed analysis' (the command's own environment reaches the recipe: FINDINGS54a E1)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd rt && make", "cd rt && npm run ed", "cd hm && make", "cd hm && npm run ed",
			"cd ex && make", "cd mk && make",
			"cd pv && HOME=x make", "cd pv && export HOME=x; make", "cd pv && HOME=x npm run ed",
			"cd pv && make HOME=x", "cd pv && XDG_CONFIG_HOME=/tmp/c make", "cd pv && HOME=x yarn ed",
			"cd sc && HOME=x make", "cd gc && HOME=x make",
		} {
			checkBlock(t, p, proj, cmd, true, why)
		}
		for _, cmd := range []string{
			"cd pv && make", "cd pv && npm run ed", "cd pv && HOME=x make b", "cd pv && HOME=x npm run build",
			"cd gc && make", "cd sc && make",
			"cd ok && make", "cd ok && make test", "cd ok && npm run build", "cd ok && npm test",
			"cd ok && HOME=x make", "cd ok && HOME=x make test", "cd ok && HOME=x npm run build",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestRecipeEditorFindings51a: VIMINIT/EXINIT in a recipe, a makefile or
// from the caller (F3); files a recipe runs after cd, through sh -c or a
// sub-make (F4); make --eval that sets a start-up variable (F6); a
// Taskfile's list items, cmd: and env: mapping, and go-task (F10).
// Ordinary recursive makes, cd in recipes and Taskfiles pass.
func TestRecipeEditorFindings51a(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"i1/Makefile":     "ed:\n\tVIMINIT=\"so x.vim\" vim +qa\n",
		"i2/Makefile":     "export EXINIT = so x.vim\ned:\n\tex -s\n",
		"i3/Makefile":     "ed:\n\tvim +qa\n",
		"c1/Makefile":     "ed:\n\t$(MAKE) -C sub\n",
		"c1/sub/Makefile": "all:\n\tcat ~/.ssh/id_rsa\n",
		"c2/Makefile":     "ed:\n\tcd sub && ./run.sh\n",
		"c2/sub/run.sh":   "cat ~/.ssh/id_rsa\n",
		"c3/Makefile":     "ed:\n\tcd sub && sh ./run.sh\n",
		"c3/run.sh":       "echo top\n",
		"c3/sub/run.sh":   "cat ~/.ssh/id_rsa\n",
		"c4/Makefile":     "ed:\n\tsh -c \"cd sub && ./run.sh\"\n",
		"c4/sub/run.sh":   "cat ~/.ssh/id_rsa\n",
		"c5/Makefile":     "ed:\n\t$(MAKE) -s -f sub/Makefile\n",
		"c5/sub/Makefile": "all:\n\tcat ~/.ssh/id_rsa\n",
		"c6/package.json": `{"scripts":{"t":"make -C sub"}}`,
		"c6/sub/Makefile": "all:\n\tHOME=/tmp/zz vim +qa\n",
		"t1/Taskfile.yml": "version: '3'\ntasks:\n  ed:\n    cmds:\n      - HOME=/tmp/zz vim +qa\n",
		"t2/Taskfile.yml": "version: '3'\ntasks:\n  ed:\n    cmds:\n      - cmd: vim +qa\n",
		"t3/Taskfile.yml": "version: '3'\nenv:\n  HOME: /tmp/zz\ntasks:\n  ed:\n    cmds:\n      - vim +qa\n",
		"t4/Taskfile.yml": "version: '3'\ntasks:\n  ed:\n    cmds:\n      - cat ~/.ssh/id_rsa\n",
		"ok/Makefile":     "all:\n\tgo build ./...\nsubs:\n\t$(MAKE) -C sub build\n\tcd sub && ./gen.sh\n",
		"ok/sub/Makefile": "build:\n\techo built\n",
		"ok/sub/gen.sh":   "echo gen\n",
		"ok/package.json": `{"scripts":{"t":"cd sub && make build"}}`,
		"ok/Taskfile.yml": "version: '3'\nenv:\n  GOFLAGS: -mod=mod\ntasks:\n  build:\n    desc: Build it\n    cmds:\n      - go build ./...\n      - cmd: go vet ./...\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd i1 && make ed", "cd i2 && make ed", "cd i3 && export VIMINIT='so x.vim'; make ed",
			"cd i3 && make --eval='export HOME=/tmp/zz' ed", "cd i3 && make -E 'export VIMINIT=so x.vim' ed",
			"cd c1 && make ed", "cd c2 && make ed", "cd c3 && make ed", "cd c4 && make ed", "cd c5 && make ed",
			"cd c6 && npm run t",
			"cd t1 && task ed", "cd i3 && cd ../t2 && HOME=/tmp/zz task ed", "cd t3 && task ed", "cd t4 && go-task ed",
		} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd ok && make", "cd ok && make subs", "cd ok && make -C sub build", "cd ok && npm run t",
			"cd ok && task build", "cd ok && go-task build", "cd i3 && make --eval='X=1' ed",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestInheritedVisual: git and crontab take VISUAL before EDITOR, so the
// command's EDITOR=true names no editor when the agent's shell holds
// VISUAL: the user's editor then runs the VIMINIT the command set. Without
// VISUAL in the environment, EDITOR=true is the editor. As `guard test
// command` checks it, both bash.match modes.
func TestInheritedVisual(t *testing.T) {
	hermetic(t)
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		p, err := policy.Default()
		if err != nil {
			t.Fatal(err)
		}
		p.Bash.Match = mode
		check := func(cmd string, block bool) {
			t.Helper()
			r, err := DryRun(p, "command", cmd, "/home/dev/proj")
			if err != nil || (r.Verdict == "block") != block || block && !strings.Contains(r.Reason, "VIMINIT") {
				t.Errorf("%s mode, VISUAL=%q: %q: %s %s (%v), want block %v", mode, os.Getenv("VISUAL"), cmd, r.Verdict, r.Reason, err, block)
			}
		}
		t.Setenv("VISUAL", "vim")
		for _, cmd := range []string{"EDITOR=true VIMINIT='!sh p.sh' git commit", "EDITOR=true VIMINIT='!sh p.sh' crontab -e", "unset EDITOR; VIMINIT='!sh p.sh' git tag -a v1"} {
			check(cmd, true)
		}
		for _, cmd := range []string{"VISUAL=true VIMINIT='!sh p.sh' git commit", "unset VISUAL; EDITOR=true VIMINIT='!sh p.sh' git commit", "GIT_EDITOR=true VIMINIT='!sh p.sh' git commit"} {
			check(cmd, false)
		}
		os.Unsetenv("VISUAL")
		check("EDITOR=true VIMINIT='!sh p.sh' git commit", false)
	}
}
