package shell

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
// constant composite: it costs nothing at start-up.

// access says what a program does with the files its words name.
type access uint8

const (
	// mayWrite: guard does not know that it only reads them; its
	// handler's reads and writes are recorded, and every other word is a
	// touch.
	mayWrite access = iota
	// readsOnly: it only reads the files it names (cat, grep, wc): its
	// operands are reads, none is a touch; the files of its writes
	// options are written.
	readsOnly
	// exact: its handler records each file it reads or writes as such
	// (rm, sed, find, cd): no word is a touch.
	exact
	// names: its words are names, numbers or text, never files it opens
	// (basename, which, sleep, read): data.
	names
)

// option is an option whose value matters: -o F, -oF (in a cluster, after
// letters that take no value), --output F, --output=F.
type option struct {
	short   byte   // its letter; 0 for none
	withArg string // the program's other short options that take a value: they end a cluster
	long    string // its long name, abbreviations accepted; "" for none
	// filters: its value is a list of EXTS:COMMAND, each COMMAND run on
	// the files of those extensions (ugrep --filter).
	filters bool
}

// recursion says which options make a program read a directory operand
// whole, and so every file in it (grep -r DIR, cp -r DIR …).
type recursion struct {
	always  bool     // it always does (ack)
	letters string   // short options, alone or in a cluster (-r, -rn, -a)
	long    word.Set // long options, exactly or with =value
	// recurse: -d recurse and --directories recurse (grep).
	recurse bool
	// dot: with no operand it reads the working directory (grep -r x).
	dot bool
}

// program is the catalogue's entry for one program.
type program struct {
	name   string
	access access
	writes []option // options whose value is a file it writes (sort -o F)
	runs   []option // options whose value it runs as a shell command
	// writer: options after which it may write the files it names (file
	// -C compiles a magic file beside its -m file): then it is mayWrite.
	writer  word.Set
	recurse recursion
	// hides: options with which it runs what guard cannot see (nm
	// --plugin LIB loads compiled code, less -k FILE binds keys to
	// commands): hidden.
	hides []option
	// short and long are the options a readsOnly program is known to
	// take besides its writes, runs and hides options (see knows): short
	// in getopt's form ("c:n:qv": a letter followed by : takes a value, by
	// :: an optional one joined to it), long as " --name --name= " (=
	// takes a value, == two). An option it does not list makes it a
	// possible writer for that command: default-deny on options too.
	// dashLong: it takes its long options after one dash too (xmllint
	// -format).
	short    string
	long     word.Set
	dashLong bool
}

// Recursion shared by several entries.
var (
	grepRecursion = recursion{letters: "rR", long: " --recursive --dereference-recursive --directories=recurse ", recurse: true, dot: true}
	// rg and ag skip hidden files (~/.ssh) unless told: --hidden, -., -u.
	hiddenRecursion = recursion{letters: ".u", long: " --hidden --unrestricted ", dot: true}
	copyRecursion   = recursion{letters: "rRa", long: " --recursive --archive "}
)

// lessKeys are less's options that name its key bindings (lesskey text),
// which bind keys to commands and set $LESSOPEN: what they run guard does
// not read.
var lessKeys = []option{{short: 'k', withArg: "bDhjoOpPtTxyz#", long: "--lesskey-file"}, {long: "--lesskey-src"}, {long: "--lesskey-content"}}

// Options shared by several entries.
const (
	lessShort = "aAcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~#:b:D:h:j:p:P:t:T:x:y:z:"
	lessLong  = " --quit-if-one-screen --RAW-CONTROL-CHARS --raw-control-chars --no-init --chop-long-lines --LONG-PROMPT --long-prompt --ignore-case --IGNORE-CASE --LINE-NUMBERS --line-numbers --quiet --QUIET --silent --SILENT --squeeze-blank-lines --follow-name --mouse --wheel-lines= --use-color --incsearch --status-column --tabs= --shift= --window= --max-back-scroll= --max-forw-scroll= --prompt= --pattern= --tag= --tag-file= --header= --no-keypad --no-histdups --save-marks --line-num-width= --status-col-width= --rscroll= --exit-follow-on-close --file-size --hilite-search --HILITE-SEARCH --hilite-unread --HILITE-UNREAD --no-lessopen --dumb --clear-screen --CLEAR-SCREEN --search-skip-screen --quit-at-eof --QUIT-AT-EOF --quit-on-intr --no-vbell --redraw-on-quit --show-preproc-errors --color= --buffers= --auto-buffers --force --jump-target= --UNDERLINE-SPECIAL --underline-special --proc-backspace --proc-tab --proc-return --intr= --wordwrap --no-number-headers --no-search-headers "
)

// catalogue lists the programs guard knows, sorted by name.
var catalogue = []program{
	{name: "ack", access: readsOnly, runs: []option{{long: "--pager"}}, recurse: recursion{always: true, dot: true}, short: "1cfgHhiIklLnQrRsSvwxA:B:C:m:", long: " --after-context= --before-context= --context= --max-count= --ignore-case --smart-case --no-smart-case --word-regexp --literal --invert-match --files-with-matches --files-without-matches --count --column --no-column --heading --no-heading --break --no-break --group --no-group --color --no-color --nocolor --colour --color-filename= --color-match= --color-lineno= --color-colno= --flush --follow --no-follow --nofollow --type= --type-add= --type-set= --type-del= --ignore-dir= --noignore-dir= --ignore-directory= --noignore-directory= --ignore-file= --sort-files --show-types --recurse --no-recurse --norecurse --passthru --print0 --match= --range-start= --range-end= --noenv --nopager --no-pager --filter --nofilter --no-filter --files-from= --underline --nounderline --help-types --help-colors --dump --man --with-filename --no-filename --proximate= --no-proximate --not= --and= --or= --line= "},
	{name: "ag", access: readsOnly, runs: []option{{long: "--pager"}}, recurse: hiddenRecursion, short: "0acDfFhHilLnoQrRsStuUvVwzA:B:C:G:g:m:p:W:", long: " --ackmate --all-text --all-types --after= --before= --break --nobreak --case-sensitive --color --nocolor --color-line-number= --color-match= --color-path= --column --context= --count --debug --depth= --file-search-regex= --files-with-matches --files-without-matches --filename --nofilename --filename-pattern= --fixed-strings --follow --group --nogroup --heading --noheading --hidden --ignore= --ignore-case --ignore-dir= --invert-match --list-file-types --literal --max-count= --mmap --nommap --multiline --nomultiline --null --print0 --numbers --nonumbers --one-device --only-matching --nopager --parallel --passthrough --passthru --path-to-ignore= --print-all-files --print-long-lines --search-binary --search-zip --silent --skip-vcs-ignores --smart-case --stats --stats-only --unrestricted --vimgrep --width= --word-regexp --workers= --recurse --norecurse "},
	{name: "alias", access: exact},
	{name: "b2sum", access: readsOnly, short: "bctwzl:", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{name: "base32", access: readsOnly, writes: []option{{short: 'o', withArg: "bi", long: "--output"}}, short: "dDiw:b:", long: " --decode --ignore-garbage --wrap= --break= "},
	{name: "base64", access: readsOnly, writes: []option{{short: 'o', withArg: "bi", long: "--output"}}, short: "dDiw:b:", long: " --decode --ignore-garbage --wrap= --break= "},
	{name: "basename", access: names},
	{name: "bat", access: readsOnly, runs: []option{{long: "--pager"}}, short: "AdfhH:Ll:m:nPpr:sSuV", long: " --show-all --plain --language= --highlight-line= --file-name= --diff --diff-context= --tabs= --wrap= --chop-long-lines --terminal-width= --number --color= --italic-text= --decorations= --force-colorization --paging= --map-syntax= --ignored-suffix= --theme= --theme-light= --theme-dark= --list-themes --list-languages --style= --line-range= --unbuffered --squeeze-blank --squeeze-limit= --strip-ansi= --nonprintable-notation= --binary= --no-config --no-custom-assets --no-lessopen --config-file --config-dir --cache-dir --diagnostic --acknowledgements --no-paging --set-terminal-title "},
	{name: "batcat", access: readsOnly, runs: []option{{long: "--pager"}}, short: "AdfhH:Ll:m:nPpr:sSuV", long: " --show-all --plain --language= --highlight-line= --file-name= --diff --diff-context= --tabs= --wrap= --chop-long-lines --terminal-width= --number --color= --italic-text= --decorations= --force-colorization --paging= --map-syntax= --ignored-suffix= --theme= --theme-light= --theme-dark= --list-themes --list-languages --style= --line-range= --unbuffered --squeeze-blank --squeeze-limit= --strip-ansi= --nonprintable-notation= --binary= --no-config --no-custom-assets --no-lessopen --config-file --config-dir --cache-dir --diagnostic --acknowledgements --no-paging --set-terminal-title "},
	{name: "break", access: names},
	{name: "bzcat", access: readsOnly, short: "cdkLqsvV", long: " --stdout --decompress --keep --license --quiet --small --verbose "},
	{name: "cat", access: readsOnly, short: "AbeElnstTuv", long: " --show-all --number-nonblank --show-ends --number --squeeze-blank --show-tabs --show-nonprinting "},
	{name: "cd", access: exact},
	{name: "chattr", access: exact},
	{name: "chgrp", access: exact},
	{name: "chmod", access: exact},
	{name: "chown", access: exact},
	{name: "cksum", access: readsOnly, short: "a:bcl:twz", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug --algorithm= "},
	{name: "cmp", access: readsOnly, short: "bi:ln:sv", long: " --print-bytes --ignore-initial= --verbose --bytes= --quiet --silent "},
	{name: "column", access: readsOnly, short: "deJLhtxnc:C:E:H:i:l:N:o:O:p:r:R:s:T:W:", long: " --table --table-columns= --table-columns-limit= --table-name= --table-order= --table-right= --table-truncate= --table-noextreme= --table-noheadings --table-maxout --table-header-as-columns --table-header-repeat --table-hide= --table-wrap= --json --tree= --tree-id= --tree-parent= --keep-empty-lines --output-width= --output-separator= --separator= --fillrows --use-spaces= "},
	{name: "comm", access: readsOnly, short: "123iz", long: " --check-order --nocheck-order --output-delimiter= --total --zero-terminated "},
	{name: "continue", access: names},
	{name: "cp", recurse: copyRecursion},
	{name: "cut", access: readsOnly, short: "nswzb:c:d:f:", long: " --bytes= --characters= --delimiter= --fields= --complement --only-delimited --output-delimiter= --zero-terminated "},
	{name: "date", access: readsOnly, short: "I::jnRuv:d:f:r:s:z:", long: " --date= --debug --file= --iso-8601 --reference= --resolution --rfc-3339= --rfc-email --set= --universal --utc "},
	{name: "dd", access: exact},
	{name: "df", access: readsOnly, short: "aghHiklmnPTvB:t:x:", long: " --all --block-size= --human-readable --si --inodes --local --output --portability --print-type --sync --no-sync --total --type= --exclude-type= "},
	{name: "diff", access: readsOnly, recurse: recursion{letters: "r", long: " --recursive "}, short: "0123456789abBcdeEfhilnNpPqrsStTuvwyZC:D:F:I:L:S:U:W:x:X:", long: " --normal --brief --report-identical-files --context --unified --ed --rcs --side-by-side --width= --left-column --suppress-common-lines --show-c-function --show-function-line= --label= --expand-tabs --initial-tab --tabsize= --suppress-blank-empty --paginate --recursive --no-dereference --new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case --exclude= --exclude-from= --starting-file= --from-file= --to-file= --ignore-case --ignore-tab-expansion --ignore-trailing-space --ignore-space-change --ignore-all-space --ignore-blank-lines --ignore-matching-lines= --text --strip-trailing-cr --ifdef= --line-format= --old-line-format= --new-line-format= --unchanged-line-format= --old-group-format= --new-group-format= --unchanged-group-format= --changed-group-format= --minimal --horizon-lines= --speed-large-files --color --palette= "},
	{name: "diff3", access: readsOnly, short: "3aAeEimTxXL:", long: " --diff-program= --text --show-all --ed --show-overlap --overlap-only --easy-only --merge --label= --initial-tab --strip-trailing-cr "},
	{name: "dirname", access: names},
	{name: "du", access: readsOnly, short: "0abcDhHklLmPsSxAgB:d:t:X:I:", long: " --null --all --apparent-size --block-size= --bytes --total --dereference-args --max-depth= --files0-from= --human-readable --inodes --kibibytes --dereference --count-links --megabytes --no-dereference --separate-dirs --si --summarize --threshold= --time --time-style= --exclude-from= --exclude= --one-file-system "},
	{name: "egrep", access: readsOnly, recurse: grepRecursion, short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{name: "eval", access: exact},
	{name: "exit", access: names},
	{name: "expand", access: readsOnly, short: "it:", long: " --initial --tabs= "},
	{name: "eza", access: readsOnly, short: "1aAbBdDfFgGhHilmMnoOrRSTuUxXZ@I:L:s:t:w:", long: " --oneline --long --grid --across --recurse --tree --level= --classify --colour --color --colour-scale --color-scale --colour-scale-mode= --color-scale-mode= --icons --no-icons --hyperlink --absolute --all --almost-all --list-dirs --only-dirs --only-files --reverse --sort= --group-directories-first --group-directories-last --ignore-glob= --git-ignore --binary --bytes --group --smart-group --header --links --modified --mounts --numeric --blocksize --time= --changed --accessed --created --time-style= --total-size --extended --context --octal-permissions --no-permissions --no-filesize --no-user --no-time --git --no-git --git-repos --git-repos-no-status --width= --dereference --follow-symlinks --show-symlinks --no-symlinks --no-quotes --inode --flags "},
	{name: "fgrep", access: readsOnly, recurse: grepRecursion, short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{name: "file", access: readsOnly, writer: " -C --compile ", short: "0bcdEhiklLNnprsSvzZe:F:f:m:P:", long: " --apple --brief --checking-printout --debug --dereference --exclude= --exclude-quiet= --extension --files-from= --keep-going --list --magic-file= --mime --mime-encoding --mime-type --no-buffer --no-dereference --no-pad --no-sandbox --parameter= --preserve-date --print0 --raw --separator= --special-files --uncompress --uncompress-noreport "},
	{name: "find", access: exact},
	{name: "fold", access: readsOnly, short: "bsw:", long: " --bytes --spaces --width= "},
	{name: "free", access: readsOnly, short: "bghklmtvwVc:s:", long: " --bytes --kilo --mega --giga --tera --peta --kibi --mebi --gibi --tebi --pebi --human --si --lohi --total --committed --count= --seconds= --wide "},
	{name: "getfacl", access: readsOnly, short: "acdeEhLnpPRstv", long: " --access --omit-header --absolute-names --all-effective --no-effective --skip-base --recursive --logical --physical --tabular --numeric --default --one-file-system "},
	{name: "gojq", access: readsOnly, short: "acCehjMnrRsSVf:L:", long: " --arg== --argjson== --slurpfile== --rawfile== --args --jsonargs --tab --indent= --seq --stream --stream-errors --raw-output --raw-output0 --join-output --ascii-output --sort-keys --color-output --monochrome-output --compact-output --null-input --raw-input --slurp --exit-status --from-file= --library-path= --unbuffered --binary --build-configuration --yaml-input --yaml-output "},
	{name: "grep", access: readsOnly, recurse: grepRecursion, short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{name: "groups", access: names},
	{name: "head", access: readsOnly, short: "qvzc:n:", long: " --bytes= --lines= --quiet --silent --verbose --zero-terminated "},
	{name: "hexdump", access: readsOnly, short: "bcCdoxvLe:f:n:s:", long: " --canonical --color --format= --format-file= --length= --no-squeezing --one-byte-char --one-byte-octal --skip= --two-bytes-decimal --two-bytes-hex --two-bytes-octal "},
	{name: "iconv", access: readsOnly, writes: []option{{short: 'o', withArg: "ft", long: "--output"}}, short: "csf:t:", long: " --from-code= --to-code= --list --silent --verbose --usage "},
	{name: "id", access: names},
	{name: "jobs", access: names},
	{name: "join", access: readsOnly, short: "iz1:2:a:e:j:o:t:v:", long: " --ignore-case --check-order --nocheck-order --header --zero-terminated "},
	{name: "jq", access: readsOnly, short: "acCehjMnrRsSVf:L:", long: " --arg== --argjson== --slurpfile== --rawfile== --args --jsonargs --tab --indent= --seq --stream --stream-errors --raw-output --raw-output0 --join-output --ascii-output --sort-keys --color-output --monochrome-output --compact-output --null-input --raw-input --slurp --exit-status --from-file= --library-path= --unbuffered --binary --build-configuration "},
	{name: "kill", access: names},
	{name: "less", access: readsOnly, writes: []option{
		{short: 'o', withArg: "bhjkOopPtTxyz#", long: "--log-file"}, {short: 'O', withArg: "bhjkoopPtTxyz#", long: "--LOG-FILE"}},
		hides: lessKeys, short: lessShort, long: lessLong},
	{name: "look", access: readsOnly, short: "adft:", long: " --alphanum --alternative --ignore-case --terminate= "},
	{name: "ls", access: readsOnly, short: "1aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ@eOPTW%,wI:T:w:", long: " --all --almost-all --author --block-size= --ignore-backups --color --classify --file-type --indicator-style= --format= --full-time --group-directories-first --no-group --human-readable --si --dereference-command-line --dereference-command-line-symlink-to-dir --hide= --hyperlink --ignore= --inode --kibibytes --dereference --numeric-uid-gid --literal --hide-control-chars --show-control-chars --quote-name --quoting-style= --reverse --recursive --size --sort= --time= --time-style= --tabsize= --width= --context --zero --directory --dired --escape "},
	{name: "lsattr", access: readsOnly, short: "aRVdlpv"},
	{name: "lsof", access: readsOnly, short: "?abChKlnNOPRtUvVwXc:d:D:e:F:g:i:k:o:p:r:s:S:T:u:z:Z:E", long: " --help "},
	{name: "lz4cat", access: readsOnly, short: "cdfkqvhHV", long: " --stdout --decompress --force --keep --quiet --verbose "},
	{name: "md5", access: readsOnly, short: "npqrtxs:c:"},
	{name: "md5sum", access: readsOnly, short: "bctwz", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{name: "mkdir", access: exact},
	{name: "more", access: readsOnly, short: "cdeflnpsuVn:", long: " --silent --logical --no-pause --exit-on-eof --print-over --clean-print --squeeze --plain --lines= "},
	{name: "namei", access: readsOnly, short: "lmnovxV", long: " --long --modes --mountpoints --nosymlinks --owners --vertical "},
	{name: "nl", access: readsOnly, short: "pb:d:f:h:i:l:n:s:v:w:", long: " --body-numbering= --section-delimiter= --footer-numbering= --header-numbering= --line-increment= --join-blank-lines= --number-format= --no-renumber --number-separator= --starting-line-number= --number-width= "},
	{name: "nm", access: readsOnly, hides: []option{{long: "--plugin"}}, short: "aABCDegjlnoprsSuUVWXf:t:", long: " --target= --demangle --no-demangle --recurse-limit --no-recurse-limit --wide --unicode= --debug-syms --defined-only --dynamic --extern-only --format= --ifunc-chars= --just-symbols --line-numbers --no-sort --no-weak --numeric-sort --portability --print-armap --print-file-name --print-size --quiet --radix= --reverse-sort --size-sort --special-syms --synthetic --undefined-only --with-symbol-versions --without-symbol-versions "},
	{name: "nproc", access: names},
	{name: "objdump", access: readsOnly, short: "aCdDeEfFgGhHilLPrRStTUvVwWxzb:j:m:M:I:", long: " --target= --demangle --no-demangle --recurse-limit --no-recurse-limit --wide --unicode= --adjust-vma= --all-headers --architecture= --archive-headers --ctf --ctf-parent= --debugging --debugging-tags --disassemble= --disassemble --disassemble-all --disassemble-zeroes --disassembler-color= --disassembler-options= --dwarf= --dwarf-check --dwarf-depth= --dwarf-start= --dynamic-reloc --dynamic-syms --endian= --file-headers --file-offsets --file-start-context --full-contents --include= --info --inlines --insn-width= --line-numbers --no-addresses --no-show-raw-insn --prefix= --prefix-addresses --prefix-strip= --private= --private-headers --process-links --reloc --section= --section-headers --headers --sframe --show-all-symbols --source --source-comment= --special-syms --stabs --start-address= --stop-address= --syms --visualize-jumps= "},
	{name: "od", access: readsOnly, short: "bcdDefFhHiIlLoOsvxXA:j:N:S:t:w::", long: " --address-radix= --endian= --skip-bytes= --read-bytes= --strings= --format= --output-duplicates --width= --traditional "},
	{name: "paste", access: readsOnly, short: "szd:", long: " --delimiters= --serial --zero-terminated "},
	{name: "popd", access: exact},
	{name: "pr", access: readsOnly, short: "acdfFJmrtTe::i::n::N:o:l:w:W:h:D:s::S::", long: " --columns= --across --show-control-chars --double-space --date-format= --expand-tabs= --form-feed --header= --output-tabs= --join-lines --length= --merge --number-lines= --first-line-number= --indent= --no-file-warnings --separator= --sep-string= --omit-header --omit-pagination --show-nonprinting --width= --page-width= --pages= "},
	{name: "printenv", access: names},
	{name: "ps", access: names},
	{name: "pt", access: readsOnly, recurse: hiddenRecursion, short: "0eiSlLoNwA:B:C:G:", long: " --after= --before= --context= --color --nocolor --color-line-number= --color-match= --color-path= --column --depth= --follow --file-search-regexp= --files-with-matches --files-without-match --global-gitignore --group --nogroup --hidden --home-ptignore --ignore= --ignore-case --smart-case --skip-vcs-ignores --numbers --null --output-encode= --vimgrep --word-regexp "},
	{name: "pushd", access: exact},
	{name: "pwd", access: names},
	{name: "read", access: names},
	{name: "readelf", access: readsOnly, short: "aAcCdDeghIlLnNprsStTuUVwWzH:x:p:R:P:", long: " --target= --demangle --no-demangle --recurse-limit --no-recurse-limit --wide --unicode= --all --file-header --program-headers --segments --section-headers --sections --section-groups --section-details --headers --symbols --syms --dyn-syms --lto-syms --sym-base= --notes --relocs --unwind --dynamic --version-info --arch-specific --archive-index --use-dynamic --hex-dump= --string-dump= --relocated-dump= --ctf= --ctf-parent= --ctf-symbols= --ctf-strings= --sframe= --debug-dump= --dwarf-depth= --dwarf-start= --decompress --process-links --histogram --lint --enable-checks --silent-truncation= "},
	{name: "readlink", access: readsOnly, short: "efmnqsvz", long: " --canonicalize --canonicalize-existing --canonicalize-missing --no-newline --quiet --silent --verbose --zero "},
	{name: "realpath", access: readsOnly, short: "eLmPqsz", long: " --canonicalize-existing --canonicalize-missing --logical --physical --quiet --relative-to= --relative-base= --strip --no-symlinks --zero "},
	{name: "return", access: names},
	{name: "rev", access: readsOnly, short: "0", long: " --zero "},
	{name: "rg", access: readsOnly, runs: []option{{long: "--hostname-bin"}}, recurse: hiddenRecursion, short: "0.abcFhHiIlLnNopPqsSUuvVwxzA:B:C:d:e:E:f:g:j:m:M:r:t:T:", long: " --pre= --after-context= --before-context= --context= --auto-hybrid-regex --binary --block-buffered --byte-offset --case-sensitive --color= --colors= --column --context-separator= --count --count-matches --crlf --debug --dfa-size-limit= --encoding= --engine= --field-context-separator= --field-match-separator= --file= --files --files-with-matches --files-without-match --fixed-strings --follow --glob= --glob-case-insensitive --heading --hidden --hyperlink-format= --iglob= --ignore-case --ignore-file= --ignore-file-case-insensitive --include-zero --invert-match --json --line-buffered --line-number --line-regexp --max-columns= --max-columns-preview --max-count= --max-depth= --max-filesize= --mmap --multiline --multiline-dotall --no-config --no-filename --no-heading --no-ignore --no-ignore-dot --no-ignore-exclude --no-ignore-files --no-ignore-global --no-ignore-messages --no-ignore-parent --no-ignore-vcs --no-line-number --no-messages --no-mmap --no-pcre2-unicode --no-require-git --no-unicode --null --null-data --one-file-system --only-matching --passthru --path-separator= --pcre2 --pcre2-version --pre-glob= --pretty --quiet --regex-size-limit= --regexp= --replace= --search-zip --smart-case --sort= --sortr= --stats --stop-on-nonmatch --text --threads= --trim --type= --type-add= --type-clear= --type-list --type-not= --unrestricted --vimgrep --with-filename --word-regexp --generate= --no-context-separator --ignore --no-hidden --no-follow --no-binary "},
	{name: "rm", access: exact},
	{name: "rmdir", access: exact},
	{name: "rsync", recurse: copyRecursion},
	{name: "scp", recurse: recursion{letters: "r"}},
	{name: "sdiff", access: readsOnly, writes: []option{{short: 'o', withArg: "Iw", long: "--output"}}, short: "abBdEHilstWZI:o:w:", long: " --diff-program= --text --ignore-blank-lines --ignore-space-change --minimal --ignore-tab-expansion --ignore-trailing-space --speed-large-files --ignore-case --ignore-matching-lines= --left-column --suppress-common-lines --expand-tabs --tabsize= --width= --ignore-all-space --strip-trailing-cr "},
	{name: "sed", access: exact},
	{name: "seq", access: names},
	{name: "set", access: names},
	{name: "sha1sum", access: readsOnly, short: "bctwz", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{name: "sha224sum", access: readsOnly, short: "bctwz", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{name: "sha256sum", access: readsOnly, short: "bctwz", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{name: "sha384sum", access: readsOnly, short: "bctwz", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{name: "sha512sum", access: readsOnly, short: "bctwz", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug "},
	{name: "shasum", access: readsOnly, short: "0bcpstUa:", long: " --binary --check --ignore-missing --quiet --status --strict --tag --text --warn --zero --length= --untagged --base64 --raw --debug --algorithm= --01 --UNIVERSAL --portable "},
	{name: "shift", access: names},
	{name: "shred", access: exact},
	{name: "size", access: readsOnly, short: "ABdGotxf", long: " --format= --radix= --common --totals --target= "},
	{name: "sleep", access: names},
	{name: "sort", access: readsOnly, writes: []option{{short: 'o', withArg: "ktSTy", long: "--output"}, {short: 'T', withArg: "kotSy", long: "--temporary-directory"}},
		runs: []option{{long: "--compress-program"}}, short: "bcCdfghimMnrRsuVzk:S:t:y::", long: " --ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort --ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort --random-sort --random-source= --reverse --sort= --version-sort --batch-size= --check= --check --debug --files0-from= --key= --merge --stable --buffer-size= --field-separator= --unique --zero-terminated --parallel= "},
	{name: "ssh-add", access: exact},
	{name: "stat", access: readsOnly, short: "fLtlnqrsxc:F:", long: " --dereference --file-system --format= --printf= --terse --cached= "},
	{name: "strings", access: readsOnly, short: "adfhovwn:t:e:T:s:", long: " --all --data --print-file-name --bytes= --radix= --include-all-whitespace --encoding= --target= --output-separator= --unicode= "},
	{name: "sum", access: readsOnly, short: "rs", long: " --sysv "},
	{name: "tac", access: readsOnly, short: "brs:", long: " --before --regex --separator= "},
	{name: "tail", access: readsOnly, short: "bfFqrvzc:n:s:", long: " --bytes= --follow --lines= --max-unchanged-stats= --pid= --quiet --retry --silent --sleep-interval= --verbose --zero-terminated "},
	{name: "tee", access: exact},
	{name: "touch", access: exact},
	{name: "tr", access: names},
	{name: "trap", access: exact},
	{name: "tree", access: readsOnly, writes: []option{{short: 'o', withArg: "LPIHT", long: ""}}, writer: " -R ", short: "acdDfFghiJlnNpqQrsStuUvxXACL:P:I:H:T:", long: " --gitignore --gitfile= --ignore-case --matchdirs --metafirst --prune --info --infofile= --noreport --charset= --filelimit= --timefmt= --si --du --inodes --device --dirsfirst --filesfirst --sort= --nolinks --fflinks --hintro= --houtro= --hyperlink --scheme= --authority= "}, // -R -H writes 00Tree.html in each directory
	{name: "truncate", access: exact},
	{name: "type", access: names},
	{name: "ugrep", access: readsOnly, runs: []option{{long: "--pager"}, {long: "--filter", filters: true}, {long: "--view"}}, writes: []option{{long: "--save-config"}}, recurse: grepRecursion, short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:%+jJkKMNOPSWYg:K:M:N:O:t:", long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp --ignore-files --glob= --iglob= --include-dir= --hidden --no-hidden --smart-case --pretty --heading --no-heading --tree --json --csv --xml --format= --sort= --stats --bool --and= --not= --andnot= --file-extension= --file-type= --file-magic= --decompress --zmax= --colors= --column-number --width= --max-depth= --min-depth= --max-files= --match --dereference --no-dereference --fuzzy= --only-line-number --ungroup --break --no-break --files --empty --encoding= --ignore-binary --lines --range= --separator= --tabs= --no-group-separator "},
	{name: "umask", access: names},
	{name: "uname", access: names},
	{name: "unexpand", access: readsOnly, short: "at:", long: " --all --first-only --tabs= "},
	{name: "unlink", access: exact},
	{name: "unset", access: names},
	{name: "uptime", access: names},
	{name: "wait", access: names},
	{name: "wc", access: readsOnly, short: "clLmw", long: " --bytes --chars --lines --max-line-length --words --files0-from= --total= "},
	{name: "whereis", access: names},
	{name: "which", access: names},
	{name: "whoami", access: names},
	{name: "xmllint", access: readsOnly, writes: []option{{short: 'o', long: "--output"}}, dashLong: true, long: " --version --debug --debugent --copy --recover --huge --noent --noenc --noout --nonet --nofixup-base-uris --nocompact --htmlout --nowrap --valid --postvalid --dtdvalid= --dtdvalidfpi= --timing --repeat --insert --compress --html --xmlout --nodefdtd --push --pushsmall --memory --maxmem= --nowarning --noblanks --nocdata --format --pretty= --encode= --dropdtd --nsclean --testIO --catalogs --nocatalogs --auto --xinclude --noxincludenode --loaddtd --dtdattr --stream --walker --pattern= --sax1 --sax --oldxml10 --relaxng= --schema= --schematron= --c14n --c14n11 --exc-c14n --xpath= --path= --load-trace --quiet "},
	{name: "xzcat", access: readsOnly, short: "cdfkqQtvlhHVT:", long: " --stdout --decompress --force --keep --quiet --no-warn --test --verbose --list --threads= --memlimit= --memory= --single-stream --no-sparse --ignore-check "},
	{name: "yes", access: names},
	{name: "zcat", access: readsOnly, short: "fhlnNqrtvS:", long: " --force --list --no-name --name --quiet --recursive --test --verbose --suffix= --synchronous "},
	{name: "zgrep", access: readsOnly, recurse: grepRecursion, short: "abcEFGhHiIlLnoqrRsTuUvVwxyzZA:B:C:D:d:e:f:m:", long: " --after-context= --basic-regexp --before-context= --binary --binary-files= --byte-offset --color --colour --context= --count --dereference-recursive --devices= --directories= --exclude= --exclude-dir= --exclude-from= --extended-regexp --file= --files-with-matches --files-without-match --fixed-strings --group-separator= --ignore-case --include= --initial-tab --invert-match --label= --line-buffered --line-number --line-regexp --max-count= --no-filename --no-group-separator --no-ignore-case --no-messages --null --null-data --only-matching --perl-regexp --quiet --recursive --regexp= --silent --text --with-filename --word-regexp "},
	{name: "zip", recurse: recursion{letters: "rR", long: " --recurse-paths --recurse-patterns "}},
	{name: "zless", access: readsOnly, hides: lessKeys, short: lessShort, long: lessLong},
	{name: "zmore", access: readsOnly, short: "cdeflnpsuV"},
	{name: "zstdcat", access: readsOnly, short: "cdfkqvhHVM:", long: " --stdout --decompress --force --keep --quiet --verbose --long= --memory= --no-progress --no-check --sparse --no-sparse "},
}

// programNamed returns the catalogue's entry for name, or nil.
func programNamed(name string) *program {
	i, ok := slices.BinarySearchFunc(catalogue, name, func(p program, n string) int { return strings.Compare(p.name, n) })
	if !ok {
		return nil
	}
	return &catalogue[i]
}

// on reports whether args ask for a recursive read.
func (r recursion) on(args []word.Word) bool {
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
			if opt, _, ok := strings.Cut(s, "="); ok && r.long.Has(opt) {
				return true
			}
		case len(s) > 1 && s[0] == '-' && r.letters != "" && strings.ContainsAny(s[1:], r.letters):
			return true
		}
	}
	return false
}

// catalogued applies what the catalogue says of c's program before its
// handler runs: the files its writes options name are written, the
// commands its runs options hold are analysed, a names program's words are
// data, and recursive says whether it reads its directory operands whole.
func (c *cmd) catalogued(p *program) {
	if p.writer != "" && slices.ContainsFunc(c.args, func(a word.Word) bool { return p.writer.Has(a.Text) }) {
		c.mayWrite = true
	}
	if p.access == names {
		c.allData()
		return
	}
	for _, o := range p.writes {
		for j := 0; j < len(c.args); j++ {
			if v, k, ok := word.OptionValue(c.args, j, o.short, o.withArg, o.long); ok {
				c.w.write(v)
				for m := j; m <= k; m++ {
					c.spend(m)
				}
				j = k
			}
		}
	}
	if p.access == readsOnly && !p.knows(c.args) {
		c.mayWrite = true // an option its entry does not list: anything
	}
	c.runsOptions(p)
	c.recursive = p.recurse.on(c.args)
	c.readsDot = c.recursive && p.recurse.dot
}

// runsOptions analyses the commands p's runs options hold, each run with
// what the program hands it on standard input (a pager, its output), and
// records as hidden a hides option given.
func (c *cmd) runsOptions(p *program) {
	for _, o := range p.runs {
		for j := 0; j < len(c.args); j++ {
			v, k, ok := word.OptionValue(c.args, j, o.short, o.withArg, o.long)
			if !ok {
				continue
			}
			cmds := []string{v}
			if o.filters {
				cmds = filterCommands(v)
			}
			for _, x := range cmds {
				c.w.runsHanded(x, c.name)
			}
			for m := j; m <= k; m++ {
				c.spend(m)
			}
			j = k
		}
	}
	for _, o := range p.hides {
		for j := range c.args {
			if _, _, ok := word.OptionValue(c.args, j, o.short, o.withArg, o.long); ok {
				c.w.hide("gives %s an option that runs what guard cannot see (a plugin, key bindings)", c.name)
				return
			}
		}
	}
}

// filterCommands returns the commands of a filter list, EXTS:COMMAND,…
// (ugrep --filter='pdf:pdftotext % -,odt:…'): what follows each colon up to
// the next comma.
func filterCommands(v string) []string {
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

// spend marks argument j as accounted for by the program's handler: a file
// recorded as read or written, a host, a remote command, a key used. It
// is no touch.
func (c *cmd) spend(j int) {
	if j < 0 || j >= len(c.args) {
		return
	}
	if c.spent == nil {
		c.spent = make([]bool, len(c.args))
	}
	c.spent[j] = true
}

// isSpent reports whether argument j is accounted for.
func (c *cmd) isSpent(j int) bool { return j < len(c.spent) && c.spent[j] }

// touches records as touched (Analysis.Touches) every word of a program
// guard does not know to only read its files that is neither data nor
// accounted for by its handler. An option's value counts (its value after
// =, or the word after it: an option that takes none makes a harmless
// touch of its operand's name).
//
// A word holding blanks or shell characters may be a command line or a
// script the program reads, and so may its standard input: their paths are
// touched too and they are analysed tentatively (see wordsInside). The
// value of an option that names what the program leaves alone (--exclude
// .git) is no file it opens.
func (c *cmd) touches(p *program) {
	if c.name == "" || p != nil && p.access != mayWrite && !c.mayWrite {
		return
	}
	for j, a := range c.args {
		if c.kinds[j] != argPlain || c.isSpent(j) || c.patternValue(j) {
			continue
		}
		c.w.touch(a.Text)
	}
	c.wordsInside()
}

// knows reports whether every option in args is one p lists (short, long)
// or accounts for (writes, runs, recurse, writer): an option it does not
// list may make the program write or run anything.
func (p *program) knows(args []word.Word) bool {
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
func (p *program) longKnown(s string) (int, bool) {
	name, _, eq := strings.Cut(s, "=")
	if len(name) < 2 {
		return 0, false // -=x
	}
	if name[1] != '-' {
		name = "-" + name
	}
	n, ok := 0, false
	switch {
	case p.valued(func(o option) bool { return o.long != "" && word.LongOption(name, o.long) }):
		n, ok = 1, true
	case name == "--help" || name == "--version" || p.writer.Has(name) || p.recurse.long.Has(name):
		ok = true
	default:
		if n, ok = longIn(p.long, name); !ok && strings.HasPrefix(name, "--no-") {
			n, ok = longIn(p.long, "--"+name[len("--no-"):])
		}
	}
	if eq && n > 0 {
		n-- // --name=value
	}
	return n, ok
}

// valued reports whether one of p's writes, runs or hides options is is.
func (p *program) valued(is func(option) bool) bool {
	return slices.ContainsFunc(p.writes, is) || slices.ContainsFunc(p.runs, is) || slices.ContainsFunc(p.hides, is)
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
func (p *program) shortKnown(s string) (int, bool) {
	for i := 1; i < len(s); i++ {
		ch := s[i]
		k := strings.IndexByte(p.short, ch)
		arg, optional := false, false
		switch {
		case ch == ':':
			return 0, false
		case k >= 0:
			arg = k+1 < len(p.short) && p.short[k+1] == ':'
			optional = arg && k+2 < len(p.short) && p.short[k+2] == ':'
		case p.valued(func(o option) bool { return o.short == ch }):
			arg = true
		case strings.IndexByte(p.recurse.letters, ch) < 0:
			return 0, false
		}
		switch {
		case !arg:
		case optional || i+1 < len(s):
			return 0, true // the rest of the word is its value
		default:
			return 1, true
		}
	}
	return 0, true
}
