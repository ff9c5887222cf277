package policy

// The write rules the user's own start-up files add: a file that
// ~/.bashrc sources (rustup's ~/.cargo/env, nvm.sh, ~/.fzf.bash) runs at
// the next shell start as the start-up file itself does, and a program in a
// directory of $PATH under the home directory (~/go/bin, ~/.pyenv/shims)
// runs in place of the one the user means. The default block_write names
// the usual ones; these are read from the files themselves, so that the
// list is what this user's shell runs, not an enumeration.

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/regularfile"
)

// shellStartup are the start-up files of bash, sh and zsh in the home
// directory (zsh's also in $ZDOTDIR) whose sourced files and PATH
// directories are write-protected.
var shellStartup = [...]string{".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin"}

const (
	// maxStartupBytes bounds what is read of each start-up file.
	maxStartupBytes = 64 << 10
	// maxStartupFiles bounds the files read: the start-up files and the
	// files they source, one level down.
	maxStartupFiles = 24
	// maxStartupGlobs bounds the globs they add.
	maxStartupGlobs = 128
	// maxPathEntries bounds the entries of each PATH directory under the
	// home directory whose links are followed (see pathLinks).
	maxPathEntries = 256
)

// startupScan is the state of one reading of the start-up files.
type startupScan struct {
	home  string
	vars  map[string]string   // NAME=VALUE lines read so far, values expanded
	loops map[string][]string // for NAME in WORDS: the words, for a source "$NAME" (startparse.go)
	// sourcers are the functions whose body sources or runs a positional
	// parameter (load() { . "$1"; }): a call's words are sourced files;
	// depth counts the command texts parsed within one another (alias,
	// PROMPT_COMMAND, eval, trap text: startparse.go).
	sourcers map[string]bool
	depth    int
	seen     map[string]bool // files read or queued, PATH directories listed
	next     []string        // sourced files to read at the next level
	globs    []string
	read     int
	// linkDirs are the PATH directories under home whose links pathLinks
	// follows, when a check needs them (see writeChecker).
	linkDirs []string
	// named are the start-up files and the files they source (see
	// userFiles).
	named []string
	// outside are the PATH directories outside the home the user can
	// write: DIR/* each, compiled only when a write reaches one.
	outside []string
}

// startupWrites returns the write globs the start-up files add: each file
// they source (`. FILE`, `source FILE`, after a test: `[ -f F ] && . F`)
// whose name is literal or built from ~, $HOME and variables they set
// (`export NVM_DIR="$HOME/.nvm"`), read one level further; and DIR/* for
// each directory of $PATH (the hook's environment, the agent's) and of the
// PATH they set that lies under the home directory. A name guard cannot
// expand is left out (the default list still holds). It reads at most
// maxStartupFiles files of maxStartupBytes each.
func (p *Policy) startupWrites() []string {
	g, _, _, outside := p.startupRules()
	for _, d := range outside {
		g = append(g, filepath.ToSlash(filepath.Join(d, "*")))
	}
	return g
}

// startupRules returns startupWrites' globs, the PATH directories under the
// home directory whose links lead to more (pathLinks), and the start-up
// files and the files they source, by name (userFiles).
func (p *Policy) startupRules() (globs, linkDirs, named, outside []string) {
	home := filepath.Clean(p.Home)
	if p.Home == "" || home == "/" || !filepath.IsAbs(home) {
		return nil, nil, nil, nil
	}
	s := &startupScan{home: home, vars: map[string]string{"HOME": home}, seen: map[string]bool{}, loops: map[string][]string{}}
	zdot := home
	if p.ZDotDir != "" {
		zdot = filepath.Clean(p.ZDotDir)
		s.vars["ZDOTDIR"] = zdot
	}
	var first []string
	for _, n := range shellStartup {
		dir := home
		if strings.HasPrefix(n, ".z") {
			dir = zdot
		}
		first = append(first, filepath.Join(dir, n))
	}
	for _, f := range first {
		s.seen[f] = true
	}
	s.named = append(s.named, first...)
	s.pathDirs(os.Getenv("PATH"))
	for level := 0; level < 2 && len(first) > 0; level++ {
		for _, f := range first {
			s.file(f)
		}
		first, s.next = s.next, nil
	}
	// The protected files a variable moves, as the environment or the
	// start-up files set it (envmoves.go).
	for _, g := range movedGlobs(home, p.FilePaths.BlockWrite, true, func(n string) (string, bool) {
		if v, ok := s.vars[n]; ok {
			return v, true
		}
		return os.LookupEnv(n)
	}) {
		s.add(g)
	}
	return s.globs, s.linkDirs, s.named, s.outside
}

// add records glob g, up to maxStartupGlobs.
func (s *startupScan) add(g string) {
	if len(s.globs) >= maxStartupGlobs {
		return
	}
	if rest, ok := strings.CutPrefix(g, s.home+string(filepath.Separator)); ok {
		g = "~/" + rest // the reason names it as the user does
	}
	s.globs = append(s.globs, filepath.ToSlash(g))
}

// pathDirs adds DIR/* for each directory of the PATH value v under the
// home directory (not the home directory itself: its every file would be
// protected), for each other one the user can write that is not the
// system's (Homebrew's /opt/homebrew/bin,
// /home/linuxbrew/.linuxbrew/bin), and **/DIR/* for a relative one
// (./node_modules/.bin: every directory's, since the shell resolves it
// against its own). An empty entry or "." (the working directory itself)
// adds none: its every file would be protected; the shell analysis looks
// a catalogue program up on such a PATH instead (search.go).
func (s *startupScan) pathDirs(v string) {
	for _, d := range filepath.SplitList(v) {
		d, ok := s.expand(d)
		if !ok {
			continue
		}
		if !filepath.IsAbs(d) {
			s.relativePathDir(d)
			continue
		}
		d = filepath.Clean(d)
		if !strings.HasPrefix(d, s.home+string(filepath.Separator)) && d != s.home && !hasGlobChar(d) && !s.seen[d] && !systemPathDir(d) && userWritable(d) {
			s.seen[d] = true
			s.outside = append(s.outside, d) // DIR/*, compiled when a write reaches DIR (writeChecker)
			continue
		}
		if strings.HasPrefix(d, s.home+string(filepath.Separator)) && !hasGlobChar(d) && !s.seen[d] {
			s.seen[d] = true
			s.add(filepath.Join(d, "*"))
			if s.topDir(d) != "" {
				s.linkDirs = append(s.linkDirs, d)
			}
		}
	}
}

// relativePathDir adds **/DIR/* for relative PATH entry d (not "", ".",
// nor one that climbs: ../bin is any directory's bin).
func (s *startupScan) relativePathDir(d string) {
	d = filepath.ToSlash(filepath.Clean(d))
	if d == "." || d == "" || strings.HasPrefix(d, "..") || strings.HasPrefix(d, "~") || hasGlobChar(d) || s.seen["rel:"+d] {
		return
	}
	s.seen["rel:"+d] = true
	s.add("**/" + d + "/*")
}

// systemPathDir reports whether d is a directory of the operating
// system's, which block_write's /usr/** and /etc/** cover or an
// unprivileged user cannot write (a root user can write anything: these
// are not protected again per file).
func systemPathDir(d string) bool {
	d = filepath.ToSlash(d)
	for _, s := range []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc", "/System", "/nix/store", "/run/current-system", "/snap", "/var/lib/snapd"} {
		if d == s || strings.HasPrefix(d, s+"/") {
			return true
		}
	}
	return false
}

// pathLinks returns TARGETDIR/* for each symbolic link in PATH
// directories dirs (under home) that leads to a file in another directory
// of the same tree under the home directory (its first directory below
// home): ~/.pyenv/bin/pyenv is a link to ~/.pyenv/libexec/pyenv, whose
// text (and the pyenv-* beside it that it runs) is what runs at each shell
// start. A link into another tree (~/.local/bin/tool → ~/src/tool/tool.sh,
// npm link) leads to the user's own work, which the agent is there to
// change: its text stays the agent's to write, and is read as such. It
// reads at most maxPathEntries entries of each directory.
func pathLinks(home string, dirs []string) []string {
	s := &startupScan{home: home, seen: map[string]bool{}}
	for _, d := range dirs {
		s.seen[d] = true
	}
	for _, d := range dirs {
		s.pathLinks(d)
	}
	return s.globs
}

// pathLinks adds pathLinks' globs for directory d.
func (s *startupScan) pathLinks(d string) {
	top := s.topDir(d)
	if top == "" {
		return
	}
	if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
		return // (a FIFO named as a PATH directory would hold the open up)
	}
	f, err := os.Open(d)
	if err != nil {
		return
	}
	defer f.Close()
	entries, _ := f.ReadDir(maxPathEntries)
	resolved := map[string]bool{} // link texts followed: rustup's 13 links in ~/.cargo/bin share one
	for _, e := range entries {
		if e.Type()&os.ModeSymlink == 0 {
			continue
		}
		text, err := os.Readlink(filepath.Join(d, e.Name()))
		if err != nil || resolved[text] {
			continue
		}
		resolved[text] = true
		t, err := filepath.EvalSymlinks(filepath.Join(d, e.Name()))
		if err != nil {
			continue
		}
		td := filepath.Dir(t)
		if td == d || s.topDir(td) != top || hasGlobChar(td) || s.seen[td] {
			continue
		}
		s.seen[td] = true
		s.add(filepath.Join(td, "*"))
	}
}

// topDir returns the first directory below the home directory on the way
// to d (~/.pyenv for ~/.pyenv/bin), "" when d is not under it.
func (s *startupScan) topDir(d string) string { return homeTop(s.home, d) }

// homeTop returns the first directory below home on the way to d, "" when
// d is not under home.
func homeTop(home, d string) string {
	rest, ok := strings.CutPrefix(d, home+string(filepath.Separator))
	if !ok || rest == "" {
		return ""
	}
	first, _, _ := strings.Cut(rest, string(filepath.Separator))
	return first
}

// file reads start-up file f (bounded) and records what its lines source
// and set.
func (s *startupScan) file(f string) {
	if s.read >= maxStartupFiles {
		return
	}
	fh, err := regularfile.Open(f) // a FIFO at ~/.bashrc must not hold every call up
	if err != nil {
		return
	}
	defer fh.Close()
	s.read++
	data, err := io.ReadAll(io.LimitReader(fh, maxStartupBytes))
	if err != nil {
		return
	}
	if s.parsed(data, strings.HasPrefix(filepath.Base(f), ".z") || strings.HasSuffix(f, ".zsh")) { // startparse.go
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), maxStartupBytes)
	for sc.Scan() {
		s.line(sc.Text())
	}
}

// line reads one line of a start-up file: its commands, split at ; && ||
// and |.
func (s *startupScan) line(l string) {
	if i := strings.Index(l, " #"); i >= 0 {
		l = l[:i]
	}
	l = strings.TrimSpace(l)
	if l == "" || l[0] == '#' {
		return
	}
	for _, seg := range strings.FieldsFunc(l, func(r rune) bool { return r == ';' || r == '&' || r == '|' }) {
		s.command(strings.Fields(seg))
	}
}

// command reads one simple command of a start-up file: a source of a file,
// an assignment (export NAME=VALUE).
func (s *startupScan) command(f []string) {
	for len(f) > 0 && (f[0] == "then" || f[0] == "do" || f[0] == "else" || f[0] == "{" || f[0] == "!" || f[0] == "if") {
		f = f[1:]
	}
	if len(f) == 0 {
		return
	}
	switch f[0] {
	case ".", `\.`, "source", "builtin":
		if f[0] == "builtin" && (len(f) < 2 || f[1] != "source" && f[1] != ".") {
			return
		}
		if f[0] == "builtin" {
			f = f[1:]
		}
		if len(f) < 2 {
			return
		}
		if g, ok := s.sourcedPattern(unquote(f[1])); ok {
			s.add(g) // write-protected; not read, not named (see sourcedPattern)
			return
		}
		if t, ok := s.expand(unquote(f[1])); ok && filepath.IsAbs(t) && !hasGlobChar(t) {
			t = filepath.Clean(t)
			s.add(t)
			s.named = append(s.named, t)
			if !s.seen[t] {
				s.seen[t] = true
				s.next = append(s.next, t)
			}
		}
	case "export", "typeset", "declare", "local":
		for _, a := range f[1:] {
			s.assign(a)
		}
	default:
		s.assign(f[0])
	}
}

// assign records NAME=VALUE when VALUE expands to a known text; a PATH
// value adds its directories.
func (s *startupScan) assign(a string) {
	name, v, ok := strings.Cut(a, "=")
	if !ok || name == "" || strings.ContainsAny(name, "$[{(/ ") {
		return
	}
	name = strings.TrimSuffix(name, "+")
	v, ok = s.expand(unquote(v))
	if !ok {
		return
	}
	if name == "PATH" || name == "path" {
		s.pathDirs(v)
		return
	}
	s.vars[name] = v
}

// sourcedPattern returns, for a sourced name that expand cannot work out
// only in its last element (powerlevel10k's
// "${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh"),
// the glob of the names it may be: each unknown reference there a *. The
// last element must keep three literal characters besides dots, so that
// "$HOME/$F" protects no directory whole.
func (s *startupScan) sourcedPattern(v string) (string, bool) {
	if _, ok := s.expand(v); ok {
		return "", false
	}
	i := strings.LastIndexByte(v, '/')
	if i <= 0 {
		return "", false
	}
	dir, ok := s.expand(v[:i])
	if !ok || !filepath.IsAbs(dir) || hasGlobChar(dir) || strings.ContainsAny(v[i+1:], "`*?[]") || strings.Contains(v[i+1:], "$(") {
		return "", false
	}
	var b strings.Builder
	literal := 0
	for rest := v[i+1:]; rest != ""; {
		switch {
		case strings.HasPrefix(rest, "${"):
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return "", false
			}
			b.WriteByte('*')
			rest = rest[end+1:]
		case rest[0] == '$':
			_, _, _, n := varRef(rest[1:])
			if n == 0 {
				return "", false
			}
			b.WriteByte('*')
			rest = rest[1+n:]
		default:
			if rest[0] != '.' {
				literal++
			}
			b.WriteByte(rest[0])
			rest = rest[1:]
		}
	}
	if literal < 3 {
		return "", false
	}
	return filepath.Join(filepath.Clean(dir), b.String()), true
}

// expand returns v with a leading ~ and each $NAME, ${NAME} and
// ${NAME:-DEFAULT} replaced: from the variables the files set, else from
// the environment; false when one is unknown or v holds a substitution.
func (s *startupScan) expand(v string) (string, bool) {
	if v == "~" || strings.HasPrefix(v, "~/") {
		v = s.home + v[1:]
	}
	if strings.ContainsAny(v, "`") || strings.Contains(v, "$(") {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '$' {
			b.WriteByte(v[i])
			continue
		}
		name, def, hasDef, n := varRef(v[i+1:])
		if n == 0 {
			return "", false
		}
		i += n
		val, ok := s.vars[name]
		if !ok {
			val, ok = os.LookupEnv(name)
		}
		if (!ok || val == "") && hasDef {
			d, dok := s.expand(def)
			if !dok {
				return "", false
			}
			val, ok = d, true
		}
		if !ok {
			return "", false
		}
		b.WriteString(val)
	}
	return b.String(), true
}

// varRef reads the variable reference after a $: NAME, {NAME} or
// {NAME:-DEFAULT}; n is the bytes read, 0 when it is none of them.
func varRef(v string) (name, def string, hasDef bool, n int) {
	if strings.HasPrefix(v, "{") {
		end := strings.IndexByte(v, '}')
		if end < 0 {
			return "", "", false, 0
		}
		in := v[1:end]
		name, def, hasDef = strings.Cut(in, ":-")
		if !isName(name) {
			return "", "", false, 0
		}
		return name, def, hasDef, end + 1
	}
	for n < len(v) && (v[n] == '_' || v[n] >= 'A' && v[n] <= 'Z' || v[n] >= 'a' && v[n] <= 'z' || n > 0 && v[n] >= '0' && v[n] <= '9') {
		n++
	}
	return v[:n], "", false, n
}

// isName reports whether s is a shell variable name.
func isName(s string) bool {
	_, _, _, n := varRef(s)
	return s != "" && n == len(s)
}

// unquote drops the quotes of a start-up file's word.
func unquote(w string) string {
	if !strings.ContainsAny(w, `"'`) {
		return w
	}
	return strings.Map(func(r rune) rune {
		if r == '"' || r == '\'' {
			return -1
		}
		return r
	}, w)
}

// hasGlobChar reports whether p holds a character a glob reads as a
// pattern: such a name is left out rather than read as one.
func hasGlobChar(p string) bool { return strings.ContainsAny(p, "*?[]{}\\") }

// knownPart returns what a write checker can tell of text's place: the
// text before its first part guard cannot tell (or a glob character),
// normalised and folded as lazyRules' tops are; "" (every group concerns
// it) when that part climbs with .. or is not absolute.
func (w *writeChecker) knownPart(text string) string {
	cut := len(text)
	if i := strings.Index(text, path.Unknown); i >= 0 {
		cut = i
	}
	if i := strings.IndexAny(text[:cut], "*?["); i >= 0 {
		cut = i
	}
	if cut < len(text) {
		// The element cut may go on (/opt/home$(x) may be
		// /opt/homebrew/bin/ls): its directory is what is known.
		text = text[:strings.LastIndexByte(text[:cut], '/')+1]
	}
	if i := strings.LastIndexByte(text, '/'); i >= 0 && strings.Contains(text, "..") {
		if strings.Contains(text[:i+1], "/../") || strings.HasSuffix(text, "/..") {
			return ""
		}
	}
	n := strings.TrimSuffix(path.Fold(path.Normalize(text, w.p.Home)), "/")
	if !strings.HasPrefix(n, "/") {
		return ""
	}
	return n
}
