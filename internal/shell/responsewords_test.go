package shell

import (
	"strings"
	"testing"
)

// TestResponseWords: a response file's lines and words are arguments, at
// most maxListNames; past that the file is not read whole.
func TestResponseWords(t *testing.T) {
	ws, whole := responseWords("-o out\n\"a b\"\n")
	if !whole || len(ws) != 6 || ws[0].Text != "-o out" || ws[5].Text != "b" {
		t.Errorf("responseWords = %v, %v", ws, whole)
	}
	many := strings.Repeat("-DX\n", maxListNames) + "-o /home/u/.bashrc\n"
	if _, whole := responseWords(many); whole {
		t.Errorf("responseWords of %d lines is whole", maxListNames+1)
	}
}
