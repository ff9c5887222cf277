package pii

import (
	"reflect"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

func all(t testing.TB) *Detector {
	t.Helper()
	d, err := New(Types())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestRules holds true and false positives for every type; want is the rule
// reported first with all types enabled, "" when nothing is found.
func TestRules(t *testing.T) {
	d := all(t)
	tests := []struct {
		text, want, value string
	}{
		{"my ssn is 123-45-6789", "pii_ssn", "123-45-6789"},
		{"ssn: 123.45.6789.", "pii_ssn", "123.45.6789"},
		{"call 123-456-7890", "pii_phone", "123-456-7890"},
		{"version 1.23.4567 released", "", ""},
		{"id 123-45-67890", "", ""},

		{"card 4111 1111 1111 1111 exp 12/29", "pii_credit_card", "4111 1111 1111 1111"},
		{"card 4111-1111-1111-1111", "pii_credit_card", "4111-1111-1111-1111"},
		{"mc 5500000000000004", "pii_credit_card", "5500000000000004"},
		{"mc2 2221000000000009", "pii_credit_card", "2221000000000009"},
		{"amex 378282246310005", "pii_credit_card", "378282246310005"},
		{"amex 3782 822463 10005", "pii_credit_card", "3782 822463 10005"},
		{"disc 6011111111111117", "pii_credit_card", "6011111111111117"},
		{"disc 6511 1111 1111 1111", "pii_credit_card", "6511 1111 1111 1111"},
		{"order 1234 5678 9012 3456", "", ""},
		{"port 4000 is busy", "", ""},

		{"write to jane.doe+test@mail.example.org today", "pii_email", "jane.doe+test@mail.example.org"},
		{"go get github.com/x/y@v1.2.3", "", ""},
		{"@user mentioned it", "", ""},
		{"git@host", "", ""},

		{"reach me at (555) 123-4567", "pii_phone", "(555) 123-4567"},
		{"+1 555-123-4567", "pii_phone", "+1 555-123-4567"},
		{"5551234567", "pii_phone", "5551234567"},
		{"pid 12345 exited", "", ""},

		{"passport C03005988", "pii_passport", "C03005988"},
		{"passport AB1234567", "pii_passport", "AB1234567"},
		{"issue GH-123456", "", ""},
		{"abc1234567", "", ""},
		{"ABC1234567", "", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		f, ok := d.Check(tt.text)
		if tt.want == "" {
			if ok {
				t.Errorf("Check(%q) = %s, want nothing", tt.text, f.Rule)
			}
			continue
		}
		if !ok || f.Rule != tt.want {
			t.Errorf("Check(%q) = %q, %v; want %q", tt.text, f.Rule, ok, tt.want)
			continue
		}
		if strings.Contains(f.Reason, tt.value) || strings.Contains(f.LogReason, tt.value) {
			t.Errorf("Check(%q): reason holds the value: %q", tt.text, f.Reason)
		}
	}
}

func TestOnlyEnabledTypes(t *testing.T) {
	d, err := New([]string{"email"})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := d.Check("ssn 123-45-6789, card 4111111111111111"); ok {
		t.Errorf("disabled type found: %s", f.Rule)
	}
	if f, ok := d.Check("a@b.example"); !ok || f.Rule != "pii_email" {
		t.Errorf("email = %q, %v", f.Rule, ok)
	}
	none, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := none.Check("123-45-6789 a@b.example"); ok {
		t.Error("empty type list found something")
	}
	// The catalogue order decides, not the list order.
	d, _ = New([]string{"phone", "ssn", "ssn"})
	if f, _ := d.Check("123-45-6789 and 555-123-4567"); f.Rule != "pii_ssn" {
		t.Errorf("rule = %q, want pii_ssn", f.Rule)
	}
}

func TestNewUnknown(t *testing.T) {
	for _, name := range []string{"phone_us", "SSN", "", "iban"} {
		d, err := New([]string{"ssn", name})
		if err == nil || d != nil || !strings.Contains(err.Error(), "unknown pii type") {
			t.Errorf("New(%q) = %v, %v", name, d, err)
		}
	}
}

func TestTypesAndRules(t *testing.T) {
	want := []string{"ssn", "credit_card", "email", "phone", "passport"}
	if got := Types(); !reflect.DeepEqual(got, want) {
		t.Errorf("Types() = %v", got)
	}
	rules := Rules()
	if len(rules) != 5 {
		t.Fatalf("%d rules", len(rules))
	}
	spec := map[string]string{
		"pii_ssn":      `\b\d{3}[-\.]\d{2}[-\.]\d{4}\b`,
		"pii_email":    `\b[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}\b`,
		"pii_phone":    `\b(?:\+1[\s\-]?)?\(?\d{3}\)?[\s\-]?\d{3}[\s\-]?\d{4}\b`,
		"pii_passport": `\b[A-Z]{1,2}\d{6,9}\b`,
	}
	for _, r := range rules {
		if p, ok := spec[r.Name]; ok && p != r.Pattern {
			t.Errorf("%s pattern %q, want the spec's %q", r.Name, r.Pattern, p)
		}
		if r.Description == "" || r.Severity == "" {
			t.Errorf("%s lacks description or severity", r.Name)
		}
	}
	if n := strings.Count(rules[1].Pattern, `|\b`); n != 3 {
		t.Errorf("credit_card has %d alternatives, want 4", n+1)
	}
}

func TestFindingFields(t *testing.T) {
	f, ok := all(t).Check("line one\nline two 123-45-6789\n")
	if !ok {
		t.Fatal("not found")
	}
	want := event.Finding{Detector: event.DetectorPII, Rule: "pii_ssn", Severity: "medium",
		Reason:    "pii_ssn found: US social security number at line 2",
		LogReason: "pii_ssn found: US social security number at line 2"}
	if f != want {
		t.Errorf("finding = %+v", f)
	}
}

func BenchmarkCheck(b *testing.B) {
	d := all(b)
	text := strings.Repeat("Refactor the handler in internal/api/users.go so errors are wrapped, then run go test ./... and fix lint.\n", 10<<10/100)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := d.Check(text); ok {
			b.Fatal("clean text flagged")
		}
	}
}
