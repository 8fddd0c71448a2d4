package realtime

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// The change feed's catalog reads and subscriber checks on PostgreSQL
// (Config.Postgres), each on a pooled connection; on an engine they run
// on the feed's own sessions (changes.go).

// publishedPG reloads the supabase_realtime tables when replication has
// described a relation since the last read.
func (f *changeFeed) publishedPG() map[[2]string]tableInfo {
	v := f.s.pg.relVersion.Load()
	if f.tables != nil && v == f.version {
		return f.tables
	}
	ctx, cancel := context.WithTimeout(f.s.ctx, 5*time.Second)
	defer cancel()
	db, err := f.s.admin(ctx)
	if err != nil {
		f.s.cfg.Logger.Error("realtime: reading the supabase_realtime publication", "err", err)
		return f.tables
	}
	defer db.close()
	rows, err := db.query(ctx, `select p.schemaname::text, p.tablename::text, c.relreplident::text, c.relrowsecurity::text
from pg_catalog.pg_publication_tables p
join pg_catalog.pg_namespace n on n.nspname = p.schemaname
join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
where p.pubname = 'supabase_realtime'`)
	if err != nil {
		f.s.cfg.Logger.Error("realtime: reading the supabase_realtime publication", "err", err)
		return f.tables
	}
	t := map[[2]string]tableInfo{}
	for _, v := range rows {
		if len(v) != 4 || v[0] == nil || v[1] == nil || v[2] == nil || v[3] == nil {
			continue
		}
		ri := byte('d')
		if len(*v[2]) > 0 {
			ri = (*v[2])[0]
		}
		info := tableInfo{replident: ri, rls: *v[3] == "t" || *v[3] == "true"}
		if ri == 'i' {
			info.identity = map[string]bool{}
			cols, err := db.query(ctx, `select a.attname::text
from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
where i.indrelid = $1::text::regclass and i.indisreplident`, quoteIdent(*v[0])+"."+quoteIdent(*v[1]))
			if err == nil {
				for _, c := range cols {
					if len(c) == 1 && c[0] != nil {
						info.identity[*c[0]] = true
					}
				}
			}
		}
		t[[2]string{*v[0], *v[1]}] = info
	}
	f.tables, f.version, f.privs = t, v, map[privKey]bool{}
	return t
}

// mayReadPG is mayRead's privilege check on PostgreSQL.
func (f *changeFeed) mayReadPG(role string, c *engine.Change) bool {
	ctx, cancel := context.WithTimeout(f.s.ctx, 5*time.Second)
	defer cancel()
	db, err := f.s.admin(ctx)
	if err != nil {
		return false
	}
	defer db.close()
	rows, err := db.query(ctx, `select has_table_privilege($1::text, $2::text, 'SELECT')::text`, role, quoteIdent(c.Schema)+"."+quoteIdent(c.Table))
	return err == nil && len(rows) == 1 && len(rows[0]) == 1 && rows[0][0] != nil && (*rows[0][0] == "true" || *rows[0][0] == "t")
}

// canSelectPG is canSelect on PostgreSQL: in a transaction that is rolled
// back, the subscriber's role and claims as PostgREST sets them, then the
// row by its primary key.
func (f *changeFeed) canSelectPG(cl *claims, c *engine.Change) bool {
	q, args, ok := selectByKey(c)
	if !ok {
		return false
	}
	ctx, cancel := context.WithTimeout(f.s.ctx, 5*time.Second)
	defer cancel()
	db, err := f.s.admin(ctx)
	if err != nil {
		return false
	}
	defer db.close()
	if err := db.exec(ctx, "begin read only"); err != nil {
		return false
	}
	defer func() { _ = db.exec(context.Background(), "rollback") }()
	if _, err := db.query(ctx, `select set_config('role', $1::text, true), set_config('request.jwt.claims', $2::text, true),
	set_config('request.jwt.claim.sub', coalesce($2::jsonb ->> 'sub', ''), true), set_config('request.jwt.claim.role', $1::text, true)`, cl.role, cl.json); err != nil {
		return false
	}
	rows, err := db.query(ctx, q, args...)
	return err == nil && len(rows) > 0
}

// selectByKey is the subscriber check's query: the changed row by its
// primary key, compared as text. ok is false when a key value is
// missing.
func selectByKey(c *engine.Change) (q string, args []any, ok bool) {
	var b strings.Builder
	b.WriteString("select 1 from ")
	b.WriteString(quoteIdent(c.Schema) + "." + quoteIdent(c.Table) + " where ")
	args = make([]any, 0, len(c.PK))
	for i, o := range c.PK {
		if i > 0 {
			b.WriteString(" and ")
		}
		raw := c.New[o]
		var v any
		if raw == nil || json.Unmarshal(raw, &v) != nil {
			return "", nil, false
		}
		text, isStr := v.(string)
		if !isStr {
			text = string(raw)
		}
		args = append(args, text)
		b.WriteString(quoteIdent(c.Columns[o].Name) + "::text = $" + strconv.Itoa(i+1) + "::text")
	}
	return b.String(), args, true
}
