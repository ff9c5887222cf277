package detect_test

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
)

// textDetectors are the detectors that scan large texts (file contents, web
// pages, tool results), in the order a file content runs through them.
type named struct {
	name string
	d    detect.Detector
}

func textDetectors() ([]named, error) {
	p, err := pii.New(pii.Types())
	if err != nil {
		return nil, err
	}
	return []named{{"injection", injection.New()}, {"secret", secret.New()}, {"pii", p}}, nil
}

// benchTexts builds, once, the large texts of the benchmarks from files every
// Go installation has: about 1 MiB of Go source (net/http) and 1 MiB of
// technical prose (the language specification and memory model, tags
// stripped). Lines on which any detector finds something are dropped, so the
// texts are clean and every detector reads all of them.
var benchTexts = sync.OnceValues(func() (map[string]string, error) {
	src := filepath.Join(runtime.GOROOT(), "src", "net", "http")
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var source []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		source = append(source, string(b))
	}
	var prose []string
	tag := regexp.MustCompile(`<[^>]*>`)
	for _, name := range []string{"go_spec.html", "go_mem.html"} {
		b, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "doc", name))
		if err != nil {
			return nil, err
		}
		prose = append(prose, tag.ReplaceAllString(string(b), ""))
	}
	ds, err := textDetectors()
	if err != nil {
		return nil, err
	}
	return map[string]string{
		"source": cleanMiB(ds, strings.Join(source, "\n")),
		"prose":  cleanMiB(ds, strings.Join(prose, "\n")),
		"prompt": "Can you add a --json flag to the test command and update the README? Keep the output stable.",
	}, nil
})

// cleanMiB keeps the lines of text no detector flags and repeats them up to
// 1 MiB.
func cleanMiB(ds []named, text string) string {
	var keep []string
lines:
	for _, l := range strings.Split(text, "\n") {
		for _, d := range ds {
			if _, hit := d.d.Check(l); hit {
				continue lines
			}
		}
		keep = append(keep, l)
	}
	chunk := strings.Join(keep, "\n") + "\n"
	var b strings.Builder
	for b.Len() < 1<<20 {
		b.WriteString(chunk)
	}
	return b.String()[:1<<20]
}

// reportCPU adds the process CPU time per operation since start (from
// cpuTime) as the metric cpu-ns/op.
func reportCPU(b *testing.B, start int64) {
	if end := cpuTime(); start >= 0 && end >= 0 && b.N > 0 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkText measures the text detectors on 1 MiB of clean Go source, 1
// MiB of clean prose and a short prompt, each alone and all three in a row
// (what a Read result costs). Run it with -benchmem: allocations are pages
// touched, and fresh pages are costly on the hook path. cpu-ns/op is the
// process CPU time per operation, steadier than ns/op on a shared machine.
func BenchmarkText(b *testing.B) {
	texts, err := benchTexts()
	if err != nil {
		b.Skip("no Go sources to build the texts from:", err)
	}
	ds, err := textDetectors()
	if err != nil {
		b.Fatal(err)
	}
	for _, kind := range []string{"source", "prose", "prompt"} {
		text := texts[kind]
		for _, d := range ds {
			if f, hit := d.d.Check(text); hit {
				b.Fatalf("%s text flagged by %s: %s", kind, d.name, f.Rule)
			}
		}
		for _, d := range ds {
			b.Run(kind+"/"+d.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				cpu := cpuTime()
				for b.Loop() {
					d.d.Check(text)
				}
				reportCPU(b, cpu)
			})
		}
		b.Run(kind+"/all", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				for _, d := range ds {
					d.d.Check(text)
				}
			}
			reportCPU(b, cpu)
		})
	}
}
