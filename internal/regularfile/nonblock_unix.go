//go:build unix

package regularfile

import "syscall"

// nonBlock makes opening a FIFO return at once instead of waiting for a
// writer; a regular file reads the same with it.
const nonBlock = syscall.O_NONBLOCK
