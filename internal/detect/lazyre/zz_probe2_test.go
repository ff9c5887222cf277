package lazyre_test

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"
)

func BenchmarkProbe(b *testing.B) {
	raw, _ := os.ReadFile("/tmp/s200/payload.json")
	var p struct{ Tool_input struct{ Command string } }
	json.Unmarshal(raw, &p)
	s := p.Tool_input.Command
	for _, e := range []string{`curl.*\|.*sh`, `\b(?:curl|wget|base64 -d)\b.*\| ?(?:(?:ba|da|z|k)?sh|python[\d.]*|perl|ruby|node|php|lua)\b[^|]* -(?: |$)`,
		`\b(?:curl|wget|base64 -d)\b.*\| ?(?:(?:ba|da|z|k)?sh|python[\d.]*|perl|ruby|node|php|lua)\b[^|\n]* -(?: |$)`,
		`(?:curl|wget|base64 -d).*\| ?(?:(?:ba|da|z|k)?sh|python[\d.]*|perl|ruby|node|php|lua)\b[^|]* -(?: |$)`} {
		re := regexp.MustCompile(e)
		b.Run(e[:12], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				re.MatchString(s)
			}
		})
	}
}
