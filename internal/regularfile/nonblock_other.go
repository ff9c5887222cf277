//go:build !unix

package regularfile

// nonBlock adds nothing where the file system has no FIFOs.
const nonBlock = 0
