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
