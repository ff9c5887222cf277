package shell

import (
	"bufio"
	"errors"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
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
		"${x:-$(rm -rf /)}", "$'\\x", "{a,b", "{1..99999}", "f(){ f|f& };f", "cat <<EOF\n$(", "echo $((", "((((", ")",
		"v=HOME; cat ${!v}/x", "declare -n r=x; r=(a b); ${r[@]}", "printf -v x %s%d a b; $x", "set -- a; shift 3; $1",
		"a[5]=x; a+=(y); ${a[@]:1:2} ${#a[@]} ${!a[@]}", "x=$(y); ${x//a/b} ${x^^} ${x:2} $((x+1))", "pushd /a; popd +1; ~-2",
		"=rm ${(e)v} $HOME[1,-1] *(e:'x':) ${(s:/:)PATH} $v:h:t ${${x}:t} ${(P)p} ${+x}", "eval \"$x $(y)\"",
		"((i++)); for ((j=0;j<3;j++)); do :; done; let k=1+2", "read -a a <<< 'x y'; mapfile m; getopts ab o",
		"f=a; [ x ] || f=b; g=$f; [ y ] && g=$g$f; cp \"$f\" \"$g\"", "while read a b; do x=$a; done <<< 'p q\nr s'; $x",
		"${f:s/a/b/:gs/c/d/:&:h2:t} $f:s/x/y $f:gs/a/b/:r ${f:s:a:b:}", "f[2,-1]=x; a[1]=y; mapfile[$k]=z; unset 'mapfile[q]'",
		"alias -g Q='| x' R='> y'; alias a='b ' b='a '; a b Q R", "print -rl -- a b; print -v v x; source =(print c)",
		"x='a[$(y)]'; echo $((x)) ${a[x]} ${s:x}; (( x )); [[ $x -eq 1 && -v 'a[$(z)]' ]]; f='$(q)'; : ${f@P}",
		"cp x ~$USER/a ~${U}/b ~/(#i).X ~/.b(rc|z) ~/a^b ${(Q)f} ${f:Q}; declare -i n='a[$(b)]'; arr[x]=1",
		"shopt -s extglob nocaseglob dotglob; cat ~/.s+(s)h/ID_RS? */* !(x)/y @(a|.b) > ~/*(.x)",
		"setopt kshglob globdots; ls *(e[x y]) *(e{z}) *(+f) *(oe:q:) *(P:w:) ~/x(:a) *(:s/a/b/) ~/(.s|x)/y{a}",
		"zsh -o nocaseglob -c 'f(){cp x y}; {echo a}'; bash -O extglob -c 'ls *.@(go|md)'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		// Read as bash, then as bash and zsh.
		for _, zsh := range []bool{false, true} {
			checkAnalysis(t, cmd, Options{Home: "/home/u", Zsh: zsh})
		}
	})
}

// checkAnalysis analyses cmd and checks the analysis is well formed.
func checkAnalysis(t *testing.T, cmd string, opt Options) {
	{
		a := analyze(cmd, opt) // a hang is the fuzzer's time-out, not a timed check here
		var pe *ParseError
		if a.Err != nil && !errors.As(a.Err, &pe) && !errors.Is(a.Err, effect.ErrLimit) && !errors.Is(a.Err, ErrHidden) {
			t.Fatalf("error %T %v", a.Err, a.Err)
		}
		for _, l := range a.Lines {
			if l == "" || strings.ContainsAny(l, "\n\r") {
				t.Fatalf("line %q", l)
			}
		}
		for _, list := range [][]string{a.Reads, a.Writes, a.Touches, a.URLs} {
			for _, p := range list {
				if p == "" || leftMark(p) {
					t.Fatalf("empty path or URL, or a marker left: %q", p)
				}
			}
		}
		for _, l := range a.Lines {
			if leftMark(l) {
				t.Fatalf("marker left in line %q", l)
			}
		}
		for _, u := range a.Unresolved {
			if !strings.Contains(u.Text, word.Unknown) {
				t.Fatalf("unresolved path %q has no unknown part", u.Text)
			}
		}
		if a.ZshErr != nil && !opt.Zsh {
			t.Fatal("a zsh error read as bash")
		}
	}
}

// leftMark reports whether s holds a marker's start or end: markers are
// written as placeholders before an analysis is returned.
func leftMark(s string) bool {
	return strings.Contains(s, word.MarkStart) || strings.Contains(s, word.MarkEnd)
}

// FuzzFastPath: a word the walker takes as it is (a plain literal, a
// single-quoted string) is what the shell's expansion makes of it.
func FuzzFastPath(f *testing.F) {
	for _, s := range []string{"a", "'a b'", "a*b", "-rf", "/etc/passwd", "a=b", "%s", "x#y", "@x", "a,b", "'~'", "=rm", "!x"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, zsh bool) {
		w := &walker{a: &Analysis{}, zsh: zsh}
		w.Ledger = newLedger(w, w.a, "", nil)
		file, err := w.theParser().Parse(strings.NewReader("x "+text), "")
		if err != nil || len(file.Stmts) != 1 {
			return
		}
		call, ok := file.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) != 2 || len(call.Assigns) > 0 {
			return
		}
		wd := call.Args[1]
		fast, ok := w.plainWord(wd)
		if !ok {
			return
		}
		w.begin()
		slow := w.expandFields(wd)
		w.end()
		if len(slow) != 1 || slow[0].Text != fast {
			t.Fatalf("%q: fast %q, expand %+v", text, fast, slow)
		}
	})
}

// FuzzFilesRun: any text in a file a command runs (a script, a program, a
// crontab, sed's input) is analysed without a panic, and the error is one
// the callers know.
func FuzzFilesRun(f *testing.F) {
	for _, s := range []string{"cat ~/.ssh/id_rsa", "#!/usr/bin/env python3\nopen('~/.guard/x','w')", "#!/bin/sh\nsh x", "\x00ELF",
		"* * * * * rm -rf ~%a%b", "SHELL=./x", "spawn sh\nsend \"x\r\"", "sh x; . x; ./x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		files := &fakeFiles{files: map[string]string{"x": text, "./x": text}}
		cmd := "sh x; ./x; source x; python3 x; crontab x; at -f x now; sed e x; expect x; BASH_ENV=x bash"
		a := analyze(cmd, Options{Home: "/home/u", Files: files})
		var pe *ParseError
		if a.Err != nil && !errors.As(a.Err, &pe) && !errors.Is(a.Err, effect.ErrLimit) && !errors.Is(a.Err, ErrHidden) {
			t.Fatalf("error %T %v", a.Err, a.Err)
		}
		if len(files.asked) > 4*effect.MaxFiles+maxModuleProbes+maxHeads { // and the modules looked for (interp.go), the first bytes read (beside.go)
			t.Fatalf("%d files asked for", len(files.asked))
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

// FuzzExpandEnv: filling in a path's inherited variables never panics, and
// what UnknownVars leaves names no variable but a leading $HOME.
func FuzzExpandEnv(f *testing.F) {
	for _, s := range []string{"$A/x", "${A:-~/.ssh}/id", "${B:+y}", "${A", "$", "${HOME:-/r}", "$NOPE$HOME/.ssh", "${A-}", "${:-x}"} {
		f.Add(s)
	}
	env := map[string]string{"A": "/a", "HOME": "/home/u", "E": ""}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	f.Fuzz(func(t *testing.T, p string) {
		x := ExpandEnv(p, lookup)
		u, _ := UnknownVars(x)
		if again, ok := UnknownVars(u); ok && again != u {
			t.Fatalf("%q: UnknownVars left a variable: %q", p, u)
		}
	})
}

// FuzzQualifiers: any text inside a trailing group is read as a qualifier
// list or refused, without a panic, and the code it finds lies inside it.
func FuzzQualifiers(f *testing.F) {
	for _, s := range []string{".", "om[1]", "e:'x':", "e[cp x y]", "+f", "oe{q}", "P:x:", ":s/a/b/", "#qN", "f700", "u:root:", "L+10", "mh-1", "r|q", "e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if len(q) > 1<<10 {
			return
		}
		got, ok := parseQualifiers(q)
		if !ok {
			return
		}
		for _, c := range got.code {
			if len(c) > len(q) {
				t.Fatalf("%q: code %q longer than the list", q, c)
			}
		}
		if got.mods != "" && !strings.HasSuffix(q, got.mods) {
			t.Fatalf("%q: modifiers %q are not its tail", q, got.mods)
		}
	})
}

// FuzzFoldPattern: a folded pattern matches both cases of a plain name.
func FuzzFoldPattern(f *testing.F) {
	for _, s := range []string{".bashrc", "ID_RSA", "[ab]x", "[!a-c]", "[[:alpha:]]", `\A`, "a*b?c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<10 {
			return
		}
		folded := foldPattern(s)
		if strings.ContainsAny(s, "*?[]\\/") || !isASCII(s) {
			return
		}
		for _, name := range []string{strings.ToLower(s), strings.ToUpper(s), s} {
			if ok, err := path.Match(folded, name); err == nil && !ok {
				t.Fatalf("%q folded %q does not match %q", s, folded, name)
			}
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
