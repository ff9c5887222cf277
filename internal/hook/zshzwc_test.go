package hook

import "testing"

// TestZshCompiledTwins: zsh runs F.zwc (wordcode, when newer) in place of
// F for . F, source F and an autoload from $fpath, and DIR.zwc for a
// function of $fpath's DIR: where a twin exists guard cannot read what
// runs.
func TestZshCompiledTwins(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"fn3/s": "echo hi\n", "fn3/s.zwc": "\x00wordcode",
		"fn2/evilf": "echo hi\n", "fn2/evilf.zwc": "\x00wordcode",
		"fd/g": "echo hi\n", "fd.zwc": "\x00wordcode",
		"fn/ok": "echo hi\n", "plain": "echo hi\n",
		"zd/.zshenv": "echo hi\n", "zd/.zshenv.zwc": "\x00wordcode", "zp/.zshenv": "echo hi\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct{ cmd, rule string }{
		{`zsh -c '. ./fn3/s'`, "unparsable_command"},
		{`zsh -c 'source fn3/s'`, "unparsable_command"},
		{`zsh -c 'fpath=(fn2); autoload evilf; evilf'`, "unparsable_command"},
		{`zsh -c 'fpath=(fd); autoload g; g'`, "unparsable_command"},
		{`zsh -c 'autoload -U ./fn2/evilf; evilf'`, "unparsable_command"},
		{`zsh -c 'autoload -w fn2/evilf.zwc; evilf'`, "unparsable_command"},
		{`zsh -c '. ./fn3/s.zwc'`, "unparsable_command"},
		{`zsh -c '. ./plain; fpath=(fn); autoload ok; ok'`, ""},
		{`bash -c '. ./fn3/s'`, ""},                           // bash reads no .zwc
		{`ZDOTDIR=zd zsh -c 'echo hi'`, "unparsable_command"}, // zd/.zshenv.zwc
		{`ZDOTDIR=zp zsh -c 'echo hi'`, ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, "")
	}
}

// TestZshAutoloadSpellings: typeset -fu NAME (declare, local; -fU, -f -u)
// and a stub NAME(){ autoload -X } autoload NAME from $fpath as autoload
// NAME does: its file runs when NAME does.
func TestZshAutoloadSpellings(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"fn/readk": "cat $HOMEDIR/.ssh/id_rsa\n", "fn/evilf": "echo x >> $HOMEDIR/.bashrc\n", "fn/okf": "echo hi\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct{ cmd, rule string }{
		{`zsh -c 'fpath=(fn); typeset -fu readk; readk'`, "blocked_path"},
		{`zsh -c 'fpath=(fn); typeset -f -u readk; readk'`, "blocked_path"},
		{`zsh -c 'fpath=(fn); declare -fu readk; readk'`, "blocked_path"},
		{`zsh -c 'fpath=(fn); f(){ local -fu readk; readk; }; f'`, "blocked_path"},
		{`zsh -c 'fpath=(fn); typeset -fU evilf; evilf'`, "blocked_path"},
		{`zsh -c 'fpath=(fn); readk(){ autoload -X }; readk'`, "blocked_path"},
		{`zsh -c 'fpath=(fn); setopt kshautoload; autoload +X evilf'`, "blocked_path"},
		{`zsh -c 'fpath=(fn); typeset -fu okf; okf'`, ""},
		{`zsh -c 'fpath=(fn); okf(){ autoload -X }; okf'`, ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, "")
	}
}
