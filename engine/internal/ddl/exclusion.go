package ddl

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Exclusion constraints (PostgreSQL docs: CREATE TABLE, EXCLUDE). The
// constraint's index is an ordinary index of its method; two rows
// conflict when every key column of one matches the other's by the
// column's operator (PostgreSQL's check_exclusion_or_unique_constraint).
// Rows with leading = parts are found through the constraint's index,
// the others by a scan of the table.

// newSuffix names the columns of the row being checked in a conflict
// predicate, which sees an existing row's columns then the new row's.
const newSuffix = " excluded"

// addExclusions adds c's exclusion constraints to its table (or, for
// Drop entries, forgets the operators of one the statement dropped).
func addExclusions(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
	for _, def := range c.Exclusions {
		if def.Drop {
			h.SetCatalog(h.Catalog().DropExclusion(q, def.Name))
			continue
		}
		var oids []uint32
		sch := t.Schema()
		parts := def.Exprs
		if len(parts) == 0 {
			for _, col := range def.Columns {
				parts = append(parts, &sqlparser.ColName{Name: sqlparser.NewColIdent(col)})
			}
		}
		for i, p := range parts {
			e, err := ResolveOver(sch, p)
			if err != nil {
				return err
			}
			typ, _ := e.Type().(*types.Type)
			if typ == nil {
				continue
			}
			oid, err := exclusionOperator(h.Catalog(), def.Ops[i], typ) // exclusion_ops.go
			if err != nil {
				return err
			}
			oids = append(oids, oid)
		}
		idx := &translate.IndexDef{Name: def.Name, Columns: def.Columns, Exprs: def.Exprs, Source: def.Source, Where: def.Where, WhereSource: def.WhereSource,
			Opclass: def.Opclass, Include: def.Include, Constraint: true}
		if def.Method != "btree" {
			idx.Method = def.Method
		}
		if len(def.Exprs) == 0 {
			for _, col := range def.Columns {
				idx.Source = append(idx.Source, pgcatalog.QuoteIdent(col))
			}
		}
		if err := createIndex(h, ctx, &translate.TableDDL{Kind: "create_index", Schema: q.Schema, Table: q.Name, Index: idx}); err != nil {
			return err
		}
		h.SetCatalog(h.Catalog().PutExclusion(q, def.Name, catalog.Exclusion{Ops: def.Ops, OpOIDs: oids}))
		chk, err := CompileExclusion(h, ctx, t, h.Catalog(), def.Name)
		if err != nil {
			return err
		}
		if err := chk.checkAll(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// ExclusionCheck is one exclusion constraint compiled for a table.
type ExclusionCheck struct {
	name, table string
	keys        []sql.Expression // the key parts over a row
	types       []*types.Type
	names       []string       // the key parts as DETAIL names them
	conflict    sql.Expression // over an existing row then the new one
	where       sql.Expression // nil: every row takes part
	// index is the constraint's index, and eq the number of its leading
	// parts compared with =: the rows that can conflict with a key are
	// those its index holds under the key's first eq parts, so Check
	// looks them up instead of reading the whole table.
	index string
	eq    int
}

// CompileExclusion compiles exclusion constraint name of t.
func CompileExclusion(h Host, ctx *sql.Context, t *storage.Table, cat *catalog.Catalog, name string) (*ExclusionCheck, error) {
	ex, ok := cat.Exclusion(catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, name)
	if !ok {
		return nil, nil
	}
	ixs, err := t.Indexes(ctx)
	if err != nil {
		return nil, err
	}
	var ix *storage.IndexInfo
	for i := range ixs {
		if ixs[i].Name == name {
			ix = &ixs[i]
		}
	}
	if ix == nil || len(ex.Ops) == 0 || (!ix.Expression && len(ix.Columns) != len(ex.Ops)) || (ix.Expression && len(ix.Source) != len(ex.Ops)) {
		return nil, nil // dropped with its index
	}
	sch := t.Schema()
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	chk := &ExclusionCheck{name: name, table: t.Name(), index: name}
	for chk.eq < len(ex.Ops) && strings.TrimPrefix(ex.Ops[chk.eq], "pg_catalog.") == "=" {
		chk.eq++
	}
	var keys sql.Schema // the key parts, then the new row's
	var parts []string
	for i := range ex.Ops {
		var key sql.Expression
		if ix.Expression {
			v, err := tr.ScalarSource(ix.Source[i])
			if err != nil {
				return nil, err
			}
			if key, err = ResolveOver(sch, v); err != nil {
				return nil, err
			}
			// named as pg_get_indexdef prints a key part: a function
			// call bare, any other expression in parentheses
			shown := ix.Source[i]
			if n, err := translate.ParseExpr(shown); err == nil && n.GetFuncCall() == nil {
				shown = "(" + shown + ")"
			}
			chk.names = append(chk.names, shown)
		} else {
			o := sch.IndexOfColName(ix.Columns[i])
			if o < 0 {
				return nil, nil
			}
			key = expression.NewGetField(o, sch[o].Type, sch[o].Name, true)
			chk.names = append(chk.names, pgcatalog.QuoteIdent(ix.Columns[i]))
		}
		chk.keys = append(chk.keys, key)
		typ, _ := key.Type().(*types.Type)
		chk.types = append(chk.types, typ)
		k := fmt.Sprintf("k%d", i)
		keys = append(keys, &sql.Column{Name: k, Type: key.Type(), Nullable: true})
		op := ex.Ops[i]
		if strings.Contains(op, ".") {
			op = "OPERATOR(" + op + ")"
		}
		parts = append(parts, "("+pgcatalog.QuoteIdent(k)+" "+op+" "+pgcatalog.QuoteIdent(k+newSuffix)+")")
	}
	both := append(keys.Copy(), keys.Copy()...)
	for i := len(keys); i < len(both); i++ {
		both[i].Name += newSuffix
	}
	v, err := tr.IndexPredicateSource(strings.Join(parts, " AND "))
	if err != nil {
		return nil, err
	}
	if chk.conflict, err = ResolveOver(both, v); err != nil {
		return nil, err
	}
	if ix.WhereSource != "" {
		w, err := tr.IndexPredicateSource(ix.WhereSource)
		if err != nil {
			return nil, err
		}
		if chk.where, err = ResolveOver(sch, w); err != nil {
			return nil, err
		}
	}
	return chk, nil
}

// keyOf is row's key when row is in the constraint: no NULL key part
// and the predicate holds (nil otherwise).
func (c *ExclusionCheck) keyOf(ctx *sql.Context, row sql.Row) (sql.Row, error) {
	key := make(sql.Row, len(c.keys))
	for i, k := range c.keys {
		v, err := k.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		key[i] = v
	}
	if c.where == nil {
		return key, nil
	}
	v, err := c.where.Eval(ctx, row)
	if b, _ := v.(bool); !b || err != nil {
		return nil, err
	}
	return key, nil
}

func (c *ExclusionCheck) conflicts(ctx *sql.Context, existing, key sql.Row) (bool, error) {
	v, err := c.conflict.Eval(ctx, append(append(sql.Row{}, existing...), key...))
	b, _ := v.(bool)
	return b, err
}

// Check fails when row, already written to t, conflicts with another of
// its rows; row itself is in the table once.
func (c *ExclusionCheck) Check(ctx *sql.Context, t *storage.Table, row sql.Row) error {
	key, err := c.keyOf(ctx, row)
	if key == nil || err != nil {
		return err
	}
	other, err := c.firstConflict(ctx, t, row, key)
	if other == nil || err != nil {
		return err
	}
	return c.violation(pgerror.ExclusionViolation, "conflicting key value violates exclusion constraint \""+c.name+"\"",
		"Key "+c.key(key)+" conflicts with existing key "+c.key(other)+".")
}

// firstConflict is the key of the first row of t, other than row (whose
// key is key), that conflicts with it; nil when none does.
func (c *ExclusionCheck) firstConflict(ctx *sql.Context, t *storage.Table, row, key sql.Row) (sql.Row, error) {
	self, err := c.conflicts(ctx, key, key)
	if err != nil {
		return nil, err
	}
	rows, err := c.candidates(ctx, t, key)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		other, err := c.keyOf(ctx, r)
		if err != nil {
			return nil, err
		}
		if other == nil {
			continue
		}
		hit, err := c.conflicts(ctx, other, key)
		if err != nil {
			return nil, err
		}
		if !hit {
			continue
		}
		if self && sameRow(r, row) {
			self = false // the row itself
			continue
		}
		return other, nil
	}
	return nil, nil
}

// candidates are the rows of t that may conflict with key, in a
// sequential scan's order (the first conflict found is the one the
// DETAIL names): those with key's leading = parts, or all of them.
func (c *ExclusionCheck) candidates(ctx *sql.Context, t *storage.Table, key sql.Row) ([]sql.Row, error) {
	if c.eq == 0 {
		return allRows(ctx, t)
	}
	it, err := t.KeyRows(ctx, c.index, key[:c.eq], storage.BySeq, true)
	if err != nil {
		return nil, err
	}
	return sql.RowIterToRows(ctx, it)
}

// checkAll fails when two existing rows of t conflict (ADD CONSTRAINT).
// With leading = parts each row looks its candidates up in the
// constraint's index, as PostgreSQL's index build checks each heap tuple
// against the index: the first row in scan order that conflicts with any
// other is the one the DETAIL names first. Otherwise each row is compared
// with the rows before it.
func (c *ExclusionCheck) checkAll(ctx *sql.Context, t *storage.Table) error {
	rows, err := allRows(ctx, t)
	if err != nil {
		return err
	}
	var keys []sql.Row
	for _, r := range rows {
		key, err := c.keyOf(ctx, r)
		if err != nil {
			return err
		}
		if key == nil {
			continue
		}
		if c.eq > 0 {
			other, err := c.firstConflict(ctx, t, r, key)
			if err != nil {
				return err
			}
			if other != nil {
				return c.addViolation(key, other)
			}
			continue
		}
		for _, prev := range keys {
			hit, err := c.conflicts(ctx, prev, key)
			if err != nil {
				return err
			}
			if hit {
				return c.addViolation(key, prev)
			}
		}
		keys = append(keys, key)
	}
	return nil
}

func (c *ExclusionCheck) addViolation(key, other sql.Row) error {
	return c.violation(pgerror.ExclusionViolation, "could not create exclusion constraint \""+c.name+"\"",
		"Key "+c.key(key)+" conflicts with key "+c.key(other)+".")
}

func (c *ExclusionCheck) violation(code, msg, detail string) error {
	return &pgerror.Error{Severity: "ERROR", Code: code, Message: msg, Detail: detail, Table: c.table, Constraint: c.name}
}

// key is PostgreSQL's "(parts)=(values)" of a key.
func (c *ExclusionCheck) key(key sql.Row) string {
	vals := make([]string, len(key))
	for i, v := range key {
		if c.types[i] != nil {
			vals[i] = types.Output(c.types[i], v, nil)
		} else {
			vals[i] = fmt.Sprint(v)
		}
	}
	return "(" + strings.Join(c.names, ", ") + ")=(" + strings.Join(vals, ", ") + ")"
}

func sameRow(a, b sql.Row) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] == nil || b[i] == nil {
			if (a[i] == nil) != (b[i] == nil) {
				return false
			}
			continue
		}
		// equal as Go values is equal; otherwise (a time.Time of another
		// *Location) the texts decide
		if reflect.DeepEqual(a[i], b[i]) {
			continue
		}
		if fmt.Sprint(a[i]) != fmt.Sprint(b[i]) {
			return false
		}
	}
	return true
}
