//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

func TestWithLinkTargets(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(dir, "secret.pem")
	os.WriteFile(secret, nil, 0o600)
	link := filepath.Join(dir, "notes.txt")
	os.Symlink(secret, link)
	plain := filepath.Join(dir, "plain.txt")
	os.WriteFile(plain, nil, 0o644)

	in := []event.Input{
		{Kind: event.KindCommand, Text: "cat x"},
		{Kind: event.KindRead, Text: link},
		{Kind: event.KindPrompt, Text: "after"},
		{Kind: event.KindWrite, Text: plain},
	}
	want := []event.Input{in[0], in[1], {Kind: event.KindRead, Text: secret}, in[2], in[3]}
	if got := withLinkTargets(in); !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	// A link as the very first input.
	first := []event.Input{{Kind: event.KindRead, Text: link}}
	if got := withLinkTargets(first); !slices.Equal(got, []event.Input{first[0], {Kind: event.KindRead, Text: secret}}) {
		t.Fatalf("first input a link: got %v", got)
	}
	// No link: the same slice back, nothing allocated.
	same := []event.Input{{Kind: event.KindRead, Text: plain}}
	if got := withLinkTargets(same); &got[0] != &same[0] {
		t.Fatal("inputs without links were copied")
	}
}

// TestWithGlobTargets: a shell pattern in a path is checked as the files it
// expands to, so cat ~/.ss?/id_rsa meets the rule for ~/.ssh/**.
func TestWithGlobTargets(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, ".ssh"), 0o700)
	key := filepath.Join(dir, ".ssh", "id_rsa")
	os.WriteFile(key, nil, 0o600)
	pattern := filepath.Join(dir, ".ss?", "id_*")
	in := []event.Input{{Kind: event.KindRead, Text: pattern}}
	want := []event.Input{in[0], {Kind: event.KindRead, Text: key}}
	if got := withLinkTargets(in); !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
}

// TestRunScriptFIFO: a script that is a FIFO cannot be read without
// waiting, so guard cannot tell what it runs: blocked, at once.
func TestRunScriptFIFO(t *testing.T) {
	_, proj := scriptWorld(t, nil)
	if err := syscall.Mkfifo(filepath.Join(proj, "pipe.sh"), 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	code, _, stderr, rec := runReal(t, realPolicy(t, ""), bashPayload(t, proj, "bash pipe.sh"))
	if code != 2 || rec.Rule != "unparsable_command" || !strings.Contains(stderr, "cannot read") {
		t.Fatalf("code %d rule %q: %s", code, rec.Rule, stderr)
	}
}
