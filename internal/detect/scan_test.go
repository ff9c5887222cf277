package detect_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/detect"
)

func TestContainsFold(t *testing.T) {
	tests := []struct {
		s, sub string
		want   bool
	}{
		{"Authorization: x", "authorization", true},
		{"AUTHORIZATION", "authorization", true},
		{"authorizatio", "authorization", false},
		{"a=b", "=", true},
		{"", "", true},
		{"x", "", true},
		{"\u212a", "k", false}, // only ASCII case
		{"xxAuthorizatioN", "authorization", true},
	}
	for _, tt := range tests {
		if got := detect.ContainsFold(tt.s, tt.sub); got != tt.want {
			t.Errorf("ContainsFold(%q, %q) = %v", tt.s, tt.sub, got)
		}
	}
}

func TestFoldsToASCII(t *testing.T) {
	for s, want := range map[string]bool{"abc": false, "\u017f": true, "x\u212ay": true, "\u00c5": false} {
		if got := detect.FoldsToASCII(s); got != want {
			t.Errorf("FoldsToASCII(%q) = %v", s, got)
		}
	}
}

func TestAlphabetOf(t *testing.T) {
	tests := []struct {
		expr, in, out string
	}{
		{`\d{3}-\d{2}`, "0123456789-", "a.\x80 "},
		{`(?i)key`, "kKeEyY\x80", "a"}, // U+212A folds to k
		{`[^\s"]+`, "a\x80\xff!", " \t\n\""},
		{`(?m)^x$`, "x", "\n"},
		{`.`, "a\x80", "\n"},
		{`(?s:.)`, "a\n\x80", ""},
		{`\bab\b`, "ab", " "},
	}
	for _, tt := range tests {
		a, err := detect.AlphabetOf(tt.expr)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(tt.in); i++ {
			if !a.Has(tt.in[i]) {
				t.Errorf("%s: %q not in the alphabet", tt.expr, tt.in[i])
			}
		}
		for i := 0; i < len(tt.out); i++ {
			if a.Has(tt.out[i]) {
				t.Errorf("%s: %q in the alphabet", tt.expr, tt.out[i])
			}
		}
	}
	if _, err := detect.AlphabetOf(`(`); err == nil {
		t.Error("no error for a bad expression")
	}
	if a, b := detect.Bytes("ab\xff"), detect.Bytes("ba\x80"); a != b {
		t.Error("Bytes: bytes from 0x80 up do not go together")
	}
}

// regionPatterns exercise what the region argument must survive: word
// boundaries, line anchors, case folding to non-ASCII letters, negated
// classes, and expressions that can match across white space.
var regionPatterns = []string{
	`\b\d{3}[-.]\d{2}[-.]\d{4}\b`,
	`\b[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}\b`,
	`\b(?:\+1[\s\-]?)?\(?\d{3}\)?[\s\-]?\d{3}[\s\-]?\d{4}\b`,
	`(?i)\bsk[a-f0-9]{4}\b`,
	`(?im)^[ \t]*[A-Z_]*KEY[ \t]*=[ \t]*(\w{3,})\r?$`,
	`(?i)\b(?:postgres|redis)://[^\s:/@'"]*:[^\s@/'"$<>{}]+@[^\s/'"]+`,
	`é+\b`,
	`(?i)a\s+b`,
}

// regionFindAll runs re on the region around every byte of its alphabet,
// each region once: what a detector does around its keyword hits.
func regionFindAll(re *regexp.Regexp, a detect.Alphabet, text string) [][]int {
	var out [][]int
	for i := 0; i < len(text); i++ {
		if !a.Has(text[i]) {
			continue
		}
		_, end, from, to := a.Region(text, i)
		for _, m := range re.FindAllStringSubmatchIndex(text[from:to], -1) {
			for j := range m {
				if m[j] >= 0 {
					m[j] += from
				}
			}
			out = append(out, m)
		}
		i = end
	}
	return out
}

// FuzzRegion checks the claim of Alphabet: an expression run on the regions
// of its alphabet finds exactly what it finds in the whole text.
func FuzzRegion(f *testing.F) {
	for _, s := range []string{
		"ssn 123-45-6789 and a@b.cd, (555) 123-4567", "x\nKEY = abc\r\nY_KEY=abcdef\n", "SKabcd sk12ab",
		"postgres://u:p@h redis://:pw@x", "éé x é", "a \n\t B", "\xffa@b.cd\xc5", "_123-45-6789_", "a\u212aey=abcd",
	} {
		f.Add(s)
	}
	res := make([]*regexp.Regexp, len(regionPatterns))
	alphas := make([]detect.Alphabet, len(regionPatterns))
	for i, p := range regionPatterns {
		res[i] = regexp.MustCompile(p)
		a, err := detect.AlphabetOf(p)
		if err != nil {
			f.Fatal(err)
		}
		alphas[i] = a
	}
	f.Fuzz(func(t *testing.T, text string) {
		for i, re := range res {
			want := re.FindAllStringSubmatchIndex(text, -1)
			got := regionFindAll(re, alphas[i], text)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s on %q: regions %v, whole text %v", regionPatterns[i], text, got, want)
			}
		}
	})
}
