package dml

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// A row routed from a partitioned table into a partition must satisfy
// the partition's CHECK constraints (docs 5.4.1). GMS checks the named
// table's, which every partition has too; a partition's own (ones the
// named table lacks) are checked here.

// leafCheck is a partition's CHECK constraint resolved over its row.
type leafCheck struct {
	name string
	e    sql.Expression
}

// leafChecks are leaf's CHECK constraints that target (the table the
// statement names) lacks, once per statement. A check whose text does
// not translate here is left out.
func (r *Router) leafChecks(ctx *sql.Context, target, leaf *storage.Table) ([]leafCheck, error) {
	if r.checks == nil {
		r.checks = map[catalog.QName][]leafCheck{}
	}
	q := tableQName(leaf)
	if cs, ok := r.checks[q]; ok {
		return cs, nil
	}
	own, err := leaf.GetChecks(ctx)
	if err != nil {
		return nil, err
	}
	named, err := target.GetChecks(ctx)
	if err != nil {
		return nil, err
	}
	skip := map[string]bool{}
	for _, c := range named {
		skip[c.Name] = true
	}
	var out []leafCheck
	tr := &translate.Translator{Env: r.env}
	for _, c := range own {
		if skip[c.Name] || !c.Enforced {
			continue
		}
		v, err := tr.ScalarSource(c.CheckExpression)
		if err != nil {
			continue
		}
		e, err := r.h.ResolveOver(leaf.Schema(), v)
		if err != nil {
			continue
		}
		out = append(out, leafCheck{name: c.Name, e: e})
	}
	r.checks[q] = out
	return out, nil
}

// checkLeaf checks a row routed from target into leaf against the
// leaf's own CHECK constraints (NULL passes, as in PostgreSQL).
func (r *Router) checkLeaf(ctx *sql.Context, target, leaf *storage.Table, row sql.Row) error {
	if leaf == target {
		return nil
	}
	cs, err := r.leafChecks(ctx, target, leaf)
	if err != nil {
		return err
	}
	for _, c := range cs {
		v, err := c.e.Eval(ctx, row)
		if err != nil {
			return err
		}
		if b, ok := v.(bool); ok && !b {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Schema: leaf.SchemaName(), Table: leaf.Name(), Constraint: c.name,
				Message: fmt.Sprintf("new row for relation %q violates check constraint %q", leaf.Name(), c.name),
				Detail:  FailingRow(leaf.Schema(), row, r.env)}
		}
	}
	return nil
}
