package session

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/copycodec"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Copy is a COPY ... FROM STDIN or COPY ... TO STDOUT in progress. The
// wire server feeds FROM data with Write and ends it with Done or Fail;
// it reads TO data with Next. The data formats are copycodec's.
type Copy struct {
	s    *Session
	ctx  context.Context
	From bool
	// Binary is set for FORMAT binary (the wire's overall format code 1).
	Binary bool
	// Columns are the copied columns (their count is what CopyInResponse /
	// CopyOutResponse announce).
	Columns []Column

	opt      copycodec.Options
	codec    types.BinaryCodec
	colTypes []*types.Type

	// FROM
	in         *copycodec.Reader
	insertHead string
	inserts    map[int]*copyInsert // by batch size
	batch      []any
	batchRows  int
	count      int64
	line       int64
	implicit   bool
	lineText   string   // the text-format line being converted
	rowLines   []int64  // line number of each batched row
	rowTexts   []string // its text (text and CSV formats)
	table      string
	failed     error

	// TO
	rows *Rows
	out  []byte
	sent bool
}

// IsCopy reports whether sqlText is a COPY statement (checked cheaply on
// its first keyword, then by the parser in Copy).
func IsCopy(sqlText string) bool {
	s := strings.TrimLeft(sqlText, " \t\r\n")
	return len(s) >= 4 && strings.EqualFold(s[:4], "copy") && (len(s) == 4 || !isIdentByte(s[4]))
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// Copy starts a COPY statement. Only STDIN / STDOUT are supported: a file
// or program on the server is refused as PostgreSQL refuses it to roles
// without pg_read_server_files.
func (s *Session) Copy(ctx context.Context, sqlText string) (c *Copy, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = s.eng.panicked("starting COPY", sqlText, r)
			c = nil
		}
	}()
	tree, err := pgtree.Parse(sqlText)
	if err != nil {
		s.failed()
		return nil, pgtree.SyntaxError(err)
	}
	if len(tree.Stmts) != 1 || tree.Stmts[0].Stmt.GetCopyStmt() == nil {
		return nil, pgerror.New(pgerror.SyntaxError, "not a COPY statement")
	}
	if s.state == txnFailed {
		return nil, errAborted()
	}
	cs := tree.Stmts[0].Stmt.GetCopyStmt()
	if cs.Filename != "" || cs.IsProgram {
		s.failed()
		return nil, pgerror.New(pgerror.InsufficientPrivilege, "must be superuser or have privileges of the pg_read_server_files role to COPY to or from a file").
			WithHint("Anyone can COPY to stdout or from stdin. psql's \\copy command also works for anyone.")
	}
	opt, err := copycodec.ParseOptions(copyOptions(cs))
	if err != nil {
		s.failed()
		return nil, err
	}
	c = &Copy{s: s, ctx: ctx, From: cs.IsFrom, Binary: opt.Format == copycodec.Binary, opt: opt}
	if cs.IsFrom {
		err = c.startFrom(cs)
	} else {
		err = c.startTo(sqlText, cs)
	}
	if err != nil {
		s.failed()
		return nil, err
	}
	return c, nil
}

// copyOptions are a COPY statement's WITH options as written.
func copyOptions(cs *pg.CopyStmt) []copycodec.Option {
	var out []copycodec.Option
	for _, n := range cs.Options {
		d := n.GetDefElem()
		if d == nil {
			continue
		}
		o := copycodec.Option{Name: d.Defname}
		o.Value, o.HasValue = defElemString(d)
		if l := d.Arg.GetList(); l != nil {
			for _, it := range l.Items {
				if sv := it.GetString_(); sv != nil {
					o.List = append(o.List, sv.Sval)
				}
			}
		}
		out = append(out, o)
	}
	return out
}

func defElemString(d *pg.DefElem) (string, bool) {
	if d.Arg == nil {
		return "", false
	}
	switch a := d.Arg.Node.(type) {
	case *pg.Node_String_:
		return a.String_.Sval, true
	case *pg.Node_Boolean:
		return strconv.FormatBool(a.Boolean.Boolval), true
	case *pg.Node_Integer:
		return strconv.Itoa(int(a.Integer.Ival)), true
	case *pg.Node_AConst:
		if sv := a.AConst.GetSval(); sv != nil {
			return sv.Sval, true
		}
	}
	return "", false
}

func (c *Copy) startFrom(cs *pg.CopyStmt) error {
	if cs.Relation == nil {
		return pgerror.New(pgerror.SyntaxError, "COPY FROM requires a table")
	}
	if cs.WhereClause != nil {
		return pgerror.New(pgerror.FeatureNotSupported, "COPY FROM ... WHERE is not supported yet")
	}
	tbl, ok := c.s.table(c.s.sqlContext(), cs.Relation.Schemaname, cs.Relation.Relname)
	if !ok {
		name := cs.Relation.Relname
		if cs.Relation.Schemaname != "" {
			name = cs.Relation.Schemaname + "." + name
		}
		return pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", name)
	}
	if ti := ddl.TableColumns(tbl); ti != nil {
		if _, foreign := c.s.catalog().ForeignTable(catalog.QName{Schema: ti.Schema, Name: ti.Name}); foreign {
			return pgerror.New(pgerror.FeatureNotSupported, "foreign table %q cannot be written: tinybase does not reach external services", ti.Name).
				WithHint("Foreign tables apply as on Supabase, but their rows live in the external service.")
		}
	}
	schema := tbl.Schema()
	var names []string
	if len(cs.Attlist) == 0 {
		for _, col := range schema {
			if col.Generated != nil {
				continue
			}
			names = append(names, col.Name)
		}
	} else {
		for _, a := range cs.Attlist {
			if sv := a.GetString_(); sv != nil {
				names = append(names, sv.Sval)
			}
		}
	}
	for _, n := range names {
		idx := schema.IndexOfColName(n)
		if idx < 0 || schema[idx].Name != n {
			return pgerror.New(pgerror.UndefinedColumn, "column \"%s\" of relation \"%s\" does not exist", n, cs.Relation.Relname)
		}
		if schema[idx].Generated != nil {
			return pgerror.New(pgerror.InvalidColumnReference, "column \"%s\" is a generated column", n).
				WithDetail("Generated columns cannot be used in COPY.")
		}
		t := expr.FromGMSType(schema[idx].Type)
		c.colTypes = append(c.colTypes, t)
		c.Columns = append(c.Columns, Column{Name: n, TypeOID: t.Base().OID, TypeMod: t.Mod, TypeName: t.FormatType()})
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = copyIdent(n)
	}
	target := copyIdent(cs.Relation.Relname)
	if cs.Relation.Schemaname != "" {
		target = copyIdent(cs.Relation.Schemaname) + "." + target
	}
	c.table = cs.Relation.Relname
	// COPY FROM writes given values into identity columns, GENERATED
	// ALWAYS too (pg_dump's data sections rely on it)
	c.insertHead = "INSERT INTO " + target + " (" + strings.Join(quoted, ", ") + ") OVERRIDING SYSTEM VALUE VALUES "
	c.in = copycodec.NewReader(c.opt, names)
	c.implicit = c.s.BeginImplicitBlock()
	return nil
}

func copyIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// copyBatchValues bounds the values one INSERT of a COPY carries.
const copyBatchValues = 4096

// Write consumes a chunk of COPY data (any split of the stream).
func (c *Copy) Write(p []byte) error {
	if c.failed != nil {
		return nil // PostgreSQL keeps draining until CopyDone after an error
	}
	c.in.Write(p)
	if err := c.consume(false); err != nil {
		c.failed = err
	}
	return nil
}

// Err is the error that stopped the COPY, reported at CopyDone.
func (c *Copy) Err() error { return c.failed }

// Done ends COPY FROM: the remaining rows are inserted and an implicit
// transaction commits. It returns the command tag.
func (c *Copy) Done() (string, error) {
	err := c.failed
	if err == nil {
		err = c.consume(true)
	}
	if err == nil {
		err = c.flushBatch()
	}
	return c.end(err)
}

// Fail aborts COPY FROM on the client's CopyFail.
func (c *Copy) Fail(msg string) error {
	_, err := c.end(pgerror.New(pgerror.QueryCanceled, "COPY from stdin failed: %s", msg))
	return err
}

func (c *Copy) end(err error) (string, error) {
	if err != nil {
		if pe, ok := pgerror.As(err); ok && c.line > 0 && pe.Where == "" {
			pe.Where = fmt.Sprintf("COPY %s, line %d", c.table, c.line)
			// PostgreSQL shows the line for errors raised while the row is
			// formed, not for index insertion (unique and exclusion
			// violations).
			if c.lineText != "" && pe.Code != pgerror.UniqueViolation && pe.Code != pgerror.ExclusionViolation {
				pe.Where += fmt.Sprintf(": \"%s\"", c.lineText)
			}
		}
		c.s.failed()
	}
	if c.implicit {
		if eerr := c.s.EndImplicitBlock(); err == nil && eerr != nil {
			err = eerr
		}
	}
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("COPY %d", c.count), nil
}

// consume converts and queues every complete record buffered.
func (c *Copy) consume(final bool) error {
	for {
		ok, err := c.in.Next(final)
		if c.Binary {
			if err != nil {
				// the fields before the error were converted first
				if _, cerr := c.receive(c.in.BinaryFields()); cerr != nil {
					return cerr
				}
				return err
			}
			if !ok {
				return nil
			}
			fields, err := c.receive(c.in.BinaryFields())
			if err != nil {
				return err
			}
			c.line = c.in.Line()
			if err := c.addRow(fields); err != nil {
				return err
			}
			continue
		}
		c.line = c.in.Line()
		if err != nil || !ok {
			return err
		}
		c.lineText = c.in.LineText()
		if err := c.addRow(c.in.Fields()); err != nil {
			return err
		}
	}
}

// receive converts a binary tuple's fields to text with the columns'
// receive functions.
func (c *Copy) receive(raw [][]byte) ([]*string, error) {
	fields := make([]*string, len(raw))
	for f, b := range raw {
		if b == nil {
			continue
		}
		s, err := c.codec.ReceiveTextFor(c.colTypes[f], b)
		if err != nil {
			return nil, err
		}
		fields[f] = &s
	}
	return fields, nil
}

// addRow converts one row's fields and queues them for insertion.
func (c *Copy) addRow(fields []*string) error {
	if len(fields) > len(c.Columns) {
		return pgerror.New(copycodec.BadCopyFileFormat, "extra data after last expected column")
	}
	if len(fields) < len(c.Columns) {
		return pgerror.New(copycodec.BadCopyFileFormat, "missing data for column \"%s\"", c.Columns[len(fields)].Name)
	}
	for i, f := range fields {
		t := c.colTypes[i]
		if f == nil {
			c.batch = append(c.batch, Param{Type: t})
			continue
		}
		v, err := types.Input(t, *f, &c.s.env)
		if err != nil {
			if pe, ok := pgerror.As(err); ok {
				pe.Where = fmt.Sprintf("COPY %s, line %d, column %s: \"%s\"", c.table, c.line, c.Columns[i].Name, *f)
			}
			return err
		}
		c.batch = append(c.batch, Param{Type: t, Value: v})
	}
	c.batchRows++
	c.rowLines = append(c.rowLines, c.line)
	c.rowTexts = append(c.rowTexts, c.lineText)
	if len(c.batch) >= copyBatchValues {
		return c.flushBatch()
	}
	return nil
}

func (c *Copy) flushBatch() error {
	if c.batchRows == 0 {
		return nil
	}
	txn := c.s.StorageTxn()
	mark := txn.Savepoint()
	err := c.insertRows(0, c.batchRows)
	if err != nil && c.batchRows > 1 && c.s.state == txnFailed {
		// Find the failing row, for the error's line: undo the batch and
		// insert its rows one at a time.
		txn.RollbackTo(mark)
		c.s.state = txnActive
		for r := 0; r < c.batchRows; r++ {
			if err = c.insertRows(r, r+1); err != nil {
				c.line, c.lineText = c.rowLines[r], c.rowTexts[r]
				return err
			}
		}
	} else if err != nil {
		c.line, c.lineText = c.rowLines[0], c.rowTexts[0]
		return err
	}
	c.count += int64(c.batchRows)
	c.batch = c.batch[:0]
	c.batchRows = 0
	c.rowLines = c.rowLines[:0]
	c.rowTexts = c.rowTexts[:0]
	return nil
}

// copyInsert is the INSERT a COPY FROM runs for a batch of rows: written
// and parsed once per COPY and batch size (a full batch, the last one, a
// single row), then run with each batch's values as typed parameters.
// Its text is the statement's key in the statement caches, so every full
// batch after the first runs the cached translation and plan.
type copyInsert struct {
	sql  string
	stmt *pg.Node
}

// insertFor returns the INSERT of rows rows, compiling it on first use.
func (c *Copy) insertFor(rows int) (*copyInsert, error) {
	if ins, ok := c.inserts[rows]; ok {
		return ins, nil
	}
	var sb strings.Builder
	sb.WriteString(c.insertHead)
	n := len(c.Columns)
	for r := 0; r < rows; r++ {
		if r > 0 {
			sb.WriteString(", ")
		}
		sb.WriteByte('(')
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteByte('$')
			sb.WriteString(strconv.Itoa(r*n + i + 1))
		}
		sb.WriteByte(')')
	}
	ins := &copyInsert{sql: sb.String()}
	tree, err := pgtree.Parse(ins.sql)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	ins.stmt = tree.Stmts[0].Stmt
	if c.inserts == nil {
		c.inserts = map[int]*copyInsert{}
	}
	c.inserts[rows] = ins
	return ins, nil
}

// insertRows inserts batched rows [from, to).
func (c *Copy) insertRows(from, to int) error {
	ins, err := c.insertFor(to - from)
	if err != nil {
		return err
	}
	n := len(c.Columns)
	rows, err := c.s.query(c.ctx, ins.sql, ins.stmt, c.batch[from*n:to*n])
	if err == nil {
		err = rows.Close()
	}
	return err
}

// startTo starts COPY TO: the query (its node from the COPY statement, so
// error positions point into sqlText as PostgreSQL's do) or, for a table,
// SELECT of its columns FROM ONLY it, built as a statement tree.
func (c *Copy) startTo(sqlText string, cs *pg.CopyStmt) error {
	stmt := cs.Query
	if stmt == nil {
		stmt = copyTableSelect(cs)
	}
	rows, err := c.s.queryStatement(c.ctx, sqlText, stmt)
	if err != nil {
		return err
	}
	c.rows = rows
	c.Columns = rows.Columns()
	c.colTypes = rows.colTypes
	return nil
}

// copyTableSelect is COPY table TO's query: SELECT * (or the column list)
// FROM ONLY table, as PostgreSQL reads a table's own rows for it.
func copyTableSelect(cs *pg.CopyStmt) *pg.Node {
	var targets []*pg.Node
	if len(cs.Attlist) == 0 {
		targets = append(targets, pg.MakeResTargetNodeWithVal(pg.MakeColumnRefNode([]*pg.Node{pg.MakeAStarNode()}, -1), -1))
	}
	for _, a := range cs.Attlist {
		if sv := a.GetString_(); sv != nil {
			targets = append(targets, pg.MakeResTargetNodeWithVal(pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(sv.Sval)}, -1), -1))
		}
	}
	rel := pg.MakeFullRangeVar(cs.Relation.Schemaname, cs.Relation.Relname, "", -1)
	rel.Inh = false // ONLY
	return &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: &pg.SelectStmt{
		TargetList:  targets,
		FromClause:  []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: rel}}},
		LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT,
		Op:          pg.SetOperation_SETOP_NONE,
	}}}
}

// Next returns the next chunk of COPY TO data (a header, one row, or the
// binary trailer); ok is false at the end, when Tag is valid.
func (c *Copy) Next() (data []byte, ok bool, err error) {
	c.out = c.out[:0]
	if !c.sent {
		c.sent = true
		if c.Binary {
			return copycodec.AppendBinaryHeader(c.out), true, nil
		}
		if c.opt.Header {
			names := make([]string, len(c.Columns))
			for i, col := range c.Columns {
				names[i] = col.Name
			}
			return copycodec.AppendHeader(c.out, &c.opt, names), true, nil
		}
	}
	if c.rows == nil {
		return nil, false, nil
	}
	if !c.rows.Next() {
		err := c.rows.Err()
		c.count = c.rows.count
		c.rows = nil
		if err != nil {
			return nil, false, err
		}
		if c.Binary {
			return copycodec.AppendBinaryTrailer(c.out), true, nil
		}
		return nil, false, nil
	}
	if c.Binary {
		c.out = copycodec.AppendTupleHeader(c.out, len(c.Columns))
		for i, v := range c.rows.cur {
			if v == nil {
				c.out = copycodec.AppendBinaryNull(c.out)
				continue
			}
			text, _ := c.rows.TextAt(i)
			var at int
			c.out, at = copycodec.BeginBinaryField(c.out)
			if c.out, err = c.codec.AppendSend(c.out, c.Columns[i].TypeOID, v, text); err != nil {
				return nil, false, err
			}
			c.out = copycodec.EndBinaryField(c.out, at)
		}
		return c.out, true, nil
	}
	for i := range c.rows.cur {
		if i > 0 {
			c.out = append(c.out, c.opt.Delim)
		}
		text, ok := c.rows.TextAt(i)
		if !ok {
			c.out = copycodec.AppendNull(c.out, &c.opt)
			continue
		}
		c.out = copycodec.AppendField(c.out, &c.opt, text)
	}
	c.out = append(c.out, '\n')
	return c.out, true, nil
}

// Tag is COPY TO's command tag once Next has returned ok == false.
func (c *Copy) Tag() string { return fmt.Sprintf("COPY %d", c.count) }

// Close abandons an unfinished COPY TO.
func (c *Copy) Close() {
	if c.rows != nil {
		c.rows.Abandon()
		c.rows = nil
	}
}
