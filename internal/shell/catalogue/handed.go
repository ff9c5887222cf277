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
// command line before the appended file: flags that take no value.
type handedOpener struct{ names, flags word.Set }

// handedOpeners are the editors git and the other runners hand a file to
// that open it as text; true and : ignore it.
var handedOpeners = [...]handedOpener{
	{" vi vim nvim gvim mvim view rvim nvi ", " -f --nofork -n -R -Z -N -b -p -o -O -y -X --clean --noplugin "},
	{" emacs emacs-nox emacsclient ", " -nw -t -c --tty --create-frame -q -Q --no-init-file --quick --no-splash --no-wait -n "},
	{" nano pico ", " -w --nowrap -l --linenumbers -m --mouse -S --smooth -i --autoindent "},
	{" code code-insiders codium cursor subl sublime_text mate atom zed gedit kate xed pluma mousepad ", " -w --wait -n --new-window -r --reuse-window -b --block "},
	{" micro hx helix kak joe jed ne mcedit ", ""},
}

// onlyOpens reports whether an editor of o given args opens files and
// nothing else: every word known, each a file, a line number (+12) or one
// of its flags that take no value; vim's `-u NONE` skips its start-up
// files. Any other option may run commands on the file it opens (vim -c
// 'so %', +cmd, -S, emacs --eval, kak -e: FINDINGS47b G3), or take the
// handed file as its value.
func (o *handedOpener) onlyOpens(args []word.Word) bool {
	for i := 0; i < len(args); i++ {
		s := args[i].Text
		switch {
		case !args[i].Known:
			return false
		case s == "--":
			return true // files follow
		case s == "" || s[0] != '-' && s[0] != '+':
			// a file
		case s == "+" || s[0] == '+' && strings.Trim(s[1:], "0123456789") == "":
			// a line to open at
		case o.flags.Has(s):
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
)

// handedTaker is a family of programs known to take what a runner hands
// them as data, and their options that take a separate value (which the
// first appended word would become).
type handedTaker struct{ names, valued word.Set }

// handedTakers are, per HandedUse, the programs beyond OpensHanded's
// known to take the appended words as data: diff viewers, converters that
// print a file, ssh and its kin (whose own options are checked as
// written), password prompts, signers, proxies, browsers. A program not
// listed may run what it is handed (`. FILE`, `make -f FILE`, `env -S`).
var handedTakers = [...]handedTaker{
	HandsDiff: {names: " difft difftastic icdiff colordiff ydiff diff diff3 cmp vimdiff nvimdiff meld kdiff3 opendiff bcompare bcomp p4merge ksdiff tkdiff xxdiff diffuse kompare code codium cursor subl smerge "},
	HandsConvert: {names: " exiftool exif pdftotext hexdump hd xxd od strings file catdoc odt2txt docx2txt pandoc xlsx2csv xls2csv in2csv antiword nm objdump readelf otool mediainfo ffprobe identify djvutxt ps2ascii zcat gzcat bzcat xzcat zstdcat lzcat cat plutil textutil git-crypt sops age ansible-vault zipinfo pdfinfo ",
		valued: " -o --output -f --from -t --to -w --width -e --eval -n -s -N -j -l -r -c "},
	HandsSSH: {names: " ssh plink tortoiseplink putty ssh.exe plink.exe ",
		valued: " -B -b -c -D -E -e -F -I -i -J -L -l -m -O -o -P -p -Q -R -S -W -w -batch -pw -pwfile -hostkey -sercfg -proxycmd "},
	HandsPrompt: {names: " ssh-askpass ksshaskpass x11-ssh-askpass lxqt-openssh-askpass gnome-ssh-askpass git-gui--askpass echo printf "},
	HandsSigner: {names: " gpg gpg2 gpgsm gpg.exe ssh-keygen ",
		valued: " -u --local-user -r --recipient --homedir --default-key -f -n -Y -I -O "},
	HandsProxy: {names: " nc ncat netcat corkscrew connect connect-proxy proxytunnel ",
		valued: " -x -X -P -p -s -w -e -c "},
	HandsRepo: {names: " git git-upload-pack git-receive-pack git-upload-archive "},
	HandsURL:  {names: " firefox chromium chromium-browser google-chrome google-chrome-stable chrome brave-browser w3m lynx links elinks echo man "},
}

// TakesHanded reports whether program name with args (its words after
// the name, as written) takes the words a runner appends for use as data:
// a program of OpensHanded, or one listed for use whose last word is no
// option waiting for its value.
func TakesHanded(use HandedUse, name string, args []word.Word) bool {
	if OpensHanded(name, args) {
		return true
	}
	if int(use) >= len(handedTakers) || !handedTakers[use].names.Has(name) {
		return false
	}
	if len(args) == 0 {
		return true
	}
	last := args[len(args)-1].Text
	return !handedTakers[use].valued.Has(last) && (last == "" || last[len(last)-1] != '=')
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
	}
	return 0, false
}
