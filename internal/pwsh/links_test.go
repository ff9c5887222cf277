package pwsh

import (
	"slices"
	"testing"
)

// TestFollowsLinks: the cmdlets that follow the links in the directories
// they read, and the directories they read whole.
func TestFollowsLinks(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
		dirs []string
	}{
		{"Get-ChildItem -Recurse -FollowSymlink", true, []string{"."}},
		{"gci -r -fol src", true, []string{"src"}},
		{"Get-ChildItem -Depth 2 -FollowSymlink:$true x", true, []string{"x", "2"}}, // -Depth's value is a word Paths keeps: walking it costs nothing
		{"Get-ChildItem -Recurse", false, nil},
		{"Get-ChildItem -FollowSymlink", false, nil},
		{"Get-ChildItem -Recurse -Force", false, nil},
		{"Copy-Item -Recurse a b", true, []string{"a", "b"}},
		{"Copy-Item a b", false, nil},
		{"Compress-Archive -Path ./* -DestinationPath a.zip", true, []string{"./*", "a.zip"}},
		{"Get-Content a.txt", false, nil},
		// the alias -s, -Recurse:$true, :$false turning off.
		{"gci -s -FollowSymlink", true, []string{"."}},
		{"Get-ChildItem -Recurse:$true -FollowSymlink", true, []string{"."}},
		{"Get-ChildItem -Recurse:$false -FollowSymlink", true, []string{"."}}, // $false reads as nothing: cannot tell, on
		{"Get-ChildItem -Recurse:0 -FollowSymlink", false, nil},
		{"Get-ChildItem -Recurse -FollowSymlink:0", false, nil},
		{"Get-ChildItem -Recurse:0 -Recurse -FollowSymlink", true, []string{".", "0"}}, // the value a word Paths keeps, as -Depth 2
		{"Copy-Item -Recurse:0 a b", false, nil},
		{"gci -s src", false, nil},
	} {
		a, err := Read(tc.cmd, Options{Home: "~"})
		if err != nil || len(a.Commands) != 1 {
			t.Fatalf("%s: %v, %d commands", tc.cmd, err, len(a.Commands))
		}
		c := a.Commands[0]
		if got := c.FollowsLinks(); got != tc.want {
			t.Errorf("%s: FollowsLinks = %v, want %v", tc.cmd, got, tc.want)
		}
		if !tc.want {
			continue
		}
		r, to, _ := c.Paths()
		if got := LinkDirs(r, to); !slices.Equal(got, tc.dirs) {
			t.Errorf("%s: LinkDirs = %q, want %q", tc.cmd, got, tc.dirs)
		}
	}
}
