package shell

import (
	"slices"
	"testing"
)

// TestRunnerDirs: a runner that starts its command in a directory of its
// own (systemd-run, parallel --wd) has the command's words resolved there.
func TestRunnerDirs(t *testing.T) {
	tests := []struct {
		cmd, path string
		write     bool
	}{
		{cmd: `systemd-run --user sh -c 'echo x >> .bashrc'`, path: "~/.bashrc", write: true},
		{cmd: `systemd-run sh -c 'echo x >> .bashrc'`, path: "/.bashrc", write: true},
		{cmd: `systemd-run --user --working-directory=/etc cat shadow`, path: "/etc/shadow"},
		{cmd: `systemd-run --user -p WorkingDirectory=/etc cat shadow`, path: "/etc/shadow"},
		{cmd: `systemd-run --user --property=WorkingDirectory=/etc cat shadow`, path: "/etc/shadow"},
		{cmd: `systemd-run --user -d cat x`, path: "x"},
		{cmd: `systemd-run --user --scope cat x`, path: "x"},
		{cmd: `systemd-run --user -p ExecStartPre='cat /etc/shadow' true`, path: "/etc/shadow"},
		{cmd: `systemd-run --user -p StandardOutput=file:/tmp/o echo x`, path: "/tmp/o", write: true},
		{cmd: `systemd-run --user -p EnvironmentFile=-/etc/e true`, path: "/etc/e"},
		{cmd: `parallel --wd /etc cat ::: shadow`, path: "/etc/shadow"},
		{cmd: `parallel 'cat {} | rev' ::: /etc/shadow`, path: "/etc/shadow"},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/home/u"})
		if a.Err != nil {
			t.Errorf("%q: %v", tt.cmd, a.Err)
		}
		got := a.Reads
		if tt.write {
			got = a.Writes
		}
		if !slices.Contains(got, tt.path) {
			t.Errorf("%q: reads %q writes %q, want %q", tt.cmd, a.Reads, a.Writes, tt.path)
		}
	}
}
