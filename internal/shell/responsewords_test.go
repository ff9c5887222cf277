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

// TestHiddenLog: the reason a hidden command keeps for the audit log
// holds none of the command's words, while the reason shown names them.
func TestHiddenLog(t *testing.T) {
	a := Analyze("envdir ./private-dir-xyz make", Options{Home: "/home/u"})
	logged, ok := HiddenLog(a.Err)
	if !ok || !strings.Contains(a.Err.Error(), "private-dir-xyz") || strings.Contains(logged, "private-dir-xyz") || !strings.Contains(logged, redactedPart) {
		t.Errorf("err %v, logged %q, %v", a.Err, logged, ok)
	}
}
