//go:build !unix

package sandbox

import "io/fs"

// nlink returns 1: there is no sandbox engine on this system.
func nlink(fs.FileInfo) uint64 { return 1 }
