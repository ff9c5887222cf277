package hook

import "testing"

// TestGitConfigReadAsGit: guard reads the git configurations git loads as
// git's config.c does (FINDINGS44c K3): a header with its key on one line,
// a lone \r between them, a value continued with a backslash, an alias or
// core.hooksPath set so; one git would not read (a bad escape) is one guard
// cannot tell: the command is blocked with a reason that says so. The
// ordinary multi-line form is read as before; in both bash.match modes.
func TestGitConfigReadAsGit(t *testing.T) {
	const run = `"echo pwned >> ~/.bashrc; false"`
	repo := func(files map[string]string, dir, config string) {
		files[dir+"/HEAD"] = "ref: refs/heads/master\n"
		files[dir+"/config"] = config
		files[dir+"/objects/.keep"] = ""
		files[dir+"/refs/.keep"] = ""
	}
	files := map[string]string{
		"oneline.cfg": "[core] fsmonitor = " + run + "\n",
		"cr.cfg":      "[core]\rfsmonitor = " + run + "\n",
		"cont.cfg":    "[core]\n\tfsmonitor = \"echo \\\n[x]; echo pwned >> ~/.bashrc; false\"\n",
		"normal.cfg":  "[core]\n\tfsmonitor = " + run + "\n",
		"bad.cfg":     "[core]\n\tpager = less\\q\n",
		"plain.cfg":   "[user] name = x\n[core]\r\n\tpager = less\r\n",
	}
	repo(files, "fs", "[core] bare = false\n\tworktree = ..\n[core] fsmonitor = "+run+"\n")
	repo(files, "al", "[core] bare = false\n\tworktree = ..\n[alias] x = !echo pwned >> ~/.bashrc\n")
	repo(files, "hk", "[core] bare = false\n\tworktree = ..\n\thooksPath = \"h\\q\"\n")
	repo(files, "ok", "[core] bare = false\n\tworktree = ..\n[alias] lg = log --oneline\n")
	_, proj := scriptWorld(t, files)
	const unread = "guard cannot read as git does"
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, tc := range []struct {
			cmd, rule, reason string // rule "" for allowed
		}{
			{"GIT_CONFIG_GLOBAL=oneline.cfg git status", "blocked_path", ".bashrc"},
			{"GIT_CONFIG_GLOBAL=cr.cfg git status", "blocked_path", ".bashrc"},
			{"GIT_CONFIG_GLOBAL=cont.cfg git status", "blocked_path", ".bashrc"},
			{"GIT_CONFIG_GLOBAL=normal.cfg git status", "blocked_path", ".bashrc"},
			{"GIT_CONFIG_GLOBAL=bad.cfg git status", "unparsable_command", unread},
			{"git -C fs status", "blocked_path", ".bashrc"},
			{"git -C al x", "blocked_path", ".bashrc"},
			{"git -C hk commit -m x", "unparsable_command", unread},
			{"git -C ok lg", "", ""},
			{"GIT_CONFIG_GLOBAL=plain.cfg git log", "", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
	}
}
