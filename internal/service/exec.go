package service

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"time"
)

// Bounds on the service-manager commands this package runs itself.
const (
	cmdTimeout   = 15 * time.Second
	maxCmdOutput = 64 << 10
)

// limitedBuffer keeps the first max bytes written to it and drops the rest.
type limitedBuffer struct {
	buf bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.buf.Len(); room > 0 {
		if len(p) > room {
			l.buf.Write(p[:room])
		} else {
			l.buf.Write(p)
		}
	}
	return len(p), nil
}

// runBounded runs a command with a time-out and returns its standard output
// and standard error, each cut to maxCmdOutput bytes.
func runBounded(name string, args ...string) (stdout, stderr string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), cmdTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	o := &limitedBuffer{max: maxCmdOutput}
	e := &limitedBuffer{max: maxCmdOutput}
	cmd.Stdout, cmd.Stderr = o, e
	err = cmd.Run()
	if ctx.Err() != nil {
		err = errors.Join(err, ctx.Err())
	}
	return o.buf.String(), e.buf.String(), err
}

// firstLine is the first non-empty line of s, trimmed and cut to 200
// bytes, for quoting a tool's complaint in an error message.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if len(l) > 200 {
				l = l[:200] + "…"
			}
			return l
		}
	}
	return ""
}

// ParseLinger reads the output of `loginctl show-user NAME --property=Linger`
// ("Linger=yes" or "Linger=no"). ok is false when the output holds no
// Linger line it understands.
func ParseLinger(out string) (linger, ok bool) {
	for _, l := range strings.Split(out, "\n") {
		v, found := strings.CutPrefix(strings.TrimSpace(l), "Linger=")
		if !found {
			continue
		}
		switch strings.TrimSpace(v) {
		case "yes":
			return true, true
		case "no":
			return false, true
		}
		return false, false
	}
	return false, false
}
