package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// hostPathPrograms take words of the form HOST:PATH, REF:PATH or
// IMAGE:TAG whose part after the colon is no file here: remote copies
// (scp, rsync, sftp), ssh, git's remotes and revisions, containers'
// image references and container paths (docker cp ctr:/x ., kubectl cp
// pod:/x .). Their handlers read the words they know; for any other
// program a prefixed word's path is a local one (prefixedPaths).
const hostPathPrograms word.Set = " scp rsync sftp ssh autossh mosh git docker podman nerdctl kubectl oc helm "

// maxPrefixes bounds the prefixes taken off one word (and the parts of a
// :-separated list).
const maxPrefixes = 8

// prefixedPaths returns the local paths a word names behind a prefix,
// which the word as a whole does not name: the part after TYPE: or
// HOST: (socat's OPEN:/x, ImageMagick's text:/x, tool x:~/.bashrc), after
// NAME=TYPE: (--in=OPEN:/x, x=y:/x), inside [...] and a local URL's path
// (sqlite:////x), and each part of a :-separated list (--path=./lib:~/x).
// A part is a path when it looks like one: it starts
// with /, ~, . or a variable, or holds a /; a host's port (localhost:8080)
// or an image's tag (node:20) does not. A part holding a comma is also
// taken up to it (socat's OPEN:/x,append). A program guard does not know
// may open what such a word names (default-deny).
func prefixedPaths(s string) []string {
	var out []string
	add := func(p string) {
		out = append(out, p)
		if k := strings.IndexByte(p, ','); k > 0 {
			out = append(out, p[:k])
		}
	}
	if strings.Contains(s, "://") {
		for _, p := range lang.Embedded(" " + s) {
			add(p) // sqlite:////x, file:///x
		}
		return out
	}
	if strings.Contains(s, ",") && strings.Contains(s, "=") {
		// src=..,dst=/mnt, type=bind,source=..,target=/m: each KEY=VALUE.
		for _, part := range strings.SplitN(s, ",", maxPrefixes) {
			if _, v, ok := strings.Cut(part, "="); ok && localPathLike(v) {
				out = append(out, v)
			}
		}
	}
	for range maxPrefixes {
		if t := strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"); t != s {
			s = t
			if localPathLike(s) {
				add(s)
			}
		}
		k := strings.IndexAny(s, ":=")
		if k < 0 {
			break
		}
		colon := s[k] == ':'
		if src := strings.TrimPrefix(s[:k], "["); colon && localPathLike(src) {
			add(src) // SRC:DST, a bind spec's source (..:/mnt, ~:/m)
		}
		s = s[k+1:]
		if colon && localPathLike(strings.TrimPrefix(s, "[")) {
			add(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
		}
	}
	return out
}

// localPathLike reports whether s may name a local file: it starts with
// /, ~, . or a variable, or holds a /. Not //HOST (a URL's authority).
func localPathLike(s string) bool {
	switch {
	case s == "" || strings.HasPrefix(s, "//"):
		return false
	case strings.ContainsRune("/~.$", rune(s[0])), strings.HasPrefix(s, word.MarkLead):
		return true
	}
	return strings.Contains(s, "/")
}

// prefixedTouches touches the paths behind the prefixes of word s (see
// prefixedPaths), for a program not known to take HOST:PATH words.
func (c *cmd) prefixedTouches(s string) {
	if hostPathPrograms.Has(c.name) {
		return
	}
	for _, p := range prefixedPaths(s) {
		c.w.Touch(p)
	}
}
