package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// gitPushLongs are git push's long options (builtin/push.c), each
// followed by how it takes a value: ":v" one, glued (--repo=x) or the
// next word; ":=" only glued (--signed=yes); none, no value.
const gitPushLongs = " verbose quiet repo:v all branches mirror delete tags dry-run porcelain force force-with-lease:= " +
	"force-if-includes recurse-submodules:v thin receive-pack:v exec:v set-upstream progress prune no-verify verify " +
	"follow-tags signed:= atomic push-option:v ipv4 ipv6 "

// gitSendPackLongs are git send-pack's long options (builtin/send-pack.c).
const gitSendPackLongs = " verbose quiet receive-pack:v exec:v remote:v all dry-run mirror force signed:= push-option:v " +
	"progress thin atomic stateless-rpc stdin helper-status force-with-lease:= force-if-includes "

// gitPushArgs is what guard reads of git push's (or send-pack's) words.
type gitPushArgs struct {
	dest    string // the repository operand, else --repo's value; "" for none
	recurse string // --recurse-submodules' last value, "" when not given
	refused bool   // git refuses the words (an ambiguous abbreviation): nothing runs
}

// gitPushParse reads git push's (sub "push") or send-pack's words after
// the subcommand as parse-options does: options anywhere before --,
// unique abbreviations of long ones, --no-X, short clusters (-fu, -ofoo);
// the first other word is the repository, over --repo. why says what
// guard cannot tell (an option it does not know, a word it cannot read
// before the repository).
func gitPushParse(sub string, args []word.Word) (p gitPushArgs, why string) {
	longs, shorts, shortVal := gitPushLongs, "vqdnfu46", "o"
	if sub == "send-pack" {
		longs, shorts, shortVal = gitSendPackLongs, "vqnf", ""
	}
	repo, operand := "", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		s := a.Text
		switch {
		case !a.Known && (!operand || strings.HasPrefix(s, "-")):
			return p, "a word it cannot read"
		case s == "--":
			if i+1 < len(args) && !operand {
				if !args[i+1].Known && !word.IsKnown(args[i+1].Text) {
					return p, "a word it cannot read"
				}
				p.dest, operand = args[i+1].Text, true
			}
			i = len(args)
		case strings.HasPrefix(s, "--"):
			name, val, glued := strings.Cut(s[2:], "=")
			full, kind, ok := gitPushLong(longs, name)
			switch {
			case !ok:
				return p, "the option " + word.Quote(s)
			case full == "":
				p.refused = true // ambiguous: git refuses
				return p, ""
			case kind == 'v' && !glued:
				if i+1 >= len(args) {
					p.refused = true
					return p, ""
				}
				i++
				if !args[i].Known {
					return p, "a word it cannot read"
				}
				val, glued = args[i].Text, true
			case kind == 0 && glued:
				return p, "the option " + word.Quote(s)
			}
			switch full {
			case "repo":
				repo = val
			case "recurse-submodules":
				p.recurse = val
			case "no-recurse-submodules":
				p.recurse = "no"
			}
		case strings.HasPrefix(s, "-") && len(s) > 1:
			for j := 1; j < len(s); j++ {
				switch {
				case strings.IndexByte(shorts, s[j]) >= 0:
				case strings.IndexByte(shortVal, s[j]) >= 0:
					if j+1 == len(s) {
						i++ // -o VALUE
					}
					j = len(s)
				default:
					return p, "the option " + word.Quote(s)
				}
			}
		case !operand:
			p.dest, operand = s, true
		}
	}
	if !operand {
		p.dest = repo
	}
	return p, ""
}

// gitPushLong returns the long option of longs name is (exactly, a unique
// abbreviation, or no- before one: then it takes no value) and how it
// takes a value; "" with true when name abbreviates several (git refuses
// it), false when it names none.
func gitPushLong(longs, name string) (full string, kind byte, ok bool) {
	if name == "" {
		return "", 0, false
	}
	found, n := "", 0
	for _, e := range strings.Fields(longs) {
		opt, k, _ := strings.Cut(e, ":")
		var kb byte
		if k != "" {
			kb = k[0]
		}
		if opt == name {
			return opt, kb, true
		}
		if rest, neg := strings.CutPrefix(name, "no-"); neg && rest == opt {
			return "no-" + opt, 0, true
		}
		switch rest, neg := strings.CutPrefix(name, "no-"); {
		case strings.HasPrefix(opt, name):
			found, kind, n = opt, kb, n+1
		case neg && rest != "" && strings.HasPrefix(opt, rest):
			found, kind, n = "no-"+opt, 0, n+1
		}
	}
	switch n {
	case 0:
		return "", 0, false
	case 1:
		return found, kind, true
	}
	return "", 0, true
}

// gitPushRecurses reports whether a --recurse-submodules value (or
// push.recurseSubmodules') pushes submodules: on-demand, only, or one
// guard does not know; no, false, off, 0 and check push none.
func gitPushRecurses(v string) bool {
	switch strings.ToLower(v) {
	case "no", "false", "off", "0", "check":
		return false
	}
	return true
}

// gitURLKind is how git reaches a repository URL.
type gitURLKind int

const (
	gitURLUnknown gitURLKind = iota // a remote helper, a scheme guard does not know
	gitURLNetwork                   // another machine: nothing runs here
	gitURLLocal                     // a path on this machine: its receive-pack runs here
)

// gitNetSchemes are the URL schemes git's own transports take to another
// machine, where the receiving repository's hooks run.
const gitNetSchemes word.Set = " https http ssh git git+ssh ssh+git ftp ftps "

// gitURL returns how git reaches URL u (transport.c transport_get,
// connect.c parse_connect_url) and, for a repository on this machine, its
// path: a file:// URL %-decoded, its host (any, localhost too) dropped; a
// word with no colon, or a slash before the first colon, is a path;
// host:path is scp-like ssh. SCHEME::ADDR runs the remote helper
// git-remote-SCHEME here: unknown.
func gitURL(u string) (gitURLKind, string) {
	i := 0
	for i < len(u) && gitSchemeChar(u[i], i == 0) {
		i++
	}
	switch {
	case u == "" || !word.IsKnown(u):
		return gitURLUnknown, ""
	case strings.HasPrefix(u[i:], "::"):
		return gitURLUnknown, ""
	case i > 0 && strings.HasPrefix(u[i:], "://"):
		scheme := u[:i]
		if scheme != "file" {
			if gitNetSchemes.Has(scheme) {
				return gitURLNetwork, ""
			}
			return gitURLUnknown, "" // git-remote-SCHEME
		}
		// file://$HOME/r.git: the shell's, a path
		home := word.HomeRelative(u[i+3:]) && !strings.HasPrefix(u[i+3:], "~")
		rest, ok := gitURLDecode(u[i+3:])
		j := strings.IndexByte(rest, '/')
		if m := strings.Index(rest, word.MarkStart+string(word.MarkDir)); m >= 0 && (j < 0 || m < j) {
			j = m // file://localhost$PWD/r.git: $PWD is a path from /
		}
		switch {
		case !ok || j < 0:
			return gitURLUnknown, ""
		case home:
		case strings.ContainsAny(rest[:j], "$~`") || strings.Contains(rest[:j], word.MarkStart):
			return gitURLUnknown, "" // a host guard cannot tell from a path
		default:
			rest = rest[j:] // file://HOST/path: the host is dropped
		}
		return gitURLLocal, rest
	}
	colon, slash := strings.IndexByte(u, ':'), strings.IndexByte(u, '/')
	if colon < 0 || slash >= 0 && slash < colon {
		return gitURLLocal, u
	}
	if host := strings.Trim(u[:colon], "[]"); colon > 0 && host != "" {
		return gitURLNetwork, ""
	}
	return gitURLUnknown, ""
}

// gitSchemeChar reports whether b may be in a URL's scheme (url.c
// is_urlschemechar): a letter first, then letters, digits, + - and '.'.
func gitSchemeChar(b byte, first bool) bool {
	alpha := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
	return alpha || !first && (b >= '0' && b <= '9' || b == '+' || b == '-' || b == '.')
}

// gitURLDecode decodes s's %XX as git's url_decode does; false for a
// byte guard will not hand on (a NUL).
func gitURLDecode(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if v == 0 {
				return "", false
			}
			b.WriteByte(v)
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String(), true
}

// gitRemoteNick reports whether name may be a remote's name (remote.c
// valid_remote_nick): not empty, not . or .., no slash.
func gitRemoteNick(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, `/\`)
}
