package audit

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestTornLineDoesNotCutChain: a torn line planted in the log (or left by a
// crash) must not let someone rewrite the records before it while the head
// recorded after it stays valid. Before the fix the record after a torn
// line chained from the torn bytes alone, so records 1..k-1 were bound to
// nothing; now it chains from the record before the torn line.
func TestTornLineDoesNotCutChain(t *testing.T) {
	tests := []struct {
		name  string
		torns []string // torn lines planted in a row after record 3
	}{
		{"one torn line", []string{`{"ts":"`}},
		{"two in a row", []string{`{"ts":"2026`, `{`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, 3)
			for _, torn := range tt.torns {
				// Each crash leaves its bytes; the next write ends them with a
				// newline, as Append does.
				appendRaw(t, path, torn)
				appendRaw(t, path, "\n")
			}
			for i := 3; i < 5; i++ {
				rec := testRecord(i)
				if err := Append(path, &rec); err != nil {
					t.Fatal(err)
				}
			}
			rep, err := Verify(path)
			if err != nil || rep.Entries != 5 || len(rep.Torn) != len(tt.torns) {
				t.Fatalf("Verify = %+v, %v; want 5 entries and the torn lines", rep, err)
			}
			head := rep.Head

			// Rewrite what precedes the torn lines: drop record 2, re-chain
			// record 3 from record 1, keep every later byte.
			lines := strings.SplitAfter(readFile(t, path), "\n")
			re := regexp.MustCompile(`"prev_hash":"[0-9a-f]{64}"`)
			r3 := re.ReplaceAllString(lines[2], `"prev_hash":"`+hexSum(strings.TrimSuffix(lines[0], "\n"))+`"`)
			forged := lines[0] + r3 + strings.Join(lines[3:], "")
			if err := os.WriteFile(path, []byte(forged), 0o600); err != nil {
				t.Fatal(err)
			}
			rep, err = Verify(path)
			var ce *ChainError
			if !errors.As(err, &ce) {
				t.Fatalf("Verify of the forged log = %+v, %v; want a broken chain (head was %s)", rep, err, head)
			}
		})
	}
}

// TestTornRunBounded: Append steps over at most maxTornRun torn lines, then
// fails rather than read the whole log on every call.
func TestTornRunBounded(t *testing.T) {
	path := writeLog(t, 1)
	appendRaw(t, path, strings.Repeat("{\n", maxTornRun+1))
	rec := testRecord(1)
	if err := Append(path, &rec); err == nil {
		t.Fatal("Append after a long run of torn lines succeeded")
	}
	path = writeLog(t, 1)
	appendRaw(t, path, strings.Repeat("{\n", maxTornRun-1))
	if err := Append(path, &rec); err != nil {
		t.Fatalf("Append after %d torn lines: %v", maxTornRun-1, err)
	}
	if _, err := Verify(path); err != nil {
		t.Fatalf("Verify: %v", err)
	}
}

func appendRaw(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
