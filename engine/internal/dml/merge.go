package dml

import (
	"context"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// merge runs MERGE (PostgreSQL docs, MERGE): the join of source and
// target is read once, then each source row's chosen action runs as a
// one-row statement, in the join's order, so row triggers fire as the
// rows are processed. Statement triggers fire once for every action kind
// the MERGE names, whether or not a row takes it, in PostgreSQL's order:
// BEFORE INSERT, UPDATE, DELETE; AFTER UPDATE, DELETE, INSERT; their
// transition tables hold every action's rows. A target row that a second
// source row would update or delete is 21000.
func merge(h Host, gctx *sql.Context, m *translate.MergeSteps) (Result, error) {
	tbl, err := lookupTable(h, gctx, m.Target)
	if err != nil {
		return Result{}, err
	}
	q := tableQName(tbl)
	run := &partsRun{root: q, byEvent: map[catalog.TriggerEvent]*firingSet{}}
	if h.Catalog().HasTriggers(q) {
		if err := mergeStatementTriggers(h, gctx, tbl, m, run); err != nil {
			return Result{}, err
		}
	}
	sel, err := Step(h, gctx, m.Select)
	if err != nil {
		return Result{}, err
	}
	n := len(tbl.Schema())
	row := &translate.MergeRow{Quals: make([]string, len(sel.Schema)), Names: make([]string, len(sel.Schema)), Types: sel.Types}
	for i, c := range sel.Schema {
		row.Names[i] = c.Name
		switch {
		case i < 2:
			row.Quals[i], row.Names[i] = "*target*", []string{"ctid", "tableoid"}[i]
		case i == 2:
			row.Quals[i] = "*clause*"
		case i < 3+n:
			row.Quals[i] = "*target*"
		default:
			row.Quals[i] = c.Source
		}
	}
	ctx := gctx.WithContext(context.WithValue(gctx.Context, partsKey{}, run))
	// acted maps each target row acted on to the source row that did
	acted := map[string]string{}
	keyless := len(tbl.PrimaryKeySchema().PkOrdinals) == 0
	var pk []string
	for _, o := range tbl.PrimaryKeySchema().PkOrdinals {
		pk = append(pk, tbl.Schema()[o].Name)
	}
	out := Result{OK: true}
	for _, r := range sel.Rows {
		k, ok := clauseNumber(r[2])
		if !ok || k == 0 {
			continue
		}
		c := m.Clauses[k-1]
		switch c.Action {
		case translate.MergeNothing:
			continue
		case translate.MergeRefuse:
			return Result{}, pgerror.New(pgerror.InsufficientPrivilege, "target row violates row-level security policy (USING expression) for table %q", tbl.Name())
		case translate.MergeUpdate, translate.MergeDelete:
			key := fmt.Sprint(r[1], "/", r[0])
			src := fmt.Sprint(r[3+n:]...)
			if by, done := acted[key]; done {
				if !keyless || by != src {
					return Result{}, pgerror.New(pgerror.CardinalityViolation, "MERGE command cannot affect row a second time").
						WithHint("Ensure that not more than one source row matches any one target row.")
				}
				// identical rows of a keyless table share a ctid: the
				// step that found one acted on all of them (Step)
				continue
			}
			acted[key] = src
		}
		row.Values = r
		step, err := m.Step(k-1, row, keyless, pk)
		if err != nil {
			return Result{}, err
		}
		res, err := RunResult(h, ctx, step)
		if err != nil {
			return Result{}, err
		}
		out.Affected += res.Count()
	}
	return out, nil
}

// clauseNumber reads the chosen clause's number from the join's row.
func clauseNumber(v any) (int, bool) {
	switch x := v.(type) {
	case int32:
		return int(x), true
	case int64:
		return int(x), true
	case int:
		return x, true
	case int16:
		return int(x), true
	}
	return 0, false
}

// mergeStatementTriggers fires the BEFORE STATEMENT triggers of the action
// kinds m names and queues their AFTER STATEMENT triggers; run gathers
// the transition rows of the queued ones.
func mergeStatementTriggers(h Host, gctx *sql.Context, tbl interface{ Schema() sql.Schema }, m *translate.MergeSteps, run *partsRun) error {
	var named [4]bool
	var setCols []string
	for _, c := range m.Clauses {
		switch c.Action {
		case translate.MergeInsert:
			named[0] = true
		case translate.MergeUpdate:
			named[1] = true
			setCols = append(setCols, c.Columns...)
		case translate.MergeDelete:
			named[2] = true
		}
	}
	events := []catalog.TriggerEvent{catalog.EventInsert, catalog.EventUpdate, catalog.EventDelete}
	sets := make([]*firingSet, 3)
	for i, ev := range events {
		if !named[i] {
			continue
		}
		sets[i] = triggersOn(h, run.root, tbl.Schema(), ev, setCols)
		if err := fireStatementTriggers(h, gctx, sets[i], catalog.TimingBefore); err != nil {
			return err
		}
	}
	for _, i := range []int{1, 2, 0} {
		if fs := sets[i]; fs != nil {
			queueStatementTriggers(h, fs)
			if fs.collect {
				run.byEvent[events[i]] = fs
			}
		}
	}
	return nil
}
