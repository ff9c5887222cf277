package hook

import "testing"

// TestSedScriptFileSpellings: sed's script file is read however -f is
// spelled: -f F, --file=F, -nf F, -fF.
func TestSedScriptFileSpellings(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x.sed":  "w $HOMEDIR/.bashrc\n",
		"ok.sed": "s/a/b/\n",
		"README": "a\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"sed -f x.sed README", true},
		{"sed --file=x.sed README", true},
		{"sed -nf x.sed README", true},
		{"sed -fx.sed README", true},
		{"sed -f ok.sed README", false},
		{"sed -n --file=ok.sed README", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}

// TestGawkInclude: gawk's -i/--include source library is a program it runs.
func TestGawkInclude(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"x.awk":  "BEGIN{print 1 > \"$HOMEDIR/.bashrc\"}\n",
		"ok.awk": "function f(){return 1}\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`gawk -i x.awk 'BEGIN{}'`, true},
		{`gawk --include=x.awk 'BEGIN{}'`, true},
		{`gawk -i ok.awk 'BEGIN{print f()}'`, false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
