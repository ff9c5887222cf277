package pwsh

import (
	"slices"
	"testing"
)

// TestProperties: $PROFILE's current-user properties are the profiles they
// name; another property of a variable guard cannot tell, as the path a
// cmdlet writes, is Unnamed; a property as a value, or in a cmdlet that
// only reads, or of objects guard knows, is not.
func TestProperties(t *testing.T) {
	dir := "/home/u/" + profileDir()
	for _, tt := range []struct {
		cmd, want string
		unnamed   bool
	}{
		{`Add-Content $PROFILE.CurrentUserAllHosts x`, "t:" + dir + "/profile.ps1 t:x", false},
		{`Add-Content $profile.currentusercurrenthost x`, "t:" + dir + "/Microsoft.PowerShell_profile.ps1 t:x", false},
		{`$p = $PROFILE.CurrentUserAllHosts; Add-Content $p x`, "t:" + dir + "/profile.ps1 t:x", false},
		{`Add-Content $PROFILE.AllUsersAllHosts x`, "t:? t:x", true},
		{`Add-Content $cfg.Path x`, "t:? t:x", true},
		{`Set-Content -Path $cfg.Path -Value x`, "t:? t:x", true},
		{`Set-Content -Pa:$cfg.Path -Value x`, "t:?.Path t:x", true},
		{`Remove-Item -Force -Recurse $cfg.Dir`, "t:?", true},
		{`Copy-Item a.txt $cfg.Dest`, "t:a.txt t:?", true},
		{`$p = $cfg.Path; Out-File -FilePath $p`, "t:?", true},
		{`Set-Content -Path a.txt -Value $obj.Content`, "t:a.txt t:?", false},
		{`Set-Content a.txt $obj.Content`, "t:a.txt t:?", false},
		{`Get-Content $cfg.Path`, "r:?", false},
		{`Write-Host $cfg.Path`, "", false},
		{`$f = Get-Item a.txt; Set-Content $f.FullName x`, "r:a.txt t:a.txt t:? t:x", false},
	} {
		a, err := Read(tt.cmd, Options{Home: home})
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		a.Unresolved = nil
		if got := render(a); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
		if got := len(a.Unnamed) > 0; got != tt.unnamed {
			t.Errorf("%q: unnamed %q, want unnamed = %v", tt.cmd, a.Unnamed, tt.unnamed)
		}
	}
}

// TestPathWords: the words of a cmdlet in a path position.
func TestPathWords(t *testing.T) {
	all := func(n int) []bool { return slices.Repeat([]bool{true}, n) }
	for _, tt := range []struct {
		name string
		args []string
		want []string
	}{
		{"set-content", []string{"p", "v"}, []string{"p"}},
		{"copy-item", []string{"a", "b"}, []string{"a", "b"}},
		{"set-content", []string{"-Value", "v", "p"}, []string{"p"}},
		{"set-content", []string{"-Force", "p", "v"}, []string{"p"}},
		{"set-content", []string{"-Encoding", "utf8", "-LiteralPath", "p"}, []string{"p"}},
		{"set-content", []string{"-Dest:d"}, []string{"-Dest:d"}},
		{"set-content", []string{"-Value:v"}, nil},
	} {
		if got := pathWords(tt.name, tt.args, all(len(tt.args))); !slices.Equal(got, tt.want) {
			t.Errorf("%s %q: %q, want %q", tt.name, tt.args, got, tt.want)
		}
	}
}
