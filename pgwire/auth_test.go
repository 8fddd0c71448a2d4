package pgwire

import (
	"context"
	"crypto/md5"
	"encoding/hex"
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
	derived := SCRAMVerifier("d3rived")
	creds := CredentialsFunc(func(user string) (string, bool) {
		switch user {
		case "postgres":
			return "postgres", true
		case "scramuser":
			return verifier, true
		case "derived": // SCRAMVerifier's form, as `tinybase start` hands it
			return derived, true
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
		{AuthSCRAM, "derived", "d3rived", "postgres", ""},
		{AuthSCRAM, "derived", "postgres", "postgres", "28P01"},
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

// TestEngineRoles logs in as the engine's roles: roles made with CREATE
// ROLE ... PASSWORD, the bootstrap's login roles (password postgres), and
// roles without LOGIN, under each password method.
func TestEngineRoles(t *testing.T) {
	ctx := context.Background()
	for _, method := range []AuthMethod{AuthSCRAM, AuthMD5, AuthPassword, AuthTrust} {
		t.Run(string(method), func(t *testing.T) {
			_, url := startServer(t, Config{Auth: method})
			admin, err := pgx.Connect(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			defer admin.Close(ctx)
			for _, q := range []string{
				`CREATE ROLE wire2_login LOGIN PASSWORD 'p1'`,
				`CREATE ROLE wire2_nologin PASSWORD 'p2'`,
				`CREATE ROLE wire2_md5 LOGIN PASSWORD 'md5` + md5hex("p3wire2_md5") + `'`,
			} {
				if _, err := admin.Exec(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			tests := []struct {
				user, pw string
				code     string
			}{
				{"wire2_login", "p1", ""},
				{"wire2_login", "wrong", "28P01"},
				{"wire2_nologin", "p2", "28000"},
				{"wire2_nologin", "wrong", "28P01"},
				{"wire2_md5", "p3", ""},
				{"wire2_md5", "wrong", "28P01"},
				{"authenticator", "postgres", ""},
				{"supabase_admin", "postgres", ""},
				{"anon", "postgres", "28P01"},
				{"nobody", "x", "28000"},
			}
			for _, tc := range tests {
				code := tc.code
				if method == AuthTrust && code == "28P01" {
					if tc.user == "anon" || tc.user == "wire2_nologin" {
						code = "28000" // no password asked; refused for NOLOGIN
					} else {
						code = ""
					}
				}
				if method == AuthSCRAM && tc.user == "wire2_md5" && code == "" {
					code = "28P01" // an md5 hash cannot answer SCRAM, as in PostgreSQL
				}
				t.Run(tc.user+"/"+tc.pw, func(t *testing.T) {
					cfg, err := pgx.ParseConfig(url)
					if err != nil {
						t.Fatal(err)
					}
					cfg.User, cfg.Password = tc.user, tc.pw
					conn, err := pgx.ConnectConfig(ctx, cfg)
					if code == "" {
						if err != nil {
							t.Fatalf("connect: %v", err)
						}
						defer conn.Close(ctx)
						var who string
						if err := conn.QueryRow(ctx, "select current_user").Scan(&who); err != nil || who != tc.user {
							t.Fatalf("current_user: %v %q", err, who)
						}
						return
					}
					var pe *pgconn.PgError
					if !errors.As(err, &pe) {
						t.Fatalf("want SQLSTATE %s, got %v", code, err)
					}
					if pe.Code != code || pe.Severity != "FATAL" {
						t.Fatalf("want FATAL %s, got %s %s: %s", code, pe.Severity, pe.Code, pe.Message)
					}
				})
			}
		})
	}
}

func md5hex(s string) string {
	h := md5.Sum([]byte(s))
	return hex.EncodeToString(h[:])
}
