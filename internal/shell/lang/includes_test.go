package lang

import (
	"slices"
	"testing"
)

func TestIncludes(t *testing.T) {
	for _, tt := range []struct {
		k    IncludeKind
		text string
		want []string
		ok   bool
	}{
		{IncludeXML, `<!DOCTYPE r [<!ENTITY k SYSTEM "file:///h/.ssh/id_rsa">]>`, []string{"/h/.ssh/id_rsa"}, true},
		{IncludeXML, `<!DOCTYPE r PUBLIC "-//X//EN" "x.dtd">`, []string{"x.dtd"}, true},
		{IncludeXML, `<xi:include href='a.xml'/><a href="https://example.com/">x</a>`, []string{"a.xml"}, true},
		{IncludeXML, `<xsl:copy-of select="document('d.xml')"/>`, []string{"d.xml"}, true},
		{IncludeXML, `<xsl:copy-of select="document($f)"/>`, nil, false},
		{IncludeAsciidoc, "include::ch1.adoc[]\ninclude::{dir}/x[]\n", []string{"ch1.adoc"}, false},
		{IncludeTeX, `\input{a}\include{b}\input c.tex \inputencoding{utf8}\openin3=d`, []string{"a", "c.tex", "b", "d"}, true},
		{IncludeTeX, `\lstinputlisting[language=C]{e.c}\inputminted{go}{f.go}`, []string{"e.c", "f.go"}, true},
		{IncludeTeX, `\input{\jobname.aux}`, nil, false},
	} {
		got, ok := Includes(tt.k, tt.text)
		slices.Sort(got)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) || ok != tt.ok {
			t.Errorf("Includes(%q) = %q, %v; want %q, %v", tt.text, got, ok, want, tt.ok)
		}
	}
}
