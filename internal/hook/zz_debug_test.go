package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

func TestZZDebug(t *testing.T) {
	hermetic(t)
	p, _ := policy.Default()
	for _, c := range []string{`cd .. && cat "$PWD/.ssh/id_rsa"`, `printf 'ProxyCommand cp x ~/.bashrc\n' > s4; ssh -o 'Include '$PWD/s4 h`} {
		r, err := DryRun(p, "command", c, "/home/dev/proj")
		t.Logf("%q: %+v %v", c, r, err)
	}
}
