//go:build !unix

package sandbox

import "io/fs"

// owner: no user ids here (and no engine).
func owner(fs.FileInfo) (uint32, bool) { return 0, false }
