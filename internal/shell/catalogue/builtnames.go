package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// NameBuilder says how a program's options build the name of a file it
// writes that no word of the command spells whole: a backup suffix (cp -b
// -S .json c .mcp writes .mcp.json), an in-place editor's backup suffix
// (sed -i.json, * standing for the file's name), a splitter's prefix and
// format (csplit -f .mcp -b '%.0d.json'), a name stored in the data
// (gzip -dN). The names are derived in shell/builtnames.go and meet the
// write rules as any file written.
type NameBuilder struct {
	// Suffix: options whose value is appended to the destination (and to
	// each source's name in it): a backup's name.
	Suffix word.Set
	// Backup: options that ask for a backup; SuffixEnv: the variable
	// whose value is then the suffix when no option gives one.
	Backup    word.Set
	SuffixEnv string
	// Attached: options whose optional value, in the same word only, is
	// appended to each file operand (* in it stands for the file's name).
	Attached word.Set
	// Prefix and Format: a splitter's output names, prefix then format
	// (printf directives print digits, or nothing: %.0d of 0).
	Prefix, Format word.Set
	// DefPrefix and DefFormat apply when the options are not given;
	// PrefixOperand: the prefix is the second operand (split IN PREFIX).
	DefPrefix, DefFormat string
	PrefixOperand        bool
	// After: options whose value follows the format (split
	// --additional-suffix).
	After word.Set
	// FromData: options that take the written name from the file's own
	// header (gzip -N): a name guard cannot tell, beside each operand.
	// Decompress: options that make the program decompress (gzip -d);
	// Decodes: it always does (gunzip).
	FromData, Decompress word.Set
	Decodes              bool
	// WithArg: short options that take a value (for cluster parsing).
	WithArg string
	// Longs: all the program's long options, when it reads them with
	// getopt_long: a word --x is the one of them x is a unique prefix
	// of (sed --in=B is --in-place=B).
	Longs word.Set
}

// SedLongs are GNU sed's long options (sed 4.9).
const SedLongs word.Set = " --debug --expression --file --follow-symlinks --help --in-place --line-length --null-data --zero-terminated " +
	"--posix --quiet --silent --regexp-extended --sandbox --separate --unbuffered --binary --version "

var backupNames = &NameBuilder{Suffix: " -S --suffix ", Backup: " -b --backup ", SuffixEnv: "SIMPLE_BACKUP_SUFFIX", WithArg: "StmogZ"}

var gzipNames = &NameBuilder{FromData: " -N --name ", Decompress: " -d --decompress --uncompress ", WithArg: "bpS"}

var gunzipNames = &NameBuilder{FromData: " -N --name ", Decodes: true, WithArg: "S"}

// NameBuilderOf returns how program name's options build output names, or
// nil. A switch, not a map: the hook initialises no table it may not use.
func NameBuilderOf(name string) *NameBuilder {
	switch name {
	case "cp", "mv", "ln", "install":
		return backupNames
	case "sed":
		return &sedNames
	case "perl":
		return &perlNames
	case "ruby":
		return &rubyNames
	case "csplit":
		return &csplitNames
	case "split":
		return &splitNames
	case "gzip", "pigz":
		return gzipNames
	case "gunzip", "unpigz":
		return gunzipNames
	}
	return nil
}

var (
	sedNames    = NameBuilder{Attached: " -i --in-place ", WithArg: "efl", Longs: SedLongs}
	perlNames   = NameBuilder{Attached: " -i ", WithArg: "eEIMmxrCFlSTWX"}
	rubyNames   = NameBuilder{Attached: " -i ", WithArg: "eEIrCFlSTWX"}
	csplitNames = NameBuilder{Prefix: " -f --prefix ", Format: " -b --suffix-format ", DefPrefix: "xx", DefFormat: "%02d", WithArg: "fbn"}
	splitNames  = NameBuilder{After: " --additional-suffix ", DefPrefix: "x", DefFormat: "aa", PrefixOperand: true, WithArg: "abCdlnt"}
)
