package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// globNames bounds the names one curl -o template or -O URL stands for
// (lang.CurlTemplate): more are a name guard cannot tell.
const globNames = 256

// globbing reports whether the client globs its URLs: curl without -g
// (--globoff).
func (t *transfer) globbing() bool {
	return t.c.name == "curl" && !slices.ContainsFunc(t.args, func(a word.Word) bool {
		return a.Text == "-g" || a.Text == "--globoff"
	})
}

// urlGroups returns the glob groups of each URL the client fetches.
func (t *transfer) urlGroups() [][][]string {
	var all [][][]string
	for _, a := range t.c.args {
		if strings.Contains(a.Text, "://") {
			if g := lang.CurlGlob(a.Text, globNames); len(g) > 0 {
				all = append(all, g)
			}
		}
	}
	return all
}

// templated returns the names an -o name f stands for: f itself, or,
// when it holds #N and the URLs glob, f with each #N replaced by each
// alternative of the Nth group of each URL (curl -o '#1.html'
// 'https://x/{a,b}'); a part guard cannot tell (word.Unknown) for a group
// it cannot spell out, and for every #N when guard found no globbed URL
// (one without a scheme, from a config file: curl may still glob it).
func (t *transfer) templated(f string, groups [][][]string, glob bool) []string {
	if !glob || !templateMark(f) {
		return []string{f}
	}
	if len(groups) == 0 {
		names, _ := lang.CurlTemplate(f, nil, 1, word.Unknown)
		return names
	}
	var out []string
	for _, g := range groups {
		names, ok := lang.CurlTemplate(f, g, globNames, word.Unknown)
		if !ok { // too many: each #N one part guard cannot tell
			names, _ = lang.CurlTemplate(f, nil, 1, word.Unknown)
		}
		out = append(out, names...)
	}
	return out
}

// templateMark reports whether -o name f holds a # followed by a digit,
// which curl reads as a glob group's text.
func templateMark(f string) bool {
	for i := 0; i+1 < len(f); i++ {
		if f[i] == '#' && f[i+1] >= '0' && f[i+1] <= '9' {
			return true
		}
	}
	return false
}

// remoteNames returns the names curl -O saves URL u under: its last path
// element, for each URL its glob expands to (curl -O
// 'https://x/{a/.bashrc,b}' saves .bashrc and b).
func (t *transfer) remoteNames(u string, glob bool) []string {
	if !strings.Contains(u, "://") {
		return nil
	}
	urls := []string{u}
	if glob {
		var ok bool
		if urls, ok = lang.CurlExpand(u, globNames, word.Unknown); !ok {
			return []string{word.RunTime}
		}
	}
	var out []string
	for _, x := range urls {
		if name := lang.UrlName(x); name != "" {
			out = append(out, name)
		} else if strings.Contains(x, "://") {
			// wget names what a URL without a file name gives
			// index.html (wget -P ~/.pyenv/plugins/x URL).
			out = append(out, "index.html")
		}
	}
	return out
}
