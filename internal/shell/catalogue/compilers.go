package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// CompilerDrivers are the C compiler drivers. They read their input files
// and write -o's file or, by an input's name, NAME.o (NAME.s, a.out) in
// the working directory: never an input.
var CompilerDrivers = word.Set(" cc gcc g++ c++ clang clang++ gfortran tcc ")

// compilerFlags are a compiler driver's options known to take no value.
var compilerFlags = word.Set(" -c -S -E -g -w -v -M -MM -MD -MMD -MP -MG -P -C -H -p -pg -s -pipe -pedantic -pedantic-errors -ansi -shared -static -pie -no-pie -rdynamic -pthread -nostdlib -nostdinc -nostartfiles --coverage -save-temps ")

// CompilerTakesNone reports whether compiler driver option word s takes no
// next word: a flag (-c, -O2, -Wall, -fPIC, -std=c11, -march=native) or an
// option with its value joined (-Iinclude, -DX=1, -lm, -xc). Any other
// option (-o, -MF, -x, -include, -Xlinker, -mllvm, one not listed) may
// take the next word.
func CompilerTakesNone(s string) bool {
	switch {
	case compilerFlags.Has(s):
		return true
	case s == "-mllvm":
		return false
	case strings.HasPrefix(s, "-O") || strings.HasPrefix(s, "-W") || strings.HasPrefix(s, "-f") || strings.HasPrefix(s, "-g") ||
		strings.HasPrefix(s, "-m") || strings.HasPrefix(s, "-std="):
		return true
	}
	for _, p := range []string{"-D", "-U", "-I", "-L", "-l", "-x", "-o"} {
		if strings.HasPrefix(s, p) && len(s) > len(p) {
			return true
		}
	}
	return false
}
