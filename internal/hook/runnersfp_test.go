package hook

import (
	"strings"
	"testing"
)

// TestRunnerCompiledNames: in code of a compiled language guard reads only
// the names the text gives (scanCompiled), so what reads as text or data
// is no file operation: help text, a comment, a raw descriptor, a dot
// entry joined to a value guard cannot tell, a relative dot path (the
// project's). Measured with scripts/runnerfp.sh on the module cache. A
// path literal naming a protected place still blocks.
func TestRunnerCompiledNames(t *testing.T) {
	mod := "module m\n\ngo 1.22\n"
	src := func(body string) string { return "package m\n\n" + body + "\n" }
	files := map[string]string{
		"help/go.mod":         mod,
		"help/a.go":           src("const Long = `To load completions in every session, run once:\n\n\techo \"autoload -U compinit; compinit\" >> ~/.zshrc\n`"),
		"aside/go.mod":        mod,
		"aside/a.go":          src(`var Usage = "config file (default is $HOME/.aside.yaml)"`),
		"cmt/go.mod":          mod,
		"cmt/a.go":            src("// don't copy host files (e.g. ~/.ssh/id_rsa, /etc/passwd) into the image: they're the user's\nfunc A() {}"),
		"desc/go.mod":         mod,
		"desc/a.go":           src(`const raw = "\n\x1e~/.desc/testing/x.proto\x12\x04desc"`),
		"join/go.mod":         mod,
		"join/a.go":           src("import \"path/filepath\"\n\nfunc State(dir string) string { return filepath.Join(dir, \".state\", \"antispam\") }"),
		"rel/go.mod":          mod,
		"rel/a.go":            src(`const Config = ".docker/docker.json"`),
		"yaml/go.mod":         mod,
		"yaml/a.go":           src("import \"os\"\n\nvar null, nan = \"~\", \".nan\"\n\nfunc H() string { h, _ := os.UserHomeDir(); return h }"),
		"ext/go.mod":          mod,
		"ext/a.go":            src("import \"os\"\n\nconst ext = \".s2\"\n\nfunc H() string { h, _ := os.UserHomeDir(); return h + ext }"),
		"big/go.mod":          mod,
		"big/a.go":            src("var Model = \"" + strings.Repeat("ab", 5<<19) + "\""),
		"sh/go.mod":           mod,
		"sh/a_test.go":        src("import (\"os/exec\";\"testing\")\n\nfunc TestA(t *testing.T) { exec.Command(\"sh\", \"-c\", \"echo x >> ~/.bashrc\").Run() }"),
		"key/go.mod":          mod,
		"key/a_test.go":       src("import (\"os\";\"path/filepath\";\"testing\")\n\nfunc TestA(t *testing.T) { h, _ := os.UserHomeDir(); os.ReadFile(filepath.Join(h, \".ssh\", \"id_rsa\")) }"),
		"up/go.mod":           mod,
		"up/a_test.go":        src("import (\"os\";\"testing\")\n\nfunc TestA(t *testing.T) { os.WriteFile(\"../../.bashrc\", []byte(\"x\"), 0o644) }"),
		"gd/go.mod":           mod,
		"gd/a_test.go":        src("import (\"os\";\"path/filepath\";\"testing\")\n\nfunc TestA(t *testing.T) { os.WriteFile(filepath.Join(os.Getenv(\"HOME\"), \".guard\", \"rules.json\"), nil, 0o644) }"),
		"unk/go.mod":          mod,
		"unk/a_test.go":       src("import (\"os\";\"testing\")\n\nfunc TestA(t *testing.T) { d := os.Args[1]; os.ReadFile(d + \"/.ssh/id_rsa\") }"),
		"lit/go.mod":          mod,
		"lit/a_test.go":       src("import (\"os\";\"testing\")\n\nfunc TestA(t *testing.T) { os.Remove(expand(\"~/.guard/rules.json\")) }\n\nfunc expand(p string) string { return p }"),
		"sub/go.mod":          mod,
		"sub/a_test.go":       src("import (\"os/exec\";\"testing\")\n\nfunc TestA(t *testing.T) { exec.Command(\"sh\", \"-c\", \"(echo x >> ~/.bashrc)\").Run() }"),
		"shb/go.mod":          mod,
		"shb/a_test.go":       src("const script = `#!/bin/sh\necho x >> ~/.bashrc\n`"),
		"txt/go.mod":          mod,
		"txt/a.go":            src("const Help = `Your key:\n  cat ~/.ssh/id_rsa\n`"),
		"~/.guard/rules.json": "{}\n",
	}
	runPrograms(t, files, []programCase{
		{"cd help && go test ./...", false},
		{"cd aside && go test ./...", false},
		{"cd cmt && go test ./...", false},
		{"cd desc && go test ./...", false},
		{"cd join && go test ./...", false},
		{"cd rel && go test ./...", false},
		{"cd yaml && go test ./...", false},
		{"cd ext && go test ./...", false},
		{"cd big && go test ./...", false},
		{"cd sh && go test ./...", true},
		{"cd key && go test ./...", true},
		{"cd up && go test ./...", true},
		{"cd gd && go test ./...", true},
		{"cd unk && go test ./...", true},
		{"cd lit && go test ./...", true},
		{"cd txt && go test ./...", true},
		{"cd sub && go test ./...", true},
		{"cd shb && go test ./...", true},
	})
}
