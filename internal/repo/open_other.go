//go:build !unix

package repo

// openFlags adds nothing where there are no FIFOs in the file system.
const openFlags = 0
