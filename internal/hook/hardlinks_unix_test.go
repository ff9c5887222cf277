//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// protectedList is a policy naming its protected files.
type protectedList []string

func (l protectedList) ProtectedFiles() []string { return l }

// TestWithHardLinks: a path that is another hard link to a protected file
// brings an input naming that file, of its own kind.
func TestWithHardLinks(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "guard", "rules.json")
	os.Mkdir(filepath.Dir(rules), 0o700)
	os.WriteFile(rules, []byte("{}"), 0o600)
	link := filepath.Join(dir, "r")
	if err := os.Link(rules, link); err != nil {
		t.Skip("no hard links here:", err)
	}
	plain := filepath.Join(dir, "plain.txt")
	os.WriteFile(plain, nil, 0o644)
	pol := protectedList{rules, filepath.Join(dir, "missing")}

	in := []event.Input{
		{Kind: event.KindCommand, Text: "x"},
		{Kind: event.KindWrite, Text: link},
		{Kind: event.KindTouch, Text: plain},
		{Kind: event.KindTouch, Text: link},
		{Kind: event.KindRead, Text: rules}, // the file itself: nothing to add
	}
	want := []event.Input{in[0], in[1], {Kind: event.KindWrite, Text: rules}, in[2], in[3], {Kind: event.KindTouch, Text: rules}, in[4]}
	if got, err := withHardLinks(in, pol, nil); err != nil || !slices.Equal(got, want) {
		t.Fatalf("got  %v, %v\nwant %v", got, err, want)
	}
	// No link among them, or a policy that names no files: the same slice.
	same := []event.Input{{Kind: event.KindWrite, Text: plain}, {Kind: event.KindWrite, Text: dir}}
	if got, _ := withHardLinks(same, pol, nil); &got[0] != &same[0] || len(got) != 2 {
		t.Fatal("inputs without hard links were copied")
	}
	if got, _ := withHardLinks(in, struct{}{}, nil); &got[0] != &in[0] || len(got) != len(in) {
		t.Fatal("a policy without protected files changed the inputs")
	}
	// Beyond the bound, a block.
	many := make([]event.Input, maxLinkChecks+1)
	for i := range many {
		many[i] = event.Input{Kind: event.KindRead, Text: filepath.Join(dir, "f"+strconv.Itoa(i))}
	}
	if _, err := withHardLinks(many, pol, nil); err == nil {
		t.Errorf("%d paths looked up without an error", len(many))
	}
}

// TestHardLinkBlocks: with the default policy, a write through a hard link
// to guard's policy file is blocked, naming the file; a read is not.
func TestHardLinkBlocks(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	os.Mkdir(filepath.Join(dir, ".guard"), 0o700)
	os.WriteFile(filepath.Join(dir, ".guard", "rules.json"), []byte("{}"), 0o600)
	os.Mkdir(filepath.Join(dir, "proj"), 0o755)
	if err := os.Link(filepath.Join(dir, ".guard", "rules.json"), filepath.Join(dir, "proj", "r")); err != nil {
		t.Skip("no hard links here:", err)
	}
	os.Mkdir(filepath.Join(dir, ".ssh"), 0o700)
	os.WriteFile(filepath.Join(dir, ".ssh", "id_rsa"), []byte("key"), 0o600)
	if err := os.Link(filepath.Join(dir, ".ssh", "id_rsa"), filepath.Join(dir, "proj", "k")); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for cmd, block := range map[string]bool{"echo '{}' > r": true, "gzip r": true, "cat r": false, "echo x > other": false, "cat k": true} {
		r, err := DryRun(p, "command", cmd, filepath.Join(dir, "proj"))
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Verdict == "block"; got != block || block && !strings.Contains(r.Reason, "rules.json") && !strings.Contains(r.Reason, "id_rsa") {
			t.Errorf("%q: %s %q; want blocked = %v", cmd, r.Verdict, r.Reason, block)
		}
	}
}
