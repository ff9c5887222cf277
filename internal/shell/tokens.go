package shell

// Words inside words. A program guard does not know to only read may take a
// command line, a script or a query in one word (vim -c '!cp x ~/.bashrc',
// sqlite3 "select writefile('/home/u/.bashrc', …)", gdb -ex 'shell …'), or
// read its commands on standard input (ed, m4, xmllint --shell, psql). Such
// text is split into words: each path-like one is a touch (the program may
// write it), and the text is analysed tentatively as a shell command, so
// that a command rule that matches it blocks in both modes. What guard
// knows of a program's own command language is in escapes.go.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// shellChars are the characters that make a word more than one word to a
// program that reads it as a command line, a script or a query.
const shellChars = " \t\n;|&<>()`'\"$,"

// hasShellChars reports whether s holds a blank or a shell character.
func hasShellChars(s string) bool { return strings.ContainsAny(s, shellChars) }

// Bounds of the text taken from one word or one input.
const (
	// maxTextTokens bounds the words taken from one text.
	maxTextTokens = 4096
	// maxTextPaths bounds the path-like words of one text: a text holding
	// more is not checked whole, which is hidden.
	maxTextPaths = 256
	// maxGuessWords bounds the words of all the texts analysed
	// tentatively in one command (a long prompt handed to a tool is not a
	// command beyond guard's limits); past it, a text's words are no
	// longer analysed as commands, and its paths still are.
	maxGuessWords = 1 << 14
)

// splitText splits text at blanks, quotes, parentheses, the shell's
// operators, and at commas and brackets outside a brace pattern: select
// readfile('/x/y') is select, readfile, /x/y; "src/**/*.{ts,tsx}" stays
// one pattern.
func splitText(text string) []string {
	f := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || strings.ContainsRune(";|&<>()`'\"", r)
	})
	var out []string
	for _, t := range f {
		if len(out) >= maxTextTokens {
			break
		}
		if strings.Contains(t, "{") && strings.Contains(t, "}") {
			out = append(out, t) // a brace pattern, as the shell expands it
			continue
		}
		out = append(out, strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune(",{}[]", r) })...)
	}
	return out[:min(len(out), maxTextTokens)]
}

// pathToken reports whether a word of a text may name a file the path
// rules care about: it looks like a path (see pathLike), or is --opt=PATH
// or NAME=PATH with such a value; not a lone . or .. or $PWD (a sentence's
// end, a SQL column's dot, a message naming the directory), which a command
// in the text that uses it names again.
func pathToken(t string) bool {
	p, ok := effect.Candidate(t)
	return ok && p != "" && strings.Trim(word.Render(p), "./") != "" && lang.PathLike(p)
}

// touchText records the path-like words of text as touches: the words of a
// word, or of an input, that a program guard does not know may read as its
// commands. A word naming a file the command wrote with known text brings
// that text's words too (tool --script 's.ed x'), a few files deep. A text
// naming more paths than maxTextPaths is not checked whole: hidden.
func (w *walker) touchText(text string) { w.touchTextDepth(text, 0) }

func (w *walker) touchTextDepth(text string, depth int) {
	n := 0
	var seen map[string]bool
	for _, t := range splitText(text) {
		t = strings.TrimLeft(t, "!:@+")
		t = strings.TrimRight(t, ":")
		if t == "" || !pathToken(t) {
			continue
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		if seen[t] {
			continue
		}
		seen[t] = true
		if n++; n > maxTextPaths {
			w.hide("hands a program text naming more than %d paths", maxTextPaths)
			return
		}
		w.Touch(t)
		if len(w.Written) > 0 && depth < maxEscapeDepth {
			if inner, ok := w.WrittenText(t); ok {
				w.touchTextDepth(inner, depth+1)
			}
		}
	}
}

// wordText takes a word that holds blanks or shell characters, of a program
// guard does not know to only read: its paths are touched, and it is
// analysed tentatively as a command.
func (w *walker) wordText(s string) {
	w.touchText(s)
	w.guess(s)
}

// guess analyses text that may be a command (a word, or a line of an
// input) tentatively: a parse error is ignored, no file it names is run by
// its path or looked up on PATH (a word such as "src/**/*.{ts,tsx}" is no
// program), and its words count against maxGuessWords, not MaxWords.
func (w *walker) guess(src string) {
	if w.guessWords >= maxGuessWords {
		return
	}
	w.guessing++
	w.tentative(src)
	w.guessing--
}

// countGuess adds n words to those analysed tentatively; false past
// maxGuessWords (the text is then not analysed further, without error).
func (w *walker) countGuess(n int) bool {
	w.guessWords += n
	return w.guessWords <= maxGuessWords
}

// wordsInside takes the words of c, a program guard does not know to only
// read, that hold blanks or shell characters (see wordText), the files it
// is handed that the command wrote with known text, and what it reads on
// standard input when guard knows it (a here-document, a here-string,
// echo's or printf's output, cat of known text, a file the command wrote):
// see inputLike. Not the input of a shell or an interpreter reading its
// program there (analysed as such), of a program whose input is data
// (stdinData, git commit -F -), or of awk code that runs nothing and opens
// no file its input names.
func (c *cmd) wordsInside() {
	for j, a := range c.args {
		if c.kinds[j] != argPlain || c.isSpent(j) {
			continue
		}
		if hasShellChars(a.Text) {
			c.w.wordText(a.Text)
		}
		if hasShellChars(a.Text) || strings.Contains(a.Text, "!") {
			c.replEscapes(a.Text) // repl.go: tool -e ':!./x.sh'
		}
		if len(c.w.Written) == 0 || !a.Known {
			continue
		}
		if t, ok := c.w.WrittenText(a.Text); ok {
			c.w.inputLike(t) // printf … > s && tool s: the file may be its commands
		}
	}
	if !c.fromStdin && !c.dataInput && !stdinData.Has(c.name) && !(lang.AwkFamily(c.name) && !c.awkRuns()) {
		if t, ok := c.inputText(); ok {
			c.w.inputLike(t)
			c.replEscapes(t)
		}
	}
}

// inputLike takes text a program guard does not know reads, as its input
// or as a file the command wrote: its paths are touched and its lines that
// look like commands are analysed tentatively.
func (w *walker) inputLike(t string) {
	w.touchText(t)
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			break
		}
		if looksLikeCommand(line) {
			w.guess(line)
		}
	}
}

// patternValue reports whether argument j of c is, or is the value of, an
// option whose value is a pattern of names a program leaves alone
// (--exclude .git, --exclude=.git, --ignore-dir=node_modules), not a file
// it opens.
func (c *cmd) patternValue(j int) bool {
	if patternOption(c.args[j].Text, true) {
		return true
	}
	return j > 0 && patternOption(c.args[j-1].Text, false)
}

// patternOption reports whether s is an option whose value names what a
// program leaves alone; with joined, in the form --opt=VALUE.
func patternOption(s string, joined bool) bool {
	opt, _, eq := strings.Cut(s, "=")
	if eq != joined || !strings.HasPrefix(opt, "--") {
		return false
	}
	switch {
	case strings.HasSuffix(opt, "-from") || strings.HasSuffix(opt, "-file") || strings.HasSuffix(opt, "-path"):
		return false // --exclude-from FILE: a file it reads
	case strings.HasPrefix(opt, "--exclude"), strings.HasPrefix(opt, "--include"), strings.HasPrefix(opt, "--ignore"):
		return true
	}
	return false
}

// stdinData are programs whose standard input is data they send, post or
// store, or input of a remote host or a container: never their commands
// here, nor the names of files here.
const stdinData word.Set = " ssh autossh mosh docker podman nerdctl kubectl oc helm gh glab tea curl wget nc ncat netcat socat " +
	"telnet gpg gpg2 age xclip xsel pbcopy wl-copy mail mailx sendmail mutt msmtp logger wall write "

// inputText returns what c reads on standard input when guard knows it: a
// here-document, a here-string, what the stage before prints, a file the
// command wrote with known text, what a substitution that prints known text
// prints (< <(echo …)).
func (c *cmd) inputText() (string, bool) {
	switch {
	case c.stdin.known:
		return c.stdin.text, c.stdin.text != ""
	case c.stdin.sub != "":
		for _, st := range c.w.subTexts {
			if st[0] == c.stdin.sub {
				return st[1], true
			}
		}
	case c.stdin.file != "":
		return c.w.WrittenText(c.stdin.file)
	}
	return "", false
}

// awkRuns reports whether c's awk program may run its input or open a
// file it names: system(), a pipe, getline, a redirection, a change of
// ARGV, ARGC or ENVIRON (the files it reads, what it starts).
func (c *cmd) awkRuns() bool {
	for _, a := range c.args {
		if strings.ContainsAny(a.Text, "|>") || strings.Contains(a.Text, "system") || strings.Contains(a.Text, "getline") ||
			lang.AwkArgs(a.Text).Changes {
			return true
		}
	}
	return false
}

// awkPrintsOnly reports whether an awk's program is all in its words and
// only prints to standard output: its options only set data and flags
// (awkOptionsPrintOnly), and nothing awkRuns sees (a pipe, a redirection,
// system, getline). Such a program changes no file a runner loads.
func (c *cmd) awkPrintsOnly() bool {
	return c.awkOptionsPrintOnly() && !c.awkRuns()
}

// awkOptionsPrintOnly reports whether every option of c's awk (read as
// readAwkOption reads them, up to the program) is a flag, data or program
// text: no program or library from a file, no extension, no file written,
// nothing guard cannot tell; and mawk's reading of them (readMawk) names
// no program file.
func (c *cmd) awkOptionsPrintOnly() bool {
	texts := word.Texts(c.args)
	if len(readMawk(texts).files) > 0 {
		return false // mawk -W exec= FILE: a program from a file
	}
	for j := 0; j < len(texts); j++ {
		if !c.args[j].Known {
			return false
		}
		uses, last, ok := readAwkOption(texts, j)
		if !ok {
			return true
		}
		for _, u := range uses {
			if u.kind != awkFlag && u.kind != awkData && u.kind != awkText {
				return false
			}
		}
		j = last
	}
	return true
}

// looksLikeCommand reports whether a line of text starts with a program
// guard knows something of (after a !, as ed, vim and gdb run a command):
// a catalogued one, a shell, an interpreter, a prefix, a builtin, a
// program that writes its operands or contacts a host.
func looksLikeCommand(line string) bool {
	f := strings.Fields(strings.TrimLeft(line, " \t!:"))
	if len(f) == 0 {
		return false
	}
	name := word.Base(f[0])
	if _, ok := catalogue.InterpreterOf(name); ok {
		return true
	}
	if _, ok := catalogue.PrefixOf(name); ok {
		return true
	}
	return catalogue.ProgramNamed(name) != nil || catalogue.Shells.Has(name) || builtins.Has(name) || catalogue.WritesLast.Has(name) ||
		catalogue.WritesAll.Has(name) || catalogue.Printers.Has(name) || name == "curl" || name == "wget" || catalogue.NcFamily.Has(name) ||
		catalogue.MessageTools.Has(name)
}
