package session

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// SQL-level cursors (PostgreSQL docs: DECLARE, FETCH, MOVE, CLOSE, and
// 43.7 "Cursors" for the refcursor values PL/pgSQL hands around): a
// cursor is a named portal over a query's rows, living until CLOSE or the
// end of its transaction (WITH HOLD: until CLOSE or the session's end).
//
// The query runs once, on the cursor's first FETCH or MOVE (at DECLARE for
// WITH HOLD, which PostgreSQL materialises at COMMIT), and its rows are
// kept: a runtime error in the query is raised by the FETCH that runs it,
// as in PostgreSQL. Unlike PostgreSQL's, the rows are those visible at that
// first FETCH, not at DECLARE.
type cursor struct {
	name  string
	query string
	// statement is what pg_cursors shows: the DECLARE as sent, or the
	// query PL/pgSQL opened the cursor for.
	statement string
	hold      bool
	binary    bool
	// scroll is set for SCROLL, and for a cursor declared without SCROLL
	// or NO SCROLL whose plan could scan backward in PostgreSQL.
	scroll  bool
	created time.Time
	// txnCreated is set until the transaction that declared it commits: a
	// rollback drops the cursor, WITH HOLD or not.
	txnCreated bool
	// seq orders the cursors by opening (ROLLBACK TO SAVEPOINT).
	seq uint64

	ran bool
	// err ended the query after rows: raised by the fetch that reads past
	// them.
	err   error
	cols  []Column
	types []*types.Type
	rows  [][]any

	// The portal's position as PostgreSQL keeps it (utils/portal.h):
	// before the first row (atStart), after the last (atEnd), or on row
	// pos (1-based).
	atStart, atEnd bool
	pos            int64
}

// cursorNamed returns the open cursor name, or PostgreSQL's 34000.
func (s *Session) cursorNamed(name string) (*cursor, error) {
	c, ok := s.cursors[name]
	if !ok {
		return nil, pgerror.New(pgerror.InvalidCursorName, "cursor \"%s\" does not exist", name)
	}
	return c, nil
}

// cursorsTxnEnd closes the cursors a transaction's end closes: all but
// WITH HOLD ones at COMMIT; at ROLLBACK also those the transaction opened.
func (s *Session) cursorsTxnEnd(commit bool) {
	for name, c := range s.cursors {
		if !c.hold || (!commit && c.txnCreated) {
			delete(s.cursors, name)
			continue
		}
		c.txnCreated = false
	}
}

// sqlDeclareCursor runs DECLARE.
func (s *Session) sqlDeclareCursor(ctx context.Context, res translate.Result, d *translate.DeclareCursor) (*Rows, error) {
	if !d.Hold && !s.inBlock() {
		return s.cursorFailed(pgerror.New(pgerror.NoActiveSQLTransaction, "DECLARE CURSOR can only be used in transaction blocks"))
	}
	if _, dup := s.cursors[d.Name]; dup {
		return s.cursorFailed(pgerror.New(pgerror.DuplicateCursor, "cursor \"%s\" already exists", d.Name))
	}
	if d.Binary {
		// Rows would go out in text while the client asked for binary.
		return s.cursorFailed(pgerror.New(pgerror.FeatureNotSupported, "binary cursors are not supported").
			WithHint("Declare the cursor without BINARY."))
	}
	c := &cursor{name: d.Name, query: d.Query, statement: s.curSQL, hold: d.Hold, scroll: d.Scroll || !d.NoScroll && d.PlanScrolls,
		created: time.Now(), txnCreated: true, atStart: true}
	// The query is checked now (names, privileges) but runs at the first
	// FETCH: describing it by starting it would run the functions it calls.
	if _, err := s.cursorTranslate(c); err != nil {
		return s.cursorFailed(err)
	}
	if d.Hold {
		if err := s.cursorRun(ctx, c); err != nil {
			return s.cursorFailed(err)
		}
	}
	s.addCursor(c)
	return s.cursorDone(res.Tag, nil)
}

// cursorRun runs the cursor's query and keeps its rows.
func (s *Session) cursorRun(ctx context.Context, c *cursor) error {
	if c.ran {
		return nil
	}
	tr, err := s.cursorTranslate(c)
	if err != nil {
		return err
	}
	node, res := tr.node, tr.res
	// Nothing commits while the query runs inside the cursor's statement,
	// and an error while reading its rows is the FETCH's that reaches it.
	prev, saved := s.state, s.notices
	stmt, sqlText := s.curStmt, s.curSQL
	defer func() { s.curStmt, s.curSQL = stmt, sqlText }()
	if prev == txnIdle {
		s.state = txnActive
	}
	restore := func() {
		if s.state == txnFailed || prev == txnIdle {
			s.state = prev
		}
	}
	rows, err := s.runTranslated(ctx, c.query, node, res)
	if err != nil {
		s.notices = saved
		restore()
		return err
	}
	for rows.Next() {
		c.rows = append(c.rows, append([]any(nil), rows.Values()...))
	}
	s.notices = append(saved, rows.Notices()...)
	restore()
	c.err = rows.Err()
	c.ran = true
	for i, t := range rows.colTypes {
		if t == nil || t.Kind == types.KindUnknown {
			t = types.Text
		}
		c.types = append(c.types, t)
		col := rows.cols[i]
		col.TypeOID, col.TypeMod, col.TypeName = t.OID, t.Mod, t.FormatType()
		if t.Domain != nil {
			b := t.Base()
			col.TypeOID, col.TypeMod, col.TypeName = b.OID, b.Mod, b.FormatType()
		}
		c.cols = append(c.cols, col)
	}
	return nil
}

type cursorQuery struct {
	node *pg.Node
	res  translate.Result
}

// cursorTranslate parses, secures and translates the cursor's query.
func (s *Session) cursorTranslate(c *cursor) (cursorQuery, error) {
	tree, err := pgtree.Parse(c.query)
	if err != nil {
		return cursorQuery{}, pgtree.SyntaxError(err)
	}
	node := tree.Stmts[0].Stmt
	secured, err := s.SecureStatement(node)
	if err != nil {
		return cursorQuery{}, err
	}
	res, err := s.Translator().Statement(secured)
	if err != nil {
		return cursorQuery{}, err
	}
	return cursorQuery{node: node, res: res}, nil
}

// sqlFetchCursor runs FETCH and MOVE.
func (s *Session) sqlFetchCursor(ctx context.Context, res translate.Result, f *translate.FetchCursor) (*Rows, error) {
	c, err := s.cursorNamed(f.Name)
	if err != nil {
		return s.cursorFailed(err)
	}
	if err := s.cursorRun(ctx, c); err != nil {
		return s.cursorFailed(err)
	}
	got, moved, err := c.fetch(f.Direction, f.Count, f.Move)
	if err != nil {
		return s.cursorFailed(err)
	}
	if f.Move {
		return s.cursorDone("MOVE "+strconv.FormatInt(moved, 10), nil)
	}
	r := &Rows{kind: "FETCH", cols: c.cols, colTypes: c.types, foreign: make([]bool, len(c.cols)), static: got}
	r.tag = "FETCH " + strconv.Itoa(len(got))
	return s.cursorDone(r.tag, r)
}

// sqlCloseCursor runs CLOSE.
func (s *Session) sqlCloseCursor(_ context.Context, res translate.Result, c *translate.CloseCursor) (*Rows, error) {
	if c.All {
		s.cursors = nil
		return s.cursorDone(res.Tag, nil)
	}
	if _, err := s.cursorNamed(c.Name); err != nil {
		return s.cursorFailed(err)
	}
	delete(s.cursors, c.Name)
	return s.cursorDone(res.Tag, nil)
}

func (s *Session) cursorFailed(err error) (*Rows, error) {
	s.failed()
	return nil, err
}

// cursorDone ends a cursor statement as a step ends (commitImplicit,
// endCommand).
func (s *Session) cursorDone(tag string, rows *Rows) (*Rows, error) {
	tag, _, err := s.commandDone(tag)
	return s.endCommand(tag, rows, err)
}

// cursorColumns describes what FETCH from the named cursor returns (the
// wire protocol's Describe, just before the FETCH runs: the query runs
// now if it has not yet); ok is false when no such cursor is open.
func (s *Session) cursorColumns(ctx context.Context, name string) ([]Column, bool, error) {
	c, ok := s.cursors[name]
	if !ok {
		return nil, false, nil
	}
	if err := s.cursorRun(ctx, c); err != nil {
		return nil, true, err
	}
	return c.cols, true, nil
}

func errCursorForwardOnly() error {
	return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "cursor can only scan forward").
		WithHint("Declare it with SCROLL option to enable backward scan.")
}

// fetch moves the cursor as PostgreSQL's DoPortalRunFetch does
// (tcop/pquery.c), reducing every direction to runs forward and backward
// and rewinds: the rows a FETCH returns, and the count MOVE reports.
func (c *cursor) fetch(dir translate.FetchDirection, count int64, move bool) ([][]any, int64, error) {
	var out [][]any
	var runErr error
	step := func(forward bool, count int64) [][]any {
		rows, err := c.run(forward, count)
		if err != nil && runErr == nil {
			runErr = err
		}
		return rows
	}
	emit := func(rows [][]any) int64 {
		if !move {
			out = append(out, rows...)
		}
		return int64(len(rows))
	}
	switch dir {
	case translate.FetchAbsolute:
		switch {
		case count > 0:
			if count-1 <= c.pos/2 {
				if err := c.rewind(); err != nil {
					return nil, 0, err
				}
				if count > 1 {
					step(true, count-1)
				}
			} else {
				pos := c.pos
				if c.atEnd {
					pos++
				}
				if count <= pos {
					if !c.scroll {
						return nil, 0, errCursorForwardOnly()
					}
					step(false, pos-count+1)
				} else if count > pos+1 {
					step(true, count-pos-1)
				}
			}
			n := emit(step(true, 1))
			return out, n, runErr
		case count < 0:
			step(true, translate.FetchAll)
			if !c.scroll {
				return nil, 0, errCursorForwardOnly()
			}
			if count < -1 {
				step(false, -count-1)
			}
			n := emit(step(false, 1))
			return out, n, runErr
		}
		if err := c.rewind(); err != nil {
			return nil, 0, err
		}
		return out, 0, nil
	case translate.FetchRelative:
		switch {
		case count > 0:
			if count > 1 {
				step(true, count-1)
			}
			n := emit(step(true, 1))
			return out, n, runErr
		case count < 0:
			if !c.scroll {
				return nil, 0, errCursorForwardOnly()
			}
			if count < -1 {
				step(false, -count-1)
			}
			n := emit(step(false, 1))
			return out, n, runErr
		}
		dir = translate.FetchForward
	case translate.FetchForward:
		if count < 0 {
			dir, count = translate.FetchBackward, -count
		}
	case translate.FetchBackward:
		if count < 0 {
			dir, count = translate.FetchForward, -count
		}
	}
	forward := dir == translate.FetchForward
	if count == 0 {
		// FETCH 0 re-fetches the current row, if any.
		onRow := !c.atStart && !c.atEnd
		if move {
			if onRow {
				return nil, 1, nil
			}
			return nil, 0, nil
		}
		if onRow {
			if !c.scroll {
				return nil, 0, errCursorForwardOnly()
			}
			step(false, 1)
			count, forward = 1, true
		}
	}
	if !forward && count == translate.FetchAll && move {
		// MOVE BACKWARD ALL is a rewind.
		n := c.pos
		if n > 0 && !c.atEnd {
			n--
		}
		if err := c.rewind(); err != nil {
			return nil, 0, err
		}
		return nil, n, nil
	}
	if !forward && !c.scroll {
		return nil, 0, errCursorForwardOnly()
	}
	if count == 0 {
		return out, 0, nil
	}
	n := emit(step(forward, count))
	return out, n, runErr
}

// rewind puts the cursor before its first row (DoPortalRewind): nothing
// to do for a cursor that has not moved, an error for NO SCROLL.
func (c *cursor) rewind() error {
	if c.atStart && !c.atEnd {
		return nil
	}
	if !c.scroll {
		return errCursorForwardOnly()
	}
	c.atStart, c.atEnd, c.pos = true, false, 0
	return nil
}

// run reads up to count rows (FetchAll: all) forward or backward from the
// executor's position and updates the portal's as PortalRunSelect does.
func (c *cursor) run(forward bool, count int64) ([][]any, error) {
	n := int64(len(c.rows))
	// The executor's position: 0 before the first row, n+1 after the last.
	at := c.pos
	switch {
	case c.atStart:
		at = 0
	case c.atEnd:
		at = n + 1
	}
	var got [][]any
	if forward {
		if c.atEnd || count <= 0 {
			return nil, nil
		}
		for i := at + 1; i <= n && (count == translate.FetchAll || int64(len(got)) < count); i++ {
			got = append(got, c.rows[i-1])
		}
		if c.err != nil && (count == translate.FetchAll || int64(len(got)) < count) {
			return nil, c.err
		}
		k := int64(len(got))
		if k > 0 {
			c.atStart = false
		}
		if count == translate.FetchAll || k < count {
			c.atEnd = true
		}
		c.pos += k
		return got, nil
	}
	if c.atStart || count <= 0 {
		return nil, nil
	}
	for i := at - 1; i >= 1 && (count == translate.FetchAll || int64(len(got)) < count); i-- {
		got = append(got, c.rows[i-1])
	}
	k := int64(len(got))
	if k > 0 && c.atEnd {
		c.atEnd = false
		c.pos++
	}
	if count == translate.FetchAll || k < count {
		c.atStart, c.pos = true, 0
	} else {
		c.pos -= k
	}
	return got, nil
}

// cursorInBody runs a cursor command a function body runs: in the
// calling statement, whose failure its error becomes.
func (s *Session) cursorInBody(ctx context.Context, tag string, cmd translate.CursorCommand) (*routine.Rows, error) {
	out := &routine.Rows{Tag: tag}
	switch cmd := cmd.(type) {
	case *translate.DeclareCursor:
		if _, dup := s.cursors[cmd.Name]; dup {
			return nil, pgerror.New(pgerror.DuplicateCursor, "cursor \"%s\" already exists", cmd.Name)
		}
		if err := s.openCursor(ctx, &cursor{name: cmd.Name, query: cmd.Query, hold: cmd.Hold, statement: s.curSQL, scroll: cmd.Scroll || !cmd.NoScroll && cmd.PlanScrolls}); err != nil {
			return nil, err
		}
	case *translate.FetchCursor:
		c, err := s.cursorNamed(cmd.Name)
		if err != nil {
			return nil, err
		}
		if err := s.cursorRun(ctx, c); err != nil {
			return nil, err
		}
		got, moved, err := c.fetch(cmd.Direction, cmd.Count, cmd.Move)
		if err != nil {
			return nil, err
		}
		out.Affected = moved
		out.Tag += " " + strconv.FormatInt(moved, 10)
		if !cmd.Move {
			for i, col := range c.cols {
				out.Columns = append(out.Columns, routine.Column{Name: col.Name, Type: c.types[i]})
			}
			out.Rows = got
		}
	case *translate.CloseCursor:
		if cmd.All {
			s.cursors = nil
			break
		}
		if _, err := s.cursorNamed(cmd.Name); err != nil {
			return nil, err
		}
		delete(s.cursors, cmd.Name)
	}
	return out, nil
}

// openCursor adds an open cursor over c.query, run now (PL/pgSQL's OPEN
// runs its query when it opens it).
func (s *Session) openCursor(ctx context.Context, c *cursor) error {
	c.created, c.txnCreated, c.atStart = time.Now(), true, true
	if err := s.cursorRun(ctx, c); err != nil {
		return err
	}
	s.addCursor(c)
	return nil
}

// cursorNested is cursorInBody for PL/pgSQL's EXECUTE.
func (s *Session) cursorNested(ctx context.Context, tag string, cmd translate.CursorCommand) (*plpgsql.Result, error) {
	rows, err := s.cursorInBody(ctx, tag, cmd)
	if err != nil {
		return nil, routines.PLError(err)
	}
	_, fetch := cmd.(*translate.FetchCursor)
	out := &plpgsql.Result{Rows: rows.Rows, Affected: rows.Affected, Returns: fetch && rows.Columns != nil}
	for _, c := range rows.Columns {
		out.Names = append(out.Names, c.Name)
		out.Types = append(out.Types, c.Type)
	}
	return out, nil
}

// cursorsSaved is the cursors' state at one point (cursorsSave).
type cursorsSaved map[string]cursor

// cursorsSave records the open cursors and their positions, for a
// Describe that runs its statement (describeByRunning) and must leave
// them as they were: the statement may fetch from them.
func (s *Session) cursorsSave() cursorsSaved {
	if len(s.cursors) == 0 {
		return nil
	}
	out := make(cursorsSaved, len(s.cursors))
	for name, c := range s.cursors {
		out[name] = *c
	}
	return out
}

// cursorsRestore puts the cursors back as cursorsSave found them.
func (s *Session) cursorsRestore(saved cursorsSaved) {
	if len(saved) == 0 {
		s.cursors = nil
		return
	}
	s.cursors = make(map[string]*cursor, len(saved))
	for name, c := range saved {
		s.cursors[name] = &c
	}
}

// OpenCursorRows implements routines.Host: PL/pgSQL's OPEN, whose query
// has run (res). An empty name gets PostgreSQL's "<unnamed portal n>".
func (s *Session) OpenCursorRows(name string, res *plpgsql.Result, scroll bool) (string, error) {
	if name == "" {
		for {
			s.portalSeq++
			name = "<unnamed portal " + strconv.Itoa(s.portalSeq) + ">"
			if _, taken := s.cursors[name]; !taken {
				break
			}
		}
	} else if _, dup := s.cursors[name]; dup {
		return "", pgerror.New(pgerror.DuplicateCursor, "cursor \"%s\" already in use", name)
	}
	c := &cursor{name: name, scroll: scroll, created: time.Now(), txnCreated: true, atStart: true, ran: true, rows: res.Rows}
	for i, t := range res.Types {
		if t == nil || t.Kind == types.KindUnknown {
			t = types.Text
		}
		c.types = append(c.types, t)
		d := t
		if d.Domain != nil {
			d = d.Base()
		}
		col := Column{TypeOID: d.OID, TypeMod: d.Mod, TypeName: d.FormatType()}
		if i < len(res.Names) {
			col.Name = res.Names[i]
		}
		c.cols = append(c.cols, col)
	}
	s.addCursor(c)
	return name, nil
}

// cursorRows lists the open cursors for pg_cursors, by name.
func (s *Session) cursorRows() []pgcatalog.CursorRow {
	out := make([]pgcatalog.CursorRow, 0, len(s.cursors))
	for _, c := range s.cursors {
		out = append(out, pgcatalog.CursorRow{Name: c.name, Statement: c.statement, Holdable: c.hold,
			Binary: c.binary, Scrollable: c.scroll, Created: c.created})
	}
	slices.SortFunc(out, func(a, b pgcatalog.CursorRow) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// addCursor registers an open cursor.
func (s *Session) addCursor(c *cursor) {
	if s.cursors == nil {
		s.cursors = map[string]*cursor{}
	}
	s.cursorSeq++
	c.seq = s.cursorSeq
	s.cursors[c.name] = c
}

// cursorsRollbackTo closes the cursors opened after a savepoint that is
// rolled back to, as PostgreSQL closes the portals of the aborted
// subtransactions.
func (s *Session) cursorsRollbackTo(seq uint64) {
	for name, c := range s.cursors {
		if c.seq > seq {
			delete(s.cursors, name)
		}
	}
}
