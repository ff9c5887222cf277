// Package outbound holds what guard's two outbound calls (the webhook and the
// remote policy) share: forms of a URL and of a request error that are safe
// to print, because neither may leak a credential carried in a URL.
package outbound

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"
)

// URL returns raw without user information, query or fragment, for messages.
// A path segment of MaxShownSegment bytes or more is shown as "…": chat
// webhooks carry their secret in the path (/services/T…/B…/<secret>,
// /api/webhooks/<id>/<token>), and a hook's standard error reaches the agent.
// A string that is not an absolute URL yields placeholder rather than
// itself, which could be a secret pasted into the wrong field.
func URL(raw, placeholder string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return placeholder
	}
	u.User = nil
	u.RawQuery, u.ForceQuery = "", false
	u.Fragment, u.RawFragment = "", ""
	segs := strings.Split(u.EscapedPath(), "/")
	for i, seg := range segs {
		if len(seg) >= MaxShownSegment {
			segs[i] = "…"
		}
	}
	u.Path, u.RawPath = "", ""
	return u.String() + strings.Join(segs, "/")
}

// MaxShownSegment is the length from which URL hides a path segment.
const MaxShownSegment = 16

// ErrorText returns a request error's message without the request URL
// (net/http's errors quote it, credentials included), and a plain
// "timed out after <limit>" for a time-out.
func ErrorText(err error, limit time.Duration) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Sprintf("timed out after %s", limit)
	}
	return err.Error()
}
