package shell

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"
)

// corpusCommands returns the commands of testdata/commands.tsv, for seeds.
func corpusCommands(t testing.TB) []string {
	f, err := os.Open("testdata/commands.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if fs := strings.Split(l, "\t"); len(fs) == 4 {
			out = append(out, strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`).Replace(fs[2]))
		}
	}
	return out
}

// FuzzAnalyze: any text is analysed without a panic, quickly, and the
// analysis is well formed: an error is a *ParseError or a limit, every line
// is one line, every path and URL is non-empty.
func FuzzAnalyze(f *testing.F) {
	for _, s := range corpusCommands(f) {
		f.Add(s)
	}
	for _, s := range []string{"a <<-X\n\tb\n\tX\nc", `x $( y "$(z` + "`" + `)" ) >&2 <<< w`, `sh -c 'sh -c "eval a"'`, `a\`, `"\`, `'`,
		"${x:-$(rm -rf /)}", "$'\\x", "{a,b", "{1..99999}", "f(){ f|f& };f", "cat <<EOF\n$(", "echo $((", "((((", ")"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		a := analyze(cmd, Options{Home: "/home/u"}) // a hang is the fuzzer's time-out, not a timed check here
		var pe *ParseError
		if a.Err != nil && !errors.As(a.Err, &pe) && !errors.Is(a.Err, ErrLimit) {
			t.Fatalf("error %T %v", a.Err, a.Err)
		}
		for _, l := range a.Lines {
			if l == "" || strings.ContainsAny(l, "\n\r") {
				t.Fatalf("line %q", l)
			}
		}
		for _, list := range [][]string{a.Reads, a.Writes, a.Touches, a.URLs} {
			for _, p := range list {
				if p == "" {
					t.Fatal("empty path or URL")
				}
			}
		}
	})
}

// FuzzSedFiles: reading a sed script for its files never panics, and every
// file it finds is text of the script.
func FuzzSedFiles(f *testing.F) {
	for _, s := range []string{"w /x", "1d;$r f", "s/a;b/c/w out", "/re/,/e\\/nd/W g", `\,x,r y`, "s/a/b", "{r f\n}", "s", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		reads, writes := sedFiles(script)
		for _, p := range append(reads, writes...) {
			if p == "" || !strings.Contains(script, p) {
				t.Fatalf("file %q not in %q", p, script)
			}
		}
	})
}

// FuzzVolumeSource: the host path of a container volume is text of the
// value, never an empty path.
func FuzzVolumeSource(f *testing.F) {
	for _, s := range []string{"~:/h", "/srv:/x:ro", `C:\src:/x`, "data:/x", "type=bind,source=/home/u,target=/h", "src=,x", ":", "", "a:b:c"} {
		f.Add("-v", s)
		f.Add("--mount", s)
	}
	f.Fuzz(func(t *testing.T, opt, v string) {
		if p := volumeSource(opt, v); p != "" && !strings.Contains(v, p) {
			t.Fatalf("volumeSource(%q, %q) = %q", opt, v, p)
		}
	})
}
