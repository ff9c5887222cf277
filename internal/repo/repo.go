// Package repo names the git repository a directory belongs to, as
// <org>/<repo>, from the origin URL in its git config. It reads files only: it
// never runs git, so a hook call spawns no process.
//
// The config is found by walking up from the directory to the first .git: a
// directory (its config), or a file "gitdir: <path>" (a worktree or
// submodule: the config of the git directory it names, or of that directory's
// commondir). IsGitDir tells a git directory by its contents, whatever it is
// called (a bare repository, jj's backing store), as git's discovery does.
package repo

import (
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/gitconfig"
	"github.com/guardhq/guard/internal/regularfile"
)

// Limits on what is read.
const (
	maxConfig = 256 << 10 // bytes of a git config
	maxGitRef = 4 << 10   // bytes of a .git file or commondir file
	maxLevels = 128       // directories walked up
)

// Name returns <org>/<repo> for the repository containing dir, or "" when dir
// is in no repository, the repository has no origin remote, or anything
// cannot be read.
func Name(dir string) string {
	cfg := FindConfig(dir)
	if cfg == "" {
		return ""
	}
	data, err := readBounded(cfg, maxConfig)
	if err != nil {
		return ""
	}
	return NameFromURL(OriginURL(data))
}

// FindConfig returns the path of the git config that governs dir, or "".
func FindConfig(dir string) string {
	if dir == "" {
		return ""
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for range maxLevels {
		dotgit := filepath.Join(dir, ".git")
		if fi, err := os.Stat(dotgit); err == nil {
			if fi.IsDir() {
				return filepath.Join(dotgit, "config")
			}
			return configFromGitFile(dir, dotgit)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// configFromGitFile follows a .git file ("gitdir: <path>") to the config.
func configFromGitFile(dir, dotgit string) string {
	data, err := readBounded(dotgit, maxGitRef)
	if err != nil {
		return ""
	}
	gitdir, ok := GitFileDir(string(data))
	if !ok {
		return ""
	}
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(dir, gitdir)
	}
	if common, err := readBounded(filepath.Join(gitdir, "commondir"), maxGitRef); err == nil {
		if c, ok := CommonDirName(string(common)); ok {
			if !filepath.IsAbs(c) {
				c = filepath.Join(gitdir, c)
			}
			return filepath.Join(c, "config")
		}
	}
	return filepath.Join(gitdir, "config")
}

// readBounded reads at most max bytes of the regular file at path. It never
// waits on a FIFO: the directory walked comes from the payload, and a hook
// call that hangs could be read by the agent as "proceed".
func readBounded(path string, max int64) ([]byte, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max))
}

// OriginURL returns the first url of [remote "origin"] in a git config, or "".
func OriginURL(config []byte) string {
	url := ""
	eachSetting(config, func(s gitconfig.Setting) bool {
		if s.Key == "remote.origin.url" && !s.NoValue {
			url = s.Value
		}
		return url == ""
	})
	return url
}

// eachSetting calls fn for each setting of a git config as git reads it
// (gitconfig.Read), until fn returns false. Text git would not read gives
// the settings before the line git stops at: git errors out there, after
// it has read them.
func eachSetting(config []byte, fn func(s gitconfig.Setting) bool) {
	settings, _ := gitconfig.Read(string(config), maxConfig)
	for _, s := range settings {
		if !fn(s) {
			return
		}
	}
}

// NameFromURL returns <org>/<repo> for a remote URL: the last two segments of
// its path, without a .git suffix. It understands scheme URLs (https://,
// ssh://, git://, file://), scp-like ssh addresses (git@host:org/repo.git)
// and local paths. Credentials in the URL are never part of the result. It
// returns "" when no name can be made.
func NameFromURL(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.ContainsFunc(raw, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return ""
	}
	var path string
	switch {
	case strings.Contains(raw, "://"):
		u, err := url.Parse(raw)
		if err != nil {
			return ""
		}
		path = u.Path
	case isSCPLike(raw):
		_, path, _ = strings.Cut(raw, ":")
	default:
		path = filepath.ToSlash(raw)
	}
	path = strings.Trim(path, "/")
	path = strings.TrimSuffix(path, ".git")
	path = strings.TrimRight(path, "/")
	var segs []string
	for _, s := range strings.Split(path, "/") {
		if s != "" && s != "." && s != ".." {
			segs = append(segs, s)
		}
	}
	if len(segs) == 0 {
		return ""
	}
	if len(segs) > 2 {
		segs = segs[len(segs)-2:]
	}
	return strings.Join(segs, "/")
}

// isSCPLike reports whether s is [user@]host:path with no slash before the
// colon (git's rule), and not a Windows drive letter.
func isSCPLike(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 {
		return false
	}
	if slash := strings.IndexByte(s, '/'); slash >= 0 && slash < colon {
		return false
	}
	if colon == 1 && len(s) > 2 && (s[2] == '\\' || s[2] == '/') {
		return false // C:\repo or C:/repo
	}
	return true
}

// IsGitDir reports whether git's discovery may take directory d for a
// git directory (GitDirectory: one it takes, or one guard cannot tell).
// A .git directory that is not one is passed over by git, which goes on
// up (FINDINGS46a A7).
func IsGitDir(d string) bool {
	a, _ := GitDirectory(OSDisk{}, d, "", "")
	return a != NotGitDir
}

// ValidHead reports whether text, a HEAD file's, is one git's
// validate_headref takes: "ref:", git's isspace (space, \t, \n, \r: not
// \v or \f, FINDINGS49a S5), then refs/…; or an object name (40
// hexadecimal digits, and more) at its start.
func ValidHead(text string) bool {
	if len(text) > 255 {
		text = text[:255] // what git reads of it
	}
	if r, ok := strings.CutPrefix(text, "ref:"); ok {
		return strings.HasPrefix(strings.TrimLeft(r, " \t\n\r"), "refs/")
	}
	return hexRun(text) >= 40
}

// hexRun returns the number of hexadecimal digits text starts with.
func hexRun(text string) int {
	n := 0
	for n < len(text) && (text[n] >= '0' && text[n] <= '9' || text[n] >= 'a' && text[n] <= 'f' || text[n] >= 'A' && text[n] <= 'F') {
		n++
	}
	return n
}

// GitFileDir returns the git directory the text of a .git file (a
// "gitfile") names, as git's read_gitfile_gently reads it: "gitdir: " at
// its first byte, then the rest with only its trailing CR and LF bytes
// taken off (blanks and anything else kept: "gitdir: x9 " names "x9 ").
// ok is false for text git does not take for a gitfile (git then stops),
// and for a name guard cannot tell as git does (a NUL, which ends git's
// string, or a line break inside it).
func GitFileDir(text string) (dir string, ok bool) {
	rest, found := strings.CutPrefix(text, "gitdir: ")
	if !found {
		return "", false
	}
	return gitFileName(rest)
}

// CommonDirName returns the directory the text of a commondir file names,
// as git's get_common_dir_noenv reads it: the whole text with only its
// trailing CR and LF bytes taken off. ok is false for an empty name (git
// stops) and for one guard cannot tell as git does (a NUL, a line break
// inside it).
func CommonDirName(text string) (dir string, ok bool) {
	return gitFileName(text)
}

// gitFileName is the name of a .git or commondir file's text (after
// "gitdir: "): trailing CR and LF taken off, nothing else.
func gitFileName(s string) (string, bool) {
	s = strings.TrimRight(s, "\r\n")
	if s == "" || strings.ContainsAny(s, "\x00\r\n") {
		return "", false
	}
	return s, true
}
