package policy

import (
	"errors"

	"github.com/guardhq/guard/internal/home"
)

// Hint returns what a person can do about an error from Load: re-sign or
// verify a signed policy, check a remote source, or fix the local file.
func Hint(err error) string {
	var re *RemoteError
	switch {
	case errors.As(err, &re):
		return "check the remote policy URL, the network and its signature; 'guard policy list' shows the source and the last fetch"
	case errors.Is(err, home.ErrNoHome):
		return "run guard with HOME set to your home directory: the ~ rules (~/.ssh/**, ~/.guard/**…) protect nothing without it"
	case errors.Is(err, ErrSignature):
		return "sign rules.json with 'guard policy sign' (key in GUARD_POLICY_KEY), or run 'guard policy verify' for details"
	default:
		return "fix the policy file, or move it away to use the built-in defaults ('guard policy path' shows where it is)"
	}
}
