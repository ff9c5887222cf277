// Command baseline is the yardstick of scripts/benchhook: the least a hook
// program can do. It reads standard input (bounded), decodes the JSON, hashes
// it and appends one line to a log under an exclusive lock, then exits 0.
//
// Usage: baseline <log file> < payload.json
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/guardhq/guard/internal/lockfile"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "baseline:", err)
		os.Exit(2)
	}
}

func run() error {
	if len(os.Args) != 2 {
		return fmt.Errorf("usage: baseline <log file> < payload.json")
	}
	data, err := io.ReadAll(io.LimitReader(os.Stdin, 8<<20))
	if err != nil {
		return err
	}
	var payload map[string]any
	if err := json.Unmarshal(data, &payload); err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	line, err := json.Marshal(struct {
		TS        string `json:"ts"`
		InputHash string `json:"input_hash"`
	}{time.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00"), hex.EncodeToString(sum[:])})
	if err != nil {
		return err
	}
	f, err := os.OpenFile(os.Args[1], os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := lockfile.Lock(f); err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		return err
	}
	return lockfile.Unlock(f)
}
