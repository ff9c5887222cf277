package hook

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// corpusCase is one line of internal/shell/testdata/commands.tsv.
type corpusCase struct {
	line                  int
	expect, rule, command string
	why                   string
}

func readCommandCorpus(t *testing.T) []corpusCase {
	t.Helper()
	f, err := os.Open("../shell/testdata/commands.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusCase
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		fields := strings.Split(l, "\t")
		if len(fields) != 4 {
			t.Fatalf("commands.tsv:%d: %d fields, want 4", n, len(fields))
		}
		c := corpusCase{line: n, expect: fields[0], rule: fields[1], command: unescapeCase(fields[2]), why: fields[3]}
		switch c.expect {
		case "block", "allow", "data", "fp":
		default:
			t.Fatalf("commands.tsv:%d: expect %q", n, c.expect)
		}
		if c.why == "" {
			t.Fatalf("commands.tsv:%d: no reason", n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// unescapeCase turns \n, \t and \\ of a corpus command into the characters.
func unescapeCase(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 'n':
				b.WriteByte('\n')
				i++
				continue
			case 't':
				b.WriteByte('\t')
				i++
				continue
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// TestCommandCorpus runs the shared command corpus through what `guard test
// command` runs (DryRun: the command rules, injection, and the paths and
// URLs a command names), with the default policy in both bash.match modes.
func TestCommandCorpus(t *testing.T) {
	text, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands, _ := policy.Default()
	commands.Bash.Match = policy.MatchCommands
	counts := map[string]int{}
	for _, c := range readCommandCorpus(t) {
		counts[c.expect]++
		for _, mode := range []struct {
			name string
			p    *policy.Policy
		}{{"text", text}, {"commands", commands}} {
			r, err := DryRun(mode.p, "command", c.command, "/home/dev/proj")
			if err != nil {
				t.Errorf("commands.tsv:%d %s mode: %q: %v", c.line, mode.name, c.command, err)
				continue
			}
			wantBlock := c.expect == "block" || c.expect == "fp" || c.expect == "data" && mode.name == "text"
			switch {
			case wantBlock && r.Verdict != "block":
				t.Errorf("commands.tsv:%d %s mode: %q allowed, want a block by %s (%s)", c.line, mode.name, c.command, c.rule, c.why)
			case wantBlock && r.Rule != c.rule:
				t.Errorf("commands.tsv:%d %s mode: %q blocked by %s, want %s (%s): %s", c.line, mode.name, c.command, r.Rule, c.rule, c.why, r.Reason)
			case !wantBlock && r.Verdict != "allow":
				t.Errorf("commands.tsv:%d %s mode: %q blocked by %s, want allowed (%s): %s", c.line, mode.name, c.command, r.Rule, c.why, r.Reason)
			}
		}
	}
	if counts["block"] < 150 || counts["allow"] < 150 {
		t.Errorf("corpus holds %d must-block and %d must-allow cases, want at least 150 each", counts["block"], counts["allow"])
	}
	t.Logf("corpus: %d block, %d allow, %d data (allowed in commands mode), %d accepted false positives",
		counts["block"], counts["allow"], counts["data"], counts["fp"])
}
