//go:build !unix

package hook

import (
	"os"
	"testing"
)

// blockingFile returns f: the systems without poll race a goroutine.
func blockingFile(_ *testing.T, f *os.File) *os.File { return f }
