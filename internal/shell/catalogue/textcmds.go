package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// PowerShells are the names of PowerShell (any spelling a prefix resolves
// to): run from a POSIX shell, their -Command, -EncodedCommand, -File and
// standard input text is PowerShell, which internal/pwsh reads.
const PowerShells word.Set = " pwsh pwsh.exe pwsh-preview powershell powershell.exe "

// PwshOption is one of PowerShell's command-line options, matched by any
// prefix of at least Min letters after the dash (PowerShell takes any
// unique prefix; the documented short forms are listed as their own).
type PwshOption struct {
	Name string
	Min  int
	Use  PwshUse
}

// PwshUse says what a PowerShell option does.
type PwshUse uint8

const (
	PwshSwitch   PwshUse = iota // takes no value (-NoProfile)
	PwshValue                   // takes a value guard does not need (-ExecutionPolicy X)
	PwshCommand                 // -Command: the rest of the words are the command
	PwshEncoded                 // -EncodedCommand: base64 of UTF-16LE text
	PwshFile                    // -File: a script file, its arguments after it
	PwshWorkDir                 // -WorkingDirectory: where it starts
	PwshReadFile                // -ConfigurationFile, -SettingsFile: a file it loads
)

// PwshOptions are PowerShell's command-line options, longest first where a
// short prefix is ambiguous (-e is -EncodedCommand, -ex -ExecutionPolicy).
var PwshOptions = []PwshOption{
	{Name: "-command", Min: 1, Use: PwshCommand},
	{Name: "-configurationfile", Min: 8, Use: PwshReadFile},
	{Name: "-configurationname", Min: 8, Use: PwshValue},
	{Name: "-custompipename", Min: 2, Use: PwshValue},
	{Name: "-encodedarguments", Min: 8, Use: PwshValue},
	{Name: "-ec", Min: 2, Use: PwshEncoded},
	{Name: "-executionpolicy", Min: 2, Use: PwshValue},
	{Name: "-ep", Min: 2, Use: PwshValue},
	{Name: "-encodedcommand", Min: 1, Use: PwshEncoded},
	{Name: "-file", Min: 1, Use: PwshFile},
	{Name: "-inputformat", Min: 2, Use: PwshValue},
	{Name: "-interactive", Min: 1, Use: PwshSwitch},
	{Name: "-login", Min: 1, Use: PwshSwitch},
	{Name: "-mta", Min: 1, Use: PwshSwitch},
	{Name: "-noexit", Min: 3, Use: PwshSwitch},
	{Name: "-nologo", Min: 3, Use: PwshSwitch},
	{Name: "-noninteractive", Min: 4, Use: PwshSwitch},
	{Name: "-noprofile", Min: 3, Use: PwshSwitch},
	{Name: "-noprofileloadtime", Min: 11, Use: PwshSwitch},
	{Name: "-outputformat", Min: 1, Use: PwshValue},
	{Name: "-psconsolefile", Min: 2, Use: PwshReadFile},
	{Name: "-settingsfile", Min: 2, Use: PwshReadFile},
	{Name: "-sshservermode", Min: 2, Use: PwshSwitch},
	{Name: "-sta", Min: 2, Use: PwshSwitch},
	{Name: "-version", Min: 1, Use: PwshValue},
	{Name: "-windowstyle", Min: 1, Use: PwshValue},
	{Name: "-workingdirectory", Min: 2, Use: PwshWorkDir},
	{Name: "-wd", Min: 2, Use: PwshWorkDir},
}

// PwshOptionOf returns the option a word (lower case) spells: the first
// entry it is a prefix of, at least Min letters long.
func PwshOptionOf(w string) (PwshOption, bool) {
	if len(w) < 2 || w[0] != '-' {
		return PwshOption{}, false
	}
	for _, o := range PwshOptions {
		if len(w)-1 >= o.Min && len(w) <= len(o.Name) && o.Name[:len(w)] == w {
			return o, true
		}
	}
	return PwshOption{}, false
}

// ListReader is a program that opens the files a list names: a file of
// names an option gives (tar -T F, rsync --files-from=F; - for standard
// input), or names on standard input with an option (zip -@, cpio -o).
type ListReader struct {
	Name  string
	Files word.Set // options whose value is a file of names
	Stdin word.Set // options with which the names come on standard input
	// FromSource: a relative name is under the first operand (rsync's
	// source), not the working directory.
	FromSource bool
	// OptArg: its Files options take their value only attached (xz
	// --files=F); alone they read the names on standard input.
	OptArg bool
	// Recurses: a listed directory is read whole (tar, du).
	Recurses bool
	// Removes are the options that make it remove the files it lists
	// (tar --remove-files, zip -m): the names are written too.
	Removes word.Set
	// Operands: the names it lists are its operands, as if typed, for a
	// program not known to only read them (xz --files=F replaces each
	// with NAME.xz, unxz writes the name its suffix hides, zstd --rm
	// removes them): each is touched, and what it may write beside it
	// is (shell/beside.go).
	Operands bool
	// Chdir are the options that change the directory the names after
	// them are in, each from the one before (tar -C a -C b is a/b), on the
	// command line and as lines of the list (tar's -T list: -C DIR).
	Chdir word.Set
}

// ListReaders lists them, sorted by name (TestListReadersSorted).
var ListReaders = []ListReader{
	{Name: "bsdtar", Files: " -T --files-from ", Recurses: true, Chdir: " -C --cd --directory "},
	{Name: "cpio", Stdin: " -o --create -p --pass-through "},
	{Name: "du", Files: " --files0-from ", Recurses: true},
	{Name: "file", Files: " -f --files-from "},
	{Name: "git", Stdin: " --stdin-paths "},
	{Name: "gtar", Files: " -T --files-from ", Recurses: true, Removes: " --remove-files ", Chdir: " -C --directory "},
	{Name: "pax", Stdin: " -w ", Recurses: true},
	{Name: "rsync", Files: " --files-from ", FromSource: true, Removes: " --remove-source-files "},
	{Name: "sort", Files: " --files0-from "},
	{Name: "tar", Files: " -T --files-from ", Recurses: true, Removes: " --remove-files ", Chdir: " -C --directory "},
	{Name: "unxz", Files: " --files --files0 ", OptArg: true, Operands: true},
	{Name: "unzstd", Files: " --filelist ", Operands: true},
	{Name: "wc", Files: " --files0-from "},
	{Name: "xz", Files: " --files --files0 ", OptArg: true, Operands: true},
	{Name: "xzcat", Files: " --files --files0 ", OptArg: true},
	{Name: "zip", Stdin: " -@ --names-stdin ", Removes: " -m --move "},
	{Name: "zstd", Files: " --filelist ", Operands: true},
	{Name: "zstdcat", Files: " --filelist "},
}

// ListReaderNamed returns the entry for name.
func ListReaderNamed(name string) (*ListReader, bool) {
	for i := range ListReaders {
		if ListReaders[i].Name == name {
			return &ListReaders[i], true
		}
	}
	return nil, false
}
