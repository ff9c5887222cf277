package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// The programs that take an operand a runner appends to their command
// line (git's core.editor, sequence.editor, GIT_EDITOR: the file to edit)
// as a file they only open. Any other program given it may run it: a
// shell's `.` sources it, `make -f` reads it as a makefile, `sed -f` as a
// script (FINDINGS46a A5), so shell.handedOperand counts it as one guard
// cannot tell.

// handedOpener is one family of editors and the words that may end its
// command line before the appended file: flags that take no value, and
// those it takes for a diff (vim -d, code --diff).
type handedOpener struct{ names, flags, diff word.Set }

// handedOpeners are the editors git and the other runners hand a file to
// that open it as text; true and : ignore it.
var handedOpeners = [...]handedOpener{
	{" vi vim nvim gvim mvim view rvim nvi vim.basic vim.tiny vim.nox vim.gtk vim.gtk3 vim.athena vimx editor sensible-editor ", " -f --nofork -n -R -Z -N -b -p -o -O -y -X --clean --noplugin ", " -d "},
	{" emacs emacs-nox emacsclient ", " -nw -t -c --tty --create-frame -q -Q --no-init-file --quick --no-splash --no-wait -n ", ""},
	{" nano pico ", " -w --nowrap -l --linenumbers -m --mouse -S --smooth -i --autoindent ", ""},
	{" code code-insiders codium cursor subl sublime_text mate atom zed gedit kate xed pluma mousepad ", " -w --wait -n --new-window -r --reuse-window -b --block ", " -d --diff "},
	{" micro hx helix kak joe jed ne mcedit ", "", ""},
}

// onlyOpens reports whether an editor of o given args opens files and
// nothing else: every word known, each a file, a line number (+12) or one
// of its flags that take no value; vim's `-u NONE` skips its start-up
// files. Any other option may run commands on the file it opens (vim -c
// 'so %', +cmd, -S, emacs --eval, kak -e: FINDINGS47b G3), or take the
// handed file as its value.
func (o *handedOpener) onlyOpens(args []word.Word) bool { return o.opens(args, "", false) }

// opens is onlyOpens with more flags that take no value (vim -d for a
// diff) and, with vars, a word that is one inherited variable ("$LOCAL"
// in a tool's cmd, which git sets to a file) taken for a file.
func (o *handedOpener) opens(args []word.Word, more word.Set, vars bool) bool {
	for i := 0; i < len(args); i++ {
		s := args[i].Text
		switch {
		case !args[i].Known && !(vars && wholeInherited(s)):
			return false
		case !args[i].Known:
			// a file git names
		case s == "--":
			return true // files follow
		case s == "" || s[0] != '-' && s[0] != '+':
			// a file
		case s == "+" || s[0] == '+' && strings.Trim(s[1:], "0123456789") == "":
			// a line to open at
		case o.flags.Has(s), more.Has(s):
		case (s == "-u" || s == "-U") && o.names.Has("vim") && i+1 < len(args) && (args[i+1].Text == "NONE" || args[i+1].Text == "NORC"):
			i++
		default:
			return false
		}
	}
	return true
}

// OpensHanded reports whether program name with args (its words after the
// name, as written) takes a word appended after them as a file it only
// opens: an editor of handedOpeners whose last word is an operand, `--` or
// one of its flags, or a reading program of Catalogue (cat, less) that
// knows its options and has none waiting for its value. What an editor
// loads at start is its environment's too: shell.editorStartup checks
// every editor's run, a handed one included, for a variable of
// EditorLoadVars or EditorHomeVars the command set (FINDINGS48b F1).
func OpensHanded(name string, args []word.Word) bool {
	if name == "true" || name == ":" {
		return true // it ignores its words
	}
	for _, o := range handedOpeners {
		if o.names.Has(name) {
			return o.onlyOpens(args)
		}
	}
	p := ProgramNamed(name)
	return p != nil && p.Access == ReadsOnly && p.Knows(args) && !p.awaits(args)
}

// awaits reports whether the last of args is an option of p still
// waiting for its value (sort -o, less -k): a word appended after args
// would be that value.
func (p *Program) awaits(args []word.Word) bool {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		n := 0
		switch {
		case s == "--":
			return false
		case len(s) < 2 || s[0] != '-' || word.IsNumberOption(s):
			continue
		case s[1] == '-' || p.dashLong && len(s) > 2:
			n, _ = p.longKnown(s)
		default:
			n, _ = p.shortKnown(s)
		}
		if n > 0 && j+n >= len(args) {
			return true
		}
		j += n
	}
	return false
}

// HandedUse is what a runner appends to the command line of a program it
// runs from a setting or a variable, which the program must take as data
// for guard to tell what it does (shell.handedOperand).
type HandedUse uint8

// What runners hand the programs they run.
const (
	HandsFile    HandedUse = iota // a file to edit (core.editor, GIT_EDITOR): editors only (OpensHanded)
	HandsDiff                     // a path, two files, their hashes and modes (diff.external, GIT_EXTERNAL_DIFF, a mergetool's path)
	HandsConvert                  // a file to print as text (diff.*.textconv)
	HandsSSH                      // a host and a remote command (core.sshCommand, GIT_SSH_COMMAND, RSYNC_RSH)
	HandsPrompt                   // a prompt (core.askPass, GIT_ASKPASS, SSH_ASKPASS)
	HandsSigner                   // a signer's options and a file (gpg.program)
	HandsProxy                    // a host and a port (core.gitProxy, GIT_PROXY_COMMAND)
	HandsURL                      // a URL or a page (web.browser, BROWSER, man.*.cmd)
	HandsRepo                     // a repository's path (--upload-pack, --receive-pack, --exec, remote.*.uploadpack)
	HandsOther                    // words of the runner's own, of no known shape (core.fsmonitor, sendemail.*cmd)
	HandsPreview                  // the file less opens, in place of LESSOPEN's %s (LESSCLOSE's: it and the output)
)

// handedTaker is a family of programs known to take what a runner hands
// them as data for use, and the words that may be written before the
// handed ones.
//
// For a diff's files, a file to convert and a repository's path it is an
// allow list (allows): every written word is one of flags (options known
// to take no value and not to change what the handed words are used
// for), an option of valued with its value written after it (=-joined or
// the next word) and plain (a format, a width, a colour: no path), one of
// ops (git-crypt diff), or, with files, an operand (a file it opens as
// data; in a tool's cmd, a whole variable git sets to a file, "$LOCAL").
// Any other word may make a handed word the value of an option that runs
// it (vimdiff -S, nm --plugin: FINDINGS48a R1, R8).
//
// For the other uses (ssh, a signer, a proxy, a prompt, a browser), whose
// own options are analysed as written, waits lists their options that
// take a separate value: the first handed word would become it.
type handedTaker struct {
	use                       HandedUse
	names, flags, valued, ops word.Set
	files                     bool
	waits                     word.Set
}

// handedTakers are the programs beyond OpensHanded's known to take the
// appended words as data: diff viewers, converters that print a file, the
// programs git's transport hands a repository's path, ssh and its kin,
// password prompts, signers, proxies, browsers. A program not listed may
// run what it is handed (`. FILE`, `make -f FILE`, `env -S`).
var handedTakers = [...]handedTaker{
	// A diff's path, files, hashes and modes (diff.external,
	// GIT_EXTERNAL_DIFF, a tool's cmd given $LOCAL and $REMOTE). The
	// editors among them (vimdiff, code) are held to their opener's rule
	// (diffOpener).
	{use: HandsDiff, names: " difft difftastic ", files: true,
		flags:  " --skip-unchanged --missing-as-empty --ignore-comments --check-only --exit-code --strip-cr ",
		valued: " --color --display --background --syntax-highlight --tab-width --width --context --byte-limit --graph-limit --parse-error-limit "},
	{use: HandsDiff, names: " icdiff ", files: true,
		flags:  " -N --line-numbers -H --highlight -W --whole-file --no-bold --strip-trailing-cr --no-headers ",
		valued: " --cols --tabsize -U --unified --encoding "},
	{use: HandsDiff, names: " diff colordiff ", files: true,
		flags:  " -u -N -r -q -a -b -w -B -i -p -y -c -U3 --unified --text --brief --ignore-all-space --ignore-space-change --ignore-blank-lines --ignore-case --new-file --strip-trailing-cr --side-by-side --show-c-function --color ",
		valued: " --color -U --unified -W --width "},
	{use: HandsDiff, names: " diff3 ", files: true, flags: " -m --merge -E -e -A -3 -x -X -a -T -i --text "},
	{use: HandsDiff, names: " cmp ", files: true, flags: " -s -l -b --silent --quiet --verbose --print-bytes "},
	{use: HandsDiff, names: " ydiff ", files: true, flags: " -s --side-by-side --wrap ", valued: " -w --width --color "},
	{use: HandsDiff, names: " meld ", files: true, flags: " --diff -n --newtab -a --auto-compare --auto-merge "},
	{use: HandsDiff, names: " kdiff3 ", files: true, flags: " --auto -m --merge -q --qall "},
	{use: HandsDiff, names: " opendiff bcompare bcomp p4merge ksdiff tkdiff xxdiff diffuse kompare ", files: true},
	// A file to print as text (diff.*.textconv): no written operand.
	{use: HandsConvert, names: " exiftool ", flags: " -a -u -g -G -s -S -n -j -X -e -q -m "},
	{use: HandsConvert, names: " pdftotext ", flags: " -layout -raw -nopgbrk -q -htmlmeta -bbox -nodiag ", valued: " -f -l -enc -eol "},
	{use: HandsConvert, names: " hexdump hd ", flags: " -C -c -b -d -o -x -v -X ", valued: " -n -s "},
	{use: HandsConvert, names: " xxd ", flags: " -p -ps -plain -u -i -b -bits -e -E -a ", valued: " -c -cols -g -groupsize -l -len -s -seek "},
	{use: HandsConvert, names: " od ", flags: " -c -x -b -d -o -a -v -An -Ax -Ad -Ao -tx1 -tx2 -tx4 -tc -tu1 ", valued: " -A -t -N -j "},
	{use: HandsConvert, names: " strings ", flags: " -a --all -d --data ", valued: " -n --bytes -e --encoding -t --radix "},
	{use: HandsConvert, names: " file ", flags: " -b --brief -i --mime --mime-type --mime-encoding -L -z -k "},
	{use: HandsConvert, names: " nm ", flags: " -C --demangle -D --dynamic -g --extern-only -u --undefined-only -a --debug-syms -n -v --numeric-sort -p --no-sort -r --reverse-sort -S --print-size -l --line-numbers -A -o --print-file-name --defined-only -B -P --portability ",
		valued: " -f --format -t --radix "},
	{use: HandsConvert, names: " objdump ", flags: " -d --disassemble -D --disassemble-all -h --section-headers -x --all-headers -t --syms -T --dynamic-syms -r --reloc -R --dynamic-reloc -s --full-contents -f --file-headers -p --private-headers -C --demangle -S --source -l --line-numbers -w --wide -g --debugging -dr -dS -z --no-show-raw-insn ",
		valued: " -M --disassembler-options -j --section "},
	{use: HandsConvert, names: " readelf ", flags: " -a --all -h --file-header -l --program-headers --segments -S --section-headers --sections -s --syms --symbols --dyn-syms -r --relocs -d --dynamic -n --notes -V --version-info -A --arch-specific -W --wide -C --demangle -e --headers -g --section-groups -u --unwind -I --histogram ",
		valued: " -x --hex-dump -p --string-dump -R --relocated-dump "},
	{use: HandsConvert, names: " otool ", flags: " -L -l -h -t -v -V -tv -hv -f -r -d -D -I "},
	{use: HandsConvert, names: " pandoc ", flags: " -s --standalone ",
		// A format name, not a file: -t x.lua runs a Lua writer.
		valued: " -f --from -t --to -r --read -w --write --wrap --columns --eol --tab-stop "},
	{use: HandsConvert, names: " ffprobe ", flags: " -hide_banner -show_format -show_streams ", valued: " -v -loglevel -print_format -of "},
	{use: HandsConvert, names: " zipinfo ", flags: " -1 -2 -l -m -s -v -h -t -z -T "},
	{use: HandsConvert, names: " pdfinfo ", flags: " -meta -box -rawdates -isodates "},
	{use: HandsConvert, names: " mediainfo ", flags: " -f --Full "},
	{use: HandsConvert, names: " identify ", flags: " -verbose "},
	{use: HandsConvert, names: " plutil ", flags: " -p "},
	{use: HandsConvert, names: " textutil ", flags: " -stdout ", valued: " -convert -format -encoding "},
	{use: HandsConvert, names: " xlsx2csv ", flags: " -a --all "},
	{use: HandsConvert, names: " zcat gzcat bzcat xzcat zstdcat lzcat ", flags: " -f --force -q "},
	{use: HandsConvert, names: " sops age ", flags: " -d --decrypt "},
	{use: HandsConvert, names: " git-crypt ", ops: " diff "},
	{use: HandsConvert, names: " ansible-vault ", ops: " view "},
	{use: HandsConvert, names: " exif catdoc odt2txt docx2txt in2csv xls2csv antiword djvutxt ps2ascii cat "},
	// A repository's path (--upload-pack, --receive-pack, --exec,
	// remote.*.uploadpack): git's own programs, never git itself, whose
	// first operand is a subcommand (an alias, a git-NAME on
	// --exec-path: FINDINGS48a R7). git upload-pack is repoTaker's.
	{use: HandsRepo, names: " git-upload-pack git-receive-pack git-upload-archive ",
		flags: " --strict --no-strict --stateless-rpc --advertise-refs --http-backend-info-refs --quiet ", valued: " --timeout "},
	{use: HandsSSH, names: " ssh plink tortoiseplink putty ssh.exe plink.exe ",
		waits: " -B -b -c -D -E -e -F -I -i -J -L -l -m -O -o -P -p -Q -R -S -W -w -batch -pw -pwfile -hostkey -sercfg -proxycmd "},
	{use: HandsPrompt, names: " ssh-askpass ksshaskpass x11-ssh-askpass lxqt-openssh-askpass gnome-ssh-askpass git-gui--askpass echo printf "},
	{use: HandsSigner, names: " gpg gpg2 gpgsm gpg.exe ssh-keygen ",
		waits: " -u --local-user -r --recipient --homedir --default-key -f -n -Y -I -O "},
	{use: HandsProxy, names: " nc ncat netcat corkscrew connect connect-proxy proxytunnel ",
		waits: " -x -X -P -p -s -w -e -c "},
	{use: HandsPreview, names: " lesspipe lesspipe.sh lessfile lesspipe.zsh src-hilite-lesspipe.sh bat batcat cat highlight pygmentize "},
	{use: HandsURL, names: " firefox chromium chromium-browser google-chrome google-chrome-stable chrome brave-browser w3m lynx links elinks echo man "},
}

// allowList reports whether the takers of use are held to an allow list
// of their written words (handedTaker).
func allowList(use HandedUse) bool {
	return use == HandsDiff || use == HandsConvert || use == HandsRepo
}

// TakesHanded reports whether program name with args (its words after
// the name, as written) takes the words a runner appends for use as data:
// for a diff, an editor of handedOpeners by its opener's rule (diffOpener);
// a program of OpensHanded; or one of handedTakers for use whose written
// words it allows (handedTaker).
func TakesHanded(use HandedUse, name string, args []word.Word) bool {
	if use == HandsDiff {
		if o, diff := diffOpener(name); o != nil {
			return o.opens(args, diff, true)
		}
	}
	if use == HandsRepo && name == "git" {
		// git upload-pack, git receive-pack, git upload-archive: the
		// subcommand first, then its own options.
		if len(args) == 0 || !args[0].Known || !repoPrograms.Has("git-"+args[0].Text) {
			return false
		}
		name, args = "git-"+args[0].Text, args[1:]
	}
	if OpensHanded(name, args) {
		return true
	}
	for i := range handedTakers {
		t := &handedTakers[i]
		if t.use != use || !t.names.Has(name) {
			continue
		}
		if allowList(use) {
			return t.allows(args, use == HandsDiff)
		}
		if len(args) == 0 {
			return true
		}
		last := args[len(args)-1].Text
		return !t.waits.Has(last) && (last == "" || last[len(last)-1] != '=')
	}
	return false
}

// repoPrograms are the programs of git's transport that take a
// repository's path.
const repoPrograms word.Set = " git-upload-pack git-receive-pack git-upload-archive "

// allows reports whether every one of args, the words written before the
// handed ones, is one t allows (handedTaker); vars: a word that is one
// inherited variable ("$LOCAL" in a tool's cmd) is an operand.
func (t *handedTaker) allows(args []word.Word, vars bool) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		s := a.Text
		name, value, joined := strings.Cut(s, "=")
		switch {
		case !a.Known && !(vars && t.files && wholeInherited(s)):
			return false
		case s == "--" && t.files:
			// Operands follow: files, or the handed words.
			for _, f := range args[i+1:] {
				if !f.Known && !(vars && wholeInherited(f.Text)) {
					return false
				}
			}
			return true
		case t.flags.Has(s), t.ops.Has(s):
		case joined && strings.HasPrefix(s, "-") && t.valued.Has(name):
			if !plainValue(value) {
				return false
			}
		case t.valued.Has(s):
			if i+1 >= len(args) || !args[i+1].Known || !plainValue(args[i+1].Text) {
				return false // the handed word would be its value
			}
			i++
		case t.files && s != "" && s[0] != '-':
			// a file it opens, as the handed ones
		default:
			return false
		}
	}
	return true
}

// plainValue reports whether v, an option's written value, is a plain
// word (a format, a width, a colour): letters, digits and - _ + , : =; no
// path, no file.
func plainValue(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_+,:=", c) >= 0) {
			return false
		}
	}
	return true
}

// wholeInherited reports whether s is one inherited variable's marker and
// nothing else: "$LOCAL" in a tool's cmd, which git sets to a file.
func wholeInherited(s string) bool {
	if !strings.HasPrefix(s, word.MarkStart) || !strings.HasSuffix(s, word.MarkEnd) {
		return false
	}
	n, whole := 0, true
	word.EachMark(s, func(k byte, _ string, w bool) {
		n++
		whole = whole && w && k == word.MarkEnv
	}, func(string) { whole = false })
	return n == 1 && whole
}

// diffOpener returns, for name, an editor of handedOpeners given a diff
// (vimdiff, nvim -d, code --diff), its family and the flags it takes for
// one; nil for another program.
func diffOpener(name string) (*handedOpener, word.Set) {
	base := strings.TrimSuffix(name, "diff")
	for i := range handedOpeners {
		o := &handedOpeners[i]
		if o.names.Has(name) || base != name && o.names.Has(base) {
			return o, o.diff
		}
	}
	return nil, ""
}

// HandedVar returns what a runner hands the program a variable named name
// holds (GIT_SSH_COMMAND: a host and a remote command), and whether the
// runner appends words to its command line at all (PAGER: it feeds
// standard input; the editors: EditorVars).
func HandedVar(name string) (HandedUse, bool) {
	switch name {
	case "GIT_EXTERNAL_DIFF":
		return HandsDiff, true
	case "GIT_SSH_COMMAND", "GIT_SSH", "RSYNC_RSH", "CVS_RSH", "SVN_SSH", "BZR_SSH", "BRZ_SSH", "DARCS_SSH":
		return HandsSSH, true
	case "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS":
		return HandsPrompt, true
	case "GIT_PROXY_COMMAND":
		return HandsProxy, true
	case "BROWSER":
		return HandsURL, true
	case "LESSOPEN", "LESSCLOSE":
		return HandsPreview, true
	}
	return 0, false
}

// fedReaders are the programs whose language is only their written words:
// the text a runner feeds them on standard input (git's log to a pager, a
// file to a filter) is data they print, count, filter, convert or
// compress. A word naming standard input as a file of their own (sed -f -,
// jq -f /dev/stdin) is shell.fedAsFile's.
const fedReaders word.Set = " cat tac less more most bat batcat delta diff-so-fancy diff-highlight riff tr sed awk gawk mawk " +
	"grep egrep fgrep rg head tail cut sort uniq tee wc fold fmt nl expand unexpand column base64 base32 iconv od " +
	"hexdump xxd jq dos2unix unix2dos sha1sum sha256sum sha512sum md5sum b2sum cksum true : git-lfs "

// FedReader reports whether program name with args (its words after the
// name, as written) reads the text a runner feeds it on standard input as
// data only: one of fedReaders or Compressors, or git lfs (its filters).
func FedReader(name string, args []word.Word) bool {
	if name == "git" {
		return len(args) > 0 && args[0].Known && args[0].Text == "lfs"
	}
	return fedReaders.Has(name) || Compressors.Has(name)
}
