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
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// compose reads the compose files a compose command given args (after
// "compose") starts containers with: -f, else COMPOSE_FILE, else the
// nearest compose.yaml… at or above the project directory. COMPOSE_FILE,
// COMPOSE_PATH_SEPARATOR and the values the files interpolate come from
// the command's environment, else from the env files compose loads
// (--env-file, COMPOSE_ENV_FILES, else the project directory's .env).
func (c *cmd) compose(args []word.Word) {
	var files, envFiles []word.Word
	dir, sub := "", ""
	j := 0
	for ; j < len(args) && sub == ""; j++ {
		s := args[j].Text
		name, val, eq := strings.Cut(s, "=")
		if flag, v, next, ok := word.ShortValue(s, composeShortWithArg); ok {
			// -fFILE, -f=FILE as pflag reads them (FINDINGS46b B10)
			name, val, eq = "-"+string(flag), v, !next
		}
		if why := composeGlobalUnknown(args[j], name); why != "" {
			c.w.hide("runs %s with %s before its subcommand, which guard does not know: it cannot tell which compose files or subcommand run", c.name, why)
			return
		}
		if !eq && catalogue.ComposeWithArg.Has(name) && j+1 < len(args) {
			j++
			val = args[j].Text
		}
		switch {
		case name == "-f" || name == "--file":
			files = append(files, word.Word{Text: val, Known: args[j].Known})
		case name == "--project-directory" || name == "--workdir":
			dir = val
		case name == "--env-file":
			envFiles = append(envFiles, word.Word{Text: val, Known: args[j].Known})
		case !strings.HasPrefix(s, "-"):
			sub = s
		}
	}
	if sub == "config" || sub == "convert" {
		c.composeEnv(dir, files) // prints the model with .env's values
	}
	// build: its args (and the model) are interpolated as up's, and its
	// RUN steps print them (FINDINGS49b G7); exec: its -e NAME.
	// config, convert: print the model, each service's env_file values
	// among it (compose v1, v2 before 2.24.7; FINDINGS60a A11).
	mode, starts := composeModeOf(sub)
	names := composeEnvNames(sub, args[j:])
	if !starts && len(names) == 0 {
		return
	}
	// The project directory, whose .env compose loads: --project-directory,
	// the first -f file's, else the working directory (compose-go
	// GetWorkingDir), before COMPOSE_FILE or the search above picks files.
	proj := dir
	if proj == "" && len(files) > 0 && files[0].Text != "-" {
		proj = path.Dir(files[0].Text)
	}
	env, ok := c.composeVarsOf(proj, envFiles)
	if !ok {
		return
	}
	for _, n := range names {
		env.resolved(n) // run/exec -e NAME: NAME's value from the env files
	}
	if starts {
		if files, ok = c.composeFilesOf(files, dir, env); !ok {
			return
		}
		for _, f := range files {
			c.composeFile(f, 0, mode, env)
		}
	}
	// the values taken from an env file reach the containers (their
	// command, environment…) or the build's RUN steps, which may print them
	for _, t := range env.taken {
		c.composeHands(t.file, t.how)
	}
}

// composeMode is what a compose subcommand does with the services of its
// files: starts them (up, run…), builds their images, or prints the model.
type composeMode int

const (
	composeStarting composeMode = iota
	composeBuilding
	composePrinting
)

// composeModeOf returns what subcommand sub does with the services, and
// whether it reads their files at all.
func composeModeOf(sub string) (composeMode, bool) {
	switch {
	case sub == "build":
		return composeBuilding, true
	case sub == "config" || sub == "convert":
		return composePrinting, true
	}
	return composeStarting, catalogue.ComposeRuns.Has(sub)
}

// composeFilesOf returns the compose files compose reads: files (-f),
// else COMPOSE_FILE split on COMPOSE_PATH_SEPARATOR (from the command or
// env), else those defaultCompose finds from dir; false when guard
// cannot tell them (hidden).
func (c *cmd) composeFilesOf(files []word.Word, dir string, env *composeVars) ([]word.Word, bool) {
	if len(files) == 0 {
		v, set := env.value("COMPOSE_FILE")
		if set && !env.known("COMPOSE_FILE", v) || set && !env.known("COMPOSE_PATH_SEPARATOR", "") {
			c.w.hide("runs docker compose with COMPOSE_FILE or COMPOSE_PATH_SEPARATOR from an env file, with a value guard cannot tell: it cannot tell which compose files it reads")
			return nil, false
		}
		if set && v != "" {
			sep := ":"
			if s, ok := env.value("COMPOSE_PATH_SEPARATOR"); ok && s != "" {
				sep = s
			}
			for _, f := range strings.Split(v, sep) {
				files = append(files, word.Word{Text: f, Known: true})
			}
		}
	}
	if len(files) == 0 {
		files = c.defaultCompose(dir)
	}
	return files, true
}

// composeHands records compose's read of env file f for the container it
// starts, how saying how the container gets the file's values.
func (c *cmd) composeHands(f, how string) {
	prog := c.name + " compose"
	if strings.HasSuffix(c.name, "compose") {
		prog = c.name
	}
	c.w.Read(f)
	c.w.readVia(f, prog+" ("+how+")")
}

// ReadVia is a read no word of the command names (see
// [Analysis.ReadVias]): Path as the analysis writes it, cleaned, and Via,
// what reads it.
type ReadVia struct{ Path, Via string }

// readVia notes that via reads p (also a read), a name no word of the
// command gives.
func (w *walker) readVia(p, via string) {
	if len(w.a.ReadVias) < maxReadVias {
		w.a.ReadVias = append(w.a.ReadVias, ReadVia{Path: word.Clean(w.Where(p)), Via: via})
	}
}

// maxReadVias bounds [Analysis.ReadVias]: the explanation of a block.
const maxReadVias = 16

// composeGlobalUnknown returns, for compose's word a before its
// subcommand (name: its option name, -fX read as -f), the word when guard
// cannot tell what it does: an option neither catalogue.ComposeWithArg nor
// catalogue.ComposeFlags lists, or a word whose text guard cannot tell;
// "" else.
func composeGlobalUnknown(a word.Word, name string) string {
	switch {
	case !a.Known:
		return word.Render(a.Text)
	case !strings.HasPrefix(name, "-") || name == "-" || name == "--":
		return ""
	case catalogue.ComposeWithArg.Has(name) || catalogue.ComposeFlags.Has(name):
		return ""
	}
	return name
}

// composeShortWithArg are the short options of catalogue.ComposeWithArg:
// compose's -f and -p.
const composeShortWithArg = "fp"

// composeVars is the environment compose interpolates a compose file
// with and picks its files by: the command's own (which wins), then the
// assignments of the env files it loads, the last file's last (from: the
// file of each). taken are the env files (and a name of each) whose
// values compose interpolates into the model: the container gets them.
type composeVars struct {
	c     *cmd
	vals  [][2]string
	from  []string
	taken []composeTaken
}

// composeTaken is an env file compose takes a value from for the
// containers, and how (naming the first name it takes there).
type composeTaken struct{ file, how string }

// composeVarsOf reads the env files compose loads for project directory
// proj: files (--env-file), else COMPOSE_ENV_FILES, else proj's .env
// when there is one. guard reads them itself to decide (COMPOSE_FILE…:
// no read of the agent's); a value compose interpolates into the model
// from one is (interpolated). One it cannot read whole, or whose name it
// cannot tell, is hidden (false).
func (c *cmd) composeVarsOf(proj string, files []word.Word) (*composeVars, bool) {
	env := &composeVars{c: c}
	if len(files) == 0 {
		if v, ok := c.envValue("COMPOSE_ENV_FILES"); ok && v != "" {
			for _, f := range strings.Split(v, ",") {
				files = append(files, word.Word{Text: f, Known: true})
			}
		}
	}
	explicit := len(files) > 0
	if !explicit {
		files = []word.Word{{Text: path.Join(proj, ".env"), Known: true}}
	}
	for _, f := range files {
		if !f.Known || word.HasMark(f.Text) {
			c.w.hide("runs docker compose with an env file whose name guard cannot tell (%s): it cannot tell the values compose interpolates", word.Render(f.Text))
			return nil, false
		}
		t, st := c.w.FileStatus(f.Text, true, effect.MaxScriptBytes)
		switch st {
		case effect.FileWhole:
			for _, kv := range lang.EnvFileLines(t) {
				env.vals = append(env.vals, kv)
				env.from = append(env.from, f.Text)
			}
		case effect.FileAbsent:
			// compose fails on a missing --env-file; no .env, no values
		default:
			c.w.hide("runs docker compose with env file %s guard cannot read whole: it cannot tell the values compose interpolates or the files it picks", f.Text)
			return nil, false
		}
	}
	return env, true
}

// value returns name's value in compose's environment: the command's,
// else the env files'.
func (e *composeVars) value(name string) (string, bool) {
	if e == nil {
		return "", false
	}
	if v, ok := e.c.envValue(name); ok {
		return v, true
	}
	return e.fileValue(name)
}

// fileValue returns name's value from the env files, when the command's
// environment does not set it (compose's own environment wins): guard's
// own look, no read.
func (e *composeVars) fileValue(name string) (string, bool) {
	i := e.fileIndex(name)
	if i < 0 {
		return "", false
	}
	return e.vals[i][1], true
}

// fileIndex returns the index in vals of name's value from the env files,
// -1 for none.
func (e *composeVars) fileIndex(name string) int {
	if e == nil {
		return -1
	}
	if _, ok := e.c.envValue(name); ok {
		return -1
	}
	for i := len(e.vals) - 1; i >= 0; i-- {
		if e.vals[i][0] == name {
			return i
		}
	}
	return -1
}

// interpolated returns name's value from the env files as fileValue does,
// for compose's interpolation of the model: the env file it comes from is
// noted among those the containers get values of (taken).
func (e *composeVars) interpolated(name string) (string, bool) {
	return e.take(name, "interpolates ${"+name+"} from it into what the containers or the build get")
}

// resolved notes the env file, if any, that gives name's value to a
// value-less entry (environment: [NAME], NAME: with no value, build
// args, a secret's environment: NAME, run/exec -e NAME): compose-go
// resolves it from the project environment, .env's values included.
func (e *composeVars) resolved(name string) {
	e.take(name, "hands ${"+name+"} from it to a value-less environment entry, build arg or -e "+name)
}

// take returns name's value from the env files as fileValue does, and
// notes the env file it comes from among those the containers get values
// of (taken), how saying how.
func (e *composeVars) take(name, how string) (string, bool) {
	i := e.fileIndex(name)
	if i < 0 {
		return "", false
	}
	if !slices.ContainsFunc(e.taken, func(t composeTaken) bool { return t.file == e.from[i] }) {
		e.taken = append(e.taken, composeTaken{file: e.from[i], how: how})
	}
	return e.vals[i][1], true
}

// known reports whether name's value v (looked up anew when v is "") is
// one guard can tell: set by the command, or an env file's without a
// variable in it.
func (e *composeVars) known(name, v string) bool {
	fv, ok := e.fileValue(name)
	if !ok {
		return true // the command's (the walker's value), or unset
	}
	if v == "" {
		v = fv
	}
	return !strings.Contains(v, "$") && word.IsKnown(v)
}

// defaultCompose returns the compose file compose finds in dir ("" for
// the working directory) or, as compose-go's WithDefaultConfigPath, in
// the nearest directory above holding one, and the override file beside
// it; a search guard cannot finish (the directory, or the root, too far
// to tell) is hidden.
func (c *cmd) defaultCompose(dir string) []word.Word {
	start := dir
	if start == "" {
		start = "."
	}
	if c.w.Files != nil && !word.IsKnown(c.w.Where(start)) {
		c.w.hide("runs docker compose in a directory guard cannot tell: it cannot tell which compose file compose finds there or above")
		return nil
	}
	dirs, whole := c.ancestors(start)
	for _, d := range dirs {
		var out []word.Word
		for _, set := range [][4]string{catalogue.ComposeFiles, catalogue.ComposeOverrides} {
			for _, name := range set {
				p := name
				if d != "." {
					p = path.Join(d, name)
				}
				if found, _ := c.entryAt(p, false); found {
					out = append(out, word.Word{Text: p, Known: true})
					break
				}
			}
			if len(out) == 0 {
				break // no compose file here: its override is not read
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	if !whole {
		c.w.hide("looks for its compose file in the directories above, more than %d of them: guard cannot tell which it reads", maxRootUp)
	}
	return nil
}

// composeFile reads the compose file a names and checks what it gives
// its services.
func (c *cmd) composeFile(a word.Word, depth int, mode composeMode, env *composeVars) {
	if a.Text == "-" {
		// -f -: the file comes on standard input
		if t, ok := c.inputText(); ok {
			c.composeText(t, "", depth, mode, env)
		} else if c.stdin.file != "" {
			c.composeFile(word.Word{Text: c.stdin.file, Known: true}, depth, mode, env)
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
	c.composeText(t, path.Dir(a.Text), depth, mode, env)
}

// composeText checks compose file text t, whose relative names are in
// directory dir: a short-syntax volume (SRC:DST) or a volume key's value
// is a host directory the container reads and may write; a read key's
// value is a file compose reads (an included or extended compose file,
// whatever its name, is read as compose too); a key that gives the host
// (privileged: true, pid: host) is hidden; a value-less environment
// entry takes its value from the env files (composeUnset).
func (c *cmd) composeText(t, dir string, depth int, mode composeMode, env *composeVars) {
	if mode != composePrinting {
		c.composeBuilds(t, dir, env) // dockerbuild.go: up builds what it has no image of
	}
	toks, ok := composeTokens(t)
	if !ok {
		c.w.hide(composeUnreadable, "a compose file")
		return
	}
	key, ref := "", ""
	envFile := false           // in an env_file: list's long form (path:, required:, format:)
	var long []composeEnvEntry // its entries, read where the list ends
	nodes, aliased := composeAliased(t)
	unset := composeUnset{env: env, loose: aliased && !composeAliasedEntries(nodes, env)}
	defer func() { c.composeEnvEntries(long, env); unset.end() }()
	for _, tok := range toks {
		unset.see(tok, key)
		if tok.Doc {
			key, ref = "", "" // the next document's keys start afresh
			continue
		}
		if tok.Key {
			key, ref = tok.Text, composeRefIn(ref, tok.Text)
			in := envFile && (key == "path" || key == "required" || key == "format")
			if !in {
				c.composeEnvEntries(long, env)
				long = nil
			}
			envFile = key == "env_file" || in
			continue
		}
		v := composeInterp(tok.Text, env)
		if f := composeRel(dir, v); composeIncludes(ref, key, v) {
			// include:, extends: file: a compose file, whatever its name;
			// compose build builds its services too
			c.composeFile(word.Word{Text: f, Known: true}, depth+1, mode, env)
			continue
		}
		if composeSkips(mode, key, envFile) {
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
		case envFile && (key == "path" || key == "required"):
			long = composeEnvEntryAdd(long, key, v, dir)
		case src != "":
			src = composeRel(dir, src)
			if catalogue.HostGivingMount(src) {
				c.w.hide("starts a compose service given the host (a mount of %s)", src)
				return
			}
			c.w.ReadTree(src)
			c.w.Touch(src)
		case key == "env_file" || key == "label_file":
			// label_file: compose reads it as an env file into the
			// container's labels (docker inspect prints them)
			f, how := composeRel(dir, v), composeEnvFileHow
			if mode == composePrinting {
				how = "prints its values in the model (config)"
			}
			if key == "label_file" {
				how = "gives its values to the container as labels (label_file)"
			}
			c.composeHands(f, how) // as docker run --env-file F
			c.composeEnvFileVars(f, env)
		case catalogue.ComposeReadKeys.Has(key) && lang.PathLike(v):
			c.w.Read(composeRel(dir, v))
		}
	}
}

// composeSkips reports whether a compose subcommand in mode passes over
// a value of key (envFile: inside an env_file: list): compose build
// takes the images only (composeBuilds), compose config prints the env
// files' values and starts nothing.
func composeSkips(mode composeMode, key string, envFile bool) bool {
	switch mode {
	case composeBuilding:
		return true
	case composePrinting:
		return key != "env_file" && key != "label_file" && !(envFile && (key == "path" || key == "required"))
	}
	return false
}

// composeEnvFileHow says how compose hands a service's env_file to its
// container.
const composeEnvFileHow = "hands it to the container as a service's env_file"

// composeEnvEntry is an entry of an env_file: list's long form: its path
// (as seen from the working directory) and whether it says required:
// false.
type composeEnvEntry struct {
	path, required string
}

// composeEnvEntryAdd adds to entries the value v of key (path or
// required) of a long-form env_file: entry of a compose file in dir. The
// tokens carry no depth: a key the last entry already has begins the
// next one.
func composeEnvEntryAdd(entries []composeEnvEntry, key, v, dir string) []composeEnvEntry {
	n := len(entries)
	if n == 0 || key == "path" && entries[n-1].path != "" || key == "required" && entries[n-1].required != "" {
		entries = append(entries, composeEnvEntry{})
		n++
	}
	if key == "path" {
		entries[n-1].path = composeRel(dir, v)
	} else {
		entries[n-1].required = v
	}
	return entries
}

// composeEnvEntries reads the env files of long-form env_file: entries,
// as composeText reads a short one, but for an optional one (required:
// false) that is absent: compose passes it over.
func (c *cmd) composeEnvEntries(entries []composeEnvEntry, env *composeVars) {
	for _, e := range entries {
		if e.path == "" {
			continue
		}
		if found, _ := c.entryAt(e.path, false); !found && strings.EqualFold(e.required, "false") && !strings.Contains(e.path, "$") {
			continue
		}
		c.composeHands(e.path, composeEnvFileHow)
		c.composeEnvFileVars(e.path, env)
	}
}

// outsideProject reports whether p, cleaned (./../x climbs as ../x
// does), names a place outside the compose file's directory: absolute,
// in the home, or up from it.
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
		c.composeFile(word.Word{Text: val, Known: args[j].Known}, 0, composeStarting, nil)
	}
}

// composeCmd: docker-compose and podman-compose are docker compose.
func (c *cmd) composeCmd() {
	c.engineConfigMoved() // engineglobals.go
	c.compose(c.args)
	c.generic()
}

// composeInterp resolves compose's interpolation in v as far as guard
// can: ${HOME} is the home; a name an env file compose loads sets (and
// the command does not) is that value ($NAME, ${NAME}, and the operators
// as compose-go's template reads them); else ${NAME:-DEFAULT} (and -,
// :?, ?, :+, +) its default, any other ${NAME} stays $NAME (the
// command's, or a name guard cannot tell).
func composeInterp(v string, env *composeVars) string {
	v = composeBare(v, env)
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
		name, op, def := inner, "", ""
		if k := strings.IndexAny(inner, ":-?+"); k >= 0 {
			name, def = inner[:k], strings.TrimLeft(inner[k:], ":-?+")
			op = inner[k : len(inner)-len(def)]
		}
		val, set := "", false
		switch {
		case name == "HOME":
		case composeEscaped(v, i):
			// $${NAME}: compose hands the container ${NAME} as it is;
			// resolved all the same where it names a mount, not read
			val, set = env.fileValue(name)
		default:
			val, set = env.interpolated(name)
		}
		switch {
		case name == "HOME":
			def = "~"
		case set && (op == ":+" && val != "" || op == "+"):
			// the alternative: DEFAULT when set
		case set && (op == "" || op == "-" || op == "?" || val != ""):
			def = val
		case def == "":
			def = "$" + name
		}
		v = v[:i] + def + v[i+end+1:]
	}
	return v
}

// composeEscaped reports whether the $ at v[i] is escaped: after an odd
// run of $ ($$ is compose's literal $).
func composeEscaped(v string, i int) bool {
	n := 0
	for i > 0 && v[i-1] == '$' {
		n++
		i--
	}
	return n%2 == 1
}

// composeBare replaces in v each $NAME (not $$, not ${) that an env file
// of env sets with its value.
func composeBare(v string, env *composeVars) string {
	if env == nil || len(env.vals) == 0 || !strings.Contains(v, "$") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '$' || i+1 >= len(v) {
			b.WriteByte(v[i])
			continue
		}
		if v[i+1] == '$' {
			b.WriteString("$$")
			i++
			continue
		}
		j := i + 1
		for j < len(v) && (v[j] == '_' || v[j] >= 'a' && v[j] <= 'z' || v[j] >= 'A' && v[j] <= 'Z' || j > i+1 && v[j] >= '0' && v[j] <= '9') {
			j++
		}
		if val, ok := env.interpolated(v[i+1 : j]); ok && j > i+1 {
			b.WriteString(val)
			i = j - 1
			continue
		}
		b.WriteByte(v[i])
	}
	return b.String()
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
