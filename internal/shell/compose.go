package shell

// Compose files: docker compose (podman's, nerdctl's), docker-compose,
// podman-compose and docker stack deploy start containers with the
// volumes, files and privileges a compose file lists: the -v list in
// another spelling. The file (-f, COMPOSE_FILE, else compose.yaml… in the
// project directory, with its override file) is read, bounded, and its
// values are checked as the docker run options they are. Without a YAML
// parser on the hook path, the file is read as a sequence of keys and
// values (block and flow style, JSON alike); a file guard cannot read
// whole is hidden.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// compose reads the compose files a compose command given args (after
// "compose") starts containers with.
func (c *cmd) compose(args []word.Word) {
	var files []word.Word
	dir, sub := "", ""
	for j := 0; j < len(args) && sub == ""; j++ {
		s := args[j].Text
		name, val, eq := strings.Cut(s, "=")
		if flag, v, next, ok := word.ShortValue(s, composeShortWithArg); ok {
			// -fFILE, -f=FILE as pflag reads them (FINDINGS46b B10)
			name, val, eq = "-"+string(flag), v, !next
		}
		if !eq && catalogue.ComposeWithArg.Has(name) && j+1 < len(args) {
			j++
			val = args[j].Text
		}
		switch {
		case name == "-f" || name == "--file" || name == "-c" || name == "--compose-file":
			files = append(files, word.Word{Text: val, Known: args[j].Known})
		case name == "--project-directory":
			dir = val
		case !strings.HasPrefix(s, "-"):
			sub = s
		}
	}
	if sub == "config" || sub == "convert" {
		c.composeEnv(dir, files) // prints the model with .env's values
	}
	if !catalogue.ComposeRuns.Has(sub) && sub != "build" {
		return
	}
	if len(files) == 0 {
		if v, ok := c.envValue("COMPOSE_FILE"); ok && v != "" {
			for _, f := range strings.Split(v, ":") {
				files = append(files, word.Word{Text: f, Known: true})
			}
		}
	}
	if len(files) == 0 {
		files = c.defaultCompose(dir)
	}
	for _, f := range files {
		c.composeFile(f, 0, sub == "build")
	}
}

// composeShortWithArg are the short options of catalogue.ComposeWithArg:
// compose's -f and -p.
const composeShortWithArg = "fp"

// defaultCompose returns the compose file compose finds in dir ("" for
// the working directory) and its override file.
func (c *cmd) defaultCompose(dir string) []word.Word {
	var out []word.Word
	for _, set := range [][4]string{catalogue.ComposeFiles, catalogue.ComposeOverrides} {
		for _, name := range set {
			p := name
			if dir != "" {
				p = path.Join(dir, name)
			}
			if _, st := c.w.FileStatus(p, true, effect.MaxScriptBytes); st != effect.FileAbsent {
				out = append(out, word.Word{Text: p, Known: true})
				break
			}
		}
	}
	return out
}

// composeFile reads the compose file a names and checks what it gives
// its services.
func (c *cmd) composeFile(a word.Word, depth int, build bool) {
	if a.Text == "-" {
		// -f -: the file comes on standard input
		if t, ok := c.inputText(); ok {
			c.composeText(t, "", depth, build)
		} else if c.stdin.file != "" {
			c.composeFile(word.Word{Text: c.stdin.file, Known: true}, depth, build)
		} else if c.stdin.sub != "" || c.piped {
			c.w.hide("reads a compose file on standard input guard cannot see")
		}
		return
	}
	if a.Text == "" || depth > maxEscapeDepth {
		return
	}
	c.w.Read(a.Text)
	t, ok := c.w.FileText(a.Text, a.Known, effect.MaxScriptBytes, "a compose file")
	if !ok {
		return
	}
	c.composeText(t, path.Dir(a.Text), depth, build)
}

// composeText checks compose file text t, whose relative names are in
// directory dir: a short-syntax volume (SRC:DST) or a volume key's value
// is a host directory the container reads and may write; a read key's
// value is a file compose reads (an included compose file is read too); a
// key that gives the host (privileged: true, pid: host) is hidden.
func (c *cmd) composeText(t, dir string, depth int, build bool) {
	c.composeBuilds(t, dir) // dockerbuild.go: up builds what it has no image of
	toks, ok := composeTokens(t)
	if !ok {
		c.w.hide(composeUnreadable, "a compose file")
		return
	}
	key := ""
	for _, tok := range toks {
		if tok.Key {
			key = tok.Text
			continue
		}
		v := composeInterp(tok.Text)
		if build {
			// compose build: the images only, of this file's services and
			// of those of the compose files it pulls in (include:,
			// extends: file:), whose builds are read the same way.
			if f := composeRel(dir, v); catalogue.ComposeReadKeys.Has(key) && lang.PathLike(v) && (path.Ext(f) == ".yml" || path.Ext(f) == ".yaml") {
				c.composeFile(word.Word{Text: f, Known: true}, depth+1, build)
			}
			continue
		}
		if catalogue.ComposeHostGiving(key, v) {
			c.w.hide("starts a compose service given the host (%s: %s): its command runs as root on the host, where guard cannot tell what it reaches", key, v)
			return
		}
		src := ""
		if s := volumeSource("-v", v); s != "" && strings.Contains(v, ":") {
			src = s
		} else if catalogue.ComposeVolumeKeys.Has(key) && lang.PathLike(v) {
			src = v
		}
		switch {
		case src != "":
			src = composeRel(dir, src)
			if catalogue.HostGivingMount(src) {
				c.w.hide("starts a compose service given the host (a mount of %s)", src)
				return
			}
			c.w.ReadTree(src)
			c.w.Touch(src)
		case key == "env_file" && !outsideProject(v):
			// the project's own environment file: handed to the
			// container, as compose reads ./.env anyway
		case catalogue.ComposeReadKeys.Has(key) && (lang.PathLike(v) || key == "env_file"):
			f := composeRel(dir, v)
			if ext := path.Ext(f); ext == ".yml" || ext == ".yaml" {
				c.composeFile(word.Word{Text: f, Known: true}, depth+1, build)
			} else {
				c.w.Read(f)
			}
		}
	}
}

// outsideProject reports whether p names a place outside the working
// directory: absolute, in the home, or up from it.
func outsideProject(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") || strings.HasPrefix(p, "..")
}

// stackDeploy: docker stack deploy -c F (--compose-file F) starts the
// services of F.
func (c *cmd) stackDeploy(args []word.Word) {
	for j := 0; j < len(args); j++ {
		name, val, eq := strings.Cut(args[j].Text, "=")
		if name != "-c" && name != "--compose-file" {
			continue
		}
		if !eq && j+1 < len(args) {
			j++
			val = args[j].Text
		}
		c.composeFile(word.Word{Text: val, Known: args[j].Known}, 0, false)
	}
}

// composeCmd: docker-compose and podman-compose are docker compose.
func (c *cmd) composeCmd() {
	c.compose(c.args)
	c.generic()
}

// composeInterp resolves compose's interpolation in v as far as guard
// can: ${HOME} is the home, ${NAME:-DEFAULT} (and -, :?, ?, :+, +) its
// default, any other ${NAME} stays $NAME (a name guard cannot tell).
func composeInterp(v string) string {
	for n := 0; n < 16; n++ {
		i := strings.Index(v, "${")
		if i < 0 {
			return v
		}
		end := strings.IndexByte(v[i:], '}')
		if end < 0 {
			return v
		}
		inner := v[i+2 : i+end]
		name, def := inner, ""
		if k := strings.IndexAny(inner, ":-?+"); k >= 0 {
			name, def = inner[:k], strings.TrimLeft(inner[k:], ":-?+")
		}
		switch {
		case name == "HOME":
			def = "~"
		case def == "":
			def = "$" + name
		}
		v = v[:i] + def + v[i+end+1:]
	}
	return v
}

// composeRel returns a compose file's relative name p as seen from the
// working directory: relative to the file's directory dir.
func composeRel(dir, p string) string {
	if dir == "" || dir == "." || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") {
		return p
	}
	return path.Join(dir, p)
}

// composeTokens returns the keys and scalar values of YAML (or JSON) text
// t, in order, decoded as the YAML library compose and kubectl use decodes
// them (lang.YAMLTokens: quoted escapes, \x24{HOME} is ${HOME}; block
// scalars; anchors and tags passed over), at most maxTextTokens*4 of them;
// false when it holds what guard does not decode, which its caller hides.
func composeTokens(t string) ([]lang.YAMLToken, bool) {
	toks, ok := lang.YAMLTokens(t)
	return toks[:min(len(toks), maxTextTokens*4)], ok
}

// composeUnreadable is the reason a compose file or manifest guard cannot
// read as YAML is hidden by.
const composeUnreadable = "reads %s guard cannot read as YAML is read (an escape, indicator or encoding it does not decode): it cannot tell what the containers are given"

// kubeManifests: kubectl apply, create and replace -f F start pods with
// what F lists; a hostPath volume (hostPath: path: DIR) hands the node's
// DIR to the pod, which is this machine's when the cluster is local
// (kind, minikube, Docker Desktop): read whole and touched, as docker run
// -v DIR does. F - is the command's standard input.
func (c *cmd) kubeManifests() {
	if len(c.args) == 0 || !kubeStarts.Has(c.args[0].Text) {
		return
	}
	for j := 1; j < len(c.args); j++ {
		name, val, eq := strings.Cut(c.args[j].Text, "=")
		if name != "-f" && name != "--filename" {
			continue
		}
		if !eq && j+1 < len(c.args) {
			j++
			val = c.args[j].Text
		}
		switch {
		case val == "-":
			if t, ok := c.inputText(); ok {
				c.hostPaths(t)
			}
		case strings.Contains(val, "://"):
		default:
			c.w.Read(val)
			if t, ok := c.w.FileText(val, c.args[j].Known, effect.MaxScriptBytes, "a manifest"); ok {
				c.hostPaths(t)
			}
		}
	}
}

// kubeStarts are the kubectl subcommands that create what a manifest
// lists.
const kubeStarts word.Set = " apply create replace "

// hostPaths records the hostPath volumes of manifest text t.
func (c *cmd) hostPaths(t string) {
	toks, ok := composeTokens(t)
	if !ok {
		c.w.hide(composeUnreadable, "a manifest")
		return
	}
	host := false
	key := ""
	for _, tok := range toks {
		switch {
		case tok.Key:
			key = tok.Text
			if key == "hostPath" {
				host = true
			}
		case host && key == "path":
			c.w.ReadTree(tok.Text)
			c.w.Touch(tok.Text)
			host = false
		}
	}
}

// composeEnv: compose config prints the model with the values of the
// project directory's .env (the directory of the first -f file, or the
// working directory) interpolated, --environment all of them: a read of
// it when one is there (envloaders.go).
func (c *cmd) composeEnv(dir string, files []word.Word) {
	if dir == "" && len(files) > 0 {
		dir = path.Dir(files[0].Text)
	}
	c.envDefault(path.Join(dir, ".env"), "env")
}
