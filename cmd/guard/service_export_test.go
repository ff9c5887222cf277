package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/export"
)

func TestRecordExportSettings(t *testing.T) {
	for _, tc := range []struct {
		name     string
		env      map[string]string
		existing string // export.json before, "" for none
		note     string // what the note says, "" for none
		err      string
		file     string // what export.json holds after, "" for none
	}{
		{name: "nothing set, no file"},
		{name: "nothing set keeps the file", existing: `{"endpoint":"http://old"}`, note: "kept the settings", file: `{"endpoint":"http://old"}`},
		{name: "recorded", env: map[string]string{export.EnvEndpoint: "http://127.0.0.1:4318", export.EnvHeaders: "api-key=t0k"},
			note: "recorded", file: `"headers": "api-key=t0k"`},
		{name: "invalid is refused", env: map[string]string{export.EnvEndpoint: "ftp://x"}, existing: `{"endpoint":"http://old"}`,
			err: "otlp export: endpoint", file: `{"endpoint":"http://old"}`},
		{name: "headers without endpoint", env: map[string]string{export.EnvHeaders: "a=b"}, err: "no endpoint"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("GUARD_HOME", dir)
			path := filepath.Join(dir, export.ConfigName)
			if tc.existing != "" {
				if err := os.WriteFile(path, []byte(tc.existing), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			note, err := recordExportSettings(func(k string) string { return tc.env[k] })
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want %q", err, tc.err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if (tc.note == "") != (note == "") || !strings.Contains(note, tc.note) {
				t.Errorf("note %q, want %q", note, tc.note)
			}
			b, rerr := os.ReadFile(path)
			if tc.file == "" {
				if rerr == nil {
					t.Errorf("export.json written: %s", b)
				}
				return
			}
			if !strings.Contains(string(b), tc.file) {
				t.Errorf("export.json holds %s, want %s", b, tc.file)
			}
			if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
				t.Errorf("export.json mode: %v %v, want 0600", fi, err)
			}
		})
	}
}
