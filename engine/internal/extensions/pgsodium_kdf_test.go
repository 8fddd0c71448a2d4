package extensions

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
	"golang.org/x/crypto/blake2b"
)

// TestBlake2bSaltPersonal: with zero salt and personalization it is the
// BLAKE2b of golang.org/x/crypto, keyed or not, across block boundaries.
func TestBlake2bSaltPersonal(t *testing.T) {
	msg := make([]byte, 300)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	for _, key := range [][]byte{nil, []byte("0123456789abcdef"), bytes.Repeat([]byte{0xa5}, 64)} {
		for _, n := range []int{0, 1, 127, 128, 129, 256, 300} {
			for _, size := range []int{16, 32, 64} {
				h, err := blake2b.New(size, key)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(msg[:n])
				want := h.Sum(nil)
				got := blake2bSaltPersonal(size, key, [16]byte{}, [16]byte{}, msg[:n])
				if !bytes.Equal(got, want) {
					t.Errorf("key %d bytes, msg %d bytes, size %d: got %x want %x", len(key), n, size, got, want)
				}
			}
		}
	}
}

// TestKDFVectors checks crypto_kdf_derive_from_key against libsodium's
// own test vectors (test/default/kdf.exp): primary key 00 01 ... 1f,
// context "KDF test".
func TestKDFVectors(t *testing.T) {
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(i)
	}
	ctx := []byte("KDF test")
	for _, v := range []struct {
		size int
		id   uint64
		want string
	}{
		{64, 0, "a0c724404728c8bb95e5433eb6a9716171144d61efb23e74b873fcbeda51d8071b5d70aae12066dfc94ce943f145aa176c055040c3dd73b0a15e36254d450614"},
		{64, 1, "02507f144fa9bf19010bf7c70b235b4c2663cc00e074f929602a5e2c10a780757d2a3993d06debc378a90efdac196dd841817b977d67b786804f6d3cd585bab5"},
		{64, 9, "70f9b83e463fb441e7a4c43275125cd5b19d8e2e4a5d179a39f5db10bbce745a199104563d308cf8d4c6b27bbb759ded232f5bdb7c367dd632a9677320dfe416"},
		{16, 16, "a529216624ef9161e4cf117272aafff2"},
		{17, 17, "068bd6940b80c6cc2530a68c31d9f4e323"},
		{32, 32, "154b291f11196737f8b7f491e4ca11764e0227d34f94295408a869f007aa8618"},
		{64, 64, "06ae14308eeeda62a00cb6d5edf18d1707029515db98f472bbf0617419301b1d4f4f2ab65849446be46f87e1d31c6c74283897b9976f70d8a16253ac927e0d9f"},
	} {
		got, err := sodiumKDF([]any{int64(v.size), int64(v.id), ctx, key})
		if err != nil {
			t.Fatalf("size %d id %d: %v", v.size, v.id, err)
		}
		if h := hex.EncodeToString(got.([]byte)); h != v.want {
			t.Errorf("size %d id %d: got %s want %s", v.size, v.id, h, v.want)
		}
	}
	for _, bad := range []struct {
		args []any
		msg  string
	}{
		{[]any{int64(15), int64(1), ctx, key}, "pgsodium_crypto_kdf_derive_from_key: invalid key size requested"},
		{[]any{int64(65), int64(1), ctx, key}, "pgsodium_crypto_kdf_derive_from_key: invalid key size requested"},
		{[]any{int64(32), int64(1), []byte("short"), key}, "pgsodium_crypto_kdf_derive_from_key: context must be 8 bytes"},
		{[]any{int64(32), int64(1), ctx, key[:31]}, "pgsodium_crypto_kdf_derive_from_key: invalid derivation key"},
		{[]any{int64(32), nil, ctx, key}, "pgsodium_crypto_kdf_derive_from_key: subkey id cannot be NULL"},
	} {
		_, err := sodiumKDF(bad.args)
		if e, ok := pgerror.As(err); !ok || e.Code != pgerror.DataException || e.Message != bad.msg {
			t.Errorf("%v: got %v want 22000 %s", bad.args[:2], err, bad.msg)
		}
	}
}

// TestGenericHash: crypto_generichash is 32-byte BLAKE2b (RFC 7693's
// empty-message digest at that size), keyed by a key of 16 to 64 bytes.
func TestGenericHash(t *testing.T) {
	got, err := sodiumGenericHash([]any{[]byte{}, nil})
	if err != nil {
		t.Fatal(err)
	}
	if h := hex.EncodeToString(got.([]byte)); h != "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8" {
		t.Errorf("empty: %s", h)
	}
	if _, err := sodiumGenericHash([]any{[]byte("m"), []byte("short")}); err == nil {
		t.Error("a 5-byte key was accepted")
	}
}

// TestSipHash: crypto_shorthash is SipHash-2-4; the vectors are the
// SipHash paper's (key 00..0f, message 00..0e) and its empty message.
func TestSipHash(t *testing.T) {
	key := make([]byte, 16)
	msg := make([]byte, 15)
	for i := range key {
		key[i] = byte(i)
	}
	for i := range msg {
		msg[i] = byte(i)
	}
	if got := sipHash24(key, msg); got != 0xa129ca6149be45e5 {
		t.Errorf("15 bytes: %x", got)
	}
	if got := sipHash24(key, nil); got != 0x726fdb47dd0e0e31 {
		t.Errorf("empty: %x", got)
	}
}
