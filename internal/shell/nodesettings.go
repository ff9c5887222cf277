package shell

// Settings of npm, yarn, pnpm, bun and cargo that make them load or run a
// file or a command: npm's node-options (--require FILE), script-shell,
// pnpm's pnpmfile, yarn's yarnPath and plugins, bun's preload, cargo's
// build.rustc-wrapper and target runners. Wherever they are set (an
// option, an npm_config_ variable, the project's .npmrc,
// pnpm-workspace.yaml, .yarnrc.yml or the file YARN_RC_FILENAME or
// --use-yarnrc names, bunfig.toml or bun --config's file,
// .cargo/config.toml) what they name is analysed as code that runs; a
// value guard cannot tell is hidden.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// npmConfigVar returns the npm setting an npm_config_ variable sets
// (npm_config_node_options, NPM_CONFIG_SCRIPT_SHELL) when it is one that
// runs code, else "".
func npmConfigVar(name string) string {
	if len(name) <= len("npm_config_") || !strings.EqualFold(name[:len("npm_config_")], "npm_config_") {
		return ""
	}
	k := catalogue.NpmKey(name[len("npm_config_"):])
	if catalogue.NpmCodeKeys.Has(k) {
		return k
	}
	return ""
}

// npmSetting analyses npm setting key set to v: node options as NODE_OPTIONS,
// any other as the command npm runs (script-shell runs each script).
func (w *walker) npmSetting(key, v string) {
	w.runsValue(v, "npm's "+key, func(t string) {
		switch key {
		case "node-options":
			w.optionVar("NODE_OPTIONS", t)
		case "onload-script", "init-module", "pnpmfile", "global-pnpmfile":
			w.tentative("node " + word.Quote(t))
		case "userconfig", "globalconfig":
			w.npmrc(t, false)
		default:
			w.tentative(t)
		}
	})
}

// nodeSettings: npm, yarn and pnpm take code-running settings from their
// options (--node-options V, --script-shell=V) and from the .npmrc and
// .yarnrc.yml of the directory they run in and of each one above it up to
// the root (catalogue.SettingsFiles), read when the command runs (bounded;
// text the command itself wrote there, as written).
func (c *cmd) nodeSettings() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" {
			break
		}
		o := catalogue.NpmOption(s)
		k, v, eq := o.Key, o.Value, o.Eq
		if o.Ambiguous {
			c.w.hide("runs %s with an option, %s, that abbreviates more than one of its settings that run code", c.name, s)
			return
		}
		if !catalogue.NpmCodeKeys.Has(k) || o.No {
			continue // --no-node-options: no value
		}
		if !eq {
			if j+1 >= len(c.args) {
				break
			}
			j++
			v = c.args[j].Text
		}
		c.w.npmSetting(k, v)
	}
	for _, f := range c.settingsFiles(c.npmDir(), ".npmrc") { // each directory's up to the root
		c.inFileDir(f, func() { c.w.npmrc(path.Base(f), true) })
	}
	switch c.name {
	case "yarn":
		c.yarnSettings()
	case "pnpm":
		for _, f := range c.settingsFiles(c.npmDir(), ".pnpmfile.cjs") {
			c.w.tentative("node " + word.Quote(f)) // pnpm loads its hooks
		}
		c.pnpmWorkspace()
	}
}

// pnpmWorkspace: pnpm takes its settings from pnpm-workspace.yaml too (of
// the directory it runs in or above, or of npm_config_workspace_dir's):
// a code-running key there (scriptShell, nodeOptions, pnpmfile) is
// analysed as the .npmrc's is, in the file's directory; one whose value is
// not on its line (a block, a list) is hidden.
func (c *cmd) pnpmWorkspace() {
	dir := c.npmDir()
	for _, name := range []string{"npm_config_workspace_dir", "NPM_CONFIG_WORKSPACE_DIR"} {
		if v, ok := c.envValue(name); ok {
			t, known := c.w.valueText(v)
			if !known {
				c.w.hide("runs pnpm in a workspace directory guard cannot tell")
				return
			}
			dir = t
		}
	}
	for _, f := range c.settingsFiles(dir, "pnpm-workspace.yaml") {
		c.inFileDir(f, func() { c.yamlSettings(path.Base(f), "a pnpm workspace's settings") })
	}
}

// yamlSettings analyses the top-level code-running npm keys (catalogue.NpmCodeKeys,
// in any spelling: nodeOptions) of the YAML settings file f.
func (c *cmd) yamlSettings(f, what string) {
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, what)
	if !ok {
		return
	}
	for _, l := range strings.Split(t, "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok || l == "" || l[0] == ' ' || l[0] == '#' || l[0] == '-' || !catalogue.NpmCodeKeys.Has(catalogue.NpmKey(strings.Trim(k, `"'`))) {
			continue
		}
		if i := strings.Index(v, " #"); i >= 0 {
			v = v[:i]
		}
		v = strings.TrimSpace(v)
		if v == "" || strings.ContainsAny(v[:1], "|>[{&*!") {
			c.w.hide("names in %s a program or a preload guard cannot read (%s)", what, k)
			return
		}
		c.w.npmSetting(catalogue.NpmKey(strings.Trim(k, `"'`)), strings.Trim(v, `"'`))
	}
}

// corepackSettings: corepack TOOL ARGS runs npm, yarn or pnpm with ARGS,
// their settings too.
func (c *cmd) corepackSettings() {
	switch tool := strings.ToLower(c.args[0].Text); tool {
	case "npm", "yarn", "pnpm":
		defer func(n string, a []word.Word) { c.name, c.args = n, a }(c.name, c.args)
		c.name, c.args = tool, c.args[1:]
		c.nodeSettings()
	}
}

// npxSettings: npx (npm exec) reads npm's settings from its own options
// before the command: --node-options V, --script-shell=V.
func (c *cmd) npxSettings(args []word.Word) {
	for j := 0; j < len(args) && strings.HasPrefix(args[j].Text, "-"); j++ {
		o := catalogue.NpmOption(args[j].Text)
		k, v, eq := o.Key, o.Value, o.Eq
		if o.Ambiguous {
			c.w.hide("runs npx with an option, %s, that abbreviates more than one of npm's settings that run code", args[j].Text)
			return
		}
		if !catalogue.NpmCodeKeys.Has(k) || o.No {
			continue // --no-node-options: no value
		}
		if !eq {
			if j+1 >= len(args) {
				return
			}
			j++
			v = args[j].Text
		}
		c.w.npmSetting(k, v)
	}
}

// npmrc analyses the code-running settings of the npm configuration file
// at p (absent: none); with nested false, one that names another file of
// settings (userconfig) is hidden rather than followed.
func (w *walker) npmrc(p string, nested bool) {
	t, ok := w.FileText(p, true, effect.MaxScriptBytes, "an npm configuration")
	if !ok {
		return
	}
	for _, kv := range iniSettings(t) {
		k := catalogue.NpmKey(kv[0])
		switch {
		case !catalogue.NpmCodeKeys.Has(k):
		case k == "userconfig" || k == "globalconfig":
			if !nested {
				w.hide("names an npm configuration that names another, which guard does not follow")
				return
			}
			w.npmSetting(k, kv[1])
		default:
			w.npmSetting(k, kv[1])
		}
	}
}

// npmDir returns the project directory an npm, yarn or pnpm command runs
// in: "." for the working directory, DIR for --prefix DIR, --cwd DIR,
// -C DIR, --dir DIR.
func (c *cmd) npmDir() string {
	if dir := c.packageDir(); dir != "" {
		return dir
	}
	return "."
}

// yarnSettings: yarn runs with node the file .yarnrc.yml's yarnPath (or
// classic .yarnrc's yarn-path) names, and loads each of its plugins:
// each directory's up to the root, as yarn merges them.
func (c *cmd) yarnSettings() {
	rc := ".yarnrc.yml"
	if v, ok := c.envValue("YARN_RC_FILENAME"); ok {
		t, known := c.w.valueText(v)
		if !known || t == "" {
			c.w.hide("runs yarn with settings from a file guard cannot tell (YARN_RC_FILENAME)")
			return
		}
		rc = t
	}
	for _, f := range c.projectFiles(c.npmDir(), []string{rc}, catalogue.All) {
		c.inFileDir(f, func() { c.yarnrc(path.Base(f), false) }) // its paths are the file's directory's
	}
	for _, f := range c.settingsFiles(c.npmDir(), ".yarnrc") {
		c.inFileDir(f, func() { c.yarnrc(path.Base(f), true) })
	}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if v, ok := strings.CutPrefix(s, "--use-yarnrc="); ok {
			c.w.runsValue(v, "yarn's --use-yarnrc", func(t string) { c.yarnrc(t, true) })
		} else if s == "--use-yarnrc" && j+1 < len(c.args) {
			j++
			c.w.runsValue(c.args[j].Text, "yarn's --use-yarnrc", func(t string) { c.yarnrc(t, true) })
		}
	}
}

// yarnrc analyses the yarnPath and plugins of yarn configuration file f
// (classic: yarn 1's "key value" lines).
func (c *cmd) yarnrc(f string, classic bool) {
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a yarn configuration")
	if !ok {
		return
	}
	plugins := false
	for _, l := range strings.Split(t, "\n") {
		if i := strings.Index(l, " #"); i >= 0 {
			l = l[:i]
		}
		trimmed := strings.TrimSpace(l)
		k, v, _ := strings.Cut(strings.TrimLeft(trimmed, "- "), ":")
		if classic {
			k, v, _ = strings.Cut(trimmed, " ")
			k = strings.TrimSuffix(k, ":")
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		switch {
		case l != "" && l[0] != ' ' && l[0] != '-':
			plugins = k == "plugins"
			if k == "yarnPath" || k == "yarn-path" {
				c.w.runsValue(v, "yarn's "+k, func(t string) { c.w.tentative("node " + word.Quote(t)) })
			}
		case plugins && (k == "path" || strings.HasPrefix(trimmed, "- ") && !strings.Contains(trimmed, ":")):
			if k != "path" {
				v = strings.Trim(strings.TrimSpace(strings.TrimPrefix(trimmed, "- ")), `"'`)
			}
			c.w.runsValue(v, "a yarn plugin", func(t string) { c.w.tentative("node " + word.Quote(t)) })
		}
	}
}

// bunSettings: bun loads the files its configuration's preload (and
// plugins) names before it runs a file, a script or the tests: the
// bunfig.toml of the directory it runs in, or the file --config (-c)
// names. Each is analysed as the node program it is; a value guard
// cannot read (an array over several lines) is hidden.
func (c *cmd) bunSettings() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" || !strings.HasPrefix(s, "-") {
			break // bun's options come before the file or subcommand
		}
		v, ok := strings.CutPrefix(s, "--config=")
		if !ok && (s == "--config" || s == "-c") && j+1 < len(c.args) {
			j++
			v, ok = c.args[j].Text, true
		}
		if ok {
			c.w.runsValue(v, "bun's --config", c.bunfig)
			return
		}
	}
	c.bunfig("bunfig.toml")
}

// bunfig analyses the preload and plugins keys of bun configuration file
// f (absent: none), in any section.
func (c *cmd) bunfig(f string) {
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a bun configuration")
	if !ok {
		return
	}
	c.inFileDir(f, func() {
		for _, kv := range iniSettings(t) {
			if k := strings.Trim(kv[0], `"'`); k != "preload" && k != "plugins" {
				continue
			}
			v := strings.TrimSpace(kv[1])
			if strings.HasPrefix(v, "[") && !strings.Contains(v, "]") || strings.ContainsAny(v, "{\\") {
				c.w.hide("names in a bun configuration a preload guard cannot read")
				return
			}
			for _, p := range cargoWords(v) {
				c.w.runsValue(p, "bun's preload", func(t string) { c.w.tentative("node " + word.Quote(t)) })
			}
		}
	})
}

// iniSettings returns the key=value lines of an ini-style file (.npmrc):
// blanks trimmed, ; and # comment lines and [sections] skipped, quotes
// around a value removed.
func iniSettings(text string) [][2]string {
	var out [][2]string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' || l[0] == ';' || l[0] == '[' || len(out) >= maxGitSettings {
			continue
		}
		if k, v, ok := strings.Cut(l, "="); ok {
			out = append(out, [2]string{strings.TrimSpace(k), strings.Trim(strings.TrimSpace(v), `"'`)})
		}
	}
	return out
}

// cargoProgramKeys are the keys of cargo's configuration whose value is a
// program cargo runs, by the last part of the key, as cargo's
// configuration reference lists them: build.rustc, rustc-wrapper,
// rustc-workspace-wrapper and rustdoc; target.<triple>.linker and runner,
// host.linker; doc.browser (cargo doc --open); registry.credential-provider
// and registries.<name>.credential-provider. A key of that name in any
// table counts.
const cargoProgramKeys word.Set = " rustc-wrapper rustc-workspace-wrapper rustc rustdoc runner linker browser credential-provider "

// cargoProgramLists are the keys whose value is a list of programs, each
// element a command line: registry.global-credential-providers.
const cargoProgramLists word.Set = " global-credential-providers "

// cargoProgramTables are the tables every key of which is a program:
// [credential-alias] (a name for a credential provider's command).
const cargoProgramTables word.Set = " credential-alias "

// cargoFlagKeys are the keys whose value is rustc's (or rustdoc's)
// options: build.rustflags, target.<triple>.rustflags, host.rustflags…
const cargoFlagKeys word.Set = " rustflags rustdocflags "

// cargoSettings: cargo runs the programs its configuration names (the
// .cargo/config.toml and .cargo/config of the directory it runs in and of
// every one above, and $CARGO_HOME's config.toml): each is analysed as the
// command it is; a value guard cannot read (not a string or an array of
// strings) is hidden.
func (c *cmd) cargoSettings() {
	files := append(c.settingsFiles(".", ".cargo/config.toml"), c.settingsFiles(".", ".cargo/config")...)
	home := "~/.cargo"
	if v, ok := c.envValue("CARGO_HOME"); ok && v != "" {
		home = v
	}
	files = append(files, path.Join(home, "config.toml"), path.Join(home, "config"))
	seen := map[string]bool{}
	for _, f := range files {
		if q := word.Clean(c.absDir(f)); seen[q] {
			continue
		} else {
			seen[q] = true
		}
		t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a cargo configuration")
		if !ok {
			continue
		}
		// A program path with a slash is the directory's holding .cargo.
		c.inFileDir(path.Dir(f), func() { c.cargoConfigText(t) })
	}
	c.cargoManifestProfiles()
}

// cargoManifestProfiles reads the [profile.*] tables of the Cargo.toml
// files cargo may read (the crate's and a workspace's above it): with
// cargo-features = ["profile-rustflags"] (stable cargo takes it with
// RUSTC_BOOTSTRAP=1) a profile's rustflags, and its package.<spec>. and
// build-override. ones, are rustc's options, as a configuration's
// (FINDINGS59c C7). The other tables are no cargo settings.
func (c *cmd) cargoManifestProfiles() {
	for _, f := range c.settingsFiles(".", "Cargo.toml") {
		t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a cargo manifest")
		if !ok {
			continue
		}
		var b strings.Builder
		in := false
		for _, l := range tomlLines(t) {
			if s := strings.TrimSpace(l); strings.HasPrefix(s, "[") {
				name := strings.Trim(strings.TrimSpace(strings.SplitN(s, "#", 2)[0]), "[] ")
				in = name == "profile" || strings.HasPrefix(name, "profile.")
			}
			if in {
				b.WriteString(l + "\n")
			}
		}
		if b.Len() > 0 {
			c.inFileDir(f, func() { c.cargoConfigText(b.String()) })
		}
	}
}

// cargoConfigText analyses the settings of a cargo configuration's text,
// each key named with its table ([doc] browser = … is doc.browser); a
// local git source hides (cargoLocalGit).
func (c *cmd) cargoConfigText(t string) {
	if cargoLocalGit(t) {
		c.w.hide("runs cargo with a configuration that names a git repository on this machine: cargo builds its committed code, whose build scripts run, which guard does not read")
		return
	}
	table := ""
	for _, l := range tomlLines(t) {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "[") {
			table, _, _ = strings.Cut(l, "#")
			table = strings.Trim(strings.TrimSpace(table), "[]") + "."
			continue
		}
		for _, kv := range iniSettings(l) {
			c.cargoSetting(table+kv[0], kv[1])
		}
	}
}

// cargoSetting analyses one cargo setting, KEY (table.key) = VALUE: a
// program key's value is the command it runs (cargoProgramKeys, Lists and
// Tables); rustflags are rustc's options (-C linker=PROG); an [env]
// entry is a variable of the programs cargo runs, analysed as one set for
// them (RUSTC_WRAPPER, LD_PRELOAD…). A key guard cannot read hides.
func (c *cmd) cargoSetting(k, v string) {
	k = strings.NewReplacer(`"`, "", "'", "", " ", "").Replace(k)
	if strings.Contains(k, `\`) {
		c.w.hide("names in a cargo configuration a key guard cannot read: it may be a program cargo runs")
		return
	}
	if strings.HasPrefix(strings.TrimSpace(v), "{") {
		c.cargoInline(k, v)
		return
	}
	parts := strings.Split(k, ".")
	first, last := parts[0], parts[len(parts)-1] // build.rustc-wrapper; target.'cfg(…)'.runner
	switch {
	case len(parts) > 1 && cargoProgramTables.Has(first):
		c.w.cargoProgram(v)
	case last == "browser" && !hasWord(c.args, "--open"):
		// doc.browser runs for cargo doc --open only: [doc] browser =
		// "firefox" is no program of cargo test's.
	case cargoProgramKeys.Has(last):
		c.w.cargoProgram(v)
	case cargoProgramLists.Has(last):
		for _, p := range cargoWords(v) {
			c.w.cargoProgram(p)
		}
	case cargoFlagKeys.Has(last):
		c.w.tentative("rustc " + quoteAll(cargoWords(v)))
	case last == "git" && localGitURL(strings.TrimSpace(v)):
		c.w.hide("runs cargo with a setting that names a git repository on this machine: cargo builds its committed code, whose build scripts run, which guard does not read")
	case len(parts) == 2 && first == "env":
		c.cargoEnv(last, v)
	case last == "value" && len(parts) == 3 && first == "env":
		c.cargoEnv(parts[1], v) // [env] NAME = { value = "V", relative = true }
	}
}

// cargoEnv analyses an [env] entry of cargo's configuration, NAME = "V"
// (an inline table's value key is read as its own setting), as the
// variable it sets for the programs cargo runs; a value guard cannot read
// (an escape) is one it cannot tell, for a variable that matters.
func (c *cmd) cargoEnv(name, v string) {
	if strings.Contains(v, `\`) {
		v = word.Mark(word.MarkName, "cargo-env")
	}
	c.w.settingsVar(name, strings.Trim(strings.TrimSpace(v), `"'`))
}

// tomlLines splits TOML text t into its lines, a key's array that goes
// on over several lines (rustflags = [\n "-C",\n "linker=x" ]) joined into
// one.
func tomlLines(t string) []string {
	var out []string
	depth := 0
	for _, l := range strings.Split(t, "\n") {
		if depth > 0 {
			out[len(out)-1] += " " + strings.TrimSpace(l)
		} else {
			out = append(out, l)
		}
		depth = max(0, depth+tomlDepth(l))
	}
	return out
}

// tomlDepth is how many more [ than ] line l opens outside its quotes
// and before a comment.
func tomlDepth(l string) int {
	d, quote := 0, byte(0)
	for i := 0; i < len(l); i++ {
		switch ch := l[i]; {
		case quote != 0 && ch == '\\' && quote == '"':
			i++
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
		case ch == '#':
			return d
		case ch == '[':
			d++
		case ch == ']':
			d--
		}
	}
	return d
}

// cargoInline analyses the settings of an inline table, k = { a = V, b =
// { c = W } }, each as the key it is (k.a, k.b.c): cargo reads
// doc = { browser = "PROG" } as doc.browser.
func (c *cmd) cargoInline(k, v string) {
	body := strings.TrimSpace(v)
	body = strings.TrimSuffix(strings.TrimPrefix(body, "{"), "}")
	depth, quote, start := 0, byte(0), 0
	for i := 0; i <= len(body); i++ {
		switch ch := byte(','); {
		case i < len(body) && quote != 0:
			if body[i] == quote {
				quote = 0
			}
			continue
		case i < len(body):
			ch = body[i]
			fallthrough
		default:
			switch ch {
			case '"', '\'':
				quote = ch
			case '[', '{':
				depth++
			case ']', '}':
				depth--
			case ',':
				if depth == 0 {
					if ik, iv, ok := strings.Cut(body[start:i], "="); ok {
						c.cargoSetting(k+"."+strings.TrimSpace(ik), strings.TrimSpace(iv))
					}
					start = i + 1
				}
			}
		}
	}
}

// cargoWords returns the words of a cargo setting's value: "A B" or
// ["A", "B"].
func cargoWords(v string) []string {
	if !strings.HasPrefix(strings.TrimSpace(v), "[") {
		return strings.Fields(strings.Trim(v, `"' `))
	}
	var out []string
	for _, p := range strings.Split(strings.Trim(v, "[] "), ",") {
		if p = strings.Trim(strings.TrimSpace(p), `"'`); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// cargoProgram analyses a cargo program setting's value: "PROG ARG…"
// (cargo splits a string at blanks) or ["PROG", "ARG"…] as the command
// line it is. A credential provider's value may name one of cargo's own
// (cargo:token…, nothing runs) or cargo:token-from-stdout PROG ARG…,
// which runs PROG.
func (w *walker) cargoProgram(v string) {
	words := cargoWords(v)
	if len(words) == 0 || strings.ContainsAny(v, "{\\") {
		w.hide("names in a cargo configuration a program guard cannot read")
		return
	}
	if strings.HasPrefix(words[0], "cargo:") {
		if words[0] != "cargo:token-from-stdout" {
			return // a provider built into cargo
		}
		if words = words[1:]; len(words) == 0 {
			return
		}
	}
	w.runsValue(quoteAll(words), "cargo's program", w.tentative)
}

// cargoVar reports whether variable name names a program cargo runs:
// rustc's and rustdoc's own (RUSTC_WRAPPER, RUSTC…), and the CARGO_
// variable of each configuration key of cargoProgramKeys, Lists and
// Tables (CARGO_BUILD_RUSTC_WRAPPER, CARGO_TARGET_<TRIPLE>_RUNNER,
// CARGO_DOC_BROWSER, CARGO_REGISTRY_CREDENTIAL_PROVIDER,
// CARGO_CREDENTIAL_ALIAS_<NAME>…): cargo names a key's variable by its
// words in capitals joined by _.
func cargoVar(name string) bool {
	switch name {
	case "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "RUSTC", "RUSTDOC":
		return true
	}
	rest, ok := strings.CutPrefix(name, "CARGO_")
	key := "-" + strings.ToLower(strings.ReplaceAll(rest, "_", "-"))
	if !ok {
		return false
	}
	for _, k := range strings.Fields(string(cargoProgramKeys + cargoProgramLists)) {
		if strings.HasSuffix(key, "-"+k) {
			return true
		}
	}
	for _, t := range strings.Fields(string(cargoProgramTables)) {
		if strings.HasPrefix(key, "-"+t+"-") {
			return true
		}
	}
	return false
}
