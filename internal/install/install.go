// Package install edits agent settings files for `guard init`: where each
// agent keeps them, how guard's hook entries are merged in and taken out.
//
// # Merging
//
// A settings file belongs to the user. github.com/tailscale/hujson parses it
// into a tree that keeps every byte, comments included; Apply changes only
// guard's entries and lays out what it adds like the entries around it, so
// every other key, literal, comment, the indentation and the trailing newline
// stay as they were. Guard's own entries are those whose command, read as the
// agent's shell reads it, runs guard first (a file named guard or guard.exe,
// or the running binary, behind any env prefix); they are rewritten in place
// and never duplicated, so a second run leaves the file byte-identical. A
// project's file (Target.Portable) names guard by the bare name, found on
// PATH; the user's own files name the binary by its absolute path.
//
// # Writing
//
// A file that does not parse, holds a trailing comma, or whose hooks are not
// the expected shape, is not touched. Otherwise Apply resolves a symlinked
// file to its target, holds a cross-process lock while it reads, edits and
// writes, keeps one timestamped backup of the previous content (in guard's
// directory, Options.BackupDir; beside the target without one), and writes
// atomically (temporary file in the same directory,
// fsync, rename) with the file's mode. ApplyAll does this for several files
// all or nothing: every file is checked and edited before any is written.
package install

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/tailscale/hujson"

	"github.com/guardhq/guard/internal/lockfile"
	"github.com/guardhq/guard/internal/regularfile"
)

// MaxSettingsSize bounds the settings files Apply reads.
const MaxSettingsSize = 4 << 20

// Options say what Apply does.
type Options struct {
	// Agent whose entries are written or removed.
	Agent Agent
	// Self is the path of the guard binary the hooks run (see SelfPath).
	// Entries naming it are guard's whatever the file is called.
	Self string
	// GOOS is the platform the command is written for; empty means
	// runtime.GOOS.
	GOOS string
	// Remove takes guard's entries out instead of writing them.
	Remove bool
	// DryRun computes the change and its diff and writes nothing.
	DryRun bool
	// LockDir holds the lock files that serialise concurrent runs on one
	// settings file. Required unless DryRun.
	LockDir string
	// BackupDir, when set, is where the backup of a file's previous content
	// goes (guard's own directory: see BackupPath); empty puts it beside
	// the file.
	BackupDir string
	// Now stamps the backup's name; nil means time.Now.
	Now func() time.Time
	// LockWait bounds the wait for another run's lock on the same file;
	// zero means DefaultLockWait.
	LockWait time.Duration
	// Within (Apply only; ApplyAll takes it per Target), when set, is the
	// directory the settings file must stay in
	// once every symlink on its path is followed (the project for a
	// project's file, the home directory for the user's). A file that
	// leads elsewhere is refused: a cloned repository's
	// .agent_c/settings.json -> /elsewhere/config.json must not make init
	// write outside the repository.
	Within string
}

// DefaultLockWait is how long Apply waits for another init working on the
// same settings file. A run holds the lock for milliseconds, so only a stuck
// process makes it expire.
const DefaultLockWait = 30 * time.Second

// Result is what Apply did to one settings file.
type Result struct {
	Path    string       // the file as named
	Target  string       // the file read and written: Path with symlinks resolved
	Existed bool         // Target existed before
	Changed bool         // the content changed (or would, with DryRun)
	Backup  string       // the backup of the previous content, if one was written
	Command string       // the hook command guard's entries run (not with Remove)
	Hooks   []HookChange // per hook, in the agent's order
	Diff    string       // with DryRun: unified diff of the change, "" if none
}

// FileError is a settings file guard will not edit because of its content:
// it does not parse, or its hooks are not the shape the agent reads. The file
// is left as it was.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the underlying parse or shape error.
func (e *FileError) Unwrap() error { return e.Err }

// BackupInfix separates a settings file's name from its backup's timestamp.
const BackupInfix = ".guard-backup-"

// BackupPath is where the backups of the settings file target go, up to
// their UTC timestamp: in dir, under the file's own absolute path (the
// volume name made a plain directory name on Windows), so that they are
// easy to find and never collide — dir/home/jo/proj/.agent_c/
// settings.json.guard-backup-<stamp> —; beside the file when dir is "".
func BackupPath(dir, target string) string {
	if dir == "" {
		return target + BackupInfix
	}
	vol := filepath.VolumeName(target)
	rest := target[len(vol):]
	vol = strings.Map(func(r rune) rune {
		if r == ':' || r == '\\' || r == '/' {
			return -1
		}
		return r
	}, vol)
	return filepath.Join(dir, vol, rest) + BackupInfix
}

// Apply writes (or with Options.Remove takes out) guard's hook entries in the
// settings file at path; Options.Within applies to it.
func Apply(path string, o Options) (*Result, error) {
	res, err := ApplyAll([]Target{{Path: path, Within: o.Within}}, o)
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// Target is one settings file for ApplyAll.
type Target struct {
	Path string
	// Within overrides Options.Within for this file: the directory the
	// file must stay in once its symlinks are followed ("" for none).
	Within string
	// Portable writes the hook command as the bare name guard
	// (PortableCommand), found on PATH wherever the file is read, instead
	// of this machine's path to the binary: for a project's file, which is
	// committed and read on a teammate's machine.
	Portable bool
}

// plan is the change to one target, computed before anything is written.
type plan struct {
	res      *Result
	old, new []byte
	perm     fs.FileMode
	dup      int  // index of an earlier target with the same file, or -1
	portable bool // Target.Portable
}

// ApplyAll edits every target, all or nothing: each file is resolved,
// checked, read, parsed and edited first, under the locks of all of them,
// and only when every one can take its change is any file written. A write
// that fails after others succeeded puts those back as they were. The
// error, when there is one, reports every target that was refused.
func ApplyAll(targets []Target, o Options) ([]*Result, error) {
	if o.Agent < AgentA || o.Agent > AgentC {
		return nil, fmt.Errorf("unknown agent %d", int(o.Agent))
	}
	if o.Self == "" {
		return nil, errors.New("no guard binary path")
	}
	if o.LockDir == "" && !o.DryRun {
		return nil, errors.New("no lock directory")
	}
	goos := o.GOOS
	if goos == "" {
		goos = runtime.GOOS
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	plans, err := resolvePlans(targets)
	if err != nil {
		return nil, err
	}
	if !o.DryRun {
		release, err := lockAll(o, plans, goos)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	var errs []error
	for _, p := range plans {
		if p.dup < 0 {
			if err := p.compute(o, goos); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	out := make([]*Result, len(plans))
	for i, p := range plans {
		if p.dup >= 0 {
			p = plans[p.dup]
		}
		out[i] = p.res
	}
	if o.DryRun {
		return out, nil
	}
	if err := writePlans(plans, now().UTC().Format("20060102T150405Z"), o.BackupDir); err != nil {
		return nil, err
	}
	return out, nil
}

// writePlans writes the plans that change their file, undoing every write
// made when one fails, then prunes old backups.
func writePlans(plans []*plan, stamp, backupDir string) error {
	var written []*plan
	for _, p := range plans {
		if p.dup >= 0 || !p.res.Changed {
			continue
		}
		if err := p.write(stamp, backupDir); err != nil {
			for _, w := range written {
				w.undo()
			}
			return err
		}
		written = append(written, p)
	}
	for _, p := range written {
		if p.res.Backup != "" {
			if err := pruneBackups(p.res.Backup); err != nil {
				return fmt.Errorf("%s: %w", p.res.Path, err)
			}
		}
	}
	return nil
}

// resolvePlans resolves each target's plan; a target that names the same
// file as an earlier one (after links) points at that one's plan (dup).
func resolvePlans(targets []Target) ([]*plan, error) {
	plans := make([]*plan, len(targets))
	var errs []error
	for i, t := range targets {
		p, err := resolvePlan(t)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		p.dup = -1
		for j := range i {
			if plans[j] != nil && plans[j].res.Target == p.res.Target {
				p.dup = j
			}
		}
		plans[i] = p
	}
	return plans, errors.Join(errs...)
}

// resolvePlan follows t's symlinks and checks where they lead.
func resolvePlan(t Target) (*plan, error) {
	abs, err := filepath.Abs(t.Path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Path, err)
	}
	target, err := resolveTarget(abs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Path, err)
	}
	if t.Within != "" {
		if err := checkWithin(t.Within, target); err != nil {
			return nil, &FileError{Path: t.Path, Err: err}
		}
	}
	return &plan{res: &Result{Path: t.Path, Target: target}, portable: t.Portable}, nil
}

// lockAll takes the locks of every planned file, in one order (the lock
// files' names), so two runs on overlapping files cannot wait on each
// other.
func lockAll(o Options, plans []*plan, goos string) (func(), error) {
	wait := o.LockWait
	if wait <= 0 {
		wait = DefaultLockWait
	}
	byLock := map[string]string{}
	for _, p := range plans {
		byLock[lockPath(o.LockDir, p.res.Target, goos)] = p.res.Target
	}
	names := make([]string, 0, len(byLock))
	for n := range byLock {
		names = append(names, n)
	}
	sort.Strings(names)
	var releases []func()
	release := func() {
		for i := len(releases) - 1; i >= 0; i-- {
			releases[i]()
		}
	}
	for _, n := range names {
		r, err := lockTarget(o.LockDir, byLock[n], goos, wait)
		if err != nil {
			release()
			return nil, err
		}
		releases = append(releases, r)
	}
	return release, nil
}

// compute reads the planned file and works out its new content (and, for a
// dry run, the diff).
func (p *plan) compute(o Options, goos string) error {
	res := p.res
	path := res.Path
	old, perm, existed, err := readSettings(res.Target)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	p.old, p.perm, res.Existed = old, perm, existed
	if existed && !o.DryRun {
		if err := checkReplaceable(res.Target); err != nil {
			return &FileError{Path: path, Err: err}
		}
	}
	doc := &hujson.Value{Value: &hujson.Object{}, AfterExtra: hujson.Extra("\n")}
	st := defaultStyle
	if len(bytes.TrimSpace(old)) > 0 {
		if doc, err = parseDoc(old); err != nil {
			return &FileError{Path: path, Err: err}
		}
		st = detectStyle(old)
	}
	command := Command(o.Self, goos)
	if p.portable {
		command = PortableCommand
	}
	res.Command = command
	ed := &editor{agent: o.Agent, bin: newBinary(o.Self, goos), command: command, remove: o.Remove, st: st}
	if res.Hooks, err = ed.edit(doc); err != nil {
		return &FileError{Path: path, Err: err}
	}
	if o.Remove && !anyAction(res.Hooks, Removed) {
		return nil // nothing of guard's there: leave even an empty file be
	}
	data := doc.Pack()
	if existed && bytes.Equal(old, data) {
		return nil
	}
	p.new, res.Changed = data, true
	if o.DryRun {
		keep := keepStrings(o.Agent, ed.command)
		var before []byte
		if len(bytes.TrimSpace(old)) > 0 {
			od, _ := parseDoc(old)
			before = redacted(od, keep)
		}
		res.Diff = unifiedDiff(res.Target, before, redacted(doc, keep))
	}
	return nil
}

// write puts the planned content in place, after a backup of the old (in
// backupDir, or beside the file when it is "").
func (p *plan) write(stamp, backupDir string) error {
	res := p.res
	if !res.Existed {
		if err := os.MkdirAll(filepath.Dir(res.Target), 0o700); err != nil {
			return fmt.Errorf("%s: %w", res.Path, err)
		}
	}
	if len(bytes.TrimSpace(p.old)) > 0 {
		res.Backup = BackupPath(backupDir, res.Target) + stamp
		if err := os.MkdirAll(filepath.Dir(res.Backup), 0o700); err != nil {
			res.Backup = ""
			return fmt.Errorf("back up %s: %w", res.Path, err)
		}
		if err := writeAtomic(res.Backup, p.old, p.perm); err != nil {
			res.Backup = ""
			return fmt.Errorf("back up %s: %w", res.Path, err)
		}
	}
	if err := replaceFile(res.Target, p.new, p.perm); err != nil {
		if res.Backup != "" {
			os.Remove(res.Backup)
			res.Backup = ""
		}
		return fmt.Errorf("%s: %w", res.Path, err)
	}
	return nil
}

// undo puts back what write replaced, best effort: the old bytes (or no
// file), and no new backup. The directories it made stay.
func (p *plan) undo() {
	res := p.res
	if res.Existed {
		_ = writeAtomic(res.Target, p.old, p.perm)
	} else {
		_ = os.Remove(res.Target)
	}
	if res.Backup != "" {
		_ = os.Remove(res.Backup)
		res.Backup = ""
	}
}

func anyAction(hs []HookChange, a Action) bool {
	for _, h := range hs {
		if h.Action == a {
			return true
		}
	}
	return false
}

// resolveTarget follows symlinks from p to the file they name, which may not
// exist yet.
func resolveTarget(p string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		t, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(p), t)
		}
		p = t
	}
	return "", errors.New("too many levels of symbolic links")
}

// lockTarget locks target for a read-modify-write cycle, waiting at most
// wait. The lock file lives in guard's own directory, named by a hash of the
// resolved path (lockPath), so no lock file litters the agent's or the
// project's directory and a symlink and its target share one lock.
func lockTarget(dir, target, goos string, wait time.Duration) (func(), error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create lock directory: %w", err)
	}
	path := lockPath(dir, target, goos)
	release, err := lockfile.LockPathWithin(path, wait)
	if errors.Is(err, lockfile.ErrTimeout) {
		return nil, fmt.Errorf("%s: another process has held its lock (%s) for %s; is another guard init stuck?", target, path, wait)
	}
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", target, err)
	}
	return func() { _ = release() }, nil
}

// lockPath names the lock file of target in dir.
func lockPath(dir, target, goos string) string {
	key := target
	if goos == "windows" || goos == "darwin" {
		key = strings.ToLower(key) // case-insensitive file systems
	}
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(dir, hex.EncodeToString(sum[:16])+".lock")
}

// readSettings reads target, bounded. A missing file reads as empty with
// mode 0600, the mode guard gives the files it creates.
func readSettings(target string) (data []byte, perm fs.FileMode, existed bool, err error) {
	// Never wait on a FIFO a repository's symlink leads to.
	f, err := regularfile.Open(target)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0o600, false, nil
	}
	if err != nil {
		return nil, 0, false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, false, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, false, errors.New("not a regular file")
	}
	data, err = io.ReadAll(io.LimitReader(f, MaxSettingsSize+1))
	if err != nil {
		return nil, 0, false, err
	}
	if len(data) > MaxSettingsSize {
		return nil, 0, false, fmt.Errorf("larger than %d bytes", MaxSettingsSize)
	}
	return data, fi.Mode().Perm(), true, nil
}

// replaceFile writes a settings file's new content; a variable so that a
// test can make the second of two writes fail.
var replaceFile = writeAtomic

// writeAtomic replaces name with data: a temporary file in the same
// directory, written, given perm, synced and renamed over name.
func writeAtomic(name string, data []byte, perm fs.FileMode) (err error) {
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".guard-tmp-")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil && runtime.GOOS != "windows" {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, name); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename durable where the platform allows it.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// pruneBackups removes every backup of the same file but keep.
func pruneBackups(keep string) error {
	dir, base := filepath.Split(keep)
	prefix := base[:strings.LastIndex(base, BackupInfix)+len(BackupInfix)]
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		n := e.Name()
		if n != base && strings.HasPrefix(n, prefix) && e.Type().IsRegular() {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return err
			}
		}
	}
	return nil
}

// WritePolicy writes doc to dir/name unless that file exists, and reports
// whether it did. It never overwrites: the file appears whole (linked from a
// synced temporary file) or not at all.
func WritePolicy(dir, name string, doc []byte) (path string, created bool, err error) {
	path = filepath.Join(dir, name)
	if _, err := os.Lstat(path); err == nil {
		return path, false, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return path, false, fmt.Errorf("policy %s: %w", path, err)
	}
	f, err := os.CreateTemp(dir, "."+name+".guard-tmp-")
	if err != nil {
		return path, false, fmt.Errorf("policy %s: %w", path, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, err = f.Write(doc)
	if err == nil {
		err = f.Chmod(0o600)
		if runtime.GOOS == "windows" {
			err = nil
		}
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return path, false, fmt.Errorf("policy %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return path, false, nil // another init won the race
		}
		return path, false, fmt.Errorf("policy %s: %w", path, err)
	}
	syncDir(dir)
	return path, true, nil
}

// checkWithin reports an error when target, with every symlink on its path
// followed, is not inside dir (itself resolved the same way).
func checkWithin(dir, target string) error {
	d, err := realPath(dir)
	if err != nil {
		return err
	}
	t, err := realPath(target)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(d, t)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return fmt.Errorf("leads to %s, outside %s; guard will not follow a symlink out of it (name the file with --settings if that is meant)", t, dir)
	}
	return nil
}

// realPath resolves every symlink in p; the part of p that does not exist
// yet is joined as written.
func realPath(p string) (string, error) {
	p, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for {
		r, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(r, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if _, lerr := os.Lstat(p); lerr == nil {
			return "", fmt.Errorf("%s: a symlink to nothing", p)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest), nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// checkReplaceable refuses a settings file the user marked read-only (no
// write bit at all) or that another user owns: the atomic rename would
// replace either with a writable copy owned by the running user, which
// undoes what whoever set it up meant (an administrator's managed file, say).
func checkReplaceable(target string) error {
	fi, err := os.Lstat(target)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return errors.New("is read-only; guard will not replace it (make it writable to let guard edit it)")
	}
	if uid, other := ownerOther(fi); other {
		return fmt.Errorf("belongs to another user (uid %d); guard will not replace it with a copy you own (run guard init as that user)", uid)
	}
	return nil
}
