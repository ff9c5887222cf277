package hook

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestEveryday runs the everyday commands of testdata/everyday.txt through
// what `guard test command` runs, with the default policy in both bash.match
// modes, in a project directory and (lines marked "both") in the home
// directory: each must be allowed. A block here is a false positive that
// either needs fixing or a documented reason and a move to commands.tsv.
func TestEveryday(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	text, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands.Bash.Match = policy.MatchCommands

	f, err := os.Open("testdata/everyday.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, cases := 0, 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		where, command, ok := strings.Cut(l, "\t")
		if !ok || where != "both" && where != "proj" {
			t.Fatalf("everyday.txt:%d: want both|proj<TAB>command", n)
		}
		cases++
		command = unescapeCase(command)
		cwds := []string{proj}
		if where == "both" {
			cwds = append(cwds, dir)
		}
		for _, cwd := range cwds {
			for _, mode := range []struct {
				name string
				p    *policy.Policy
			}{{"text", text}, {"commands", commands}} {
				r, err := DryRun(mode.p, "command", command, cwd)
				if err != nil {
					t.Errorf("everyday.txt:%d %s mode in %s: %q: %v", n, mode.name, cwd, command, err)
					continue
				}
				if r.Verdict != "allow" {
					t.Errorf("everyday.txt:%d %s mode in %s: %q blocked by %s: %s", n, mode.name, cwd, command, r.Rule, r.Reason)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases < 300 {
		t.Errorf("everyday.txt holds %d commands, want at least 300", cases)
	}
}
