package shell

import (
	"slices"
	"testing"
)

// TestCodeUp: code that goes up from its directory names its dot entries,
// and the pieces given after them, in each directory above it and in the
// home, in a one-liner and a program file.
func TestCodeUp(t *testing.T) {
	for _, tc := range []struct {
		cmd     string
		files   map[string]string
		touched string // among the touches; "" for none outside the project
		read    string // among the reads
	}{
		{cmd: `python3 -c 'import pathlib; pathlib.Path("..", ".bashrc").write_text("P")'`, touched: "~/.bashrc", read: "../.bashrc"},
		{cmd: `python3 -c 'import pathlib; pathlib.Path("..").joinpath(".guard","rules.json").unlink()'`, touched: "../../.guard/rules.json"},
		{cmd: `node -e 'require("fs").readFileSync(["..", ".ssh", "id_rsa"].join("/"))'`, read: "~/.ssh/id_rsa"},
		{cmd: `python3 x.py`, files: map[string]string{"x.py": "import pathlib\npathlib.Path('..', '.bashrc').write_text('P')\n"}, touched: "../.bashrc"},
		{cmd: `python3 x.py`, files: map[string]string{"x.py": "import pathlib\nprint(pathlib.Path('..', '.ssh', 'id_rsa').read_text())\n"}, read: "~/.ssh/id_rsa"},
		{cmd: `python3 x.py`, files: map[string]string{"x.py": "from pathlib import Path\nload_dotenv(Path(__file__).parent / '.env')\n"}},
		{cmd: `python3 -c 'import pathlib; pathlib.Path(".bashrc").write_text("P")'`},
	} {
		a, _ := analyzeWith(tc.cmd, tc.files)
		if tc.touched != "" && !slices.Contains(a.Touches, tc.touched) {
			t.Errorf("%q: touches %q, want %q among them", tc.cmd, a.Touches, tc.touched)
		}
		if tc.read != "" && !slices.Contains(a.Reads, tc.read) {
			t.Errorf("%q: reads %q, want %q among them", tc.cmd, a.Reads, tc.read)
		}
		if tc.touched == "" && tc.read == "" && (slices.Contains(a.Touches, "~/.bashrc") || slices.Contains(a.Touches, "~/.env") || slices.Contains(a.Reads, "~/.env")) {
			t.Errorf("%q: touches %q, reads %q: a dot entry above the project", tc.cmd, a.Touches, a.Reads)
		}
	}
}
