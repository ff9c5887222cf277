package pwsh

import (
	"encoding/base64"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/guardhq/guard/internal/shell/effect"
)

const home = "/home/u"

// show renders what Read tells of a command, for comparison: each
// command's reads (r:), touches (t:) and writes (w:), then U when something
// was unresolved.
func show(t *testing.T, cmd string) string {
	t.Helper()
	a, err := Read(cmd, Options{Home: home})
	if err != nil {
		t.Fatalf("%q: %v", cmd, err)
	}
	return render(a)
}

// render renders an analysis as show does, then H when something was
// hidden.
func render(a *Analysis) string {
	var parts []string
	for _, c := range a.Commands {
		r, tc, w := c.Paths()
		for _, p := range r {
			parts = append(parts, "r:"+p)
		}
		for _, p := range tc {
			parts = append(parts, "t:"+p)
		}
		for _, p := range w {
			parts = append(parts, "w:"+p)
		}
	}
	if len(a.Unresolved) > 0 {
		parts = append(parts, "U")
	}
	if len(a.Hidden) > 0 {
		parts = append(parts, "H")
	}
	return strings.ReplaceAll(strings.Join(parts, " "), Unknown, "?")
}

func TestRead(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		// The review's reproductions.
		{`Remove-Item -Recurse -Force $HOME\.guard`, "t:/home/u/.guard"},
		{`Copy-Item x $HOME\.guard\rules.json`, "t:x t:/home/u/.guard/rules.json"},
		{`gc $env:USERPROFILE\.ssh\id_rsa`, "r:/home/u/.ssh/id_rsa"},
		// After --, a word beginning with '-' is a name (a link -k).
		{`gc -- -k`, "r:./-k"},
		{`gc '-k'`, "r:./-k"},
		{`gc -Path "-k"`, "r:./-k"},
		{`Add-Content '-rc' x`, "t:./-rc t:x"},
		{`Get-Content -- -x=/../../.ssh/id_rsa`, "r:./-x=/../../.ssh/id_rsa"},
		{`$p="~/.ss"+"h/id_rsa"; gc $p`, "r:~/.ssh/id_rsa"},
		{`$p = '~/.ss' + 'h/id_rsa'` + "\n" + `Get-Content -Path $p`, "r:~/.ssh/id_rsa"},
		{`Get-Content (Join-Path $HOME '.ssh\id_rsa')`, "r:? r:/home/u/.ssh/id_rsa r:/home/u r:.ssh/id_rsa U"},
		// Spellings.
		{`gc "$env:HOME/.ssh/id_rsa"`, "r:/home/u/.ssh/id_rsa"},
		{`gc "${HOME}\.netrc"`, "r:/home/u/.netrc"},
		{"gc ~\\.ssh\\id`_rsa", "r:/home/u/.ssh/id_rsa"},
		{`gc 'it''s'`, "r:it's"},
		{`Set-Content -Path:$HOME\.bashrc -Value x`, "t:/home/u/.bashrc t:x"},
		{`echo x > $HOME\.bashrc`, "w:/home/u/.bashrc"},
		{`echo x >> ~/.bashrc 2>&1`, "w:/home/u/.bashrc"},
		{`Write-Output "~/.ssh/id_rsa"`, ""},
		// What guard cannot tell.
		{`iex "gc ~/.ssh/id_rsa"`, "t:gc ~/.ssh/id_rsa r:/home/u/.ssh/id_rsa"},
		{`iex $x`, "t:? U H"},
		{`& $cmd ~/.x`, "t:/home/u/.x U H"},
		{`gc ($a + '.ssh')`, "r:? U"}, // '.ssh' is among the literals
		{`gc "$(whoami)/x"`, "r:?/x U"},
		{`$x = Get-Content f; gc $x`, "r:f r:? r:? U"},
		{`powershell -EncodedCommand ZwBjACAAfgAvAC4AcwBzAGgALwBpAGQAXwByAHMAYQA=`, "t:ZwBjACAAfgAvAC4AcwBzAGgALwBpAGQAXwByAHMAYQA= r:/home/u/.ssh/id_rsa"},
		{`pwsh -enc !!!`, "t:!!! U"},
		{`pwsh -Command "gc ~/.ssh/id_rsa"`, "t:gc ~/.ssh/id_rsa r:/home/u/.ssh/id_rsa"},
		{`cmd /c "type %USERPROFILE%\.ssh\id_rsa"`, "t:/c t:type %USERPROFILE%/.ssh/id_rsa r:/c r:/home/u/.ssh/id_rsa"},
		{`Start-Process powershell -ArgumentList "-c gc ~/.ssh/id_rsa"`, "t:powershell t:-c gc ~/.ssh/id_rsa t:gc t:/home/u/.ssh/id_rsa r:/home/u/.ssh/id_rsa"},
		{`Start-Process -FilePath pwsh -ArgumentList '-enc','ZwBjACAAfgAvAC4AcwBzAGgALwBpAGQAXwByAHMAYQA=' -Wait`, "t:pwsh t:./-enc t:ZwBjACAAfgAvAC4AcwBzAGgALwBpAGQAXwByAHMAYQA= t:ZwBjACAAfgAvAC4AcwBzAGgALwBpAGQAXwByAHMAYQA= r:/home/u/.ssh/id_rsa"},
		{`bash -c 'cat ~/.ssh/id_rsa'`, "t:cat ~/.ssh/id_rsa r:/home/u/.ssh/id_rsa"},
		{`Get-ChildItem | % { $_.Name }`, ""},
		// An expression's redirection, the location, here-strings, $PROFILE.
		{`'{}' > ~/.agent_a/settings.json`, "w:/home/u/.agent_a/settings.json"},
		{`$a >> ~/.bashrc`, "w:/home/u/.bashrc"},
		{`'x' *> ~/.bashrc`, "w:/home/u/.bashrc"},
		{`cd ~/.guard; Set-Content rules.json '{}'`, "t:/home/u/.guard/rules.json t:/home/u/.guard/{}"},
		{`Set-Location -Path:~/.guard; Remove-Item audit.log`, "t:~/.guard/audit.log"},
		{`Push-Location ~/.agent_a; '{}' | Out-File settings.json; Pop-Location; gc x`, "t:/home/u/.agent_a/settings.json r:x"},
		{`sl ~/.ssh; type id_rsa`, "r:/home/u/.ssh/id_rsa"},
		{`cd ~; gc .aws/credentials`, "r:~/.aws/credentials"},
		{`cd $x; gc id_rsa`, "r:?/id_rsa"},
		{`cd; gc .netrc`, "r:/home/u/.netrc"},
		{`cd ~/.ssh; gc /etc/hosts, ~/x`, "r:/etc/hosts r:/home/u/x"},
		{"gc @\"\n~/.ssh/id_rsa\n\"@", "r:~/.ssh/id_rsa"},
		{"Set-Content @'\n~/.bashrc\n'@ x", "t:~/.bashrc t:x"},
		{"gc @\"\n$d/x\n\"@", "r:$d/x? U"},
		{`Set-Content $PROFILE 'x'`, "t:/home/u/" + profileDir() + "/Microsoft.PowerShell_profile.ps1 t:x"},
		{`Set-Content ('~/.bashxc' -replace 'x','r') 'x'`, "t:? U"},
		// Paths that reach a cmdlet through the pipeline, a block's $_,
		// or a variable a cmdlet's output set.
		{`'~/.bashrc' | Add-Content -Value x`, "t:~/.bashrc t:x"},
		{`Get-Item ~/.bashrc | Set-Content -Value x`, "r:/home/u/.bashrc t:/home/u/.bashrc t:x"},
		{`$p = Resolve-Path ~/.ssh/id_rsa; gc $p`, "r:/home/u/.ssh/id_rsa r:/home/u/.ssh/id_rsa"},
		{`$f = Get-Item -Force ~/.bashrc; $f | ac -Value x`, "r:/home/u/.bashrc t:/home/u/.bashrc t:x"},
		{`$f = Get-Item -Force ~/.bashrc; ac $f x`, "r:/home/u/.bashrc t:/home/u/.bashrc t:/home/u/.bashrc t:x"},
		{`gci -Force ~ | where Name -like ".b*rc" | Set-Content -Value x`, "r:/home/u t:/home/u t:/home/u/** t:x"},
		{`"~/.bashrc" | % { ac $_ x }`, "t:~/.bashrc t:? t:x"},
		{`$p = Join-Path $env:HOME ".bashrc"; Add-Content $p x`, "r:/home/u/.bashrc r:/home/u r:.bashrc t:/home/u/.bashrc t:/home/u/.bashrc t:x"},
		{`gi ~/.aws | gci | gc`, "r:/home/u/.aws r:/home/u/.aws r:/home/u/.aws r:/home/u/.aws/**"},
		{`gci ~ -Force -Filter .ss? | gci | gc`, "r:/home/u r:.ss? r:/home/u r:/home/u/.ss? r:/home/u r:/home/u/** r:/home/u/.ss? r:/home/u/.ss?/**"},
		{`gci ~/.ssh | % { $_.FullName } | gc`, "r:/home/u/.ssh r:/home/u/.ssh r:/home/u/.ssh/**"},
		{`gci ~/.ssh | ForEach-Object -Process { Get-Content $_ }`, "r:/home/u/.ssh r:/home/u/.ssh r:/home/u/.ssh/** r:?"},
		{`$f = gi ~/.bashrc; Set-Content -Path $f.FullName x`, "r:/home/u/.bashrc t:/home/u/.bashrc t:? t:x"},
		{`$f = gi ~/.bashrc; Set-Content -Path "$f.bak" x`, "r:/home/u/.bashrc t:/home/u/.bashrc.bak t:x"},
		{`gci ~/.ssh | % { $k = $_.FullName; gc $k }`, "r:/home/u/.ssh r:/home/u/.ssh r:/home/u/.ssh/** r:?"},
		{`$x = '~/.ssh' | gci; gc $x`, "r:~/.ssh r:~/.ssh r:~/.ssh/** r:?"},
		{`$k = gci ~/.ssh | select -First 1; Copy-Item $k /tmp/k`, "r:/home/u/.ssh t:/home/u/.ssh t:/home/u/.ssh/** t:? t:/tmp/k"},
		{`gc list.txt | Remove-Item`, "r:list.txt t:? U"},
		{`gc list.txt | % { Remove-Item $_ }`, "r:list.txt t:? t:? U"},
		{`'gc ~/.ssh/id_rsa' | iex`, "r:/home/u/.ssh/id_rsa"},
		{`gc x.ps1 | iex`, "t:x.ps1 t:? U"},
		{`'x' | Out-File ~/.bashrc.txt`, "t:/home/u/.bashrc.txt"},
		// Everyday.
		{`git status`, "t:status"},
		{`cd src; Get-Content main.go`, "r:src/main.go"},
		{`cd ..; gc x`, "r:../x"},
		{`go test ./...`, "t:test t:./..."},
		{`Get-ChildItem -Recurse -Filter *.go | Select-String "TODO"`, "r:./** r:*.go r:. r:./**/*.go r:TODO"},
		{`Get-ChildItem -Path $HOME -Recurse -Filter id_rsa | Get-Content`, "r:/home/u/** r:/home/u r:id_rsa r:/home/u r:/home/u/**/id_rsa"},
		{`gci -r src -Include *.ts`, "r:src/** r:src r:*.ts"},
		{`npm install; npm run build`, "t:install t:run t:build"},
		{`Get-ChildItem | Where-Object { $_.Length -gt 1MB }`, ""},
		{`# a comment ~/.ssh` + "\n" + `<# block ~/.guard #> ls`, ""},
		// Splatting: the words a variable hands on guard does not follow.
		{`$p = @{Path='~/.bashrc'; Value='x'}; Add-Content @p`, "t:? U"},
		{`git config user.email a@b.c`, "t:config t:user.email t:a@b.c"},
	} {
		if got := show(t, tt.cmd); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
	}
}

func TestLiterals(t *testing.T) {
	a, err := Read(`gc ($a + '.ss' + "h\id_$b")`, Options{Home: home})
	if err != nil || !slices.Equal(a.Literals, []string{"gc", ".ss", "h/id_"}) {
		t.Errorf("literals %q %v", a.Literals, err)
	}
}

func TestEnv(t *testing.T) {
	env := func(k string) (string, bool) {
		if k == "TEMP" {
			return `C:\Users\u\AppData\Local\Temp`, true
		}
		return "", false
	}
	a, err := Read(`Remove-Item -Recurse "$env:TEMP\.npm"; gc $env:NOPE\x`, Options{Home: home, Env: env})
	if err != nil || len(a.Commands) != 2 || a.Commands[0].Args[1] != "C:/Users/u/AppData/Local/Temp/.npm" ||
		a.Commands[1].Args[0] != Unknown+"/x" || !a.Unknowns {
		t.Errorf("%+v %v", a, err)
	}
}

// TestReadBounds: a command past a bound of the reader is not read at
// all, ErrLimit (the hook blocks it), never read in part;
// one at the bound is read whole.
func TestReadBounds(t *testing.T) {
	const inner = `Add-Content -Path ~/.bashrc -Value x`
	subexpr := func(n int) string { return strings.Repeat("$(", n) + inner + strings.Repeat(")", n) }
	encoded := func(n int) string {
		s := inner
		for range n {
			s = "pwsh -EncodedCommand " + encodeUTF16(s)
		}
		return s
	}
	command := func(n int) string {
		s := inner
		for range n {
			s = "pwsh -Command '" + strings.ReplaceAll(s, "'", "''") + "'"
		}
		return s
	}
	blocks := func(n int) string { return strings.Repeat("& {", n) + inner + strings.Repeat("}", n) }
	for _, tt := range []struct {
		name, cmd string
		limit     bool
	}{
		{"long", strings.Repeat("a ", MaxLen), true},
		{"$( at the bound", subexpr(maxNest), false},
		{"$( past the bound", subexpr(maxNest + 1), true},
		{"$( past the bound in a string", `"` + subexpr(maxNest+1) + `"`, true},
		{"$( 5000 deep", strings.Repeat("$(", 5000) + strings.Repeat(")", 5000), true},
		{"$(@( mixed", strings.Repeat("$(@(", maxNest+1) + inner + strings.Repeat("))", maxNest+1), true},
		{"-EncodedCommand at the bound", encoded(MaxDepth), false},
		{"-EncodedCommand past the bound", encoded(MaxDepth + 1), true},
		{"-Command past the bound", command(MaxDepth + 1), true},
		{"iex past the bound", strings.Repeat(`iex "`, 10) + "gc x", true},
		{"blocks at the bound", blocks(maxBlocks), false},
		{"blocks past the bound", blocks(maxBlocks + 1), true},
	} {
		a, err := Read(tt.cmd, Options{Home: home})
		switch {
		case tt.limit && err != ErrLimit:
			t.Errorf("%s: %v, want ErrLimit", tt.name, err)
		case !tt.limit && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case !tt.limit && !strings.Contains(render(a), "/home/u/.bashrc"):
			t.Errorf("%s: %s, the write not seen", tt.name, render(a))
		}
	}
}

// TestReadBoundsKept: past the bounds of what the reader keeps for later
// (the paths written that guard cannot work out, the files Get-Content
// read), what depends on them fails closed.
func TestReadBoundsKept(t *testing.T) {
	files := fakeFiles{"s.ps1": "gc README.md"}
	writes := strings.Repeat("tool $x; ", maxItems+1) + "./s.ps1"
	if a, err := Read(writes, Options{Home: home, Files: files}); err != nil || len(a.Hidden) == 0 {
		t.Errorf("unknown writes past the bound: %v %v, want the script hidden", a, err)
	}
	if a, err := Read(strings.Repeat("tool $x; ", 3)+"./s.ps1", Options{Home: home, Files: files}); err != nil || len(a.Hidden) != 0 {
		t.Errorf("unknown writes under the bound: %v %v, want the script read", a, err)
	}
	var b strings.Builder
	for i := range maxScripts*2 + 1 {
		fmt.Fprintf(&b, "$c%d = gc f%d.txt; ", i, i)
	}
	if _, err := Read(b.String()+"iex $c1", Options{Home: home, Files: files}); err != ErrLimit {
		t.Errorf("files read past the bound, code built at run time: %v, want ErrLimit", err)
	}
	if _, err := Read(b.String()+"gc x", Options{Home: home, Files: files}); err != nil {
		t.Errorf("files read past the bound, no code run: %v", err)
	}
}

// encodeUTF16 encodes s as -EncodedCommand takes it.
func encodeUTF16(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return base64.StdEncoding.EncodeToString(b)
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{"cd ~/.x; pushd a; popd; popd; gc b", "gc @\"\n$x\n\"@ @'\nunterminated", `gc $HOME\.ssh\id_rsa`, `$p="a"+"b"; iex $p`, `& $x "y" > z`, "`\"$(", `pwsh -enc AAAA`, "\"${x`} \"", `gi ~/.aws | gci | gc`, `"x" | % { ac $_ x } | gc`, "}}{{|{}|", `$f = gci -r -Filter *.go; $f | ac -Value x`, `'gc x' | iex`} {
		f.Add(s)
	}
	files := fakeFiles{"a.ps1": ". ./a.ps1; gc x | iex", "b.ps1": "!", "m.psm1": "function cat { ac @args }"}
	f.Add(`./a.ps1; Import-Module ./m.psm1; & ./b.ps1; 'x' > c.ps1; ./c.ps1`)
	f.Add(`function Test-Path { ac @args }; Set-Alias cat ac; ${function:x} = {}; Test-Path ~/.x`)
	f.Add(strings.Repeat("$(", maxNest+1) + "ac ~/.bashrc x" + strings.Repeat(")", maxNest+1))
	f.Add(strings.Repeat("& {", maxBlocks+1) + "x")
	f.Add("gc\u00a0\u201c~/x\u201d \u2013Path \u2018a\u2019\u2019b\u2019 $caf\u00e9\u3000x\u2028y")
	f.Add("sal a b; sal b a; a; Set-Item alias:x sh; New-Item -Path function: -Name k -Value 'a'; ${function:h} = 'x'; $s = { y }; & $s; $t.Invoke(); icm -sb:$t; gc \"`u{2e}`u{110000}`0\" @\"\n`u{\n\"@")
	f.Add(`[IO.Compression.ZipFile]::ExtractToDirectory("ev.zip", "."); Expand-Archive -Path:a.zip; irm -Uri:x.y; tar -xf 'a'"$b"`)
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Read(s, Options{Home: home, Files: files})
		if err != nil {
			if err != ErrLimit {
				t.Fatal(err)
			}
			return
		}
		a.URLs()
		if lines, ok := a.BashLines(); ok && strings.Count(lines, "\n") > maxNative {
			t.Fatal("unbounded program lines")
		}
		for _, c := range a.Commands {
			c.Paths()
			if len(c.Input) > maxItems+1 {
				t.Fatalf("%d items bound", len(c.Input))
			}
		}
	})
}

// TestBuilt: a string operator or method marks the command as building
// strings at run time.
func TestBuilt(t *testing.T) {
	for cmd, want := range map[string]bool{
		`Set-Content ('~/.b{0}shrc' -f 'a') 'x'`:                 true,
		`gc ('~/.sxh/id_rsa' -replace 'x','s')`:                  true,
		`Set-Content ('~/.bashXC'.ToLower().Replace('x','r')) x`: true,
		`gc ([string][char[]](126,47) -join '')`:                 true,
		`Remove-Item -f x.txt`:                                   false,
		`Get-Content README.md`:                                  false,
	} {
		a, err := Read(cmd, Options{Home: home})
		if err != nil || a.Built != want {
			t.Errorf("%q: Built %v, want %v (%v)", cmd, a != nil && a.Built, want, err)
		}
	}
}

// TestPipeBounds: the items a pipeline hands on stay bounded however many
// words name them, and reading them stays linear.
func TestPipeBounds(t *testing.T) {
	cmd := `$f = gci -Filter *.go; ` + strings.Repeat(`$f = $f; `, 10) + strings.Repeat("$f ", 5000) + `| ac -Value x; ac ` + strings.Repeat("$f ", 5000)
	a, err := Read(cmd, Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range a.Commands {
		if len(c.Input) > maxItems+1 {
			t.Errorf("%s: %d items bound", c.Name, len(c.Input))
		}
	}
}

// TestBinds: a name the command binds (a function, a filter, an alias, a
// name on the function: or alias: drive) loses what the tables say of it,
// wherever it is called; what may bind any name (a module imported, a
// script dot-sourced) makes every name lose its kind.
func TestBinds(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{`function Test-Path { Add-Content @args }; Test-Path ~/.bashrc x`, "t:? t:/home/u/.bashrc t:x U"},
		{`function Write-Output { Add-Content @args }; Write-Output ~/.agent_a/settings.json x`, "t:? t:/home/u/.agent_a/settings.json t:x U"},
		{`function global:Get-Content($p) { Add-Content $p x }; Get-Content ~/.bashrc`, "t:? t:x t:/home/u/.bashrc U"},
		{`filter gc { ac $_ x }; gc ~/.bashrc`, "t:? t:x t:/home/u/.bashrc"},
		{`Set-Alias Test-Path Add-Content; Test-Path ~/.bashrc x`, "t:/home/u/.bashrc t:x"},
		{`Set-Alias cat Add-Content; cat ~/.bashrc x`, "t:/home/u/.bashrc t:x"},
		{`New-Alias type Add-Content; type ~/.bashrc x`, "t:/home/u/.bashrc t:x"},
		{`Set-Alias -Name gc -Value Add-Content -Force; gc ~/.bashrc x`, "t:/home/u/.bashrc t:x"},
		{`${function:Test-Path} = { Add-Content @args }; Test-Path ~/.bashrc x`, "t:? t:/home/u/.bashrc t:x U"},
		{`Set-Item function:Test-Path { Add-Content @args }; Test-Path ~/.bashrc x`, "t:? t:/home/u/.bashrc t:x U"},
		{`New-Item -Path function: -Name echo -Value { ac @args }; echo ~/.bashrc x`, "t:? t:/home/u/.bashrc t:x U"},
		// Called before the text that defines it (a loop's second turn).
		{`foreach ($i in 1,2) { if ($i -eq 2) { Test-Path ~/.bashrc x }; function Test-Path { ac @args } }`, "t:? t:/home/u/.bashrc t:x t:? U"},
		// Defined inside text Invoke-Expression runs.
		{`iex 'Set-Alias cat Add-Content'; cat ~/.bashrc x`, "t:Set-Alias cat Add-Content t:/home/u/.bashrc t:x"},
		// What may bind any name.
		{`Import-Module ./m.psm1; Write-Output ~/.bashrc`, "t:./m.psm1 t:/home/u/.bashrc U"},
		{`. ./lib.ps1; Test-Path ~/.bashrc`, "r:./lib.ps1 t:/home/u/.bashrc U"},
		// A function of a name no table holds stays what it was; a cmdlet
		// the command does not bind keeps its kind.
		{`function Build { go build ./... }; Build; gc README.md`, "t:build t:./... r:README.md"},
	} {
		if got := show(t, tt.cmd); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
	}
}

// fakeFiles are files for Options.Files: path (cleaned) to text; a text
// of "!" is a file guard cannot read.
type fakeFiles map[string]string

func (f fakeFiles) ReadFile(p string, max int) ([]byte, effect.FileStatus) {
	t, ok := f[path.Clean(p)]
	switch {
	case !ok:
		return nil, effect.FileAbsent
	case t == "!":
		return nil, effect.FileUnreadable
	case len(t) > max:
		return []byte(t[:max]), effect.FileTooBig
	}
	return []byte(t), effect.FileWhole
}

// TestScripts: a script the command runs is read as commands: by its
// path, dot-sourced, &-called, handed to pwsh, imported, or as the code
// iex runs from Get-Content; one the command wrote is its known text; one
// guard cannot read, name or see the text of is Hidden.
func TestScripts(t *testing.T) {
	files := fakeFiles{"x7.ps1": `Add-Content ~/.bashrc "# PWNED"`, "x7.psm1": `function Get-X { Set-Content ~/.guard/rules.json x }`,
		"ok.ps1": "go build ./...\ngc README.md", "bad.ps1": "!", "sub/run.ps1": `. ./x7.ps1`, "loop.ps1": `./loop.ps1`,
		"lib.ps1": `function cat { Add-Content @args }`}
	for _, tt := range []struct{ cmd, want string }{
		{`./x7.ps1`, "r:./x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`. ./x7.ps1`, "r:./x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`& ./x7.ps1`, "r:./x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`x7.ps1`, "t:/home/u/.bashrc t:# PWNED"},
		{`pwsh -File x7.ps1`, "t:x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`pwsh -NoProfile -ExecutionPolicy Bypass -File ./x7.ps1`, "t:Bypass t:./x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`powershell x7.ps1`, "t:x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`Import-Module ./x7.psm1`, "t:./x7.psm1 t:/home/u/.guard/rules.json t:x"},
		{`Get-Content x7.ps1 | iex`, "t:x7.ps1 t:? t:/home/u/.bashrc t:# PWNED U"},
		{`iex (gc x7.ps1 -Raw)`, "t:? t:x7.ps1 t:/home/u/.bashrc t:# PWNED U"},
		{`$s = gc x7.ps1 -Raw; iex $s`, "t:x7.ps1 t:? t:? t:/home/u/.bashrc t:# PWNED U"},
		{`iex ([IO.File]::ReadAllText("x7.ps1"))`, "t:? t:/home/u/.bashrc t:# PWNED U"},
		{`Start-Process pwsh -ArgumentList "-File x7.ps1"`, "t:pwsh t:-File x7.ps1 t:x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`cd sub; ./run.ps1`, "r:sub/run.ps1 r:sub/x7.ps1"},
		// Written by the same command: its known text.
		{`'Add-Content ~/.bashrc x' | Out-File y7.ps1; ./y7.ps1`, "t:y7.ps1 r:./y7.ps1 t:/home/u/.bashrc t:x"},
		{`Set-Content y7.ps1 'Add-Content ~/.guard/rules.json x'; . ./y7.ps1`, "t:y7.ps1 t:Add-Content ~/.guard/rules.json x r:./y7.ps1 t:/home/u/.guard/rules.json t:x"},
		{`'Add-Content ~/.bashrc x' > y7.ps1; & ./y7.ps1`, "w:y7.ps1 r:./y7.ps1 t:/home/u/.bashrc t:x"},
		// What guard cannot read, name or see.
		{`./bad.ps1`, "r:./bad.ps1 H"},
		{`& "./$n.ps1"`, "r:./?.ps1 U H"},
		{`Add-Content y7.ps1 'x'; ./y7.ps1`, "t:y7.ps1 t:x r:./y7.ps1 H"},
		{`Invoke-WebRequest $u -OutFile y7.ps1; ./y7.ps1`, "t:? t:y7.ps1 r:./y7.ps1 H"},
		{`Copy-Item $src "$d/y7.ps1"; ./y7.ps1`, "t:? t:?/y7.ps1 r:./y7.ps1 H"},
		{`./loop.ps1`, "r:./loop.ps1 r:./loop.ps1 r:./loop.ps1 r:./loop.ps1 r:./loop.ps1 H"},
		{`Import-Module ./m.psd1`, "t:./m.psd1 H"},
		// More ways to run a script, and code built at run time.
		{`Invoke-Command -FilePath ./x7.ps1`, "t:./x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`Start-Job -FilePath:x7.ps1`, "t:x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`pwsh -File:x7.ps1`, "t:x7.ps1 t:/home/u/.bashrc t:# PWNED"},
		{`using module ./x7.psm1`, "t:module t:./x7.psm1 t:/home/u/.guard/rules.json t:x"},
		{`& ('x7' + '.ps1')`, "U H"},
		{`ipmo (Resolve-Path ./m.psm1)`, "t:? U H"},
		{`[scriptblock]::Create('function gc { ac @args }').Invoke(); gc ~/.bashrc x`, "t:/home/u/.bashrc t:x U"},
		// A script guard reads binds the names its text defines, no others.
		{`. ./lib.ps1; cat ~/.bashrc x`, "r:./lib.ps1 t:? t:/home/u/.bashrc t:x U"},
		{`. ./ok.ps1; Write-Output ~/.bashrc`, "r:./ok.ps1 t:build t:./... r:README.md"},
		{`Import-Module Pester; Write-Output ~/.bashrc`, "t:Pester t:/home/u/.bashrc U"},
		// Everyday: a project's script, one absent, a module by name.
		{`./ok.ps1`, "r:./ok.ps1 t:build t:./... r:README.md"},
		{`./absent.ps1 -Verbose`, "r:./absent.ps1"},
		{`$v = git describe; go build -ldflags "-X main.v=$v"; ./ok.ps1`, "t:describe t:build t:-X main.v=? r:./ok.ps1 t:build t:./... r:README.md"},
		{`Import-Module Pester; Invoke-Pester`, "t:Pester U"},
	} {
		a, err := Read(tt.cmd, Options{Home: home, Files: files})
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if got := render(a); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
	}
}

// TestBashLines: the external programs a command runs are handed on as
// bash lines, in the directory PowerShell runs them in, a part guard could
// not work out as an unset variable; cmdlets and what the reader follows
// itself are not.
func TestBashLines(t *testing.T) {
	u := `'"$` + UnknownVar + `"'`
	for _, tt := range []struct{ cmd, want string }{
		{`tar -xf ev.tar`, `('tar' '-xf' 'ev.tar')`},
		{`cd src; git -c core.fsmonitor=./x status`, `(cd 'src' && 'git' '-c' 'core.fsmonitor=./x' 'status')`},
		{`git.exe pull`, `('git' 'pull')`},
		{`bash -c "tar -xf ev.tar"`, `('bash' '-c' 'tar -xf ev.tar')` + "\n" + `('tar' '-xf' 'ev.tar')`},
		{`node -e "x('a')"`, `('node' '-e' 'x('\''a'\'')')`},
		{`go build -ldflags "-X main.v=$v" .`, `('go' 'build' '-ldflags' '-X main.v=` + u + `' '.')`},
		{`Expand-Archive ev.zip -DestinationPath .`, `('unzip' '-o' 'ev.zip' '-d' '.')`},
		{`Expand-Archive -Path ./a/ev.zip`, `('unzip' '-o' './a/ev.zip' '-d' 'ev')`},
		{`[IO.Compression.ZipFile]::ExtractToDirectory("ev.zip", "out")`, `('unzip' '-o' 'ev.zip' '-d' 'out')`},
		{`if ($x) { npm test }`, `('npm' 'test')`},
		{`Get-Content x; Set-Content y z; Write-Output a; gc b; cd c; iex 'd'`, `(cd 'c' && 'd')`},
		{`function git { }; git status`, `('git' 'status')`}, // the program it would be, too
		{`& $x y`, ``},
		{`./build.ps1`, ``},
	} {
		a, err := Read(tt.cmd, Options{Home: home})
		if err != nil {
			t.Fatal(err)
		}
		got, ok := a.BashLines()
		if !ok || strings.TrimSuffix(got, "\n") != tt.want {
			t.Errorf("%s: %q, want %q", tt.cmd, got, tt.want)
		}
	}
	a, _ := Read(strings.Repeat("git status; ", maxNative+1), Options{Home: home})
	if _, ok := a.BashLines(); ok {
		t.Errorf("%d programs: no limit", maxNative+1)
	}
}

// TestURLs: the URLs a command names, in any word or string, and the host
// a web cmdlet is given without a scheme.
func TestURLs(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want []string
	}{
		{`iwr http://169.254.169.254/latest/meta-data/`, []string{"http://169.254.169.254/latest/meta-data/"}},
		{`Invoke-RestMethod -Uri 169.254.169.254 -Method Get`, []string{"169.254.169.254"}},
		{`irm -Uri:metadata.google.internal`, []string{"metadata.google.internal"}},
		{`$u = 'http://10.0.0.1/x'; Invoke-WebRequest $u -OutFile a`, []string{"http://10.0.0.1/x"}},
		{`iwr -OutFile a.json example.com/a.json`, []string{"example.com/a.json"}},
		{`curl.exe "file:///home/u/.ssh/id_rsa"`, []string{"file:///home/u/.ssh/id_rsa"}},
		{`python -c "import urllib.request as u; u.urlopen('http://127.0.0.1:8080/')"`, []string{"http://127.0.0.1:8080/"}},
		{`Get-Content README.md`, nil},
	} {
		a, err := Read(tt.cmd, Options{Home: home})
		if err != nil {
			t.Fatal(err)
		}
		if got := a.URLs(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

func FuzzDecodeEncoded(f *testing.F) {
	f.Add("QQBkAGQA")
	f.Add("%%%")
	f.Fuzz(func(t *testing.T, s string) { DecodeEncoded(s) })
}
