package export

// The protobuf wire format's primitives the OTLP request needs
// (https://protobuf.dev/programming-guides/encoding/): varints, fixed64,
// field tags and length-delimited fields. They are written here rather
// than taken from google.golang.org/protobuf/encoding/protowire because
// protowire imports protobuf's internal/errors, whose detrand package
// opens and reads the running executable at init: in every hook process,
// since the binary is one (docs/DECISIONS.md, OpenTelemetry export).
// TestWireMatchesProtowire and FuzzWire keep them equal to protowire's.

// wireNumber is a field number.
type wireNumber int32

// wireType is a field's wire type.
type wireType int8

// The wire types guard writes.
const (
	varintType  wireType = 0
	fixed64Type wireType = 1
	bytesType   wireType = 2
)

// appendVarint appends v as a base-128 varint.
func appendVarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// sizeVarint is the size of v as a varint.
func sizeVarint(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// appendFixed64 appends v little-endian in 8 bytes.
func appendFixed64(b []byte, v uint64) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24),
		byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56))
}

// appendTag appends the tag of field n of wire type t.
func appendTag(b []byte, n wireNumber, t wireType) []byte {
	return appendVarint(b, uint64(n)<<3|uint64(t&7))
}

// sizeTag is the size of field n's tag.
func sizeTag(n wireNumber) int { return sizeVarint(uint64(n) << 3) }

// appendString appends s with its length before it.
func appendString(b []byte, s string) []byte {
	return append(appendVarint(b, uint64(len(s))), s...)
}

// sizeBytes is the size of n bytes with their length before them.
func sizeBytes(n int) int { return sizeVarint(uint64(n)) + n }
