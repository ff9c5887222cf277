package sandbox

import (
	"encoding/binary"

	"golang.org/x/net/bpf"
)

// The terminal ioctls the seccomp filter refuses: TIOCSTI pushes a byte
// into a terminal's input, as if typed; TIOCLINUX (subcode 2 and 3) pastes
// the console's selection. Either lets a process inside the sandbox type a
// command into the shell that reads the terminal after the agent exits,
// outside the sandbox.
const (
	tiocsti   = 0x5412
	tioclinux = 0x541C
)

// Values of a seccomp filter.
const (
	seccompRetAllow = 0x7fff0000
	seccompRetErrno = 0x00050000
	ePerm           = 1
	x32Bit          = 0x40000000 // the x32 ABI's system calls on x86-64
	// Offsets in struct seccomp_data: the call's number, its audit
	// architecture, and the low 32 bits of its second argument (the ioctl's
	// request, an unsigned int: the kernel ignores the high bits, so they
	// must not be compared) on a little-endian machine.
	offNr, offArch, offArg1 = 0, 4, 24
)

// abi is one system call interface a process can use: its audit
// architecture and ioctl's number in it.
type abi struct {
	arch, ioctl uint32
	x32         bool // x86-64, whose x32 calls share its audit architecture
}

// abisFor returns the interfaces a process on goarch can call the kernel
// through (a 64-bit kernel also runs 32-bit programs), nil for an
// architecture the filter does not know.
func abisFor(goarch string) []abi {
	const (
		archX8664   = 0xc000003e
		archI386    = 0x40000003
		archAarch64 = 0xc00000b7
		archARM     = 0x40000028
	)
	switch goarch {
	case "amd64":
		return []abi{{archX8664, 16, true}, {archI386, 54, false}}
	case "arm64":
		return []abi{{archAarch64, 29, false}, {archARM, 54, false}}
	case "386":
		return []abi{{archI386, 54, false}}
	case "arm":
		return []abi{{archARM, 54, false}}
	}
	return nil
}

// seccompInstructions returns the filter for goarch: ioctl(TIOCSTI) and
// ioctl(TIOCLINUX) fail with EPERM, every other call is allowed; a call
// through an interface the filter does not know (x32, a foreign
// architecture) fails with EPERM. nil for an architecture it does not
// know.
func seccompInstructions(goarch string) []bpf.Instruction {
	abis := abisFor(goarch)
	if abis == nil {
		return nil
	}
	deny := bpf.RetConstant{Val: seccompRetErrno | ePerm}
	allow := bpf.RetConstant{Val: seccompRetAllow}
	prog := []bpf.Instruction{bpf.LoadAbsolute{Off: offArch, Size: 4}}
	for _, a := range abis {
		var block []bpf.Instruction
		block = append(block, bpf.LoadAbsolute{Off: offNr, Size: 4})
		if a.x32 {
			// to deny, past the 5 instructions below
			block = append(block, bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: x32Bit, SkipTrue: 5})
		}
		block = append(block,
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: a.ioctl, SkipFalse: 3}, // not ioctl: allow
			bpf.LoadAbsolute{Off: offArg1, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: tiocsti, SkipTrue: 2},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: tioclinux, SkipTrue: 1},
			allow,
			deny,
		)
		prog = append(prog, bpf.JumpIf{Cond: bpf.JumpEqual, Val: a.arch, SkipFalse: uint8(len(block))})
		prog = append(prog, block...)
	}
	return append(prog, deny)
}

// SeccompFilter returns the seccomp program (struct sock_filter array, in
// the machine's byte order) that bubblewrap installs with --seccomp: a
// process inside cannot push input into a terminal (TIOCSTI, TIOCLINUX).
// nil for an architecture the filter does not know; guard run then starts
// the sandbox without the terminal (--new-session).
func SeccompFilter(goarch string) []byte {
	ins := seccompInstructions(goarch)
	if ins == nil {
		return nil
	}
	raw, err := bpf.Assemble(ins)
	if err != nil {
		return nil
	}
	out := make([]byte, 0, 8*len(raw))
	for _, r := range raw {
		out = binary.NativeEndian.AppendUint16(out, r.Op)
		out = append(out, r.Jt, r.Jf)
		out = binary.NativeEndian.AppendUint32(out, r.K)
	}
	return out
}
