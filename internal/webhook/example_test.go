package webhook_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/guardhq/guard/internal/webhook"
)

// verify is a receiver's check, as docs/POLICY.md shows it: recompute the
// HMAC-SHA256 of the exact body and compare in constant time.
func verify(r *http.Request, secret []byte) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return nil, false
	}
	hexSig, ok := strings.CutPrefix(r.Header.Get("X-Guard-Signature"), "sha256=")
	got, err := hex.DecodeString(hexSig)
	if !ok || err != nil {
		return nil, false
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return body, hmac.Equal(got, mac.Sum(nil))
}

// A receiver that accepts only correctly signed events.
func Example_receiver() {
	secret := []byte("shared-secret")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := verify(r, secret)
		if !ok {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		fmt.Printf("accepted %s\n", body)
	}))
	defer srv.Close()

	p := webhook.Payload{TS: "2026-11-21T16:00:00.000Z", Hook: "PreToolUse", Verdict: "block",
		Rule: "curl_pipe_sh", Reason: "matched /curl.*\\|.*sh/ in '<redacted>'", InputHash: strings.Repeat("0", 64)}
	fmt.Println(webhook.Send(webhook.Config{URL: srv.URL, Secret: secret}, p))
	err := webhook.Send(webhook.Config{URL: srv.URL, Secret: []byte("wrong")}, p)
	fmt.Println(strings.TrimPrefix(err.Error(), srv.URL+": "))
	// Output:
	// accepted {"ts":"2026-11-21T16:00:00.000Z","hook":"PreToolUse","verdict":"block","rule":"curl_pipe_sh","reason":"matched /curl.*\\|.*sh/ in '<redacted>'","input_hash":"0000000000000000000000000000000000000000000000000000000000000000"}
	// <nil>
	// server answered 401 Unauthorized
}
