package shell

// Network programs: what they send, the programs they connect, and the
// URLs and hosts a command names.

import (
	neturl "net/url"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// proxyVars are the variables curl and wget take a proxy from.
var proxyVars = []string{"http_proxy", "https_proxy", "all_proxy", "ftp_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "FTP_PROXY"}

// proxy records the proxy a variable assignment gives curl, wget and the
// like (http_proxy=HOST), whatever the command it is set for runs.
func (w *walker) proxy(name, value string) {
	if slices.Contains(proxyVars, name) {
		w.a.URLs = append(w.a.URLs, value)
	}
}

// rerouted returns the addresses curl's --resolve HOST:PORT:ADDR[,ADDR…]
// and --connect-to HOST:PORT:HOST2:PORT2 send a request to instead of the
// URL's host.
func rerouted(opt, v string) []string {
	var fields []string
	for len(v) > 0 { // split at colons outside [IPv6] brackets
		if v[0] == '[' {
			if k := strings.IndexByte(v, ']'); k > 0 {
				fields = append(fields, v[1:k])
				v = strings.TrimPrefix(v[k+1:], ":")
				continue
			}
		}
		f, rest, _ := strings.Cut(v, ":")
		fields = append(fields, f)
		v = rest
	}
	var out []string
	switch {
	case opt == "--resolve" && len(fields) >= 3:
		for _, a := range strings.Split(strings.Join(fields[2:], ":"), ",") {
			out = append(out, strings.Trim(a, "[]"))
		}
	case opt == "--connect-to" && len(fields) >= 3 && fields[2] != "":
		out = append(out, fields[2])
	}
	return out
}

// download: curl and wget, as their table says (clients.go). Files they
// send are written -d @F; request bodies and headers are data; wget's
// standard output is written -O-.
func (c *cmd) download() {
	cl, ok := catalogue.NetClientNamed(c.name)
	if !ok {
		c.generic()
		return
	}
	t := &transfer{c: c, remote: cl.Remote}
	for j := 0; j < len(c.args); j++ {
		x := c.args[j]
		opt, val, hasVal := t.split(cl, x.Text)
		next := func() string {
			if hasVal {
				return val
			}
			if j+1 < len(c.args) {
				j++
				return c.args[j].Text
			}
			return ""
		}
		use, ok := cl.Option(opt)
		switch {
		case ok:
			t.use(use, x, opt, next)
		case cl.Output != 0 && len(x.Text) > 2 && x.Text[0] == '-' && x.Text[1] != '-' && strings.IndexByte(x.Text, cl.Output) > 0:
			t.outputCluster(x.Text, strings.IndexByte(x.Text, cl.Output), next)
		case cl.WithArg.Has(opt) && !hasVal && j+1 < len(c.args):
			t.add(x, argPlain)
			j++
			t.add(c.args[j], argPlain)
		default:
			t.add(x, argPlain)
		}
	}
	c.args, c.kinds = t.args, t.kinds
	// A file on standard input is sent only through @- or -T - (send).
	// (wget's words are read with curl's options too.)
	c.hostOperands(catalogue.CurlWithArg)
	// A proxy the command sets (http_proxy=… curl …) is contacted.
	for _, v := range proxyVars {
		if p, ok := c.w.lookup(v); ok {
			c.url(p)
		}
	}
	t.saved()
}

// transfer is what download gathers from a client's words: its words as
// the line shows them, and where it saves what it fetches.
type transfer struct {
	c     *cmd
	args  []word.Word
	kinds []int
	// outDir is the directory it saves into; remote: it saves each URL
	// under its name; server: the server or a list names the files.
	outDir         string
	remote, server bool
}

// add shows x in the line, of kind k.
func (t *transfer) add(x word.Word, k int) {
	t.args = append(t.args, x)
	t.kinds = append(t.kinds, k)
}

// send records that the client sends file f (- or "": its standard input).
func (t *transfer) send(f string) {
	c := t.c
	if f == "-" || f == "" {
		if c.stdin.file != "" {
			c.sends = append(c.sends, c.stdin.file)
		}
		return
	}
	c.w.read(f)
	c.sends = append(c.sends, f)
}

// split returns the option word s stands for and the value written in it:
// --opt=VALUE, and for a client with short options that take a value, a
// cluster such as -sSLoF (the flags before it are noted: -fsSLO saves under
// the URL's name).
func (t *transfer) split(cl *catalogue.NetClient, s string) (opt, val string, hasVal bool) {
	opt = s
	switch {
	case strings.HasPrefix(s, "--"):
		if eq := strings.IndexByte(s, '='); eq > 0 {
			return s[:eq], s[eq+1:], true
		}
	case cl.Short != "" && len(s) > 2 && s[0] == '-':
		for k := 1; k < len(s) && strings.IndexByte(cl.Short, s[k]) < 0; k++ {
			switch use, _ := cl.Option("-" + s[k:k+1]); use {
			case catalogue.NetRemote:
				t.remote = true
			case catalogue.NetNamed:
				t.remote, t.server = true, true
			}
		}
		if i := strings.IndexAny(s[1:], cl.Short) + 1; i > 0 {
			opt = "-" + s[i:i+1]
			if i+1 < len(s) {
				val, hasVal = s[i+1:], true
			}
		}
	}
	return opt, val, hasVal
}

// use records what the client does with option x (opt, as split gives
// it), next giving its value.
func (t *transfer) use(use catalogue.NetUse, x word.Word, opt string, next func() string) {
	w := t.c.w
	switch use {
	case catalogue.NetSave:
		w.write(next())
	case catalogue.NetConfig:
		w.read(next())
	case catalogue.NetPost:
		t.send(next())
	case catalogue.NetUpload:
		t.send(next())
		t.c.uploads = true // a file: URL is then where it writes
	case catalogue.NetQuery:
		if f, ok := strings.CutPrefix(next(), "@"); ok {
			t.send(f) // the file's content goes in the query
		}
	case catalogue.NetOutDir:
		t.outDir = next()
	case catalogue.NetList:
		w.read(next())
		t.server = true // the list's URLs name the files
	case catalogue.NetExecute:
		// wget -e http_proxy=HOST: a proxy it contacts
		if k, v, ok := strings.Cut(next(), "="); ok && slices.Contains(proxyVars, strings.ToLower(strings.TrimSpace(k))) {
			t.c.url(strings.TrimSpace(v))
		}
	case catalogue.NetOutput:
		t.remote = false
		if f := next(); f == "-" {
			t.add(word.Word{Text: "-O-", Known: true}, argPlain)
		} else {
			w.write(f)
			t.add(word.Word{Text: "-O " + f, Known: true}, argPlain)
		}
	case catalogue.NetSecret:
		next()
		t.add(x, argData)
	case catalogue.NetNoop:
	case catalogue.NetRemote, catalogue.NetNamed:
		t.remote = true
		t.server = t.server || use == catalogue.NetNamed
		t.add(x, argPlain)
	case catalogue.NetServer:
		t.server = true
		t.add(x, argPlain)
	default:
		v := next()
		t.value(use, opt, v)
		t.add(word.Word{Text: opt, Known: true}, argPlain)
		t.add(word.Word{Text: v}, argData)
	}
}

// value records what a value shown as data holds: files it sends or
// writes, hosts it connects to.
func (t *transfer) value(use catalogue.NetUse, opt, v string) {
	switch use {
	case catalogue.NetBody, catalogue.NetEncoded:
		if strings.HasPrefix(v, "@") {
			t.send(v[1:])
		} else if i := strings.IndexByte(v, '@'); use == catalogue.NetEncoded && i > 0 && !strings.ContainsRune(v[:i], '=') {
			t.send(v[i+1:]) // --data-urlencode name@file
		}
	case catalogue.NetForm:
		if eq := strings.IndexByte(v, '='); eq >= 0 && (strings.HasPrefix(v[eq+1:], "@") || strings.HasPrefix(v[eq+1:], "<")) {
			f := v[eq+2:]
			if k := strings.IndexByte(f, ';'); k >= 0 {
				f = f[:k]
			}
			t.send(f)
		}
	case catalogue.NetHeader, catalogue.NetFormat:
		if use == catalogue.NetFormat {
			for _, f := range curlOutputs(v) {
				t.c.w.write(f) // -w '%output{>>FILE}…' (curl 8.3)
			}
		}
		if f, ok := strings.CutPrefix(v, "@"); ok {
			t.send(f) // -H @file: the file's lines are sent
		}
	case catalogue.NetProxy:
		t.c.url(v)
	case catalogue.NetReroute:
		for _, h := range rerouted(opt, v) {
			t.c.url(h)
		}
	}
}

// outputCluster: wget -qO-, -qO FILE, -qOFILE (the letter at i): the file
// it saves into, - for standard output.
func (t *transfer) outputCluster(s string, i int, next func() string) {
	t.remote = false
	if i > 1 {
		t.add(word.Word{Text: s[:i], Known: true}, argPlain)
	}
	f := s[i+1:]
	if f == "" {
		f = next()
	}
	if f == "-" {
		t.add(word.Word{Text: "-O-", Known: true}, argPlain)
	} else {
		t.c.w.write(f)
	}
}

// saved records the files the client saves under names it does not give:
// curl -O and wget without -O save each URL's last path element, in
// --output-dir or -P DIR, else the working directory.
func (t *transfer) saved() {
	w := t.c.w
	dir := strings.TrimRight(t.outDir, "/")
	if dir == "" {
		dir = "."
	}
	if t.server {
		// The server or a list names the files (-J, -r, -i): anything in
		// the directory may be written.
		w.writeDir(dir)
	}
	if t.remote {
		for _, a := range t.c.args {
			if name := urlName(a.Text); name != "" {
				w.write(dir + "/" + name)
			}
		}
	}
}

// curlOutputs returns the files a curl -w format writes: %output{FILE}
// and %output{>>FILE}.
func curlOutputs(format string) []string {
	var out []string
	for rest := format; len(out) < 8; {
		i := strings.Index(rest, "%output{")
		if i < 0 {
			break
		}
		rest = rest[i+len("%output{"):]
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			break
		}
		if f := strings.TrimPrefix(rest[:end], ">>"); f != "" {
			out = append(out, f)
		}
		rest = rest[end+1:]
	}
	return out
}

// urlName returns the file name a download of URL u is saved under: its
// path's last element ("" when u is no URL or names none).
func urlName(u string) string {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	_, p, ok := strings.Cut(rest, "/")
	if !ok || strings.HasSuffix(p, "/") || p == "" {
		return ""
	}
	name := p[strings.LastIndexByte(p, '/')+1:]
	if d, err := neturl.PathUnescape(name); err == nil {
		name = d
	}
	if name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return ""
	}
	return name
}

// nc: -e PROG, -c CMD, --exec, --sh-exec connect a program to the peer:
// written as a pipe into it. A file on its standard input is sent.
func (c *cmd) nc() {
	var args []word.Word
	var kinds []int
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		val := func() string {
			if j+1 < len(c.args) {
				j++
				return c.args[j].Text
			}
			return ""
		}
		switch {
		case s == "-e" || s == "--exec":
			c.runs = word.Base(firstField(val()))
			continue
		case strings.HasPrefix(s, "--exec="):
			c.runs = word.Base(firstField(s[len("--exec="):]))
			continue
		case strings.HasPrefix(s, "-e") && len(s) > 2 && !strings.HasPrefix(s, "--"):
			c.runs = word.Base(firstField(s[2:]))
			continue
		case s == "-c" || s == "--sh-exec":
			script := val()
			c.w.scoped(func() { c.w.script(script, c.w.depth+1) })
			c.runs = "sh"
			continue
		case strings.HasPrefix(s, "--sh-exec="):
			c.w.scoped(func() { c.w.script(s[len("--sh-exec="):], c.w.depth+1) })
			c.runs = "sh"
			continue
		case s == "--lua-exec":
			val()
			c.runs = "lua"
			continue
		}
		args = append(args, c.args[j])
		kinds = append(kinds, argPlain)
	}
	c.args, c.kinds = args, kinds
	c.hostOperand(catalogue.NcWithArg)
	if c.stdin.file != "" {
		c.sends = append(c.sends, c.stdin.file)
	}
	c.generic()
}

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

// socat: EXEC: and SYSTEM: addresses connect a program; TCP:, OPENSSL: and
// the like name a host.
func (c *cmd) socat() {
	for j, a := range c.args {
		s := a.Text
		lower := strings.ToLower(s)
		switch {
		case strings.HasPrefix(lower, "exec:"):
			prog := s[len("exec:"):]
			if k := strings.IndexByte(prog, ','); k >= 0 {
				prog = prog[:k]
			}
			c.runs = word.Base(firstField(prog))
			c.kinds[j] = argCode
		case strings.HasPrefix(lower, "system:"):
			script := s[len("system:"):]
			if k := strings.IndexByte(script, ','); k >= 0 {
				script = script[:k]
			}
			c.w.scoped(func() { c.w.script(script, c.w.depth+1) })
			c.runs = "sh"
			c.kinds[j] = argCode
		default:
			for _, pre := range []string{"tcp:", "tcp4:", "tcp6:", "tcp-connect:", "tcp4-connect:", "tcp6-connect:", "openssl:", "openssl-connect:", "udp:", "udp4:", "udp-connect:", "ssl:"} {
				if strings.HasPrefix(lower, pre) {
					host := s[len(pre):]
					if k := strings.IndexByte(host, ','); k >= 0 {
						host = host[:k]
					}
					c.url(hostPart(host))
				}
			}
		}
	}
	if c.stdin.file != "" {
		c.sends = append(c.sends, c.stdin.file)
	}
}

// openssl s_client -connect host:port.
func (c *cmd) openssl() {
	for j, a := range c.args {
		if (a.Text == "-connect" || a.Text == "-host") && j+1 < len(c.args) {
			c.url(hostPart(c.args[j+1].Text))
		}
	}
	if c.stdin.file != "" && len(c.args) > 0 && c.args[0].Text == "s_client" {
		c.sends = append(c.sends, c.stdin.file)
	}
	// The files openssl writes: -out, -keyout, -signature …; the others
	// its arguments name are read.
	for j := 0; j+1 < len(c.args); j++ {
		switch c.args[j].Text {
		case "-out", "-keyout", "-signature", "-sigout", "-certout", "-cakeyout":
			c.w.write(c.args[j+1].Text)
			c.kinds[j+1] = argData // written above, not read
			j++
		}
	}
	c.generic()
}

// ssh: the host operand and -J jump hosts; the remote command stays in the
// line as written. The host, the remote command and the keys it uses (-i,
// -o IdentityFile=…) are no files it writes here (spent); -F FILE is read
// (generic: ssh quotes a bad line of it back, ssh -F ~/.ssh/id_rsa -G x
// prints the key's text); the files of -E (its log), -S (its control
// socket) and the other -o values are touched.
func (c *cmd) ssh() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "-J" && j+1 < len(c.args) {
			for _, h := range strings.Split(c.args[j+1].Text, ",") {
				c.url(hostPart(h))
			}
		}
		if catalogue.SshWithArg.Has(s) {
			if s == "-i" || s == "-o" && j+1 < len(c.args) && sshKeyOption(c.args[j+1].Text) {
				c.spend(j + 1)
			}
			j++
			continue
		}
		if strings.HasPrefix(s, "-") {
			if strings.HasPrefix(s, "-o") && sshKeyOption(s[2:]) {
				c.spend(j)
			}
			continue
		}
		c.url(hostPart(s))
		for k := j; k < len(c.args); k++ {
			c.spend(k) // the host, and the command run there
		}
		if j+1 < len(c.args) {
			c.w.remote(c.args[j+1:]) // the remote command
		}
		break
	}
	c.generic()
}

// sshKeyOption reports whether ssh option KEY=VALUE names a key or
// certificate ssh uses (reads, never shows).
func sshKeyOption(o string) bool {
	k, _, ok := word.CutOption(o)
	return ok && (strings.EqualFold(k, "IdentityFile") || strings.EqualFold(k, "CertificateFile"))
}

// remoteCopy: scp, sftp and rsync operands of the form [user@]host:path.
func (c *cmd) remoteCopy() {
	for j, a := range c.args {
		s := a.Text
		if j > 0 && catalogue.SshWithArg.Has(c.args[j-1].Text) || strings.HasPrefix(s, "-") || strings.Contains(s, "://") {
			continue
		}
		if k := strings.IndexByte(s, ':'); k > 0 && !strings.ContainsAny(s[:k], "/") {
			c.url(hostPart(s[:k]))
		} else if c.name == "sftp" && !strings.ContainsAny(s, "/") {
			c.url(hostPart(s))
		}
	}
	c.generic()
}

// hostPart returns the host of [user@]host[:port].
func hostPart(s string) string {
	if at := strings.LastIndexByte(s, '@'); at >= 0 {
		s = s[at+1:]
	}
	if strings.HasPrefix(s, "[") {
		if k := strings.IndexByte(s, ']'); k > 0 {
			return s[1:k]
		}
	}
	if k := strings.IndexByte(s, ':'); k >= 0 && strings.Count(s, ":") == 1 {
		s = s[:k]
	}
	return s
}

// hostOperand records the first operand (skipping the values of withArg) as
// a host the command contacts: nc HOST PORT, telnet HOST.
func (c *cmd) hostOperand(withArg word.Set) {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if withArg.Has(s) {
			j++
			continue
		}
		if strings.HasPrefix(s, "-") {
			continue
		}
		c.url(hostPart(s))
		return
	}
}

// hostOperands records every operand that looks like a host (curl and wget
// default to http).
func (c *cmd) hostOperands(withArg word.Set) {
	for j := 0; j < len(c.args); j++ {
		if c.kinds[j] != argPlain {
			continue
		}
		s := c.args[j].Text
		if withArg.Has(s) && !strings.Contains(s, "=") {
			if s == "-x" || s == "--proxy" || s == "--url" {
				if j+1 < len(c.args) {
					c.url(c.args[j+1].Text)
				}
			}
			j++
			continue
		}
		if strings.HasPrefix(s, "-") || strings.Contains(s, "://") || !hostLike(s) {
			continue
		}
		c.url(s)
	}
}

// hostLike reports whether an operand may be a host or a URL without a
// scheme: a dot or a colon in it, or localhost, and not a path.
func hostLike(s string) bool {
	if s == "" || strings.ContainsAny(s[:1], "/.~$@<") || strings.ContainsAny(s, " \t") {
		return false
	}
	return strings.ContainsAny(s, ".:") || strings.EqualFold(s, "localhost") || strings.EqualFold(s, "metadata") ||
		numericHost(s)
}

// numericHost reports whether s starts with an IPv4 address written as one
// number (2852039166, 0xA9FEA9FE), which curl and wget connect to, followed
// by nothing or a path.
func numericHost(s string) bool {
	h, _, _ := strings.Cut(s, "/")
	digits := "0123456789"
	if len(h) > 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X') {
		h, digits = h[2:], "0123456789abcdefABCDEF"
	}
	return h != "" && strings.Trim(h, digits) == ""
}

// url records a URL or a host.
func (c *cmd) url(s string) {
	s = strings.TrimSpace(s)
	if s == "" || word.HasMark(s) && word.MayBeEmpty(s) {
		return // a host guard does not know
	}
	c.w.a.URLs = append(c.w.a.URLs, s)
}

// network records the URLs in the plain arguments, interpreter code and
// what the command runs. A file: URL is a read of its file.
func (c *cmd) network() {
	for j, a := range c.args {
		if c.kinds[j] == argData {
			continue
		}
		// A word may be interpreter code (python -c '…'): read both ways.
		c.urls(schemeURLs(a.Text, wordEnds))
		c.urls(fileURLs(a.Text, wordEnds))
		if strings.ContainsAny(a.Text, codeEnds) {
			c.urls(schemeURLs(a.Text, codeEnds))
			c.urls(fileURLs(a.Text, codeEnds))
		}
	}
	c.urls(schemeURLs(c.code, codeEnds))
	c.urls(fileURLs(c.code, codeEnds))
}

// urls records URLs, and the files of file: URLs: read, or written by an
// upload (curl -T F file:///dest).
func (c *cmd) urls(us []string) {
	for _, u := range us {
		if p, ok := filePath(u); ok {
			if c.uploads {
				c.w.write(p)
			} else {
				c.w.read(p)
			}
			continue
		}
		c.url(u)
	}
}

// fileURLs returns the file: URLs of the short form, file:/p, in s (the
// long form has :// and is one of schemeURLs'), up to a character of ends.
func fileURLs(s, ends string) []string {
	var out []string
	for off := 0; off < len(s) && len(out) < 16; {
		k := strings.Index(s[off:], ":/") // no lower-cased copy of s
		if k < 0 {
			break
		}
		k += off
		if k < 4 || !strings.EqualFold(s[k-4:k], "file") {
			off = k + 2
			continue
		}
		i := k - 4
		end := i + len("file:/")
		for end < len(s) && strings.IndexByte(ends, s[end]) < 0 {
			end++
		}
		if !strings.HasPrefix(s[i+5:], "//") && (i == 0 || !isSchemeChar(s[i-1])) {
			out = append(out, s[i:end])
		}
		off = end
	}
	return out
}

// filePath returns the path a file: URL names, its escapes decoded:
// file:///p, file:/p, and file://HOST/p for any host (curl reads
// file://127.0.0.1/p locally; checking another host's path as a local one
// only checks more).
func filePath(u string) (string, bool) {
	if len(u) < 6 || !strings.EqualFold(u[:5], "file:") || u[5] != '/' {
		return "", false
	}
	rest := u[5:]
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	if r, ok := strings.CutPrefix(rest, "//"); ok {
		if word.HomeRelative(r) || strings.HasPrefix(r, "$") {
			// file://$HOME/x: the shell makes it file:///home/u/x
			return r, true
		}
		_, p, _ := strings.Cut(r, "/")
		rest = "/" + p
	}
	if d, err := neturl.PathUnescape(rest); err == nil {
		rest = d
	}
	if h := strings.TrimPrefix(rest, "/"); word.HomeRelative(h) {
		rest = h // file:///$HOME/x: the shell puts the absolute home there
	}
	return rest, true
}

// The characters that end a URL: in a shell word, only white space (the
// word is one argument, and a client reads all of it: curl
// 'http://x;@169.254.169.254/' goes to the host after the @); in
// interpreter code, also the quotes and angle brackets that end a string
// literal or markup.
const (
	wordEnds = " \t\n"
	codeEnds = " \t\n'\"`<>"
)

// maxScheme bounds the length of a URL scheme.
const maxScheme = 32

// schemeURLs returns the URLs inside s: any scheme (RFC 3986: a letter,
// then letters, digits, + - and .) followed by ://, up to a character of
// ends.
func schemeURLs(s, ends string) []string {
	var out []string
	for off := 0; off < len(s); {
		i := strings.Index(s[off:], "://")
		if i < 0 {
			break
		}
		i += off
		start := i
		for start > 0 && i-start < maxScheme && isSchemeChar(s[start-1]) {
			start--
		}
		for start < i && !isLetter(s[start]) {
			start++
		}
		end := i + 3
		for end < len(s) && strings.IndexByte(ends, s[end]) < 0 {
			end++
		}
		if start < i && end > i+3 {
			out = append(out, s[start:end])
		}
		off = max(end, i+3)
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isSchemeChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}
