package session

import (
	"context"
	"io"
	"slices"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Rows is one statement's result, streamed: rows are produced as Next is
// called, so a large SELECT is never materialised.
type Rows struct {
	s         *Session
	gctx      *sql.Context
	iter      sql.RowIter
	kind      string
	mark      storage.Mark
	returning bool

	cols     []Column
	colTypes []*types.Type
	foreign  []bool // column produced by a GMS-typed expression

	static  [][]any // rows of engine commands (SHOW)
	notices []Notice
	cur     []any
	count   int64
	tag     string
	err     error
	stops   []context.CancelFunc // statement_timeout timers, stopped at finish
	// stat is recorded once the rows are finished, tag and error set
	// (pg_stat_statements: stmtstats.go).
	stat pendingStat
	// act is the session whose activity the rows' end makes idle.
	act  *Session
	done bool
}

func (r *Rows) setColumns(schema sql.Schema) {
	memo := r.s != nil && len(r.cols) == 0
	if memo && r.s.colMemo.describes(schema) {
		m := &r.s.colMemo
		r.cols, r.colTypes, r.foreign = m.cols, m.colTypes, m.foreign
		return
	}
	defer func() {
		if memo {
			r.s.colMemo = columnsMemo{schema: schema, cols: slices.Clip(r.cols), colTypes: slices.Clip(r.colTypes), foreign: slices.Clip(r.foreign)}
		}
	}()
	r.foreign = slices.Grow(r.foreign, len(schema))
	r.colTypes = slices.Grow(r.colTypes, len(schema))
	r.cols = slices.Grow(r.cols, len(schema))
	for _, c := range schema {
		t := expr.FromGMSType(c.Type)
		_, ours := c.Type.(*types.Type)
		r.foreign = append(r.foreign, !ours)
		r.colTypes = append(r.colTypes, t)
		if t.Domain != nil {
			t = t.Base() // a domain is described as its base type
		}
		oid := t.OID
		name := t.FormatType()
		if t.Kind == types.KindUnknown {
			t = types.Text
			oid, name = t.OID, "text"
			r.colTypes[len(r.colTypes)-1] = types.Text
		}
		r.cols = append(r.cols, Column{Name: translate.DisplayName(c.Name), TypeOID: oid, TypeMod: t.Mod, TypeName: name})
	}
}

// columnsMemo is the description of the schema a session's statement
// last returned: a cached plan returns the same schema at every
// execution, and describing it again was three allocations and a type
// name per column. The slices are shared by the Rows of that schema and
// never changed (clipped, so no append writes into them).
type columnsMemo struct {
	schema   sql.Schema
	cols     []Column
	colTypes []*types.Type
	foreign  []bool
}

// describes reports whether schema is the memo's: the same columns.
func (m *columnsMemo) describes(schema sql.Schema) bool {
	if m.cols == nil || len(schema) != len(m.schema) || len(schema) == 0 {
		return false
	}
	for i, c := range schema {
		if c != m.schema[i] {
			return false
		}
	}
	return true
}

// valuesRows builds the result of an engine command with one text column.
func valuesRows(tag, col string, vals ...string) *Rows {
	r := &Rows{kind: tag}
	r.cols = []Column{{Name: col, TypeOID: types.Text.OID, TypeMod: -1, TypeName: "text"}}
	r.colTypes = []*types.Type{types.Text}
	r.foreign = []bool{false}
	for _, v := range vals {
		r.static = append(r.static, []any{v})
	}
	return r
}

// Columns describes the result columns; empty for statements without rows.
func (r *Rows) Columns() []Column { return r.cols }

// Next advances to the next row.
func (r *Rows) Next() bool {
	if r.done {
		return false
	}
	if r.iter == nil {
		if len(r.static) == 0 {
			r.finish(nil)
			return false
		}
		r.cur, r.static = r.static[0], r.static[1:]
		r.count++
		return true
	}
	row, err := r.next()
	if err != nil {
		if err == io.EOF {
			err = nil
		}
		r.finish(err)
		return false
	}
	r.cur = row
	r.count++
	return true
}

func (r *Rows) next() (row sql.Row, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = pgerror.Internal(p)
			if r.s != nil {
				err = r.s.eng.panicked("reading rows", "", p)
			}
		}
	}()
	if r.s != nil && r.count == 0 {
		r.s.takeDeferredError() // left by an earlier statement's unread rows
	}
	row, err = r.iter.Next(r.gctx)
	if r.s != nil {
		if e := r.s.takeDeferredError(); e != nil {
			return nil, e
		}
	}
	if err != nil {
		return nil, err
	}
	for i, v := range row {
		if i < len(r.foreign) && r.foreign[i] && v != nil {
			if row[i], err = expr.FromGMSValue(r.colTypes[i], v); err != nil {
				return nil, err
			}
		}
	}
	return row, nil
}

func (r *Rows) finish(err error) {
	if r.done {
		return
	}
	r.done = true
	defer func() {
		for _, stop := range r.stops {
			stop() // the statement_timeout timer (session.go)
		}
		r.stops = nil
		r.recordStat()
		if r.act != nil {
			r.act.activityEnd()
		}
	}()
	r.cur = nil
	if r.iter != nil {
		if cerr := r.iter.Close(r.gctx); err == nil && cerr != nil {
			err = cerr
		}
	}
	if err != nil {
		if r.s != nil {
			err = r.s.statementError(err, r.kind)
		} else {
			err = mapError(err)
		}
	}
	if r.s != nil {
		err = r.s.finish(r.mark, err)
		r.notices = append(r.notices, r.s.takeNotices()...)
	}
	r.err = err
	if r.tag == "" {
		switch r.kind {
		case "SELECT", "UPDATE", "DELETE":
			r.tag = r.kind + " " + strconv.FormatInt(r.count, 10)
		case "SHOW":
			r.tag = "SHOW"
		case "INSERT":
			if r.count == 1 { // the single-row INSERT's tag, without building it
				r.tag = "INSERT 0 1"
				break
			}
			r.tag = "INSERT 0 " + strconv.FormatInt(r.count, 10)
		default:
			r.tag = r.kind
		}
	}
}

// drainOK consumes a DML/DDL result (GMS reports affected rows in an
// OkResult row) and sets the command tag.
func (r *Rows) drainOK() {
	var affected int64
	var err error
	for {
		var row sql.Row
		row, err = r.next()
		if err != nil {
			break
		}
		if len(row) == 1 {
			if ok, isOK := row[0].(gmstypes.OkResult); isOK {
				affected += int64(ok.RowsAffected)
				if ui, isUp := ok.Info.(plan.UpdateInfo); isUp {
					affected = int64(ui.Matched)
				}
			}
		}
	}
	if err == io.EOF {
		err = nil
	}
	r.count = affected
	r.finish(err)
}

// ReuseRows tells the statement that its caller reads each row before
// calling Next again and keeps neither the slice Values returns nor the
// row: the rows may then be built in one buffer instead of allocated
// one by one (pgwire, which encodes each row as it comes). Called before
// the first Next.
func (r *Rows) ReuseRows() {
	if r.s != nil && r.gctx != nil && r.iter != nil && r.count == 0 {
		r.s.signed.ReuseRows(r.gctx)
	}
}

// Values returns the current row's values (tinybase Go representations).
func (r *Rows) Values() []any { return r.cur }

// Text returns the current row in PostgreSQL's text format; nil is NULL.
func (r *Rows) Text() []*string {
	out := make([]*string, len(r.cur))
	for i, v := range r.cur {
		if v == nil {
			continue
		}
		var env *types.Env
		if r.s != nil {
			env = &r.s.env
		}
		s := types.Output(r.colTypes[i], v, env)
		out[i] = &s
	}
	return out
}

// Err returns the error that ended iteration, if any.
func (r *Rows) Err() error { return r.err }

// Tag is the command tag, valid once Next has returned false.
func (r *Rows) Tag() string { return r.tag }

// Close releases the result, finishing the statement if rows remain.
func (r *Rows) Close() error {
	for r.Next() {
	}
	return r.err
}

// Notices returns the notices the statement raised; complete once Next has
// returned false.
func (r *Rows) Notices() []Notice { return r.notices }
