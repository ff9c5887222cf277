//go:build unix

package installers

import "golang.org/x/sys/unix"

// writableByMe reports whether this process may write into dir.
func writableByMe(dir string) bool { return unix.Access(dir, unix.W_OK) == nil }
