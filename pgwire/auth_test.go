package pgwire

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

func TestAuthMethods(t *testing.T) {
	verifier := func() string {
		v := deriveVerifier("s3cret", []byte("0123456789abcdef"), 4096)
		return "SCRAM-SHA-256$4096:" + b64(v.salt) + "$" + b64(v.storedKey) + ":" + b64(v.serverKey)
	}()
	creds := CredentialsFunc(func(user string) (string, bool) {
		switch user {
		case "postgres":
			return "postgres", true
		case "scramuser":
			return verifier, true
		}
		return "", false
	})
	tests := []struct {
		method   AuthMethod
		user, pw string
		db       string
		code     string // expected SQLSTATE, "" for success
	}{
		{AuthSCRAM, "postgres", "postgres", "postgres", ""},
		{AuthSCRAM, "postgres", "wrong", "postgres", "28P01"},
		{AuthSCRAM, "nobody", "x", "postgres", "28000"},
		{AuthSCRAM, "postgres", "postgres", "nodb", "3D000"},
		{AuthSCRAM, "scramuser", "s3cret", "postgres", ""},
		{AuthSCRAM, "scramuser", "nope", "postgres", "28P01"},
		{AuthMD5, "postgres", "postgres", "postgres", ""},
		{AuthMD5, "postgres", "wrong", "postgres", "28P01"},
		{AuthMD5, "scramuser", "s3cret", "postgres", ""}, // falls back to SCRAM
		{AuthPassword, "postgres", "postgres", "postgres", ""},
		{AuthPassword, "postgres", "wrong", "postgres", "28P01"},
		{AuthPassword, "scramuser", "s3cret", "postgres", ""},
		{AuthTrust, "postgres", "anything", "postgres", ""},
		{AuthTrust, "nobody", "", "postgres", "28000"},
	}
	servers := map[AuthMethod]string{}
	for _, tc := range tests {
		url, ok := servers[tc.method]
		if !ok {
			_, url = startServer(t, Config{Auth: tc.method, Credentials: creds})
			servers[tc.method] = url
		}
		name := string(tc.method) + "/" + tc.user + "/" + tc.pw + "/" + tc.db
		t.Run(name, func(t *testing.T) {
			cfg, err := pgx.ParseConfig(url)
			if err != nil {
				t.Fatal(err)
			}
			cfg.User, cfg.Password, cfg.Database = tc.user, tc.pw, tc.db
			conn, err := pgx.ConnectConfig(context.Background(), cfg)
			if tc.code == "" {
				if err != nil {
					t.Fatalf("connect: %v", err)
				}
				defer conn.Close(context.Background())
				var one int
				if err := conn.QueryRow(context.Background(), "select 1").Scan(&one); err != nil || one != 1 {
					t.Fatalf("select 1: %v %d", err, one)
				}
				return
			}
			var pe *pgconn.PgError
			if !errors.As(err, &pe) {
				t.Fatalf("want SQLSTATE %s, got %v", tc.code, err)
			}
			if pe.Code != tc.code || pe.Severity != "FATAL" {
				t.Fatalf("want FATAL %s, got %s %s: %s", tc.code, pe.Severity, pe.Code, pe.Message)
			}
			if strings.Contains(pe.Message, "MySQL") {
				t.Fatalf("message %q", pe.Message)
			}
		})
	}
}
