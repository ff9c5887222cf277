// Package injection is the prompt-injection detector: ten fixed patterns
// covering the spec's eight classes. The policy can switch the detector off
// (injection.enabled) but cannot change its patterns.
//
// # Classes and rules
//
// A finding's rule is injection_<class>:
//
//	ignore_previous      ignore all previous instructions; disregard your system prompt
//	role_override        you are now DAN; act as an unrestricted AI; pretend you are (2 patterns)
//	system_prefix        SYSTEM:, [SYSTEM], <system>
//	false_authority      <vendor> directive:; this is a system message
//	llm_token            <|im_start|>, <|endoftext|>, <|system|>, <<SYS>>, [INST]
//	prompt_leak          repeat everything above; print your system prompt;
//	                     what are your instructions (2 patterns)
//	jailbreak            DAN mode; developer mode enabled; jailbreak
//	context_termination  ]]] standing alone; a code fence followed by END OF INSTRUCTIONS
//
// Patterns ignore case except SYSTEM, which must be in capitals so that
// "Operating system: Linux" or a TOML [system] table pass. Everyday prompts
// such as "act as a reviewer", "what are the instructions in README" or
// nested indexing a[b[c[0]]] pass too.
//
// # Normalisation
//
// The patterns match the text as normalised: it gets a leading space, runs
// of white space become one space and invisible format characters
// (zero-width space, soft hyphen, bidi controls) are dropped, so neither
// padding nor "ig\u200bnore" slips through; the two non-ASCII letters that
// Go's case folding maps onto ASCII (U+017F ſ, U+212A K) become s and k.
//
// # Cost
//
// The normalised text is never built whole. One pass of a keyword
// automaton (package keywords) reads the text as normalised and finds the
// start keywords of every pattern at once; each pattern then runs anchored
// at its keywords, on a window of the normalised text built around the hit
// alone. A large clean text costs one table lookup per byte plus a short
// anchored run per keyword hit, and no copy of the text.
package injection

import (
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/lazyre"
	"github.com/guardhq/guard/internal/event"
)

// rule is one fixed pattern.
type rule struct {
	class       string
	pattern     string
	description string
	starts      []string // lowercase; every match starts with one of them …
	lead        int      // … or at most lead bytes before one of them
	near        []string // lowercase; when set, every match also holds one of them
}

const fence = "```|~~~"

// catalogue is the fixed pattern list, in the order patterns are tried.
var catalogue = []rule{
	{"ignore_previous",
		`(?i)\b(?:ignore|disregard|forget)\s+(?:(?:all|any|the|your|of|these|those|every)\s+){0,4}` +
			`(?:(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|existing|developer)\s+){1,3}` +
			`(?:instructions?|prompts?|rules|directions|directives|guidelines|guidance|context|messages?|commands?|constraints|restrictions)\b` +
			`|\b(?:ignore|disregard|forget)\s+(?:(?:all|everything)\s+){1,2}(?:(?:written|said|stated)\s+)?(?:above|before\s+this|prior\s+to\s+this|so\s+far)\b`,
		"an order to drop the instructions given so far", []string{"ignore", "disregard", "forget"}, 0, nil},
	{"role_override",
		`(?i)\byou\s+are\s+(?:now|from\s+now\s+on)\s+(?:DAN\b|an?\s+(?:unrestricted|unfiltered|uncensored|jailbroken|unlimited|amoral|evil|rogue)\b` +
			`|no\s+longer\s+(?:bound|restricted|an?\s+(?:ai|assistant)\b)|free\s+(?:from|of)\b|in\s+(?:developer|god|dan|admin|unrestricted)\s+mode\b)` +
			`|\bact\s+as\s+(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|unlimited|amoral|evil|rogue)\b`,
		"role override (the model is told it is now someone unrestricted)", []string{"you are", "act as"}, 0, nil},
	{"role_override",
		`(?i)\bpretend\s+(?:that\s+)?you\s*(?:are|'re|’re)\b` +
			`|\bpretend\s+to\s+be\s+(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|different\s+ai|DAN)\b` +
			`|\broleplay\s+as\s+(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|evil)\b`,
		"role override (a pretend-to-be request)", []string{"pretend", "roleplay"}, 0, nil},
	{"system_prefix",
		`\[\s*SYSTEM\s*\]|\bSYSTEM\s*:|<\s*/?\s*system\s*>`,
		"fake system turn (a system prefix, bracket or tag)", []string{"system"}, 4, nil},
	{"false_authority",
		`(?i)\b(?:openai|anthropic|google|deepmind|microsoft|meta|mistral|cohere|admin(?:istrator)?|developer|system|security\s+team|platform|vendor|model\s+provider)\s+(?:directive|mandate|override)\s*:` +
			`|\bthis\s+is\s+(?:a|an|the)\s+(?:(?:official|urgent|priority|high[\s-]priority|new|important)\s+){0,3}(?:system|admin(?:istrator)?|developer|operator)\s+(?:message|notice|instruction|directive|override|update)(?:\s*[.:!,;\-]|\s*$|\s+from\b)`,
		"false authority (a vendor directive or a claimed system message)", []string{"directive", "mandate", "override", "this is"}, 24, nil},
	{"llm_token",
		`(?i)<\|\s*(?:im_start|im_end|im_sep|endoftext|system|user|assistant|start_header_id|end_header_id|eot_id|begin_of_text|end_of_text|fim_prefix|fim_middle|fim_suffix)\s*\|>|<</?SYS>>|\[/?INST\]`,
		"chat template control token", []string{"<|", "<<sys>>", "<</sys>>", "inst]"}, 2, nil},
	{"prompt_leak",
		`(?i)\b(?:repeat|print|show|reveal|output|display|dump|write\s+out|leak|echo)\s+(?:me\s+)?(?:back\s+)?` +
			`(?:everything|all\s+(?:of\s+)?(?:the\s+)?text|the\s+(?:full\s+)?text|the\s+words)\s+(?:above|before\s+this|preceding\s+this|prior\s+to\s+this)\b`,
		"prompt leak (a request to repeat the preceding context)",
		[]string{"repeat", "print", "show", "reveal", "output", "display", "dump", "write out", "leak", "echo"}, 0,
		[]string{"above", "before this", "preceding this", "prior to this"}},
	{"prompt_leak",
		`(?i)\b(?:print|show|reveal|output|display|dump|repeat|tell\s+me|give\s+me|share|leak|what\s+(?:are|were|is))\s+(?:me\s+)?` +
			`(?:your\s+(?:(?:initial|original|hidden|secret|full|exact|complete|system|real)\s+){0,3}(?:system\s+prompt|instructions|prompt|directives)` +
			`|the\s+(?:(?:initial|original|hidden|secret|full|exact|complete|real)\s+){1,3}(?:system\s+prompt|instructions|prompt))\b`,
		"prompt leak (a request to reveal the system prompt or instructions)",
		[]string{"print", "show", "reveal", "output", "display", "dump", "repeat", "tell me", "give me", "share", "leak", "what are", "what were", "what is"}, 0,
		[]string{"prompt", "instructions", "directives"}},
	{"jailbreak",
		`(?i)\bDAN\s+mode\b|\bdeveloper\s+mode\s+(?:is\s+)?(?:enabled|activated)\b|\bjailbr(?:eak|oken|eaking)\w*|\bdo\s+anything\s+now\b`,
		"unlock wording (a named attack persona or unlocked mode)", []string{"dan mode", "developer mode", "jailbr", "anything now"}, 3, nil},
	{"context_termination",
		`[\s"'>]\]\]\]|(?i:(?:` + fence + `)\w{0,20}\s*(?:END\s+OF\s+(?:THE\s+)?(?:INSTRUCTIONS|PROMPT|SYSTEM\s+PROMPT|CONTEXT|USER\s+INPUT)|BEGIN\s+NEW\s+INSTRUCTIONS)\b)`,
		"context termination (closing brackets or a fenced end-of-instructions marker)", []string{"]]]", "```", "~~~"}, 1, nil},
}

// span bounds the length of a match in normalised text, lead included: the
// longest possible match is about 110 bytes. A short window keeps each
// anchored attempt cheap (the backtracker's cost grows with the window).
const span = 128

// Rules describes the ten patterns for `guard explain`. Two classes have two
// patterns each, so two names appear twice.
func Rules() []detect.RuleInfo {
	out := make([]detect.RuleInfo, len(catalogue))
	for i, r := range catalogue {
		out[i] = detect.RuleInfo{Name: "injection_" + r.class, Pattern: r.pattern, Severity: "high", Description: r.description}
	}
	return out
}

// Detector finds prompt-injection phrases in text. It is safe for
// concurrent use.
type Detector struct {
	rules  []compiled
	byWord [][]int // for each start keyword (starts.Words), the rules it starts, in order
	before int     // the most normalised bytes a window holds before its keyword
	keep   int     // before plus the longest keyword: what a stretch keeps ahead of a hit
	// threshold turns the classifier stage on (WithClassifier): 0 off, -1
	// the model's own threshold, else the score at which a text is reported.
	threshold float64
}

type compiled struct {
	rule
	re       *lazyre.Deferred // the pattern as written, for tests
	anchored *lazyre.Deferred // the pattern starting within lead+1 bytes of the text
}

// New prepares the ten patterns. Each is compiled the first time one of its
// keywords occurs in a checked text, so clean text compiles nothing.
func New() *Detector { return newWith(catalogue) }

// newWith prepares rules, whose start keywords must all be in starts.
func newWith(rules []rule) *Detector {
	d := &Detector{rules: make([]compiled, len(rules)), byWord: make([][]int, len(starts.Words))}
	for i, r := range rules {
		pattern, lead := r.pattern, r.lead
		d.rules[i] = compiled{
			rule: r,
			re:   lazyre.Defer(r.pattern),
			anchored: lazyre.DeferBuilt(func() string {
				return `^(?s:.{0,` + strconv.Itoa(lead+1) + `}?)(?:` + pattern + `)`
			}),
		}
		d.before = max(d.before, r.lead+1)
		for _, k := range r.starts {
			d.keep = max(d.keep, len(k))
			w := slices.Index(starts.Words, k)
			if !slices.Contains(d.byWord[w], i) {
				d.byWord[w] = append(d.byWord[w], i)
			}
		}
	}
	d.keep += d.before
	return d
}

// startWords lists the start keywords of the catalogue, each once, in the
// order they first appear: the words of the generated keyword set.
func startWords() []string {
	var out []string
	for _, r := range catalogue {
		for _, k := range r.starts {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// Check reports the first pattern that matches text. The Reason names the
// class; it never quotes the text, and no Reason is itself an injection.
//
// A pattern matches when its anchored form matches the window of the
// normalised text that starts lead+1 bytes before one of its start keywords
// and ends span bytes after it (one byte more before the match so that \b
// sees the real neighbour).
func (d *Detector) Check(text string) (event.Finding, bool) {
	best := len(d.rules)
	n := norm{text: text}
	starts.ScanRunes(text, symbol, func(word, end int) bool {
		rules := d.byWord[word]
		if len(rules) == 0 || rules[0] >= best {
			return true
		}
		k := n.locate(end, len(starts.Words[word]), d.before, d.keep)
		for _, i := range rules {
			if i >= best {
				break
			}
			r := &d.rules[i]
			from, to := max(k-r.lead-1, 0), min(k+span, len(n.buf))
			if r.hasNear(n.buf[from:to]) && r.anchored.Regexp().Match(n.buf[from:to]) {
				best = i
			}
		}
		return best > 0
	})
	if best == len(d.rules) {
		if d.threshold != 0 {
			return d.classify(text)
		}
		return event.Finding{}, false
	}
	r := d.rules[best]
	msg := "injection_" + r.class + ": possible prompt injection: " + r.description
	return event.Finding{
		Detector:  event.DetectorInjection,
		Rule:      "injection_" + r.class,
		Severity:  "high",
		Reason:    msg,
		LogReason: msg,
	}, true
}

// hasNear reports whether window holds one of r's near words, ignoring
// ASCII case.
func (r compiled) hasNear(window []byte) bool {
	if r.near == nil {
		return true
	}
	for _, n := range r.near {
		if containsFold(window, n) {
			return true
		}
	}
	return false
}

// containsFold reports whether b holds lower, which is lower-case ASCII,
// ignoring ASCII case.
func containsFold(b []byte, lower string) bool {
	for i := 0; i+len(lower) <= len(b); i++ {
		j := 0
		for ; j < len(lower); j++ {
			c := b[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
		}
		if j == len(lower) {
			return true
		}
	}
	return false
}

// symbol is how the keyword pass reads a character other than ASCII, as
// normalisation does: white space is a space, a format character is
// dropped, ſ and K are s and k, anything else is no keyword's letter.
func symbol(r rune) (byte, bool) {
	switch {
	case unicode.IsSpace(r):
		return ' ', true
	case unicode.Is(unicode.Cf, r):
		return 0, false
	case r == 'ſ':
		return 's', true
	case r == '\u212a':
		return 'k', true
	}
	return 0, true
}

// norm holds a stretch of the normalised text around the keyword hits of
// one Check, which arrive in text order. The stretch is extended forward as
// hits need, cut at the front as it grows, and started afresh before a hit
// that lies far ahead, at a byte where normalisation can start: an ASCII
// byte other than white space is a character of its own and is written as
// it is, whatever came before.
type norm struct {
	text  string
	buf   []byte // the stretch of normalised text
	src   []int  // src[k]: offset in text just past the character that gave buf[k]
	whole bool   // buf starts where the normalised text starts
	pos   int    // offset in text where normalising continues
	space bool   // the last byte written was a space
	init  bool   // the stretch has been started
}

// trimAt is how long a stretch grows before its front is cut.
const trimAt = 4096

// locate returns the offset in n.buf of the start of the keyword of size
// bytes (in normalised text) that ends at offset end of the text, with at
// least before bytes of the stretch ahead of it (fewer only at the start of
// the normalised text) and span bytes from it on (fewer only at its end).
// Once the stretch is longer than trimAt, all but keep bytes ahead of the
// keyword are dropped: a later hit, ending no earlier, needs no more.
func (n *norm) locate(end, size, before, keep int) int {
	for restart := false; ; restart = true {
		if !n.init || restart || !n.reach(end, size+before) {
			n.restart(end, size+before)
		}
		n.fill(end)
		k, _ := slices.BinarySearch(n.src, end+1) // first byte from past end
		k -= size
		if k < before && !n.whole && !restart {
			// The stretch starts too late; a fresh one has the room (the
			// keyword holds at most size of the bytes it counts back).
			continue
		}
		if cut := k - keep; cut > trimAt {
			n.buf = n.buf[:copy(n.buf, n.buf[cut:])]
			n.src = n.src[:copy(n.src, n.src[cut:])]
			n.whole = false
			k -= cut
		}
		for len(n.buf) < k+span && n.pos < len(n.text) {
			n.step()
		}
		return k
	}
}

// reach reports whether the stretch can simply be extended to end: going
// back from end, fewer than need characters that start a fresh stretch lie
// between where it stops and end.
func (n *norm) reach(end, need int) bool {
	if end <= n.pos {
		return true
	}
	for i := end - 1; i >= n.pos; i-- {
		if c := n.text[i]; c < utf8.RuneSelf && !asciiSpace(c) {
			if need--; need == 0 {
				return false
			}
		}
	}
	return true
}

// restart starts the stretch at the need-th ASCII byte other than white
// space before end, or at the start of the text when there are fewer.
func (n *norm) restart(end, need int) {
	if n.buf == nil {
		const size = span + 32 // a window and its keyword
		n.buf, n.src = make([]byte, 0, size), make([]int, 0, size)
	}
	n.buf, n.src = n.buf[:0], n.src[:0]
	n.init, n.whole, n.pos, n.space = true, false, 0, false
	for i := end - 1; i >= 0; i-- {
		if c := n.text[i]; c < utf8.RuneSelf && !asciiSpace(c) {
			if need--; need == 0 {
				n.pos = i
				return
			}
		}
	}
	n.whole, n.space = true, true
	n.put(' ')
}

// fill normalises up to offset end of the text.
func (n *norm) fill(end int) {
	for n.pos < end {
		n.step()
	}
}

// step normalises the character at n.pos, as normalize does.
func (n *norm) step() {
	c := n.text[n.pos]
	if c < utf8.RuneSelf {
		n.pos++
		if asciiSpace(c) {
			n.white()
			return
		}
		n.space = false
		n.put(c)
		return
	}
	r, size := utf8.DecodeRuneInString(n.text[n.pos:])
	n.pos += size
	switch {
	case unicode.IsSpace(r):
		n.white()
		return
	case unicode.Is(unicode.Cf, r):
		return
	case r == 'ſ':
		r = 's'
	case r == '\u212a':
		r = 'k'
	}
	n.space = false
	var b [utf8.UTFMax]byte
	for _, c := range b[:utf8.EncodeRune(b[:], r)] {
		n.put(c)
	}
}

func (n *norm) white() {
	if !n.space {
		n.put(' ')
	}
	n.space = true
}

func (n *norm) put(c byte) {
	n.buf = append(n.buf, c)
	n.src = append(n.src, n.pos)
}

func asciiSpace(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }
