package shell

import "testing"

func TestGitRunsValue(t *testing.T) {
	for _, tc := range []struct {
		key, v string
		want   bool
	}{
		{"core.pager", "less", true},
		{"core.alternaterefscommand", "./x", true},
		{"remote.origin.uploadpack", "./x", true},
		{"remote.origin.receivepack", "git-receive-pack", true},
		{"remote.origin.url", "https://example.com/r.git", false},
		{"trailer.sign.command", "./x", true},
		{"sendemail.sendmailcmd", "./x", true},
		{"sendemail.smtpserver", "smtp.example.com", false},
		{"credential.helper", "store", false},
		{"credential.helper", "cache --timeout=3600", false},
		{"credential.helper", "/opt/gcm/git-credential-manager", true},
		{"credential.helper", "!f() { echo x; }; f", true},
		{"submodule.lib.update", "!./x", true},
		{"submodule.lib.update", "rebase", false},
		{"user.name", "CI Bot", false},
		{"core.excludesfile", "~/.gitignore_global", false},
		{"core.hookspath", "./hooks", false}, // hidden where it is set
		{"unknown.key", "./x", true},
		{"unknown.key", "a b", true},
		{"unknown.key", "plain", false},
		{"trace2.normaltarget", "/tmp/t", false}, // a write: gitSetting
		{"alias.co", "checkout", false},
		{"alias.x", "!sh x", true},
	} {
		if got := gitRunsValue(tc.key, tc.v); got != tc.want {
			t.Errorf("gitRunsValue(%q, %q) = %v, want %v", tc.key, tc.v, got, tc.want)
		}
	}
}
