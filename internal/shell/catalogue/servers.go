package catalogue

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// FileServer is a program that serves a directory over the network: what
// it serves, any client may fetch (`cd ~ && python3 -m http.server &`,
// then `curl 127.0.0.1:8000/.ssh/id_rsa`). Running it is a recursive read
// of that directory that follows its links, as grep -R is: the home,
// which holds ~/.ssh, is blocked; a project passes. The directory is
// named by an option (Root) or an operand (Operand); without either it is
// the working directory.
type FileServer struct {
	// Name is the program; "python" stands for every python and pypy
	// (python3, python3.12, pypy3).
	Name string
	// Lead are the words, in order and next to each other, with which it
	// serves ("-m http.server", "file-server"); "" for the program itself.
	Lead string
	// LeadArgs is how many words after Lead are its values (php -S ADDR,
	// rclone serve PROTOCOL).
	LeadArgs int
	// Root are the options whose value is the directory it serves (-d D,
	// --directory=D, -dD).
	Root word.Set
	// WithArg are its other options that take a value in the next word
	// (-p PORT): not operands.
	WithArg word.Set
	// Operand: its operands are directories it serves (serve dist);
	// otherwise they are not files (python -m http.server PORT).
	Operand bool
}

// Tunnels publish a local service on a public address:
// named by a file: URL (ngrok http file:///DIR, cloudflared, tailscale
// serve|funnel, localtunnel's lt), the service is a file server of that
// directory, whatever words precede it.
const Tunnels word.Set = " ngrok cloudflared tailscale lt localtunnel zrok frpc bore pinggy expose "

// FileServers lists the file servers guard knows, sorted by name
// (TestFileServersSorted).
var FileServers = []FileServer{
	{Name: "caddy", Lead: "file-server", Root: " -r --root ", WithArg: " -l --listen -d --domain --precompressed "},
	{Name: "darkhttpd", Operand: true, WithArg: " --port --addr --maxconn --log --index --mimetypes --default-mimetype --uid --gid --pidfile --auth --header --timeout --forward --forward-all --ipv6-addr "},
	{Name: "http-server", Operand: true, WithArg: " -p --port -a -e --ext -P --proxy --proxy-options --username --password -C --cert -K --key -t --timeout "},
	// busybox httpd (busybox is a prefix: its applet is the program);
	// Apache's httpd -h is its help, read as a directory: an over-read.
	{Name: "httpd", Root: " -h ", WithArg: " -p -c -u -r -e -d "},
	{Name: "jupyter", Lead: "lab", Root: " --notebook-dir --ServerApp.root_dir --NotebookApp.notebook_dir ", WithArg: " --port --ip --config "},
	{Name: "jupyter", Lead: "notebook", Root: " --notebook-dir --ServerApp.root_dir --NotebookApp.notebook_dir ", WithArg: " --port --ip --config "},
	{Name: "jupyter", Lead: "server", Root: " --notebook-dir --ServerApp.root_dir ", WithArg: " --port --ip --config "},
	{Name: "live-server", Operand: true, WithArg: " --port --host --open --watch --ignore --entry-file --proxy --middleware --htpasswd "},
	{Name: "php", Lead: "-S", LeadArgs: 1, Root: " -t --docroot ", WithArg: " -c -d -z "},
	// Third-party serving modules: uploadserver also
	// takes uploads into the directory; RangeHTTPServer is http.server's.
	{Name: "python", Lead: "-m RangeHTTPServer", Root: " -d --directory ", WithArg: " -b --bind "},
	{Name: "python", Lead: "-m SimpleHTTPServer"},
	{Name: "python", Lead: "-m http.server", Root: " -d --directory ", WithArg: " -b --bind -p --protocol "},
	{Name: "python", Lead: "-m uploadserver", Root: " -d --directory ", WithArg: " -b --bind --theme --server-certificate --certificate -c --client-certificate --basic-auth --basic-auth-upload --allow-replace "},
	{Name: "rclone", Lead: "serve", LeadArgs: 1, Operand: true, WithArg: " --addr --user --pass --htpasswd --config --cert --key --client-ca --baseurl --realm --template --vfs-cache-mode --cache-dir --log-file "},
	{Name: "ruby", Lead: "-e httpd", Operand: true, WithArg: " -p -b "},
	{Name: "ruby", Lead: "-ehttpd", Operand: true, WithArg: " -p -b "},
	{Name: "serve", Operand: true, WithArg: " -l --listen -p -c --config --ssl-cert --ssl-key --ssl-pass "},
	// webfsd -r DIR; without it, guard takes the working directory.
	{Name: "webfsd", Root: " -r ", WithArg: " -p -i -t -c -a -n -N -f -x -l -L -m -k -u -g -e -b -R -j -y -S -C -K "},
}

// ServedDirs returns the directories the command name args serves over
// the network, as its words name them ("." for the working directory),
// and whether it is a file server guard knows.
func ServedDirs(name string, args []word.Word) ([]string, bool) {
	if strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy") {
		name = "python"
	}
	i, ok := byName(FileServers, name, func(x *FileServer) string { return x.Name })
	if !ok {
		return nil, false
	}
	for ; i < len(FileServers) && FileServers[i].Name == name; i++ {
		s := FileServers[i]
		if at, ok := leadAt(args, strings.Fields(s.Lead)); ok {
			return s.dirs(args, at+s.LeadArgs), true
		}
	}
	return nil, false
}

// leadAt returns the index after lead's words, found next to each other
// among args before "--".
func leadAt(args []word.Word, lead []string) (int, bool) {
	for i := 0; i+len(lead) <= len(args); i++ {
		if i > 0 && args[i-1].Text == "--" {
			return 0, false
		}
		if slices.EqualFunc(args[i:i+len(lead)], lead, func(a word.Word, l string) bool { return a.Text == l }) {
			return i + len(lead), true
		}
	}
	return 0, false
}

// dirs returns the directories s serves with args: its Root options'
// values anywhere, its operands from index from on, else ".".
func (s FileServer) dirs(args []word.Word, from int) []string {
	var dirs []string
	ended := false
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		switch {
		case ended || a == "-" || !strings.HasPrefix(a, "-"):
			if s.Operand && j >= from {
				dirs = append(dirs, a)
			}
		case a == "--":
			ended = true
		case s.Root.Has(a) || s.WithArg.Has(a):
			if j+1 < len(args) && s.Root.Has(a) {
				dirs = append(dirs, args[j+1].Text)
			}
			j++
		default:
			if v, ok := s.rootValue(a); ok {
				dirs = append(dirs, v)
			}
		}
	}
	if len(dirs) == 0 {
		dirs = append(dirs, ".")
	}
	return dirs
}

// rootValue returns the value of a Root option written in its own word:
// --directory=D, -dD.
func (s FileServer) rootValue(a string) (string, bool) {
	if k, v, ok := strings.Cut(a, "="); ok && s.Root.Has(k) {
		return v, true
	}
	if len(a) > 2 && a[1] != '-' && s.Root.Has(a[:2]) {
		return a[2:], true
	}
	return "", false
}
