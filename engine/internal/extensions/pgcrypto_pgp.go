package extensions

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"strings"

	"golang.org/x/crypto/openpgp" //nolint:staticcheck // the OpenPGP message format pgcrypto reads and writes
	"golang.org/x/crypto/openpgp/packet"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgpSymEncrypt is pgp_sym_encrypt[_bytea]: an OpenPGP message
// (RFC 4880) with a symmetrically encrypted, integrity-protected literal
// packet, keyed by an iterated-salted S2K of the password, as pgcrypto
// writes it (AES-128 unless options say cipher-algo=...).
func pgpSymEncrypt(data []byte, password, options string, text bool) ([]byte, error) {
	cfg := &packet.Config{DefaultCipher: packet.CipherAES128}
	for _, opt := range strings.Split(options, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(opt), "=")
		switch strings.TrimSpace(k) {
		case "":
		case "cipher-algo":
			switch strings.TrimSpace(v) {
			case "aes", "aes128":
				cfg.DefaultCipher = packet.CipherAES128
			case "aes192":
				cfg.DefaultCipher = packet.CipherAES192
			case "aes256":
				cfg.DefaultCipher = packet.CipherAES256
			case "3des":
				cfg.DefaultCipher = packet.Cipher3DES
			case "cast5":
				cfg.DefaultCipher = packet.CipherCAST5
			default:
				return nil, pgerror.New("39000", "Unsupported cipher algorithm")
			}
		case "compress-algo", "compress-level", "s2k-mode", "s2k-count", "s2k-digest-algo", "s2k-cipher-algo",
			"unicode-mode", "convert-crlf", "disable-mdc", "sess-key":
		default:
			return nil, pgerror.New(pgerror.InvalidParameterValue, "Illegal argument to function")
		}
	}
	var buf bytes.Buffer
	hints := &openpgp.FileHints{IsBinary: !text}
	w, err := openpgp.SymmetricallyEncrypt(&buf, []byte(password), hints, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pgpSymDecrypt is pgp_sym_decrypt[_bytea].
func pgpSymDecrypt(msg []byte, password, _ string) ([]byte, error) {
	tried := false
	md, err := openpgp.ReadMessage(bytes.NewReader(msg), nil, func(_ []openpgp.Key, symmetric bool) ([]byte, error) {
		if tried || !symmetric {
			return nil, pgerror.New("39000", "Wrong key or corrupt data")
		}
		tried = true
		return []byte(password), nil
	}, nil)
	if err != nil {
		if pe, ok := pgerror.As(err); ok {
			return nil, pe
		}
		return nil, pgerror.New("39000", "Wrong key or corrupt data")
	}
	out, err := io.ReadAll(md.UnverifiedBody)
	if err != nil || md.SignatureError != nil {
		return nil, pgerror.New("39000", "Wrong key or corrupt data")
	}
	return out, nil
}

// armor is armor(bytea): PGP ASCII armor (RFC 4880 6.2) with its CRC-24,
// as pgcrypto prints it.
func armor(data []byte) string {
	var b strings.Builder
	b.WriteString("-----BEGIN PGP MESSAGE-----\n\n")
	enc := base64.StdEncoding.EncodeToString(data)
	for len(enc) > 76 {
		b.WriteString(enc[:76])
		b.WriteByte('\n')
		enc = enc[76:]
	}
	if enc != "" {
		b.WriteString(enc)
		b.WriteByte('\n')
	}
	crc := crc24(data)
	fmt.Fprintf(&b, "=%s\n-----END PGP MESSAGE-----\n", base64.StdEncoding.EncodeToString([]byte{byte(crc >> 16), byte(crc >> 8), byte(crc)}))
	return b.String()
}

// dearmor is dearmor(text).
func dearmor(s string) ([]byte, error) {
	bad := pgerror.New("39000", "Corrupt ascii-armor")
	start := strings.Index(s, "-----BEGIN PGP ")
	if start < 0 {
		return nil, bad
	}
	rest := s[start:]
	nl := strings.IndexByte(rest, '\n')
	if nl < 0 {
		return nil, bad
	}
	rest = rest[nl+1:]
	// headers end at the first empty line
	if i := strings.Index(rest, "\n\n"); i >= 0 && !strings.Contains(rest[:i], "-----END") {
		if strings.Contains(rest[:i], ":") {
			rest = rest[i+2:]
		}
	}
	end := strings.Index(rest, "-----END PGP ")
	if end < 0 {
		return nil, bad
	}
	body := rest[:end]
	var b64, crcText strings.Builder
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "=") {
			crcText.WriteString(line[1:])
			continue
		}
		b64.WriteString(line)
	}
	data, err := base64.StdEncoding.DecodeString(b64.String())
	if err != nil {
		return nil, bad
	}
	if crcText.Len() > 0 {
		c, err := base64.StdEncoding.DecodeString(crcText.String())
		if err != nil || len(c) != 3 || uint32(c[0])<<16|uint32(c[1])<<8|uint32(c[2]) != crc24(data) {
			return nil, bad
		}
	}
	return data, nil
}

func crc24(data []byte) uint32 {
	crc := uint32(0xB704CE)
	for _, b := range data {
		crc ^= uint32(b) << 16
		for i := 0; i < 8; i++ {
			crc <<= 1
			if crc&0x1000000 != 0 {
				crc ^= 0x1864CFB
			}
		}
	}
	return crc & 0xFFFFFF
}
