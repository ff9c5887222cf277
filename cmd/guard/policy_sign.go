package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/guardhq/guard/internal/policy"
	"github.com/spf13/cobra"
)

// addPolicySignCommands adds `policy sign` and `policy verify` to parent.
func addPolicySignCommands(parent *cobra.Command, s *streams) {
	var signKey, verifyKey string
	var signJSON, verifyJSON bool
	sign := &cobra.Command{
		Use:   "sign [--key-file F]",
		Short: "Sign rules.json with HMAC-SHA256 into rules.json.sig",
		Long: `Sign the local policy: write ~/.guard/rules.json.sig holding
sha256=<hex HMAC-SHA256 of rules.json's exact bytes>. The key comes from
--key-file (its content, without surrounding white space) or else from
GUARD_POLICY_KEY. The policy must be valid to be signed.

When GUARD_POLICY_KEY is set, guard refuses a rules.json without a valid
signature, so sign again after every edit. See docs/POLICY.md.`,
		Example: `  GUARD_POLICY_KEY=… guard policy sign
  guard policy sign --key-file ~/secrets/guard-policy.key`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPolicySign(s, signKey, signJSON)
		},
	}
	sign.Flags().StringVar(&signKey, "key-file", "", "read the signing key from this file instead of GUARD_POLICY_KEY")
	sign.Flags().BoolVar(&signJSON, "json", false, `print {"policy", "signature", "remote"}`)

	verify := &cobra.Command{
		Use:   "verify [--key-file F]",
		Short: "Check the active policy's signature without running anything",
		Long: `Check the signature of the policy a hook call would use, with the key from
--key-file or GUARD_POLICY_KEY: rules.json against rules.json.sig, and a remote
policy (GUARD_POLICY_URL or remote_policy_url) against the X-Guard-Signature it
was served with, from the cache while it is fresh.

Exit 0: the signature is valid (or no policy file exists: the built-in
defaults need none). Exit 2: a signature is missing or wrong. Exit 1: any
other error, such as no key.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPolicyVerify(s, verifyKey, verifyJSON)
		},
	}
	verify.Flags().StringVar(&verifyKey, "key-file", "", "read the key from this file instead of GUARD_POLICY_KEY")
	verify.Flags().BoolVar(&verifyJSON, "json", false, `print {"ok", "source", "signed", "problem"} (the exit status is the same)`)
	parent.AddCommand(sign, verify)
}

// policyKey returns the signing key: the key file's when keyFile is set,
// else GUARD_POLICY_KEY's value.
func policyKey(keyFile string) ([]byte, error) {
	if keyFile != "" {
		return policy.ReadKeyFile(keyFile)
	}
	if k := os.Getenv(policy.EnvKey); k != "" {
		return []byte(k), nil
	}
	return nil, withHint(errors.New("no signing key: GUARD_POLICY_KEY is not set and no --key-file was given"),
		"set GUARD_POLICY_KEY to the team's policy key, or pass --key-file FILE")
}

func runPolicySign(s *streams, keyFile string, asJSON bool) error {
	key, err := policyKey(keyFile)
	if err != nil {
		return err
	}
	path, err := policy.Path()
	if err != nil {
		return err
	}
	remote := os.Getenv(policy.EnvPolicyURL) != ""
	sigPath, err := policy.SignFile(path, key)
	if errors.Is(err, fs.ErrNotExist) {
		hint := "run 'guard init' to write the default policy, edit it, then sign it"
		if remote {
			hint = remoteSignHint
		}
		return withHint(fmt.Errorf("nothing to sign: no policy file at %s", path), hint)
	}
	if err != nil {
		return withHint(err, "fix the policy file, then sign it again")
	}
	if asJSON {
		if err := writeJSON(s.out, map[string]any{"policy": path, "signature": sigPath, "remote": remote}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(s.out, "signed %s\nsignature written to %s\n", path, sigPath)
	}
	if remote {
		fmt.Fprintf(s.err, "guard: warning: %s is set, so hooks use the remote policy, not this file; %s\n", policy.EnvPolicyURL, remoteSignHint)
	}
	return nil
}

// remoteSignHint says how to sign a remote policy, for a sign command run
// where GUARD_POLICY_URL is set.
const remoteSignHint = "to publish a signed remote policy, sign the document in a staging directory " +
	"(GUARD_HOME=DIR guard policy sign) and serve the content of DIR/rules.json.sig as its X-Guard-Signature header"

// policyVerifyJSON is the --json form of `guard policy verify`.
type policyVerifyJSON struct {
	OK     bool   `json:"ok"`
	Source string `json:"source"` // where the policy came from; "" when it failed to load
	// Signed is false for the built-in defaults, which need no signature.
	Signed  bool   `json:"signed"`
	Problem string `json:"problem,omitempty"` // why the signature was refused
}

func runPolicyVerify(s *streams, keyFile string, asJSON bool) error {
	key, err := policyKey(keyFile)
	if err != nil {
		return err
	}
	p, err := policy.LoadWith(policy.LoadOptions{Key: key})
	if errors.Is(err, policy.ErrSignature) {
		if asJSON {
			if werr := writeJSON(s.out, policyVerifyJSON{Problem: err.Error()}); werr != nil {
				return werr
			}
		}
		return &exitError{code: 2, err: err, hint: "sign the file again with 'guard policy sign' (or have the server send a valid X-Guard-Signature), with the same key"}
	}
	if err != nil {
		return withHint(err, "fix the policy, then run 'guard policy verify' again")
	}
	defaults := p.Source == policy.SourceDefaults
	if asJSON {
		return writeJSON(s.out, policyVerifyJSON{OK: true, Source: p.Source, Signed: !defaults})
	}
	if defaults {
		fmt.Fprintln(s.out, "✓ no policy file: the built-in defaults apply and need no signature")
		return nil
	}
	fmt.Fprintf(s.out, "✓ signature valid: %s\n", p.Source)
	return nil
}
