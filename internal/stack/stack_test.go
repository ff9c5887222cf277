package stack

import "testing"

// TestGrow: Grow returns the zero byte of its frame, in a new goroutine
// and again on a grown stack.
func TestGrow(t *testing.T) {
	done := make(chan byte)
	go func() { done <- Grow() + Grow() }()
	if b := <-done; b != 0 {
		t.Fatalf("Grow returned %d", b)
	}
}
