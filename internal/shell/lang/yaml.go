package lang

import (
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// YAML scalars without a YAML library: go.yaml.in/yaml/v3 compiles
// regexps and builds maps at init, which the hook path must not (see
// docs/DECISIONS.md). YAMLScalars reads the scalars of a YAML (or JSON)
// text as a YAML parser decodes them: double-quoted escapes (\x, \u, \U,
// \/ …) and escaped line breaks, single-quoted '' and line folding, plain
// scalars in block and flow context, block scalars (| and >) line by line.
// Lines a folded or multi-line scalar joins are returned as separate
// values: YAML always joins them with a blank or a line break, so no text
// spans two of them. What it does not decode (anchors, aliases, tags,
// merge and complex keys, directives, reserved indicators, bad escapes,
// unclosed quotes, deep flow nesting) makes it answer false: the caller
// cannot tell what the text holds.

// maxYAMLScalars and maxYAMLDepth bound a YAML read.
const (
	maxYAMLScalars = 4096
	maxYAMLDepth   = 64
)

// yamlScan is the state of one YAMLScalars read.
type yamlScan struct {
	t     string
	i     int
	flow  int      // flow collection depth
	line  int      // offset of the current line's start
	owner int      // column of the last key or "- " on this line, -1 if none
	out   []string // decoded scalars
	// keys are the indexes in out of the scalars that are keys; blocks,
	// the ranges of out a block scalar's lines fill.
	keys   []int
	blocks [][2]int
	// anchors are the anchors read so far (nodes mode): where in out the
	// anchored node's first scalar is, and whether a scalar followed the
	// anchor on its line (the node is that scalar).
	anchors []yamlAnchor
	// nodes: anchors, aliases, tags and merge keys are passed over, not
	// refused (YAMLTokens).
	nodes bool
	// contd: the last token was a plain scalar that ran to its line's end,
	// which the next line may continue ("0⏎!" is the scalar "0 !").
	contd      bool
	contdOwner int  // the owner column of the line that scalar was on
	next       bool // the plain scalar read now is such a next line
	// kinds are the open flow collections ('{' or '['); flowKey says the
	// next scalar of a flow mapping is an entry's key ({a, b: c}).
	kinds   []byte
	flowKey bool
	// end is the offset after the last scalar: a ':' is its key's only on
	// the same line (an implicit key is one line).
	end int
	// docs are the indexes in out of the document markers (--- and ...
	// at a line's start, nodes mode): a stream's documents, which compose
	// merges.
	docs []int
	// binary are the indexes in out of the scalars a !!binary tag
	// marks: the YAML library decodes their base64 (yamlBinary).
	binary []int
}

// YAMLScalars returns the decoded scalar values (keys included) of YAML
// text t, in order, or false when t holds what it does not decode.
func YAMLScalars(t string) ([]string, bool) {
	s := &yamlScan{t: t, owner: -1}
	if !s.run() {
		return nil, false
	}
	return s.out, true
}

// run reads the whole text, within the bounds; false when it holds what
// the scan does not decode or passes a bound. A UTF-8 byte order mark is
// passed over; UTF-16 text, which the YAML libraries decode by its mark,
// is not read here.
func (s *yamlScan) run() bool {
	if strings.HasPrefix(s.t, "\xfe\xff") || strings.HasPrefix(s.t, "\xff\xfe") {
		return false
	}
	s.t = strings.TrimPrefix(s.t, "\ufeff")
	for s.i < len(s.t) {
		if len(s.out) > maxYAMLScalars || s.flow > maxYAMLDepth || !s.step() {
			return false
		}
	}
	return s.flow == 0
}

// YAMLToken is one scalar of a YAML text, decoded: a key, or a value (a
// block scalar's lines joined by line breaks).
type YAMLToken struct {
	Text string
	Key  bool
	Doc  bool // a document marker (--- or ...), Text the marker
}

// YAMLTokens returns the scalars of YAML text t as YAMLScalars decodes
// them, each marked key or value, for readers that look at what a key
// holds (compose files, Kubernetes manifests). An alias of a scalar is
// that scalar again (alias); anchors, tags, merge keys and aliases of
// collections are passed over rather than refused: their scalars are in
// the text where they stand. False: t holds what it does not decode.
func YAMLTokens(t string) ([]YAMLToken, bool) {
	s := &yamlScan{t: t, owner: -1, nodes: true}
	if !s.run() || !s.yamlBinary() {
		return nil, false
	}
	out := make([]YAMLToken, 0, len(s.out))
	k, b, d := 0, 0, 0
	for i := 0; i < len(s.out); {
		for b < len(s.blocks) && (s.blocks[b][1] <= i || s.blocks[b][0] == s.blocks[b][1]) {
			b++ // a block passed, or an empty one
		}
		if b < len(s.blocks) && s.blocks[b][0] == i {
			out = append(out, YAMLToken{Text: strings.Join(s.out[i:s.blocks[b][1]], "\n")})
			i = s.blocks[b][1]
			continue
		}
		for k < len(s.keys) && s.keys[k] < i {
			k++
		}
		for d < len(s.docs) && s.docs[d] < i {
			d++
		}
		out = append(out, YAMLToken{Text: s.out[i], Key: k < len(s.keys) && s.keys[k] == i, Doc: d < len(s.docs) && s.docs[d] == i})
		i++
	}
	return out, true
}

// tag passes over the tag at s.i, noting a !!binary one: the next
// scalar is base64 (yamlBinary).
func (s *yamlScan) tag() {
	start := s.i
	s.skipNodeProperty()
	if t := s.t[start:s.i]; t == "!!binary" || t == "!<tag:yaml.org,2002:binary>" {
		s.binary = append(s.binary, len(s.out))
	}
}

// yamlBinary decodes each scalar a !!binary tag marks as the YAML
// library does (base64, blanks and line breaks left out: a Taskfile's
// `- !!binary ZWNobyBQV04…` runs the decoded text); false when one is a
// block scalar or not base64: the caller cannot tell what it holds.
func (s *yamlScan) yamlBinary() bool {
	for _, i := range s.binary {
		if i >= len(s.out) {
			return false
		}
		for _, b := range s.blocks {
			if b[0] <= i && i < b[1] {
				return false
			}
		}
		v, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(s.out[i]), ""))
		if err != nil {
			return false
		}
		s.out[i] = string(v)
	}
	return true
}

// step reads one token at s.i.
func (s *yamlScan) step() bool {
	ch := s.t[s.i]
	next := byte(' ')
	if s.i+1 < len(s.t) {
		next = s.t[s.i+1]
	}
	blankNext := strings.IndexByte(" \t\r\n", next) >= 0
	contd := s.contd
	if strings.IndexByte(" \t\r\n", ch) < 0 {
		s.contd = false
		if s.nodes && contd && ch != '#' && s.i-s.line > s.contdOwner && strings.Trim(s.t[s.line:s.i], " \t") == "" {
			// The next line of a plain scalar, more indented than what
			// owns it: more of its text, whatever it starts with ("0⏎ -"
			// is "0 -").
			s.next = true
			s.plain()
			return true
		}
	}
	switch {
	case s.nodes && s.i == s.line && s.flow == 0 && s.docMarker():
	case ch == '\n' || ch == '\r':
		// A line break: \n, \r\n, or a \r alone (YAML's too).
		if s.i++; ch == '\r' && s.i < len(s.t) && s.t[s.i] == '\n' {
			s.i++
		}
		s.line, s.owner = s.i, -1
	case ch == ' ' || ch == '\t':
		s.i++
	case ch == ',' && s.flow > 0:
		s.flowKey = s.kinds[len(s.kinds)-1] == '{'
		s.i++
	case ch == '#':
		s.skipLine()
	case ch == '[' || ch == '{':
		s.flow++
		s.kinds = append(s.kinds, ch)
		s.flowKey = ch == '{'
		s.i++
	case ch == ']' || ch == '}':
		if s.flow == 0 {
			return false
		}
		s.flow--
		s.kinds = s.kinds[:len(s.kinds)-1]
		s.flowKey = false
		s.i++
	case ch == '-' && blankNext && s.flow == 0:
		s.owner = s.i - s.line
		s.i++
	case ch == ':' && (blankNext || s.flow > 0):
		// (":" before a quote is an indicator only in a flow collection,
		// after a JSON-like key: {"a":"b"}; in a block it starts a plain
		// scalar, as the YAML library reads ':""'.)
		s.keyed()
		s.flowKey = false
		s.i++
	case ch == '%' && s.i == s.line:
		return false // a directive
	case ch == '"':
		return s.quoted(true)
	case ch == '\'':
		return s.quoted(false)
	case (ch == '|' || ch == '>') && s.flow == 0:
		return s.block()
	case ch == '&' && s.nodes:
		s.anchor()
	case ch == '*' && s.nodes:
		start := s.i
		s.skipNodeProperty()
		return s.alias(s.t[start+1 : s.i])
	case ch == '!' && s.nodes:
		s.tag()
	case strings.IndexByte("&*!?@`", ch) >= 0 && (ch != '?' || blankNext):
		return false // anchors, aliases, tags, complex keys, reserved
	default:
		s.plain()
	}
	return true
}

// docMarker reads a document marker (--- or ... followed by a blank or
// the line's end) at s.i, a line's start: a value token of its own, noted
// in docs; false when none is there.
func (s *yamlScan) docMarker() bool {
	m := s.t[s.i:min(len(s.t), s.i+3)]
	if m != "---" && m != "..." || s.i+3 < len(s.t) && strings.IndexByte(" \t\r\n", s.t[s.i+3]) < 0 {
		return false
	}
	s.docs = append(s.docs, len(s.out))
	s.out = append(s.out, m)
	s.i += 3
	s.contd, s.owner = false, -1
	return true
}

// anchor reads the anchor at s.i (&name) and notes whether a scalar
// follows it on its line (the node it names), rather than a collection,
// a comment or the line's end.
func (s *yamlScan) anchor() {
	start := s.i
	s.skipNodeProperty()
	j := s.i
	for j < len(s.t) && (s.t[j] == ' ' || s.t[j] == '\t') {
		j++
	}
	scalar := j < len(s.t) && strings.IndexByte("\r\n#{[!&*", s.t[j]) < 0 && !(s.t[j] == '-' && (j+1 == len(s.t) || strings.IndexByte(" \t\r\n", s.t[j+1]) >= 0))
	s.anchors = append(s.anchors, yamlAnchor{name: s.t[start+1 : s.i], at: len(s.out), scalar: scalar})
}

// keyed marks the scalar before a ':' as a key: a merge key is not
// decoded; the key's column owns a block scalar after it.
func (s *yamlScan) keyed() {
	if n := len(s.out); n > 0 && s.out[n-1] == "<<" && !s.nodes {
		s.flow = maxYAMLDepth + 1 // a merge key: cannot tell
	}
	if n := len(s.out); n > 0 && (len(s.keys) == 0 || s.keys[len(s.keys)-1] != n-1) && !strings.ContainsAny(s.t[min(s.end, s.i):s.i], "\n\r") {
		s.keys = append(s.keys, n-1)
	}
	k := max(s.i-1, s.line)
	for k > s.line && s.t[k] != ' ' && s.t[k] != '-' {
		k--
	}
	if s.t[k] == ' ' || s.t[k] == '-' {
		k++
	}
	s.owner = k - s.line
}

// add appends scalar v, a key when it starts an entry of a flow mapping.
func (s *yamlScan) add(v string) {
	if s.flowKey && s.flow > 0 {
		s.keys = append(s.keys, len(s.out))
		s.flowKey = false
	}
	s.out = append(s.out, v)
}

// yamlAnchor is an anchor (&name) read: at is the index in out of the
// first scalar after it; scalar, that a scalar followed it on its line.
type yamlAnchor struct {
	name   string
	at     int
	scalar bool
}

// alias repeats, for an alias (*name), the scalar its anchor names, as the
// YAML library resolves it (`labels: {k: &p ~/.ssh}` … `source: *p` is
// source: ~/.ssh): a scalar written after the anchor on its line, or the
// first scalar of the node on the next lines when it is no key (a key
// starts a mapping, whose scalars are read where it is written). An alias
// of no anchor read before it is what the library refuses: false.
func (s *yamlScan) alias(name string) bool {
	for k := len(s.anchors) - 1; k >= 0; k-- {
		a := s.anchors[k]
		if a.name != name {
			continue
		}
		if a.at >= len(s.out) || !a.scalar && slices.Contains(s.keys, a.at) {
			return true // a collection, or nothing after the anchor
		}
		v := s.out[a.at]
		for _, b := range s.blocks {
			if b[0] == a.at && b[1] > b[0] {
				v = strings.Join(s.out[b[0]:b[1]], "\n") // a block scalar's lines
			}
		}
		s.add(v)
		s.end = s.i
		return true
	}
	return false
}

// skipNodeProperty passes over an anchor (&a) or an alias (*a), whose name
// is letters, digits, '-' and '_' as libyaml scans one (what follows is
// read: "&a~:/h" is the scalar "~:/h"), or a tag (!t, !!str, !<…>), up
// to a blank, and in flow context a flow indicator.
func (s *yamlScan) skipNodeProperty() {
	tag := s.t[s.i] == '!'
	for s.i++; s.i < len(s.t); s.i++ {
		c := s.t[s.i]
		if !tag && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_') {
			return
		}
		if strings.IndexByte(" \t\r\n", c) >= 0 || s.flow > 0 && strings.IndexByte(",[]{}", c) >= 0 {
			return
		}
	}
}

// skipLine moves to the end of the line (a comment).
func (s *yamlScan) skipLine() {
	for s.i < len(s.t) && s.t[s.i] != '\n' && s.t[s.i] != '\r' {
		s.i++
	}
}

// plain reads a plain scalar: up to ": ", " #", the line's end, and in
// flow context a flow indicator.
func (s *yamlScan) plain() {
	j := s.i
	for j < len(s.t) {
		c := s.t[j]
		if c == '\n' || c == '\r' {
			break
		}
		if c == '#' && (s.t[j-1] == ' ' || s.t[j-1] == '\t') {
			break
		}
		if s.flow > 0 && strings.IndexByte(",[]{}", c) >= 0 {
			break
		}
		if c == ':' && (j+1 == len(s.t) || strings.IndexByte(" \t\r\n", s.t[j+1]) >= 0) {
			// (in a flow collection too: "{a:}" is the key "a:" to the
			// YAML library compose uses, go.yaml.in/yaml/v3)
			break
		}
		j++
	}
	if j == s.i {
		j++ // never stuck
	}
	s.add(strings.TrimRight(s.t[s.i:j], " \t"))
	s.i, s.end = j, j
	s.contd = s.flow == 0 && (j == len(s.t) || s.t[j] == '\n' || s.t[j] == '\r')
	if !s.next {
		s.contdOwner = s.owner // (a next line keeps its first line's owner)
	}
	s.next = false
}

// quoted reads a double- (dq) or single-quoted scalar: escapes decoded,
// line breaks folded as YAML folds them.
func (s *yamlScan) quoted(dq bool) bool {
	var b strings.Builder
	j := s.i + 1
	for {
		if j >= len(s.t) {
			return false
		}
		c := s.t[j]
		switch {
		case !dq && c == '\'':
			if j+1 < len(s.t) && s.t[j+1] == '\'' {
				b.WriteByte('\'')
				j += 2
				continue
			}
			s.add(b.String())
			s.i, s.end = j+1, j+1
			return true
		case dq && c == '"':
			s.add(b.String())
			s.i, s.end = j+1, j+1
			return true
		case dq && c == '\\':
			n, ok := yamlEscape(s.t[j+1:], &b)
			if !ok {
				return false
			}
			j += 1 + n
		case c == '\n' || c == '\r':
			j = s.fold(&b, j)
		default:
			b.WriteByte(c)
			j++
		}
	}
}

// fold folds the line break at j of a quoted scalar into b: blanks
// around it dropped, one break a space, more breaks all but one kept. It
// returns the offset after the following line's indentation.
func (s *yamlScan) fold(b *strings.Builder, j int) int {
	cur := strings.TrimRight(b.String(), " \t")
	b.Reset()
	b.WriteString(cur)
	breaks := 0
	for j < len(s.t) && strings.IndexByte(" \t\r\n", s.t[j]) >= 0 {
		if s.t[j] == '\n' || s.t[j] == '\r' && (j+1 == len(s.t) || s.t[j+1] != '\n') {
			breaks++ // \n, \r\n, or a \r alone
		}
		j++
	}
	if breaks <= 1 {
		b.WriteByte(' ')
	} else {
		b.WriteString(strings.Repeat("\n", breaks-1))
	}
	return j
}

// yamlEscape decodes the escape after a backslash at the start of t into
// b and returns how many bytes it took; an escaped line break joins the
// lines without a blank.
func yamlEscape(t string, b *strings.Builder) (int, bool) {
	if t == "" {
		return 0, false
	}
	if i := strings.IndexByte("0abt\tnvfre \"/\\N_LP", t[0]); i >= 0 {
		b.WriteString([]string{"\x00", "\a", "\b", "\t", "\t", "\n", "\v", "\f", "\r", "\x1b", " ", "\"", "/", "\\", "\u0085", "\u00a0", "\u2028", "\u2029"}[i])
		return 1, true
	}
	if t[0] == '\n' || t[0] == '\r' {
		n := 0
		for n < len(t) && strings.IndexByte(" \t\r\n", t[n]) >= 0 && (n == 0 || t[n] != '\n' || t[0] == '\r' && n == 1) {
			n++
		}
		return n, true
	}
	width := 2 * (strings.IndexByte("xu U", t[0]) + 1)
	if width <= 0 || width == 6 || len(t) < 1+width {
		return 0, false
	}
	r, err := strconv.ParseUint(t[1:1+width], 16, 32)
	if err != nil || !utf8.ValidRune(rune(r)) {
		return 0, false
	}
	b.WriteRune(rune(r))
	return 1 + width, true
}

// block reads a block scalar (| or >, with its chomping and indentation
// indicators): every line more indented than the key or "- " that owns
// it, each line one value.
func (s *yamlScan) block() bool {
	if s.owner < 0 {
		return false // a block scalar on a line of its own: not read
	}
	j := s.i + 1
	for j < len(s.t) && strings.IndexByte("+-0123456789", s.t[j]) >= 0 {
		j++
	}
	if j < len(s.t) && strings.IndexByte(" \t\r\n#", s.t[j]) < 0 {
		return false
	}
	s.i = j
	s.skipLine()
	first := len(s.out)
	defer func() { s.blocks = append(s.blocks, [2]int{first, len(s.out)}) }()
	content := -1
	for s.i < len(s.t) {
		end := strings.IndexAny(s.t[s.i+1:], "\r\n") // a lone CR is a break too (libyaml's is_break)
		ln := s.t[s.i+1:]
		if end >= 0 {
			ln = ln[:end]
		}
		body := strings.TrimLeft(ln, " ")
		ind := len(ln) - len(body)
		if strings.TrimSpace(body) != "" {
			if content < 0 {
				content = ind
			}
			if ind <= s.owner || ind < content {
				break
			}
			s.out = append(s.out, strings.TrimRight(body, " \t\r"))
		}
		s.i += 1 + len(ln)
	}
	return true
}
