// Package catalogue is what guard knows of programs, as data, the way
// gitleaks keeps its rules: one entry per program (which arguments are data,
// which options take values, which run commands, whether it only reads), the
// prefixes that run the rest of their words (sudo, env, nice…), the
// interpreters and their code options, the options of other programs that
// run commands, and the network clients. Tables are sorted composite
// literals searched by halves: nothing is built at start-up. Package shell
// reads them; the code that acts on them stays there.
package catalogue

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// The catalogue: what guard knows of a program's words, as data, one entry
// a program, the way gitleaks keeps its rules. An entry says what the
// program does with the files its words name (access), which of its options
// name a file it writes or a command it runs, and how it reads a directory
// whole. A program without an entry, or with access mayWrite, may write
// every file it names: each word of it that is neither data nor accounted
// for by its handler in run.go is a touch (Analysis.Touches), checked
// against the write rules. Spend the catalogue on what is known to be
// harmless; the unknown fails closed.
//
// The entries are sorted by name (TestCatalogueSorted), and the table is a
// constant composite: it costs nothing at start-up. That holds only while
// every table of the package refers to literals, constants and variables
// declared earlier in the same file: one element that copies a variable
// of a later file, appends or calls a function makes the compiler build
// the whole table, and every variable it copies, in the package's init,
// in every process (ag's and pt's recursion is therefore written out).

// access says what a program does with the files its words name.
type access uint8

const (
	// MayWrite: guard does not know that it only reads them; its
	// handler's reads and writes are recorded, and every other word is a
	// touch.
	MayWrite access = iota
	// ReadsOnly: it only reads the files it names (cat, grep, wc): its
	// operands are reads, none is a touch; the files of its writes
	// options are written.
	ReadsOnly
	// exact: its handler records each file it reads or writes as such
	// (rm, sed, find, cd): no word is a touch.
	exact
	// Names: its words are Names, numbers or text, never files it opens
	// (basename, which, sleep, read): data.
	Names
)

// option is an option whose value matters: -o F, -oF (in a cluster, after
// letters that take no value), --output F, --output=F.
type option struct {
	Short   byte   // its letter; 0 for none
	WithArg string // the program's other short options that take a value: they end a cluster
	Long    string // its long name, abbreviations accepted; "" for none
	// Filters: its value is a list of EXTS:COMMAND, each COMMAND run on
	// the files of those extensions (ugrep --filter).
	Filters bool
}

// recursion says which options make a program read a directory operand
// whole, and so every file in it (grep -r DIR, cp -r DIR …).
type recursion struct {
	always  bool     // it always does (ack)
	letters string   // short options, alone or in a cluster (-r, -rn, -a)
	long    word.Set // long options, exactly or with =value
	// recurse: -d recurse and --directories recurse (grep).
	recurse bool
	// Dot: with no operand it reads the working directory (grep -r x).
	Dot bool
	// skipsHidden: without its recursion options it still reads the
	// directories it is given, but for their hidden names (rg, ag, pt
	// without --hidden): a link it follows there it enters by the link's
	// own name (see SkipsHidden).
	skipsHidden bool
	// follow: the options with which it follows the symbolic links inside
	// the directories it reads (grep -R, rg -L); always, it does unless
	// one of noFollow's is given (zip, but for -y).
	follow, noFollow links
}

// links are the options that turn following links on or off.
type links struct {
	always  bool
	letters string
	long    word.Set
}

// Follows reports whether, with args, the program follows the symbolic
// links inside the directories it reads recursively: the last of its
// follow and no-follow options given wins, and without either, whether
// it always does.
func (r recursion) Follows(args []word.Word) bool {
	on := r.follow.always
	for _, a := range args {
		s := a.Text
		if s == "--" {
			break
		}
		switch {
		case r.follow.given(s):
			on = true
		case r.noFollow.given(s):
			on = false
		}
	}
	return on
}

// None reports whether r is no recursion entry at all: the catalogue does
// not say how the program walks a directory, if it does.
func (r recursion) None() bool { return r == recursion{} }

// SkipsHidden reports whether, without its recursion options, the
// program still reads the directories it is given but for their hidden
// names (rg, ag, pt): what a link there leads to it reads by the link's
// name.
func (r recursion) SkipsHidden() bool { return r.skipsHidden }

// given reports whether option word s is one of l's (a short option in a
// cluster, a long option with or without =value, or any prefix of one, as
// getopt_long takes it: grep --deref is --dereference-recursive).
func (l links) given(s string) bool {
	if strings.HasPrefix(s, "--") {
		opt, _, _ := strings.Cut(s, "=")
		return l.long.Begins(opt)
	}
	return len(s) > 1 && s[0] == '-' && l.letters != "" && strings.ContainsAny(s[1:], l.letters)
}

// Program is the catalogue's entry for one Program.
type Program struct {
	Name   string
	Access access
	Writes []option // options whose value is a file it writes (sort -o F)
	Runs   []option // options whose value it runs as a shell command
	// Writer: options after which it may write the files it names (file
	// -C compiles a magic file beside its -m file): then it is mayWrite.
	Writer  word.Set
	Recurse recursion
	// Hides: options with which it runs what guard cannot see (nm
	// --plugin LIB loads compiled code, less -k FILE binds keys to
	// commands): hidden.
	Hides []option
	// Short and long are the options a readsOnly program is known to
	// take besides its writes, runs and hides options (see knows): Short
	// in getopt's form ("c:n:qv": a letter followed by : takes a value, by
	// :: an optional one joined to it), long as " --name --name= " (=
	// takes a value, == two). An option it does not list makes it a
	// possible writer for that command: default-deny on options too.
	// dashLong: it takes its long options after one dash too (xmllint
	// -format).
	Short    string
	Long     word.Set
	dashLong bool
}

// Recursion shared by several entries.
var (
	// grep -R follows links; a later -r does not undo it (grep.c: -R
	// sets the walk's FTS_LOGICAL, -r only the recursion).
	grepRecursion = recursion{letters: "rR", long: " --recursive --dereference-recursive --directories=recurse ", recurse: true, Dot: true,
		follow: links{letters: "R", long: " --dereference-recursive "}}
	copyRecursion = recursion{letters: "rRa", long: " --recursive --archive "}
	// rg -L, --follow; --no-follow.
	rgRecursion = recursion{letters: ".u", long: " --hidden --unrestricted ", Dot: true, skipsHidden: true, follow: links{letters: "L", long: " --follow "}, noFollow: links{long: " --no-follow "}}
)

// lessKeys are less's options that name its key bindings (lesskey text),
// which bind keys to commands and set $LESSOPEN: what they run guard does
// not read.
var lessKeys = []option{{Short: 'k', WithArg: "bDhjoOpPtTxyz#", Long: "--lesskey-file"}, {Long: "--lesskey-src"}, {Long: "--lesskey-content"}}

// Options shared by several entries.
const (
	lessShort = "aAcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~#:b:D:h:j:p:P:t:T:x:y:z:"
	lessLong  = " --quit-if-one-screen --RAW-CONTROL-CHARS --raw-control-chars --no-init --chop-long-lines --LONG-PROMPT --long-prompt --ignore-case --IGNORE-CASE --LINE-NUMBERS --line-numbers --quiet --QUIET --silent --SILENT --squeeze-blank-lines --follow-name --mouse --wheel-lines= --use-color --incsearch --status-column --tabs= --shift= --window= --max-back-scroll= --max-forw-scroll= --prompt= --pattern= --tag= --tag-file= --header= --no-keypad --no-histdups --save-marks --line-num-width= --status-col-width= --rscroll= --exit-follow-on-close --file-size --hilite-search --HILITE-SEARCH --hilite-unread --HILITE-UNREAD --no-lessopen --dumb --clear-screen --CLEAR-SCREEN --search-skip-screen --quit-at-eof --QUIT-AT-EOF --quit-on-intr --no-vbell --redraw-on-quit --show-preproc-errors --color= --buffers= --auto-buffers --force --jump-target= --UNDERLINE-SPECIAL --underline-special --proc-backspace --proc-tab --proc-return --intr= --wordwrap --no-number-headers --no-search-headers "
)

// Catalogue lists the programs guard knows, sorted by name.
var Catalogue = []Program{
	{Name: "ack", Access: ReadsOnly, Runs: []option{{Long: "--pager"}}, Recurse: recursion{always: true, Dot: true, follow: links{long: " --follow "}, noFollow: links{long: " --no-follow --nofollow "}}, Short: "1cfgHhiIklLnQrRsSvwxA:B:C:m:", Long: " --after-context= --before-context= --context= --max-count= --ignore-case --smart-case --no-smart-case --word-regexp --literal --invert-match --files-with-matches --files-without-matches --count --column --no-column --heading --no-heading --break --no-break --group --no-group --color --no-color --nocolor --colour --color-filename= --color-match= --color-lineno= --color-colno= --flush --follow --no-follow --nofollow --type= --type-add= --type-set= --type-del= --ignore-dir= --noignore-dir= --ignore-directory= --noignore-directory= --ignore-file= --sort-files --show-types --recurse --no-recurse --norecurse --passthru --print0 --match= --range-start= --range-end= --noenv --nopager --no-pager --filter --nofilter --no-filter --files-from= --underline --nounderline --help-types --help-colors --dump --man --with-filename --no-filename --proximate= --no-proximate --not= --and= --or= --line= "},
	{Name: "ag", Access: ReadsOnly, Runs: []option{{Long: "--pager"}}, Recurse: recursion{letters: ".u", long: " --hidden --unrestricted ", Dot: true, skipsHidden: true, follow: links{letters: "f", long: " --follow "}}, Short: "0acDfFhHilLnoQrRsStuUvVwzA:B:C:G:g:m:p:W:", Long: " --ackmate --all-text --all-types --after= --before= --break --nobreak --case-sensitive --color --nocolor --color-line-number= --color-match= --color-path= --column --context= --count --debug --depth= --file-search-regex= --files-with-matches --files-without-matches --filename --nofilename --filename-pattern= --fixed-strings --follow --group --nogroup --heading --noheading --hidden --ignore= --ignore-case --ignore-dir= --invert-match --list-file-types --literal --max-count= --mmap --nommap --multiline --nomultiline --null --print0 --numbers --nonumbers --one-device --only-matching --nopager --parallel --passthrough --passthru --path-to-ignore= --print-all-files --print-long-lines --search-binary --search-zip --silent --skip-vcs-ignores --smart-case --stats --stats-only --unrestricted --vimgrep --width= --word-regexp --workers= --recurse --norecurse "},
	{Name: "alias", Access: exact},
	{Name: "b2sum", Access: ReadsOnly, Short: "bctwzl:", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{Name: "base32", Access: ReadsOnly, Writes: []option{{Short: 'o', WithArg: "bi", Long: "--output"}}, Short: "dDiw:b:", Long: " --decode --ignore-garbage --wrap= --break= "},
	{Name: "base64", Access: ReadsOnly, Writes: []option{{Short: 'o', WithArg: "bi", Long: "--output"}}, Short: "dDiw:b:", Long: " --decode --ignore-garbage --wrap= --break= "},
	{Name: "basename", Access: Names},
	{Name: "bat", Access: ReadsOnly, Runs: []option{{Long: "--pager"}}, Short: "AdfhH:Ll:m:nPpr:sSuV", Long: " --show-all --plain --language= --highlight-line= --file-name= --diff --diff-context= --tabs= --wrap= --chop-long-lines --terminal-width= --number --color= --italic-text= --decorations= --force-colorization --paging= --map-syntax= --ignored-suffix= --theme= --theme-light= --theme-dark= --list-themes --list-languages --style= --line-range= --unbuffered --squeeze-blank --squeeze-limit= --strip-ansi= --nonprintable-notation= --binary= --no-config --no-custom-assets --no-lessopen --config-file --config-dir --cache-dir --diagnostic --acknowledgements --no-paging --set-terminal-title "},
	{Name: "batcat", Access: ReadsOnly, Runs: []option{{Long: "--pager"}}, Short: "AdfhH:Ll:m:nPpr:sSuV", Long: " --show-all --plain --language= --highlight-line= --file-name= --diff --diff-context= --tabs= --wrap= --chop-long-lines --terminal-width= --number --color= --italic-text= --decorations= --force-colorization --paging= --map-syntax= --ignored-suffix= --theme= --theme-light= --theme-dark= --list-themes --list-languages --style= --line-range= --unbuffered --squeeze-blank --squeeze-limit= --strip-ansi= --nonprintable-notation= --binary= --no-config --no-custom-assets --no-lessopen --config-file --config-dir --cache-dir --diagnostic --acknowledgements --no-paging --set-terminal-title "},
	{Name: "break", Access: Names},
	{Name: "bzcat", Access: ReadsOnly, Short: "cdkLqsvV", Long: " --stdout --decompress --keep --license --quiet --small --verbose "},
	{Name: "cat", Access: ReadsOnly, Short: "AbeElnstTuv", Long: " --show-all --number-nonblank --show-ends --number --squeeze-blank --show-tabs --show-nonprinting "},
	{Name: "cd", Access: exact},
	{Name: "chattr", Access: exact},
	{Name: "chgrp", Access: exact},
	{Name: "chmod", Access: exact},
	{Name: "chown", Access: exact},
	{Name: "cksum", Access: ReadsOnly, Short: "a:bcl:twz", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug --algorithm= "},
	{Name: "cmp", Access: ReadsOnly, Short: "bi:ln:sv", Long: " --print-bytes --ignore-initial= --verbose --bytes= --quiet --silent "},
	{Name: "column", Access: ReadsOnly, Short: "deJLhtxnc:C:E:H:i:l:N:o:O:p:r:R:s:T:W:", Long: " --table --table-columns= --table-columns-limit= --table-name= --table-order= --table-right= --table-truncate= --table-noextreme= --table-noheadings --table-maxout --table-header-as-columns --table-header-repeat --table-hide= --table-wrap= --json --tree= --tree-id= --tree-parent= --keep-empty-lines --output-width= --output-separator= --separator= --fillrows --use-spaces= "},
	{Name: "comm", Access: ReadsOnly, Short: "123iz", Long: " --check-order --nocheck-order --output-delimiter= --total --zero-terminated "},
	{Name: "continue", Access: Names},
	{Name: "cp", Recurse: copyRecursion},
	{Name: "cut", Access: ReadsOnly, Short: "nswzb:c:d:f:", Long: " --bytes= --characters= --delimiter= --fields= --complement --only-delimited --output-delimiter= --zero-terminated "},
	{Name: "date", Access: ReadsOnly, Short: "I::jnRuv:d:f:r:s:z:", Long: " --date= --debug --file= --iso-8601 --reference= --resolution --rfc-3339= --rfc-email --set= --universal --utc "},
	{Name: "dd", Access: exact},
	{Name: "df", Access: ReadsOnly, Short: "aghHiklmnPTvB:t:x:", Long: " --all --block-size= --human-readable --si --inodes --local --output --portability --print-type --sync --no-sync --total --type= --exclude-type= "},
	{Name: "diff", Access: ReadsOnly, Recurse: recursion{letters: "r", long: " --recursive ", follow: links{always: true}, noFollow: links{long: " --no-dereference "}}, Short: "0123456789abBcdeEfhilnNpPqrsStTuvwyZC:D:F:I:L:S:U:W:x:X:", Long: " --normal --brief --report-identical-files --context --unified --ed --rcs --side-by-side --width= --left-column --suppress-common-lines --show-c-function --show-function-line= --label= --expand-tabs --initial-tab --tabsize= --suppress-blank-empty --paginate --recursive --no-dereference --new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case --exclude= --exclude-from= --starting-file= --from-file= --to-file= --ignore-case --ignore-tab-expansion --ignore-trailing-space --ignore-space-change --ignore-all-space --ignore-blank-lines --ignore-matching-lines= --text --strip-trailing-cr --ifdef= --line-format= --old-line-format= --new-line-format= --unchanged-line-format= --old-group-format= --new-group-format= --unchanged-group-format= --changed-group-format= --minimal --horizon-lines= --speed-large-files --color --palette= "},
	{Name: "diff3", Access: ReadsOnly, Short: "3aAeEimTxXL:", Long: " --diff-program= --text --show-all --ed --show-overlap --overlap-only --easy-only --merge --label= --initial-tab --strip-trailing-cr "},
	{Name: "dirname", Access: Names},
	{Name: "du", Access: ReadsOnly, Short: "0abcDhHklLmPsSxAgB:d:t:X:I:", Long: " --null --all --apparent-size --block-size= --bytes --total --dereference-args --max-depth= --files0-from= --human-readable --inodes --kibibytes --dereference --count-links --megabytes --no-dereference --separate-dirs --si --summarize --threshold= --time --time-style= --exclude-from= --exclude= --one-file-system "},
	{Name: "egrep", Access: ReadsOnly, Recurse: grepRecursion, Short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", Long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{Name: "eval", Access: exact},
	{Name: "exit", Access: Names},
	{Name: "expand", Access: ReadsOnly, Short: "it:", Long: " --initial --tabs= "},
	{Name: "eza", Access: ReadsOnly, Short: "1aAbBdDfFgGhHilmMnoOrRSTuUxXZ@I:L:s:t:w:", Long: " --oneline --long --grid --across --recurse --tree --level= --classify --colour --color --colour-scale --color-scale --colour-scale-mode= --color-scale-mode= --icons --no-icons --hyperlink --absolute --all --almost-all --list-dirs --only-dirs --only-files --reverse --sort= --group-directories-first --group-directories-last --ignore-glob= --git-ignore --binary --bytes --group --smart-group --header --links --modified --mounts --numeric --blocksize --time= --changed --accessed --created --time-style= --total-size --extended --context --octal-permissions --no-permissions --no-filesize --no-user --no-time --git --no-git --git-repos --git-repos-no-status --width= --dereference --follow-symlinks --show-symlinks --no-symlinks --no-quotes --inode --flags "},
	{Name: "fgrep", Access: ReadsOnly, Recurse: grepRecursion, Short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", Long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{Name: "file", Access: ReadsOnly, Writer: " -C --compile ", Short: "0bcdEhiklLNnprsSvzZe:F:f:m:P:", Long: " --apple --brief --checking-printout --debug --dereference --exclude= --exclude-quiet= --extension --files-from= --keep-going --list --magic-file= --mime --mime-encoding --mime-type --no-buffer --no-dereference --no-pad --no-sandbox --parameter= --preserve-date --print0 --raw --separator= --special-files --uncompress --uncompress-noreport "},
	{Name: "find", Access: exact},
	{Name: "fold", Access: ReadsOnly, Short: "bsw:", Long: " --bytes --spaces --width= "},
	{Name: "free", Access: ReadsOnly, Short: "bghklmtvwVc:s:", Long: " --bytes --kilo --mega --giga --tera --peta --kibi --mebi --gibi --tebi --pebi --human --si --lohi --total --committed --count= --seconds= --wide "},
	{Name: "getfacl", Access: ReadsOnly, Short: "acdeEhLnpPRstv", Long: " --access --omit-header --absolute-names --all-effective --no-effective --skip-base --recursive --logical --physical --tabular --numeric --default --one-file-system "},
	{Name: "gojq", Access: ReadsOnly, Short: "acCehjMnrRsSVf:L:", Long: " --arg== --argjson== --slurpfile== --rawfile== --args --jsonargs --tab --indent= --seq --stream --stream-errors --raw-output --raw-output0 --join-output --ascii-output --sort-keys --color-output --monochrome-output --compact-output --null-input --raw-input --slurp --exit-status --from-file= --library-path= --unbuffered --binary --build-configuration --yaml-input --yaml-output "},
	{Name: "grep", Access: ReadsOnly, Recurse: grepRecursion, Short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", Long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{Name: "groups", Access: Names},
	{Name: "head", Access: ReadsOnly, Short: "qvzc:n:", Long: " --bytes= --lines= --quiet --silent --verbose --zero-terminated "},
	{Name: "hexdump", Access: ReadsOnly, Short: "bcCdoxvLe:f:n:s:", Long: " --canonical --color --format= --format-file= --length= --no-squeezing --one-byte-char --one-byte-octal --skip= --two-bytes-decimal --two-bytes-hex --two-bytes-octal "},
	{Name: "iconv", Access: ReadsOnly, Writes: []option{{Short: 'o', WithArg: "ft", Long: "--output"}}, Short: "csf:t:", Long: " --from-code= --to-code= --list --silent --verbose --usage "},
	{Name: "id", Access: Names},
	{Name: "jobs", Access: Names},
	{Name: "join", Access: ReadsOnly, Short: "iz1:2:a:e:j:o:t:v:", Long: " --ignore-case --check-order --nocheck-order --header --zero-terminated "},
	{Name: "jq", Access: ReadsOnly, Short: "acCehjMnrRsSVf:L:", Long: " --arg== --argjson== --slurpfile== --rawfile== --args --jsonargs --tab --indent= --seq --stream --stream-errors --raw-output --raw-output0 --join-output --ascii-output --sort-keys --color-output --monochrome-output --compact-output --null-input --raw-input --slurp --exit-status --from-file= --library-path= --unbuffered --binary --build-configuration "},
	{Name: "kill", Access: Names},
	{Name: "less", Access: ReadsOnly, Writes: []option{
		{Short: 'o', WithArg: "bhjkOopPtTxyz#", Long: "--log-file"}, {Short: 'O', WithArg: "bhjkoopPtTxyz#", Long: "--LOG-FILE"}},
		Hides: lessKeys, Short: lessShort, Long: lessLong},
	{Name: "logger", Access: ReadsOnly, Writes: []option{{Short: 'u', WithArg: "fpStnP", Long: "--socket"}}, Short: "deiIsTVhf:p:S:t:u:n:P:", Long: " --file= --journald --id --skip-empty --priority= --size= --stderr --tag= --tcp --udp --server= --port= --octet-count --prio-prefix --rfc3164 --rfc5424 --sd-id= --sd-param= --msgid= --socket-errors --no-act "},
	{Name: "look", Access: ReadsOnly, Short: "adft:", Long: " --alphanum --alternative --ignore-case --terminate= "},
	{Name: "ls", Access: ReadsOnly, Short: "1aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ@eOPTW%,wI:T:w:", Long: " --all --almost-all --author --block-size= --ignore-backups --color --classify --file-type --indicator-style= --format= --full-time --group-directories-first --no-group --human-readable --si --dereference-command-line --dereference-command-line-symlink-to-dir --hide= --hyperlink --ignore= --inode --kibibytes --dereference --numeric-uid-gid --literal --hide-control-chars --show-control-chars --quote-name --quoting-style= --reverse --recursive --size --sort= --time= --time-style= --tabsize= --width= --context --zero --directory --dired --escape "},
	{Name: "lsattr", Access: ReadsOnly, Short: "aRVdlpv"},
	{Name: "lsof", Access: ReadsOnly, Short: "?abChKlnNOPRtUvVwXc:d:D:e:F:g:i:k:o:p:r:s:S:T:u:z:Z:E", Long: " --help "},
	{Name: "lz4cat", Access: ReadsOnly, Short: "cdfkqvhHV", Long: " --stdout --decompress --force --keep --quiet --verbose "},
	{Name: "md5", Access: ReadsOnly, Short: "npqrtxs:c:"},
	{Name: "md5sum", Access: ReadsOnly, Short: "bctwz", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{Name: "mkdir", Access: exact},
	{Name: "more", Access: ReadsOnly, Short: "cdeflnpsuVn:", Long: " --silent --logical --no-pause --exit-on-eof --print-over --clean-print --squeeze --plain --lines= "},
	{Name: "namei", Access: ReadsOnly, Short: "lmnovxV", Long: " --long --modes --mountpoints --nosymlinks --owners --vertical "},
	{Name: "nl", Access: ReadsOnly, Short: "pb:d:f:h:i:l:n:s:v:w:", Long: " --body-numbering= --section-delimiter= --footer-numbering= --header-numbering= --line-increment= --join-blank-lines= --number-format= --no-renumber --number-separator= --starting-line-number= --number-width= "},
	{Name: "nm", Access: ReadsOnly, Hides: []option{{Long: "--plugin"}}, Short: "aABCDegjlnoprsSuUVWXf:t:", Long: " --target= --demangle --no-demangle --recurse-limit --no-recurse-limit --wide --unicode= --debug-syms --defined-only --dynamic --extern-only --format= --ifunc-chars= --just-symbols --line-numbers --no-sort --no-weak --numeric-sort --portability --print-armap --print-file-name --print-size --quiet --radix= --reverse-sort --size-sort --special-syms --synthetic --undefined-only --with-symbol-versions --without-symbol-versions "},
	{Name: "notify-send", Access: ReadsOnly, Short: "?pewvu:t:a:i:c:h:r:A:", Long: " --urgency= --expire-time= --app-name= --icon= --category= --hint= --print-id --replace-id= --wait --transient --action= "},
	{Name: "nproc", Access: Names},
	{Name: "objdump", Access: ReadsOnly, Short: "aCdDeEfFgGhHilLPrRStTUvVwWxzb:j:m:M:I:", Long: " --target= --demangle --no-demangle --recurse-limit --no-recurse-limit --wide --unicode= --adjust-vma= --all-headers --architecture= --archive-headers --ctf --ctf-parent= --debugging --debugging-tags --disassemble= --disassemble --disassemble-all --disassemble-zeroes --disassembler-color= --disassembler-options= --dwarf= --dwarf-check --dwarf-depth= --dwarf-start= --dynamic-reloc --dynamic-syms --endian= --file-headers --file-offsets --file-start-context --full-contents --include= --info --inlines --insn-width= --line-numbers --no-addresses --no-show-raw-insn --prefix= --prefix-addresses --prefix-strip= --private= --private-headers --process-links --reloc --section= --section-headers --headers --sframe --show-all-symbols --source --source-comment= --special-syms --stabs --start-address= --stop-address= --syms --visualize-jumps= "},
	{Name: "od", Access: ReadsOnly, Short: "bcdDefFhHiIlLoOsvxXA:j:N:S:t:w::", Long: " --address-radix= --endian= --skip-bytes= --read-bytes= --strings= --format= --output-duplicates --width= --traditional "},
	{Name: "paste", Access: ReadsOnly, Short: "szd:", Long: " --delimiters= --serial --zero-terminated "},
	{Name: "popd", Access: exact},
	{Name: "pr", Access: ReadsOnly, Short: "acdfFJmrtTe::i::n::N:o:l:w:W:h:D:s::S::", Long: " --columns= --across --show-control-chars --double-space --date-format= --expand-tabs= --form-feed --header= --output-tabs= --join-lines --length= --merge --number-lines= --first-line-number= --indent= --no-file-warnings --separator= --sep-string= --omit-header --omit-pagination --show-nonprinting --width= --page-width= --pages= "},
	{Name: "printenv", Access: Names},
	{Name: "ps", Access: Names},
	{Name: "pt", Access: ReadsOnly, Recurse: recursion{letters: ".u", long: " --hidden --unrestricted ", Dot: true, skipsHidden: true, follow: links{long: " --follow "}}, Short: "0eiSlLoNwA:B:C:G:", Long: " --after= --before= --context= --color --nocolor --color-line-number= --color-match= --color-path= --column --depth= --follow --file-search-regexp= --files-with-matches --files-without-match --global-gitignore --group --nogroup --hidden --home-ptignore --ignore= --ignore-case --smart-case --skip-vcs-ignores --numbers --null --output-encode= --vimgrep --word-regexp "},
	{Name: "pushd", Access: exact},
	{Name: "pwd", Access: Names},
	{Name: "read", Access: Names},
	{Name: "readelf", Access: ReadsOnly, Short: "aAcCdDeghIlLnNprsStTuUVwWzH:x:p:R:P:", Long: " --target= --demangle --no-demangle --recurse-limit --no-recurse-limit --wide --unicode= --all --file-header --program-headers --segments --section-headers --sections --section-groups --section-details --headers --symbols --syms --dyn-syms --lto-syms --sym-base= --notes --relocs --unwind --dynamic --version-info --arch-specific --archive-index --use-dynamic --hex-dump= --string-dump= --relocated-dump= --ctf= --ctf-parent= --ctf-symbols= --ctf-strings= --sframe= --debug-dump= --dwarf-depth= --dwarf-start= --decompress --process-links --histogram --lint --enable-checks --silent-truncation= "},
	{Name: "readlink", Access: ReadsOnly, Short: "efmnqsvz", Long: " --canonicalize --canonicalize-existing --canonicalize-missing --no-newline --quiet --silent --verbose --zero "},
	{Name: "realpath", Access: ReadsOnly, Short: "eLmPqsz", Long: " --canonicalize-existing --canonicalize-missing --logical --physical --quiet --relative-to= --relative-base= --strip --no-symlinks --zero "},
	{Name: "return", Access: Names},
	{Name: "rev", Access: ReadsOnly, Short: "0", Long: " --zero "},
	{Name: "rg", Access: ReadsOnly, Runs: []option{{Long: "--hostname-bin"}}, Recurse: rgRecursion, Short: "0.abcFhHiIlLnNopPqsSUuvVwxzA:B:C:d:e:E:f:g:j:m:M:r:t:T:", Long: " --pre= --after-context= --before-context= --context= --auto-hybrid-regex --binary --block-buffered --byte-offset --case-sensitive --color= --colors= --column --context-separator= --count --count-matches --crlf --debug --dfa-size-limit= --encoding= --engine= --field-context-separator= --field-match-separator= --file= --files --files-with-matches --files-without-match --fixed-strings --follow --glob= --glob-case-insensitive --heading --hidden --hyperlink-format= --iglob= --ignore-case --ignore-file= --ignore-file-case-insensitive --include-zero --invert-match --json --line-buffered --line-number --line-regexp --max-columns= --max-columns-preview --max-count= --max-depth= --max-filesize= --mmap --multiline --multiline-dotall --no-config --no-filename --no-heading --no-ignore --no-ignore-dot --no-ignore-exclude --no-ignore-files --no-ignore-global --no-ignore-messages --no-ignore-parent --no-ignore-vcs --no-line-number --no-messages --no-mmap --no-pcre2-unicode --no-require-git --no-unicode --null --null-data --one-file-system --only-matching --passthru --path-separator= --pcre2 --pcre2-version --pre-glob= --pretty --quiet --regex-size-limit= --regexp= --replace= --search-zip --smart-case --sort= --sortr= --stats --stop-on-nonmatch --text --threads= --trim --type= --type-add= --type-clear= --type-list --type-not= --unrestricted --vimgrep --with-filename --word-regexp --generate= --no-context-separator --ignore --no-hidden --no-follow --no-binary "},
	{Name: "rm", Access: exact},
	{Name: "rmdir", Access: exact},
	{Name: "rsync", Recurse: copyRecursion},
	{Name: "say", Access: ReadsOnly, Writes: []option{{Short: 'o', WithArg: "vrfna", Long: "--output-file"}}, Short: "iv:r:f:n:a:", Long: " --voice= --rate= --input-file= --network-send= --audio-device= --file-format= --data-format= --channels= --bit-rate= --quality= --progress --interactive "},
	{Name: "scp", Recurse: recursion{letters: "r"}},
	{Name: "sdiff", Access: ReadsOnly, Writes: []option{{Short: 'o', WithArg: "Iw", Long: "--output"}}, Short: "abBdEHilstWZI:o:w:", Long: " --diff-program= --text --ignore-blank-lines --ignore-space-change --minimal --ignore-tab-expansion --ignore-trailing-space --speed-large-files --ignore-case --ignore-matching-lines= --left-column --suppress-common-lines --expand-tabs --tabsize= --width= --ignore-all-space --strip-trailing-cr "},
	{Name: "sed", Access: exact},
	{Name: "seq", Access: Names},
	{Name: "set", Access: Names},
	{Name: "sha1sum", Access: ReadsOnly, Short: "bctwz", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{Name: "sha224sum", Access: ReadsOnly, Short: "bctwz", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{Name: "sha256sum", Access: ReadsOnly, Short: "bctwz", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{Name: "sha384sum", Access: ReadsOnly, Short: "bctwz", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{Name: "sha512sum", Access: ReadsOnly, Short: "bctwz", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{Name: "shasum", Access: ReadsOnly, Short: "0bcpstUa:", Long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug --algorithm= --01 --UNIVERSAL --portable "},
	{Name: "shift", Access: Names},
	{Name: "shred", Access: exact},
	{Name: "size", Access: ReadsOnly, Short: "ABdGotxf", Long: " --format= --radix= --common --totals --target= "},
	{Name: "sleep", Access: Names},
	{Name: "sort", Access: ReadsOnly, Writes: []option{{Short: 'o', WithArg: "ktSTy", Long: "--output"}, {Short: 'T', WithArg: "kotSy", Long: "--temporary-directory"}},
		Runs: []option{{Long: "--compress-program"}}, Short: "bcCdfghimMnrRsuVzk:S:t:y::", Long: " --ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort --ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort --random-sort --random-source= --reverse --sort= --version-sort --batch-size= --check= --check --debug --files0-from= --key= --merge --stable --buffer-size= --field-separator= --unique --zero-terminated --parallel= "},
	{Name: "ssh-add", Access: exact},
	{Name: "stat", Access: ReadsOnly, Short: "fLtlnqrsxc:F:", Long: " --dereference --file-system --format= --printf= --terse --cached= "},
	{Name: "strings", Access: ReadsOnly, Short: "adfhovwn:t:e:T:s:", Long: " --all --data --print-file-name --bytes= --radix= --include-all-whitespace --encoding= --target= --output-separator= --unicode= "},
	{Name: "sum", Access: ReadsOnly, Short: "rs", Long: " --sysv "},
	{Name: "tac", Access: ReadsOnly, Short: "brs:", Long: " --before --regex --separator= "},
	{Name: "tail", Access: ReadsOnly, Short: "bfFqrvzc:n:s:", Long: " --bytes= --follow --lines= --max-unchanged-stats= --pid= --quiet --retry --silent --sleep-interval= --verbose --zero-terminated "},
	{Name: "tee", Access: exact},
	{Name: "touch", Access: exact},
	{Name: "tr", Access: Names},
	{Name: "trap", Access: exact},
	{Name: "tree", Access: ReadsOnly, Writes: []option{{Short: 'o', WithArg: "LPIHT", Long: ""}}, Writer: " -R ", Short: "acdDfFghiJlnNpqQrsStuUvxXACL:P:I:H:T:", Long: " --gitignore --gitfile= --ignore-case --matchdirs --metafirst --prune --info --infofile= --noreport --charset= --filelimit= --timefmt= --si --du --inodes --device --dirsfirst --filesfirst --sort= --nolinks --fflinks --hintro= --houtro= --hyperlink --scheme= --authority= "}, // -R -H writes 00Tree.html in each directory
	{Name: "truncate", Access: exact},
	{Name: "type", Access: Names},
	{Name: "ugrep", Access: ReadsOnly, Runs: []option{{Long: "--pager"}, {Long: "--filter", Filters: true}, {Long: "--view"}}, Writes: []option{{Long: "--save-config"}}, Recurse: grepRecursion, Short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:%+jJkKMNOPSWYg:K:M:N:O:t:", Long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp --ignore-files --glob= --iglob= --include-dir= --hidden --no-hidden --smart-case --pretty --heading --no-heading --tree --json --csv --xml --format= --sort= --stats --bool --and= --not= --andnot= --file-extension= --file-type= --file-magic= --decompress --zmax= --colors= --column-number --width= --max-depth= --min-depth= --max-files= --match --dereference --no-dereference --fuzzy= --only-line-number --ungroup --break --no-break --files --empty --encoding= --ignore-binary --lines --range= --separator= --tabs= --no-group-separator "},
	{Name: "umask", Access: Names},
	{Name: "uname", Access: Names},
	{Name: "unexpand", Access: ReadsOnly, Short: "at:", Long: " --all --first-only --tabs= "},
	{Name: "unlink", Access: exact},
	{Name: "unset", Access: Names},
	{Name: "uptime", Access: Names},
	{Name: "wait", Access: Names},
	{Name: "wall", Access: ReadsOnly, Short: "nVht:g:", Long: " --nobanner --timeout= --group= "},
	{Name: "wc", Access: ReadsOnly, Short: "clLmw", Long: " --bytes --chars --lines --max-line-length --words --files0-from= --total= "},
	{Name: "whereis", Access: Names},
	{Name: "which", Access: Names},
	{Name: "whoami", Access: Names},
	{Name: "xmllint", Access: ReadsOnly, Writes: []option{{Short: 'o', Long: "--output"}}, dashLong: true, Long: " --version --debug --debugent --copy --recover --huge --noent --noenc --noout --nonet --nofixup-base-uris --nocompact --htmlout --nowrap --valid --postvalid --dtdvalid= --dtdvalidfpi= --timing --repeat --insert --compress --html --xmlout --nodefdtd --push --pushsmall --memory --maxmem= --nowarning --noblanks --nocdata --format --pretty= --encode= --dropdtd --nsclean --testIO --catalogs --nocatalogs --auto --xinclude --noxincludenode --loaddtd --dtdattr --stream --walker --pattern= --sax1 --sax --oldxml10 --relaxng= --schema= --schematron= --c14n --c14n11 --exc-c14n --xpath= --path= --load-trace --quiet "},
	{Name: "xzcat", Access: ReadsOnly, Short: "cdfkqQtvlhHVT:", Long: " --stdout --decompress --force --keep --quiet --no-warn --test --verbose --list --threads= --memlimit= --memory= --single-stream --no-sparse --ignore-check "},
	{Name: "yes", Access: Names},
	{Name: "zcat", Access: ReadsOnly, Short: "fhlnNqrtvS:", Long: " --force --list --no-name --name --quiet --recursive --test --verbose --suffix= --synchronous "},
	{Name: "zgrep", Access: ReadsOnly, Recurse: grepRecursion, Short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", Long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{Name: "zip", Recurse: recursion{letters: "rR", long: " --recurse-paths --recurse-patterns ", follow: links{always: true}, noFollow: links{letters: "y", long: " --symlinks "}}},
	{Name: "zless", Access: ReadsOnly, Hides: lessKeys, Short: lessShort, Long: lessLong},
	{Name: "zmore", Access: ReadsOnly, Short: "cdeflnpsuV"},
	{Name: "zstdcat", Access: ReadsOnly, Short: "cdfkqvhHVM:", Long: " --stdout --decompress --force --keep --quiet --verbose --long= --memory= --no-progress --no-check --sparse --no-sparse "},
}

// ProgramNamed returns the catalogue's entry for name, or nil.
func ProgramNamed(name string) *Program {
	i, ok := byName(Catalogue, name, func(x *Program) string { return x.Name })
	if !ok {
		return nil
	}
	return &Catalogue[i]
}

// On reports whether args ask for a recursive read.
func (r recursion) On(args []word.Word) bool {
	if r.always {
		return true
	}
	for j, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return false
		case r.recurse && (s == "-d" || s == "--directories") && j+1 < len(args) && args[j+1].Text == "recurse":
			return true
		case r.long.Has(s):
			return true
		case strings.HasPrefix(s, "--"):
			// --recursive=…, or a prefix getopt_long takes (grep --recur).
			if opt, _, ok := strings.Cut(s, "="); ok && r.long.Has(opt) || r.long.Begins(opt) {
				return true
			}
		case len(s) > 1 && s[0] == '-' && r.letters != "" && strings.ContainsAny(s[1:], r.letters):
			return true
		}
	}
	return false
}

// FilterCommands returns the commands of a filter list, EXTS:COMMAND,…
// (ugrep --filter='pdf:pdftotext % -,odt:…'): what follows each colon up to
// the next comma.
func FilterCommands(v string) []string {
	var out []string
	for _, f := range strings.Split(v, ",") {
		if _, cmd, ok := strings.Cut(f, ":"); ok {
			out = append(out, cmd)
		} else if len(out) > 0 {
			out[len(out)-1] += "," + f // a comma inside the command
		}
	}
	return out
}

// Knows reports whether every option in args is one p lists (short, long)
// or accounts for (writes, runs, recurse, writer): an option it does not
// list may make the program write or run anything.
func (p *Program) Knows(args []word.Word) bool {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			return true
		case len(s) < 2 || s[0] != '-' || word.IsNumberOption(s):
			continue
		case s[1] == '-' || p.dashLong && len(s) > 2:
			n, ok := p.longKnown(s)
			if !ok {
				return false
			}
			j += n
		default:
			n, ok := p.shortKnown(s)
			if !ok {
				return false
			}
			j += n
		}
	}
	return true
}

// longKnown reports whether long option s (--name or --name=value, or
// -name for a dashLong program) is one p knows, and how many of the words
// after it are its values.
func (p *Program) longKnown(s string) (int, bool) {
	name, _, eq := strings.Cut(s, "=")
	if len(name) < 2 {
		return 0, false // -=x
	}
	if name[1] != '-' {
		name = "-" + name
	}
	n, ok := 0, false
	switch {
	case p.valued(func(o option) bool { return o.Long != "" && word.LongOption(name, o.Long) }):
		n, ok = 1, true
	case name == "--help" || name == "--version" || p.Writer.Has(name) || p.Recurse.long.Has(name):
		ok = true
	default:
		if n, ok = longIn(p.Long, name); !ok && strings.HasPrefix(name, "--no-") {
			n, ok = longIn(p.Long, "--"+name[len("--no-"):])
		}
	}
	if eq && n > 0 {
		n-- // --name=value
	}
	return n, ok
}

// valued reports whether one of p's writes, runs or hides options is is.
func (p *Program) valued(is func(option) bool) bool {
	return slices.ContainsFunc(p.Writes, is) || slices.ContainsFunc(p.Runs, is) || slices.ContainsFunc(p.Hides, is)
}

// longIn finds long option name in set (" --a --b= --c== "), exactly or
// as the only option it abbreviates (at least --xy), and returns how many
// values it takes.
func longIn(set word.Set, name string) (int, bool) {
	l := string(set)
	found, values := 0, 0
	for off := 0; ; {
		i := strings.Index(l[off:], " "+name)
		if i < 0 {
			break
		}
		start := off + i + 1
		end := strings.IndexByte(l[start:], ' ')
		if end < 0 {
			break
		}
		tok := l[start : start+end]
		bare := strings.TrimRight(tok, "=")
		if bare == name {
			return len(tok) - len(bare), true
		}
		found++
		values = len(tok) - len(bare)
		off = start + end
	}
	return values, found == 1 && len(name) >= 4
}

// shortKnown reports whether every letter of cluster s (-abc, -n5) is one
// of p's short options (or of its writes, runs and recursion options), and
// how many of the words after it are values.
func (p *Program) shortKnown(s string) (int, bool) {
	_, n, ok := p.shortScan(s)
	return n, ok
}

// GluedValue returns the value joined to short-option cluster s (-f.env,
// -vf.env: the rest of the word after the first letter of p's that takes
// a value), and whether p knows every letter before it; "" when none of
// them takes a value.
func (p *Program) GluedValue(s string) (string, bool) {
	at, _, ok := p.shortScan(s)
	if !ok || at == 0 {
		return "", ok
	}
	return s[at:], true
}

// shortScan reads cluster s as shortKnown does and returns, besides, where
// a value joined to it starts (0 for none).
func (p *Program) shortScan(s string) (at, n int, ok bool) {
	for i := 1; i < len(s); i++ {
		ch := s[i]
		k := strings.IndexByte(p.Short, ch)
		arg, optional := false, false
		switch {
		case ch == ':':
			return 0, 0, false
		case k >= 0:
			arg = k+1 < len(p.Short) && p.Short[k+1] == ':'
			optional = arg && k+2 < len(p.Short) && p.Short[k+2] == ':'
		case p.valued(func(o option) bool { return o.Short == ch }):
			arg = true
		case strings.IndexByte(p.Recurse.letters, ch) < 0:
			return 0, 0, false
		}
		switch {
		case !arg:
		case i+1 < len(s):
			return i + 1, 0, true // the rest of the word is its value
		case optional:
			return 0, 0, true
		default:
			return 0, 1, true
		}
	}
	return 0, 0, true
}

// byName finds name in table s, sorted by the names key gives, as
// slices.BinarySearchFunc does but without copying an entry for each
// comparison (a Program is hundreds of bytes, and look-ups by name run
// several times for every command).
func byName[E any](s []E, name string, key func(*E) string) (int, bool) {
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if key(&s[m]) < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(s) && key(&s[lo]) == name
}
