package postgrest

import (
	"context"
	"time"

	"github.com/tinybase/tinybase/logs"
)

// loggedQuerier reports each statement of a request to Config.OnStatement,
// with the request's role, so PostgREST's SQL shows in the postgres log
// as PostgREST's does in a Supabase project's Postgres logs.
type loggedQuerier struct {
	q      Querier
	role   string
	client string
	log    logs.StatementFunc
}

// LogStatements returns q reporting each statement to log as client's,
// run as role; q itself when log is nil. Settings are applied before
// wrapping (the wrapper does not pass SetLocal on).
func LogStatements(q Querier, client, role string, log logs.StatementFunc) Querier {
	if log == nil {
		return q
	}
	return loggedQuerier{q: q, role: role, client: client, log: log}
}

func (l loggedQuerier) Query(ctx context.Context, sql string, args ...any) (*Result, error) {
	start := time.Now()
	res, err := l.q.Query(ctx, sql, args...)
	tag := ""
	if res != nil {
		tag = res.Tag
	}
	l.log(logs.Statement(l.client, l.role, sql, start, tag, err))
	return res, err
}
