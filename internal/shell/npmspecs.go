package shell

// The packages an install takes besides package.json's dependencies, each
// read with localSpec as a dependency's spec is: the specs the command
// line names (npm install ./lp, yarn add x.tgz, npx ./x.tgz, npm exec
// --package=./lp), the fields npm installs from (peerDependencies,
// overrides, yarn's resolutions, pnpm.overrides), pnpm's catalog: specs
// (pnpm-workspace.yaml's entry), and npm's lock file (its link entries and
// resolved paths: npm ci installs what the lock says, whatever the range).

import (
	"encoding/json"
	"errors"
	"net"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxLockBytes bounds a lock file read; a larger one hides an install.
const maxLockBytes = 8 << 20

// npmAddVerbs are the subcommands of npm, yarn, pnpm and bun whose
// operands are package specs they install (or pack, or link); npmExecVerbs
// those whose first operand is one (npm exec, pnpm dlx, bun x).
const (
	npmAddVerbs  word.Set = " install i in ins inst insta instal isnt isnta isntal isntall add a install-test it install-ci-test cit link ln update up upgrade udpate pack publish "
	npmExecVerbs word.Set = " exec x dlx "
)

// depSpec is one dependency as a manifest or a command line names it.
type depSpec struct{ name, spec string }

// depSpecs returns the dependencies of package.json text t in each field
// its package manager installs from: dependencies, devDependencies,
// optionalDependencies, peerDependencies (npm 7+ installs peers),
// overrides, resolutions (yarn) and pnpm.overrides, nested ones too. An
// override's $NAME stands for another field's spec, read there.
func depSpecs(t string) []depSpec {
	var pkg map[string]json.RawMessage
	if json.Unmarshal([]byte(t), &pkg) != nil {
		return nil
	}
	var pnpm map[string]json.RawMessage
	_ = json.Unmarshal(pkg["pnpm"], &pnpm) // pnpm.overrides, the keys exact
	var out []depSpec
	for _, raw := range []json.RawMessage{pkg["dependencies"], pkg["devDependencies"], pkg["optionalDependencies"],
		pkg["peerDependencies"], pkg["overrides"], pkg["resolutions"], pnpm["overrides"]} {
		out = appendSpecs(out, "", raw, 0)
	}
	return out
}

// appendSpecs appends the string values of object raw (depth levels
// down: overrides nest) as the specs of their keys ("." is the
// enclosing key's own).
func appendSpecs(out []depSpec, name string, raw json.RawMessage, depth int) []depSpec {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if !strings.HasPrefix(s, "$") {
			out = append(out, depSpec{name, s})
		}
		return out
	}
	var m map[string]json.RawMessage
	if depth > 8 || json.Unmarshal(raw, &m) != nil {
		return out
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		n := k
		if k == "." {
			n = name
		}
		out = appendSpecs(out, n, m[k], depth+1)
	}
	return out
}

// specDir reads dependency spec d of the package in directory dir as
// localSpec does, a pnpm catalog: spec as the catalog's entry for it;
// false, having hidden the command, when it is local code guard cannot
// read.
func (c *cmd) specDir(dir string, d depSpec) (string, bool, bool) {
	spec := d.spec
	if rest, ok := strings.CutPrefix(strings.TrimSpace(spec), "catalog:"); ok {
		v, found := c.catalogEntry(dir, rest, d.name)
		if !found {
			c.w.hide("installs %s from the pnpm catalog %q, whose entry guard cannot read", d.name, spec)
			return "", false, false
		}
		spec = v
	}
	local, isLocal, ok := localSpec(spec)
	if !ok {
		c.w.hide("installs the local package %q, whose install scripts guard cannot read", spec)
	}
	return local, isLocal, ok
}

// commandSpecs returns the package specs the command line of npm, yarn,
// pnpm or bun names, as npm-package-arg reads them (operandSpec): every
// operand of an install (npmAddVerbs); with run, those whose program it
// runs: the first operand of an exec (npmExecVerbs) and each --package.
func (c *cmd) commandSpecs(run bool) []depSpec {
	ws := c.packageWords()
	var ops []string
	switch {
	case len(ws) < 2:
	case !run && npmAddVerbs.Has(ws[0]):
		ops = ws[1:]
	case run && npmExecVerbs.Has(ws[0]):
		ops = ws[1:2]
	}
	for j, a := range c.args {
		if v, ok := strings.CutPrefix(a.Text, "--package="); ok && run {
			ops = append(ops, v)
		} else if a.Text == "--package" && j+1 < len(c.args) && run {
			ops = append(ops, c.args[j+1].Text)
		}
	}
	out := make([]depSpec, 0, len(ops))
	for _, o := range ops {
		out = append(out, operandSpec(o))
	}
	return out
}

// runsLocal reports whether a package whose program the command runs
// (npx X, npm exec X, --package X) is local code, having hidden the
// command then: guard reads a package's scripts, not its programs.
func (c *cmd) runsLocal(specs []depSpec) bool {
	for _, d := range specs {
		_, local, ok := c.specDir(".", d)
		if !ok {
			return true
		}
		if local {
			c.w.hide("runs the program of the local package %q, which guard does not read", d.spec)
			return true
		}
	}
	return false
}

// runnerSpecs returns the package specs a package runner prefix (npx,
// bunx, pnpm dlx, yarn dlx) installs before it runs its command: each
// -p/--package value and the first operand (runsLocal reads them).
func runnerSpecs(args []word.Word) []depSpec {
	var out []depSpec
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--" || s == "-c" || s == "--call":
			return out
		case s == "-p" || s == "--package":
			if j+1 < len(args) {
				j++
				out = append(out, operandSpec(args[j].Text))
			}
		case strings.HasPrefix(s, "--package="):
			out = append(out, operandSpec(strings.TrimPrefix(s, "--package=")))
		case !strings.HasPrefix(s, "-"):
			return append(out, operandSpec(s))
		}
	}
	return out
}

// operandSpec reads a command-line package argument as npm-package-arg
// does: a path, a URL or a tarball name is a spec whole; NAME@SPEC is
// NAME's SPEC; a plain NAME is the registry's.
func operandSpec(a string) depSpec {
	at := strings.Index(a, "@")
	if strings.HasPrefix(a, "@") {
		at = strings.Index(a[1:], "@") + 1
	}
	name := a
	if at > 0 {
		name = a[:at]
	}
	lower := strings.ToLower(name)
	switch {
	case strings.Contains(a, "://") || strings.HasPrefix(a, "git@"):
		return depSpec{"", a}
	case !strings.HasPrefix(name, "@") && (strings.ContainsAny(name, "/\\:") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "~") ||
		strings.HasSuffix(lower, ".tgz") || strings.HasSuffix(lower, ".tar") || strings.HasSuffix(lower, ".tar.gz")):
		return depSpec{"", a}
	case at > 0:
		return depSpec{name, a[at+1:]}
	case aliasSpec(a):
		return depSpec{a, ""}
	}
	return depSpec{"", a} // not a package name: npm reads it as a spec
}

// localDirs returns the directories of the local packages specs name,
// read from the directory dir; false, having hidden the command, when one
// is local code guard cannot read.
func (c *cmd) localDirs(dir string, specs []depSpec) ([]string, bool) {
	var out []string
	for _, d := range specs {
		local, isLocal, ok := c.specDir(dir, d)
		if !ok {
			return nil, false
		}
		if isLocal {
			out = append(out, path.Join(dir, local))
		}
	}
	return out, true
}

// lockDirs returns the local packages npm's lock file (npm-shrinkwrap.json,
// package-lock.json) in the walker's directory installs: a link entry's
// directory, a resolved spec localSpec reads as local; false, having
// hidden the command, when the lock cannot be read whole or parsed, or
// names local code guard cannot read.
func (c *cmd) lockDirs() ([]string, bool) {
	for _, f := range []string{"npm-shrinkwrap.json", "package-lock.json"} {
		if !c.w.wrote(f) && !c.somethingAt(f) {
			continue
		}
		t, st := c.w.FileStatus(f, true, maxLockBytes)
		var pkgs, deps map[string]lockDep
		lock, err := lang.JSONObject([]byte(t)) // exact keys, as npm's
		if err == nil {
			err = errors.Join(lang.JSONMember(lock, "packages", &pkgs), lang.JSONMember(lock, "dependencies", &deps))
		}
		if st != effect.FileWhole || err != nil {
			c.w.hide("installs what %s lists, which guard cannot read whole (at most %d MiB of JSON, each key once)", f, maxLockBytes>>20)
			return nil, false
		}
		var specs []depSpec
		for _, e := range pkgs {
			switch {
			case e.Link:
				specs = append(specs, depSpec{"", "file:" + e.Resolved})
			case e.Resolved != "":
				specs = append(specs, depSpec{"", e.Resolved})
			}
		}
		specs = lockV1Specs(specs, deps, 0)
		return c.localDirs(".", specs)
	}
	return nil, true
}

// lockDep is a package of a lock file: an entry of its packages, or a
// dependency of a version 1 lock (nested ones too).
type lockDep struct {
	Version, Resolved string
	Link              bool
	Dependencies      map[string]lockDep
}

// UnmarshalJSON decodes a lock entry by its exact keys, as npm reads
// them (encoding/json's struct tags match any case).
func (d *lockDep) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	return errors.Join(lang.JSONMember(m, "version", &d.Version), lang.JSONMember(m, "resolved", &d.Resolved),
		lang.JSONMember(m, "link", &d.Link), lang.JSONMember(m, "dependencies", &d.Dependencies))
}

// lockV1Specs appends the version and resolved specs of a version 1
// lock's dependencies, nested ones too.
func lockV1Specs(out []depSpec, deps map[string]lockDep, depth int) []depSpec {
	if depth > 32 {
		return append(out, depSpec{"", "?"}) // deeper than guard reads
	}
	for _, d := range deps {
		for _, s := range []string{d.Version, d.Resolved} {
			if s != "" {
				out = append(out, depSpec{"", s})
			}
		}
		out = lockV1Specs(out, d.Dependencies, depth+1)
	}
	return out
}

// publicHost reports whether host (of a URL or git@HOST:path, with
// user@ and :port) names another machine: a public IP address, or a
// dotted name that is not local (localhost, .local, .internal…) and does
// not end in a number (WHATWG URL reads 127.1, 0x7f.1, 2130706433 as IPv4
// addresses). A single-label name may be this machine's: not public.
func publicHost(host string) bool {
	if i := strings.LastIndex(host, "@"); i >= 0 {
		host = host[i+1:]
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else if strings.HasPrefix(host, "[") {
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	} else if i := strings.Index(host, ":"); i >= 0 && strings.Count(host, ":") == 1 {
		host = host[:i]
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if ip := net.ParseIP(host); ip != nil {
		return ip.IsGlobalUnicast() && !ip.IsPrivate()
	}
	labels := strings.Split(host, ".")
	last := labels[len(labels)-1]
	if len(labels) < 2 || strings.ContainsAny(host, "%[]") || strings.Trim(last, "0123456789") == "" || strings.HasPrefix(last, "0x") {
		return false
	}
	switch last {
	case "localhost", "local", "internal", "localdomain", "lan", "home", "arpa", "test", "invalid", "corp", "intranet":
		return false
	}
	return true
}

// catalogEntry returns pkg's spec in the pnpm catalog cat (catalog: or
// catalog:default is the catalog key's, catalog:NAME the catalogs key's
// NAME) of the nearest pnpm-workspace.yaml at or above dir; false when
// guard cannot find it (no file, a form it does not read).
func (c *cmd) catalogEntry(dir, cat, pkg string) (string, bool) {
	files := c.projectFiles(dir, []string{"pnpm-workspace.yaml"}, catalogue.Nearest)
	if len(files) == 0 {
		return "", false
	}
	t, st := c.w.FileStatus(files[0], true, effect.MaxScriptBytes)
	if st != effect.FileWhole {
		return "", false
	}
	if cat == "" || cat == "default" {
		if v, ok := yamlAt(t, []string{"catalog", pkg}); ok {
			return v, true
		}
		cat = "default"
	}
	return yamlAt(t, []string{"catalogs", cat, pkg})
}

// yamlAt returns the plain or quoted scalar at keys of YAML text t, in
// block mappings (a key's mapping indented below it); false when it is
// not there as such.
func yamlAt(t string, keys []string) (string, bool) {
	type level struct {
		indent int
		key    string
	}
	var stack []level
	for _, line := range strings.Split(t, "\n") {
		body := strings.TrimLeft(line, " ")
		if body == "" || body[0] == '#' || body == "---" {
			continue
		}
		indent := len(line) - len(body)
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		k, v, ok := strings.Cut(body, ":")
		if q := body[0]; q == '"' || q == '\'' {
			end := strings.IndexByte(body[1:], q)
			if end < 0 {
				continue
			}
			k, v, ok = body[1:end+1], body[end+2:], strings.HasPrefix(body[end+2:], ":")
			v = strings.TrimPrefix(v, ":")
		}
		if !ok || body[0] == '-' {
			continue
		}
		if i := strings.Index(v, " #"); i >= 0 {
			v = v[:i]
		}
		v = strings.TrimSpace(v)
		stack = append(stack, level{indent, strings.TrimSpace(k)})
		if len(stack) != len(keys) || !slices.EqualFunc(stack, keys, func(l level, k string) bool { return l.key == k }) {
			continue
		}
		if v == "" || strings.ContainsAny(v[:1], "|>[{&*!") {
			return "", false
		}
		return strings.Trim(v, `"'`), true
	}
	return "", false
}
