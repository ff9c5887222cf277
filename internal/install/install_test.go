package install

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTargets(t *testing.T) {
	tests := []struct {
		agent         Agent
		home, project string
		want          []string
	}{
		{AgentA, "/h", "/p", []string{"/h/.agent_a/settings.json"}},
		{AgentB, "/h", "/p", []string{"/p/.agent_b/hooks.json", "/h/.agent_b/hooks.json"}},
		{AgentB, "/h", "/h/", []string{"/h/.agent_b/hooks.json"}},
		{AgentC, "/h", "/p", []string{"/p/.agent_c/settings.json"}},
	}
	for _, tt := range tests {
		got := Targets(tt.agent, tt.home, tt.project)
		for i := range got {
			got[i] = filepath.ToSlash(got[i])
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("Targets(%v) = %v, want %v", tt.agent, got, tt.want)
		}
	}
}

// TestShapes: files guard refuses, and the error that says why.
func TestShapes(t *testing.T) {
	tests := []struct {
		agent Agent
		in    string
		want  string // "" means accepted
	}{
		{AgentA, `[]`, "top level: want an object, have array"},
		{AgentA, `{"hooks":null}`, "hooks: want an object, have null"},
		{AgentA, `{"hooks":{"Stop":{}}}`, "hooks.Stop: want an array, have object"},
		{AgentA, `{"hooks":{"Stop":[]},"hooks":{}}`, `duplicate key "hooks"`},
		{AgentA, `{"hooks":{"Stop":[],"Stop":[]}}`, `hooks: duplicate key "Stop"`},
		{AgentA, `{"hooks":{"Stop":[{"command":"a","command":"b"}]}}`, `hooks.Stop[0]: duplicate key "command"`},
		{AgentA, `{"hooks":{"Stop":[1,"x",{"hooks":"odd"}]}}`, ""}, // other tools' odd entries are theirs
		{AgentB, `{"version":"1"}`, `version: want 1, have string`},
		{AgentB, `{"version":1.0}`, ""},
		{AgentB, `{"version":1,"hooks":{"stop":5,"preToolUse":"x"}}`, "hooks.preToolUse: want an array, have string"},
		{AgentC, `{"hooks":{"after_tool":{}}}`, "hooks.after_tool: want a command string or an array, have object"},
		{AgentC, `{"hooks":{"after_tool":"./mine"}}`, "hooks.after_tool: holds another program's command"},
	}
	for _, tt := range tests {
		doc, err := parseDoc([]byte(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		ed := &editor{agent: tt.agent, bin: newBinary(goldenSelf, "linux"), command: goldenSelf, st: defaultStyle}
		_, err = ed.edit(doc)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v %s: %v", tt.agent, tt.in, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%v %s: error %v, want %q", tt.agent, tt.in, err, tt.want)
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestDryRun(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, "settings.json")
	in := "{\n  // tok-secret-9999 in a comment\n  \"env\": {\n    \"TOKEN\": \"tok-secret-1234\"\n  },\n  \"hooks\": {\"after_tool\": \"/opt/old/guard\"}\n}\n"
	writeFile(t, settings, in)
	res, err := Apply(settings, Options{Agent: AgentC, Self: goldenSelf, GOOS: "linux", DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	g := `[{"matcher": "*", "hooks": [{"type": "command", "command": "/usr/local/bin/guard"}]}]`
	want := `--- ` + settings + `
+++ ` + settings + `
@@ -3,5 +3,5 @@
   "env": {
     "TOKEN": "…"
   },
-  "hooks": {"after_tool": "…"}
+  "hooks": {"after_tool": ` + g + `, "BeforeTool": ` + g + `, "AfterTool": ` + g + `, "BeforeAgent": ` + g + `, "AfterAgent": ` + g + `, "before_tool": ` + g + `}
 }
`
	if res.Diff != want {
		t.Errorf("diff:\n%s\nwant:\n%s", res.Diff, want)
	}
	if strings.Contains(res.Diff, "tok-secret") || strings.Contains(res.Diff, "/opt/old") || strings.Contains(res.Diff, "comment") {
		t.Errorf("diff shows a value guard did not write")
	}
	if got, _ := os.ReadFile(settings); string(got) != in {
		t.Errorf("dry run wrote the file")
	}
	if !res.Changed || len(backups(t, settings)) != 0 {
		t.Errorf("Changed=%v backups=%v", res.Changed, backups(t, settings))
	}
	// A dry run of a missing file creates nothing, not even its directory.
	missing := filepath.Join(dir, "new", "hooks.json")
	res, err = Apply(missing, Options{Agent: AgentB, Self: goldenSelf, GOOS: "linux", DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Diff, "@@ -0,0 +1,") || !strings.Contains(res.Diff, `+  "version": 1,`) {
		t.Errorf("diff of a new file:\n%s", res.Diff)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("dry run created %s", filepath.Dir(missing))
	}
}

func TestUnifiedDiffHunks(t *testing.T) {
	var a, b []string
	for i := range 30 {
		line := `"k` + string(rune('a'+i%26)) + `": 1,`
		a = append(a, line)
		b = append(b, line)
	}
	b[2] = `"x": 2,`
	b = append(b[:25], append([]string{`"y": 3,`}, b[25:]...)...)
	got := unifiedDiff("f", []byte(strings.Join(a, "\n")+"\n"), []byte(strings.Join(b, "\n")+"\n"))
	want := `--- f
+++ f
@@ -1,6 +1,6 @@
 "ka": 1,
 "kb": 1,
-"kc": 1,
+"x": 2,
 "kd": 1,
 "ke": 1,
 "kf": 1,
@@ -23,6 +23,7 @@
 "kw": 1,
 "kx": 1,
 "ky": 1,
+"y": 3,
 "kz": 1,
 "ka": 1,
 "kb": 1,
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestRedacted: a dry run's view of a file shows keys, guard's own strings
// and the layout, never another string value or a comment's text.
func TestRedacted(t *testing.T) {
	keep := keepStrings(AgentA, "/g/guard")
	in := "{\n  // token: tok-in-a-comment\n  \"API_KEY\": \"sk-123\", /* sk-456\n  more */\n  \"command\": \"/g/guard\", \"x\": [\"a\\\"b\", 1], \"matcher\" : \"*\"\n}\n"
	doc, err := parseDoc([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  // …\n  \"API_KEY\": \"…\", /* …\n… */\n  \"command\": \"/g/guard\", \"x\": [\"…\", 1], \"matcher\" : \"*\"\n}\n"
	if got := string(redacted(doc, keep)); got != want {
		t.Errorf("redacted:\n%s\nwant:\n%s", got, want)
	}
}

// TestUnchangedFileNotRewritten: guard's entries already right, laid out in
// the user's own way: nothing is written and no backup appears.
func TestUnchangedFileNotRewritten(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, "settings.json")
	g := `[ {"matcher": "*", "hooks": [{"type": "command", "command": "/usr/local/bin/guard"}]} ]`
	in := `{ "hooks": { "BeforeTool": ` + g + `, "AfterTool": ` + g + `, "BeforeAgent": ` + g + `,` + "\n" +
		`"AfterAgent": ` + g + `, /* the spec's names */ "before_tool": ` + g + `, "after_tool": ` + g + ` } }`
	writeFile(t, settings, in)
	fi, _ := os.Stat(settings)
	res, err := Apply(settings, Options{Agent: AgentC, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks")})
	if err != nil {
		t.Fatal(err)
	}
	if res.Changed || res.Backup != "" {
		t.Errorf("Changed=%v Backup=%q", res.Changed, res.Backup)
	}
	got, _ := os.ReadFile(settings)
	fi2, _ := os.Stat(settings)
	if string(got) != in || !os.SameFile(fi, fi2) {
		t.Errorf("file rewritten: %s", got)
	}
}

func TestRemoveLeavesFilesAlone(t *testing.T) {
	dir := t.TempDir()
	o := Options{Agent: AgentA, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks"), Remove: true}
	missing := filepath.Join(dir, "a", "settings.json")
	if _, err := Apply(missing, o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--remove created %s", filepath.Dir(missing))
	}
	empty := filepath.Join(dir, "empty.json")
	writeFile(t, empty, "")
	if res, err := Apply(empty, o); err != nil || res.Changed {
		t.Fatalf("remove on an empty file: %v %+v", err, res)
	}
	if got, _ := os.ReadFile(empty); len(got) != 0 {
		t.Errorf("--remove wrote %q into an empty file", got)
	}
}

func TestRefusedFiles(t *testing.T) {
	dir := t.TempDir()
	o := Options{Agent: AgentA, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks")}
	big := filepath.Join(dir, "big.json")
	writeFile(t, big, `{"x":"`+strings.Repeat("a", MaxSettingsSize)+`"}`)
	if _, err := Apply(big, o); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("oversized file: %v", err)
	}
	if _, err := Apply(dir, o); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	loop := filepath.Join(dir, "loop.json")
	if err := os.Symlink(loop, loop); err == nil {
		if _, err := Apply(loop, o); err == nil {
			t.Errorf("symlink loop accepted")
		}
	}
	if _, err := Apply(big, Options{Agent: AgentA, Self: goldenSelf}); err == nil {
		t.Errorf("missing lock directory accepted")
	}
	if _, err := Apply(big, Options{Agent: 9, Self: goldenSelf, LockDir: dir}); err == nil {
		t.Errorf("unknown agent accepted")
	}
}

// TestVersionAdded: agent B's hooks already right but "version" missing:
// the file is rewritten with version first.
func TestVersionAdded(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, "hooks.json")
	writeFile(t, settings, "{}\n")
	o := Options{Agent: AgentB, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks")}
	if _, err := Apply(settings, o); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(settings)
	writeFile(t, settings, strings.Replace(string(data), "  \"version\": 1,\n", "", 1))
	res, err := Apply(settings, o)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(settings)
	if !res.Changed || !bytes.Equal(got, data) {
		t.Errorf("version not restored:\n%s", got)
	}
}

func TestWritePolicy(t *testing.T) {
	dir := t.TempDir()
	doc := []byte("{\n  \"version\": \"1.0.0\"\n}\n")
	path, created, err := WritePolicy(dir, "rules.json", doc)
	if err != nil || !created {
		t.Fatalf("first write: %v %v", created, err)
	}
	got, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if !bytes.Equal(got, doc) || fi.Mode().Perm() != 0o600 {
		t.Errorf("wrote %q mode %v", got, fi.Mode().Perm())
	}
	writeFile(t, path, "mine")
	if _, created, err := WritePolicy(dir, "rules.json", doc); err != nil || created {
		t.Errorf("second write: %v %v", created, err)
	}
	if got, _ := os.ReadFile(path); string(got) != "mine" {
		t.Errorf("existing policy overwritten: %q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left files behind: %v", entries)
	}
}

// TestApplyAllNothingHalfDone: agent B's two files are all or nothing. A
// refused file (here: read-only) stops both before either is written; a
// write that fails after the first succeeded puts the first back as it was
// (bytes, no backup) and creates nothing.
func TestApplyAllNothingHalfDone(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "user", "hooks.json")
	second := filepath.Join(dir, "proj", ".agent_b", "hooks.json")
	orig := "{\n  \"version\": 1,\n  \"hooks\": {}\n}\n"
	writeFile(t, first, orig)
	o := Options{Agent: AgentB, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks")}
	targets := []Target{{Path: first}, {Path: second}}

	writeFile(t, second, "{}")
	if err := os.Chmod(second, 0o444); err != nil {
		t.Fatal(err)
	}
	if _, err := ApplyAll(targets, o); err == nil {
		t.Fatal("ApplyAll accepted a read-only file")
	}
	if got, _ := os.ReadFile(first); string(got) != orig || len(backups(t, first)) != 0 {
		t.Errorf("first file written although the second was refused: %s", got)
	}
	os.Remove(second)

	var calls int
	replaceFile = func(name string, data []byte, perm os.FileMode) error {
		if calls++; calls == 2 {
			return errors.New("disk full")
		}
		return writeAtomic(name, data, perm)
	}
	defer func() { replaceFile = writeAtomic }()
	if _, err := ApplyAll(targets, o); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("ApplyAll = %v, want the failed write", err)
	}
	if got, _ := os.ReadFile(first); string(got) != orig {
		t.Errorf("first file not put back:\n%s", got)
	}
	if b := backups(t, first); len(b) != 0 {
		t.Errorf("backup left after the undo: %v", b)
	}
	if _, err := os.Stat(second); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("second file exists: %v", err)
	}

	replaceFile = writeAtomic
	res, err := ApplyAll(targets, o)
	if err != nil || len(res) != 2 || !res[0].Changed || !res[1].Changed {
		t.Fatalf("ApplyAll after the fault: %v %+v", err, res)
	}
}
