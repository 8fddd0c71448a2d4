package session

import (
	"context"
	"strings"
	"testing"
)

// runScript runs statements and returns each one's rows (as text) or error.
func runScript(t *testing.T, s *Session, stmts []string) []string {
	t.Helper()
	var out []string
	for _, q := range stmts {
		rows, err := s.Query(context.Background(), q)
		if err != nil {
			out = append(out, q+" => ERROR "+err.Error())
			continue
		}
		var lines []string
		for rows.Next() {
			vals := rows.Text()
			parts := make([]string, len(vals))
			for i, v := range vals {
				if v == nil {
					parts[i] = "NULL"
				} else {
					parts[i] = *v
				}
			}
			lines = append(lines, strings.Join(parts, "|"))
		}
		if err := rows.Err(); err != nil {
			out = append(out, q+" => ERROR "+err.Error())
			rows.Close()
			continue
		}
		rows.Close()
		out = append(out, q+" => "+strings.Join(lines, ";"))
	}
	return out
}

func TestRLSBasics(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := runScript(t, s, []string{
		"create table todos (id int primary key, user_id uuid, title text)",
		"insert into todos values (1, '11111111-1111-1111-1111-111111111111', 'a'), (2, '22222222-2222-2222-2222-222222222222', 'b')",
		"alter table todos enable row level security",
		"create policy own on todos for all to authenticated using (user_id = (select auth.uid()))",
		"begin",
		"set local role authenticated",
		`select set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}', true)`,
		"select id, title from todos order by id",
		"select count(*) from todos",
		"insert into todos values (3, '22222222-2222-2222-2222-222222222222', 'x')",
		"rollback",
		"begin",
		"set local role anon",
		"select count(*) from todos",
		"rollback",
		"select count(*) from todos",
	})
	want := map[int]string{
		7:  "=> 1|a",
		8:  "=> 1",
		9:  `=> ERROR ERROR: new row violates row-level security policy for table "todos" (SQLSTATE 42501)`,
		13: "=> 0",
		15: "=> 2",
	}
	for i, suffix := range want {
		if !strings.HasSuffix(out[i], suffix) {
			t.Errorf("statement %d: got %q, want suffix %q", i, out[i], suffix)
		}
	}
}

func TestSessionOptionsRoleClaims(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	runScript(t, admin, []string{
		"create table notes (id int primary key, user_id uuid default auth.uid(), body text)",
		"insert into notes values (1, '11111111-1111-1111-1111-111111111111', 'mine'), (2, '22222222-2222-2222-2222-222222222222', 'theirs')",
		"alter table notes enable row level security",
		"create policy own on notes to authenticated using (user_id = (select auth.uid()))",
	})
	tests := []struct {
		name, role, claims string
		want               []string
	}{
		{"authenticated user 1", "authenticated", `{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated"}`,
			[]string{"=> 11111111-1111-1111-1111-111111111111|authenticated", "=> mine", "ok"}},
		{"anon", "anon", `{"role":"anon"}`, []string{"=> NULL|anon", "=> ", "42501"}},
		{"service_role bypasses", "service_role", `{"role":"service_role"}`, []string{"=> NULL|service_role", "=> mine;theirs", "ok"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := e.Connect(SessionOptions{Role: tc.role, Claims: tc.claims})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			out := runScript(t, s, []string{
				"select auth.uid(), current_user",
				"select body from notes order by id",
				"begin",
				"insert into notes (id, body) values (3, 'new')",
			})
			out = append(out, runScript(t, s, []string{"rollback"})...)
			for i, w := range tc.want[:2] {
				if !strings.HasSuffix(out[i], w) {
					t.Errorf("got %q, want suffix %q", out[i], w)
				}
			}
			switch w := tc.want[2]; {
			case w == "ok" && strings.Contains(out[3], "ERROR"):
				t.Errorf("insert: got %q, want success", out[3])
			case w != "ok" && !strings.Contains(out[3], w):
				t.Errorf("insert: got %q, want %s", out[3], w)
			}
		})
	}
	if _, err := e.Connect(SessionOptions{Role: "nosuch"}); err == nil {
		t.Error("connecting as a missing role succeeded")
	}
	if _, err := e.Connect(SessionOptions{Role: "anon", Claims: "not json"}); err == nil {
		t.Error("claims that are not JSON were accepted")
	}
}
