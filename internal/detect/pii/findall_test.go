package pii

import (
	"testing"

	"github.com/guardhq/guard/internal/detect"
)

var redactionCases = []string{
	"name: Ann, ssn 123-45-6789, card 4111 1111 1111 1111",
	"mail ann@example.com or call (555) 123-4567",
	"passport C12345678 and +1 555-123-4567",
}

// FuzzFindAllCoversCheck: once every FindAll match is redacted, Check finds
// nothing, and FindAll finds something whenever Check does.
func FuzzFindAllCoversCheck(f *testing.F) {
	for _, c := range redactionCases {
		f.Add(c)
	}
	d, err := New(Types())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		_, hit := d.Check(text)
		ms := d.FindAll(text)
		if hit && len(ms) == 0 {
			t.Fatalf("Check hit but FindAll empty: %q", text)
		}
		if f, again := d.Check(detect.Redact(text, ms)); again {
			t.Fatalf("%s survives redaction of %q", f.Rule, text)
		}
	})
}

func TestRedactNamesEachType(t *testing.T) {
	d, _ := New(Types())
	got := detect.Redact(redactionCases[0], d.FindAll(redactionCases[0]))
	want := "name: Ann, ssn [REDACTED:pii_ssn], card [REDACTED:pii_credit_card]"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
