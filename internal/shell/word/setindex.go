package word

import (
	"strings"
	"sync"
	"unsafe"
)

// A Set is a string so that it costs nothing at start-up. Asked about
// every word of every command, a long Set's scan is a fair share of a long
// script's analysis; so once a long Set has been asked often enough in a
// process to pay for it, its words go into a map, built once.

// indexAfter is how often a Set is scanned before its words are indexed;
// indexMin is the length from which a Set is worth indexing at all (a
// short one is scanned as fast as a map is asked), indexMax the length
// past which it is not kept (a Set built at run time from a command).
const (
	indexAfter = 16
	indexMin   = 96
	indexMax   = 4096
)

// setIndex is what the process knows of one long Set: how often it was
// asked, then its words.
type setIndex struct {
	set   Set
	asks  int
	words map[string]struct{}
}

// indexes holds the process's setIndexes by where the Set's text starts in
// memory (Sets are mostly constants: the same few dozen strings), which
// costs no hash of the text. Each holds its Set, so that memory is not
// reused while it is indexed, and a Set asked is compared with it (two
// Sets can start at the same byte: a string and a prefix of it); when the
// same pointer holds the same Set, the compare costs no more than the
// lengths.
var indexes struct {
	sync.Mutex
	m map[*byte]*setIndex
}

// maxIndexes bounds the Sets indexed: a Set built at run time is a new key
// every time; past the bound, Sets are only scanned.
const maxIndexes = 512

// indexed reports whether w is in l by its index, and false for ok while l
// has none yet (it is then scanned).
func (l Set) indexed(w string) (has, ok bool) {
	indexes.Lock()
	defer indexes.Unlock()
	at := unsafe.StringData(string(l))
	x := indexes.m[at]
	switch {
	case x != nil && x.set != l: // (the same pointer first: no compare of the text)
		*x = setIndex{set: l}
	case x == nil:
		if len(indexes.m) >= maxIndexes {
			return false, false
		}
		if indexes.m == nil {
			indexes.m = make(map[*byte]*setIndex)
		}
		x = &setIndex{set: l}
		indexes.m[at] = x
	}
	if x.words == nil {
		if x.asks++; x.asks < indexAfter {
			return false, false
		}
		x.words = l.words()
	}
	_, has = x.words[w]
	return has, true
}

// words returns the map of l's words: each text between two spaces, as
// scan finds them.
func (l Set) words() map[string]struct{} {
	parts := strings.Split(string(l), " ")
	m := make(map[string]struct{}, len(parts))
	for i := 1; i < len(parts)-1; i++ { // the first and last have no space around them
		if parts[i] != "" {
			m[parts[i]] = struct{}{}
		}
	}
	return m
}
