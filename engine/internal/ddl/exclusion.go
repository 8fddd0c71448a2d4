package ddl

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
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
// Rows are compared by a scan of the table, not through the index.

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
		for i, col := range def.Columns {
			typ, _ := sch[sch.IndexOfColName(col)].Type.(*types.Type)
			if typ == nil {
				continue
			}
			oid, err := exclusionOperator(h.Catalog(), def.Ops[i], typ) // exclusion_ops.go
			if err != nil {
				return err
			}
			oids = append(oids, oid)
		}
		idx := &translate.IndexDef{Name: def.Name, Columns: def.Columns, Where: def.Where, WhereSource: def.WhereSource,
			Opclass: def.Opclass, Constraint: true}
		if def.Method != "btree" {
			idx.Method = def.Method
		}
		for _, col := range def.Columns {
			idx.Source = append(idx.Source, pgcatalog.QuoteIdent(col))
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
	cols        []int
	types       []*types.Type
	names       []string
	conflict    sql.Expression // over an existing row then the new one
	where       sql.Expression // nil: every row takes part
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
	if ix == nil || len(ix.Columns) != len(ex.Ops) {
		return nil, nil // dropped with its index
	}
	sch := t.Schema()
	both := append(sch.Copy(), sch.Copy()...)
	for i := len(sch); i < len(both); i++ {
		both[i].Name += newSuffix
	}
	chk := &ExclusionCheck{name: name, table: t.Name(), names: ix.Columns}
	var parts []string
	for i, col := range ix.Columns {
		o := sch.IndexOfColName(col)
		chk.cols = append(chk.cols, o)
		typ, _ := sch[o].Type.(*types.Type)
		chk.types = append(chk.types, typ)
		op := ex.Ops[i]
		if strings.Contains(op, ".") {
			op = "OPERATOR(" + op + ")"
		}
		parts = append(parts, "("+pgcatalog.QuoteIdent(col)+" "+op+" "+pgcatalog.QuoteIdent(col+newSuffix)+")")
	}
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
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

// takesPart reports whether row is in the constraint: no NULL key and
// the predicate holds.
func (c *ExclusionCheck) takesPart(ctx *sql.Context, row sql.Row) (bool, error) {
	for _, o := range c.cols {
		if row[o] == nil {
			return false, nil
		}
	}
	if c.where == nil {
		return true, nil
	}
	v, err := c.where.Eval(ctx, row)
	b, _ := v.(bool)
	return b, err
}

func (c *ExclusionCheck) conflicts(ctx *sql.Context, existing, row sql.Row) (bool, error) {
	v, err := c.conflict.Eval(ctx, append(append(sql.Row{}, existing...), row...))
	b, _ := v.(bool)
	return b, err
}

// Check fails when row, already written to t, conflicts with another of
// its rows; row itself is in the table once.
func (c *ExclusionCheck) Check(ctx *sql.Context, t *storage.Table, row sql.Row) error {
	if ok, err := c.takesPart(ctx, row); !ok || err != nil {
		return err
	}
	self, err := c.conflicts(ctx, row, row)
	if err != nil {
		return err
	}
	rows, err := allRows(ctx, t)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if ok, err := c.takesPart(ctx, r); !ok || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		hit, err := c.conflicts(ctx, r, row)
		if err != nil {
			return err
		}
		if !hit {
			continue
		}
		if self && sameRow(r, row) {
			self = false // the row itself
			continue
		}
		return c.violation(pgerror.ExclusionViolation, "conflicting key value violates exclusion constraint \""+c.name+"\"",
			"Key "+c.key(row)+" conflicts with existing key "+c.key(r)+".")
	}
	return nil
}

// checkAll fails when two existing rows of t conflict (ADD CONSTRAINT).
func (c *ExclusionCheck) checkAll(ctx *sql.Context, t *storage.Table) error {
	rows, err := allRows(ctx, t)
	if err != nil {
		return err
	}
	for i, a := range rows {
		if ok, err := c.takesPart(ctx, a); !ok || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		for _, b := range rows[:i] {
			if ok, err := c.takesPart(ctx, b); !ok || err != nil {
				if err != nil {
					return err
				}
				continue
			}
			hit, err := c.conflicts(ctx, b, a)
			if err != nil {
				return err
			}
			if hit {
				return c.violation(pgerror.ExclusionViolation, "could not create exclusion constraint \""+c.name+"\"",
					"Key "+c.key(a)+" conflicts with key "+c.key(b)+".")
			}
		}
	}
	return nil
}

func (c *ExclusionCheck) violation(code, msg, detail string) error {
	return &pgerror.Error{Severity: "ERROR", Code: code, Message: msg, Detail: detail, Table: c.table, Constraint: c.name}
}

// key is PostgreSQL's "(cols)=(values)" of row.
func (c *ExclusionCheck) key(row sql.Row) string {
	cols := make([]string, len(c.names))
	vals := make([]string, len(c.cols))
	for i, o := range c.cols {
		cols[i] = pgcatalog.QuoteIdent(c.names[i])
		switch {
		case row[o] == nil:
			vals[i] = "null"
		case c.types[i] != nil:
			vals[i] = types.Output(c.types[i], row[o], nil)
		}
	}
	return "(" + strings.Join(cols, ", ") + ")=(" + strings.Join(vals, ", ") + ")"
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
		if fmt.Sprint(a[i]) != fmt.Sprint(b[i]) {
			return false
		}
	}
	return true
}
