package shell

// Node's resolver, followed as node follows it for the main module (node
// m/index) and for every load (require, import, -r, --import,
// NODE_OPTIONS): a specifier with a scheme is a builtin (node:fs), inline
// code (data:…), a path (file:…) or a place guard cannot read (any other);
// a path is tried as a file, with each extension, then as a directory
// (package.json's main, then index.*); a bare name is first the enclosing
// package's own name (a self-reference through its package.json exports),
// then node_modules (nodemodules.go). What guard cannot classify is hidden,
// never nothing to read.

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// nodeExts are the suffixes node (and bun, deno, tsx) tries after a module
// path as written, nodeIndex a directory's entry files.
var (
	nodeExts  = []string{".js", ".json", ".node", ".mjs", ".cjs", ".ts", ".mts", ".cts"}
	nodeIndex = []string{"/index.js", "/index.json", "/index.node", "/index.mjs", "/index.cjs", "/index.ts"}
)

// nodeFiles returns the files node tries for a module at p without
// reading a package.json: p itself, with an extension, or a directory's
// index.
func nodeFiles(p string) []string {
	out := []string{p}
	for _, ext := range nodeExts {
		out = append(out, p+ext)
	}
	for _, ix := range nodeIndex {
		out = append(out, p+ix)
	}
	return out
}

// nodePaths returns the files node tries, in its order, for a module or a
// main module at p: p, p with each extension, the main its package.json
// names (as a file, then as a directory), then p's index files. A
// package.json guard cannot read is hidden (nodeMainCands).
func (c *cmd) nodePaths(p string) []string {
	out := []string{p}
	for _, ext := range nodeExts {
		out = append(out, p+ext)
	}
	out = append(out, c.nodeMainCands(p)...)
	for _, ix := range nodeIndex {
		out = append(out, p+ix)
	}
	return out
}

// nodeMainCands returns the files package.json's main in directory p
// makes node try: main, with each extension, and its index files; none
// when there is no package.json or no main. A package.json guard cannot
// read whole, or whose main is no string, is hidden.
func (c *cmd) nodeMainCands(p string) []string {
	if word.IsStdin(p) || strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/proc/") {
		return nil // require("/dev/stdin"): a descriptor, no directory
	}
	pj := path.Join(p, "package.json")
	n := c.w.Nread
	t, st := c.w.FileStatus(pj, true, maxPackageJSON)
	switch st {
	case effect.FileAbsent:
		c.w.Nread = n
		return nil
	case effect.FileWhole:
	default:
		c.w.hide("runs a package whose package.json guard cannot read whole")
		return nil
	}
	m, ok := packageMain([]byte(t))
	if !ok {
		c.w.hide("runs a package whose package.json guard cannot read (its main is no string)")
		return nil
	}
	if m == "" {
		return nil
	}
	return nodeFiles(path.Join(p, m))
}

// nodeSpecifier follows a node specifier guard resolves otherwise than as
// a path or a node_modules name: one with a scheme, or the enclosing
// package's own name. It reports whether name was one.
func (m *moduleLoader) nodeSpecifier(name, dir string, depth int) bool {
	scheme, rest, ok := strings.Cut(name, ":")
	if !ok || strings.ContainsAny(scheme, "/.@") {
		return m.nodeSelf(name, dir, depth)
	}
	switch strings.ToLower(scheme) {
	case "node":
		if first, _, _ := strings.Cut(rest, "/"); !catalogue.NodeBuiltins.Has(first) {
			m.c.w.hide("loads %q, a node: module guard does not know: it cannot tell what code runs", name)
		}
	case "data":
		m.nodeData(rest, dir, depth)
	case "file":
		u, err := url.Parse(name)
		if err != nil || u.Path == "" || u.Host != "" && u.Host != "localhost" {
			m.c.w.hide("loads a file: URL guard cannot read (%s)", name)
			return true
		}
		m.load(m.c.nodePaths(u.Path), depth)
	default:
		m.c.w.hide("loads code from a %s: URL, which guard cannot read: it cannot tell what code runs", scheme)
	}
	return true
}

// nodeData follows a data: URL module (rest is what follows "data:"): its
// code, decoded by its ;base64 flag or its percent escapes, is the
// command's own code, analysed as a one-liner's and its loads followed;
// a JSON module is data. Another media type (wasm) or text guard cannot
// decode is hidden.
func (m *moduleLoader) nodeData(rest, dir string, depth int) {
	meta, data, ok := strings.Cut(rest, ",")
	media, _, _ := strings.Cut(strings.ToLower(meta), ";")
	var text string
	var err error
	if ok && strings.HasSuffix(strings.ToLower(meta), ";base64") {
		var b []byte
		b, err = base64.StdEncoding.DecodeString(strings.TrimRight(data, "="))
		if err != nil {
			b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(data, "="))
		}
		text = string(b)
	} else if ok {
		text, err = url.PathUnescape(data)
	}
	switch {
	case !ok || err != nil:
		m.c.w.hide("loads a data: URL module guard cannot decode: it cannot tell what code runs")
	case media == "application/json":
	case media == "text/javascript" || media == "application/javascript" || media == "text/typescript":
		m.c.code += text
		m.c.scanCode(text)
		m.code(text, dir, depth+1)
	default:
		m.c.w.hide("loads a data: URL module of type %q, which guard cannot read: it cannot tell what code runs", media)
	}
}

// nodeSelf follows a bare name that is the enclosing package's own
// (require("pkg/sub") inside pkg): node resolves it through the nearest
// package.json's exports before node_modules. It reports whether name was
// one; an exports field guard cannot read is hidden.
func (m *moduleLoader) nodeSelf(name, dir string, depth int) bool {
	first, _, _ := strings.Cut(name, "/")
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "/") || strings.HasPrefix(name, "#") || catalogue.NodeBuiltins.Has(first) {
		return false
	}
	pkgDir, obj, ok := m.c.nodeScope(dir)
	if !ok {
		return false
	}
	var own string
	if json.Unmarshal(obj["name"], &own) != nil || own == "" || (name != own && !strings.HasPrefix(name, own+"/")) {
		return false
	}
	exp, has := obj["exports"]
	if !has || string(exp) == "null" {
		return false // no exports: node does not resolve a self-reference
	}
	sub := "." + strings.TrimPrefix(name, own)
	targets, ok := exportTargets(exp, sub)
	if !ok {
		m.c.w.hide("loads %q, its own package through package.json exports guard cannot read: it cannot tell what code runs", name)
		return true
	}
	for _, t := range targets {
		if !strings.HasPrefix(t, "./") || strings.Contains(t, "..") {
			m.c.w.hide("loads %q, which its package.json exports map to %q: guard cannot tell what code runs", name, t)
			return true
		}
		m.load([]string{path.Join(pkgDir, t)}, depth)
	}
	return true
}

// nodeScope returns the directory of the package.json nearest at or above
// dir (a path as the command names it) and its members; false when there
// is none guard can read within maxRootUp levels.
func (c *cmd) nodeScope(dir string) (string, map[string]json.RawMessage, bool) {
	d := c.absPath(dir)
	if !path.IsAbs(d) {
		return "", nil, false
	}
	for range maxRootUp {
		pj := path.Join(d, "package.json")
		n, listed := c.w.Nread, len(*c.w.FileList)
		t, st := c.w.FileStatus(pj, true, maxPackageJSON)
		c.w.Nread, *c.w.FileList = n, (*c.w.FileList)[:listed] // looked at, not run
		if st == effect.FileWhole {
			obj, err := lang.JSONObject([]byte(t))
			if err != nil {
				return "", nil, false
			}
			return d, obj, true
		}
		if d == "/" || path.Base(d) == "node_modules" {
			break
		}
		d = path.Dir(d)
	}
	return "", nil, false
}

// exportTargets returns the files a package.json exports value maps
// subpath (".", "./y") to: every string under the matching entry (each
// condition's, each array member's: node picks one, guard reads all), a
// "./x/*" pattern's with its match put in; false when guard cannot read the
// value.
func exportTargets(exp json.RawMessage, sub string) ([]string, bool) {
	var s string
	if json.Unmarshal(exp, &s) == nil {
		if sub == "." {
			return []string{s}, true
		}
		return nil, true
	}
	obj, err := lang.JSONObject(exp)
	if err != nil {
		return nil, false
	}
	subpaths := false
	for k := range obj {
		subpaths = subpaths || strings.HasPrefix(k, ".")
	}
	if !subpaths {
		if sub != "." {
			return nil, true
		}
		return jsonStrings(exp, 0)
	}
	if v, ok := obj[sub]; ok {
		return jsonStrings(v, 0)
	}
	var out []string
	for k, v := range obj {
		pre, post, star := strings.Cut(k, "*")
		if !star || !strings.HasPrefix(sub, pre) || !strings.HasSuffix(sub[len(pre):], post) {
			continue
		}
		match := sub[len(pre) : len(sub)-len(post)]
		ts, ok := jsonStrings(v, 0)
		if !ok {
			return nil, false
		}
		for _, t := range ts {
			out = append(out, strings.ReplaceAll(t, "*", match))
		}
	}
	return out, true
}

// maxExportDepth bounds the nesting of an exports condition object.
const maxExportDepth = 8

// jsonStrings returns every string in the JSON value v (objects' values,
// arrays' members, null none); false past maxExportDepth or for text that
// is no JSON.
func jsonStrings(v json.RawMessage, depth int) ([]string, bool) {
	if depth > maxExportDepth {
		return nil, false
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return []string{s}, true
	}
	var list []json.RawMessage
	if json.Unmarshal(v, &list) == nil {
		var out []string
		for _, e := range list {
			ts, ok := jsonStrings(e, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, ts...)
		}
		return out, true
	}
	if string(v) == "null" {
		return nil, true
	}
	obj, err := lang.JSONObject(v)
	if err != nil {
		return nil, false
	}
	var out []string
	for _, e := range obj {
		ts, ok := jsonStrings(e, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, ts...)
	}
	return out, true
}

// nodeAddon reports whether p, a file node loads, is a compiled addon
// (.node), hiding the command when it is: its code guard cannot read.
func (m *moduleLoader) nodeAddon(p string) bool {
	if m.fam != lang.Node || !strings.HasSuffix(p, ".node") {
		return false
	}
	m.c.w.hide("loads a compiled Node addon (%s), whose code guard cannot read", path.Base(word.Clean(p)))
	return true
}
