package pgwire

import (
	"context"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgproto3"
)

// BenchmarkConnect times connection setup as a client sees it: startup,
// authentication (SCRAM-SHA-256 by default, 4096 PBKDF2 iterations on
// the client as against PostgreSQL), the first ReadyForQuery and
// Terminate (issue 5: at most 2 ms). With TINYBASE_PG_URL set, the same
// loop runs against that PostgreSQL for comparison (its authentication is
// whatever its pg_hba.conf says).
func BenchmarkConnect(b *testing.B) {
	_, tb := startServer(b, Config{})
	targets := []struct{ name, url string }{{"tinybase_scram", tb}}
	_, trust := startServer(b, Config{Auth: AuthTrust})
	targets = append(targets, struct{ name, url string }{"tinybase_trust", trust})
	if pg := os.Getenv("TINYBASE_PG_URL"); pg != "" {
		targets = append(targets, struct{ name, url string }{"postgres", pg})
	}
	ctx := context.Background()
	for _, tg := range targets {
		b.Run(tg.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				c, err := pgx.Connect(ctx, tg.url)
				if err != nil {
					b.Fatal(err)
				}
				if err := c.Close(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkConnectServer times the server's side of connection setup:
// the same exchange as BenchmarkConnect, driven by a bare protocol client
// that keeps its SCRAM SaltedPassword per salt, so the client's PBKDF2
// (about 1 ms, inherent to SCRAM and spent by every real client) and
// pgx's connection-string parsing are left out. Allocations reported are
// the server's plus the bare client's few.
func BenchmarkConnectServer(b *testing.B) {
	for _, auth := range []AuthMethod{AuthSCRAM, AuthTrust} {
		_, u := startServer(b, Config{Auth: auth})
		pu, err := url.Parse(u)
		if err != nil {
			b.Fatal(err)
		}
		salted := map[string][]byte{}
		b.Run(string(auth), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := rawConnect(pu.Host, "postgres", "postgres", salted); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// rawConnect logs in as user over the protocol, waits for ReadyForQuery
// and terminates. salted caches SCRAM SaltedPassword by salt.
func rawConnect(addr, user, password string, salted map[string][]byte) error {
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer nc.Close()
	fe := pgproto3.NewFrontend(nc, nc)
	fe.Send(&pgproto3.StartupMessage{ProtocolVersion: pgproto3.ProtocolVersionNumber, Parameters: map[string]string{"user": user, "database": "postgres"}})
	if err := fe.Flush(); err != nil {
		return err
	}
	const clientNonce = "rOprNGfwEbeRWgbNEkqO"
	var clientFirstBare, serverFirst string
	var saltedPw []byte
	for {
		msg, err := fe.Receive()
		if err != nil {
			return err
		}
		switch m := msg.(type) {
		case *pgproto3.AuthenticationSASL:
			clientFirstBare = "n=,r=" + clientNonce
			fe.Send(&pgproto3.SASLInitialResponse{AuthMechanism: "SCRAM-SHA-256", Data: []byte("n,," + clientFirstBare)})
			if err := fe.Flush(); err != nil {
				return err
			}
		case *pgproto3.AuthenticationSASLContinue:
			serverFirst = string(m.Data)
			var nonce, salt string
			iter := 0
			for _, attr := range strings.Split(serverFirst, ",") {
				k, v, _ := strings.Cut(attr, "=")
				switch k {
				case "r":
					nonce = v
				case "s":
					salt = v
				case "i":
					iter, _ = strconv.Atoi(v)
				}
			}
			key := salt + ":" + strconv.Itoa(iter)
			saltedPw = salted[key]
			if saltedPw == nil {
				raw, err := base64.StdEncoding.DecodeString(salt)
				if err != nil {
					return err
				}
				saltedPw, _ = pbkdf2.Key(sha256.New, password, raw, iter, sha256.Size)
				salted[key] = saltedPw
			}
			withoutProof := "c=biws,r=" + nonce
			authMsg := clientFirstBare + "," + serverFirst + "," + withoutProof
			clientKey := hmacSHA256(saltedPw, "Client Key")
			stored := sha256.Sum256(clientKey)
			sig := hmacSHA256(stored[:], authMsg)
			for k := range clientKey {
				clientKey[k] ^= sig[k]
			}
			fe.Send(&pgproto3.SASLResponse{Data: []byte(withoutProof + ",p=" + base64.StdEncoding.EncodeToString(clientKey))})
			if err := fe.Flush(); err != nil {
				return err
			}
			serverFirst = authMsg // kept for the server signature check
		case *pgproto3.AuthenticationSASLFinal:
			want := "v=" + base64.StdEncoding.EncodeToString(hmacSHA256(hmacSHA256(saltedPw, "Server Key"), serverFirst))
			if !hmac.Equal(m.Data, []byte(want)) {
				return fmt.Errorf("server signature %q, want %q", m.Data, want)
			}
		case *pgproto3.AuthenticationOk, *pgproto3.ParameterStatus, *pgproto3.BackendKeyData:
		case *pgproto3.ReadyForQuery:
			fe.Send(&pgproto3.Terminate{})
			return fe.Flush()
		case *pgproto3.ErrorResponse:
			return fmt.Errorf("%s: %s", m.Code, m.Message)
		default:
			return fmt.Errorf("unexpected %T", msg)
		}
	}
}
