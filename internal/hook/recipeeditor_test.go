package hook

import "testing"

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
		"gc/Makefile":     "all:\n\tgit commit -am wip\n",
		"ok/Makefile":     "all:\n\tgo build ./...\ntest:\n\tgo test ./...\n",
		"ok/package.json": `{"scripts":{"build":"tsc","test":"HOME=/tmp/h jest"}}`,
	})
	const why = "guard cannot tell what the editor loads"
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
