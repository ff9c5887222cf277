package shell

import (
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Unknown is what stands for each opaque part of [UnresolvedPath.Text]
// (see [word.Unknown]).
const Unknown = word.Unknown

// The files a command runs are read through effect's reader; these are its
// names as the hook and the policy know them.
type (
	// Files reads the files a command runs (see [effect.Files]).
	Files = effect.Files
	// FileStatus says what [Files.ReadFile] found (see [effect.FileStatus]).
	FileStatus = effect.FileStatus
	// Searcher finds the programs a command runs by a bare name (see
	// [effect.Searcher]).
	Searcher = effect.Searcher
	// Stater tells what is at a path, its last link not followed (see
	// [effect.Stater]).
	Stater = effect.Stater
	// Accesser: see effect.Accesser.
	Accesser = effect.Accesser
	// Identifier tells a copy of guard from another compiled program
	// (see [effect.Identifier]).
	Identifier = effect.Identifier
	// RevReader tells which files a git subcommand writes from a revision
	// (see [effect.RevReader]).
	RevReader = effect.RevReader
	// RevStatus says what [RevReader.RevChanges] found.
	RevStatus = effect.RevStatus
	// EntryKind says what [Stater.Lstat] found.
	EntryKind = effect.EntryKind
)

// What is at a path (see [effect.EntryUnknown]).
const (
	EntryUnknown = effect.EntryUnknown
	EntryNone    = effect.EntryNone
	EntryFile    = effect.EntryFile
	EntryDir     = effect.EntryDir
	EntryLink    = effect.EntryLink
)

// What a file read finds (see [effect.FileWhole]).
const (
	FileWhole      = effect.FileWhole
	FileAbsent     = effect.FileAbsent
	FileTooBig     = effect.FileTooBig
	FileUnreadable = effect.FileUnreadable
)

// RevIndex names the index as a source (see [effect.RevIndex]).
const RevIndex = effect.RevIndex

// What a revision lookup finds (see [effect.RevKnown]).
const (
	RevKnown   = effect.RevKnown
	RevNone    = effect.RevNone
	RevUnknown = effect.RevUnknown
)

// Bounds of the files read through [Options.Files] (see [effect.MaxScriptBytes]).
const (
	MaxScriptBytes  = effect.MaxScriptBytes
	MaxProgramBytes = effect.MaxProgramBytes
	MaxFiles        = effect.MaxFiles
	MaxFileWords    = effect.MaxFileWords
)

// ErrLimit is the error of a command beyond guard's bounds (the same value
// as [effect.ErrLimit], so errors.Is holds either way).
var ErrLimit = effect.ErrLimit

// BareHidden reports whether a word is a single hidden name, relative
// (see [Analysis.BareTouches]).
func BareHidden(w string) bool { return effect.BareHidden(w) }
