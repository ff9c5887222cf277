package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestHomeJoinsAnalysed: the one-liner's and the program file's joins are
// reads and writes (or touches) of the home directory's entries.
func TestHomeJoinsAnalysed(t *testing.T) {
	a := analyze(`python3 -c "from pathlib import Path; print((Path.home() / '.ssh' / 'id_rsa').read_text())"`, Options{})
	if !slices.Contains(a.Reads, "~/.ssh/id_rsa") {
		t.Errorf("one-liner: reads %q", a.Reads)
	}
	a, _ = analyzeWith(`python3 tool.py`, map[string]string{
		"tool.py": "import os\nh = os.path.expanduser('~')\nwith open(os.path.join(h, '.bashrc'), 'a') as f:\n    f.write('x')\n",
	})
	if !slices.Contains(a.Writes, "~/.bashrc") {
		t.Errorf("program file: writes %q", a.Writes)
	}
	a, _ = analyzeWith(`python3 app.py`, map[string]string{
		"app.py": "from pathlib import Path\nload_dotenv('.env')\nCACHE = Path.home() / '.cache' / 'app'\n",
	})
	// Touched there at most: the default write rules do not protect ~/.env.
	for _, p := range append(a.Reads, a.Writes...) {
		if strings.Contains(p, ".env") {
			t.Errorf("program file: %q reads or writes the project's .env under ~", p)
		}
	}
}
