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
// Before matching, the text gets a leading space, runs of white space become
// one space and invisible
// format characters (zero-width space, soft hyphen, bidi controls) are
// dropped, so neither padding nor "ig\u200bnore" slips through; the two
// non-ASCII letters that Go's case folding maps onto ASCII (U+017F ſ,
// U+212A K) become s and k. Each pattern then runs anchored at the
// occurrences of its start keywords only, which keeps large file contents
// cheap.
package injection

import (
	"fmt"
	"strings"
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
	rules []compiled
}

type compiled struct {
	rule
	re       *lazyre.Deferred // the pattern as written, for tests
	anchored *lazyre.Deferred // the pattern starting within lead+1 bytes of the text
}

// New prepares the ten patterns. Each is compiled the first time one of its
// keywords occurs in a checked text, so clean text compiles nothing.
func New() *Detector {
	d := &Detector{rules: make([]compiled, len(catalogue))}
	for i, r := range catalogue {
		d.rules[i] = compiled{
			rule:     r,
			re:       lazyre.Defer(r.pattern),
			anchored: lazyre.Defer(fmt.Sprintf(`^(?s:.{0,%d}?)(?:%s)`, r.lead+1, r.pattern)),
		}
	}
	return d
}

// find reports whether r matches norm. It tries the anchored pattern on a
// short window at each occurrence of a start keyword in lower, which fails
// within a few bytes on ordinary text; the window keeps one byte more before
// the match so that \b sees the real neighbour.
func (r compiled) find(norm, lower string) bool {
	for _, k := range r.starts {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], k)
			if i < 0 {
				break
			}
			i += from
			start, end := max(0, i-r.lead-1), min(len(norm), i+span)
			if r.hasNear(lower[start:end]) && r.anchored.Regexp().MatchString(norm[start:end]) {
				return true
			}
			from = i + 1
		}
	}
	return false
}

// Check reports the first pattern that matches text. The Reason names the
// class; it never quotes the text, and no Reason is itself an injection.
func (d *Detector) Check(text string) (event.Finding, bool) {
	norm := normalize(text)
	lower := detect.ASCIILower(norm)
	for _, r := range d.rules {
		if !r.find(norm, lower) {
			continue
		}
		msg := fmt.Sprintf("injection_%s: possible prompt injection: %s", r.class, r.description)
		return event.Finding{
			Detector:  event.DetectorInjection,
			Rule:      "injection_" + r.class,
			Severity:  "high",
			Reason:    msg,
			LogReason: msg,
		}, true
	}
	return event.Finding{}, false
}

func (r compiled) hasNear(lower string) bool {
	if r.near == nil {
		return true
	}
	for _, n := range r.near {
		if strings.Contains(lower, n) {
			return true
		}
	}
	return false
}

// normalize collapses white space runs to one space, drops invisible format
// characters and maps ſ and K (U+212A) to s and k. The result starts with a
// space, so a pattern needing white space before a token also finds it at
// the very start.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 1)
	b.WriteByte(' ')
	space := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < utf8.RuneSelf { // ASCII fast path
			if c == ' ' || '\t' <= c && c <= '\r' {
				if !space {
					b.WriteByte(' ')
				}
				space = true
				continue
			}
			space = false
			b.WriteByte(c)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size - 1
		switch {
		case unicode.IsSpace(r):
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		case unicode.Is(unicode.Cf, r):
			continue
		case r == 'ſ':
			r = 's'
		case r == '\u212a':
			r = 'k'
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}
