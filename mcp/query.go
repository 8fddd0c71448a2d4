package mcp

import (
	"context"
	"strconv"

	"github.com/tinybase/tinybase/engine"
)

// session opens a session as postgres on the project's database.
func (t *Tools) session() (*engine.Session, error) {
	return t.cfg.Engine.Connect(engine.SessionOptions{})
}

// queryText runs one catalog query with arguments and returns its rows in
// text form (nil is NULL).
func queryText(ctx context.Context, s *engine.Session, sql string, args ...any) ([][]*string, error) {
	rows, err := s.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	var out [][]*string
	for rows.Next() {
		out = append(out, rows.Text())
	}
	return out, rows.Err()
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func boolean(p *string) bool { return p != nil && (*p == "t" || *p == "true") }

func optional(p *string) *string {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func integer(p *string) int64 {
	n, _ := strconv.ParseInt(str(p), 10, 64)
	return n
}

// textArray reads a one-dimensional text array's text form ({a,"b c"}).
func textArray(p *string) []string {
	s := str(p)
	if len(s) < 2 || s[0] != '{' {
		return nil
	}
	s = s[1 : len(s)-1]
	var out []string
	for i := 0; i < len(s); {
		var b []byte
		if s[i] == '"' {
			i++
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				b = append(b, s[i])
				i++
			}
			i++ // closing quote
		} else {
			for i < len(s) && s[i] != ',' {
				b = append(b, s[i])
				i++
			}
		}
		out = append(out, string(b))
		i++ // comma
	}
	return out
}
