package storage

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

// Check constraints are stored as given (name, expression text, enforced);
// GMS re-parses and evaluates them on writes.

// ErrCheckExists is returned when a check constraint name is taken.
var ErrCheckExists = fmt.Errorf("storage: check constraint already exists")

// GetChecks implements sql.CheckTable.
func (h *Table) GetChecks(ctx *sql.Context) ([]sql.CheckDefinition, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, err
	}
	out := append([]sql.CheckDefinition(nil), td.def.checks...)
	schema, name := td.def.schema, td.def.name
	t.mu.Unlock()
	if cr, ok := ctx.Session.(CheckResolver); ok && len(out) > 0 {
		if out, err = cr.ResolveChecks(out); err != nil {
			return nil, err
		}
	}
	if rs, ok := ctx.Session.(RowSecurity); ok {
		out = append(out, rs.RowSecurityChecks(schema, name)...)
	}
	return out, nil
}

// StoredChecks returns the table's check constraints as stored, their
// text as written: what pg_constraint shows and DDL rewrites, where
// GetChecks hands GMS the forms a session resolved for evaluation.
func (h *Table) StoredChecks(ctx *sql.Context) ([]sql.CheckDefinition, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, err
	}
	out := append([]sql.CheckDefinition(nil), td.def.checks...)
	t.mu.Unlock()
	return out, nil
}

// RowSecurity is implemented by sessions whose running statement must
// also enforce row security WITH CHECK expressions on the rows it writes.
type RowSecurity interface {
	RowSecurityChecks(schema, table string) []sql.CheckDefinition
}

// CheckResolver is implemented by sessions that resolve check expressions
// the engine's shared parser cannot (calls of user functions): it returns
// the checks with such expressions replaced by ones the parser knows.
type CheckResolver interface {
	ResolveChecks(checks []sql.CheckDefinition) ([]sql.CheckDefinition, error)
}

// CreateCheck implements sql.CheckAlterableTable.
func (h *Table) CreateCheck(ctx *sql.Context, check *sql.CheckDefinition) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		for _, c := range td.def.checks {
			if c.Name == check.Name {
				return fmt.Errorf("%w: %q on table %q", ErrCheckExists, check.Name, td.def.name)
			}
		}
		d := td.def.clone()
		d.checks = append(append([]sql.CheckDefinition(nil), d.checks...), *check)
		d.seq = t.nextSeq() // relchecks changes
		td.def = d
		return nil
	})
}

// DropCheck implements sql.CheckAlterableTable.
func (h *Table) DropCheck(ctx *sql.Context, name string) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		d := td.def.clone()
		d.checks = nil
		found := false
		for _, c := range td.def.checks {
			if c.Name == name {
				found = true
				continue
			}
			d.checks = append(d.checks, c)
		}
		if !found {
			return sql.ErrUnknownConstraint.New(name)
		}
		d.notValid = withoutName(d.notValid, name)
		d.seq = t.nextSeq() // relchecks changes
		td.def = d
		return nil
	})
}

// SetCheckValidated records whether check constraint name holds for the
// existing rows: false for one added NOT VALID (PostgreSQL's
// pg_constraint.convalidated), true once VALIDATE CONSTRAINT checked them.
func (h *Table) SetCheckValidated(ctx *sql.Context, name string, valid bool) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		found := false
		for _, c := range td.def.checks {
			found = found || c.Name == name
		}
		if !found {
			return sql.ErrUnknownConstraint.New(name)
		}
		d := td.def.clone()
		d.notValid = withoutName(d.notValid, name)
		if !valid {
			d.notValid = append(d.notValid, name)
		}
		td.def = d
		return nil
	})
}

// NotValidChecks lists the check constraints added NOT VALID and not
// validated since.
func (h *Table) NotValidChecks(ctx *sql.Context) ([]string, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, err
	}
	out := append([]string(nil), td.def.notValid...)
	t.mu.Unlock()
	return out, nil
}

// withoutName returns names without name, as a new slice.
func withoutName(names []string, name string) []string {
	var out []string
	for _, n := range names {
		if n != name {
			out = append(out, n)
		}
	}
	return out
}

// ExclusionChecker is implemented by sessions that enforce exclusion
// constraints (PostgreSQL docs: CREATE TABLE, EXCLUDE), which need the
// engine's operators: each row written to a table, once in it, is
// checked against the table's other rows.
type ExclusionChecker interface {
	CheckExclusion(ctx *sql.Context, t *Table, row sql.Row) error
}

// checkExclusion runs the session's exclusion check on a written row.
func (h *Table) checkExclusion(ctx *sql.Context, row sql.Row) error {
	if ec, ok := ctx.Session.(ExclusionChecker); ok {
		return ec.CheckExclusion(ctx, h, row)
	}
	return nil
}
