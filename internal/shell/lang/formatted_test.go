package lang

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

func TestFormattedNames(t *testing.T) {
	m := word.Mark(word.MarkVar, "code_part")
	tests := []struct {
		code string
		want []string // … stands for a part not known
	}{
		{`open("/h/%s/credentials" % ".aws")`, []string{"/h/.aws/credentials"}},
		{`open("/h/{:c}ssh/id_{:c}sa".format(46, 114))`, []string{"/h/…ssh/id_…sa"}},
		{`open("/h/{x}aws".format(x=chr(46)))`, []string{"/h/…aws"}},
		{`open("/h/{0[1]}bashrc".format("x."))`, []string{"/h/…bashrc"}},
		{`open("/h/{:.1}bashrc".format(".x"))`, []string{"/h/…bashrc"}},
		{`open(f"/h/{46:c}bashrc")`, []string{"/h/…bashrc"}},
		{`open(os.path.join(os.path.expanduser("~"), "%sbashrc" % "."))`, []string{".bashrc", "~/.bashrc"}},
		{`File.write(format("%s/%sbashrc", Dir.home, "."), "x")`, []string{"~/.bashrc"}},
		{`File.write("%s/%sbashrc" % [Dir.home, "."], "x")`, []string{"~/.bashrc"}},
		{`File.join(Dir.home, format("%.1sbashrc", ".x"))`, []string{"~/…bashrc"}},
		{`fs.appendFileSync(require("util").format("%s/%sbashrc", process.env.HOME, "."), "x")`, []string{"~/.bashrc"}},
		{`print "x" >> (ENVIRON["HOME"] "/" sprintf("%sbashrc", "."))`, []string{".bashrc", "~/.bashrc"}},
		{`File.read("#{Dir.home}/#{46.chr}aws/credentials")`, []string{"~/…aws/credentials"}},
		{`system("cat", "$ENV{HOME}/@{[chr 46]}aws/credentials")`, []string{"~/…aws/credentials"}},
		{`$^I=sprintf("%s/%cbash*",$ENV{HOME},46)`, []string{"~/…bash…"}},
		{`File.read("#{Dir.pwd}/config/app.yml")`, []string{"./config/app.yml"}},
		{`open("%s/out.txt" % "build", "w")`, []string{"build/out.txt"}},
		{`print("Hello %s" % name)`, nil},
		{`print("%s/.venv" % os.getcwd()); print(os.environ["HOME"])`, []string{"./.venv"}},
		{`print("%s/.bashrc" % d); print(os.environ["HOME"])`, []string{"…/.bashrc"}}, // HomePaths holds it (heldDots)
		{`open("data.json")`, nil},
	}
	for _, tt := range tests {
		got := FormattedNames(tt.code)
		for i := range got {
			got[i] = strings.ReplaceAll(got[i], m, "…")
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("FormattedNames(%s) = %q, want %q", tt.code, got, tt.want)
		}
	}
}

func TestCodeNamesGiven(t *testing.T) {
	m := word.Mark(word.MarkVar, "code_part")
	env := func(n string) (string, bool) {
		if n == "X" {
			return ".bashrc", true
		}
		return "", false
	}
	tests := []struct {
		code string
		g    Given
		want []string
	}{
		{`open(os.path.join(os.environ["HOME"], os.environ["X"]), "a")`, Given{Env: env}, []string{"~/.bashrc"}},
		{`open(os.path.join(os.environ["HOME"], sys.argv[1]), "a")`, Given{Args: []string{".bashrc"}}, []string{"~/.bashrc"}},
		{`File.read(File.join(Dir.home, ARGV[0]))`, Given{Args: []string{".aws/credentials"}}, []string{"~/.aws/credentials"}},
		{`getline l < (ENVIRON["HOME"] "/" ARGV[1])`, Given{Awk: true, Args: []string{".aws/credentials"}}, nil}, // awk joins: awkgetline.go
		{`open(os.path.join(os.environ["HOME"], os.environ["Y"]), "a")`, Given{Env: env}, []string{"~/…"}},
		{`open(os.path.join(os.getcwd(), sys.argv[1]))`, Given{Args: []string{"data.json"}}, nil},
		{`os.path.exists(os.path.join("..", f))`, Given{}, nil},
		{`open(os.path.join(os.environ["Y"], "a.txt"), "w")`, Given{Env: env}, nil},
	}
	for _, tt := range tests {
		got := CodeNames(tt.code, tt.g)
		for i := range got {
			got[i] = strings.ReplaceAll(got[i], m, "…")
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("CodeNames(%s) = %q, want %q", tt.code, got, tt.want)
		}
	}
}
