package clf

import (
	"strings"
	"testing"
)

func BenchmarkScore1MiB(b *testing.B) {
	m, err := Embedded()
	if err != nil {
		b.Fatal(err)
	}
	text := strings.Repeat("The build uses Go modules; run make test before sending a change.\n\tif err != nil { return err }\n", 1<<20/96)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		m.Score(text)
	}
}
