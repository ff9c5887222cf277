package sandbox

import (
	"encoding/binary"
	"testing"

	"golang.org/x/net/bpf"
)

// seccompData lays out struct seccomp_data for x/net/bpf's VM, which loads
// words in network order.
func seccompData(nr, arch uint32, arg1 uint64) []byte {
	b := make([]byte, 64)
	binary.BigEndian.PutUint32(b[0:], nr)
	binary.BigEndian.PutUint32(b[4:], arch)
	binary.BigEndian.PutUint32(b[24:], uint32(arg1)) // low word, as on little-endian
	binary.BigEndian.PutUint32(b[28:], uint32(arg1>>32))
	return b
}

func TestSeccompFilter(t *testing.T) {
	const allow, deny = seccompRetAllow, seccompRetErrno | ePerm
	tests := []struct {
		goarch   string
		nr, arch uint32
		arg1     uint64
		want     int
	}{
		{"amd64", 16, 0xc000003e, tiocsti, deny},
		{"amd64", 16, 0xc000003e, tioclinux, deny},
		{"amd64", 16, 0xc000003e, 1<<32 | tiocsti, deny}, // high bits the kernel ignores
		{"amd64", 16, 0xc000003e, 0x5401, allow},         // TCGETS
		{"amd64", 0, 0xc000003e, tiocsti, allow},         // read, not ioctl
		{"amd64", 54, 0x40000003, tiocsti, deny},         // a 32-bit program
		{"amd64", 54, 0x40000003, 0x5401, allow},
		{"amd64", 16, 0x40000003, tiocsti, allow}, // i386's 16 is not ioctl
		{"amd64", x32Bit | 514, 0xc000003e, tiocsti, deny},
		{"amd64", x32Bit | 1, 0xc000003e, 0, deny}, // x32 at all
		{"amd64", 16, 0xc00000b7, tiocsti, deny},   // an architecture it does not know
		{"arm64", 29, 0xc00000b7, tiocsti, deny},
		{"arm64", 29, 0xc00000b7, 0x5401, allow},
		{"arm64", 54, 0x40000028, tioclinux, deny},
		{"arm64", 16, 0xc00000b7, tiocsti, allow},
	}
	for _, tt := range tests {
		vm, err := bpf.NewVM(seccompInstructions(tt.goarch))
		if err != nil {
			t.Fatalf("%s: %v", tt.goarch, err)
		}
		got, err := vm.Run(seccompData(tt.nr, tt.arch, tt.arg1))
		if err != nil || got != tt.want {
			t.Errorf("%s nr %#x arch %#x arg %#x: %#x, %v; want %#x", tt.goarch, tt.nr, tt.arch, tt.arg1, got, err, tt.want)
		}
	}
	if SeccompFilter("mips") != nil {
		t.Error("a filter for an architecture it does not know")
	}
	if n := len(SeccompFilter("amd64")); n == 0 || n%8 != 0 {
		t.Errorf("amd64 filter of %d bytes", n)
	}
}
