package session

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/tinybase/tinybase/internal/pgtree"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Prepared is a statement parsed once for the extended query protocol:
// its parameter types (given by the client or inferred from context) and
// its result columns, known without executing it.
type Prepared struct {
	SQL string
	// ParamOIDs are the parameter types as ParameterDescription reports
	// them; a parameter whose type could not be inferred is text (25), as
	// PostgreSQL reports it.
	ParamOIDs []uint32
	// Columns are the result columns; nil when the statement returns no rows.
	Columns []Column
	// Tag is the command-tag verb ("SELECT", "INSERT", ...); empty for an
	// empty query.
	Tag string

	node *pg.Node
	// stmt is node as parsed, before describing it translated it: what
	// each execution runs, so the text is never parsed again.
	stmt   *pg.Node
	params []*types.Type // nil entry: untyped, bound as an unknown literal
}

// Empty reports whether the statement is empty (only comments/whitespace).
func (p *Prepared) Empty() bool { return p.node == nil }

const protocolViolation = "08P01"

// Param is a bound parameter whose type is fixed: the engine treats it as
// a typed constant, as PostgreSQL treats a parameter of a known type.
type Param = translate.TypedParam

// TxStatus is the session's transaction status as ReadyForQuery reports it:
// 'I' idle, 'T' in a transaction block, 'E' in a failed block.
func (s *Session) TxStatus() byte {
	switch s.state {
	case txnActive:
		return 'T'
	case txnFailed:
		return 'E'
	}
	return 'I'
}

// User is the session's user.
func (s *Session) User() string { return s.user }

// Prepare parses sqlText (at most one statement), infers the types of its
// parameters ($n) from context — paramOIDs, when non-zero, fix them as the
// client's Parse message does — and describes its result columns without
// executing it.
func (s *Session) Prepare(ctx context.Context, sqlText string, paramOIDs []uint32) (p *Prepared, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = s.eng.panicked("preparing statement", sqlText, r)
			p = nil
		}
		s.abortBlockOn(err)
	}()
	tree, err := pgtree.Parse(sqlText)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	p = &Prepared{SQL: sqlText}
	if len(tree.Stmts) == 0 {
		return p, nil
	}
	if len(tree.Stmts) > 1 {
		return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
	}
	p.node = tree.Stmts[0].Stmt
	p.stmt = pgtree.Clone(p.node)
	if p.node.GetCopyStmt() != nil {
		// COPY runs through Copy, which checks it; it returns no rows
		// (its data moves in COPY messages) and takes no parameters
		p.Tag = "COPY"
		return p, nil
	}
	n := 0
	if p.node.GetPrepareStmt() == nil { // PREPARE's $n belong to the statement it names
		n = maxParam(p.node)
	}
	if len(paramOIDs) > n {
		n = len(paramOIDs)
	}
	inferred := s.inferParams(p.node, n)
	s.inferFromUse(p.node, sqlText, inferred, paramOIDs)
	p.params = make([]*types.Type, n)
	p.ParamOIDs = make([]uint32, n)
	for i := 0; i < n; i++ {
		if i < len(paramOIDs) && paramOIDs[i] != 0 {
			if t, ok := s.typeByOID(paramOIDs[i]); ok {
				p.params[i] = t
			} else {
				p.params[i] = inferred[i] // e.g. an enum by OID: bind untyped
			}
		} else {
			p.params[i] = inferred[i]
		}
		if p.params[i] != nil {
			p.ParamOIDs[i] = p.params[i].OID
		} else {
			p.ParamOIDs[i] = types.Text.OID
		}
	}
	if s.state == txnFailed {
		// PostgreSQL parses but cannot analyse in a failed block: describe
		// what can be described without touching the catalog.
		if ts := p.node.GetTransactionStmt(); ts == nil || !endsFailedBlock(ts.Kind) {
			return nil, errAborted()
		}
	}
	cols, tag, err := s.describe(ctx, p)
	if err != nil {
		return nil, err
	}
	p.Columns, p.Tag = cols, tag
	return p, nil
}

// typeByOID resolves a built-in or catalog type by OID.
func (s *Session) typeByOID(oid uint32) (*types.Type, bool) {
	if t, ok := types.ByOID(oid); ok {
		return t, true
	}
	if c, ok := s.translatorCatalog().(interface {
		TypeByOID(uint32) (*types.Type, bool)
	}); ok {
		return c.TypeByOID(oid)
	}
	return nil, false
}

// placeholderArgs are typed NULLs standing for the parameters while the
// statement is described.
func (p *Prepared) placeholderArgs() []any {
	args := make([]any, len(p.params))
	for i, t := range p.params {
		if t != nil {
			args[i] = Param{Type: t, Value: nil}
		}
	}
	return args
}

// describe translates and plans the statement with NULL parameters, inside
// a savepoint that is rolled back, and reports its result columns. Only
// statements that return rows are planned; others report no columns.
func (s *Session) describe(ctx context.Context, p *Prepared) ([]Column, string, error) {
	if ex := p.node.GetExecuteStmt(); ex != nil {
		// EXECUTE returns what the statement it names returns.
		if named, ok := s.sqlPrepared[ex.Name]; ok {
			return named.Columns, "EXECUTE", nil
		}
	}
	if f := p.node.GetFetchStmt(); f != nil && !f.Ismove {
		// FETCH returns its cursor's columns (cursor.go).
		if cols, ok, err := s.cursorColumns(ctx, f.Portalname); ok {
			return cols, "FETCH", err
		}
	}
	tr := &translate.Translator{Env: &s.env, Params: p.placeholderArgs(), Tables: s, Catalog: s.translatorCatalog()}
	res, err := tr.Statement(s.tempAliased(p.node)) // temp_schema.go
	if err != nil {
		return nil, "", err
	}
	if c, ok := res.Cmd.(*translate.CallProc); ok {
		// CALL returns its output parameters; the procedure is known once
		// the call is analyzed, which describing by running does.
		if c.Fn == nil {
			cols, tag, err := s.describeByRunning(ctx, p, res)
			if pe, ok := pgerror.As(err); ok && !strings.HasPrefix(pe.Code, "42") {
				// what the procedure raises when it runs is Execute's
				// error, as in PostgreSQL; only its analysis is Parse's
				return nil, res.Tag, nil
			}
			return cols, tag, err
		}
		var r Rows
		r.setColumns(callSchema(c)) // routines_host.go
		return r.cols, res.Tag, nil
	}
	if _, ok := res.Cmd.(*translate.Explain); ok {
		// one text column, as explainCommand returns it; describing an
		// EXPLAIN ANALYZE must not run its statement
		return valuesRows(res.Tag, "QUERY PLAN").Columns(), res.Tag, nil
	}
	if res.Tag != "SHOW" && res.Tag != "SELECT" && !res.Returning {
		return nil, res.Tag, nil
	}
	if _, ok := res.Cmd.(*translate.DML); ok || (res.Cmd != nil && res.Tag != "SHOW") {
		// Programs run eagerly: describing them means running them.
		return s.describeByRunning(ctx, p, res)
	}
	if res.Cmd != nil { // SHOW: no side effects
		_, rows, err := s.command(res)
		if err != nil {
			return nil, "", err
		}
		if rows == nil {
			return nil, res.Tag, nil
		}
		return rows.Columns(), res.Tag, nil
	}
	return s.describeByRunning(ctx, p, res)
}

// describeByRunning starts the statement inside a savepoint without
// reading a row, takes its columns and rolls everything back.
func (s *Session) describeByRunning(ctx context.Context, p *Prepared, res translate.Result) (cols []Column, tag string, err error) {
	prevState, hadTxn := s.state, s.txn != nil
	prevNotices := s.notices
	txn := s.StorageTxn()
	mark := txn.Savepoint()
	if len(res.Catalog) > 0 {
		return nil, res.Tag, nil // catalog side effects: describe nothing
	}
	s.state = txnActive        // nothing commits while describing
	prevImplicit := s.implicit // nor may a procedure COMMIT (implicit_block.go)
	s.implicit = notImplicit
	defer func() { s.implicit = prevImplicit }()
	cursors := s.cursorsSave() // cursor.go: what the statement fetches stays unread
	defer s.cursorsRestore(cursors)
	// AFTER trigger events the start queued (a partitioned table's UPDATE
	// moves its rows when it starts) are rolled back with the rows: the
	// queue's levels are put back as they were.
	prevAfter := append([][]dml.AfterEvent(nil), s.rt.after...)
	defer func() { s.rt.after = prevAfter }()
	notes := s.notifyMark()
	// Sequences are not transactional: describing takes their values
	// from a private copy and leaves currval as it was.
	prevSeqs, prevOverlay := s.seqState.Saved(), s.describeSeqs
	s.describeSeqs = map[uint32]seqValue{}
	defer func() {
		s.seqState, s.describeSeqs = prevSeqs, prevOverlay
		txn.RollbackTo(mark)
		s.notifyRollbackTo(notes)
		s.state = prevState
		s.notices = prevNotices
		if !hadTxn && prevState == txnIdle && s.txn != nil {
			s.txn.Rollback()
			s.txn = nil
		}
	}()
	if res.Cmd == nil {
		// A GMS statement is planned, not started: building its iterators
		// would already run the functions of a FROM clause (PostgreSQL
		// only plans a statement it describes).
		cols, err = s.describePlanned(ctx, p.SQL, res)
		if err != nil {
			return nil, "", err
		}
		return cols, res.Tag, nil
	}
	if d, ok := res.Cmd.(*translate.DML); ok && plannableCTEs(d) {
		cols, err = s.describeCTEsPlanned(ctx, p.SQL, res, d)
		if err != nil {
			return nil, "", err
		}
		return cols, res.Tag, nil
	}
	if d, ok := res.Cmd.(*translate.DML); ok && d.Upsert != nil {
		// Running INSERT ... ON CONFLICT with the placeholder NULLs would
		// trip the table's NOT NULL constraints: bind its RETURNING list.
		gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(p.SQL))
		schema, known, err := dml.ReturningSchema(dmlHost{s}, gctx, d)
		if err != nil {
			return nil, "", s.statementError(err, res.Tag)
		}
		if known {
			r := &Rows{}
			r.setColumns(schema)
			return r.Columns(), res.Tag, nil
		}
	}
	rows, err := s.runTranslated(ctx, p.SQL, p.node, res)
	if err != nil {
		return nil, "", err
	}
	cols = rows.Columns()
	if rows.iter != nil {
		closeUnread(rows)
	}
	rows.done = true
	return cols, res.Tag, nil
}

// describePlanned binds and analyzes a GMS statement as execute would
// and reports the analyzed plan's columns, without building iterators.
func (s *Session) describePlanned(ctx context.Context, sqlText string, res translate.Result) ([]Column, error) {
	if s.env.Now.IsZero() || s.state == txnIdle {
		s.env.Now = time.Now().UTC().Truncate(time.Microsecond)
	}
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(sqlText))
	if err := s.prepareDML(gctx, res.Stmt); err != nil {
		return nil, s.statementError(err, res.Tag)
	}
	if err := gctx.Session.ValidateSession(gctx); err != nil {
		return nil, s.statementError(err, res.Tag)
	}
	schema, err := s.planSchema(gctx, sqlText, res.Stmt)
	if err != nil {
		return nil, s.statementError(err, res.Tag)
	}
	r := &Rows{}
	r.setColumns(schema)
	return r.Columns(), nil
}

// plannableCTEs reports whether a DML program is a GMS statement reading
// data-modifying WITH items that are GMS statements themselves (INSERT,
// UPDATE or DELETE ... RETURNING as GMS runs them) or upserts: describing
// it plans each without running it (describeCTEsPlanned).
func plannableCTEs(d *translate.DML) bool {
	if d.Stmt == nil || d.Delete != nil || d.Update != nil || d.Upsert != nil || len(d.CTEs) == 0 {
		return false
	}
	for _, c := range d.CTEs {
		if upsertCTE(c) != nil {
			continue
		}
		if c.Stmt.Cmd != nil || c.Stmt.Stmt == nil || len(c.Stmt.Catalog) > 0 {
			return false
		}
	}
	return true
}

// upsertCTE is a WITH item's INSERT ... ON CONFLICT, whose RETURNING
// columns bind without running it (dml.ReturningSchema); nil for any
// other item.
func upsertCTE(c *translate.ModifyingCTE) *translate.DML {
	d, ok := c.Stmt.Cmd.(*translate.DML)
	if !ok || d.Upsert == nil || len(d.CTEs) > 0 || len(d.Parts) > 0 || len(c.Stmt.Catalog) > 0 {
		return nil
	}
	return d
}

// describeCTEsPlanned describes a statement with data-modifying WITH
// items: each item is planned and its body made an empty result of its
// RETURNING columns, then the main statement is planned. Nothing runs,
// so no parameter's placeholder NULL reaches a constraint.
func (s *Session) describeCTEsPlanned(ctx context.Context, sqlText string, res translate.Result, d *translate.DML) ([]Column, error) {
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(sqlText))
	for _, c := range d.CTEs {
		if u := upsertCTE(c); u != nil {
			schema, _, err := dml.ReturningSchema(dmlHost{s}, gctx, u)
			if err != nil {
				return nil, s.statementError(err, c.Stmt.Tag)
			}
			if err := dml.PlannedCTE(c, schema); err != nil {
				return nil, err
			}
			continue
		}
		if err := s.prepareDML(gctx, c.Stmt.Stmt); err != nil {
			return nil, s.statementError(err, c.Stmt.Tag)
		}
		schema, err := s.planSchema(gctx, sqlText, c.Stmt.Stmt)
		if err != nil {
			return nil, s.statementError(err, c.Stmt.Tag)
		}
		if err := dml.PlannedCTE(c, schema); err != nil {
			return nil, err
		}
	}
	return s.describePlanned(ctx, sqlText, translate.Result{Stmt: d.Stmt, Tag: res.Tag, Returning: res.Returning})
}

// planSchema binds and analyzes a GMS statement as running it would, and
// returns the analyzed plan's columns; no iterator is built.
func (s *Session) planSchema(gctx *sql.Context, sqlText string, stmt sqlparser.Statement) (sql.Schema, error) {
	var analyzed sql.Node
	var err error
	if analyzedHere(stmt) {
		analyzed, _, err = s.analyzeDML(gctx, sqlText, stmt)
	} else {
		analyzed, _, _, _, err = s.analyzeQuery(gctx, sqlText, stmt)
		s.plans.once = nil // the per-execution values of a plan nothing runs
	}
	if err != nil {
		return nil, err
	}
	return analyzed.Schema(), nil
}

// QueryPrepared runs a prepared statement with parameters: each is nil
// (NULL), a Param (typed), or a string (text form; converted with the
// parameter type's input function, or an untyped literal).
func (s *Session) QueryPrepared(ctx context.Context, p *Prepared, args []any) (*Rows, error) {
	bound, err := s.BindParams(p, args)
	if err != nil {
		return nil, err
	}
	return s.QueryBound(ctx, p, bound)
}

// BindParams converts parameters as the Bind message does: a value that
// is not valid input for its parameter's type fails here (22P02 ...),
// before anything runs.
func (s *Session) BindParams(p *Prepared, args []any) (_ []any, err error) {
	defer func() { s.abortBlockOn(err) }()
	if len(args) != len(p.params) {
		return nil, pgerror.New(protocolViolation, "bind message supplies %d parameters, but prepared statement \"\" requires %d", len(args), len(p.params))
	}
	bound := make([]any, len(args))
	for i, a := range args {
		t := p.params[i]
		switch v := a.(type) {
		case nil:
			if t != nil {
				if err := domainAllowsNull(t); err != nil {
					s.failed()
					return nil, err
				}
				bound[i] = Param{Type: t}
			}
		case string:
			if t == nil || t.Kind == types.KindUnknown {
				bound[i] = v
				continue
			}
			val, err := types.Input(t, v, &s.env)
			if err == nil && t.Domain != nil {
				// domain_in: the base type's typmod and the domain's checks
				val, err = types.ApplyMod(val, t, false)
			}
			if err != nil {
				s.failed()
				return nil, err
			}
			bound[i] = Param{Type: t, Value: val}
		default:
			bound[i] = a
		}
	}
	return bound, nil
}

// domainAllowsNull checks a NULL parameter of type t against the NOT NULL
// of t's domains, as domain_in does for a NULL at Bind.
func domainAllowsNull(t *types.Type) error {
	for d := t; d.Domain != nil; d = d.Domain {
		if d.Check != nil {
			if err := d.Check(nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// QueryBound runs a prepared statement with parameters BindParams returned:
// the statement Prepare parsed, not its text again (the text stays its
// key in the statement caches).
func (s *Session) QueryBound(ctx context.Context, p *Prepared, bound []any) (*Rows, error) {
	if p.node == nil {
		return &Rows{done: true}, nil
	}
	if s.implicit == implicitPipeline {
		if err := s.pipelineStatement(p.stmt); err != nil { // implicit_block.go
			s.failed()
			return nil, err
		}
	}
	s.noteClientQuery(p.SQL)
	s.startStatement()
	start := time.Now()
	rows, err := s.query(ctx, p.SQL, p.stmt, bound)
	s.trackStatement(p.SQL, start, rows, err) // stmtstats.go
	s.endActivityWith(rows, err)              // activity.go
	return rows, err
}

// ParamType returns the type of parameter i (0-based); nil when untyped.
func (p *Prepared) ParamType(i int) *types.Type {
	if i < 0 || i >= len(p.params) {
		return nil
	}
	return p.params[i]
}

// String is for debugging.
func (p *Prepared) String() string { return fmt.Sprintf("prepared(%q)", p.SQL) }

// TextAt returns column i of the current row in PostgreSQL's text format;
// ok is false for NULL.
func (r *Rows) TextAt(i int) (s string, ok bool) {
	v := r.cur[i]
	if v == nil {
		return "", false
	}
	var env *types.Env
	if r.s != nil {
		env = &r.s.env
	}
	return types.Output(r.colTypes[i], v, env), true
}

// AppendTextAt appends the text form of the current row's value i to
// buf (TextAt without the intermediate string); ok is false for NULL.
func (r *Rows) AppendTextAt(buf []byte, i int) (_ []byte, ok bool) {
	v := r.cur[i]
	if v == nil {
		return buf, false
	}
	var env *types.Env
	if r.s != nil {
		env = &r.s.env
	}
	return types.AppendOutput(buf, r.colTypes[i], v, env), true
}

// TextRows reads the remaining rows in text format, NULL as nil: one
// allocation per row for the values rather than one per value (the
// catalog readers of lint and typegen read thousands of them).
func (r *Rows) TextRows() ([][]*string, error) {
	n := len(r.Columns())
	var out [][]*string
	for r.Next() {
		vals := make([]string, n)
		row := make([]*string, n)
		for i := range row {
			if v, ok := r.TextAt(i); ok {
				vals[i] = v
				row[i] = &vals[i]
			}
		}
		out = append(out, row)
	}
	return out, r.Err()
}

// Abandon ends a result without reading its remaining rows, as closing a
// portal does: the statement finishes (an implicit transaction commits
// what it did) and its error, if any, is returned.
func (r *Rows) Abandon() error {
	if r.done {
		return r.err
	}
	r.finish(nil)
	return r.err
}

// closeUnread closes a result's iterator before its first row; some GMS
// iterators (grouping) assume Next ran and panic in Close otherwise.
func closeUnread(r *Rows) {
	defer func() { _ = recover() }()
	_ = r.iter.Close(r.gctx)
}

// ParamFromText returns an argument of the built-in type named typeName
// (its pg_type name or SQL spelling: "int8", "bigint") read from text by
// the type's input function; a nil text is the type's NULL.
func ParamFromText(typeName string, text *string) (Param, error) {
	t, ok := types.ByName(typeName)
	if !ok {
		return Param{}, pgerror.New(pgerror.UndefinedObject, "type %q does not exist", typeName)
	}
	if text == nil {
		return Param{Type: t}, nil
	}
	v, err := types.Input(t, *text, nil)
	if err != nil {
		return Param{}, err
	}
	return Param{Type: t, Value: v}, nil
}

// abortBlockOn aborts the transaction block when a Parse or Bind failed
// inside one, as any error there does in PostgreSQL.
func (s *Session) abortBlockOn(err error) {
	if err != nil && s.state == txnActive {
		s.state = txnFailed
	}
}
