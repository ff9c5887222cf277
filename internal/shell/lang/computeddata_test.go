package lang

import "testing"

func TestComputedValueCall(t *testing.T) {
	for _, c := range []struct {
		f    Family
		code string
		want bool
	}{
		{Python, `import wave; wave.open('crhsab./~'[::-1],'wb')`, true},
		{Python, `import readline; readline.write_history_file(bytes.fromhex('2f78').decode())`, true},
		{Python, `import os; os.execle('/bin/sh','sh',{'VNE_HSAB'[::-1]:'x'})`, true},
		{Node, `require('child_process').spawn(String.fromCharCode(114,109),['x'])`, true},
		{Node, `require('x').y(Buffer.from('L3g=','base64').toString())`, true},
		{PHP, `copy("README", strrev("crhsab./~"));`, true},
		{Ruby, `Open3.capture2 "truncate", "x".reverse`, true},
		{Perl, `open(my $f, "|-", "truncate", scalar reverse "x")`, true},
		{Python, `print('hello'[::-1])`, false},
		{Python, `print(open('txt.emdaer'[::-1]).read())`, false},
		{Python, `import sys; sys.stdout.write(chr(27) + '[0m')`, false},
		{Python, `import subprocess; print(subprocess.check_output(['git']).decode('utf-8'))`, false},
		{Perl, `print scalar reverse "olleh"`, false},
		{Ruby, `puts "olleh".reverse`, false},
		{Lua, `os.remove(string.reverse("x"))`, false},
	} {
		if got := ComputedValueCall(c.f, c.code); got != c.want {
			t.Errorf("ComputedValueCall(%d, %q) = %v, want %v", c.f, c.code, got, c.want)
		}
	}
}

func FuzzComputedValueCall(f *testing.F) {
	f.Add(`x('a'[::-1])`)
	f.Add(`"`)
	f.Fuzz(func(_ *testing.T, code string) {
		for _, fam := range []Family{Python, Node, Perl, Ruby, PHP} {
			ComputedValueCall(fam, code)
		}
	})
}
