package hook

import "testing"

// TestShellStateFromFiles: what a sourced file or evaluated text does to
// the shell's state (where it is, set -e, its functions) is taken as it
// runs, not as the file reads (FINDINGS55b mechanism 1): a top-level
// return ends the file early (B15); evaluated text turns set -e off (B2)
// or moves the shell.
func TestShellStateFromFiles(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"s1.sh": "return 0\ncd /tmp\n",
		"s3.sh": "if true; then return; fi\ncd /tmp\n",
		"ok.sh": "cd /tmp\n",
		"p.txt": "set +e\n",
		"c.txt": "cd ~\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"cd ~; . " + proj + "/s1.sh; echo x >> .bashrc", true},
		{"cd ~; . " + proj + "/s3.sh; echo x >> .profile", true},
		{"cd ~; . " + proj + "/ok.sh; echo x >> .bashrc", false},
		{`set -e; eval "$(cat p.txt)"; cd ~; cd /tmp/miss; echo x >> .bashrc`, true},
		{`eval "$(cat c.txt)"; echo x >> .bashrc`, true},
		{`eval "$(cat c.txt)"; cd ` + proj + `; echo x >> .bashrc`, false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.want, "")
	}
}
