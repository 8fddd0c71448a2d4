package pgwire

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestStartupParams checks run-time parameters sent in the startup
// packet, directly and as "options" -c settings, apply to the session
// as PostgreSQL applies them, and that a bad one ends the connection
// with a FATAL error.
func TestStartupParams(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	cases := []struct {
		name   string
		params map[string]string
		query  string
		want   string
		code   string
	}{
		{"application_name", map[string]string{"application_name": "myapp"}, "SHOW application_name", "myapp", ""},
		{"options timezone", map[string]string{"options": "-c TimeZone=Europe/Paris"}, "SELECT '2024-01-01 00:00+00'::timestamptz::text", "2024-01-01 01:00:00+01", ""},
		{"options role", map[string]string{"options": "-c role=anon"}, "SELECT current_user::text", "anon", ""},
		{"quoted value", map[string]string{"application_name": "it's"}, "SHOW application_name", "it's", ""},
		{"unknown parameter", map[string]string{"nosuch": "1"}, "", "", "42704"},
		{"unknown role", map[string]string{"options": "-c role=nosuch_wire5"}, "", "", "22023"},
		{"client source", map[string]string{"application_name": "myapp"}, "SELECT source || ' ' || reset_val FROM pg_settings WHERE name = 'application_name'", "client myapp", ""},
		{"client encoding source", map[string]string{"client_encoding": "utf-8"}, "SELECT source || ' ' || setting FROM pg_settings WHERE name = 'client_encoding'", "client UTF8", ""},
		{"checked locale", map[string]string{"lc_monetary": "C.UTF-8"}, "SHOW lc_monetary", "C.UTF-8", ""},
		{"bad locale", map[string]string{"lc_messages": "xx_YY"}, "", "", "22023"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := pgx.ParseConfig(url)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.params {
				cfg.RuntimeParams[k] = v
			}
			c, err := pgx.ConnectConfig(ctx, cfg)
			if tc.code != "" {
				var pe *pgconn.PgError
				if !errors.As(err, &pe) || pe.Code != tc.code || pe.Severity != "FATAL" {
					t.Fatalf("connect: %v, want FATAL %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close(ctx)
			var got string
			if err := c.QueryRow(ctx, tc.query, pgx.QueryExecModeSimpleProtocol).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("%s = %q, want %q", tc.query, got, tc.want)
			}
		})
	}
}

// TestStartupParamsReset checks a startup-packet value is the session's
// reset value, as PostgreSQL's PGC_S_CLIENT source makes it: RESET and
// RESET ALL return to it, and a SET in between shows source session.
func TestStartupParamsReset(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.RuntimeParams["application_name"] = "myapp"
	c, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	const q = "SELECT setting || ' ' || source FROM pg_settings WHERE name = 'application_name'"
	for _, step := range []struct{ stmt, want string }{
		{"", "myapp client"},
		{"SET application_name = 'other'", "other session"},
		{"RESET application_name", "myapp client"},
		{"SET application_name = 'other'", "other session"},
		{"RESET ALL", "myapp client"},
	} {
		if step.stmt != "" {
			if _, err := c.Exec(ctx, step.stmt); err != nil {
				t.Fatal(err)
			}
		}
		var got string
		if err := c.QueryRow(ctx, q).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != step.want {
			t.Errorf("after %q: %q, want %q", step.stmt, got, step.want)
		}
	}
}
