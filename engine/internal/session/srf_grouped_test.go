package session

import (
	"context"
	"errors"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestNotSupportedYetShapes covers shapes PostgreSQL accepts that tinybase
// reported, or reports, as 0A000 rather than running them wrong:
// set-returning functions a grouped query evaluates after grouping (now
// run; queries/srf_after_grouping checks their rows), window functions
// beside set-returning functions in one SELECT list (now run over the rows
// before the functions expand them; queries/srf_window), and system
// columns in an INSERT's RETURNING list. Names that only look like system
// columns keep working.
func TestNotSupportedYetShapes(t *testing.T) {
	s := scriptSession(t,
		"CREATE TABLE posts (id int PRIMARY KEY, tags text[], score int)",
		"INSERT INTO posts VALUES (1, '{a,b}', 1), (2, '{b}', 2)",
		"CREATE TABLE hits (k text PRIMARY KEY, n int)",
	)
	ctx := context.Background()
	tests := []struct {
		name, sql, code string
	}{
		{"srf after grouping", "SELECT score, generate_series(1, score) FROM posts GROUP BY score", ""},
		{"srf over an aggregate", "SELECT unnest(array_agg(id)) FROM posts GROUP BY score", ""},
		{"srf inside an aggregate", "SELECT sum(unnest(array_agg(id))) FROM posts", pgerror.FeatureNotSupported},
		{"window beside an srf", "SELECT id, unnest(tags), row_number() OVER (ORDER BY id) FROM posts", ""},
		{"window beside an srf after grouping", "SELECT score, unnest(array_agg(id)), rank() OVER (ORDER BY score) FROM posts GROUP BY score", ""},
		{"srf inside a window function", "SELECT sum(unnest(tags)) OVER () FROM posts", pgerror.FeatureNotSupported},
		{"window in an srf's subquery", "SELECT id, unnest(ARRAY(SELECT row_number() OVER () FROM posts)) FROM posts", ""},
		// the split's derived table would not see the outer row: refused
		// rather than answered wrong
		{"window beside an srf reading an enclosing query", "SELECT id, (SELECT count(*) FROM (SELECT unnest(p.tags), row_number() OVER () FROM posts p WHERE p.id = o.id) x) FROM posts o", pgerror.FeatureNotSupported},
		{"window beside an srf in an uncorrelated subquery", "SELECT id, (SELECT count(*) FROM (SELECT unnest(p.tags), row_number() OVER () FROM posts p) x) FROM posts o", ""},
		{"grouped srf", "SELECT unnest(tags) AS t, count(*) FROM posts GROUP BY t", ""},
		{"xmax in upsert returning", "INSERT INTO hits AS h VALUES ('a', 1) ON CONFLICT (k) DO UPDATE SET n = h.n + 1 RETURNING (h.xmax = 0) AS inserted", ""},
		{"unqualified ctid", "INSERT INTO hits VALUES ('b', 1) RETURNING ctid", ""},
		{"cmin is not supported yet", "INSERT INTO hits VALUES ('d', 1) RETURNING cmin", pgerror.FeatureNotSupported},
		{"xmax of another scope", "INSERT INTO hits VALUES ('c', 1) RETURNING (SELECT x.xmax FROM (SELECT 1 AS xmax) x)", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := s.Query(ctx, tc.sql)
			if err == nil {
				for rows.Next() {
				}
				err = rows.Err()
				rows.Close()
			}
			if tc.code == "" {
				if err != nil {
					t.Fatalf("%s: %v", tc.sql, err)
				}
				return
			}
			var pe *pgerror.Error
			if !errors.As(err, &pe) || pe.Code != tc.code {
				t.Fatalf("%s: got %v, want SQLSTATE %s", tc.sql, err, tc.code)
			}
		})
	}
}
