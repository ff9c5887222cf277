package lang

import (
	"strings"
	"testing"
)

// TestUpwardNames: code that goes up from its directory names its dot
// entries, and the pieces given after them, above it, whatever joins them.
func TestUpwardNames(t *testing.T) {
	for _, tc := range []struct {
		code        string
		file        bool
		dots, pairs string
	}{
		{`pathlib.Path("..", ".bashrc").write_text("P")`, false, ".bashrc", ""},
		{`Path("..").joinpath(".guard","rules.json").unlink()`, false, ".guard .guard/rules.json", ".guard/rules.json"},
		{`open("/".join(["..", ".ssh", "id_rsa"]))`, false, ".ssh .ssh/id_rsa", ".ssh/id_rsa"},
		{`["..", ".ssh", "id_rsa"].join("/")`, false, ".ssh .ssh/id_rsa", ".ssh/id_rsa"},
		{`Path("../x").with_name(".bashrc")`, false, ".bashrc", ""},
		{`File.read(File.expand_path(".ssh/id_rsa", ".."))`, false, ".ssh/id_rsa", ""},
		{`p=pathlib.Path().resolve().parent; (p/(".bash"+"rc")).open("a")`, false, ".bashrc", "a"},
		{`Path("../..", "h", ".ssh", "id_rsa")`, false, ".ssh .ssh/id_rsa", ".ssh/h .ssh/id_rsa"},
		{`open(os.path.join(os.pardir, ".netrc"))`, false, ".netrc", ""},
		{`os.path.join(os.path.dirname(os.getcwd()), ".bashrc")`, false, ".bashrc", ""},
		{`for f in (".eslintrc", ".prettierrc"): os.path.join("..", f)`, false, ".eslintrc .prettierrc", ""},
		// not upward: a dot entry is the project's
		{`open(".bashrc")`, false, "", ""},
		{`Path(".ssh", "id_rsa")`, false, "", ""},
		// a program file: parent of its own file is its project; a lone
		// dot entry counts only beside the upward literal
		{`load_dotenv(Path(__file__).parent / ".env")`, true, "", ""},
		{`p = Path.cwd().parent / ".bashrc"`, true, "", ""},
		{`sys.path.insert(0, ".."); load_dotenv(".env")`, true, "", ""},
		{`Path("..", ".bashrc").write_text("P")`, true, ".bashrc", "P"},
		{`Path("..", ".ssh", "id_rsa").read_text()`, true, ".ssh .ssh/id_rsa", ".ssh/id_rsa"},
	} {
		got := UpwardNames(tc.code, tc.file)
		if d := strings.Join(got.Dots, " "); d != tc.dots {
			t.Errorf("UpwardNames(%q, %v).Dots = %q, want %q", tc.code, tc.file, d, tc.dots)
		}
		if p := strings.Join(got.Pairs, " "); !strings.Contains(p, tc.pairs) || tc.dots == "" && p != "" {
			t.Errorf("UpwardNames(%q, %v).Pairs = %q, want %q", tc.code, tc.file, p, tc.pairs)
		}
	}
}
