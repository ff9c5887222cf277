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
	"encoding/csv"
	"path"
	"strconv"
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
	vars    [][3]string // the stage's ARG/ENV: NAME, VALUE, "?" when not known
	argsSet bool        // build args guard does not see (compose's args:)
	globals [][2]string // ARG NAME=DEFAULT before the first FROM
	stages  []buildStage
}

// buildStage is a stage of the Dockerfile: its name (FROM … AS NAME) and
// the host directories its COPY/ADD took files from.
type buildStage struct {
	name  string
	bases []string
}

// containerBuild analyses docker build's words; it reports whether c is
// a build.
func (c *cmd) containerBuild() bool {
	j := 0
	if len(c.args) > 1 && (c.args[0].Text == "buildx" || c.args[0].Text == "image" || c.args[0].Text == "builder") {
		j = 1
	}
	if c.name != "buildah" && j < len(c.args) && c.args[j].Text == "bake" && (j == 1 && c.args[0].Text == "buildx" || j == 0) {
		// docker buildx bake, docker bake (FINDINGS47a F7): the targets of
		// a bake file (HCL, JSON, or the compose file) build with their
		// contexts, secrets and outputs, which guard does not read.
		c.w.hide("runs docker buildx bake, whose bake file (docker-bake.hcl, its JSON or compose form) guard does not read: it cannot tell the build contexts, secrets and outputs it uses")
		return true
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
		k, x, ok := strings.Cut(val, "=")
		if !ok {
			x = "\x00" // taken from the environment: not known
		}
		v.args = append(v.args, [2]string{k, x})
		// BuildKit runs the frontend this names whatever the Dockerfile
		// says (build-arg:BUILDKIT_SYNTAX; FINDINGS46b B7).
		if f, _, _ := strings.Cut(x, " "); k == "BUILDKIT_SYNTAX" && (!ok || !lang.DockerSyntax(f)) {
			c.w.hide("builds with --build-arg BUILDKIT_SYNTAX=%s, a frontend guard does not read", x)
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
		v.fromStage(in.Args)
	case "WORKDIR":
		d, ok := v.expand(in.Args, in.Escape)
		switch {
		case !ok || d == "":
			v.workdir = ""
		case strings.HasPrefix(d, "/"):
			v.workdir = path.Clean(d)
		case v.workdir != "":
			v.workdir = path.Join(v.workdir, d)
		}
	case "ENV":
		v.env = append(v.env, dockerEnv(in.Args))
		v.envVars(in.Args, in.Escape)
	case "ARG":
		v.env = append(v.env, v.dockerArg(in.Args)...)
		v.argVars(in.Args, in.Escape)
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
			if a[0] == k && a[1] != "\x00" {
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
// Words are expanded with the stage's ARG and ENV as Docker does; a
// destination guard cannot expand puts the context at / (FINDINGS46b
// B4). COPY --from=STAGE of a stage that took files from a context
// puts that context, whole, at the destination (B5).
func (c *cmd) buildCopy(v *buildView, in lang.DockerInstr) {
	dirs, whole := []string{v.ctx}, []string(nil)
	for _, f := range in.Flags {
		if from, ok := strings.CutPrefix(f, "--from="); ok {
			dirs, whole = v.fromBases(from, in.Escape)
		}
	}
	if v.ctx == "" && len(dirs) == 1 && dirs[0] == "" {
		dirs = nil
	}
	words := in.Exec
	if !in.IsExec {
		words = strings.Fields(in.Args)
	}
	if len(dirs)+len(whole) == 0 || len(words) < 2 {
		return
	}
	all := append(append([]string(nil), dirs...), whole...)
	for _, w := range words[:len(words)-1] {
		if n := len(v.stages); n > 0 && !strings.HasPrefix(w, "<<") {
			v.stages[n-1].bases = append(v.stages[n-1].bases, all...) // the stage now holds them
			break
		}
	}
	dest, ok := v.expand(words[len(words)-1], in.Escape)
	if !ok {
		for _, b := range all {
			v.mounts = append(v.mounts, effect.Mount{Src: b, Dst: "/", ReadOnly: true})
		}
		return
	}
	if !strings.HasPrefix(dest, "/") {
		if v.workdir == "" {
			for _, b := range all {
				v.mounts = append(v.mounts, effect.Mount{Src: b, Dst: "/", ReadOnly: true})
			}
		}
		dest = path.Join("/", v.workdir, dest)
	}
	for _, b := range whole {
		v.mounts = append(v.mounts, effect.Mount{Src: b, Dst: dest, ReadOnly: true})
	}
	for _, base := range dirs {
		for _, w := range words[:len(words)-1] {
			src, ok := v.expand(w, in.Escape)
			if strings.HasPrefix(w, "<<") || strings.Contains(src, "://") || !ok {
				continue // a here-document, a URL; unknown: the whole context, below
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

// fromBases returns what --from=REF (COPY's, a mount's) holds of the
// host: dirs, a --build-context's directory (its sources map into it),
// and whole, the contexts an earlier stage REF (name or index) took
// files from, seen whole (FINDINGS46b B5). A REF guard cannot expand
// may be any of them.
func (v *buildView) fromBases(ref string, esc byte) (dirs, whole []string) {
	r, ok := v.expand(ref, esc)
	for _, n := range v.named {
		if !ok || n[0] == r {
			dirs = append(dirs, n[1])
		}
	}
	for j, st := range v.stages[:max(len(v.stages)-1, 0)] {
		if !ok || st.name == strings.ToLower(r) || r == strconv.Itoa(j) {
			whole = append(whole, st.bases...)
		}
	}
	return dirs, whole
}

// fromStage starts a stage: FROM [--platform=P] IMAGE [AS NAME]. A stage
// built on an earlier one holds what it took; the base image's ENV is
// not known.
func (v *buildView) fromStage(args string) {
	f := strings.Fields(args)
	for len(f) > 0 && strings.HasPrefix(f[0], "--") {
		f = f[1:]
	}
	st := buildStage{}
	if len(f) >= 3 && strings.EqualFold(f[1], "as") {
		st.name = strings.ToLower(f[2])
	}
	if len(f) > 0 {
		img := strings.ToLower(f[0])
		for _, p := range v.stages {
			if p.name != "" && p.name == img || strings.Contains(img, "$") {
				st.bases = append(st.bases, p.bases...)
			}
		}
	}
	v.stages = append(v.stages, st)
	v.vars = nil
}

// buildAutoArgs are the ARGs BuildKit fills when a stage declares them.
const buildAutoArgs = " TARGETPLATFORM TARGETOS TARGETARCH TARGETVARIANT BUILDPLATFORM BUILDOS BUILDARCH BUILDVARIANT TARGETSTAGE "

// argVars records ARG NAME[=DEFAULT] for expansion: a --build-arg value,
// else the default, else the global ARG's, else empty.
func (v *buildView) argVars(args string, esc byte) {
	words, ok := dockerWords(args, esc)
	if !ok {
		v.vars = append(v.vars, [3]string{"*", "", "?"})
		return
	}
	for _, w := range words {
		k, def, hasDef := strings.Cut(w, "=")
		val, known := "", true
		given := false
		for _, a := range v.args {
			if a[0] == k {
				val, given = a[1], true
			}
		}
		if !given && hasDef {
			val, known = v.expand(def, esc)
		}
		if val == "\x00" || v.argsSet {
			known = false
		}
		if len(v.stages) == 0 {
			if !known {
				val = "\x00"
			}
			v.globals = append(v.globals, [2]string{k, val})
			continue
		}
		if !given && !hasDef {
			for _, g := range v.globals {
				if g[0] == k {
					val = g[1]
					known = val != "\x00"
				}
			}
			if strings.Contains(buildAutoArgs, " "+k+" ") || strings.HasPrefix(k, "BUILDKIT_") {
				known = false
			}
		}
		v.setVar(k, val, known)
	}
}

// envVars records ENV K=V … (or ENV K V) for expansion.
func (v *buildView) envVars(args string, esc byte) {
	k, rest, _ := strings.Cut(strings.TrimSpace(args), " ")
	if !strings.Contains(k, "=") {
		val, ok := v.expand(strings.TrimSpace(rest), esc)
		v.setVar(k, val, ok)
		return
	}
	words, ok := dockerWords(args, esc)
	if !ok {
		v.vars = append(v.vars, [3]string{"*", "", "?"})
		return
	}
	var set [][3]string
	for _, w := range words {
		k, x, _ := strings.Cut(w, "=")
		val, ok := v.expand(x, esc)
		q := ""
		if !ok {
			q = "?"
		}
		set = append(set, [3]string{k, val, q})
	}
	v.vars = append(v.vars, set...)
}

func (v *buildView) setVar(k, val string, known bool) {
	q := ""
	if !known {
		q = "?"
	}
	v.vars = append(v.vars, [3]string{k, val, q})
}

// lookup returns variable NAME's value in the stage; false when it is
// not known (declared with a value guard cannot tell, or not declared:
// the base image's ENV).
func (v *buildView) lookup(name string) (string, bool) {
	for j := len(v.vars) - 1; j >= 0; j-- {
		if x := v.vars[j]; x[0] == name || x[0] == "*" {
			return x[1], x[2] == "" && x[0] == name
		}
	}
	return "", false
}

// expand returns word s as Docker's shell lexer expands it in COPY, ADD,
// WORKDIR and --mount values: quotes removed, the escape character
// escaping, $NAME and ${NAME} replaced; false when guard cannot tell
// (a variable not known, a ${NAME…} modifier, an unfinished quote).
func (v *buildView) expand(s string, esc byte) (string, bool) {
	var b strings.Builder
	var quote byte
	for j := 0; j < len(s); j++ {
		ch := s[j]
		switch {
		case quote == '\'' && ch == '\'', quote == '"' && ch == '"':
			quote = 0
		case quote == '\'':
			b.WriteByte(ch)
		case ch == esc:
			if j+1 < len(s) && (quote == 0 || strings.IndexByte("\"$", s[j+1]) >= 0 || s[j+1] == esc) {
				j++
				b.WriteByte(s[j])
			} else if quote != 0 {
				b.WriteByte(ch)
			}
		case quote == 0 && (ch == '\'' || ch == '"'):
			quote = ch
		case ch == '$':
			name, n := "", 0
			if strings.HasPrefix(s[j:], "${") {
				e := strings.IndexByte(s[j:], '}')
				if e < 0 {
					return "", false
				}
				name, n = s[j+2:j+e], e
			} else {
				e := j + 1
				for e < len(s) && (s[e] == '_' || s[e]|0x20 >= 'a' && s[e]|0x20 <= 'z' || e > j+1 && s[e] >= '0' && s[e] <= '9') {
					e++
				}
				if e == j+1 && (e == len(s) || strings.IndexByte("0123456789@*#?-$!", s[e]) < 0) {
					b.WriteByte('$') // a lone $ (a digit or special parameter: not known)
					continue
				}
				name, n = s[j+1:e], e-j-1
			}
			x, ok := v.lookup(name)
			if !ok || name == "" {
				return "", false
			}
			b.WriteString(x)
			j += n
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), quote == 0
}

// dockerWords splits ARG's and ENV's arguments into words: blanks outside
// quotes separate, quotes and escapes kept for expand; false for an
// unfinished quote.
func dockerWords(s string, esc byte) ([]string, bool) {
	var out []string
	var b strings.Builder
	var quote byte
	for j := 0; j < len(s); j++ {
		ch := s[j]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == esc && quote == '"' && j+1 < len(s) {
				b.WriteByte(ch)
				j++
				ch = s[j]
			}
		case ch == esc && j+1 < len(s):
			b.WriteByte(ch)
			j++
			ch = s[j]
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == ' ' || ch == '\t':
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
			continue
		}
		b.WriteByte(ch)
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out, quote == 0
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
			mounts = append(mounts, c.runMount(v, m, in.Escape)...)
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

// runMountSpec is what a RUN --mount=… value sets.
type runMountSpec struct{ kind, src, dst, from, id, env string }

// runMountFields reads the fields of a RUN --mount=… value m as runMount
// says, hiding the command and returning false for what guard cannot tell.
func (c *cmd) runMountFields(v *buildView, m string, esc byte) (runMountSpec, bool) {
	r := csv.NewReader(strings.NewReader(m))
	r.FieldsPerRecord = -1
	fields, err := r.Read()
	if err != nil || strings.ContainsAny(m, "\r\n") {
		c.w.hide("builds with RUN --mount=%s, whose fields guard cannot read", m)
		return runMountSpec{}, false
	}
	o := runMountSpec{kind: "bind"}
	for _, f := range fields {
		k, x, ok := strings.Cut(f, "=")
		k = strings.ToLower(k)
		if !ok {
			if k == "readonly" || k == "ro" || k == "readwrite" || k == "rw" || k == "required" {
				continue
			}
			c.w.hide("builds with RUN --mount=%s, whose field %s guard cannot tell", m, f)
			return runMountSpec{}, false
		}
		if x, ok = v.expand(x, esc); !ok {
			c.w.hide("builds with RUN --mount=%s, whose %s guard cannot expand", m, k)
			return runMountSpec{}, false
		}
		switch k {
		case "type":
			o.kind = strings.ToLower(x)
		case "source", "src":
			o.src = x
		case "target", "dst", "destination":
			o.dst = x
		case "from":
			o.from = x
		case "id":
			o.id = x
		case "env":
			o.env = x
		case "readonly", "ro", "readwrite", "rw", "required", "size", "sharing", "mode", "uid", "gid":
		default:
			c.w.hide("builds with RUN --mount=%s, whose key %s guard does not know", m, k)
			return runMountSpec{}, false
		}
	}
	if o.dst != "" && !strings.HasPrefix(path.Clean(o.dst), "/") {
		if v.workdir == "" {
			c.w.hide("builds with RUN --mount=%s, whose relative target lies in a working directory guard cannot tell", m)
			return runMountSpec{}, false
		}
		o.dst = path.Join("/", v.workdir, o.dst)
	}
	return o, true
}

// runMount returns what RUN --mount=… shares: a bind of a context's
// directory or of a stage's files, a secret's file. The value is read as
// BuildKit's parseMount does (FINDINGS46b B6): CSV fields, keys
// lower-cased, values expanded with the stage's ARG and ENV, a relative
// target joined to the working directory; what guard cannot tell (a
// field or key it does not know, a value it cannot expand, a relative
// target with the working directory unknown) hides the command.
func (c *cmd) runMount(v *buildView, m string, esc byte) []effect.Mount {
	f, ok := c.runMountFields(v, m, esc)
	if !ok {
		return nil
	}
	kind, src, dst, from, id, env := f.kind, f.src, f.dst, f.from, f.id, f.env
	switch kind {
	case "bind", "cache":
		dirs, whole := []string{v.ctx}, []string(nil)
		switch {
		case from != "":
			dirs, whole = v.fromBases(from, esc)
		case kind == "cache":
			return nil
		}
		if dst == "" {
			return nil
		}
		var out []effect.Mount
		for _, b := range whole {
			out = append(out, effect.Mount{Src: b, Dst: dst, ReadOnly: true})
		}
		for _, b := range dirs {
			if b != "" {
				out = append(out, effect.Mount{Src: path.Join(b, path.Join("/", src)[1:]), Dst: dst, ReadOnly: true})
			}
		}
		return out
	case "secret":
		if src != "" {
			id = src
		}
		if id == "" {
			id = path.Base(dst)
		}
		if dst == "" {
			dst = "/run/secrets/" + path.Base(id)
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
	case "tmpfs", "ssh":
	default:
		c.w.hide("builds with RUN --mount=%s, a mount type guard does not know", m)
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
// file (text t, in directory dir) builds: build: DIR, or a build:
// mapping, collected whole whatever its keys' order (FINDINGS47a F9) and
// built when the next build: or the file's end comes: context: (default
// the file's directory), dockerfile: (relative to the context unless
// absolute, F8), dockerfile_inline:, and additional_contexts: (map or
// NAME=DIR list), the contexts --build-context NAME=DIR names (F8).
func (c *cmd) composeBuilds(t, dir string, env *composeVars) {
	toks, ok := composeTokens(t)
	if !ok {
		c.w.hide(composeUnreadable, "a compose file")
		return
	}
	var b *composeBuild
	key, named := "", false
	for _, tok := range toks {
		if k, _, _ := strings.Cut(tok.Text, "="); k == "BUILDKIT_SYNTAX" {
			// args: BUILDKIT_SYNTAX names the frontend (FINDINGS46b B7)
			c.w.hide("builds with a BUILDKIT_SYNTAX build argument, a frontend guard does not read")
		}
		if tok.Key {
			if named && (catalogue.ComposeKeys.Has(tok.Text) || strings.HasPrefix(tok.Text, "x-")) {
				named = false // additional_contexts' mapping has ended
			}
			if key = tok.Text; key == "build" {
				c.composeBuild(b, dir)
				b = &composeBuild{}
			} else if key == "additional_contexts" && b != nil {
				named = true
			}
			continue
		}
		if b == nil {
			continue
		}
		v := composeInterp(tok.Text, env)
		switch {
		case named && key == "additional_contexts":
			if n, p, ok := strings.Cut(v, "="); ok {
				b.named = append(b.named, [2]string{n, p}) // - NAME=DIR
			}
		case named:
			b.named = append(b.named, [2]string{key, v}) // NAME: DIR
			key = "additional_contexts"
		case key == "build" || key == "context":
			b.ctx, b.ctxSet = v, true
		case key == "dockerfile":
			b.file = v
		case key == "dockerfile_inline":
			b.inline, b.inlineSet = tok.Text, true
		}
	}
	c.composeBuild(b, dir)
}

// composeBuild is a compose service's build: mapping as composeBuilds
// collects it.
type composeBuild struct {
	ctx, file, inline string
	ctxSet, inlineSet bool
	named             [][2]string
}

// composeBuild builds b, of a compose file in directory dir: its named
// contexts read whole and mapped as --build-context's, its Dockerfile
// walked; a Dockerfile: named that guard cannot open is hidden (the
// build may read what guard does not see).
func (c *cmd) composeBuild(b *composeBuild, dir string) {
	if b == nil {
		return
	}
	ctx := composeRel(dir, ".")
	if b.ctxSet {
		ctx = composeRel(dir, b.ctx)
	}
	if strings.Contains(ctx, "://") {
		return // a remote context: its Dockerfile is there too
	}
	v := &buildView{argsSet: true}
	for _, n := range b.named {
		p := n[1]
		if strings.Contains(p, "://") || strings.HasPrefix(p, "target:") || strings.HasPrefix(p, "service:") {
			continue // an image, a repository, another target
		}
		p = composeRel(dir, p)
		c.buildTree(p) // a second context: read as the first
		v.named = append(v.named, [2]string{n[0], p})
	}
	if b.inlineSet {
		c.buildTree(ctx)
		v.ctx = ctx
		c.buildText(v, b.inline)
		return
	}
	file := ""
	if b.file != "" {
		if file = b.file; !path.IsAbs(file) {
			file = path.Join(ctx, file)
		}
		if _, st := c.w.FileStatus(file, true, effect.MaxScriptBytes); st == effect.FileAbsent || word.HasMark(file) || strings.Contains(file, "$") {
			c.w.hide("builds a compose service with Dockerfile %s, which guard cannot open: it cannot tell what its RUN lines do", file)
			return
		}
	}
	c.buildContext(v, word.Word{Text: ctx, Known: true}, file)
}
