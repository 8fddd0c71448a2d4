package session

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"github.com/tinybase/tinybase/internal/pgtree"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Copy is a COPY ... FROM STDIN or COPY ... TO STDOUT in progress. The
// wire server feeds FROM data with Write and ends it with Done or Fail;
// it reads TO data with Next.
type Copy struct {
	s    *Session
	ctx  context.Context
	From bool
	// Binary is set for FORMAT binary (the wire's overall format code 1).
	Binary bool
	// Columns are the copied columns (their count is what CopyInResponse /
	// CopyOutResponse announce).
	Columns []Column

	opt      copyOptions
	codec    types.BinaryCodec
	colTypes []*types.Type

	// FROM
	insertHead string
	buf        []byte
	batch      []any
	batchRows  int
	count      int64
	line       int64
	implicit   bool
	headerDone bool
	lineText   string   // the text-format line being converted
	rowLines   []int64  // line number of each batched row
	rowTexts   []string // its text (text and CSV formats)
	table      string
	binHeader  bool
	failed     error

	// TO
	rows *Rows
	out  []byte
	sent bool
}

type copyOptions struct {
	format    string // text, csv, binary
	delim     byte
	null      string
	header    bool
	quote     byte
	escape    byte
	forceNull map[string]bool
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
			err = internalError(r)
			c = nil
		}
	}()
	tree, err := pgtree.Parse(sqlText)
	if err != nil {
		s.failed()
		return nil, syntaxError(err, sqlText)
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
	opt, err := parseCopyOptions(cs)
	if err != nil {
		s.failed()
		return nil, err
	}
	c = &Copy{s: s, ctx: ctx, From: cs.IsFrom, Binary: opt.format == "binary", opt: opt}
	if cs.IsFrom {
		err = c.startFrom(cs)
	} else {
		err = c.startTo(cs)
	}
	if err != nil {
		s.failed()
		return nil, err
	}
	return c, nil
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

func parseCopyOptions(cs *pg.CopyStmt) (copyOptions, error) {
	o := copyOptions{format: "text", null: `\N`, delim: '\t', quote: '"', escape: 0}
	delimSet, nullSet := false, false
	var forceNull []string
	for _, n := range cs.Options {
		d := n.GetDefElem()
		if d == nil {
			continue
		}
		v, has := defElemString(d)
		switch d.Defname {
		case "format":
			switch strings.ToLower(v) {
			case "text", "csv", "binary":
				o.format = strings.ToLower(v)
			default:
				return o, pgerror.New(pgerror.InvalidParameterValue, "COPY format \"%s\" not recognized", v)
			}
		case "delimiter":
			if len(v) != 1 {
				return o, pgerror.New(pgerror.FeatureNotSupported, "COPY delimiter must be a single one-byte character")
			}
			o.delim, delimSet = v[0], true
		case "null":
			o.null, nullSet = v, true
		case "header":
			b := !has || v == "true" || v == "on" || v == "1" || strings.EqualFold(v, "match")
			o.header = b
		case "quote":
			if len(v) != 1 {
				return o, pgerror.New(pgerror.FeatureNotSupported, "COPY quote must be a single one-byte character")
			}
			o.quote = v[0]
		case "escape":
			if len(v) != 1 {
				return o, pgerror.New(pgerror.FeatureNotSupported, "COPY escape must be a single one-byte character")
			}
			o.escape = v[0]
		case "freeze", "encoding", "force_quote", "force_not_null":
			// accepted; FREEZE has no meaning for tinybase storage
		case "force_null":
			if l := d.Arg.GetList(); l != nil {
				for _, it := range l.Items {
					if sv := it.GetString_(); sv != nil {
						forceNull = append(forceNull, sv.Sval)
					}
				}
			}
		default:
			return o, pgerror.New(pgerror.SyntaxError, "option \"%s\" not recognized", d.Defname)
		}
	}
	if o.format == "csv" {
		if !delimSet {
			o.delim = ','
		}
		if !nullSet {
			o.null = ""
		}
		if o.escape == 0 {
			o.escape = o.quote
		}
	}
	if o.format == "binary" && (delimSet || nullSet) {
		return o, pgerror.New(pgerror.SyntaxError, "cannot specify DELIMITER in BINARY mode")
	}
	if len(forceNull) > 0 {
		o.forceNull = map[string]bool{}
		for _, f := range forceNull {
			o.forceNull[f] = true
		}
	}
	return o, nil
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
	c.insertHead = "INSERT INTO " + target + " (" + strings.Join(quoted, ", ") + ") VALUES "
	c.implicit = c.s.BeginImplicitBlock()
	return nil
}

func copyIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// badCopyFileFormat is SQLSTATE bad_copy_file_format.
const badCopyFileFormat = "22P04"

// copyBatchValues bounds the values one INSERT of a COPY carries.
const copyBatchValues = 4096

// Write consumes a chunk of COPY data (any split of the stream).
func (c *Copy) Write(p []byte) error {
	if c.failed != nil {
		return nil // PostgreSQL keeps draining until CopyDone after an error
	}
	c.buf = append(c.buf, p...)
	var err error
	if c.Binary {
		err = c.consumeBinary(false)
	} else {
		err = c.consumeText(false)
	}
	if err != nil {
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
		if c.Binary {
			err = c.consumeBinary(true)
		} else {
			err = c.consumeText(true)
		}
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
			// formed, not for index insertion (unique violations).
			if c.lineText != "" && pe.Code != pgerror.UniqueViolation {
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

// consumeText parses complete lines of text or CSV data.
func (c *Copy) consumeText(final bool) error {
	for {
		var line []byte
		var rest []byte
		if c.opt.format == "csv" {
			end, ok := csvRecordEnd(c.buf, c.opt.quote, c.opt.escape)
			if !ok {
				if !final || len(c.buf) == 0 {
					return nil
				}
				end = len(c.buf)
			}
			line, rest = c.buf[:end], c.buf[min(end+1, len(c.buf)):]
		} else {
			i := bytes.IndexByte(c.buf, '\n')
			if i < 0 {
				if !final || len(c.buf) == 0 {
					return nil
				}
				i = len(c.buf)
			}
			line, rest = c.buf[:i], c.buf[min(i+1, len(c.buf)):]
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		c.buf = rest
		c.line++
		if c.opt.header && !c.headerDone {
			c.headerDone = true
			continue
		}
		if c.opt.format != "csv" && string(line) == `\.` {
			c.buf = nil
			return nil
		}
		var fields []*string
		var err error
		if c.opt.format == "csv" {
			fields, err = c.splitCSV(line)
		} else {
			fields, err = c.splitText(line)
		}
		if err != nil {
			return err
		}
		c.lineText = string(line)
		if err := c.addRow(fields, false); err != nil {
			return err
		}
		if len(c.buf) == 0 {
			c.buf = c.buf[:0]
		}
	}
}

// csvRecordEnd finds the newline ending the first CSV record (newlines
// inside quotes do not end it).
func csvRecordEnd(b []byte, quote, escape byte) (int, bool) {
	inQuote := false
	for i := 0; i < len(b); i++ {
		ch := b[i]
		if inQuote {
			if ch == escape && escape != quote && i+1 < len(b) && (b[i+1] == quote || b[i+1] == escape) {
				i++
				continue
			}
			if ch == quote {
				if escape == quote && i+1 < len(b) && b[i+1] == quote {
					i++
					continue
				}
				inQuote = false
			}
			continue
		}
		if ch == quote {
			inQuote = true
		} else if ch == '\n' {
			return i, true
		}
	}
	return 0, false
}

func (c *Copy) splitText(line []byte) ([]*string, error) {
	var out []*string
	start := 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] == '\\' {
			i++ // an escaped byte never ends the field
			continue
		}
		if i < len(line) && line[i] != c.opt.delim {
			continue
		}
		raw := line[start:min(i, len(line))]
		start = i + 1
		if string(raw) == c.opt.null {
			out = append(out, nil)
			continue
		}
		s := unescapeCopyText(raw)
		out = append(out, &s)
	}
	return out, nil
}

// unescapeCopyText decodes text-format COPY backslash escapes.
func unescapeCopyText(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	cur := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		ch := raw[i]
		if ch != '\\' || i+1 >= len(raw) {
			cur = append(cur, ch)
			continue
		}
		i++
		switch e := raw[i]; e {
		case 'b':
			cur = append(cur, '\b')
		case 'f':
			cur = append(cur, '\f')
		case 'n':
			cur = append(cur, '\n')
		case 'r':
			cur = append(cur, '\r')
		case 't':
			cur = append(cur, '\t')
		case 'v':
			cur = append(cur, '\v')
		case 'x':
			v, n := 0, 0
			for n < 2 && i+1 < len(raw) && isHex(raw[i+1]) {
				v = v*16 + hexVal(raw[i+1])
				i++
				n++
			}
			if n == 0 {
				cur = append(cur, 'x')
			} else {
				cur = append(cur, byte(v))
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := int(e-'0'), 1
			for n < 3 && i+1 < len(raw) && raw[i+1] >= '0' && raw[i+1] <= '7' {
				v = v*8 + int(raw[i+1]-'0')
				i++
				n++
			}
			cur = append(cur, byte(v))
		default:
			cur = append(cur, e)
		}
	}
	return string(cur)
}

func isHex(b byte) bool { return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }

func hexVal(b byte) int {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0')
	case b >= 'a' && b <= 'f':
		return int(b-'a') + 10
	}
	return int(b-'A') + 10
}

func (c *Copy) splitCSV(line []byte) ([]*string, error) {
	var out []*string
	q, esc, d := c.opt.quote, c.opt.escape, c.opt.delim
	i := 0
	for {
		var field []byte
		quoted := false
		for i < len(line) && line[i] != d {
			if line[i] == q {
				quoted = true
				i++
				for i < len(line) {
					if line[i] == esc && i+1 < len(line) && (line[i+1] == q || (esc != q && line[i+1] == esc)) {
						field = append(field, line[i+1])
						i += 2
						continue
					}
					if line[i] == q {
						i++
						break
					}
					field = append(field, line[i])
					i++
				}
				continue
			}
			field = append(field, line[i])
			i++
		}
		col := len(out)
		forced := c.opt.forceNull != nil && col < len(c.Columns) && c.opt.forceNull[c.Columns[col].Name]
		if (!quoted || forced) && string(field) == c.opt.null {
			out = append(out, nil)
		} else {
			s := string(field)
			out = append(out, &s)
		}
		if i >= len(line) {
			return out, nil
		}
		i++ // delimiter
	}
}

var copyBinarySignature = []byte("PGCOPY\n\xff\r\n\x00")

// consumeBinary parses complete tuples of binary COPY data.
func (c *Copy) consumeBinary(final bool) error {
	if !c.binHeader {
		if len(c.buf) < 19 {
			if final {
				return pgerror.New(badCopyFileFormat, "COPY file signature not recognized")
			}
			return nil
		}
		if !bytes.Equal(c.buf[:11], copyBinarySignature) {
			return pgerror.New(badCopyFileFormat, "COPY file signature not recognized")
		}
		ext := int(binary.BigEndian.Uint32(c.buf[15:19]))
		if len(c.buf) < 19+ext {
			return nil
		}
		c.buf = c.buf[19+ext:]
		c.binHeader = true
	}
	for {
		if len(c.buf) < 2 {
			if final && len(c.buf) > 0 {
				return pgerror.New(badCopyFileFormat, "unexpected EOF in COPY data")
			}
			return nil
		}
		n := int(int16(binary.BigEndian.Uint16(c.buf)))
		if n == -1 {
			c.buf = nil
			return nil
		}
		if n != len(c.Columns) {
			return pgerror.New(badCopyFileFormat, "row field count is %d, expected %d", n, len(c.Columns))
		}
		off := 2
		fields := make([]*string, n)
		complete := true
		for f := 0; f < n; f++ {
			if len(c.buf) < off+4 {
				complete = false
				break
			}
			l := int(int32(binary.BigEndian.Uint32(c.buf[off:])))
			off += 4
			if l == -1 {
				continue
			}
			if l < 0 {
				return pgerror.New(badCopyFileFormat, "invalid field size")
			}
			if len(c.buf) < off+l {
				complete = false
				break
			}
			s, err := c.codec.ReceiveTextFor(c.colTypes[f], c.buf[off:off+l])
			if err != nil {
				return err
			}
			fields[f] = &s
			off += l
		}
		if !complete {
			if final {
				return pgerror.New(badCopyFileFormat, "unexpected EOF in COPY data")
			}
			return nil
		}
		c.buf = c.buf[off:]
		c.line++
		if err := c.addRow(fields, true); err != nil {
			return err
		}
	}
}

// addRow converts one row's fields and queues them for insertion.
func (c *Copy) addRow(fields []*string, _ bool) error {
	if len(fields) > len(c.Columns) {
		return pgerror.New(badCopyFileFormat, "extra data after last expected column")
	}
	if len(fields) < len(c.Columns) {
		return pgerror.New(badCopyFileFormat, "missing data for column \"%s\"", c.Columns[len(fields)].Name)
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

// insertRows inserts batched rows [from, to).
func (c *Copy) insertRows(from, to int) error {
	var sb strings.Builder
	sb.WriteString(c.insertHead)
	n := len(c.Columns)
	for r := 0; r < to-from; r++ {
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
	rows, err := c.s.Query(c.ctx, sb.String(), c.batch[from*n:to*n]...)
	if err == nil {
		err = rows.Close()
	}
	return err
}

func (c *Copy) startTo(cs *pg.CopyStmt) error {
	var q string
	if cs.Query != nil {
		out, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: cs.Query}}})
		if err != nil {
			return pgerror.New(pgerror.SyntaxError, "%s", err.Error())
		}
		q = out
	} else {
		cols := "*"
		if len(cs.Attlist) > 0 {
			var names []string
			for _, a := range cs.Attlist {
				if sv := a.GetString_(); sv != nil {
					names = append(names, copyIdent(sv.Sval))
				}
			}
			cols = strings.Join(names, ", ")
		}
		target := copyIdent(cs.Relation.Relname)
		if cs.Relation.Schemaname != "" {
			target = copyIdent(cs.Relation.Schemaname) + "." + target
		}
		q = "SELECT " + cols + " FROM ONLY " + target
	}
	rows, err := c.s.Query(c.ctx, q)
	if err != nil {
		return err
	}
	c.rows = rows
	c.Columns = rows.Columns()
	c.colTypes = rows.colTypes
	return nil
}

// Next returns the next chunk of COPY TO data (a header, one row, or the
// binary trailer); ok is false at the end, when Tag is valid.
func (c *Copy) Next() (data []byte, ok bool, err error) {
	c.out = c.out[:0]
	if !c.sent {
		c.sent = true
		if c.Binary {
			c.out = append(c.out, copyBinarySignature...)
			c.out = append(c.out, 0, 0, 0, 0, 0, 0, 0, 0)
			return c.out, true, nil
		}
		if c.opt.header {
			for i, col := range c.Columns {
				if i > 0 {
					c.out = append(c.out, c.opt.delim)
				}
				c.out = c.appendField(c.out, col.Name)
			}
			c.out = append(c.out, '\n')
			return c.out, true, nil
		}
	}
	if c.rows == nil {
		return nil, false, nil
	}
	if !c.rows.Next() {
		err := c.rows.Err()
		c.count = c.rows.count
		rows := c.rows
		c.rows = nil
		if err != nil {
			return nil, false, err
		}
		if c.Binary {
			_ = rows
			return append(c.out, 0xff, 0xff), true, nil
		}
		return nil, false, nil
	}
	if c.Binary {
		c.out = binary.BigEndian.AppendUint16(c.out, uint16(len(c.Columns)))
		for i, v := range c.rows.cur {
			if v == nil {
				c.out = binary.BigEndian.AppendUint32(c.out, 0xffffffff)
				continue
			}
			text, _ := c.rows.TextAt(i)
			at := len(c.out)
			c.out = append(c.out, 0, 0, 0, 0)
			var err error
			c.out, err = c.codec.AppendSend(c.out, c.Columns[i].TypeOID, v, text)
			if err != nil {
				return nil, false, err
			}
			binary.BigEndian.PutUint32(c.out[at:], uint32(len(c.out)-at-4))
		}
		return c.out, true, nil
	}
	for i := range c.rows.cur {
		if i > 0 {
			c.out = append(c.out, c.opt.delim)
		}
		text, ok := c.rows.TextAt(i)
		if !ok {
			c.out = append(c.out, c.opt.null...)
			continue
		}
		c.out = c.appendField(c.out, text)
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

func (c *Copy) appendField(out []byte, s string) []byte {
	if c.opt.format == "csv" {
		needs := s == c.opt.null || s == ""
		for i := 0; i < len(s) && !needs; i++ {
			ch := s[i]
			needs = ch == c.opt.delim || ch == c.opt.quote || ch == '\n' || ch == '\r' || ch == c.opt.escape
		}
		if s == "" && c.opt.null != "" {
			needs = false
		}
		if !needs {
			return append(out, s...)
		}
		out = append(out, c.opt.quote)
		for i := 0; i < len(s); i++ {
			if s[i] == c.opt.quote || s[i] == c.opt.escape {
				out = append(out, c.opt.escape)
			}
			out = append(out, s[i])
		}
		return append(out, c.opt.quote)
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch ch {
		case '\\':
			out = append(out, '\\', '\\')
		case '\n':
			out = append(out, '\\', 'n')
		case '\r':
			out = append(out, '\\', 'r')
		case '\t':
			out = append(out, '\\', 't')
		case '\b':
			out = append(out, '\\', 'b')
		case '\f':
			out = append(out, '\\', 'f')
		case '\v':
			out = append(out, '\\', 'v')
		default:
			if ch == c.opt.delim {
				out = append(out, '\\')
			}
			out = append(out, ch)
		}
	}
	return out
}
