package types

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Hostile text never panics and fails with a PostgreSQL error.
func TestExtVectorHostileInput(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	alphabet := []byte("[]{}:/,0123456789.eE+-naNIfity \t\x00\xff")
	inputs := []string{"", "[", "]", "{", "{}/", "{1:}/", "[1e999999]", "[" + strings.Repeat("1,", 20000) + "1]",
		"{" + strings.Repeat("1:1,", 3) + "}/2", "{99999999999999999999:1}/1", "{}/99999999999999999999", "[0x1p3]", "[1_0]"}
	for i := 0; i < 2000; i++ {
		b := make([]byte, rng.Intn(24))
		for j := range b {
			b[j] = alphabet[rng.Intn(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	for _, s := range inputs {
		for _, impl := range []ExtBase{vectorBase{}, halfvecBase{}, sparsevecBase{}} {
			v, err := impl.Input(s, -1)
			if err != nil {
				if _, ok := pgerror.As(err); !ok {
					t.Errorf("%T.Input(%q): %v is not a PostgreSQL error", impl, s, err)
				}
				continue
			}
			// what parses prints back to a value that parses to the same
			back, err := impl.Input(impl.Output(v), -1)
			if err != nil || impl.Compare(v, back) != 0 {
				t.Errorf("%T: %q → %q does not read back: %v", impl, s, impl.Output(v), err)
			}
		}
	}
}

// Hostile binary never panics.
func TestExtVectorHostileBinary(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 5000; i++ {
		b := make([]byte, rng.Intn(40))
		rng.Read(b)
		for _, impl := range []ExtBase{vectorBase{}, halfvecBase{}, sparsevecBase{}} {
			if v, err := impl.Receive(b); err == nil {
				out, err := impl.AppendSend(nil, v)
				if err != nil || string(out) != string(b) {
					t.Errorf("%T: %x received but sends %x", impl, b, out)
				}
			}
		}
	}
}

func TestHalfPrecision(t *testing.T) {
	for _, c := range []struct {
		in   float32
		want float32
		bits uint16
	}{
		{1, 1, 0x3c00}, {-2, -2, 0xc000}, {65504, 65504, 0x7bff}, {1.23456, 1.234375, 0x3cf0},
		{5.960464477539063e-08, 5.960464477539063e-08, 0x0001}, {1e-8, 0, 0}, {0.1, 0.0999755859375, 0x2e66},
	} {
		got, ok := RoundHalf(c.in)
		if !ok || got != c.want {
			t.Errorf("RoundHalf(%v) = %v, %v; want %v", c.in, got, ok, c.want)
		}
		if b := halfBits(got); b != c.bits {
			t.Errorf("halfBits(%v) = %#x, want %#x", got, b, c.bits)
		}
		if f := halfFromBits(c.bits); f != c.want {
			t.Errorf("halfFromBits(%#x) = %v, want %v", c.bits, f, c.want)
		}
	}
	if _, ok := RoundHalf(65520); ok {
		t.Error("65520 fits in a half")
	}
}
