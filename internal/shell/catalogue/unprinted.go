package catalogue

import (
	"path"
	"strings"
)

// Whether a program of Unprinted prints none of the text it reads
// depends on its options (tar xO, cmp -l, tree --fromfile, sha256sum -c
// print it). Quiet decides by program and options, default printed:
// every option must be one known not to print text. A switch, not a
// map: the hook path builds no table at init.

// quietOptions returns Unprinted program name's options known not to
// print the text of the files it reads: short letters, short letters that
// take a value, long options (" --name "), and whether every option is
// (programs that read no file's text: test, ls's metadata…). ok is false
// for a program with no quiet mode known.
func quietOptions(name string) (short, valued, long string, any, ok bool) {
	switch name {
	case "test", "[", "[[":
		return "", "", "", true, true
	case "wc":
		return "clmwL", "", " --bytes --chars --lines --words --max-line-length --total --help --version ", false, true
	case "du":
		return "abcDhHklLmPsSx0", "dBt", " --all --apparent-size --bytes --total --dereference-args --human-readable --si --inodes --count-links --dereference --no-dereference --max-depth --null --separate-dirs --summarize --threshold --time --time-style --one-file-system --exclude --block-size --help --version ", false, true
	case "ls":
		return "aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1", "ITw", " --all --almost-all --author --escape --block-size --ignore-backups --color --colour --directory --dired --classify --file-type --format --full-time --group-directories-first --no-group --human-readable --si --dereference-command-line --dereference-command-line-symlink-to-dir --hide --hyperlink --indicator-style --inode --ignore --kibibytes --dereference --numeric-uid-gid --literal --hide-control-chars --show-control-chars --quote-name --quoting-style --reverse --recursive --size --sort --time --time-style --tabsize --width --context --zero --help --version ", false, true
	case "tree":
		// Not --fromfile (prints the file's lines as a tree), --info
		// (prints .info files' comments), --gitfile.
		return "adlfxhsDpugCnFqNQrtvUJXiASRc", "LPIHTo", " --noreport --dirsfirst --filesfirst --filelimit --gitignore --matchdirs --ignore-case --prune --du --si --inodes --device --charset --sort --timefmt --help --version ", false, true
	case "stat":
		return "LftZ", "c", " --dereference --file-system --format --printf --terse --cached --help --version ", false, true
	case "file":
		// Not -f (prints the names a file lists), -m/-C (a magic file's
		// errors quote its lines). It prints a file's type, with for some
		// formats a field of their metadata (a title, a volume label),
		// never a text file's lines.
		return "bcEhiLNnprsSkz0l", "eFP", " --brief --mime --mime-type --mime-encoding --dereference --no-dereference --keep-going --raw --special-files --uncompress --uncompress-noreport --separator --no-pad --print0 --extension --apple --exclude --exclude-quiet --parameter --preserve-date --help --version ", false, true
	case "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum":
		// Not -c/--check: it reads the file as a list and prints its names.
		return "btz", "la", " --binary --text --tag --untagged --zero --length --algorithm --base64 --raw --debug --help --version ", false, true
	case "cmp":
		// Not -l/-b/--verbose/--print-bytes: they print the bytes.
		return "s", "in", " --quiet --silent --bytes --ignore-initial --help --version ", false, true
	case "cp", "mv", "ln", "install":
		return "abcCdDfFHilLnPpRrsTuvxZ", "gmoSt", " --archive --attributes-only --backup --copy-contents --dereference --force --interactive --link --logical --physical --no-dereference --no-clobber --no-preserve --preserve --no-target-directory --one-file-system --parents --recursive --reflink --relative --remove-destination --sparse --strip-trailing-slashes --suffix --symbolic --symbolic-link --target-directory --update --verbose --context --debug --directory --compare --mode --owner --group --preserve-timestamps --help --version ", false, true
	case "rsync":
		// Not --files-from/--exclude-from/--include-from/-F/--filter (their
		// names printed), -e.
		return "avzrlptgoDhPnucWSHAXxRqiLkKEOJmybCI", "", " --archive --verbose --compress --recursive --links --perms --times --group --owner --devices --specials --human-readable --progress --partial --dry-run --update --checksum --whole-file --sparse --hard-links --acls --xattrs --one-file-system --relative --quiet --itemize-changes --delete --delete-after --delete-before --delete-during --delete-excluded --exclude --include --stats --info --no-motd --mkpath --backup --backup-dir --suffix --inplace --append --size-only --ignore-existing --existing --remove-source-files --chmod --bwlimit --timeout --safe-links --copy-links --copy-unsafe-links --no-perms --no-owner --no-group --numeric-ids --max-size --min-size --help --version ", false, true
	case "scp":
		return "346ABCOpqrTv", "cilJP", "", false, true
	case "tar", "bsdtar", "gtar":
		// Not O/--to-stdout, --to-command, -T/--files-from (its lines are
		// printed as names), -I (a program), w.
		return "ctxruAdvzjJZaphkmPSWlUBoiGLqn", "fCbHN", " --create --list --extract --get --append --update --diff --compare --verbose --file --directory --gzip --gunzip --bzip2 --xz --lzma --zstd --lzip --lzop --compress --auto-compress --preserve-permissions --same-permissions --keep-old-files --skip-old-files --overwrite --touch --absolute-names --sparse --verify --one-file-system --exclude --exclude-vcs --exclude-vcs-ignores --exclude-caches --strip-components --transform --xform --owner --group --mode --mtime --numeric-owner --no-same-owner --no-same-permissions --same-owner --sort --format --posix --warning --totals --checkpoint --no-recursion --recursion --wildcards --anchored --dereference --hard-dereference --atime-preserve --no-xattrs --xattrs --acls --selinux --blocking-factor --record-size --newer --after-date --newer-mtime --level --ignore-failed-read --show-transformed-names --help --version ", false, true
	case "zip":
		return "0123456789rRjqvufdmDXyTgAkoFlS", "PnbtOsxi", " --recurse-paths --quiet --verbose --junk-paths --symlinks --test --exclude --include --password --out --freshen --update --delete --move --help --version ", false, true
	}
	return "", "", "", false, false
}

// Quiet reports whether Unprinted program name, run with args, prints
// none of the text of the files it reads: each option is one of its quiet
// options, no operand (or option value) of a copy may be standard output
// or a device (cp F /dev/stdout), and tar that creates names its archive.
// find's predicates print names (-files0-from the names a file lists); 7z
// by its command and switches. mayPrint reports whether a destination may
// be a stream or a device (the caller resolves it where it runs); nil:
// [ToDevice], by its text alone.
func Quiet(name string, args []string, mayPrint func(string) bool) bool {
	if mayPrint == nil {
		mayPrint = ToDevice
	}
	switch name {
	case "find":
		for _, a := range args {
			if a == "-files0-from" {
				return false
			}
		}
		return true
	case "7z", "7za", "7zz":
		return quiet7z(args, mayPrint)
	case "jar":
		// Its letters, as jar takes them: with f the archive is a file
		// (v prints the names it stores); without, c writes it to
		// standard output (an encoder) and x, t read one from there.
		j, ok := ParseJar(args)
		return ok && j.Unread == "" && strings.ContainsRune(j.Mode, 'f')
	}
	short, valued, long, any, ok := quietOptions(name)
	if !ok {
		return false
	}
	if any {
		return true
	}
	q := quietScan{short: short, valued: valued, long: long, mayPrint: mayPrint,
		tar: name == "tar" || name == "bsdtar" || name == "gtar",
		// A copy's destination is a file: standard output or a device
		// is printed (cp F /dev/stdout); tar's only when it creates.
		writes: strings.Contains(" cp mv ln install rsync scp zip ", " "+name+" ")}
	for i := 0; i < len(args); i++ {
		a := args[i]
		ok := true
		switch {
		case a == "--":
			for _, o := range args[i+1:] {
				if q.dev(o) {
					return false
				}
			}
			return q.done()
		case strings.HasPrefix(a, "--"):
			i, ok = q.longOption(args, i)
		case len(a) > 1 && a[0] == '-' || q.tar && i == 0 && a != "" && a[0] != '-':
			i, ok = q.shortOptions(args, i)
		case q.dev(a):
			return false
		}
		if !ok {
			return false
		}
	}
	return q.done()
}

// quietScan is Quiet's walk of a program's arguments: its quiet options
// (short, those of them taking a value, long), whether it is tar (which
// prints only when it creates to standard output) or a copy (writes: a
// destination on a device is printed), and what the options seen so far
// say.
type quietScan struct {
	short, valued, long    string
	tar, writes            bool
	mayPrint               func(string) bool
	creating, named, toOut bool
}

// dev reports whether v, a destination, is printed.
func (q *quietScan) dev(v string) bool { return q.writes && q.mayPrint(v) }

// done reports whether the program is quiet once every argument passed.
func (q *quietScan) done() bool { return !q.tar || !q.creating || q.named && !q.toOut }

// longOption takes the long option at args[i] (and its value), returning
// the index of the last word it used; false when it may print. GNU
// programs take an abbreviation: one of a quiet option is that option, or
// ambiguous (refused).
func (q *quietScan) longOption(args []string, i int) (int, bool) {
	opt, v, eq := strings.Cut(args[i], "=")
	if len(opt) < 4 || !strings.Contains(q.long, " "+opt) || eq && q.dev(v) {
		return i, false
	}
	q.creating = q.creating || strings.HasPrefix("--create", opt)
	if strings.HasPrefix("--file", opt) && strings.HasPrefix(opt, "--fi") {
		q.named = true
		if !eq && i+1 < len(args) {
			i++
			v = args[i]
		}
		q.toOut = q.toOut || q.mayPrint(v)
	}
	return i, true
}

// shortOptions takes the cluster of short options at args[i] (tar's first
// word without a dash too) and the value its last may take, returning the
// index of the last word it used; false when it may print.
func (q *quietScan) shortOptions(args []string, i int) (int, bool) {
	cl := strings.TrimPrefix(args[i], "-")
	for j := 0; j < len(cl); j++ {
		c := cl[j]
		if strings.IndexByte(q.valued, c) >= 0 {
			v := cl[j+1:]
			if v == "" && i+1 < len(args) {
				i++
				v = args[i]
			}
			if q.dev(v) {
				return i, false
			}
			if c == 'f' {
				q.named, q.toOut = true, q.toOut || q.mayPrint(v)
			}
			return i, true
		}
		if strings.IndexByte(q.short, c) < 0 {
			return i, false
		}
		q.creating = q.creating || c == 'c'
	}
	return i, true
}

// ToDevice reports whether a file operand may be standard output or a
// device by its text alone (its text is printed, not copied): -, a path
// that is under /dev or /proc once cleaned (//dev/stdout, /tmp/../dev/stdout,
// ///proc/self/fd/1), and a relative one that climbs out of the directory
// (../../dev/stdout: where it leads depends on the directory).
func ToDevice(a string) bool {
	if a == "-" {
		return true
	}
	if a == "" {
		return false
	}
	c := path.Clean(a)
	if !strings.HasPrefix(c, "/") {
		return c == ".." || strings.HasPrefix(c, "../")
	}
	return DevicePath(c)
}

// DevicePath reports whether cleaned absolute path p is under /dev or
// /proc (or one of them): a device, a stream, a process's descriptors.
func DevicePath(p string) bool {
	for _, d := range []string{"/dev", "/proc"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// quiet7z: 7z's command (add, extract to disk, list, test, update,
// delete, rename) and switches known not to print file text (not -so,
// -i@/-x@ list files, -bso…).
func quiet7z(args []string, mayPrint func(string) bool) bool {
	cmd := false
	for _, a := range args {
		if a == "--" {
			return cmd
		}
		if strings.HasPrefix(a, "-") {
			ok := false
			for _, p := range []string{"-o", "-p", "-y", "-r", "-t", "-m", "-bb", "-bd", "-ao", "-v", "-w", "-x!", "-xr!", "-xr-", "-i!", "-ir!", "-ssw", "-sdel", "-scs", "-snl", "-spf"} {
				if strings.HasPrefix(a, p) {
					ok = true
					break
				}
			}
			if !ok {
				return false
			}
			continue
		}
		if !cmd {
			if !strings.Contains(" a x e l t u d rn ", " "+a+" ") {
				return false
			}
			cmd = true
		} else if mayPrint(a) {
			return false
		}
	}
	return cmd
}
