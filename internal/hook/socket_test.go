package hook

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/auditsock"
	"github.com/guardhq/guard/internal/event"
)

// Under guard run (GUARD_SOCKET set) the record goes to the socket, and a
// socket that cannot be reached blocks in the client's answer form.
func TestRunThroughSocket(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s")
	var got []event.Record
	srv, err := auditsock.Listen(sock, func(r *event.Record) error {
		r.PrevHash = event.ZeroHash
		got = append(got, *r)
		return nil
	}, auditsock.Options{User: "u", Host: "h"})
	if err != nil {
		t.Skipf("unix sockets: %v", err)
	}
	defer srv.Close()
	allow := func([]event.Input) (event.Verdict, error) { return event.Verdict{Decision: event.Allow}, nil }
	payload := `{"hook_event_name":"before_tool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`

	var f fake
	cfg := f.config(payload, allow)
	cfg.Append, cfg.AuditPath = nil, nil
	cfg.Getenv = func(k string) string {
		if k == auditsock.EnvSocket {
			return sock
		}
		return ""
	}
	if code := Run(cfg); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, f.stderr.String())
	}
	if len(got) != 1 || got[0].Verdict != "allow" || got[0].Agent != "c" {
		t.Errorf("server got %+v", got)
	}

	var g fake
	cfg = g.config(payload, allow)
	cfg.Append, cfg.AuditPath = nil, nil
	cfg.Getenv = func(k string) string {
		if k == auditsock.EnvSocket {
			return sock + ".gone"
		}
		return ""
	}
	if code := Run(cfg); code != 2 {
		t.Errorf("unreachable socket: exit %d, want 2", code)
	}
	if !strings.Contains(g.stdout.String(), `"decision":"deny"`) || !strings.Contains(g.stderr.String(), "guard run") {
		t.Errorf("unreachable socket: stdout %q stderr %q", g.stdout.String(), g.stderr.String())
	}
	if len(got) != 1 {
		t.Errorf("server got %d records", len(got))
	}
}
