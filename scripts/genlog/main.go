// Command genlog writes a synthetic guard audit log: N valid records with an
// intact hash chain (`guard audit verify` accepts it) and a realistic mix of
// hooks, verdicts, users and repositories over time; blocks name rules of the
// built-in default policy, with its reasons. It is for trying the console on
// a big log:
//
//	go run ./scripts/genlog -n 1000000 -o /tmp/audit.log
//	GUARD_HOME=/tmp guard serve
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/guardhq/guard/internal/console/loggen"
)

func main() {
	n := flag.Int("n", 1000, "number of records")
	out := flag.String("o", "-", "output file (- for standard output)")
	seed := flag.Uint64("seed", 1, "random seed; the same seed gives the same log")
	days := flag.Int("days", 14, "days covered by the log")
	end := flag.String("end", "", "RFC 3339 time of the last record (default now)")
	flag.Parse()
	if err := run(*n, *out, *seed, *days, *end); err != nil {
		fmt.Fprintf(os.Stderr, "genlog: error: %s\n", err)
		os.Exit(1)
	}
}

func run(n int, out string, seed uint64, days int, end string) error {
	if n < 0 || days < 1 {
		return fmt.Errorf("-n must be ≥ 0 and -days ≥ 1")
	}
	opt := loggen.Options{N: n, Seed: seed, Span: time.Duration(days) * 24 * time.Hour, End: time.Now().UTC()}
	if end != "" {
		t, err := time.Parse(time.RFC3339, end)
		if err != nil {
			return fmt.Errorf("-end: %w", err)
		}
		opt.End = t
	}
	if out == "-" {
		return loggen.Write(os.Stdout, opt)
	}
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if err := loggen.Write(f, opt); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write log: %w", err)
	}
	return nil
}
