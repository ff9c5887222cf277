package pwsh

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEscape: the escapes PowerShell decodes are decoded as it does;
// what it refuses, or what no path holds, is Unknown.
func TestEscape(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		n        int
	}{
		{"`u{2e}", ".", 6},
		{"`u{2E}x", ".", 6},
		{"`u{000068}", "h", 10},
		{"`u{1F600}", "\U0001F600", 9},
		{"`u{10FFFF}", "\U0010FFFF", 10},
		{"`u{110000}", Unknown, 10},
		{"`u{1234567}", Unknown, 11},
		{"`u{}", Unknown, 4},
		{"`u{0}", Unknown, 5},
		{"`u{D800}", Unknown, 8},
		{"`u{2e", Unknown, 5},
		{"`u2e", Unknown, 2},
		{"`u", Unknown, 2},
		{"`0", Unknown, 2},
		{"`a", "\a", 2},
		{"`b", "\b", 2},
		{"`e", "\x1b", 2},
		{"`f", "\f", 2},
		{"`n", "\n", 2},
		{"`r", "\r", 2},
		{"`t", "\t", 2},
		{"`v", "\v", 2},
		{"`N", "N", 2},
		{"`U{2e}", "U", 2},
		{"`s", "s", 2},
		{"``", "`", 2},
		{"`$", "$", 2},
		{"`é", "é", 3},
		{"`", "", 1},
	} {
		got, n := escape(tt.in, 0)
		if got != tt.want || n != tt.n {
			t.Errorf("%q: %q %d, want %q %d", tt.in, got, n, tt.want, tt.n)
		}
	}
}

// FuzzEscape: an escape takes at least one byte and no more than the text
// holds, and stands for valid UTF-8 or Unknown.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"`u{2e}", "`u{", "`u{110000}", "`0", "`", "`é", "`u{FFFFFFFFFFFF}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		s = "`" + s
		text, n := escape(s, 0)
		if n < 1 || n > len(s) {
			t.Fatalf("%q: took %d bytes", s, n)
		}
		if !utf8.ValidString(text) && utf8.ValidString(s[:n]) {
			t.Fatalf("%q: %q is not UTF-8", s, text)
		}
	})
}

// TestEscapesRead: a path spelt with escapes is the path (`u{2e} a dot),
// in a "…" string, a bare word and a @"…"@ here-string; an escape guard
// cannot decode is an unknown part.
func TestEscapesRead(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"Remove-Item -Recurse \"$HOME/`u{2e}guard\"", "t:/home/u/.guard"},
		{"gc $HOME/`u{2e}ssh/id_rsa", "r:/home/u/.ssh/id_rsa"},
		{"gc \"$HOME/.`u{73}sh/id_rsa\"", "r:/home/u/.ssh/id_rsa"},
		{"gc @\"\n$HOME/`u{2e}ssh\n\"@", "r:$HOME/.ssh? U"},
		{"gc @\"\n~/`u{2e}ssh/id_rsa\n\"@", "r:~/.ssh/id_rsa"},
		{"gc '~/`u{2e}ssh'", "r:~/`u{2e}ssh"},
		{"gc \"$HOME/`u{2e}ssh/id_rsa`0\"", "r:/home/u/.ssh/id_rsa? U"},
		{"gc \"$HOME/`u{2e\"", "r:/home/u/? U"},
		{"gc $HOME/`\n.ssh", "r:/home/u/ r:.ssh"},
		{"Write-Output \"a`tb\"", ""},
		// Curly quotes are quotes, an en or em dash starts an option.
		{"Remove-Item -Recurse \u201c~/.guard\u201d", "t:~/.guard"},
		{"gc \u2018~/.ssh/id_rsa\u2019", "r:~/.ssh/id_rsa"},
		{"gc \u2018it\u2019\u2019s\u2019", "r:it's"},
		{"gc \u201c$HOME/.ssh/id_rsa\u201d", "r:/home/u/.ssh/id_rsa"},
		{"gc \u2013Path ~/x", "r:/home/u/x"},
		// Unicode separators end a word; a variable's name ends at what is
		// no letter or digit.
		{"gc\u00a0~/.ssh/id_rsa", "r:/home/u/.ssh/id_rsa"},
		{"gc\u3000$HOME\u2003x", "r:/home/u r:x"},
		{"gc $caf\u00e9/x", "r:?/x"},
	} {
		if got := strings.ReplaceAll(show(t, tt.cmd), Unknown, "?"); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
	}
}

// TestAliasTargets: an alias the command binds runs its target, a cmdlet,
// a program or a script; one bound to what guard cannot tell, or named so,
// is hidden where it runs.
func TestAliasTargets(t *testing.T) {
	files := fakeFiles{"p9.ps1": "Add-Content ~/.bashrc x"}
	for _, tt := range []struct{ cmd, want string }{
		{`Set-Alias ls bash; ls -c "echo x"`, "('bash' '-c' 'echo x')"},
		{`Set-Alias -Name x -Value sh; x e8.sh`, "('sh' 'e8.sh')"},
		{`sal x bash; sal y x; y e8.sh`, "('bash' 'e8.sh')"},
		{`New-Alias -Scope Global x ./e8.sh; x`, "('./e8.sh')"},
		{`Set-Item alias:x sh; x e8.sh`, "('sh' 'e8.sh')"},
		{`New-Item -Path alias: -Name x -Value sh; x e8.sh`, "('sh' 'e8.sh')"},
		{`${alias:x} = 'sh'; x e8.sh`, "('sh' 'e8.sh')"},
		{`Set-Alias g git; g status`, "('git' 'status')"},
		{`Set-Alias x $p; x e8.sh`, "H"},
		{`Set-Alias x sh; Set-Alias x bash; x e8.sh`, "H"},
		{`Set-Alias $n sh; ls`, "H"},
		{`Set-Alias -Bogus y x sh; x`, "H"},
		{`sal a b; sal b a; a`, "H"},
		{`Set-Item function:h $code; h`, "H"},
		{`${function:h} = $code; h`, "H"},
	} {
		a, err := Read(tt.cmd, Options{Home: home, Files: files})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := a.BashLines()
		got, _, _ = strings.Cut(got, "\n") // sh's operands are read as commands too
		if len(a.Hidden) > 0 {
			got = "H"
		}
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.cmd, got, tt.want)
		}
	}
	// A script alias is read; a cmdlet alias takes the cmdlet's kind.
	for _, tt := range []struct{ cmd, want string }{
		{`Set-Alias ls ./p9.ps1; ls`, "r:./p9.ps1 t:/home/u/.bashrc t:x"},
		{`Set-Alias gc Set-Content; gc ~/.bashrc x`, "t:/home/u/.bashrc t:x"},
		{`Set-Alias ll Get-ChildItem; ll src`, "r:src"},
		{`Set-Item function:h 'Add-Content ~/.bashrc x'; h`, "t:/home/u/.bashrc t:x"},
		{`${function:h} = 'Add-Content ~/.bashrc x'; h`, "t:/home/u/.bashrc t:x"},
		{`Set-Item function:h { Add-Content ~/.bashrc x }; h`, "t:/home/u/.bashrc t:x"},
	} {
		a, err := Read(tt.cmd, Options{Home: home, Files: files})
		if err != nil {
			t.Fatal(err)
		}
		if got := render(a); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
	}
}

// TestBlockVars: a script block the command writes out is read where it
// stands, so running it from its variable hides nothing; running one from
// a variable guard cannot tell is hidden.
func TestBlockVars(t *testing.T) {
	for _, tt := range []struct {
		cmd    string
		hidden bool
	}{
		{`$x = { sh e8.sh }; & $x`, false},
		{`$x = { sh e8.sh }; . $x`, false},
		{`$x = { sh e8.sh }; $x.Invoke()`, false},
		{`$x = { sh e8.sh }; $x.InvokeReturnAsIs()`, false},
		{`$x = { sh e8.sh }; Invoke-Command -ScriptBlock $x`, false},
		{`$x = { sh e8.sh }; icm $x`, false},
		{`function Exec([scriptblock]$cmd) { & $cmd }; Exec { go vet }`, false},
		{`Invoke-Command -ComputerName $h -ScriptBlock { hostname }`, false},
		{`& $x`, true},
		{`. $x`, true},
		{`$x = { a }; $x = gc f; & $x`, true},
		{`$y.Invoke()`, true},
		{`Invoke-Command -ScriptBlock $y`, true},
		{`Start-Job $y`, true},
		{`icm -sb:$y`, true},
		{`[scriptblock]::Create('sh e8.sh').Invoke()`, true},
		{`iex ('sh e8'+'.sh')`, true},
		{`iex (gc x.ps1 -Raw)`, false},
		{`Set-Alias x bash; Copy-Item alias:x alias:ls`, true},
		{`Import-Alias a.csv`, true},
		{`Get-ChildItem alias:`, false},
		{"pwsh \u2013EncodedCommand LgAvAGUAOAAuAHMAaAA=", false},
	} {
		a, err := Read(tt.cmd, Options{Home: home})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(a.Hidden) > 0; got != tt.hidden {
			t.Errorf("%q: hidden %v %q, want %v", tt.cmd, got, a.Hidden, tt.hidden)
		}
	}
}
