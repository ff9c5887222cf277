package hook

import "testing"

// TestTaskTemplateFuncs: Task's templates that call a pure function on
// literal arguments (text/template's print and printf, sprig's env,
// Task's joinPath) are filled with the text they render, so the path
// they make is checked (FINDINGS55a N15; task is not installed here:
// the rendering follows text/template's and Task's documentation).
func TestTaskTemplateFuncs(t *testing.T) {
	task := func(cmd string) string {
		return "version: \"3\"\ntasks:\n  x:\n    cmds:\n      - '" + cmd + "'\n"
	}
	_, proj := scriptWorld(t, map[string]string{
		"print/Taskfile.yml":  task(`echo x >> {{print "~" "/.bash" "rc"}}`),
		"join/Taskfile.yml":   task(`echo x >> {{joinPath (env "HOME") ".bashrc"}}`),
		"printf/Taskfile.yml": task(`echo x >> "{{printf "%s/.%s" (env "HOME") "bashrc"}}"`),
		"read/Taskfile.yml":   task(`cat {{joinPath "~" ".ssh" "id_rsa"}}`),
		"pipe/Taskfile.yml":   task(`echo x >> {{.F | upper}}`), // wholly a value guard cannot tell
		"ok/Taskfile.yml":     task(`go build -o {{joinPath "bin" "app"}} . && echo {{print "built" " " "app"}}`),
	})
	p := realPolicy(t, `{}`)
	for _, d := range []string{"print", "join", "printf", "read", "pipe"} {
		checkBlock(t, p, proj, "cd "+d+" && task x", true, "")
	}
	checkBlock(t, p, proj, "cd ok && task x", false, "")
}

// TestJustEnvironment: what just puts in a recipe's environment (export,
// set export, a $NAME parameter, the dotenv file it loads) and the
// arguments a dependency call gives reach the recipe with their values,
// unknown (never empty) where guard cannot evaluate them; under set
// fallback the parent justfile's recipes run too (FINDINGS55a N16, K15;
// just is not installed here: this follows just's manual).
func TestJustEnvironment(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"exp/justfile":      "export P := home_directory() + \"/.bashrc\"\nx:\n    echo x >> \"$P\"\n",
		"setexp/justfile":   "set export\nP := home_directory() / \".bashrc\"\nx:\n    echo x >> \"$P\"\n",
		"dep/justfile":      "x: (y home_directory() / \".bashrc\")\ny p:\n    echo x >> {{p}}\n",
		"param/justfile":    "x $p=(home_directory() / \".bashrc\"):\n    echo x >> \"$p\"\n",
		"dotenv/justfile":   "set dotenv-load\nset dotenv-filename := \"cfg\"\nx:\n    echo x >> \"$P\"\n",
		"dotenv/cfg":        "P=${HOME}/.bashrc\n",
		"tick/justfile":     "set export\nQ := `date`\nx:\n    echo x >> \"$Q\"\n",
		"fb/justfile":       "y:\n    echo x >> ~/.bashrc\n",
		"fb/sub/justfile":   "set fallback\nx:\n    @true\n",
		"nofb/justfile":     "y:\n    echo x >> ~/.bashrc\n",
		"nofb/sub/justfile": "x:\n    @true\n",
		"ok/justfile":       "set export\nBIN := \"bin\"\nVERSION := \"1.0\"\ndefault: build\nbuild: (compile \"app\")\n    go build -o $BIN/app -ldflags \"-X main.v=$VERSION\" .\ncompile name:\n    echo compiling {{name}}\ntest:\n    go test ./...\n",
	})
	p := realPolicy(t, `{}`)
	for _, cmd := range []string{"cd exp && just x", "cd setexp && just x", "cd dep && just x", "cd param && just x",
		"cd dotenv && just x", "cd tick && just x", "cd fb/sub && just y"} {
		checkBlock(t, p, proj, cmd, true, "")
	}
	for _, cmd := range []string{"cd nofb/sub && just x", "cd ok && just", "cd ok && just test", "cd ok && just compile x"} {
		checkBlock(t, p, proj, cmd, false, "")
	}
}
