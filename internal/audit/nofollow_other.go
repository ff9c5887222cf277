//go:build !unix

package audit

// noFollow is 0 where opening a file has no such flag; the lock file must
// still be a regular file.
const noFollow = 0
