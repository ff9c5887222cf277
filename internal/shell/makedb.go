package shell

// The variables make itself gives a value (FINDINGS56b G1): its database
// (`make -p -f /dev/null`, GNU make 4.3: the programs and flags its
// built-in rules run), the ones it sets from where and how it runs
// (CURDIR, SHELL, MAKEFLAGS, MAKELEVEL, MAKE_VERSION, .FEATURES…), which
// are never "unset" to make. A value guard cannot tell for this run is
// an unknown value (unknownMakeVar), so that a $(if …), $(or …),
// $(filter …) on it checks both branches, never the one guard guessed.

import (
	"path"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/shell/word"
)

// makeBuiltinVars gives the values GNU make's database gives its
// variables (origin "default" in `make -p -f /dev/null`), where nothing
// else gives them one; those that depend on the make or the machine
// (makeOwnVar) are not here.
//
// makeRuleVar tells those the built-in rules run from the others.
var makeBuiltinVars = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"CC": "cc", "CXX": "g++", "CPP": "$(CC) -E", "AS": "as", "AR": "ar", "ARFLAGS": "rv", "FC": "f77",
		"PC": "pc", "M2C": "m2c", "LEX": "lex", "YACC": "yacc", "LINT": "lint", "RM": "rm -f", "CO": "co",
		"GET": "get", "TEX": "tex", "TEXI2DVI": "texi2dvi", "MAKEINFO": "makeinfo", "CTANGLE": "ctangle",
		"CWEAVE": "cweave", "TANGLE": "tangle", "WEAVE": "weave", "OBJC": "cc", "OUTPUT_OPTION": "-o $@",
		"LD": "ld", "F77": "$(FC)", "F77FLAGS": "$(FFLAGS)", "SHELL": "/bin/sh", ".SHELLFLAGS": "-c",
		".LIBPATTERNS": "lib%.so lib%.a",
		"COMPILE.c":    "$(CC) $(CFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.c":       "$(CC) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.cc":   "$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.cc":      "$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.C":    "$(COMPILE.cc)", "COMPILE.cpp": "$(COMPILE.cc)", "LINK.C": "$(LINK.cc)", "LINK.cpp": "$(LINK.cc)",
		"LINK.o": "$(CC) $(LDFLAGS) $(TARGET_ARCH)", "COMPILE.s": "$(AS) $(ASFLAGS) $(TARGET_MACH)",
		"COMPILE.S": "$(CC) $(ASFLAGS) $(CPPFLAGS) $(TARGET_MACH) -c", "PREPROCESS.S": "$(CC) -E $(CPPFLAGS)",
		"LINK.s":       "$(CC) $(ASFLAGS) $(LDFLAGS) $(TARGET_MACH)",
		"LINK.S":       "$(CC) $(ASFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_MACH)",
		"COMPILE.f":    "$(FC) $(FFLAGS) $(TARGET_ARCH) -c",
		"COMPILE.F":    "$(FC) $(FFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"COMPILE.r":    "$(FC) $(FFLAGS) $(RFLAGS) $(TARGET_ARCH) -c",
		"PREPROCESS.F": "$(FC) $(FFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -F",
		"PREPROCESS.r": "$(FC) $(FFLAGS) $(RFLAGS) $(TARGET_ARCH) -F",
		"LINK.f":       "$(FC) $(FFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"LINK.F":       "$(FC) $(FFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"LINK.r":       "$(FC) $(FFLAGS) $(RFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.p":    "$(PC) $(PFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.p":       "$(PC) $(PFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.m":    "$(OBJC) $(OBJCFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.m":       "$(OBJC) $(OBJCFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.def":  "$(M2C) $(M2FLAGS) $(DEFFLAGS) $(TARGET_ARCH)",
		"COMPILE.mod":  "$(M2C) $(M2FLAGS) $(MODFLAGS) $(TARGET_ARCH)", "YACC.y": "$(YACC) $(YFLAGS)",
		"YACC.m": "$(YACC) $(YFLAGS)", "LEX.l": "$(LEX) $(LFLAGS) -t", "LEX.m": "$(LEX) $(LFLAGS) -t",
		"LINT.c":     "$(LINT) $(LINTFLAGS) $(CPPFLAGS) $(TARGET_ARCH)",
		"CHECKOUT,v": "$(CO) $(COFLAGS) $< $@", // make's: +$(if $(wildcard $@),,…), the checkout it runs
	}
})

// makeOwnVar are the variables make sets from where and how it runs,
// over any value its environment gives them: their value for this run
// is one guard cannot tell (CURDIR and SHELL aside: makeOwnValue).
const makeOwnVar word.Set = " MAKEFLAGS MFLAGS MAKELEVEL MAKE_VERSION MAKE_HOST MAKE_COMMAND .FEATURES " +
	".INCLUDE_DIRS .VARIABLES .LOADED .DEFAULT_GOAL .SHELLSTATUS MAKE_RESTARTS MAKE_TERMOUT MAKE_TERMERR " +
	"CURDIR SHELL SUFFIXES "

// makeOwnValue returns the value make gives its own variable name when
// the command line and the makefile give it none (makeOwnVar, and its
// database's when guard can tell make has it: makeDatabase): CURDIR the
// directory make runs in, when guard knows its path; false for a
// variable make does not set.
func (c *cmd) makeOwnValue(m *makefile, name string) (string, bool, bool) {
	switch {
	case name == "CURDIR":
		return c.makeDir(), false, true
	case makeShellVar(name) && name != "MAKESHELL":
		return makeBuiltinVars()[name], false, true // -R keeps them
	case makeOwnVar.Has(name):
		return unknownMakeVar(name), false, true
	case makeBuiltinVars()[name] == "":
		return "", false, false
	case !c.makeDatabase(m):
		return unknownMakeVar(name), false, true
	}
	return makeBuiltinVars()[name], true, true
}

// makeDir returns the absolute path of the directory make runs in
// ($(CURDIR), $(shell pwd)) when guard knows it, else a value it cannot
// tell.
func (c *cmd) makeDir() string {
	d := c.w.Where(".")
	if rest, home := strings.CutPrefix(d, "~"); home && (rest == "" || rest[0] == '/') && c.w.Home != "" {
		d = c.w.Home + rest // cd ~/proj && make
	}
	if !path.IsAbs(d) {
		d = c.absDir(".") // the hook's starting directory (WorkDirer)
	}
	if !path.IsAbs(d) || word.HasMark(d) || strings.Contains(d, "$") {
		return unknownMakeVar("CURDIR")
	}
	return path.Clean(d)
}

// makeDatabase reports whether make has its database's variables for
// this run: not when -R (--no-builtin-variables) is given on the command
// line or in MAKEFLAGS (the environment's, the makefile's), or when
// MAKEFLAGS holds what guard cannot tell.
func (c *cmd) makeDatabase(m *makefile) bool {
	var flags []string // words of single-letter options, the dash optional
	for _, a := range makeWords(c.args) {
		if a.Text == "--" {
			break
		}
		if strings.HasPrefix(a.Text, "-") {
			flags = append(flags, a.Text)
		}
	}
	for _, n := range [...]string{"MAKEFLAGS", "GNUMAKEFLAGS"} {
		if v, ok := c.makeVariable(n); ok {
			flags = append(flags, strings.Fields(v)...)
		}
		for _, v := range m.alts[n] {
			flags = append(flags, strings.Fields(v)...)
		}
		for _, v := range m.layer[n] {
			flags = append(flags, strings.Fields(v.value)...)
		}
	}
	for _, f := range flags {
		if f == "--no-builtin-variables" || word.HasMark(f) || !makeFlagKnown(f) {
			return false
		}
	}
	return true
}

// makeFlagKnown reports whether make option word f (from the command
// line or MAKEFLAGS, its dash optional there) surely does not give -R:
// a long option, or single letters with no R before one that takes the
// rest as its value (-j$(N)); false for a value guard cannot tell where
// a letter may be (--$(X), $(FLAGS)).
func makeFlagKnown(f string) bool {
	long := strings.HasPrefix(f, "--")
	short := strings.TrimPrefix(f, "-")
	head, unknown := short, false
	if i := strings.IndexByte(short, '$'); i >= 0 {
		head, unknown = short[:i], true
	}
	if long || strings.Contains(head, "=") {
		return !unknown || strings.Contains(head, "=") // --jobs=$(N), V=$(X): a value
	}
	r, arg := strings.IndexByte(head, 'R'), strings.IndexAny(head, "CEfIjloW")
	switch {
	case r >= 0 && (arg < 0 || r < arg):
		return false
	case arg >= 0:
		return true
	}
	return !unknown
}

// makeRuleVar reports whether database variable name is one make's
// built-in rules run (not SHELL, .SHELLFLAGS, .LIBPATTERNS).
func makeRuleVar(name string) bool {
	return makeBuiltinVars()[name] != "" && !makeShellVar(name) && name != ".LIBPATTERNS"
}
