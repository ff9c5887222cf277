package repo

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Kind is what Disk.Lstat finds at a path.
type Kind int

// What is at a path.
const (
	KindUnknown Kind = iota // guard cannot tell
	KindNone                // nothing
	KindFile                // neither a directory nor a symbolic link
	KindDir
	KindLink
)

// Answer is GitDirectory's verdict.
type Answer int

// GitDirectory's verdicts.
const (
	NotGitDir Answer = iota
	GitDir
	CannotTell // guard cannot read what git's test reads, or reads it otherwise
)

// Disk is what GitDirectory asks of the file system, as git's
// is_git_directory asks it.
type Disk interface {
	// Lstat returns what is at p, its last link not followed, and a
	// link's text.
	Lstat(p string) (Kind, string)
	// Read returns at most max bytes from the start of the file at p
	// (links followed), or false when guard cannot read it (a FIFO,
	// permission, a directory).
	Read(p string, max int) ([]byte, bool)
	// Access reports access(p, X_OK) (a directory guard's user may
	// search, or a file with an x bit for it; links followed); known is
	// false when guard cannot tell.
	Access(p string) (ok, known bool)
}

// GitDirectory reports whether directory d is a git directory as git's
// setup.c is_git_directory takes one (git 2.39), with why when it is not
// or guard cannot tell: HEAD validate_headref takes (a symbolic link whose
// text starts refs/, or a file: "ref:", git's isspace — space, \t, \n, \r
// only — then refs/…, or 40 hexadecimal digits); then, in the common
// directory (commonEnv, GIT_COMMON_DIR's, else the one d's commondir file
// names, else d), objects (objectsEnv, GIT_OBJECT_DIRECTORY's, instead
// when set) and refs pass access(X_OK): a directory, or a file with an x
// bit. Paths are joined as text, not cleaned: the kernel resolves
// d/link/.. as git's realpath does. Whatever guard cannot read as git
// does (an unreadable HEAD or commondir, a commondir git dies on, an
// entry it cannot stat) is CannotTell, never NotGitDir.
func GitDirectory(disk Disk, d, commonEnv, objectsEnv string) (Answer, string) {
	head := d + "/HEAD"
	switch k, text := disk.Lstat(head); k {
	case KindNone:
		return NotGitDir, "no HEAD"
	case KindDir:
		return NotGitDir, "HEAD is a directory"
	case KindLink:
		if !strings.HasPrefix(text, "refs/") {
			return NotGitDir, "HEAD is a link outside refs/"
		}
	case KindFile:
		data, ok := disk.Read(head, 255) // git's buffer[256]
		if !ok {
			return CannotTell, "its HEAD cannot be read"
		}
		if !ValidHead(string(data)) {
			return NotGitDir, "HEAD is no ref or object name"
		}
	default:
		return CannotTell, "its HEAD cannot be looked at"
	}
	common := d
	if commonEnv != "" {
		common = commonEnv
	} else {
		switch k, _ := disk.Lstat(d + "/commondir"); k {
		case KindNone:
		case KindFile, KindLink:
			data, ok := disk.Read(d+"/commondir", maxGitRef)
			c, named := CommonDirName(string(data))
			if !ok || !named || len(data) >= maxGitRef {
				return CannotTell, "its commondir file cannot be read as git reads it"
			}
			if !strings.HasPrefix(c, "/") {
				c = d + "/" + c
			}
			common = c
		default:
			return CannotTell, "its commondir entry is one git cannot read or guard cannot look at"
		}
	}
	objects := common + "/objects"
	if objectsEnv != "" {
		objects = objectsEnv
	}
	for _, p := range []string{objects, common + "/refs"} {
		ok, known := disk.Access(p)
		if !known {
			return CannotTell, "guard cannot tell whether git may search '" + filepath.Base(p) + "'"
		}
		if !ok {
			return NotGitDir, "no searchable " + filepath.Base(p)
		}
	}
	return GitDir, ""
}

// OSDisk is Disk on this machine's file system, as guard's user sees it.
type OSDisk struct{}

// Lstat implements Disk.
func (OSDisk) Lstat(p string) (Kind, string) {
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return KindNone, ""
	case err != nil:
		return KindUnknown, ""
	case fi.Mode()&fs.ModeSymlink != 0:
		t, err := os.Readlink(p)
		if err != nil {
			return KindUnknown, ""
		}
		return KindLink, t
	case fi.IsDir():
		return KindDir, ""
	}
	return KindFile, ""
}

// Read implements Disk: a regular file only (never a FIFO's wait).
func (OSDisk) Read(p string, max int) ([]byte, bool) {
	data, err := readBounded(p, int64(max))
	return data, err == nil
}

// Access implements Disk with access(2).
func (OSDisk) Access(p string) (ok, known bool) {
	return Access(p)
}
