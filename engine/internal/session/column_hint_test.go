package session

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestMissingColumnHints checks the hints of misspelled column and table
// references against PostgreSQL 15's (recorded with psql from the same
// statements; the conformance goldens keep codes and messages only).
func TestMissingColumnHints(t *testing.T) {
	s := scriptSession(t,
		"CREATE TABLE posts (id int PRIMARY KEY, author_id int, title text, created_at timestamptz)",
		"CREATE TABLE users (id int PRIMARY KEY, name text, email text)",
	)
	ctx := context.Background()
	for _, tc := range []struct{ sql, hint string }{
		{"SELECT titel FROM posts", `Perhaps you meant to reference the column "posts.title".`},
		{"SELECT p.titel FROM posts p", `Perhaps you meant to reference the column "p.title".`},
		{"SELECT autor_id FROM posts", `Perhaps you meant to reference the column "posts.author_id".`},
		{"SELECT nme FROM posts JOIN users ON users.id = posts.author_id", `Perhaps you meant to reference the column "users.name".`},
		{"SELECT idd FROM posts JOIN users ON users.id = posts.author_id", `Perhaps you meant to reference the column "posts.id" or the column "users.id".`},
		{"SELECT * FROM posts WHERE create_at > now()", `Perhaps you meant to reference the column "posts.created_at".`},
		{"SELECT xyzzy FROM posts", ""},
		{"UPDATE posts SET title = 'x' WHERE autor_id = 1", `Perhaps you meant to reference the column "posts.author_id".`},
		{"DELETE FROM posts WHERE titl = 'x'", `Perhaps you meant to reference the column "posts.title".`},
		{"SELECT (SELECT nam FROM users u WHERE u.id = p.author_id) FROM posts p", `Perhaps you meant to reference the column "u.name".`},
		{"SELECT p.id FROM posts p WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = p.autor_id)", `Perhaps you meant to reference the column "p.author_id".`},
		{"SELECT e FROM users", ""},
		{"SELECT emial FROM users", `Perhaps you meant to reference the column "users.email".`},
		{"SELECT * FROM posts ORDER BY create_at", `Perhaps you meant to reference the column "posts.created_at".`},
		{"SELECT posts.title FROM posts p", `Perhaps you meant to reference the table alias "p".`},
		{"SELECT p.title FROM posts p JOIN users u ON users.id = p.author_id", `Perhaps you meant to reference the table alias "u".`},
		{"SELECT q.title FROM posts p", ""},
		{"CREATE POLICY own ON posts FOR SELECT USING (autor_id = 1)", `Perhaps you meant to reference the column "posts.author_id".`},
	} {
		rows, err := s.Query(ctx, tc.sql)
		if err == nil {
			rows.Close()
			t.Errorf("%s: no error", tc.sql)
			continue
		}
		pe, ok := pgerror.As(err)
		if !ok {
			t.Errorf("%s: %v", tc.sql, err)
			continue
		}
		if pe.Hint != tc.hint {
			t.Errorf("%s:\n got hint %q\nwant hint %q", tc.sql, pe.Hint, tc.hint)
		}
	}
}
