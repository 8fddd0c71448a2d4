package extensions

import (
	"context"
	"fmt"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/hypo"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// hypopgExt stands in for hypopg 1.4 (hypothetical indexes): CREATE INDEX
// statements kept in the session's memory (hypo.Set) that a plain
// EXPLAIN plans with as if they existed, shown by EXPLAIN as
// `Index Scan using "<13556>btree_t_a" on t`. EXPLAIN ANALYZE and
// execution never see them. The planner considers the B-tree ones over
// plain columns without a predicate; the others (hash, brin, expression
// and partial indexes) are kept, listed and sized but not planned with.
// Its catalog columns of types tinybase lacks are the types pg_index has
// here: int2vector is smallint[], oidvector oid[], pg_node_tree text.
func hypopgExt() *Extension {
	return &Extension{
		Name:        "hypopg",
		Version:     "1.4.1",
		Comment:     "Hypothetical indexes for PostgreSQL",
		Relocatable: true,
		Funcs: map[string]Func{
			"hypopg_create_index":       Rows(hypopgCreateIndex),
			"hypopg":                    Rows(hypopgList),
			"hypopg_drop_index":         hypoScalar(func(s *hypo.Set, oid uint32) any { return s.Drop(oid) }),
			"hypopg_get_indexdef":       hypopgGetIndexdef,
			"hypopg_relation_size":      hypoScalar(hypopgRelationSize),
			"hypopg_reset":              hypoVoid(func(s *hypo.Set) { s.Reset() }),
			"hypopg_reset_index":        hypoVoid(func(s *hypo.Set) { s.Reset() }),
			"hypopg_hide_index":         ScalarC(hypopgHideIndex),
			"hypopg_unhide_index":       hypoScalar(func(s *hypo.Set, oid uint32) any { return s.Unhide(oid) }),
			"hypopg_unhide_all_indexes": hypoVoid(func(s *hypo.Set) { s.UnhideAll() }),
			"hypopg_hidden_indexes":     Rows(hypopgHiddenIndexes),
		},
		Script: `
CREATE FUNCTION hypopg_reset_index() RETURNS void
  LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'hypopg_reset_index';
CREATE FUNCTION hypopg_reset() RETURNS void
  LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'hypopg_reset';
CREATE FUNCTION hypopg_create_index(IN sql_order text, OUT indexrelid oid, OUT indexname text)
  RETURNS SETOF record LANGUAGE c STRICT VOLATILE AS 'MODULE_PATHNAME', 'hypopg_create_index';
CREATE FUNCTION hypopg_drop_index(IN indexid oid) RETURNS boolean
  LANGUAGE c STRICT VOLATILE AS 'MODULE_PATHNAME', 'hypopg_drop_index';
CREATE FUNCTION hypopg(OUT indexname text, OUT indexrelid oid, OUT indrelid oid, OUT innatts integer,
    OUT indisunique boolean, OUT indkey smallint[], OUT indcollation oid[], OUT indclass oid[],
    OUT indoption smallint[], OUT indexprs text, OUT indpred text, OUT amid oid)
  RETURNS SETOF record LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'hypopg';
CREATE VIEW hypopg_list_indexes AS
  SELECT h.indexrelid, h.indexname AS index_name, ns.nspname AS schema_name,
         coalesce(rel.relname, '<dropped>') AS table_name, am.amname AS am_name
    FROM hypopg() AS h
    LEFT JOIN pg_catalog.pg_class AS rel ON rel.oid = h.indrelid
    LEFT JOIN pg_catalog.pg_namespace AS ns ON ns.oid = rel.relnamespace
    LEFT JOIN pg_catalog.pg_am AS am ON am.oid = h.amid;
CREATE FUNCTION hypopg_relation_size(IN indexid oid) RETURNS bigint
  LANGUAGE c STRICT VOLATILE AS 'MODULE_PATHNAME', 'hypopg_relation_size';
CREATE FUNCTION hypopg_get_indexdef(IN indexid oid) RETURNS text
  LANGUAGE c STRICT VOLATILE AS 'MODULE_PATHNAME', 'hypopg_get_indexdef';
CREATE FUNCTION hypopg_hide_index(IN indexid oid) RETURNS boolean
  LANGUAGE c STRICT VOLATILE AS 'MODULE_PATHNAME', 'hypopg_hide_index';
CREATE FUNCTION hypopg_unhide_index(IN indexid oid) RETURNS boolean
  LANGUAGE c STRICT VOLATILE AS 'MODULE_PATHNAME', 'hypopg_unhide_index';
CREATE FUNCTION hypopg_unhide_all_indexes() RETURNS void
  LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'hypopg_unhide_all_indexes';
CREATE FUNCTION hypopg_hidden_indexes() RETURNS TABLE (indexid oid)
  LANGUAGE c STRICT VOLATILE AS 'MODULE_PATHNAME', 'hypopg_hidden_indexes';
CREATE VIEW hypopg_hidden_indexes AS
  SELECT * FROM (
    SELECT h.indexid AS indexrelid, ic.relname::text AS index_name, ns.nspname AS schema_name,
           tc.relname AS table_name, am.amname AS am_name, false AS is_hypo
      FROM hypopg_hidden_indexes() AS h
      JOIN pg_catalog.pg_index AS ix ON ix.indexrelid = h.indexid
      JOIN pg_catalog.pg_class AS ic ON ic.oid = h.indexid
      JOIN pg_catalog.pg_namespace AS ns ON ns.oid = ic.relnamespace
      JOIN pg_catalog.pg_class AS tc ON tc.oid = ix.indrelid
      JOIN pg_catalog.pg_am AS am ON am.oid = ic.relam
    UNION ALL
    SELECT l.indexrelid, l.index_name, l.schema_name, l.table_name, l.am_name, true
      FROM hypopg_hidden_indexes() AS h
      JOIN hypopg_list_indexes AS l ON l.indexrelid = h.indexid
  ) AS hidden ORDER BY index_name;
`,
	}
}

// hypoSetOf is the calling session's hypothetical indexes.
func hypoSetOf(c routine.Caller) (*hypo.Set, error) {
	if h, ok := c.(interface{ HypoIndexes() *hypo.Set }); ok {
		if s := h.HypoIndexes(); s != nil {
			return s, nil
		}
	}
	return nil, pgerror.New(pgerror.FeatureNotSupported, "hypopg: hypothetical indexes are not available in this context")
}

func hypoScalar(f func(s *hypo.Set, oid uint32) any) Func {
	return ScalarC(func(_ context.Context, c routine.Caller, args []any) (any, error) {
		s, err := hypoSetOf(c)
		if err != nil {
			return nil, err
		}
		return f(s, oidArg(args[0])), nil
	})
}

func hypoVoid(f func(s *hypo.Set)) Func {
	return ScalarC(func(_ context.Context, c routine.Caller, _ []any) (any, error) {
		s, err := hypoSetOf(c)
		if err != nil {
			return nil, err
		}
		f(s)
		return "", nil // void, which prints nothing (not NULL)
	})
}

func oidArg(v any) uint32 {
	n, _ := int64Of(v)
	return uint32(n)
}

// int64Of reads an integer value of any width.
func int64Of(v any) (int64, bool) {
	switch x := v.(type) {
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case uint32:
		return int64(x), true
	case int64:
		return x, true
	case int:
		return int64(x), true
	}
	return 0, false
}

// hypopgCreateIndex is hypopg_create_index(sql_order): each CREATE INDEX
// of the text becomes a hypothetical index (a row of its OID and name);
// any other statement is skipped with hypopg's warning.
func hypopgCreateIndex(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any) ([][]any, error) {
	set, err := hypoSetOf(c)
	if err != nil {
		return nil, err
	}
	tree, err := pgtree.Parse(args[0].(string))
	if err != nil {
		pe := pgtree.SyntaxError(err)
		pe.Position = 0 // a position in the argument, not in the statement
		return nil, pe
	}
	var out [][]any
	for i, raw := range tree.Stmts {
		st := raw.Stmt.GetIndexStmt()
		if st == nil {
			c.Notice(routine.Notice{Severity: "WARNING", Code: pgerror.Warning,
				Message: fmt.Sprintf("hypopg: SQL order #%d is not a CREATE INDEX statement", i+1)})
			continue
		}
		ix, err := hypoResolve(ctx, c, st)
		if err != nil {
			return nil, err
		}
		min, err := hypoMinOID(ctx, c)
		if err != nil {
			return nil, err
		}
		set.Add(ix, min)
		out = append(out, []any{ix.OID, ix.Name})
	}
	return out, nil
}

// hypoMinOID is where hypopg numbers its indexes from: after the highest
// pg_class OID below FirstNormalObjectId.
func hypoMinOID(ctx context.Context, c routine.Caller) (uint32, error) {
	r, err := c.Query(ctx, fmt.Sprintf("SELECT coalesce(max(oid::int8), 0) + 1 FROM pg_catalog.pg_class WHERE oid::int8 < %d", hypo.FirstNormalOID), nil, nil)
	if err != nil {
		return 0, err
	}
	n, _ := int64Of(r.Rows[0][0])
	return uint32(n), nil
}

// hypoAMs are the access methods hypopg can make hypothetical indexes of.
var hypoAMs = map[string]bool{"btree": true, "hash": true, "brin": true, "bloom": true}

// hypoColumn is a table column as CREATE INDEX resolves it.
type hypoColumn struct {
	num  int16
	typ  uint32
	len  int
	coll uint32
}

// hypoResolve checks a CREATE INDEX against the catalog as PostgreSQL and
// hypopg do (relation, access method, columns) and describes the index.
func hypoResolve(ctx context.Context, c routine.Caller, st *pg.IndexStmt) (*hypo.Index, error) {
	rv := st.Relation
	name := pgident.QuoteIfNeeded(rv.Relname)
	if rv.Schemaname != "" {
		name = pgident.QuoteIfNeeded(rv.Schemaname) + "." + name
	}
	r, err := c.Query(ctx, `SELECT c.oid, n.nspname::text, c.relname::text, c.relkind::text
		FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
		WHERE c.oid = $1::regclass`, &routine.Params{Types: []*types.Type{types.Text}}, []any{name})
	if err != nil {
		return nil, err
	}
	if len(r.Rows) == 0 {
		return nil, pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", rv.Relname)
	}
	row := r.Rows[0]
	relOID, _ := int64Of(row[0])
	ix := &hypo.Index{RelOID: uint32(relOID), Schema: row[1].(string), Table: row[2].(string), Unique: st.Unique}
	if k := row[3].(string); k != "r" && k != "m" {
		return nil, pgerror.New(pgerror.InternalError, "hypopg: \"%s\" is not a table or materialized view", ix.Table)
	}
	ix.AM = st.AccessMethod
	if ix.AM == "" {
		ix.AM = "btree"
	}
	am, err := c.Query(ctx, `SELECT oid FROM pg_catalog.pg_am WHERE amname = $1 AND amtype = 'i'`, &routine.Params{Types: []*types.Type{types.Text}}, []any{ix.AM})
	if err != nil {
		return nil, err
	}
	if len(am.Rows) == 0 {
		return nil, pgerror.New(pgerror.UndefinedObject, "hypopg: access method \"%s\" does not exist", ix.AM)
	}
	amOID, _ := int64Of(am.Rows[0][0])
	ix.AMOID = uint32(amOID)
	if !hypoAMs[ix.AM] {
		return nil, pgerror.New(pgerror.InternalError, "hypopg: access method \"%s\" is not supported", ix.AM)
	}
	if ix.AM != "btree" && st.Unique {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "hypopg: access method \"%s\" does not support unique indexes", ix.AM)
	}
	if ix.AM == "hash" && len(st.IndexParams) > 1 {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "hypopg: access method \"%s\" does not support multicolumn indexes", ix.AM)
	}
	cols, err := hypoColumns(ctx, c, ix.RelOID)
	if err != nil {
		return nil, err
	}
	for _, p := range st.IndexParams {
		el := p.GetIndexElem()
		if el == nil {
			continue
		}
		k := hypo.Key{Order: keyOrder(el)}
		if el.Name != "" {
			col, ok := cols[el.Name]
			if !ok {
				return nil, pgerror.New(pgerror.InternalError, "hypopg: column \"%s\" does not exist", el.Name)
			}
			k.Column, k.AttNum = el.Name, col.num
		} else {
			if err := hypoCheckRefs(el.Expr, cols); err != nil {
				return nil, err
			}
			text, err := deparseExpr(el.Expr)
			if err != nil {
				return nil, err
			}
			if el.Expr.GetFuncCall() == nil {
				text = "(" + text + ")"
			}
			k.Expr = text
		}
		ix.Keys = append(ix.Keys, k)
	}
	for _, p := range st.IndexIncludingParams {
		el := p.GetIndexElem()
		if el == nil || el.Name == "" {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "hypopg: expressions are not supported in included columns")
		}
		col, ok := cols[el.Name]
		if !ok {
			return nil, pgerror.New(pgerror.InternalError, "hypopg: column \"%s\" does not exist", el.Name)
		}
		ix.Include = append(ix.Include, el.Name)
		ix.IncludeNums = append(ix.IncludeNums, col.num)
	}
	if st.WhereClause != nil {
		if err := hypoCheckRefs(st.WhereClause, cols); err != nil {
			return nil, err
		}
		text, err := deparseExpr(st.WhereClause)
		if err != nil {
			return nil, err
		}
		ix.Where = "(" + text + ")"
	}
	size, err := hypoSize(ctx, c, ix, cols)
	if err != nil {
		return nil, err
	}
	ix.Size = size
	return ix, nil
}

// keyOrder is a key's ordering as pg_get_indexdef prints it: DESC, and
// the NULLS placement when it is not the direction's default.
func keyOrder(el *pg.IndexElem) string {
	desc := el.Ordering == pg.SortByDir_SORTBY_DESC
	var parts []string
	if desc {
		parts = append(parts, "DESC")
	}
	switch el.NullsOrdering {
	case pg.SortByNulls_SORTBY_NULLS_FIRST:
		if !desc {
			parts = append(parts, "NULLS FIRST")
		}
	case pg.SortByNulls_SORTBY_NULLS_LAST:
		if desc {
			parts = append(parts, "NULLS LAST")
		}
	}
	return strings.Join(parts, " ")
}

// hypoColumns are a table's live columns by name.
func hypoColumns(ctx context.Context, c routine.Caller, rel uint32) (map[string]hypoColumn, error) {
	r, err := c.Query(ctx, `SELECT a.attname::text, a.attnum, a.atttypid, t.typlen, t.typcollation
		FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
		WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped`, &routine.Params{Types: []*types.Type{types.Oid}}, []any{rel})
	if err != nil {
		return nil, err
	}
	out := map[string]hypoColumn{}
	for _, row := range r.Rows {
		num, _ := int64Of(row[1])
		typ, _ := int64Of(row[2])
		l, _ := int64Of(row[3])
		coll, _ := int64Of(row[4])
		out[row[0].(string)] = hypoColumn{num: int16(num), typ: uint32(typ), len: int(l), coll: uint32(coll)}
	}
	return out, nil
}

// hypoCheckRefs fails as PostgreSQL does on a column an expression names
// that the table does not have.
func hypoCheckRefs(e *pg.Node, cols map[string]hypoColumn) error {
	var err error
	pgtree.Walk(e, func(m any) bool {
		ref, ok := m.(*pg.ColumnRef)
		if !ok || err != nil {
			return err == nil
		}
		names := pgtree.Names(ref.Fields)
		if len(names) == 0 {
			return true
		}
		col := names[len(names)-1]
		if _, ok := cols[col]; !ok {
			err = pgerror.New(pgerror.UndefinedColumn, "column \"%s\" does not exist", col)
		}
		return true
	})
	return err
}

// deparseExpr prints an expression as SQL.
func deparseExpr(e *pg.Node) (string, error) {
	sel := &pg.SelectStmt{TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: e}}}}}
	text, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}}}})
	if err != nil {
		return "", pgerror.New(pgerror.SyntaxError, "hypopg: cannot print the index expression")
	}
	return strings.TrimPrefix(text, "SELECT "), nil
}

// hypoSize estimates an index's size as hypopg does from the table's rows
// and the keys' widths: B-tree leaf pages at the default fillfactor (90),
// a metapage and the inner pages above them.
func hypoSize(ctx context.Context, c routine.Caller, ix *hypo.Index, cols map[string]hypoColumn) (int64, error) {
	r, err := c.Query(ctx, "SELECT count(*) FROM "+pgident.QuoteIfNeeded(ix.Schema)+"."+pgident.QuoteIfNeeded(ix.Table), nil, nil)
	if err != nil {
		return 0, err
	}
	rows, _ := int64Of(r.Rows[0][0])
	width := 0
	add := func(name string) {
		col, ok := cols[name]
		switch {
		case !ok:
			width += 32 // an expression
		case col.len > 0:
			width += col.len
		default:
			width += 32
		}
	}
	for _, k := range ix.Keys {
		add(k.Column)
	}
	for _, inc := range ix.Include {
		add(inc)
	}
	const page, usable = 8192, (8192 - 24 - 16) * 90 / 100
	tuple := 8 + (width+7)/8*8 + 4 // index tuple header, aligned data, line pointer
	perPage := int64(usable / tuple)
	if perPage < 1 {
		perPage = 1
	}
	leaves := (rows + perPage - 1) / perPage
	if leaves < 1 {
		leaves = 1
	}
	pages := leaves + 1
	for level := leaves; level > 1; {
		level = (level + perPage - 1) / perPage
		pages += level
	}
	return pages * page, nil
}

// hypopgList is hypopg(): one row per hypothetical index.
func hypopgList(_ context.Context, c routine.Caller, _ *catalog.Function, _ []any) ([][]any, error) {
	set, err := hypoSetOf(c)
	if err != nil {
		return nil, err
	}
	var out [][]any
	for _, ix := range set.List() {
		keys := make([]any, len(ix.Keys))
		opts := make([]any, len(ix.Keys))
		var exprs []string
		for i, k := range ix.Keys {
			keys[i] = k.AttNum
			var o int16
			if strings.HasPrefix(k.Order, "DESC") {
				o = 3 // INDOPTION_DESC | INDOPTION_NULLS_FIRST
				if strings.Contains(k.Order, "NULLS LAST") {
					o = 1
				}
			} else if strings.Contains(k.Order, "NULLS FIRST") {
				o = 2
			}
			opts[i] = o
			if k.Column == "" {
				exprs = append(exprs, k.Expr)
			}
		}
		for _, num := range ix.IncludeNums {
			keys = append(keys, num)
		}
		var indexprs, indpred any
		if len(exprs) > 0 {
			indexprs = strings.Join(exprs, ", ")
		}
		if ix.Where != "" {
			indpred = ix.Where
		}
		n := len(ix.Keys) + len(ix.Include)
		out = append(out, []any{ix.Name, ix.OID, ix.RelOID, int32(n), ix.Unique,
			types.NewArray(types.Int2, keys), types.NewArray(types.Oid, make([]any, 0)),
			types.NewArray(types.Oid, make([]any, 0)), types.NewArray(types.Int2, opts),
			indexprs, indpred, ix.AMOID})
	}
	return out, nil
}

// hypopgGetIndexdef is hypopg_get_indexdef(oid): NULL for an OID that is
// no hypothetical index.
func hypopgGetIndexdef(_ context.Context, c routine.Caller, _ *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
	set, err := hypoSetOf(c)
	if err != nil {
		return routine.Result{}, err
	}
	ix, ok := set.Get(oidArg(args[0]))
	if !ok {
		return routine.Result{Null: true}, nil
	}
	return routine.Result{Value: ix.Def(pgident.QuoteIfNeeded)}, nil
}

// hypopgRelationSize is hypopg_relation_size(oid): the estimated size, 0
// for an OID that is no hypothetical index.
func hypopgRelationSize(s *hypo.Set, oid uint32) any {
	if ix, ok := s.Get(oid); ok {
		return ix.Size
	}
	return int64(0)
}

// hypopgHideIndex is hypopg_hide_index(oid): a hypothetical or real index
// that EXPLAIN then plans without; false when oid is neither or is hidden
// already.
func hypopgHideIndex(ctx context.Context, c routine.Caller, args []any) (any, error) {
	set, err := hypoSetOf(c)
	if err != nil {
		return nil, err
	}
	oid := oidArg(args[0])
	if _, ok := set.Get(oid); ok {
		return set.Hide(oid, nil), nil
	}
	r, err := c.Query(ctx, `SELECT n.nspname::text, t.relname::text, i.relname::text
		FROM pg_catalog.pg_index x
		JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid
		JOIN pg_catalog.pg_class t ON t.oid = x.indrelid
		JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace
		WHERE x.indexrelid = $1`, &routine.Params{Types: []*types.Type{types.Oid}}, []any{oid})
	if err != nil {
		return nil, err
	}
	if len(r.Rows) == 0 {
		return false, nil
	}
	row := r.Rows[0]
	return set.Hide(oid, &hypo.Real{Schema: row[0].(string), Table: row[1].(string), Name: row[2].(string)}), nil
}

// hypopgHiddenIndexes is hypopg_hidden_indexes(): the hidden indexes' OIDs.
func hypopgHiddenIndexes(_ context.Context, c routine.Caller, _ *catalog.Function, _ []any) ([][]any, error) {
	set, err := hypoSetOf(c)
	if err != nil {
		return nil, err
	}
	var out [][]any
	for _, oid := range set.Hidden() {
		out = append(out, []any{oid})
	}
	return out, nil
}
