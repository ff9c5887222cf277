package export

import (
	"bytes"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// wireCase encodes with wire.go and with protowire the same fields.
func wireCase(t *testing.T, n int32, v uint64, s string) {
	t.Helper()
	num := wireNumber(n)
	var got []byte
	got = appendTag(got, num, varintType)
	got = appendVarint(got, v)
	got = appendTag(got, num, fixed64Type)
	got = appendFixed64(got, v)
	got = appendTag(got, num, bytesType)
	got = appendString(got, s)
	pn := protowire.Number(n)
	var want []byte
	want = protowire.AppendTag(want, pn, protowire.VarintType)
	want = protowire.AppendVarint(want, v)
	want = protowire.AppendTag(want, pn, protowire.Fixed64Type)
	want = protowire.AppendFixed64(want, v)
	want = protowire.AppendTag(want, pn, protowire.BytesType)
	want = protowire.AppendString(want, s)
	if !bytes.Equal(got, want) {
		t.Errorf("field %d, %d, %q: wire.go writes %x, protowire %x", n, v, s, got, want)
	}
	if sizeVarint(v) != protowire.SizeVarint(v) || sizeTag(num) != protowire.SizeTag(pn) || sizeBytes(len(s)) != protowire.SizeBytes(len(s)) {
		t.Errorf("field %d, %d, %q: sizes %d %d %d, protowire %d %d %d", n, v, s, sizeVarint(v), sizeTag(num),
			sizeBytes(len(s)), protowire.SizeVarint(v), protowire.SizeTag(pn), protowire.SizeBytes(len(s)))
	}
}

func TestWireMatchesProtowire(t *testing.T) {
	long := string(bytes.Repeat([]byte("x"), 1<<14+1))
	for _, c := range []struct {
		n int32
		v uint64
		s string
	}{
		{1, 0, ""}, {2, 1, "a"}, {11, 127, "ü"}, {12, 128, long}, {15, 1<<14 - 1, ""}, {16, 1 << 14, "b"},
		{2047, 1<<63 - 1, "c"}, {2048, 1 << 63, ""}, {int32(protowire.MaxValidNumber), ^uint64(0), "d"},
	} {
		wireCase(t, c.n, c.v, c.s)
	}
}

func FuzzWire(f *testing.F) {
	f.Add(int32(1), uint64(0), "")
	f.Add(int32(12), ^uint64(0), "guard")
	f.Fuzz(func(t *testing.T, n int32, v uint64, s string) {
		if n < int32(protowire.MinValidNumber) || n > int32(protowire.MaxValidNumber) {
			return
		}
		wireCase(t, n, v, s)
	})
}
