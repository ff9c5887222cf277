package policy

// The hook files of the plugins and extensions the clients load from a
// directory of the user's. Agent A installs plugins from
// marketplaces; a marketplace whose source is a local directory (settings'
// extraKnownMarketplaces, or the client's record of known marketplaces,
// ~/.agent_a/plugins/known_marketplaces.json) is loaded from there: its
// manifest (.agent_a-plugin/marketplace.json) lists the plugins, each with
// its manifest (.agent_a-plugin/plugin.json), hooks/hooks.json and
// .mcp.json. Agent C links an extension to a directory (`extensions link`:
// ~/.agent_c/extensions/NAME/.agent_c-extension-install.json, type "link",
// source the directory), whose agent_c-extension.json and hooks/hooks.json
// it loads. Those files are protected as the agents' hook files are, and
// their entries analysed as a project's, with $…PLUGIN_ROOT and
// ${extensionPath} bound to the plugin's directory. Installs the clients
// copy under ~/.agent_a and ~/.agent_c are inside the home's hidden
// directories, which the write rules protect whole.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/regularfile"
)

const (
	// maxPluginRoots bounds the plugin and extension directories read a
	// call.
	maxPluginRoots = 16
	// maxExtensions bounds the entries of agent C's extensions directory
	// looked at.
	maxExtensions = 64
)

// pluginHookFiles are the files of a plugin's or extension's directory the
// clients read hook entries and MCP servers from.
var pluginHookFiles = [...]string{".agent_a-plugin/plugin.json", "hooks/hooks.json", ".mcp.json", "agent_c-extension.json"}

// localMarketplaces returns the local directories settings value v (of a
// hook file in dir) names as a plugin marketplace's source:
// extraKnownMarketplaces.NAME.source {"source":"directory"|"file","path":P},
// P relative to dir.
func localMarketplaces(v any, dir, home string) []string {
	m, _ := v.(map[string]any)
	known, _ := m["extraKnownMarketplaces"].(map[string]any)
	var out []string
	for _, e := range known {
		if d := marketplaceDir(e, dir, home); d != "" && len(out) < maxPluginRoots {
			out = append(out, d)
		}
	}
	return out
}

// marketplaceDir returns the local directory marketplace record e's
// source names ("" for a remote one): a directory source's path, a file
// source's (marketplace.json's) marketplace root.
func marketplaceDir(e any, dir, home string) string {
	rec, _ := e.(map[string]any)
	src, _ := rec["source"].(map[string]any)
	kind, _ := src["source"].(string)
	p, _ := src["path"].(string)
	if p == "" || kind != "directory" && kind != "file" && kind != "local" {
		return ""
	}
	p = filepath.FromSlash(p)
	if rest, ok := strings.CutPrefix(p, "~"+string(filepath.Separator)); ok {
		p = filepath.Join(home, rest)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	p = filepath.Clean(p)
	if kind == "file" || strings.HasSuffix(p, ".json") {
		p = filepath.Dir(p) // …/.agent_a-plugin/marketplace.json
		if filepath.Base(p) == ".agent_a-plugin" {
			p = filepath.Dir(p)
		}
	}
	return p
}

// pluginPrograms returns the globs of the hook files of the plugins in
// the local marketplaces the hook files read so far name (hookValue notes
// them) and, with user, of those agent A's client records and of the
// extensions agent C links; and the files and globs their entries run.
// Each root is read once a policy (p.cache.pluginRoots). The caller holds
// p.cache.mu.
func (p *Policy) pluginPrograms(user bool) (out, globs []string) {
	home := filepath.Clean(p.Home)
	dirs := p.cache.markets
	p.cache.markets = nil
	if user && filepath.IsAbs(home) {
		dirs = append(dirs, knownMarketplaces(home)...)
	}
	var roots []string
	for _, m := range dirs {
		globs = append(globs, literalGlob(m)+"/.agent_a-plugin/**")
		roots = append(roots, marketplacePlugins(m)...)
	}
	if user && filepath.IsAbs(home) {
		roots = append(roots, linkedExtensions(home)...)
	}
	for _, r := range roots {
		if slices.Contains(p.cache.pluginRoots, r) || len(p.cache.pluginRoots) >= maxPluginRoots {
			continue
		}
		p.cache.pluginRoots = append(p.cache.pluginRoots, r)
		o, g := p.pluginRoot(r)
		out, globs = append(out, o...), append(globs, g...)
	}
	p.cache.markets = nil // a plugin's own marketplaces are not followed
	return out, globs
}

// pluginRoot returns the globs of plugin directory r's hook files and the
// files and globs their entries run.
func (p *Policy) pluginRoot(r string) (out, globs []string) {
	g := literalGlob(r)
	globs = append(globs, g+"/.agent_a-plugin/**", g+"/hooks/**", g+"/.mcp.json", g+"/agent_c-extension.json")
	files := make([]string, 0, len(pluginHookFiles))
	for _, name := range pluginHookFiles {
		files = append(files, filepath.Join(r, filepath.FromSlash(name)))
	}
	for i := 0; i < len(files); i++ {
		f := files[i]
		data, err := regularfile.ReadFile(f, maxHookFileBytes)
		if err != nil {
			if _, lerr := os.Lstat(f); lerr == nil {
				globs = append(globs, p.unreadHook(r))
			}
			continue
		}
		v, err := decodeHookFile(data)
		if err != nil {
			globs = append(globs, p.unreadHook(r))
			continue
		}
		if i == 0 {
			files = append(files, manifestFiles(v, r)...)
		}
		o, gl := p.hookValue(v, r, true, r)
		out, globs = append(out, o...), append(globs, gl...)
	}
	return out, globs
}

// manifestFiles returns the hook and server files plugin manifest v of
// plugin directory r names (its "hooks" and "mcpServers" as a path or a
// list of paths): hook files of their own, read like the
// default ones. A path outside r is left to the manifest's entry words.
func manifestFiles(v any, r string) []string {
	m, _ := v.(map[string]any)
	var out []string
	for _, k := range [...]string{"hooks", "mcpServers"} {
		var names []any
		switch t := m[k].(type) {
		case string:
			names = []any{t}
		case []any:
			names = t
		}
		for _, n := range names {
			s, ok := n.(string)
			if !ok || s == "" || len(out) >= len(pluginHookFiles) {
				continue
			}
			s = strings.ReplaceAll(s, "${AGENT_A_PLUGIN_ROOT}", r)
			f := filepath.FromSlash(s)
			if !filepath.IsAbs(f) {
				f = filepath.Join(r, f)
			}
			if f = filepath.Clean(f); f == r || strings.HasPrefix(f, r+string(filepath.Separator)) {
				out = append(out, f)
			}
		}
	}
	return out
}

// knownMarketplaces returns the local directories of the marketplaces agent
// A's client records (~/.agent_a/plugins/known_marketplaces.json).
func knownMarketplaces(home string) []string {
	data, err := regularfile.ReadFile(filepath.Join(home, ".agent_a", "plugins", "known_marketplaces.json"), maxHookFileBytes)
	if err != nil {
		return nil
	}
	var v map[string]any
	if json.Unmarshal(data, &v) != nil {
		return nil
	}
	var out []string
	for _, e := range v {
		if d := marketplaceDir(e, home, home); d != "" && len(out) < maxPluginRoots {
			out = append(out, d)
		}
	}
	return out
}

// marketplacePlugins returns the plugin directories of local marketplace
// m: each local source of its manifest's plugins (relative to m); a
// manifest guard cannot read makes every directory in m a plugin's.
func marketplacePlugins(m string) []string {
	var out []string
	data, err := regularfile.ReadFile(filepath.Join(m, ".agent_a-plugin", "marketplace.json"), maxHookFileBytes)
	var mf struct {
		Plugins []struct {
			Source any `json:"source"`
		} `json:"plugins"`
	}
	if err != nil || json.Unmarshal(data, &mf) != nil {
		entries, _ := os.ReadDir(m)
		for i, e := range entries {
			if i < maxExtensions && e.IsDir() {
				out = append(out, filepath.Join(m, e.Name()))
			}
		}
		return append(out, m)
	}
	for _, pl := range mf.Plugins {
		s, ok := pl.Source.(string)
		if !ok || strings.Contains(s, "://") || len(out) >= maxPluginRoots {
			continue // a remote source: installed under ~/.agent_a
		}
		if filepath.IsAbs(filepath.FromSlash(s)) {
			out = append(out, filepath.Clean(filepath.FromSlash(s))) // a local path
		} else {
			out = append(out, filepath.Clean(filepath.Join(m, filepath.FromSlash(s))))
		}
	}
	return out
}

// linkedExtensions returns the directories agent C's linked extensions
// load from: the source of each ~/.agent_c/extensions/NAME's install
// record of type "link".
func linkedExtensions(home string) []string {
	base := filepath.Join(home, ".agent_c", "extensions")
	entries, err := os.ReadDir(base)
	if err != nil {
		return nil
	}
	var out []string
	for i, e := range entries {
		if i >= maxExtensions || len(out) >= maxPluginRoots {
			break
		}
		data, err := regularfile.ReadFile(filepath.Join(base, e.Name(), ".agent_c-extension-install.json"), maxHookFileBytes)
		if err != nil {
			continue
		}
		var rec struct {
			Source string `json:"source"`
			Type   string `json:"type"`
		}
		if json.Unmarshal(data, &rec) == nil && rec.Type == "link" && filepath.IsAbs(rec.Source) {
			out = append(out, filepath.Clean(rec.Source))
		}
	}
	return out
}
