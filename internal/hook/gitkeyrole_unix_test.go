//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestGitKeyRoles: every source of a git setting gives a key the same role
// (gitKeyRole): gpg.ssh.defaultKeyCommand, a key whose name says it holds
// a command, is one in git config, GIT_CONFIG_GLOBAL and the repository's
// configuration (FINDINGS45b N1); include.path through GIT_CONFIG_COUNT,
// GIT_CONFIG_PARAMETERS and --config-env is a configuration read, not a
// command (N2); an ext:: URL in a remote's url or an insteadOf, and
// protocol.ext.allow, are what git runs (N3). Both bash.match modes.
func TestGitKeyRoles(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{
		"README":  "a\n",
		"k.sh":    "echo pwned >> ~/.bash_profile\n",
		"g.cfg":   "[user]\n\tname = a\n\temail = a@b.c\n[gpg]\n\tformat = ssh\n[gpg \"ssh\"]\n\tdefaultKeyCommand = sh k.sh\n[commit]\n\tgpgSign = true\n",
		"a.cfg":   "[core]\n\tfsmonitor = \"echo pwned >> ~/.bash_profile; false\"\n",
		"ok.cfg":  "[user]\n\tname = a\n[remote \"y\"]\n\turl = https://example.com/a.git\n",
		"u2.cfg":  "[protocol \"ext\"]\n\tallow = always\n[url \"ext::sh k.sh\"]\n\tinsteadOf = /tmp/\n",
		"e.cfg":   "[remote \"x\"]\n\turl = ext::sh k.sh\n",
		"u3.cfg":  "[url \"ext::sh k.sh\"]\n\tinsteadOf = zz:\n",
		"gpg.cfg": "[gpg \"ssh\"]\n\tdefaultKeyCommand = sh k.sh\n",
	})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "one")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"git config gpg.ssh.defaultKeyCommand 'sh k.sh'", true},
			{"git config gpg.x509.fooCmd 'sh k.sh'", true}, // not catalogued: its name says command
			{"git config gpg.format ssh", false},
			{"git config commit.gpgSign true", false},
			{"git config color.pager false", false},
			{"git config user.name a", false},
			{"GIT_CONFIG_GLOBAL=g.cfg git commit -q --allow-empty -m x", true},
			{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=include.path GIT_CONFIG_VALUE_0=" + proj + "/a.cfg git status", true},
			{`GIT_CONFIG_PARAMETERS="'include.path'='` + proj + `/a.cfg'" git status`, true},
			{"X=" + proj + "/a.cfg git --config-env=include.path=X status", true},
			{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=include.path GIT_CONFIG_VALUE_0=" + proj + "/gpg.cfg git status", true},
			{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=include.path GIT_CONFIG_VALUE_0=" + proj + "/ok.cfg git status", false},
			{"GIT_CONFIG_GLOBAL=u2.cfg git fetch origin", true},
			{"GIT_ALLOW_PROTOCOL=ext GIT_CONFIG_GLOBAL=e.cfg git fetch x", true},
			{"GIT_ALLOW_PROTOCOL=ext GIT_CONFIG_GLOBAL=u3.cfg git ls-remote zz:foo", true},
			{"git -c protocol.ext.allow=always fetch x", true},
			{"GIT_CONFIG_GLOBAL=ok.cfg git status", false},
			{"git remote add up https://example.com/b.git", false},
		} {
			wantBlockWhy(t, p, mode+": "+tc.cmd, bashPayload(t, proj, tc.cmd), tc.block)
		}
	}
	// The setting in the repository's configuration, loaded at each call.
	f, err := os.OpenFile(filepath.Join(proj, ".git/config"), os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString("[gpg \"ssh\"]\n\tdefaultKeyCommand = sh k.sh\n")
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	wantBlockWhy(t, p, ".git/config: commit", bashPayload(t, proj, "git commit -q --allow-empty -m x"), true)
}

// wantBlockWhy is wantBlock where a block must be for the setting: the
// payload's write of ~/.bash_profile, a .git/config write, or a command
// git may run from a place guard does not read, not another rule (the
// redaction of git fetch's output).
func wantBlockWhy(t *testing.T, p *policy.Policy, label, payload string, block bool) {
	t.Helper()
	code, stdout, stderr, _ := runReal(t, p, payload)
	out := stdout + stderr
	why := strings.Contains(out, "bash_profile") || strings.Contains(out, ".git/config") || strings.Contains(out, "ext::")
	if blocked := code == 2 && why; blocked != block || code == 2 && !block {
		t.Errorf("%s: blocked for the setting = %v, want %v: %s", label, blocked, block, out)
	}
}
