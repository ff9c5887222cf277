package shell

// docker build (buildx build, image build, builder build, podman build)
// sends its context directory to a builder whose RUN lines run with what
// COPY and ADD took from it, and print to the agent: the context is read
// whole (a recursive read: docker build ~ reads ~/.ssh), and the
// Dockerfile's RUN lines are walked as commands whose paths map back to
// the context through the COPYs (effect.ContainerView, read-only: a build
// writes only its image). .dockerignore is not read: everything may be
// copied. A Dockerfile guard cannot read as Docker does is hidden.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// buildWithArg are docker build's, buildx's and podman build's options
// that take the next word.
const buildWithArg word.Set = " -f --file -t --tag --build-arg --build-context --secret --ssh -o --output --iidfile " +
	"--metadata-file --cache-from --cache-to --platform --target --label --network --add-host --progress --builder " +
	"--allow --annotation --attest --cgroup-parent --shm-size --ulimit --isolation -m --memory --memory-swap " +
	"--cpu-period --cpu-quota --cpu-shares --cpuset-cpus --cpuset-mems --call --authfile --volume -v " +
	"--format --jobs --arch --os --variant --userns --security-opt --cap-add --cap-drop --device --dns --env --from "

// buildShortWithArg are the short options of buildWithArg (podman's -v is
// --volume).
const buildShortWithArg = "ftomv"

// buildView is what a build's RUN lines see: the context, the build
// contexts named by --build-context, the secrets, and, as the
// Dockerfile goes, what COPY put where, WORKDIR, ENV and ARG, SHELL.
type buildView struct {
	ctx     string      // the context directory; "" for none
	named   [][2]string // --build-context NAME=DIR
	secrets [][2]string // --secret id=ID,src=FILE
	args    [][2]string // --build-arg NAME=VALUE
	mounts  []effect.Mount
	workdir string
	env     []string // export lines before each RUN
	shell   string   // SHELL's program when it is no shell guard reads
	binds   []effect.Mount
	outputs [][2]string // written after the build: -o DIR, --iidfile F
}

// containerBuild analyses docker build's words; it reports whether c is
// a build.
func (c *cmd) containerBuild() bool {
	j := 0
	if len(c.args) > 1 && (c.args[0].Text == "buildx" || c.args[0].Text == "image" || c.args[0].Text == "builder") {
		j = 1
	}
	if j >= len(c.args) || c.args[j].Text != "build" && !(j == 1 && c.args[j].Text == "b") &&
		!(c.name == "buildah" && (c.args[j].Text == "bud" || c.args[j].Text == "build-using-dockerfile")) {
		return false
	}
	v := &buildView{}
	file, ctxs := c.buildOptions(v, c.args[j+1:])
	v.binds, _ = containerMounts(c.args[j+1:]) // podman build -v SRC:DST
	for _, ctx := range ctxs {
		c.buildContext(v, ctx, file)
	}
	if len(ctxs) == 0 && file == "-" {
		c.buildStdin(v) // docker build -f - (an error without a context)
	}
	for _, o := range v.outputs {
		if o[0] == "--iidfile" || o[0] == "--metadata-file" {
			c.w.Write(o[1])
		} else if d := buildDest(o[1]); d != "" {
			c.w.WriteTree(d) // the image's files, or the cache, land there
		}
	}
	return true
}

// buildah: buildah bud (build, build-using-dockerfile) builds as podman
// build does (FINDINGS46b B3); its other subcommands are read as any
// program's words.
func (c *cmd) buildah() {
	c.containerBuild()
	c.generic()
}

// buildOptions reads a build's options into v: it returns the -f file
// and the operands (contexts).
func (c *cmd) buildOptions(v *buildView, args []word.Word) (string, []word.Word) {
	file := ""
	var ctxs []word.Word
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		name, val, eq := strings.Cut(s, "=")
		switch {
		case !strings.HasPrefix(s, "-") || s == "-":
			ctxs = append(ctxs, args[j])
			continue
		case !strings.HasPrefix(s, "--"):
			// -f F, -fF, -qf F, -qfF: short options as pflag reads them
			// (FINDINGS46b B1); a cluster of switches only sets nothing.
			flag, v, next, ok := word.ShortValue(s, buildShortWithArg)
			if !ok {
				continue
			}
			if name, val = "-"+string(flag), v; next {
				if j+1 >= len(args) {
					continue
				}
				j++
				val = args[j].Text
			}
		case !eq && buildWithArg.Has(s) && j+1 < len(args):
			j++
			val = args[j].Text
		case !eq:
			continue
		}
		if (name == "-f" || name == "--file") && !args[j].Known {
			c.w.hide("builds a Dockerfile whose name guard cannot tell (%s)", word.Render(val))
		}
		c.buildOption(v, name, val, &file)
	}
	return file, ctxs
}

// buildOption records one option NAME VALUE of a build.
func (c *cmd) buildOption(v *buildView, name, val string, file *string) {
	switch name {
	case "-f", "--file":
		*file = val
	case "--build-arg":
		if k, x, ok := strings.Cut(val, "="); ok {
			v.args = append(v.args, [2]string{k, x})
		}
	case "--build-context":
		if k, x, ok := strings.Cut(val, "="); ok && !strings.Contains(x, "://") && !strings.HasPrefix(x, "target:") {
			c.buildTree(x) // a second context: read as the first
			v.named = append(v.named, [2]string{k, x})
		}
	case "--secret":
		c.buildSecret(v, val)
	case "-o", "--output", "--cache-to", "--iidfile", "--metadata-file":
		v.outputs = append(v.outputs, [2]string{name, val})
	case "--authfile":
		c.w.Read(val)
	}
}

// buildDest returns the directory an --output or --cache-to value writes
// (type=local,dest=DIR, type=tar,dest=F, or a bare path); "" for none.
func buildDest(val string) string {
	if !strings.Contains(val, "=") {
		if val == "-" {
			return ""
		}
		return val
	}
	for _, f := range strings.Split(val, ",") {
		if k, x, ok := strings.Cut(f, "="); ok && (k == "dest" || k == "dst") {
			return x
		}
	}
	return ""
}

// buildSecret: --secret id=ID,src=FILE hands FILE to the RUN lines that
// mount secret ID (at /run/secrets/ID or their target); env= hands it a
// variable; a secret given as an environment variable inside RUN is read
// whole, as guard cannot follow it.
func (c *cmd) buildSecret(v *buildView, val string) {
	id, src := "", ""
	for _, f := range strings.Split(val, ",") {
		k, x, _ := strings.Cut(f, "=")
		switch k {
		case "id":
			id = x
		case "src", "source":
			src = x
		}
	}
	if src == "" && id != "" && !strings.Contains(val, "env=") && !strings.Contains(val, "type=env") {
		src = id // no src, no env: a file of that name
	}
	if src != "" {
		v.secrets = append(v.secrets, [2]string{id, src})
	}
}

// buildContext reads build context a (a directory, a URL, or - for a
// Dockerfile or an archive on standard input) and walks its Dockerfile.
func (c *cmd) buildContext(v *buildView, a word.Word, file string) {
	ctx := a.Text
	switch {
	case ctx == "-":
		c.buildStdin(v)
		return
	case strings.Contains(ctx, "://") || strings.HasPrefix(ctx, "git@") || strings.HasPrefix(ctx, "github.com/"):
		c.url(ctx) // a remote context: its RUN lines see no host file but what is handed
		if len(v.named) > 0 || len(v.secrets) > 0 {
			c.w.hide("builds a remote Dockerfile guard cannot read with a local build context or secret")
		}
		return
	}
	c.buildTree(ctx)
	v.ctx = ctx
	if file == "-" {
		c.buildStdin(v)
		return
	}
	if file == "" {
		file = c.defaultDockerfile(ctx)
	}
	c.w.Read(file)
	if t, ok := c.w.FileText(file, a.Known, effect.MaxScriptBytes, "a Dockerfile"); ok {
		c.buildText(v, t)
	}
}

// buildTree reads context dir whole, as a container's bind mount is
// (Analysis.MountReads): the RUN lines, walked, read there what they read
// as their own, so a project holding .env builds, while a context that
// is the home, holds it or lies in a hidden directory of it still reads
// ~/.ssh (hook/mounts.go).
func (c *cmd) buildTree(dir string) {
	from := len(c.w.a.Reads)
	c.w.ReadTree(dir)
	c.w.mounted = append(c.w.mounted, [2]int{from, len(c.w.a.Reads)})
	c.w.Touch(dir)
}

// defaultDockerfile returns the Dockerfile a build of ctx reads:
// Dockerfile or dockerfile in it; podman's Containerfile first.
func (c *cmd) defaultDockerfile(ctx string) string {
	names := []string{"Dockerfile", "dockerfile"}
	if c.name == "podman" || c.name == "buildah" {
		names = []string{"Containerfile", "containerfile", "Dockerfile", "dockerfile"}
	}
	for _, n := range names {
		p := path.Join(ctx, n)
		if _, st := c.w.FileStatus(p, true, effect.MaxScriptBytes); st != effect.FileAbsent {
			return p
		}
	}
	return path.Join(ctx, names[0])
}

// buildStdin walks a Dockerfile a build reads on standard input: known
// text (a here-document), a file guard reads; else hidden (codeInput).
func (c *cmd) buildStdin(v *buildView) {
	if c.stdin.file != "" {
		c.w.Read(c.stdin.file)
	}
	t, ok := c.codeInput("a Dockerfile")
	c.consumeStdin()
	if ok {
		c.buildText(v, t)
	}
}

// buildText walks the instructions of Dockerfile text t.
func (c *cmd) buildText(v *buildView, t string) {
	ins, err := lang.ReadDockerfile(t)
	if err != nil {
		c.w.hide("builds a Dockerfile guard cannot read as Docker does (%s): it cannot tell what its RUN lines do", err.Error())
		return
	}
	for _, in := range ins {
		c.buildInstr(v, in)
	}
}

// buildInstr follows one Dockerfile instruction.
func (c *cmd) buildInstr(v *buildView, in lang.DockerInstr) {
	switch in.Cmd {
	case "FROM":
		v.workdir = "" // the base image's, not known
	case "WORKDIR":
		d := in.Args
		switch {
		case strings.ContainsAny(d, "$\"'") || d == "":
			v.workdir = ""
		case strings.HasPrefix(d, "/"):
			v.workdir = path.Clean(d)
		case v.workdir != "":
			v.workdir = path.Join(v.workdir, d)
		}
	case "ENV":
		v.env = append(v.env, dockerEnv(in.Args))
	case "ARG":
		v.env = append(v.env, v.dockerArg(in.Args)...)
	case "SHELL":
		v.shell = ""
		if len(in.Exec) == 0 || !catalogue.Shells.Has(path.Base(in.Exec[0])) {
			v.shell = in.Args
		}
	case "COPY", "ADD":
		c.buildCopy(v, in)
	case "RUN":
		c.buildRun(v, in)
	}
}

// dockerEnv returns ENV's arguments as a shell export: ENV K=V K2="V 2",
// or the old ENV K V W.
func dockerEnv(args string) string {
	k, rest, _ := strings.Cut(args, " ")
	if !strings.Contains(k, "=") {
		return "export " + k + "=" + word.Quote(strings.TrimSpace(rest))
	}
	return "export " + args
}

// dockerArg returns ARG NAME[=DEFAULT]'s export: the --build-arg value,
// else the default; none when neither is given.
func (v *buildView) dockerArg(args string) []string {
	var out []string
	for _, f := range strings.Fields(args) {
		k, def, hasDef := strings.Cut(f, "=")
		given := false
		for _, a := range v.args {
			if a[0] == k {
				out, given = append(out, "export "+k+"="+word.Quote(a[1])), true
			}
		}
		if !given && hasDef {
			out = append(out, "export "+k+"="+def)
		}
	}
	return out
}

// buildCopy records where COPY or ADD puts what it takes from a context:
// each source (a file, a directory's contents, a glob's files) seen at
// the destination, and the context itself there (--parents); with the
// working directory not known, the context may be anywhere: seen at /.
func (c *cmd) buildCopy(v *buildView, in lang.DockerInstr) {
	base := v.ctx
	for _, f := range in.Flags {
		if from, ok := strings.CutPrefix(f, "--from="); ok {
			base = v.namedContext(from) // another stage's or image's files: ""
		}
	}
	words := in.Exec
	if !in.IsExec {
		words = strings.Fields(in.Args)
	}
	if base == "" || len(words) < 2 {
		return
	}
	dest := words[len(words)-1]
	if !strings.HasPrefix(dest, "/") {
		if v.workdir == "" {
			v.mounts = append(v.mounts, effect.Mount{Src: base, Dst: "/", ReadOnly: true})
		}
		dest = path.Join("/", v.workdir, dest)
	}
	for _, src := range words[:len(words)-1] {
		if strings.HasPrefix(src, "<<") || strings.Contains(src, "://") {
			continue // a here-document, a URL
		}
		rel := path.Join("/", src)[1:] // a context's sources cannot leave it
		if strings.ContainsAny(rel, "*?[") {
			rel = path.Dir(rel)
		}
		host := path.Join(base, rel)
		k, _ := c.w.Lstat(host)
		file := k != effect.EntryDir && k != effect.EntryLink && k != effect.EntryUnknown // a directory's contents land under DST
		v.mounts = append(v.mounts, effect.Mount{Src: host, Dst: dest, ReadOnly: true, File: file},
			effect.Mount{Src: host, Dst: path.Join(dest, path.Base("/"+rel)), ReadOnly: true, File: file})
	}
	// Last: a mount of the same destination found first is the source's.
	v.mounts = append(v.mounts, effect.Mount{Src: base, Dst: dest, ReadOnly: true})
}

// namedContext returns the directory of --build-context NAME; "" when
// NAME is a stage or an image.
func (v *buildView) namedContext(name string) string {
	for _, n := range v.named {
		if n[0] == name {
			return n[1]
		}
	}
	return ""
}

// buildRun walks a RUN line in the build's view of the context.
func (c *cmd) buildRun(v *buildView, in lang.DockerInstr) {
	mounts := append(append([]effect.Mount(nil), v.mounts...), v.binds...)
	for _, f := range in.Flags {
		if f == "--security=insecure" {
			c.w.hide("builds with RUN --security=insecure, a privileged container where guard cannot tell what it reaches")
			return
		}
		if m, ok := strings.CutPrefix(f, "--mount="); ok {
			mounts = append(mounts, c.runMount(v, m)...)
		}
	}
	script, ok := runScript(in)
	if !in.IsExec && v.shell != "" {
		c.w.hide("builds RUN lines with SHELL %s, which guard does not read", v.shell)
		return
	}
	if !ok {
		return
	}
	src := strings.Join(v.env, "\n") + "\n" + script
	// The lines run in the builder, a container: not the host commands
	// the command rules are for (docker build of RUN rm -rf /var/lib/…).
	lines, cmds := len(c.w.a.Lines), len(c.w.a.Commands)
	leave := c.w.EnterContainer(&effect.ContainerView{Mounts: mounts, Workdir: v.workdir})
	c.w.scoped(func() { c.w.script(src, c.w.depth+1) })
	leave()
	c.w.a.Lines, c.w.a.Commands = c.w.a.Lines[:lines], c.w.a.Commands[:cmds]
}

// runMount returns what RUN --mount=… shares: a bind of a context's
// directory, a secret's file.
func (c *cmd) runMount(v *buildView, m string) []effect.Mount {
	kind, src, dst, from, id, env := "bind", "", "", "", "", ""
	for _, f := range strings.Split(m, ",") {
		k, x, _ := strings.Cut(f, "=")
		switch k {
		case "type":
			kind = x
		case "source", "src":
			src = x
		case "target", "dst", "destination":
			dst = x
		case "from":
			from = x
		case "id":
			id = x
		case "env":
			env = x
		}
	}
	switch kind {
	case "bind":
		base := v.ctx
		if from != "" {
			base = v.namedContext(from)
		}
		if base != "" && strings.HasPrefix(dst, "/") {
			return []effect.Mount{{Src: path.Join(base, path.Join("/", src)[1:]), Dst: dst, ReadOnly: true}}
		}
	case "secret":
		if dst == "" {
			dst = "/run/secrets/" + id
		}
		for _, s := range v.secrets {
			if s[0] != id {
				continue
			}
			if env != "" {
				c.w.Read(s[1]) // in a variable: guard does not follow it
				continue
			}
			return []effect.Mount{{Src: s[1], Dst: dst, ReadOnly: true}}
		}
	}
	return nil
}

// runScript returns the shell text a RUN line runs: its shell form with
// its here-documents, a leading here-document's body (by its #! program),
// its exec form's words quoted.
func runScript(in lang.DockerInstr) (string, bool) {
	if in.IsExec {
		q := make([]string, len(in.Exec))
		for i, s := range in.Exec {
			q[i] = word.Quote(s)
		}
		return strings.Join(q, " "), len(q) > 0
	}
	if strings.HasPrefix(in.Args, "<<") && len(in.Heredocs) > 0 {
		h := in.Heredocs[0]
		first, _, _ := strings.Cut(h.Body, "\n")
		if f := strings.Fields(strings.TrimPrefix(first, "#!")); strings.HasPrefix(first, "#!") && len(f) > 0 {
			prog := path.Base(f[0])
			if prog == "env" && len(f) > 1 {
				prog = f[len(f)-1]
			}
			return prog + " <<'" + h.Name + "'\n" + h.Body + h.Name + "\n", true
		}
		return h.Body, true
	}
	var b strings.Builder
	b.WriteString(in.Args + "\n")
	for _, h := range in.Heredocs {
		b.WriteString(h.Body + h.Name + "\n")
	}
	return b.String(), true
}

// composeBuilds builds, as docker build does, each service a compose
// file (text t, in directory dir) builds: build: DIR, or build: with
// context: (default its directory), dockerfile: (relative to the
// context) and dockerfile_inline:.
func (c *cmd) composeBuilds(t, dir string) {
	toks, ok := composeTokens(t)
	if !ok {
		c.w.hide(composeUnreadable, "a compose file")
		return
	}
	key, ctx := "", ""
	for _, tok := range toks {
		if tok.key {
			if key = tok.text; key == "build" {
				ctx = composeRel(dir, ".")
			}
			continue
		}
		v := composeInterp(tok.text)
		switch key {
		case "build", "context":
			if !strings.Contains(v, "://") {
				ctx = composeRel(dir, v)
				c.buildContext(&buildView{}, word.Word{Text: ctx, Known: true}, "")
			}
		case "dockerfile":
			if ctx != "" {
				c.buildContext(&buildView{}, word.Word{Text: ctx, Known: true}, path.Join(ctx, v))
			}
		case "dockerfile_inline":
			if ctx != "" {
				v := &buildView{}
				c.buildTree(ctx)
				v.ctx = ctx
				c.buildText(v, tok.text)
			}
		}
	}
}
