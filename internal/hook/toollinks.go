package hook

import (
	"os"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/guardhq/guard/internal/event"
)

// toolTreeLinks returns, for each read in a tool's own inputs that stands
// for a tree walked by a glob (DIR/** or DIR/**/PATTERN: a tool's glob or
// directory, read_many_files' paths, a search's filter), a read of where
// each file link under DIR that leads out of it goes when its path below
// DIR fits the pattern: the client reads a file its glob matches through
// the link, as guard reads the exact name (["kk"] with kk -> ~/.ssh/id_rsa),
// so ["kk*"], ["*"] and ["**/*"] are reads of the link's target too. A DIR
// with more entries than guard looks at (linksOut's bound) cannot tell:
// the tree is then read as if in the home, as unknownLinkInputs reads a
// name from such a directory. The reads are marked with the link's name.
func toolTreeLinks(inputs []event.Input, tool string) []event.Input {
	var out []event.Input
	lists := linkLists{}
	for _, in := range inputs {
		dir, pat, ok := globTree(in)
		if !ok {
			continue
		}
		links := lists.of(dir)
		if links.partial {
			if home, ok := lookupEnv("HOME"); ok && strings.HasPrefix(home, "/") {
				more := in
				more.Text = strings.TrimRight(home, "/") + "/" + strings.TrimPrefix(in.Text, dir+"/")
				out = append(out, more)
			}
		}
		for i, t := range links.targets {
			if len(out) >= maxUnknownLinkInputs {
				return out
			}
			if fi, err := os.Stat(t); err != nil || fi.IsDir() {
				continue // a directory link: entered by the walk only if the client follows it (-L)
			}
			if ok, err := doublestar.Match(pat, links.names[i]); !ok && err == nil {
				continue
			}
			more := in
			more.Text, more.Via = t, tool+" (the link "+links.names[i]+")"
			out = append(out, more)
		}
	}
	return out
}

// globTree splits a read that stands for a tree, DIR/** or DIR/**/PATTERN
// (DIR absolute and without a wildcard), into DIR and the pattern its
// entries' paths below DIR are matched with.
func globTree(in event.Input) (dir, pat string, ok bool) {
	if in.Kind != event.KindRead || !strings.HasPrefix(in.Text, "/") {
		return "", "", false
	}
	i := strings.Index(in.Text, "/**")
	if i <= 0 || in.Text[i:] != "/**" && !strings.HasPrefix(in.Text[i:], "/**/") {
		return "", "", false
	}
	dir = in.Text[:i]
	if strings.ContainsAny(dir, "*?[{") {
		return "", "", false
	}
	return dir, in.Text[i+1:], true
}
