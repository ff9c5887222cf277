package shell

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// sequentialZsh is analyze's reading of cmd as bash then as zsh, one walk
// after the other: the reference walkBoth must equal.
func sequentialZsh(cmd string, opt Options) *Analysis {
	a := &Analysis{}
	a.Err = walk(a, cmd, opt, false)
	z := &Analysis{}
	union(a, z, walk(z, cmd, opt, true))
	finish(a)
	return a
}

// parallelZshOf is analyze's reading of cmd with the two walks at once.
func parallelZshOf(cmd string, opt Options) *Analysis {
	a := &Analysis{}
	z, zerr := walkBoth(a, cmd, opt)
	union(a, z, zerr)
	finish(a)
	return a
}

// TestWalkBothEqual checks that reading a command as bash and zsh at once
// finds what reading it one way after the other does, for scripts made of
// the command table's lines (run it with -race too: make unit-race).
func TestWalkBothEqual(t *testing.T) {
	data, err := os.ReadFile("testdata/commands.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Split(l, "\t")
		if len(f) < 3 || strings.HasPrefix(l, "#") {
			continue
		}
		cmds = append(cmds, strings.ReplaceAll(f[2], `\n`, "\n"))
	}
	opt := Options{Home: "/home/u", Zsh: true}
	for i := 0; i < len(cmds); i += 40 {
		script := strings.Join(cmds[i:min(i+40, len(cmds))], "\n")
		want, got := sequentialZsh(script, opt), parallelZshOf(script, opt)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("script of lines %d…: the walks at once differ from one after the other", i)
		}
	}
}

func FuzzWalkBoth(f *testing.F) {
	f.Add("git status\ncat ~/.ssh/id_rsa | base64\nx=$HOME; rm -rf $x[1,-1]")
	f.Add("print -l =rm ${~v} *(.)\nsed -i 's/a/b/' f")
	f.Fuzz(func(t *testing.T, cmd string) {
		if len(cmd) > 4096 || nesting(cmd) > MaxNesting {
			return
		}
		opt := Options{Home: "/home/u", Zsh: true}
		cmd = word.Sanitize(cmd)
		if want, got := sequentialZsh(cmd, opt), parallelZshOf(cmd, opt); !reflect.DeepEqual(want, got) {
			t.Errorf("%q: the walks at once differ from one after the other", cmd)
		}
	})
}
