package hook

import (
	"path/filepath"
	"testing"
)

// TestChildEnvironmentCut: a shell started after export -n V or declare
// +x V, or under env -i, does not inherit V: guard does not fill it from
// its own environment there (FINDINGS52a P7). The parent keeps V's value;
// export V gives it back. Both bash.match modes.
func TestChildEnvironmentCut(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"tools/p.sh": "cat ~/.ssh/id_rsa\n",
		"safe/p.sh":  "echo ok\n",
	})
	t.Setenv("TOOLS", filepath.Join(proj, "safe"))
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			`export -n TOOLS; sh -c 'sh "${TOOLS:-tools}/p.sh"'`,
			`declare +x TOOLS; bash -c 'sh "${TOOLS:-tools}/p.sh"'`,
			`typeset +x TOOLS; sh -c '. "${TOOLS:-tools}/p.sh"'`,
			`env -i sh -c 'sh "${TOOLS:-tools}/p.sh"'`,
			`export V=safe; env -i sh -c 'sh "${V:-tools}/p.sh"'`,
		} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			`sh -c 'sh "${TOOLS:-tools}/p.sh"'`,
			`export -n TOOLS; export TOOLS; sh -c 'sh "${TOOLS:-tools}/p.sh"'`,
			`export -n TOOLS; sh "${TOOLS:-tools}/p.sh"`,
			`env -i PATH=/usr/bin:/bin bash -c 'echo "$HOME"'`,
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}
