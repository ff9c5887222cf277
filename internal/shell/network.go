package shell

// Network programs: what they send, the programs they connect, and the
// URLs and hosts a command names.

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
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

// download: curl and wget, as their table says (catalogue's netClients). Files they
// send are written -d @F; request bodies and headers are data; wget's
// standard output is written -O-.
func (c *cmd) download() {
	cl, ok := catalogue.NetClientNamed(c.name)
	if !ok {
		c.generic()
		return
	}
	t := &transfer{c: c, cl: cl, remote: cl.Remote}
	t.options(c.args, 0)
	t.defaultConfig()
	t.wgetDefaultConfig()
	t.targetHosts()
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

// options reads the client's words args: the command line's, or those
// a configuration it is told to read holds (depth deep).
func (t *transfer) options(args []word.Word, depth int) {
	cl := t.cl
	for j := 0; j < len(args); j++ {
		x := args[j]
		opt, val, hasVal := t.split(cl, x.Text)
		next := func() string {
			if hasVal {
				return val
			}
			if j+1 < len(args) {
				j++
				return args[j].Text
			}
			return ""
		}
		use, ok := cl.Option(opt)
		switch {
		case ok:
			t.use(use, x, opt, next, depth)
		case cl.Output != 0 && len(x.Text) > 2 && x.Text[0] == '-' && x.Text[1] != '-' && strings.IndexByte(x.Text, cl.Output) > 0:
			t.outputCluster(x.Text, strings.IndexByte(x.Text, cl.Output), next)
		case cl.WithArg.Has(opt) && !hasVal && j+1 < len(args):
			t.add(x, argPlain)
			j++
			t.add(args[j], argPlain)
		default:
			t.add(x, argPlain)
		}
	}
}

// transfer is what download gathers from a client's words: its words as
// the line shows them, and where it saves what it fetches.
type transfer struct {
	c     *cmd
	cl    *catalogue.NetClient
	args  []word.Word
	kinds []int
	// outDir is the directory it saves into; remote: it saves each URL
	// under its name; server: the server or a list names the files.
	outDir         string
	remote, server bool
	// inDir are the files it saves URLs into (curl -o): in outDir when
	// one is given (saved).
	inDir []string
	// target: the client sends a request target other than its URLs'
	// paths (targetHosts).
	target bool
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
	c.w.Read(f)
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
		// The flags of a cluster end at a letter that takes a value, or
		// where a path starts (wget -O$HOME/x: -O's, not a letter of it).
		k := 1
		for ; k < len(s) && strings.IndexByte(cl.Short, s[k]) < 0 && !strings.ContainsRune("/$.~", rune(s[k])) && s[k] < 0x80; k++ {
			switch use, _ := cl.Option("-" + s[k:k+1]); use {
			case catalogue.NetRemote:
				t.remote = true
			case catalogue.NetNamed:
				t.remote, t.server = true, true
			}
		}
		if k < len(s) && strings.IndexByte(cl.Short, s[k]) >= 0 {
			opt = "-" + s[k:k+1]
			if k+1 < len(s) {
				val, hasVal = s[k+1:], true
			}
		}
	}
	return opt, val, hasVal
}

// use records what the client does with option x (opt, as split gives
// it), next giving its value.
func (t *transfer) use(use catalogue.NetUse, x word.Word, opt string, next func() string, depth int) {
	w := t.c.w
	switch use {
	case catalogue.NetSave:
		w.Write(next())
	case catalogue.NetInDir:
		t.inDir = append(t.inDir, next())
	case catalogue.NetConfig:
		t.config(next(), depth)
	case catalogue.NetRcFile:
		t.wgetConfig(next(), depth)
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
		w.Read(next())
		t.server = true // the list's URLs name the files
	case catalogue.NetExecute:
		t.wgetrc(next(), depth)
	case catalogue.NetOutput:
		t.remote = false
		if f := next(); f == "-" {
			t.add(word.Word{Text: "-O-", Known: true}, argPlain)
		} else {
			w.Write(f)
			t.add(word.Word{Text: "-O " + f, Known: true}, argPlain)
		}
	case catalogue.NetSecret:
		next()
		t.add(x, argData)
	case catalogue.NetNoop:
	case catalogue.NetMethod:
		// shown as the line has it; one with a blank or a slash may be
		// read by the server as the request target (curl -X 'POST /abc')
		v := next()
		t.target = t.target || strings.ContainsAny(v, " \t/")
		t.add(word.Word{Text: opt, Known: true}, argPlain)
		t.add(word.Word{Text: v, Known: !word.HasMark(v)}, argPlain)
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
			for _, f := range lang.CurlOutputs(v) {
				t.c.w.Write(f) // -w '%output{>>FILE}…' (curl 8.3)
			}
		}
		if f, ok := strings.CutPrefix(v, "@"); ok {
			t.send(f) // -H @file: the file's lines are sent
		}
	case catalogue.NetProxy:
		t.c.url(v)
	case catalogue.NetReroute:
		for _, h := range lang.Rerouted(opt, v) {
			t.c.url(h)
		}
	case catalogue.NetTarget:
		t.target = true
	}
}

// targetHosts: a client told to send another request
// target than its URL's path (curl --request-target, a method word
// holding a path, curl's URL globbing of {a,b} and [1-9] without -g) goes
// to a path guard cannot tell: each URL is also recorded as its host
// alone, which a path-scoped allowlist entry does not match (the host's
// other rules decide; a host-only entry still matches).
func (t *transfer) targetHosts() {
	c := t.c
	glob := t.globbing()
	for j, a := range t.args {
		if t.kinds[j] == argData {
			continue
		}
		for _, u := range lang.SchemeURLs(a.Text, wordEnds) {
			i := strings.Index(u, "://")
			if i < 0 {
				continue
			}
			end := strings.IndexAny(u[i+3:], "/?#")
			if end < 0 || !t.target && !(glob && strings.ContainsAny(u[i+3+end:], "{}[]")) {
				continue
			}
			c.url(u[:i+3+end])
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
		t.c.w.Write(f)
	}
}

// saved records the files the client saves: those -o names, and, curl -O
// and wget without -O, each URL's last path element; in --output-dir or
// -P DIR, else the working directory.
func (t *transfer) saved() {
	w := t.c.w
	dir := strings.TrimRight(t.outDir, "/")
	if dir == "" {
		dir = "."
	}
	if t.server {
		// The server or a list names the files (-J, -r, -i): anything in
		// the directory may be written.
		w.WriteDir(dir)
	}
	glob := t.globbing()
	var groups [][][]string
	if glob && len(t.inDir) > 0 {
		groups = t.urlGroups()
	}
	for _, f := range t.inDir {
		for _, name := range t.templated(f, groups, glob) {
			t.save(dir, name)
		}
	}
	if t.remote {
		for _, a := range t.c.args {
			for _, name := range t.remoteNames(a.Text, glob) {
				t.save(dir, name)
			}
		}
	}
}

// save records that the client writes file f in directory dir (curl puts
// --output-dir before an absolute -o name too). As curl's --output-dir
// holds only up to a --next, which guard does not split the line at, f is
// also written where it stands without the directory.
func (t *transfer) save(dir, f string) {
	w := t.c.w
	if f == "-" || t.outDir == "" {
		w.Write(f) // - : standard output, which Write does not take as a file
		return
	}
	w.Write(dir + "/" + f)
	w.Write(f)
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
			c.runs = word.Base(lang.FirstField(val()))
			continue
		case strings.HasPrefix(s, "--exec="):
			c.runs = word.Base(lang.FirstField(s[len("--exec="):]))
			continue
		case strings.HasPrefix(s, "-e") && len(s) > 2 && !strings.HasPrefix(s, "--"):
			c.runs = word.Base(lang.FirstField(s[2:]))
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

// socat: its addresses are TYPE:REST,OPTS (a word with a / and no type
// is GOPEN:, two joined by !! are one for each direction). EXEC: and
// SYSTEM: run a command (EXEC: split into words, SYSTEM: by sh); the file
// types (catalogue.SocatFiles) open REST for reading and writing; TCP:,
// OPENSSL: and the like name a host. Any other type's REST is left to
// touches (prefixedPaths).
func (c *cmd) socat() {
	for j, a := range c.args {
		for _, addr := range strings.Split(a.Text, "!!") {
			c.socatAddress(j, addr)
		}
	}
	if c.stdin.file != "" {
		c.sends = append(c.sends, c.stdin.file)
	}
}

// socatAddress analyses addr, one address of argument j.
func (c *cmd) socatAddress(j int, addr string) {
	typ, rest, ok := strings.Cut(addr, ":")
	if !ok && strings.Contains(addr, "/") && !strings.HasPrefix(addr, "-") {
		typ, rest, ok = "gopen", addr, true
	}
	if !ok {
		return
	}
	typ = strings.ToLower(typ)
	if k := strings.IndexByte(rest, ','); k >= 0 {
		rest = rest[:k]
	}
	switch {
	case typ == "exec" || typ == "system":
		c.w.scoped(func() { c.w.script(rest, c.w.depth+1) })
		c.runs = word.Base(lang.FirstField(rest))
		if typ == "system" {
			c.runs = "sh"
		}
		c.kinds[j] = argCode
	case catalogue.SocatFiles.Has(typ):
		c.w.Read(rest)
		c.w.Write(rest)
		c.spend(j)
	case catalogue.SocatHosts.Has(typ):
		c.url(lang.HostPart(rest))
	}
}

// openssl s_client -connect host:port.
func (c *cmd) openssl() {
	for j, a := range c.args {
		if (a.Text == "-connect" || a.Text == "-host") && j+1 < len(c.args) {
			c.url(lang.HostPart(c.args[j+1].Text))
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
			c.w.Write(c.args[j+1].Text)
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
	host := sshHost(c.args, func(letter byte, v string, at int) { c.sshValue(letter, v, at) })
	if host < len(c.args) {
		c.url(lang.HostPart(c.args[host].Text))
		for k := host; k < len(c.args); k++ {
			c.spend(k) // the host, and the command run there
		}
		if host+1 < len(c.args) {
			c.w.remote(c.args[host+1:]) // the remote command
		}
	}
	c.generic()
}

// sshHost reads ssh's options in args as its getopt reads them (a cluster
// -vE F is -v -E F, a value glued or the next word), calling value with
// each valued option's letter, value and the index of the word holding
// it, and returns the index of the host operand (len(args) for none).
func sshHost(args []word.Word, value func(letter byte, v string, at int)) int {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" {
			return j + 1
		}
		if len(s) < 2 || s[0] != '-' {
			return j
		}
		k := strings.IndexAny(s[1:], catalogue.SSHValued)
		if k < 0 {
			continue // flags only: -vvv, -T
		}
		letter, v, at := s[k+1], s[k+2:], j
		if v == "" && j+1 < len(args) {
			j++
			v, at = args[j].Text, j
		}
		if value != nil {
			value(letter, v, at)
		}
	}
	return len(args)
}

// sshValue takes the value v of ssh's option letter, in word at: -J's
// jump hosts, -i's key and -o's key options (used, never shown: spent),
// -E's log and -S's control socket (touched). Any other stays
// for generic, which touches it.
func (c *cmd) sshValue(letter byte, v string, at int) {
	switch letter {
	case 'J':
		for _, h := range strings.Split(v, ",") {
			c.url(lang.HostPart(h))
		}
	case 'i':
		c.spend(at)
	case 'o':
		if sshKeyOption(v) {
			c.spend(at)
		}
	case 'E', 'S':
		c.w.Touch(v) // its log (appended), its control socket
	}
}

// sshKeyOption reports whether ssh option KEY=VALUE names a key or
// certificate ssh uses (reads, never shows).
func sshKeyOption(o string) bool {
	l, ok, _ := readSSHLine(o)
	return ok && (l.key == "identityfile" || l.key == "certificatefile")
}

// remoteCopy: scp, sftp and rsync operands of the form [user@]host:path.
func (c *cmd) remoteCopy() {
	for j, a := range c.args {
		s := a.Text
		if j > 0 && catalogue.SshWithArg.Has(c.args[j-1].Text) || strings.HasPrefix(s, "-") || strings.Contains(s, "://") {
			continue
		}
		if k := strings.IndexByte(s, ':'); k > 0 && !strings.ContainsAny(s[:k], "/") {
			c.url(lang.HostPart(s[:k]))
		} else if c.name == "sftp" && !strings.ContainsAny(s, "/") {
			c.url(lang.HostPart(s))
		}
	}
	c.generic()
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
		c.url(lang.HostPart(s))
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
		if strings.HasPrefix(s, "-") || strings.Contains(s, "://") || !lang.HostLike(s) {
			continue
		}
		c.url(s)
	}
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
		c.urls(lang.SchemeURLs(a.Text, wordEnds))
		c.urls(lang.FileURLs(a.Text, wordEnds))
		if strings.ContainsAny(a.Text, codeEnds) {
			c.urls(lang.SchemeURLs(a.Text, codeEnds))
			c.urls(lang.FileURLs(a.Text, codeEnds))
		}
	}
	c.urls(lang.SchemeURLs(c.code, codeEnds))
	c.urls(lang.FileURLs(c.code, codeEnds))
}

// urls records URLs, and the files of file: URLs: read, or written by an
// upload (curl -T F file:///dest).
func (c *cmd) urls(us []string) {
	for _, u := range us {
		if p, ok := lang.FilePath(u); ok {
			if c.uploads {
				c.w.Write(p)
			} else {
				c.w.Read(p)
			}
			continue
		}
		c.url(u)
	}
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
