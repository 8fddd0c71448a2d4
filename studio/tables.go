package studio

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/postgrest"
)

// Relation is a table, view or materialized view in the sidebar.
type Relation struct {
	Schema string `json:"schema"`
	Name   string `json:"name"`
	Kind   string `json:"kind"` // table, view, materialized view, foreign table
	RLS    bool   `json:"rls"`
}

var relkinds = map[string]string{"r": "table", "p": "table", "v": "view", "m": "materialized view", "f": "foreign table"}

// GET /api/relations: every user-visible relation outside pg_catalog and
// information_schema, by schema and name.
func (s *Server) listRelations(w http.ResponseWriter, r *http.Request) {
	var out []Relation
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), `select n.nspname, c.relname, c.relkind::text, c.relrowsecurity::text from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r','p','v','m','f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_toast%' order by 1, 2`)
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			out = append(out, Relation{Schema: str(row[0]), Name: str(row[1]), Kind: relkinds[str(row[2])], RLS: str(row[3]) == "true"})
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"relations": out})
}

// Column is one column of a relation, with what an input needs.
type Column struct {
	Name     string   `json:"name"`
	Type     string   `json:"type"`     // format_type
	Category string   `json:"category"` // pg_type.typcategory: B boolean, N numeric, E enum, U user (json, uuid), A array, D date/time, S string
	Nullable bool     `json:"nullable"`
	Default  string   `json:"default,omitempty"`
	Identity bool     `json:"identity,omitempty"`
	Enum     []string `json:"enum,omitempty"`
	PK       bool     `json:"pk,omitempty"`
	// FK names the referenced row's table and column when this column is
	// a one-column foreign key.
	FK *Ref `json:"fk,omitempty"`
}

// Ref is the target of a foreign key column.
type Ref struct {
	Schema string `json:"schema"`
	Table  string `json:"table"`
	Column string `json:"column"`
}

// ForeignKey is a foreign key constraint of a table.
type ForeignKey struct {
	Name       string   `json:"name"`
	Columns    []string `json:"columns"`
	RefSchema  string   `json:"ref_schema"`
	RefTable   string   `json:"ref_table"`
	RefColumns []string `json:"ref_columns"`
}

// Table is a relation's shape.
type Table struct {
	Relation
	Columns     []Column     `json:"columns"`
	PrimaryKey  []string     `json:"primary_key"`
	ForeignKeys []ForeignKey `json:"foreign_keys"`
}

func (t *Table) column(name string) *Column {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// describe reads schema.name's columns, primary key and foreign keys
// from pg_catalog; a relation that does not exist is 42P01.
func describe(ctx context.Context, q postgrest.Querier, schema, name string) (*Table, error) {
	res, err := q.Query(ctx, `select c.oid::int8::text, c.relkind::text, c.relrowsecurity::text from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2 and c.relkind in ('r','p','v','m','f')`, schema, name)
	if err != nil {
		return nil, err
	}
	if len(res.Rows) == 0 {
		return nil, &engine.Error{Severity: "ERROR", Code: "42P01", Message: fmt.Sprintf("relation %q does not exist", schema+"."+name)}
	}
	oid := str(res.Rows[0][0])
	t := &Table{Relation: Relation{Schema: schema, Name: name, Kind: relkinds[str(res.Rows[0][1])], RLS: str(res.Rows[0][2]) == "true"}, PrimaryKey: []string{}, ForeignKeys: []ForeignKey{}}
	res, err = q.Query(ctx, `select a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), t.typcategory::text, (not a.attnotnull)::text, pg_catalog.pg_get_expr(d.adbin, d.adrelid), a.attidentity::text,
 (select json_agg(e.enumlabel order by e.enumsortorder)::text from pg_catalog.pg_enum e where e.enumtypid = a.atttypid)
 from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
 where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped order by a.attnum`, oid)
	if err != nil {
		return nil, err
	}
	for _, row := range res.Rows {
		c := Column{Name: str(row[0]), Type: str(row[1]), Category: str(row[2]), Nullable: str(row[3]) == "true", Default: str(row[4]), Identity: str(row[5]) != ""}
		if row[6] != nil {
			_ = json.Unmarshal([]byte(*row[6]), &c.Enum)
		}
		t.Columns = append(t.Columns, c)
	}
	res, err = q.Query(ctx, `select a.attname from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
 where i.indrelid = $1::oid and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`, oid)
	if err != nil {
		return nil, err
	}
	for _, row := range res.Rows {
		t.PrimaryKey = append(t.PrimaryKey, str(row[0]))
		if c := t.column(str(row[0])); c != nil {
			c.PK = true
		}
	}
	res, err = q.Query(ctx, `select con.conname,
 (select json_agg(a.attname order by k.ord)::text from unnest(con.conkey) with ordinality k(n, ord) join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
 fn.nspname, fc.relname,
 (select json_agg(a.attname order by k.ord)::text from unnest(con.confkey) with ordinality k(n, ord) join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n)
 from pg_catalog.pg_constraint con join pg_catalog.pg_class fc on fc.oid = con.confrelid join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace
 where con.contype = 'f' and con.conrelid = $1::oid order by 1`, oid)
	if err != nil {
		return nil, err
	}
	for _, row := range res.Rows {
		fk := ForeignKey{Name: str(row[0]), RefSchema: str(row[2]), RefTable: str(row[3])}
		_ = json.Unmarshal([]byte(str(row[1])), &fk.Columns)
		_ = json.Unmarshal([]byte(str(row[4])), &fk.RefColumns)
		t.ForeignKeys = append(t.ForeignKeys, fk)
		if len(fk.Columns) == 1 && len(fk.RefColumns) == 1 {
			if c := t.column(fk.Columns[0]); c != nil {
				c.FK = &Ref{Schema: fk.RefSchema, Table: fk.RefTable, Column: fk.RefColumns[0]}
			}
		}
	}
	return t, nil
}

// GET /api/table?schema=&name=
func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	var t *Table
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) (err error) {
		t, err = describe(r.Context(), q, queryParam(r, "schema"), queryParam(r, "name"))
		return err
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

// filterOps are the grid's filters: SQL around a quoted column and $n.
var filterOps = map[string]string{
	"eq": "%s = %s", "neq": "%s <> %s", "lt": "%s < %s", "lte": "%s <= %s", "gt": "%s > %s", "gte": "%s >= %s",
	"like": "%s::text like %s", "ilike": "%s::text ilike %s", "is_null": "%s is null", "not_null": "%s is not null",
}

// cursor is where the next page starts: the last row's sort value and
// primary key (keyset pagination), or an offset for relations without a
// primary key.
type cursor struct {
	Sort   *string   `json:"s,omitempty"`
	Key    []*string `json:"k,omitempty"`
	Offset int       `json:"o,omitempty"`
}

// Page is one page of the grid.
type Page struct {
	Columns []Column    `json:"columns"`
	Rows    [][]*string `json:"rows"`
	Next    string      `json:"next,omitempty"` // the cursor for the next page; "" at the end
}

// GET /api/rows?schema=&name=&sort=&desc=1&limit=&after=&f=col:op:value&role=&user=
// pages through a relation ordered by sort (default the primary key),
// with the primary key as the tiebreak: each page continues after the
// previous page's last row, so a page costs the same on row 1 and row 1M.
func (s *Server) listRows(w http.ResponseWriter, r *http.Request) {
	qp := r.URL.Query()
	limit := 50
	if v := qp.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			fail(w, bad("limit must be an integer from 1 to 1000, not %q", v))
			return
		}
		limit = n
	}
	var cur cursor
	if v := qp.Get("after"); v != "" {
		if err := json.Unmarshal([]byte(v), &cur); err != nil {
			fail(w, bad("after is not a cursor this page returned"))
			return
		}
	}
	as := viewAs{Role: qp.Get("role"), User: qp.Get("user")}
	var page Page
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) error {
		t, err := describe(r.Context(), q, queryParam(r, "schema"), queryParam(r, "name"))
		if err != nil {
			return err
		}
		page.Columns = t.Columns
		if err := s.impersonate(r.Context(), q, as); err != nil {
			return err
		}
		segs, err := pageQueries(t, qp.Get("sort"), qp.Get("desc") == "1", qp["f"], cur)
		if err != nil {
			return err
		}
		// Segments in order until one row more than a page is in hand
		// (that row says whether there is a next page).
		page.Rows = [][]*string{}
		for _, sg := range segs {
			need := limit + 1 - len(page.Rows)
			if need <= 0 {
				break
			}
			res, err := q.Query(r.Context(), sg.sql(need), sg.args...)
			if err != nil {
				return err
			}
			page.Rows = append(page.Rows, textRows(res)...)
		}
		if len(page.Rows) > limit {
			page.Rows = page.Rows[:limit]
			page.Next = nextCursor(t, qp.Get("sort"), page.Rows[limit-1], cur, limit)
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

func colIndex(t *Table, name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func nextCursor(t *Table, sort string, last []*string, prev cursor, limit int) string {
	var c cursor
	if len(t.PrimaryKey) == 0 {
		c.Offset = prev.Offset + limit
	} else {
		if sort != "" && !(len(t.PrimaryKey) == 1 && t.PrimaryKey[0] == sort) {
			c.Sort = last[colIndex(t, sort)]
		}
		for _, k := range t.PrimaryKey {
			c.Key = append(c.Key, last[colIndex(t, k)])
		}
	}
	b, _ := json.Marshal(c)
	return string(b)
}

func columnError(name string, t *Table) error {
	return &engine.Error{Severity: "ERROR", Code: "42703", Message: fmt.Sprintf("column %q of relation %q does not exist", name, t.Name)}
}
