package agent

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// An MCP or unknown tool's read is one the result scan can redact only
// when guard knows the tool returns the file's text as the file holds it:
// default deny, as the shell route's catalogue.Verbatim. A tool may
// encode (base32, hex), dump (xxd, od), compress, or reshape what it reads
// with a query (SQL's substr, jq) whatever its name or fields are called;
// the scan cannot find a value it transformed. Every other tool's read of
// a file is read by guard before the call, and a secret in it blocks.

// UnknownReader is why guard cannot redact a file an MCP or unknown tool
// reads.
const UnknownReader = "guard does not know that the tool returns the file as it holds it (only plain readers such as read_file, " +
	"read_text_file or get_file_contents, given a path and options guard knows, do): it may encode, dump or reshape it " +
	"(an encoding, a format, a query), and the result scan cannot read a value it transformed"

// verbatimRead marks the file reads of an MCP or unknown tool as reads
// guard cannot redact (UnknownReader) unless the tool returns files
// verbatim (verbatimTool) or prints none of their text (namesTool), and
// every field of its input is one known not to reshape what it returns
// (plainField). A tree (DIR/**) is left: a directory given to a tool is
// no file it returns. A listing tool given such fields reads no file's
// text at all: the tree under a directory it lists is dropped
// (namesOnly), as `ls -la DIR` and `ls -R DIR` read none; the directory
// it names is still read by name (list_directory of ~/.ssh blocks as
// `ls ~/.ssh` does).
func verbatimRead(c *Call, in fields) {
	name := strings.Join(nameWords(ownToolName(c.Tool)), "_")
	if verbatimTool(name) || namesTool(name) {
		plain := true
		for k := range in.m {
			if r, ok := in.raw(k); ok && !plainField(normKey(k), r) {
				plain = false
				break
			}
		}
		if plain {
			if listingTool(name) {
				namesOnly(c)
			}
			return
		}
	}
	if !writingName(c.Tool) {
		// A mode guard does not know ({"mode":"base32"}) makes a path a
		// write (writeMode); a tool whose name does not say it writes may
		// still return the file.
		for _, w := range c.Inputs {
			if w.Kind == event.KindWrite && !strings.HasSuffix(w.Text, "/**") {
				c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: w.Text})
			}
		}
	}
	if in.doc != nil {
		_ = leaves(in.doc, in.prefix, func(l leaf) { fileNameRead(c, l) }) // byFields read the document whole
	}
	opaqueReads(c, UnknownReader)
}

// listingTool reports whether a names tool's own name is one that lists
// what a directory holds, with no pattern a server may match against
// text: the filesystem server's listings and tree. search_files is left:
// its pattern is matched against names by that server, against lines by
// others of the name.
func listingTool(name string) bool {
	switch name {
	case "list_directory", "list_directory_with_sizes", "directory_tree":
		return true
	}
	return false
}

// namesOnly drops the reads of trees (DIR/**) among c's inputs: a tool
// that lists names and metadata (listingTool) reads no file under a
// directory it is given.
func namesOnly(c *Call) {
	c.Inputs = slices.DeleteFunc(c.Inputs, func(in event.Input) bool {
		return in.Kind == event.KindRead && strings.HasSuffix(in.Text, "/**")
	})
}

// maxNameReads bounds the file names fileNameRead takes of one call.
const maxNameReads = 64

// fileNameRead adds, for a tool that is no plain reader, the read of a
// string value l that has a file's name's shape (fileNameShape) under any
// key: {"name":"settings.py"} may be the file the tool dumps, and byFields
// takes a relative value as a path only under a path key or with a / or a
// leading dot. A name that is no file holds nothing the hook finds.
func fileNameRead(c *Call, l leaf) {
	if !l.isString || !fileNameShape(l.value) {
		return
	}
	n := 0
	for _, i := range c.Inputs {
		if i.Kind == event.KindRead && (i.Text == l.value || i.Text == "./"+l.value) {
			return
		}
		if i.Kind == event.KindRead && i.Opaque == UnknownReader {
			n++
		}
	}
	if n < maxNameReads {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: l.value, Opaque: UnknownReader})
	}
}

// fileNameShape reports whether v is one word with a file name's shape:
// letters, digits and . _ - + only, with a dot that is neither first nor
// last (settings.py, app.db). A name without a dot (Makefile) is left:
// most such values are ids, branches and labels.
func fileNameShape(v string) bool {
	if len(v) < 3 || len(v) > 255 {
		return false
	}
	for i := 0; i < len(v); i++ {
		b := v[i]
		if !isAlnum(b) && b != '.' && b != '_' && b != '-' && b != '+' {
			return false
		}
	}
	dot := strings.LastIndexByte(v, '.')
	return dot > 0 && dot < len(v)-1 && v[0] != '.'
}

// opaqueReads marks the reads of files among c's inputs not yet marked
// as reads guard cannot redact, for why.
func opaqueReads(c *Call, why string) {
	for i := range c.Inputs {
		if in := c.Inputs[i]; in.Kind == event.KindRead && in.Opaque == "" && !strings.HasSuffix(in.Text, "/**") {
			c.Inputs[i].Opaque = why
		}
	}
}

// verbatimTool reports whether a tool's own name (its words joined by _)
// is that of a reader known to return a file's text as it is: the MCP
// filesystem server's read_file, read_text_file and read_multiple_files,
// the GitHub server's get_file_contents, and the plain read, cat and view.
func verbatimTool(name string) bool {
	switch name {
	case "read_file", "read_text_file", "read_multiple_files", "read_files", "get_file_contents", "get_file_content",
		"read", "cat", "view", "view_file", "open_file":
		return true
	}
	return false
}

// namesTool reports whether a tool's own name is that of one known to
// print names and metadata of what it is given, none of a file's text:
// the MCP filesystem server's listings, tree, search by name and stat.
func namesTool(name string) bool {
	switch name {
	case "list_directory", "list_directory_with_sizes", "directory_tree", "search_files", "get_file_info",
		"list_allowed_directories":
		return true
	}
	return false
}

// plainField reports whether a normalised field of a read tool's input,
// with its raw JSON value, leaves what the tool returns of a file as the
// file holds it: a path, a slice (partialRead's), which revision of which
// repository, a listing's or a search's option, or an encoding, format or
// mode whose value keeps the text (plainTextValue, readMode).
func plainField(k string, r json.RawMessage) bool {
	switch {
	case isPathKey(k) || slicingName(k):
		return true
	}
	switch k {
	case "owner", "repo", "repository", "ref", "branch", "sha", "commit", "revision", "rev",
		"pattern", "patterns", "glob", "excludepatterns", "includepatterns", "depth", "maxdepth", "recursive",
		"sort", "order", "orderby", "sortby", "hidden", "showhidden", "casesensitive", "ignorecase", "maxresults":
		return true
	case "encoding", "charset", "format", "type", "as", "output", "outputformat", "view":
		return plainTextValue(r)
	case "mode", "flags", "flag", "openmode":
		return readMode(r) || plainTextValue(r)
	}
	return false
}

// plainTextValue reports whether an encoding's, a format's or a mode's
// value r leaves a file's text as it is: a text encoding that keeps ASCII
// bytes (utf-8, ascii, latin1) or a plain text format (text, raw).
func plainTextValue(r json.RawMessage) bool {
	var s string
	if json.Unmarshal(r, &s) != nil {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "utf-8", "utf8", "ascii", "us-ascii", "text", "plain", "txt", "raw", "latin1", "latin-1", "iso-8859-1":
		return true
	}
	return false
}
