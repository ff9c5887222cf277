package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// rgKeeper, agKeeper and ptKeeper are, for each searcher that skips
// hidden names, the options known not to make it search one: output,
// matching and context options, following links (data.go follows them),
// exclusions, the globs guard weighs (-g, --iglob, --type-add's) and -t
// with a type of SafeTypes or one --type-add names. Any other option may,
// so with it the skip is not trusted. Variables, not a map: nothing is
// built at init.
var (
	rgKeeper = Program{
		Short: "0abcFhHiIlLnNopPqsSUvVwxzA:B:C:d:e:E:f:g:j:m:M:r:t:T:",
		Long: " --after-context= --before-context= --context= --binary --block-buffered --byte-offset --case-sensitive" +
			" --color= --colors= --column --context-separator= --count --count-matches --crlf --encoding= --engine=" +
			" --field-context-separator= --field-match-separator= --file= --files --files-with-matches --files-without-match" +
			" --fixed-strings --follow --glob= --glob-case-insensitive --heading --iglob= --ignore-case --include-zero --invert-match" +
			" --json --line-buffered --line-number --line-regexp --max-columns= --max-columns-preview --max-count=" +
			" --max-depth= --max-filesize= --mmap --multiline --multiline-dotall --no-config --no-filename --no-heading" +
			" --no-ignore --no-ignore-dot --no-ignore-exclude --no-ignore-files --no-ignore-global --no-ignore-messages" +
			" --no-ignore-parent --no-ignore-vcs --no-line-number --no-messages --null --null-data --one-file-system" +
			" --only-matching --passthru --pcre2 --pretty --quiet --regexp= --replace= --search-zip --smart-case" +
			" --sort= --sortr= --stats --text --threads= --trim --type= --type-add= --type-not= --type-list --vimgrep" +
			" --with-filename --word-regexp --no-context-separator --no-hidden --no-follow --no-binary ",
	}
	agKeeper = Program{
		Short: "0acDfhHilLnoQsSUvVwzA:B:C:m:W:",
		Long: " --ackmate --after= --before= --break --case-sensitive --color --color-line-number= --color-match=" +
			" --color-path= --column --context= --count --depth= --files-with-matches --files-without-matches --filename --follow" +
			" --fixed-strings --group --heading --ignore= --ignore-case --ignore-dir= --invert-match --literal" +
			" --max-count= --multiline --null --print0 --numbers --only-matching --nopager --passthrough --passthru" +
			" --print-long-lines --silent --skip-vcs-ignores --smart-case --stats --stats-only --vimgrep --width=" +
			" --word-regexp --workers= --recurse --norecurse --one-device ",
	}
	ptKeeper = Program{
		Short: "0eiSlLoNwA:B:C:",
		Long: " --after= --before= --context= --color --nocolor --color-line-number= --color-match= --color-path= --column" +
			" --depth= --follow --files-with-matches --files-without-match --group --nogroup --ignore= --ignore-case" +
			" --smart-case --skip-vcs-ignores --numbers --null --output-encode= --vimgrep --word-regexp ",
	}
)

// SafeTypes are rg's built-in file types whose globs name no hidden file
// (its sh type names .bashrc, ruby .irbrc).
const SafeTypes word.Set = " go py js ts rust java c cpp md markdown yaml toml html css json "

// KeepsHiddenSkip reports whether searcher name, with args, still skips
// hidden names: every option in args is one known not to widen the skip.
func KeepsHiddenSkip(name string, args []word.Word) bool {
	var p Program
	switch name {
	case "rg":
		p = rgKeeper
	case "ag":
		p = agKeeper
	case "pt":
		p = ptKeeper
	}
	return p.Knows(args)
}
