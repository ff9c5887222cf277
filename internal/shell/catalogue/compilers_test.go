package catalogue

import "testing"

// TestCompilerTakesNone: a flag or an option with its value joined takes
// no next word; -o, -MF, -x, -mllvm and an option not listed may.
func TestCompilerTakesNone(t *testing.T) {
	for s, want := range map[string]bool{
		"-c": true, "-O2": true, "-Wall": true, "-fPIC": true, "-std=c11": true, "-march=native": true,
		"-Iinclude": true, "-DX=1": true, "-lm": true, "-oout.o": true,
		"-o": false, "-MF": false, "-x": false, "-I": false, "-include": false, "-Xlinker": false, "-mllvm": false, "-T": false, "-": false,
	} {
		if got := CompilerTakesNone(s); got != want {
			t.Errorf("CompilerTakesNone(%q) = %v, want %v", s, got, want)
		}
	}
}
