package install

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenSelf is the binary path the golden files are written for.
const goldenSelf = "/usr/local/bin/guard"

var agentDirs = map[string]Agent{"a": AgentA, "b": AgentB, "c": AgentC}

// restores lists the cases where --remove must give back the exact bytes the
// file had before init.
// (In "list" guard's entry was alone in an empty list, so the emptied
// list goes too.)
var restores = map[string]bool{"other-tools": true, "symlinked": true, "crlf": true, "compact": true, "one-line-spaced": true, "hand-edited": true, "comments": true, "one-line-no-hooks": false}

func clock(sec int) func() time.Time {
	return func() time.Time { return time.Date(2026, 1, 2, 3, 4, sec, 0, time.FixedZone("X", 3600)) }
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test -update)", path, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

func actions(hs []HookChange) string {
	var parts []string
	for _, h := range hs {
		p := h.Hook + " " + string(h.Action)
		if h.Count > 1 {
			p += fmt.Sprintf(" x%d", h.Count)
		}
		if len(h.Left) > 0 {
			p += " (left " + strings.Join(h.Left, " ") + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func backups(t *testing.T, target string) []string {
	t.Helper()
	m, err := filepath.Glob(target + BackupInfix + "*")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestGolden runs every case in testdata/golden/<agent>/<case>: before.json
// (absent: no file) is installed into, compared with after.json (or, for a
// file guard must refuse, the error with error.txt), installed into again
// (byte-identical), then removed from and compared with removed.json.
func TestGolden(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("golden files are written for a Unix binary path")
	}
	for dir, agent := range agentDirs {
		cases, err := os.ReadDir(filepath.Join("testdata", "golden", dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			t.Run(dir+"/"+c.Name(), func(t *testing.T) {
				goldenCase(t, agent, filepath.Join("testdata", "golden", dir, c.Name()), c.Name())
			})
		}
	}
}

func goldenCase(t *testing.T, agent Agent, gdir, name string) {
	tmp := t.TempDir()
	settings := filepath.Join(tmp, "agent", "settings.json")
	target := settings
	before, err := os.ReadFile(filepath.Join(gdir, "before.json"))
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	if existed {
		if name == "symlinked" {
			target = filepath.Join(tmp, "dotfiles", "settings.json")
			mustMkdir(t, filepath.Dir(target))
			mustMkdir(t, filepath.Dir(settings))
			if err := os.Symlink(filepath.Join("..", "dotfiles", "settings.json"), settings); err != nil {
				t.Fatal(err)
			}
		}
		mustMkdir(t, filepath.Dir(target))
		if err := os.WriteFile(target, before, 0o640); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(target, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Agent: agent, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(tmp, "locks"), Now: clock(5)}
	var report bytes.Buffer

	res, err := Apply(settings, opts)
	if err != nil {
		var fe *FileError
		if !errors.As(err, &fe) {
			t.Fatalf("error is not a *FileError: %v", err)
		}
		msg := strings.ReplaceAll(err.Error(), settings, "SETTINGS") + "\n"
		checkGolden(t, filepath.Join(gdir, "error.txt"), []byte(msg))
		got, _ := os.ReadFile(target)
		if !bytes.Equal(got, before) {
			t.Errorf("refused file was changed")
		}
		if b := backups(t, target); len(b) != 0 {
			t.Errorf("refused file got a backup: %v", b)
		}
		// --remove refuses a file it cannot read and leaves one it can
		// read but holds nothing of guard's as it is.
		opts.Remove = true
		_, rerr := Apply(settings, opts)
		var pe *syntaxError
		if errors.As(err, &pe) && rerr == nil {
			t.Errorf("--remove accepted a file that does not parse")
		}
		if got, _ := os.ReadFile(target); !bytes.Equal(got, before) {
			t.Errorf("--remove changed a refused file")
		}
		return
	}
	if res.Target != target {
		t.Errorf("Target = %s, want %s", res.Target, target)
	}
	fmt.Fprintf(&report, "init: %s\n", actions(res.Hooks))
	after, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join(gdir, "after.json"), after)
	if _, err := parseDoc(after); err != nil {
		t.Errorf("written file does not parse: %v", err)
	}
	fi, err := os.Stat(target)
	if err != nil {
		t.Fatal(err)
	}
	wantPerm := fs.FileMode(0o600)
	if existed {
		wantPerm = 0o640
	}
	if fi.Mode().Perm() != wantPerm {
		t.Errorf("mode = %v, want %v", fi.Mode().Perm(), wantPerm)
	}
	if name == "symlinked" {
		if li, err := os.Lstat(settings); err != nil || li.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("the symlink was replaced: %v", err)
		}
	}
	wantBackup := existed && len(bytes.TrimSpace(before)) > 0
	if b := backups(t, target); wantBackup != (len(b) == 1) || len(b) > 1 {
		t.Errorf("backups after init = %v, want one: %v", b, wantBackup)
	} else if wantBackup {
		if got, _ := os.ReadFile(b[0]); !bytes.Equal(got, before) {
			t.Errorf("backup does not hold the previous content")
		}
		if res.Backup != b[0] || !strings.HasSuffix(b[0], BackupInfix+"20260102T020405Z") {
			t.Errorf("backup %s, result says %s", b[0], res.Backup)
		}
	}

	// A second run changes nothing, not even the backup.
	opts.Now = clock(6)
	res, err = Apply(settings, opts)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&report, "init again: %s\n", actions(res.Hooks))
	if again, _ := os.ReadFile(target); !bytes.Equal(again, after) || res.Changed {
		t.Errorf("second run changed the file (Changed=%v)", res.Changed)
	}
	for _, h := range res.Hooks {
		if h.Action != Unchanged {
			t.Errorf("second run: %s %s, want unchanged", h.Hook, h.Action)
		}
	}

	opts.Remove, opts.Now = true, clock(7)
	res, err = Apply(settings, opts)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&report, "remove: %s\n", actions(res.Hooks))
	removed, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join(gdir, "removed.json"), removed)
	if restores[name] && !bytes.Equal(removed, before) {
		t.Errorf("remove did not restore the original bytes:\n%s", removed)
	}
	if b := backups(t, target); len(b) != 1 {
		t.Errorf("backups after remove = %v, want exactly one", b)
	} else if got, _ := os.ReadFile(b[0]); !bytes.Equal(got, after) {
		t.Errorf("backup after remove does not hold the installed content")
	}
	res, err = Apply(settings, opts)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&report, "remove again: %s\n", actions(res.Hooks))
	if again, _ := os.ReadFile(target); !bytes.Equal(again, removed) || res.Changed {
		t.Errorf("second remove changed the file")
	}
	checkGolden(t, filepath.Join(gdir, "actions.txt"), report.Bytes())
	noTempFiles(t, filepath.Dir(target))
}

// noTempFiles checks that the atomic writes left no temporary file behind.
func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".guard-tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}
