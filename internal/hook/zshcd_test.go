package hook

import "testing"

// TestZshCdReplace: zsh's cd OLD NEW (pushd, chdir) moves to $PWD with its
// first OLD replaced by NEW, not to NEW; bash's is an error that stays
// (bash 5) or a cd to the first (bash 3.2).
func TestZshCdReplace(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"a.txt": "a\n"}) // root/home, root/proj
	p := realPolicy(t, "")
	for _, tc := range []struct{ cmd, rule string }{
		{`zsh -c 'cd proj home/.ssh && cat id_rsa'`, "blocked_path"},
		{`zsh -c 'cd proj home; echo x >> .bashrc'`, "blocked_path"},
		{`zsh -c 'pushd proj home/.guard && rm -f rules.json'`, "blocked_path"},
		{`zsh -c 'chdir proj home && cat .ssh/id_rsa'`, "blocked_path"},
		{`zsh -c 'cd /proj "" && echo x >> home/.bashrc'`, "blocked_path"},
		{`zsh -c 'cd "$(cat f)" x && cat a.txt'`, "unresolved_path"},
		{`zsh -c 'cd proj proj && cat a.txt'`, ""},
		{`zsh -c 'cd nothere x && cat a.txt'`, ""},
		{`bash -c 'cd proj home 2>/dev/null; cat a.txt'`, ""},
		// Other shells: too many arguments (stays), or the first (bash
		// 3.2), or the last.
		{`bash -c 'cd . a/x && cat ../home/.ssh/id_rsa'`, "blocked_path"},
		{`sh -c 'cd a/x . && cat ../home/.ssh/id_rsa'`, "blocked_path"},
		{`zsh -c 'cd . a a/x && cat ../home/.ssh/id_rsa'`, "blocked_path"},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, "")
	}
	t.Setenv("SHELL", "/bin/zsh")
	checkRule(t, p, proj, `cd proj home && cat .ssh/id_rsa`, "blocked_path", "")
}
