package shell

import "testing"

// TestWheelStartup: the wheel members that land a start-up file in
// site-packages or a script in bin (review 11 F3).
func TestWheelStartup(t *testing.T) {
	for name, want := range map[string]bool{
		"evil.pth":                           true,
		"./Evil.PTH":                         true,
		"sitecustomize.py":                   true,
		"x-1.data/purelib/usercustomize.py":  true,
		"x-1.data/platlib/a.pth":             true,
		"x-1.data/scripts/python3":           true,
		"pkg/a.pth":                          false,
		"pkg/sitecustomize.py":               false,
		"x-1.dist-info/RECORD":               false,
		"x-1.data/data/share/jupyter/x.json": false,
		"x-1.data/purelib/pkg/__init__.py":   false,
	} {
		if got := wheelStartup(name); got != want {
			t.Errorf("wheelStartup(%q) = %v, want %v", name, got, want)
		}
	}
}
