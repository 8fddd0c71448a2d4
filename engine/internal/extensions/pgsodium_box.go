package extensions

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/chacha20"
	"golang.org/x/crypto/chacha20poly1305"
	"golang.org/x/crypto/curve25519"
	"golang.org/x/crypto/nacl/box"
	"golang.org/x/crypto/nacl/secretbox"
)

// pgsodium's libsodium primitives with raw keys, each its C function by
// link symbol: libsodium's constructions are the NaCl ones
// golang.org/x/crypto implements byte for byte (secretbox and box are
// XSalsa20-Poly1305 with the tag first, crypto_box_seal is box's
// SealAnonymous, crypto_aead_ietf is ChaCha20-Poly1305, crypto_sign is
// Ed25519 with libsodium's 64-byte secret key, crypto_pwhash Argon2id),
// and each checks its arguments as pgsodium does, failing with 22000 and
// the C function's name. The by-key-id and key-uuid forms and the key
// pairs are SQL over these (pgsodium.sql, pgsodium_more.sql).

// sodiumFunc makes the Func of pgsodium C function fn (its symbol,
// pgsodium_<name>): nulls names each argument that may not be NULL (""
// for one that may), as in "<fn>: key cannot be NULL".
func sodiumFunc(fn string, nulls []string, run func(args []any) (any, error)) Func {
	return Scalar(func(args []any) (any, error) {
		for i, what := range nulls {
			if what != "" && i < len(args) && args[i] == nil {
				return nil, sodiumError(fn, what+" cannot be NULL")
			}
		}
		return run(args)
	})
}

// sodiumBytes is argument i as bytes (nil when NULL).
func sodiumBytes(args []any, i int) []byte {
	b, _ := args[i].([]byte)
	return b
}

// addSodiumNaCl adds the raw-key primitives to m.
func addSodiumNaCl(m map[string]Func) {
	add := func(name string, nulls []string, run func(fn string, a []any) (any, error)) {
		fn := "pgsodium_" + name
		m[fn] = sodiumFunc(fn, nulls, func(a []any) (any, error) { return run(fn, a) })
	}
	sized := func(fn string, b []byte, n int, what string) error {
		if len(b) != n {
			return sodiumError(fn, "invalid "+what)
		}
		return nil
	}

	// crypto_auth is HMAC-SHA-512-256 with a 32-byte key.
	add("crypto_auth", []string{"message", "key"}, func(fn string, a []any) (any, error) {
		key := sodiumBytes(a, 1)
		if err := sized(fn, key, 32, "key"); err != nil {
			return nil, err
		}
		return hmacSHA512256(sodiumBytes(a, 0), key), nil
	})
	add("crypto_auth_verify", []string{"signature", "message", "key"}, func(fn string, a []any) (any, error) {
		mac, key := sodiumBytes(a, 0), sodiumBytes(a, 2)
		if err := sized(fn, mac, 32, "mac"); err != nil {
			return nil, err
		}
		if err := sized(fn, key, 32, "key"); err != nil {
			return nil, err
		}
		return hmac.Equal(mac, hmacSHA512256(sodiumBytes(a, 1), key)), nil
	})
	add("crypto_shorthash", []string{"data", "key"}, func(fn string, a []any) (any, error) {
		key := sodiumBytes(a, 1)
		if err := sized(fn, key, 16, "key"); err != nil {
			return nil, err
		}
		out := make([]byte, 8)
		binary.LittleEndian.PutUint64(out, sipHash24(key, sodiumBytes(a, 0)))
		return out, nil
	})

	add("crypto_secretbox", []string{"message", "nonce", "key"}, func(fn string, a []any) (any, error) {
		nonce, key, err := nonceKey(fn, sodiumBytes(a, 1), sodiumBytes(a, 2))
		if err != nil {
			return nil, err
		}
		return secretbox.Seal(nil, sodiumBytes(a, 0), &nonce, &key), nil
	})
	add("crypto_secretbox_open", []string{"message", "nonce", "key"}, func(fn string, a []any) (any, error) {
		msg := sodiumBytes(a, 0)
		if len(msg) <= secretbox.Overhead {
			return nil, sodiumError(fn, "invalid message")
		}
		nonce, key, err := nonceKey(fn, sodiumBytes(a, 1), sodiumBytes(a, 2))
		if err != nil {
			return nil, err
		}
		out, ok := secretbox.Open(nil, msg, &nonce, &key)
		if !ok {
			return nil, sodiumError(fn, "invalid message")
		}
		return out, nil
	})

	boxKeys := func(fn string, a []any, nonceAt int) (nonce [24]byte, pub, sec [32]byte, err error) {
		if nonceAt >= 0 {
			n := sodiumBytes(a, nonceAt)
			if len(n) != 24 {
				return nonce, pub, sec, sodiumError(fn, "invalid nonce")
			}
			copy(nonce[:], n)
		}
		p, s := sodiumBytes(a, len(a)-2), sodiumBytes(a, len(a)-1)
		if len(p) != 32 {
			return nonce, pub, sec, sodiumError(fn, "invalid public key")
		}
		if len(s) != 32 {
			return nonce, pub, sec, sodiumError(fn, "invalid secret key")
		}
		copy(pub[:], p)
		copy(sec[:], s)
		return nonce, pub, sec, nil
	}
	add("crypto_box", []string{"message", "nonce", "publickey", "secretkey"}, func(fn string, a []any) (any, error) {
		nonce, pub, sec, err := boxKeys(fn, a, 1)
		if err != nil {
			return nil, err
		}
		if isLowOrder(pub, sec) {
			return nil, sodiumError(fn, "invalid message")
		}
		return box.Seal(nil, sodiumBytes(a, 0), &nonce, &pub, &sec), nil
	})
	add("crypto_box_open", []string{"message", "nonce", "publickey", "secretkey"}, func(fn string, a []any) (any, error) {
		nonce, pub, sec, err := boxKeys(fn, a, 1)
		if err != nil {
			return nil, err
		}
		msg := sodiumBytes(a, 0)
		if len(msg) <= box.Overhead {
			return nil, sodiumError(fn, "invalid message")
		}
		out, ok := box.Open(nil, msg, &nonce, &pub, &sec)
		if !ok {
			return nil, sodiumError(fn, "invalid message")
		}
		return out, nil
	})
	add("crypto_box_seal", []string{"message", "publickey"}, func(fn string, a []any) (any, error) {
		p := sodiumBytes(a, 1)
		if len(p) != 32 {
			return nil, sodiumError(fn, "invalid public key")
		}
		var pub [32]byte
		copy(pub[:], p)
		out, err := box.SealAnonymous(nil, sodiumBytes(a, 0), &pub, rand.Reader)
		if err != nil {
			return nil, sodiumError(fn, "invalid message")
		}
		return out, nil
	})
	add("crypto_box_seal_open", []string{"ciphertext", "public_key", "secret_key"}, func(fn string, a []any) (any, error) {
		_, pub, sec, err := boxKeys(fn, a, -1)
		if err != nil {
			return nil, err
		}
		msg := sodiumBytes(a, 0)
		if len(msg) <= box.AnonymousOverhead {
			return nil, sodiumError(fn, "invalid message")
		}
		out, ok := box.OpenAnonymous(nil, msg, &pub, &sec)
		if !ok {
			return nil, sodiumError(fn, "invalid message")
		}
		return out, nil
	})

	aead := func(fn string, a []any) (cipherAEAD, error) {
		nonce, key := sodiumBytes(a, 2), sodiumBytes(a, 3)
		if len(nonce) != chacha20poly1305.NonceSize {
			return cipherAEAD{}, sodiumError(fn, "invalid nonce")
		}
		if len(key) != chacha20poly1305.KeySize {
			return cipherAEAD{}, sodiumError(fn, "invalid key")
		}
		c, err := chacha20poly1305.New(key)
		if err != nil {
			return cipherAEAD{}, sodiumError(fn, "invalid key")
		}
		return cipherAEAD{seal: c.Seal, open: c.Open, nonce: nonce}, nil
	}
	add("crypto_aead_ietf_encrypt", []string{"message", "", "nonce", "key"}, func(fn string, a []any) (any, error) {
		c, err := aead(fn, a)
		if err != nil {
			return nil, err
		}
		return c.seal(nil, c.nonce, sodiumBytes(a, 0), sodiumBytes(a, 1)), nil
	})
	add("crypto_aead_ietf_decrypt", []string{"ciphertext", "", "nonce", "key"}, func(fn string, a []any) (any, error) {
		msg := sodiumBytes(a, 0)
		if len(msg) <= chacha20poly1305.Overhead {
			return nil, sodiumError(fn, "invalid message")
		}
		c, err := aead(fn, a)
		if err != nil {
			return nil, err
		}
		out, err := c.open(nil, c.nonce, msg, sodiumBytes(a, 1))
		if err != nil {
			return nil, sodiumError(fn, "invalid ciphertext")
		}
		return out, nil
	})

	signKey := func(fn string, key []byte, secret bool) error {
		if secret && len(key) != ed25519.PrivateKeySize {
			return sodiumError(fn, "invalid secret key")
		}
		if !secret && len(key) != ed25519.PublicKeySize {
			return sodiumError(fn, "invalid public key")
		}
		return nil
	}
	add("crypto_sign", []string{"message", "secretkey"}, func(fn string, a []any) (any, error) {
		key := sodiumBytes(a, 1)
		if err := signKey(fn, key, true); err != nil {
			return nil, err
		}
		msg := sodiumBytes(a, 0)
		return append(ed25519.Sign(key, msg), msg...), nil
	})
	add("crypto_sign_detached", []string{"message", "secretkey"}, func(fn string, a []any) (any, error) {
		key := sodiumBytes(a, 1)
		if err := signKey(fn, key, true); err != nil {
			return nil, err
		}
		return ed25519.Sign(key, sodiumBytes(a, 0)), nil
	})
	add("crypto_sign_open", []string{"message", "publickey"}, func(fn string, a []any) (any, error) {
		key, signed := sodiumBytes(a, 1), sodiumBytes(a, 0)
		if err := signKey(fn, key, false); err != nil {
			return nil, err
		}
		if len(signed) <= ed25519.SignatureSize {
			return nil, sodiumError(fn, "invalid message")
		}
		msg := signed[ed25519.SignatureSize:]
		if !ed25519.Verify(key, msg, signed[:ed25519.SignatureSize]) {
			return nil, sodiumError(fn, "invalid message")
		}
		return append([]byte{}, msg...), nil
	})
	add("crypto_sign_verify_detached", []string{"signature", "message", "publickey"}, func(fn string, a []any) (any, error) {
		key := sodiumBytes(a, 2)
		if err := signKey(fn, key, false); err != nil {
			return nil, err
		}
		sig := sodiumBytes(a, 0)
		return len(sig) == ed25519.SignatureSize && ed25519.Verify(key, sodiumBytes(a, 1), sig), nil
	})
	// the secret key of a seed, whose second half is the public key
	add("crypto_sign_seed_keypair", []string{"seed"}, func(fn string, a []any) (any, error) {
		seed := sodiumBytes(a, 0)
		if len(seed) != ed25519.SeedSize {
			return nil, sodiumError(fn, "invalid seed")
		}
		return []byte(ed25519.NewKeyFromSeed(seed)), nil
	})
	// X25519 of the base point: the public key of a box or kx secret key
	m["pgsodium_scalarmult_base"] = Scalar(func(a []any) (any, error) {
		sk := sodiumBytes(a, 0)
		if len(sk) != 32 {
			return nil, sodiumError("pgsodium_scalarmult_base", "invalid secret key")
		}
		pk, err := curve25519.X25519(sk, curve25519.Basepoint)
		if err != nil {
			return nil, sodiumError("pgsodium_scalarmult_base", "invalid secret key")
		}
		return pk, nil
	})
	add("crypto_kx_client_session_keys", []string{"client publickey", "client secretkey", "server publickey"}, func(fn string, a []any) (any, error) {
		return kxSession(fn, sodiumBytes(a, 0), sodiumBytes(a, 1), sodiumBytes(a, 2), true)
	})
	add("crypto_kx_server_session_keys", []string{"server publickey", "server secretkey", "client publickey"}, func(fn string, a []any) (any, error) {
		return kxSession(fn, sodiumBytes(a, 0), sodiumBytes(a, 1), sodiumBytes(a, 2), false)
	})

	stream := func(fn string, n int, nonce, key []byte, ic uint64) ([]byte, error) {
		if len(nonce) != chacha20.NonceSizeX {
			return nil, sodiumError(fn, "invalid nonce")
		}
		if len(key) != chacha20.KeySize {
			return nil, sodiumError(fn, "invalid key")
		}
		if ic > 0xffffffff {
			return nil, sodiumError(fn, "invalid message")
		}
		c, err := chacha20.NewUnauthenticatedCipher(key, nonce)
		if err != nil {
			return nil, sodiumError(fn, "invalid key")
		}
		c.SetCounter(uint32(ic))
		out := make([]byte, n)
		return out, xorStream(c, out)
	}
	add("crypto_stream_xchacha20", []string{"size", "nonce", "key"}, func(fn string, a []any) (any, error) {
		n := a[0].(int64)
		if n < 0 || n > 1<<30 {
			return nil, sodiumError(fn, "invalid size")
		}
		return stream(fn, int(n), sodiumBytes(a, 1), sodiumBytes(a, 2), 0)
	})
	add("crypto_stream_xchacha20_xor", []string{"data", "nonce", "key"}, func(fn string, a []any) (any, error) {
		msg := sodiumBytes(a, 0)
		ks, err := stream(fn, len(msg), sodiumBytes(a, 1), sodiumBytes(a, 2), 0)
		return xorInto(ks, msg), err
	})
	add("crypto_stream_xchacha20_xor_ic", []string{"data", "nonce", "ic", "key"}, func(fn string, a []any) (any, error) {
		msg := sodiumBytes(a, 0)
		ks, err := stream(fn, len(msg), sodiumBytes(a, 1), sodiumBytes(a, 3), uint64(a[2].(int64)))
		return xorInto(ks, msg), err
	})
	// libsodium's randombytes_buf_deterministic: the IETF ChaCha20
	// keystream of the seed under the nonce "LibsodiumDRG"
	add("randombytes_buf_deterministic", []string{"buffer size", "seed"}, func(fn string, a []any) (any, error) {
		n, seed := a[0].(int32), sodiumBytes(a, 1)
		if n < 0 {
			return nil, sodiumError(fn, "invalid size")
		}
		if len(seed) != chacha20.KeySize {
			return nil, sodiumError(fn, "invalid seed")
		}
		c, err := chacha20.NewUnauthenticatedCipher(seed, []byte("LibsodiumDRG"))
		if err != nil {
			return nil, sodiumError(fn, "invalid seed")
		}
		out := make([]byte, n)
		return out, xorStream(c, out)
	})

	add("sodium_bin2base64", []string{"bin"}, func(_ string, a []any) (any, error) {
		return base64.RawURLEncoding.EncodeToString(sodiumBytes(a, 0)), nil
	})
	add("sodium_base642bin", []string{"base64"}, func(fn string, a []any) (any, error) {
		out, err := base64.RawURLEncoding.DecodeString(a[0].(string))
		if err != nil {
			return nil, sodiumError(fn, "sodium_base642bin() failed")
		}
		return out, nil
	})
	m["pgsodium_cmp"] = Scalar(func(a []any) (any, error) {
		x, y := a[0].(string), a[1].(string)
		return len(x) == len(y) && subtle.ConstantTimeCompare([]byte(x), []byte(y)) == 1, nil
	})

	// crypto_pwhash is Argon2id at libsodium's interactive limits (2
	// passes, 64 MiB, one lane), 32 bytes from a 16-byte salt; the string
	// form is Argon2's encoding, with a random salt.
	add("crypto_pwhash", []string{"data", "salt"}, func(fn string, a []any) (any, error) {
		salt := sodiumBytes(a, 1)
		if len(salt) != 16 {
			return nil, sodiumError(fn, "invalid salt")
		}
		return argon2.IDKey(sodiumBytes(a, 0), salt, pwhashOps, pwhashMemKiB, 1, 32), nil
	})
	add("crypto_pwhash_str", []string{"password"}, func(fn string, a []any) (any, error) {
		salt := make([]byte, 16)
		if _, err := rand.Read(salt); err != nil {
			return nil, sodiumError(fn, "out of memory in pwhash_str")
		}
		hash := argon2.IDKey(sodiumBytes(a, 0), salt, pwhashOps, pwhashMemKiB, 1, 32)
		return []byte(fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=1$%s$%s", argon2.Version, pwhashMemKiB, pwhashOps,
			base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(hash))), nil
	})
	add("crypto_pwhash_str_verify", []string{"hashed password", "password"}, func(_ string, a []any) (any, error) {
		return pwhashVerify(string(sodiumBytes(a, 0)), sodiumBytes(a, 1)), nil
	})
}

// libsodium's crypto_pwhash_OPSLIMIT_INTERACTIVE and MEMLIMIT_INTERACTIVE.
const (
	pwhashOps    = 2
	pwhashMemKiB = 64 * 1024
)

// cipherAEAD is a ChaCha20-Poly1305 cipher with its nonce.
type cipherAEAD struct {
	seal  func(dst, nonce, plaintext, additional []byte) []byte
	open  func(dst, nonce, ciphertext, additional []byte) ([]byte, error)
	nonce []byte
}

// hmacSHA512256 is libsodium's crypto_auth: HMAC-SHA-512 cut to 32 bytes.
func hmacSHA512256(msg, key []byte) []byte {
	h := hmac.New(sha512.New, key)
	h.Write(msg)
	return h.Sum(nil)[:32]
}

// nonceKey checks a secretbox nonce (24 bytes) and key (32 bytes).
func nonceKey(fn string, n, k []byte) (nonce [24]byte, key [32]byte, err error) {
	if len(n) != 24 {
		return nonce, key, sodiumError(fn, "invalid nonce")
	}
	if len(k) != 32 {
		return nonce, key, sodiumError(fn, "invalid key")
	}
	copy(nonce[:], n)
	copy(key[:], k)
	return nonce, key, nil
}

// isLowOrder reports a public key whose shared secret with sec is zero,
// which libsodium's crypto_box refuses.
func isLowOrder(pub, sec [32]byte) bool {
	_, err := curve25519.X25519(sec[:], pub[:])
	return err != nil
}

// kxSession is libsodium's crypto_kx_{client,server}_session_keys: the
// BLAKE2b-512 of the X25519 shared secret and both public keys (client's
// first), rx then tx for the client and tx then rx for the server;
// the result is rx followed by tx.
func kxSession(fn string, pk, sk, other []byte, client bool) ([]byte, error) {
	side, peer := "server", "client"
	if client {
		side, peer = "client", "server"
	}
	switch {
	case len(pk) != 32:
		return nil, sodiumError(fn, "bad "+side+" public key")
	case len(sk) != 32:
		return nil, sodiumError(fn, "bad "+side+" secret key")
	case len(other) != 32:
		return nil, sodiumError(fn, "bad "+peer+" public key")
	}
	q, err := curve25519.X25519(sk, other)
	if err != nil {
		return nil, sodiumError(fn, "invalid message")
	}
	clientPK, serverPK := pk, other
	if !client {
		clientPK, serverPK = other, pk
	}
	h, _ := blake2b.New512(nil)
	h.Write(q)
	h.Write(clientPK)
	h.Write(serverPK)
	keys := h.Sum(nil)
	if client {
		return keys, nil
	}
	return append(append([]byte{}, keys[32:]...), keys[:32]...), nil
}

// xorStream fills out with c's keystream.
func xorStream(c *chacha20.Cipher, out []byte) error {
	c.XORKeyStream(out, out)
	return nil
}

// xorInto XORs msg into the keystream ks (nil when ks is).
func xorInto(ks, msg []byte) []byte {
	if ks == nil {
		return nil
	}
	for i := range ks {
		ks[i] ^= msg[i]
	}
	return ks
}

// pwhashVerify checks a password against an $argon2id$ string.
func pwhashVerify(encoded string, password []byte) bool {
	parts := strings.Split(strings.TrimRight(encoded, "\x00"), "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return false
	}
	var mem, ops uint32
	var lanes uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &ops, &lanes); err != nil || lanes == 0 || ops == 0 || mem > 1<<22 {
		return false
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := argon2.IDKey(password, salt, ops, mem, lanes, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// sipHash24 is SipHash-2-4 (libsodium's crypto_shorthash) of msg under a
// 16-byte key.
func sipHash24(key, msg []byte) uint64 {
	k0, k1 := binary.LittleEndian.Uint64(key[:8]), binary.LittleEndian.Uint64(key[8:])
	v0, v1 := k0^0x736f6d6570736575, k1^0x646f72616e646f6d
	v2, v3 := k0^0x6c7967656e657261, k1^0x7465646279746573
	round := func() {
		v0 += v1
		v1 = v1<<13 | v1>>51
		v1 ^= v0
		v0 = v0<<32 | v0>>32
		v2 += v3
		v3 = v3<<16 | v3>>48
		v3 ^= v2
		v0 += v3
		v3 = v3<<21 | v3>>43
		v3 ^= v0
		v2 += v1
		v1 = v1<<17 | v1>>47
		v1 ^= v2
		v2 = v2<<32 | v2>>32
	}
	n := len(msg)
	for len(msg) >= 8 {
		m := binary.LittleEndian.Uint64(msg)
		v3 ^= m
		round()
		round()
		v0 ^= m
		msg = msg[8:]
	}
	var last [8]byte
	copy(last[:], msg)
	last[7] = byte(n)
	m := binary.LittleEndian.Uint64(last[:])
	v3 ^= m
	round()
	round()
	v0 ^= m
	v2 ^= 0xff
	for i := 0; i < 4; i++ {
		round()
	}
	return v0 ^ v1 ^ v2 ^ v3
}
