package lang

import "strings"

// MadeArchive is an archive python's shutil.make_archive(base, format,
// root_dir) makes: Name, base with format's extension; Root, the
// directory it stores whole ("." by default), "" with RootKnown false
// when guard cannot compute it.
type MadeArchive struct {
	Name, Root string
	RootKnown  bool
}

// archiveExt returns the extension make_archive adds for format.
func archiveExt(format string) (string, bool) {
	switch format {
	case "zip", "tar":
		return "." + format, true
	case "gztar", "bztar", "xztar":
		return ".tar." + format[:2], true
	case "zstdtar":
		return ".tar.zst", true
	}
	return "", false
}

// MadeArchives returns the archives code makes with make_archive whose
// name guard can compute (bounded).
func MadeArchives(code string) []MadeArchive {
	n := names{code: code, lits: litSpans(code)}
	var out []MadeArchive
	for id, k := range codeIdents(code, n.lits) {
		open := skipBlanks(code, k)
		if id != "make_archive" || open >= len(code) || code[open] != '(' || len(out) >= maxListings {
			continue
		}
		var pos []string
		kw := map[string]string{}
		for _, a := range n.callArgs(open, true) {
			if key, v, ok := strings.Cut(a, "="); ok && identifier(strings.TrimSpace(key)) && !strings.HasPrefix(v, "=") {
				kw[strings.TrimSpace(key)] = v
			} else {
				pos = append(pos, a)
			}
		}
		pick := func(i int, key string) string {
			if v, ok := kw[key]; ok {
				return v
			}
			return argAt(pos, i)
		}
		base, okBase := n.dirValue(pick(0, "base_name"), 0)
		format, okFmt := n.dirValue(pick(1, "format"), 0)
		ext, okExt := archiveExt(format)
		if !okBase || !okFmt || !okExt {
			continue
		}
		root, known := n.dirValue(pick(2, "root_dir"), 0)
		out = append(out, MadeArchive{Name: base + ext, Root: root, RootKnown: known})
	}
	return out
}
