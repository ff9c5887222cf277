// Package clf is the second stage of the injection detector: a logistic
// regression over hashed word and character n-grams, trained by
// scripts/trainclf on public data sets (docs/INJECTION.md) and embedded in
// the binary. The trainer and the scorer share Features, so the model sees
// at run time exactly the features it was trained on.
//
// Nothing is built at package init: the weights are the embedded bytes,
// read in place (one int8 per bucket) when a text is scored.
package clf

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"strings"
)

// Bits is log2 of the number of hashed feature buckets.
const Bits = 18

// Buckets is the number of hashed feature buckets.
const Buckets = 1 << Bits

// Chunk and Window set the windows a long text is scored in: windows of
// Window chunks of Chunk bytes, one chunk apart, so a short injection in a
// long document is scored with the little text around it. A text of up to
// Whole bytes is scored whole as well, as the model was trained.
const (
	Chunk  = 32
	Window = 3
	Whole  = 4096
)

// MaxBytes bounds the text scored; the rest is not read.
const MaxBytes = 4 << 20

//go:embed model.bin
var modelBin []byte

//go:embed model.json
var modelJSON []byte

// Provenance returns the model's metrics and data file (model.json).
func Provenance() []byte { return modelJSON }

// Weights returns the embedded weights file (model.bin).
func Weights() []byte { return modelBin }

const magic = "GCLF1\x00\x00\x00"

// Model is a decoded view of a weights file; W aliases the file's bytes.
type Model struct {
	Scale float32 // weight = int8 * Scale
	Bias  float32
	W     []byte // Buckets int8 weights
}

// Embedded returns the embedded model, or an error when the file is bad.
func Embedded() (Model, error) { return Decode(modelBin) }

// Decode reads a weights file: magic, scale, bias (float32 little endian),
// then Buckets int8 weights.
func Decode(b []byte) (Model, error) {
	if len(b) != len(magic)+8+Buckets || string(b[:len(magic)]) != magic {
		return Model{}, errors.New("clf: bad model file")
	}
	s := math.Float32frombits(binary.LittleEndian.Uint32(b[len(magic):]))
	bias := math.Float32frombits(binary.LittleEndian.Uint32(b[len(magic)+4:]))
	return Model{Scale: s, Bias: bias, W: b[len(magic)+8:]}, nil
}

// Encode writes a weights file.
func Encode(scale, bias float32, w []int8) []byte {
	out := make([]byte, 0, len(magic)+8+len(w))
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(scale))
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(bias))
	for _, v := range w {
		out = append(out, byte(v))
	}
	return out
}

// Score returns the highest probability of injection over text's windows.
func (m Model) Score(text string) float64 {
	if len(text) > MaxBytes {
		text = text[:MaxBytes]
	}
	n := (len(text) + Chunk - 1) / Chunk
	if n <= Window {
		var sum float64
		cnt := 0
		Features(text, func(_ int, h uint32) {
			sum += float64(int8(m.W[h]))
			cnt++
		})
		return m.prob(sum, cnt)
	}
	sums := make([]int32, n)
	cnts := make([]int32, n)
	m.chunkSums(text, sums, cnts)
	// The logistic is monotonic: keep the highest logit and take its
	// logistic once.
	best := math.Inf(-1)
	var sum float64
	var cnt int
	if len(text) <= Whole {
		for i := range n {
			sum += float64(sums[i])
			cnt += int(cnts[i])
		}
		best, sum, cnt = m.logit(sum, cnt), 0, 0
	}
	for i := range n {
		sum += float64(sums[i])
		cnt += int(cnts[i])
		if i >= Window {
			sum -= float64(sums[i-Window])
			cnt -= int(cnts[i-Window])
		}
		if i >= Window-1 || i == n-1 {
			best = max(best, m.logit(sum, cnt))
		}
	}
	return 1 / (1 + math.Exp(-best))
}

// logit is the bias plus the sum of cnt weights scaled by 1/sqrt(cnt),
// the same normalisation the trainer uses.
func (m Model) logit(sum float64, cnt int) float64 {
	z := float64(m.Bias)
	if cnt > 0 {
		z += sum * float64(m.Scale) / math.Sqrt(float64(cnt))
	}
	return z
}

// prob is the logistic of logit(sum, cnt).
func (m Model) prob(sum float64, cnt int) float64 {
	return 1 / (1 + math.Exp(-m.logit(sum, cnt)))
}

// fold maps a byte onto the alphabet features are made of: ASCII letters
// lowercased, digits kept, other ASCII as a space, non-ASCII bytes kept so
// that German or other scripts make features too.
func fold(c byte) byte {
	switch {
	case 'A' <= c && c <= 'Z':
		return c + 'a' - 'A'
	case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c >= 0x80:
		return c
	case c == '\'':
		return c
	}
	return ' '
}

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
	seedWord  = 0x9e3779b9
	seedPair  = 0x85ebca6b
)

// Features calls emit with the start offset and bucket of each feature of
// text: every character 3- and 4-gram of the folded text (runs of spaces
// count as one), every word and every pair of adjacent words.
func Features(text string, emit func(pos int, bucket uint32)) {
	var last [4]byte // the last folded bytes, newest at [3]
	have := 0
	var word, prev uint32 // hash of the current and the previous word
	inWord, hasPrev := false, false
	wordStart := 0
	for i := 0; i < len(text); i++ {
		c := fold(text[i])
		if c == ' ' && have > 0 && last[3] == ' ' {
			continue
		}
		last[0], last[1], last[2], last[3] = last[1], last[2], last[3], c
		have++
		if have >= 3 {
			g := uint32(last[1])<<16 | uint32(last[2])<<8 | uint32(last[3])
			emit(i, hash3(g))
			if have >= 4 {
				emit(i, hash4(g|uint32(last[0])<<24))
			}
		}
		if c != ' ' {
			if !inWord {
				inWord, word, wordStart = true, fnvOffset^seedWord, i
			}
			word = (word ^ uint32(c)) * fnvPrime
			continue
		}
		if inWord {
			emit(wordStart, word&(Buckets-1))
			if hasPrev {
				emit(wordStart, hashPair(prev, word))
			}
			prev, hasPrev, inWord = word, true, false
		}
	}
	if inWord {
		emit(wordStart, word&(Buckets-1))
		if hasPrev {
			emit(wordStart, hashPair(prev, word))
		}
	}
}

// chunkSums adds the weight of each feature of text (as Features emits
// them) to sums[pos/Chunk] and counts it in cnts[pos/Chunk]. It is
// Features with the sums inlined: a call through emit per feature cost
// half of the scoring time (FuzzChunkSums holds the two equal).
func (m Model) chunkSums(text string, sums, cnts []int32) {
	w := m.W[:Buckets]
	add := func(pos int, h uint32) {
		c := pos / Chunk
		sums[c] += int32(int8(w[h&(Buckets-1)]))
		cnts[c]++
	}
	var last [4]byte
	have := 0
	var word, prev uint32
	inWord, hasPrev := false, false
	wordStart := 0
	for i := 0; i < len(text); i++ {
		c := foldTable[text[i]]
		if c == ' ' && have > 0 && last[3] == ' ' {
			continue
		}
		last[0], last[1], last[2], last[3] = last[1], last[2], last[3], c
		have++
		if have >= 3 {
			g := uint32(last[1])<<16 | uint32(last[2])<<8 | uint32(last[3])
			add(i, hash3(g))
			if have >= 4 {
				add(i, hash4(g|uint32(last[0])<<24))
			}
		}
		if c != ' ' {
			if !inWord {
				inWord, word, wordStart = true, fnvOffset^seedWord, i
			}
			word = (word ^ uint32(c)) * fnvPrime
			continue
		}
		if inWord {
			add(wordStart, word&(Buckets-1))
			if hasPrev {
				add(wordStart, hashPair(prev, word))
			}
			prev, hasPrev, inWord = word, true, false
		}
	}
	if inWord {
		add(wordStart, word&(Buckets-1))
		if hasPrev {
			add(wordStart, hashPair(prev, word))
		}
	}
}

// foldTable is fold of every byte, as static data (no code runs at init).
var foldTable = [256]byte{
	0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
	0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
	0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x27, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
	0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
	0x20, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f,
	0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x20, 0x20, 0x20, 0x20, 0x20,
	0x20, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f,
	0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x20, 0x20, 0x20, 0x20, 0x20,
	0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f,
	0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f,
	0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf,
	0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xbb, 0xbc, 0xbd, 0xbe, 0xbf,
	0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf,
	0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf,
	0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed, 0xee, 0xef,
	0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
}

// hash3, hash4 and hashPair map a character 3-gram, a 4-gram (the bytes
// packed in a uint32) and a pair of word hashes onto the buckets by
// multiplicative (Fibonacci) hashing: one multiply and a shift each, with
// a different odd multiplier per kind so that the kinds do not collide
// alike.
func hash3(g uint32) uint32 { return (g * 0x9e3779b1) >> (32 - Bits) }

func hash4(g uint32) uint32 { return (g * 0x85ebca77) >> (32 - Bits) }

func hashPair(prev, word uint32) uint32 {
	return ((prev*31 + word + seedPair) * 0xc2b2ae3d) >> (32 - Bits)
}

// Threshold returns the threshold recorded in model.json, read without a
// JSON decoder: the file's "threshold" field, or 0.5 when it cannot be read.
func Threshold() float64 {
	const key = `"threshold": `
	s := string(modelJSON)
	i := strings.Index(s, key)
	if i < 0 {
		return 0.5
	}
	s = s[i+len(key):]
	j := strings.IndexAny(s, ",\n}")
	if j < 0 {
		return 0.5
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s[:j]), 64)
	if err != nil || f <= 0 || f >= 1 {
		return 0.5
	}
	return f
}
