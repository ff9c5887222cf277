package detect_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/command"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/detect/url"
)

// Every detector provides the shared interface.
var (
	_ detect.Detector = (*command.Detector)(nil)
	_ detect.Detector = (*path.Detector)(nil)
	_ detect.Detector = (*pii.Detector)(nil)
	_ detect.Detector = (*secret.Detector)(nil)
	_ detect.Detector = (*injection.Detector)(nil)
	_ detect.Detector = (*url.Detector)(nil)
)

// readCorpus returns the inputs of a testdata file: one per line, without
// blank lines and # comments.
func readCorpus(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 40 {
		t.Fatalf("%s holds %d inputs, want at least 40", name, len(out))
	}
	return out
}

func TestEverydayPrompts(t *testing.T) {
	inj := injection.New()
	p, err := pii.New(pii.Types())
	if err != nil {
		t.Fatal(err)
	}
	sec := secret.New()
	for _, prompt := range readCorpus(t, "everyday_prompts.txt") {
		for _, d := range []detect.Detector{inj, p, sec} {
			if f, ok := d.Check(prompt); ok {
				t.Errorf("%q: %s", prompt, f.Reason)
			}
		}
	}
}

// TestEverydayCommands: the injection scan passes every everyday command.
// The command rules see a command through the normaliser (internal/shell),
// so they are checked on this corpus by policy.TestEverydayCorpus.
func TestEverydayCommands(t *testing.T) {
	inj := injection.New()
	for _, c := range readCorpus(t, "everyday_commands.txt") {
		if f, ok := inj.Check(c); ok {
			t.Errorf("%q: %s", c, f.Reason)
		}
	}
}
