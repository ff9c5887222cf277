package console

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestParallelBuild: indexing a log in two halves at once gives exactly the
// index one pass gives — columns, ids, counts, skipped lines and the end —
// whatever lies at the split (torn, blank, over-long lines), and falls back
// to one pass when the halves hold too many names to merge.
func TestParallelBuild(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func(v int64) { parallelMin = v }(parallelMin)
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
	}{
		{"generated", func(t *testing.T, path string) {}},
		{"damaged lines everywhere", func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			lines := strings.SplitAfter(string(data), "\n")
			for i := 0; i < len(lines); i += 97 {
				lines[i] = []string{"\n", "not json\n", `{"ts":"2026` + "\n", strings.Repeat("x", chunkSize+5) + "\n"}[i%4] + lines[i]
			}
			os.WriteFile(path, []byte(strings.Join(lines, "")+`{"ts":"2026-11-21T09:00:00.000Z","hook":"Sto`), 0o600)
		}},
		{"an over-long line across the middle", func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			mid := len(data) / 2
			cut := strings.IndexByte(string(data[mid:]), '\n') + mid + 1
			long := strings.Repeat("y", 3*chunkSize) + "\n"
			os.WriteFile(path, []byte(string(data[:cut-200])+long+string(data[cut:])), 0o600)
		}},
		{"many names in both halves", func(t *testing.T, path string) {
			var b strings.Builder
			for i := range maxNames - 100 {
				b.WriteString(recordLine(func(r *event.Record) {
					block(fmt.Sprintf("r%d", i))(r)
					r.Repo = fmt.Sprintf("o/r%d", i%50)
				}) + "\n")
			}
			data, _ := os.ReadFile(path)
			os.WriteFile(path, []byte(b.String()+string(data)+b.String()), 0o600)
		}},
		{"a record changed in the second half, big token counts", func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			lines := strings.SplitAfter(string(data), "\n")
			k := len(lines) * 3 / 4
			// tokens_in 1099511627776…: the record is valid, the next one's
			// prev_hash no longer matches it.
			lines[k] = strings.Replace(lines[k], `"tokens_in":`, `"tokens_in":1099511627776`, 1)
			big := recordLine(func(r *event.Record) { r.TokensIn = 1 << 40 }) + "\n"
			os.WriteFile(path, []byte(strings.Join(lines[:k], "")+big+strings.Join(lines[k:], "")), 0o600)
		}},
		{"too many names to merge", func(t *testing.T, path string) {
			var b strings.Builder
			for i := range maxNames + 300 {
				b.WriteString(recordLine(block(fmt.Sprintf("r%d", i))) + "\n")
			}
			data, _ := os.ReadFile(path)
			os.WriteFile(path, []byte(string(data)+b.String()), 0o600)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, 3000, 13)
			tt.write(t, path)
			parallelMin = 1 << 62
			one, err := build(path)
			if err != nil {
				t.Fatal(err)
			}
			defer one.f.Close()
			parallelMin = 1
			two, err := build(path)
			if err != nil {
				t.Fatal(err)
			}
			defer two.f.Close()
			if len(one.off) < 2900 {
				t.Fatalf("only %d records", len(one.off))
			}
			for _, c := range []struct {
				name string
				a, b any
			}{
				{"off", one.off, two.off}, {"ln", one.ln, two.ln}, {"ts", one.ts, two.ts}, {"class", one.class, two.class},
				{"rule", one.rule, two.rule}, {"repo", one.repo, two.repo}, {"hash", one.hash, two.hash},
				{"counts", one.counts, two.counts}, {"tokens", one.tokens, two.tokens}, {"skipped", one.skipped, two.skipped},
				{"minTS", one.minTS, two.minTS}, {"maxTS", one.maxTS, two.maxTS}, {"rules", one.rules.name, two.rules.name},
				{"repos", one.repos.name, two.repos.name}, {"ruleCount", one.ruleCount, two.ruleCount},
				{"end", one.end, two.end}, {"tail", one.tail, two.tail},
				{"tok", one.tok, two.tok}, {"bigTokens", one.bigTokens, two.bigTokens}, {"chain", one.chain, two.chain},
			} {
				if !reflect.DeepEqual(c.a, c.b) {
					t.Errorf("%s differs between one pass and two halves", c.name)
				}
			}
			switch c := one.chain; {
			case tt.name == "generated" && (c.Err != nil || c.Records != len(one.off)):
				t.Errorf("intact log: chain %+v, %d records", c, len(one.off))
			case strings.Contains(tt.name, "second half") && (c.Err == nil || c.Err.Entry < c.Lines/2 || len(one.bigTokens) != 2):
				t.Errorf("chain %+v of %d lines, big tokens %v", c.Err, c.Lines, one.bigTokens)
			}
		})
	}
}
