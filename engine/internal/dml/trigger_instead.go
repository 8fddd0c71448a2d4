package dml

import (
	"context"
	"fmt"
	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// INSTEAD OF triggers (docs 39.1; CREATE TRIGGER): INSERT, UPDATE or
// DELETE on a view with an INSTEAD OF row trigger for the event writes
// nothing itself. The view rows the statement targets (UPDATE, DELETE:
// the view filtered by WHERE) and the new rows (INSERT: the VALUES or
// query, UPDATE: the SET values over the old row) are computed by one
// query the translator builds (translate.InsteadOf), then each row is
// passed to the view's INSTEAD OF triggers in name order as OLD / NEW; a
// trigger returning NULL skips the row (and the triggers after it), and
// the command tag counts the rows none skipped. Everything runs in the
// statement's transaction, so an error undoes what earlier rows' trigger
// calls did.

// InsteadOf runs a write on a view through its INSTEAD OF triggers: the
// command tag, and the RETURNING rows when the statement has RETURNING.
func InsteadOf(h Host, ctx context.Context, c *translate.InsteadOf) (string, *plpgsql.Result, error) {
	n, ret, err := insteadOf(h, ctx, c)
	if err != nil {
		return "", nil, err
	}
	switch c.Event {
	case catalog.EventInsert:
		return fmt.Sprintf("INSERT 0 %d", n), ret, nil
	case catalog.EventUpdate:
		return fmt.Sprintf("UPDATE %d", n), ret, nil
	}
	return fmt.Sprintf("DELETE %d", n), ret, nil
}

// insteadOfResult runs a data-modifying WITH item that writes a view
// through its INSTEAD OF triggers: its RETURNING rows (those the
// triggers returned) become the item's rows.
func insteadOfResult(h Host, gctx *sql.Context, c *translate.InsteadOf) (Result, error) {
	n, ret, err := insteadOf(h, gctx, c)
	if err != nil {
		return Result{}, err
	}
	if ret == nil {
		return Result{Affected: int64(n), OK: true}, nil
	}
	res := Result{Affected: int64(n), Types: ret.Types, Schema: make(sql.Schema, len(ret.Names)), Rows: make([]sql.Row, len(ret.Rows))}
	for i, name := range ret.Names {
		res.Schema[i] = &sql.Column{Name: name, Type: ret.Types[i], Nullable: true}
	}
	for i, r := range ret.Rows {
		res.Rows[i] = r
	}
	return res, nil
}

func insteadOf(h Host, ctx context.Context, c *translate.InsteadOf) (int, *plpgsql.Result, error) {
	count := 0
	var returned [][]any
	var ret *plpgsql.Result
	err := h.InPL(ctx, func(ctx context.Context) error {
		if err := h.LockForWrite(ctx); err != nil {
			return err
		}
		res, err := insteadOfQuery(h, ctx, c, c.Query)
		if err != nil {
			return err
		}
		width := len(c.Columns)
		var viewTypes []*types.Type
		switch c.Event {
		case catalog.EventInsert:
			desc, err := insteadOfQuery(h, ctx, c, c.Describe)
			if err != nil {
				return err
			}
			viewTypes = desc.Types
		default:
			viewTypes = res.Types[:width]
		}
		sch := make(sql.Schema, width)
		for i, name := range c.Columns {
			sch[i] = &sql.Column{Name: name, Type: viewTypes[i], Nullable: true, Source: c.View.Name}
		}
		fs := triggersOn(h, c.View, sch, c.Event, nil)
		gctx := h.GMSContext(ctx)
		for _, row := range res.Rows {
			var oldVals, newVals []any
			switch c.Event {
			case catalog.EventInsert:
				newVals = row
			case catalog.EventUpdate:
				oldVals, newVals = row[:width], row[width:]
			default:
				oldVals = row
			}
			if newVals != nil {
				from := res.Types
				if c.Event == catalog.EventUpdate {
					from = res.Types[width:]
				}
				if newVals, err = castValues(h, gctx, newVals, from, viewTypes); err != nil {
					return err
				}
			}
			keep := true
			out := oldVals
			if c.Event != catalog.EventDelete {
				out = newVals
			}
			for _, tg := range fs.triggers {
				if tg.Timing != catalog.TimingInstead || !tg.ForEachRow {
					continue
				}
				r, err := h.CallTriggerFunction(gctx, fs.fns[tg.Function], fs.data(tg, newVals, oldVals))
				if err != nil {
					return err
				}
				if r.Null || r.Row == nil {
					keep = false
					break
				}
				if c.Event != catalog.EventDelete {
					newVals = r.Row
				}
				out = r.Row
			}
			if keep {
				count++
				if c.Returning != nil {
					returned = append(returned, out)
				}
			}
		}
		if c.Returning == nil {
			return nil
		}
		rels := h.TransitionTables()
		n := len(*rels)
		*rels = append(*rels, TransitionRel{name: translate.InsteadOfReturning, sch: sch, rows: returned})
		defer func() { *rels = (*rels)[:n] }()
		ret, err = insteadOfQuery(h, ctx, c, c.Returning)
		return err
	})
	return count, ret, err
}

// insteadOfQuery runs one of the queries of an INSTEAD OF write in the
// statement's transaction.
func insteadOfQuery(h Host, ctx context.Context, c *translate.InsteadOf, q *pg.Node) (*plpgsql.Result, error) {
	return h.QueryNested(ctx, pgtree.Clone(q), c.Params, c.BoundParams)
}

// castValues assignment-casts a row to the view's column types.
func castValues(h Host, gctx *sql.Context, vals []any, from, to []*types.Type) ([]any, error) {
	out := make([]any, len(vals))
	for i, v := range vals {
		if v == nil || from[i] == nil || from[i].OID == to[i].OID && from[i].Mod == to[i].Mod {
			out[i] = v
			continue
		}
		e, err := expr.Coerce(h.TypesEnv(), expr.NewLiteral(from[i], v), to[i], types.CastAssignment)
		if err != nil {
			return nil, err
		}
		if out[i], err = e.Eval(gctx, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}
