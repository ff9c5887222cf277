// Package secret is the secrets detector: a fixed catalogue of credential
// formats, a keyed detector for secrets assigned to secret-named keys in
// any syntax, and the same again inside encoded text. The policy cannot
// switch it off or change it.
//
// # Catalogue
//
// The spec's ten (cloud_access_key, vcs_token_ghp, vcs_token_gho,
// vcs_token_ghs, generic_api_key, jwt_token, chat_token, payment_key_live,
// payment_key_test, bearer_token) keep the spec's patterns; private_key and
// env_secret complete the 0.1.0 set; eight more came with 0.2.0; the
// formats after them follow gitleaks' catalogue (catalogue.go), each rule
// with its keywords and examples. keyed_secret (keyed.go) is code, not an
// expression: a credential-like value assigned to a secret-named key,
// whatever the syntax. Rules are tried in catalogue order, most specific
// first, and the first that matches is reported.
//
// Placeholders pass, judged on the whole value's shape: a documented
// example (AWS's EXAMPLE keys), a template that is mostly its marker
// (<your-key>, ${VAR}, your-…-here), masked or repeated characters, words
// that say what the value stands for with nothing random beside them
// (value.go). keyed_secret reads .netrc and .pgpass lines too (lines.go).
//
// # Decoded layers
//
// Runs of base64 (standard and URL alphabets, line-wrapped too), hex,
// URL-encoding and backslash escapes (\uXXXX, \xHH, \/) are decoded and
// the decoded text is checked again, two layers deep, within a budget of
// decoded bytes (decode.go). A finding in a decoded layer is reported as
// its rule (the reason says the text was encoded) and redacts the encoded
// run it came from. A run that decodes to a private key's binary (a key
// body without its header, keybody.go) or to a bot token's account id
// (bottoken.go) is a finding itself.
//
// # Cost
//
// Each rule carries keywords, literal strings of which at least one must
// occur (ignoring ASCII case), as in gitleaks. One pass of a keyword
// automaton (package keywords) finds the keywords of every rule, without a
// lowered copy of the text; a rule's regular expression then runs only on
// the regions around its keywords (detect.Alphabet: the maximal run of the
// bytes its matches can hold), never on the whole text, and the keyed
// detector reads only the name around each keyword. A region gives exactly
// the matches the whole text gives there, so Check and FindAll find what
// the plain expressions find, however long the match; tests prove it
// against them. Clean text of any size costs one table lookup per byte for
// the keywords, one for the encoded runs, plus a short run per keyword hit.
//
// A Reason names the rule and the line, never the value.
package secret

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/lazyre"
	"github.com/guardhq/guard/internal/event"
)

// rule is one entry of the catalogue.
type rule struct {
	name        string
	pattern     string
	severity    string
	description string
	keywords    []string // lowercase; one must occur in the lowered text
	near        string   // lowercase; when set, every match holds it too
	fold        bool     // the pattern ignores case (set by New)
	// valid, when set, checks a match (its submatch indexes m in text) to
	// drop look-alikes: placeholders, a prefix inside a word.
	valid func(text string, m []int) bool
	// Cheap tests every region holding a match passes, run before the
	// expression: spelled, when set, lists keywords as a case-sensitive
	// pattern writes them, one of which the region holds (keywords are
	// found ignoring case, and "task" is no "SK"); pre is an optional test
	// of the rule's own, given the text and the region.
	spelled []string
	pre     func(text string, start, end int) bool
	// keyed marks the keyed detector: its keywords lead to keyedAt, and
	// pattern only describes it.
	keyed bool
	// examples are texts the rule finds; counter are texts it does not
	// (TestExamples), as gitleaks keeps true and false positives beside a
	// rule.
	examples, counter []string
}

// Rules describes the catalogue for `guard explain`.
func Rules() []detect.RuleInfo {
	out := make([]detect.RuleInfo, len(catalogue))
	for i, r := range catalogue {
		out[i] = detect.RuleInfo{Name: r.name, Pattern: r.pattern, Severity: r.severity, Description: r.description}
	}
	return out
}

// Detector finds secrets in text. It is safe for concurrent use.
type Detector struct {
	rules  []compiled
	byWord [][]int // for each keyword of words, the rules that hold it, in catalogue order
	// build is set on the shared catalogue detector New returns: rules
	// and byWord are prepared when Check or FindAll first runs.
	build *sync.Once
}

type compiled struct {
	*rule                  // the catalogue's own entry: not copied (a fresh process pays for every page it writes)
	alpha detect.Alphabet  // the bytes its matches can hold (generated: alphabets)
	re    *lazyre.Deferred // compiled when one of the rule's keywords first occurs
}

// maxRules bounds the catalogue, so that Check keeps its state in arrays
// (no allocation per call).
const maxRules = 64

// New returns the catalogue's detector. A rule's expression is compiled the
// first time one of its keywords occurs in a checked text. The detector is
// built once per process and shared (it is read-only but for those
// compilations, which are safe for concurrent use): the hook, a one-call
// process, asks for it from several places (the policy's detector, the
// names a record stores, the files a command reads), and each build cost
// it about 30 µs of fresh memory. Its rules are prepared when it first
// checks a text: a call whose files turn out missing or empty never pays
// for them.
func New() *Detector { return &shared }

// shared is the one catalogue detector New returns, statically initialised
// (nothing is allocated at start-up); sharedBuild prepares it (ready).
var (
	sharedBuild sync.Once
	shared      = Detector{build: &sharedBuild}
)

// ready prepares the shared detector's rules on its first use; a detector
// newWith built is ready already.
func (d *Detector) ready() {
	if d.build != nil {
		d.build.Do(func() {
			b := newWith(catalogue)
			d.rules, d.byWord = b.rules, b.byWord
		})
	}
}

// newWith prepares rules, whose keywords must all be in words.
func newWith(rules []rule) *Detector {
	d := &Detector{rules: make([]compiled, len(rules)), byWord: make([][]int, len(words.Words))}
	// words lists the catalogue's keywords in the order they first
	// appear (keywordList): for the catalogue itself each keyword is the
	// next word or one already met, and each rule's alphabet is at its own
	// index; a list of other rules (tests) is looked up whole.
	next := 0
	for i := range rules {
		r := &rules[i]
		d.rules[i] = compiled{rule: r}
		if !r.keyed {
			d.rules[i].re = lazyre.Defer(r.pattern)
			d.rules[i].fold = strings.Contains(r.pattern, "(?i")
		}
		j := i
		if j >= len(catalogue) || catalogue[j].name != r.name {
			j = slices.IndexFunc(catalogue, func(c rule) bool { return c.name == r.name })
		}
		if j >= 0 {
			d.rules[i].alpha = alphabets[j]
		}
		for _, k := range r.keywords {
			w := -1
			if next < len(words.Words) && words.Words[next] == k {
				w = next
				next++
			} else if w = slices.Index(words.Words[:next], k); w < 0 {
				w = slices.Index(words.Words, k)
			}
			d.byWord[w] = append(d.byWord[w], i)
		}
	}
	if len(d.rules) > maxRules {
		panic("secret: catalogue larger than maxRules")
	}
	return d
}

// keywordList lists the keywords of the catalogue, each once, in the order
// they first appear: the words of the generated keyword set.
func keywordList() []string {
	var out []string
	for _, r := range catalogue {
		for _, k := range r.keywords {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// hit is the first finding in a text: the rule's index, where its match
// starts, and how the text was encoded when it was found in a decoded
// layer.
type hit struct {
	rule int
	at   int
	enc  string
}

// Check reports the first catalogue rule that matches text, and the line
// where its first match starts; when the text as written holds none, the
// first rule that matches a decoded layer of it, and the line where the
// encoded run starts. The Reason names the rule and the line, never the
// value.
func (d *Detector) Check(text string) (event.Finding, bool) {
	d.ready()
	b := newBudget(text)
	h, ok := d.check(text, maxDepth, &b)
	if !ok {
		return event.Finding{}, false
	}
	r := &d.rules[h.rule]
	line := 1 + strings.Count(text[:h.at], "\n")
	msg := r.name + " found: " + r.description
	if h.enc != "" {
		msg += " (" + h.enc + ")"
	}
	msg += " at line " + strconv.Itoa(line)
	return event.Finding{
		Detector:  event.DetectorSecrets,
		Rule:      r.name,
		Severity:  r.severity,
		Reason:    msg,
		LogReason: msg,
	}, true
}

// check is Check's search: the text as written, then its decoded layers,
// depth layers deep.
func (d *Detector) check(text string, depth int, b *budget) (hit, bool) {
	if k, at := d.first(text); k >= 0 {
		return hit{rule: k, at: at}, true
	}
	if depth == 0 {
		return hit{}, false
	}
	var found hit
	ok := false
	layers(text, b, func(l *layer) bool {
		if l.rule != "" {
			k := d.index(l.rule)
			found, ok = hit{rule: k, at: l.start, enc: l.enc}, k >= 0
			return !ok
		}
		if l.joint > 0 {
			for _, m := range d.findText(l.text) {
				if k := d.index(m.Rule); l.holds(m.Start, m.End) && (!ok || k < found.rule) {
					found, ok = hit{rule: k, at: l.parent(m.Start), enc: l.enc}, true
				}
			}
			return !ok
		}
		h, hit := d.check(l.text, l.depth(depth), b)
		if !hit {
			return true
		}
		found, ok = h, true
		found.at = l.parent(h.at)
		if found.enc == "" {
			found.enc = l.enc
		} else {
			found.enc += " in " + l.enc
		}
		return false
	})
	return found, ok
}

// first returns the first catalogue rule whose expression matches text
// (with a match its valid check accepts) and where its first match starts,
// or -1.
//
// One keyword pass over the text serves every rule; a rule's expression
// runs on the regions around its keywords. A rule that ignores case runs
// on the whole text instead when the text holds ſ or K (U+212A), which it
// takes for s and k while the keywords do not.
func (d *Detector) first(text string) (int, int) {
	folds := detect.FoldsToASCII(text)
	best := len(d.rules) // the first rule with a match so far
	var (
		at   [maxRules]int    // per rule: the offset of its first match so far
		last [maxRules][2]int // per rule: the region (or name) searched last
	)
	for i := range at {
		at[i] = len(text)
	}
	words.Scan(text, func(w, end int) bool {
		i := end - len(words.Words[w])
		for _, k := range d.byWord[w] {
			if k > best {
				break
			}
			// A region holding i lies after the rule's first match so far
			// unless it is that match's own, searched already.
			r, l := &d.rules[k], last[k]
			if (r.fold && folds) || i >= at[k] || (l[0] <= i && i < l[1]) {
				continue
			}
			if r.keyed {
				sp, ns, ne, ok := keyedAt(text, i, end)
				last[k] = [2]int{ns, ne}
				if ok && sp.at < at[k] {
					at[k] = sp.at
					best = min(best, k)
				}
				continue
			}
			if !r.alpha.Has(text[i]) || !r.spelledAt(text, w, i, end) {
				continue
			}
			start, stop, from, to := r.alpha.Region(text, i)
			last[k] = [2]int{start, stop}
			if !r.worth(text, start, stop) {
				continue
			}
			if a := r.firstIn(text[from:to]); a >= 0 && from+a < at[k] {
				at[k] = from + a
				best = min(best, k)
			}
		}
		return true
	})
	for i := range best {
		if r := &d.rules[i]; r.fold && folds {
			if a := r.firstIn(text); a >= 0 { // rare: the keywords cannot be trusted
				best, at[i] = i, a
				break
			}
		}
	}
	if best == len(d.rules) {
		return -1, 0
	}
	return best, at[best]
}

// FindAll returns every match of every catalogue rule in text, ordered by
// Start (ties: the longer first); the rule of each is its name. Where a
// rule's pattern has a capturing group (env_secret's value), or the rule
// is keyed_secret, the match is the value, so KEY= stays readable; a
// private key's match runs from its BEGIN line to its END line, the key
// material included. A match found in a decoded layer is the whole
// encoded run it came from (a base64 or hex run), or the encoded bytes of
// the value (URL-encoding, backslash escapes). Every other occurrence in
// text of a matched value is a match too, so that no copy of a found
// secret survives a redaction. Matches may overlap; a caller that splices
// them in merges the overlaps.
func (d *Detector) FindAll(text string) []detect.Match {
	d.ready()
	out := d.settle(text, nil)
	// A redaction can bring a secret to light: a token glued to the one
	// before it starts a word once that one is cut out. When a redacted
	// span touches anything but blanks, quotes and punctuation that ends
	// values, look again at the redacted text, a few rounds, until it
	// holds nothing.
	for range maxRounds {
		if !glued(text, out) {
			break
		}
		red, segs := redactMap(text, out)
		b := newBudget(red)
		more := d.findAll(red, maxDepth, &b)
		if len(more) == 0 {
			break
		}
		for _, m := range more {
			m.Start, m.End = segs.original(m.Start, m.End)
			out = append(out, m)
		}
		out = d.settle(text, out)
	}
	return out
}

// maxRounds bounds the looks at a redacted text.
const maxRounds = 3

// glued reports whether a redaction of text by ms (sorted) would join a
// marker to a neighbour that could be part of a token: a letter, a digit
// or a character tokens hold inside them (_ - . + ~ % \), or a byte of a
// character beyond ASCII. Secrets stand between blanks, quotes, = : , ; /
// @ and brackets almost always; then nothing new can appear.
func glued(text string, ms []detect.Match) bool {
	tokenByte := func(c byte) bool {
		return alnum(c) || strings.IndexByte("_-.+~%\\", c) >= 0 || c >= 0x80
	}
	end := -1
	for i, m := range ms {
		if m.Start > end && m.Start > 0 && tokenByte(text[m.Start-1]) {
			return true
		}
		end = max(end, m.End)
		if (i+1 == len(ms) || ms[i+1].Start > end) && end < len(text) && tokenByte(text[end]) {
			return true
		}
	}
	return false
}

// settle completes matches: those of text itself when ms is nil, then
// every other occurrence of a matched value, sorted, with assignment
// matches inside format matches dropped.
func (d *Detector) settle(text string, ms []detect.Match) []detect.Match {
	if ms == nil {
		b := newBudget(text)
		ms = d.findAll(text, maxDepth, &b)
	}
	ms = repeats(text, ms)
	detect.SortMatches(ms)
	return specificFirst(slices.Compact(ms))
}

// specificFirst drops the matches of the assignment rules (env_secret,
// keyed_secret) that lie within a match of a format rule, so that a
// marker names the credential (KEY=[REDACTED:vcs_token_ghp]) rather than
// the assignment it was in. ms is sorted.
func specificFirst(ms []detect.Match) []detect.Match {
	generic := func(rule string) bool { return rule == "env_secret" || rule == "keyed_secret" }
	out := ms[:0]
	reach := -1 // the furthest end of a format rule's match starting at or before the current start
	for i := 0; i < len(ms); {
		j := i
		for j < len(ms) && ms[j].Start == ms[i].Start {
			if !generic(ms[j].Rule) {
				reach = max(reach, ms[j].End)
			}
			j++
		}
		for _, m := range ms[i:j] {
			if !generic(m.Rule) || m.End > reach {
				out = append(out, m)
			}
		}
		i = j
	}
	return out
}

// findAll is FindAll's search: the text as written and its decoded layers.
func (d *Detector) findAll(text string, depth int, b *budget) []detect.Match {
	out := d.findText(text)
	if depth == 0 {
		return out
	}
	layers(text, b, func(l *layer) bool {
		if l.rule != "" {
			if d.index(l.rule) >= 0 {
				out = append(out, detect.Match{Rule: l.rule, Start: l.start, End: l.end})
			}
			return true
		}
		for _, m := range d.findAll(l.text, l.depth(depth), b) {
			if !l.holds(m.Start, m.End) {
				continue
			}
			s, e := l.parentSpan(m.Start, m.End)
			out = append(out, detect.Match{Rule: m.Rule, Start: s, End: e})
		}
		return true
	})
	return out
}

// index returns the index of the rule named name, or -1.
func (d *Detector) index(name string) int {
	for i := range d.rules {
		if d.rules[i].name == name {
			return i
		}
	}
	return -1
}

// findText returns every match of every rule in text as written, sorted.
//
// Like Check, it runs each rule only on the regions around its keywords,
// and finds exactly what each expression finds in the whole text.
func (d *Detector) findText(text string) []detect.Match {
	folds := detect.FoldsToASCII(text)
	var out []detect.Match
	var last [maxRules][2]int // per rule: the region (or name) searched last
	words.Scan(text, func(w, end int) bool {
		i := end - len(words.Words[w])
		for _, k := range d.byWord[w] {
			r, l := &d.rules[k], last[k]
			if (r.fold && folds) || (l[0] <= i && i < l[1]) {
				continue
			}
			if r.keyed {
				sp, ns, ne, ok := keyedAt(text, i, end)
				last[k] = [2]int{ns, ne}
				if ok {
					out = append(out, detect.Match{Rule: r.name, Start: sp.start, End: sp.end})
				}
				continue
			}
			if !r.alpha.Has(text[i]) || !r.spelledAt(text, w, i, end) {
				continue
			}
			start, stop, from, to := r.alpha.Region(text, i)
			last[k] = [2]int{start, stop}
			if r.worth(text, start, stop) {
				out = r.appendAll(out, text, from, to)
			}
		}
		return true
	})
	for i := range d.rules {
		if r := &d.rules[i]; r.fold && folds {
			out = r.appendAll(out, text, 0, len(text))
		}
	}
	detect.SortMatches(out)
	return slices.Compact(out) // a region searched twice gives its matches twice
}

// appendAll appends the matches of r in text[from:to] to out.
func (r *compiled) appendAll(out []detect.Match, text string, from, to int) []detect.Match {
	window := text[from:to]
	for _, m := range r.re.Regexp().FindAllStringSubmatchIndex(window, -1) {
		if r.valid != nil && !r.valid(window, m) {
			continue
		}
		start, end := m[0], m[1]
		if len(m) >= 4 && m[2] >= 0 {
			start, end = m[2], m[3]
		}
		start, end = from+start, from+end
		if r.name == "private_key" {
			end = blockEnd(text, end)
		}
		out = append(out, detect.Match{Rule: r.name, Start: start, End: end})
	}
	return out
}

// blockEnd returns where the key block whose BEGIN line ends at from ends:
// after its -----END …----- line, else at the end of text (a key cut short
// is still a key).
func blockEnd(text string, from int) int {
	i := strings.Index(text[from:], "-----END")
	if i < 0 {
		return len(text)
	}
	i += from + len("-----END")
	j := strings.Index(text[i:], "-----")
	if j < 0 || strings.IndexByte(text[i:i+j], '\n') >= 0 {
		return len(text)
	}
	return i + j + len("-----")
}

// spelledAt reports whether the keyword w found at text[i:end] is written
// as the rule's case-sensitive pattern writes it, when the rule has a
// spelled list: a keyword found in another case (nt in "context" for NT)
// leads nowhere, and costs no region. A match holds a keyword spelled so,
// which leads to its region.
func (r *compiled) spelledAt(text string, w, i, end int) bool {
	if len(r.spelled) == 0 {
		return true
	}
	k := slices.Index(r.keywords, words.Words[w])
	return k < 0 || text[i:end] == r.spelled[k]
}

// worth reports whether the region text[start:end] passes the rule's
// cheap tests: near, spelled and pre.
func (r *compiled) worth(text string, start, end int) bool {
	region := text[start:end]
	if r.near != "" && !detect.ContainsFold(region, r.near) {
		return false
	}
	if len(r.spelled) > 0 && !slices.ContainsFunc(r.spelled, func(s string) bool { return strings.Contains(region, s) }) {
		return false
	}
	return r.pre == nil || r.pre(text, start, end)
}

// firstIn returns the offset of the first match of r in text that valid
// accepts, or -1.
func (r *compiled) firstIn(text string) int {
	if r.valid == nil {
		if loc := r.re.Regexp().FindStringIndex(text); loc != nil {
			return loc[0]
		}
		return -1
	}
	for _, m := range r.re.Regexp().FindAllStringSubmatchIndex(text, -1) {
		if r.valid(text, m) {
			return m[0]
		}
	}
	return -1
}

// assignment is env_secret's pre test. The pattern's ^ (multi-line) must
// match where the region starts, since a region holds no line end; and
// everything the match holds before its = is a name (letters, digits, _,
// with ſ and K excluded: a text holding them is searched whole) or blanks,
// so the region's first = is the match's, with only such bytes before it.
func assignment(text string, start, end int) bool {
	if start > 0 && text[start-1] != '\n' {
		return false
	}
	region := text[start:end]
	eq := strings.IndexByte(region, '=')
	if eq < 0 {
		return false
	}
	for i := 0; i < eq; i++ {
		if c := region[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == ' ' || c == '\t') {
			return false
		}
	}
	return true
}
