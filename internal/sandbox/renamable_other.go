//go:build !unix

package sandbox

// renamable reports false: there is no sandbox engine on this system.
func renamable(string) bool { return false }

// permitted reports true: there is no sandbox engine on this system.
func permitted(string, bool) bool { return true }
