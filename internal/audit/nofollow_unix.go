//go:build unix

package audit

import "syscall"

// noFollow makes opening the lock file fail when it is a symbolic link:
// Append writes the checkpoint into it, and must not write where a link
// planted in guard's directory leads.
const noFollow = syscall.O_NOFOLLOW
