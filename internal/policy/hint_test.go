package policy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/home"
)

func TestHint(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{fmt.Errorf("policy x: %w", ErrSignature), "guard policy sign"},
		{&RemoteError{}, "remote policy URL"},
		{fmt.Errorf("policy: %w", home.ErrNoHome), "HOME"},
		{&Error{Source: "x", Problems: []Problem{{Msg: "bad"}}}, "fix the policy file"},
	}
	for _, tt := range tests {
		if got := Hint(tt.err); !strings.Contains(got, tt.want) {
			t.Errorf("Hint(%T) = %q, want it to mention %q", tt.err, got, tt.want)
		}
	}
}
