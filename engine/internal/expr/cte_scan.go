package expr

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// CTECarrier is the table-function name a materialized WITH query's
// references read through; GMS resolves it through
// FunctionProvider.TableFunction.
const CTECarrier = "tinybase_cte"

// CTEBuffer holds the rows of a materialized WITH query (PostgreSQL docs
// 7.8.3): the query runs once, and only as far as some reference has
// read, as PostgreSQL's CTE Scan pulls from its shared tuplestore. Every
// reference reads the same rows, so a volatile function in the query is
// evaluated once per row, and a row no reference reaches (LIMIT, a
// semi-join satisfied early, no reference at all) is never computed and
// cannot raise.
type CTEBuffer struct {
	mu   sync.Mutex
	iter sql.RowIter
	// conv turns a row the query produced into tinybase values.
	conv func(sql.Row) (sql.Row, error)
	rows []sql.Row
	err  error
	done bool
}

// NewCTEBuffer is a buffer over iter, not yet read.
func NewCTEBuffer(iter sql.RowIter, conv func(sql.Row) (sql.Row, error)) *CTEBuffer {
	return &CTEBuffer{iter: iter, conv: conv}
}

// row is row i of the query, running it further when no reference has
// read that far; io.EOF past its last row.
func (b *CTEBuffer) row(ctx *sql.Context, i int) (sql.Row, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i >= len(b.rows) {
		if b.err != nil {
			return nil, b.err
		}
		if b.done {
			return nil, io.EOF
		}
		r, err := b.iter.Next(ctx)
		if err == io.EOF {
			b.done = true
			err = b.iter.Close(ctx)
			b.iter = nil
			if err != nil {
				b.err = err
			}
			continue
		}
		if err == nil && b.conv != nil {
			r, err = b.conv(r)
		}
		if err != nil {
			b.err = err
			continue
		}
		b.rows = append(b.rows, r)
	}
	// a copy: a consumer may reuse the slice it was handed
	return append(sql.Row(nil), b.rows[i]...), nil
}

// Close ends the query where the statement left it.
func (b *CTEBuffer) Close(ctx *sql.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.iter == nil {
		return nil
	}
	err := b.iter.Close(ctx)
	b.iter, b.done = nil, true
	return err
}

// CTESpec is the argument of a CTECarrier call: the buffer and the
// query's columns.
type CTESpec struct {
	base
	Name  string
	Buf   *CTEBuffer
	Names []string
	Types []*types.Type
}

// NewCTESpec builds the spec literal.
func NewCTESpec(s CTESpec) *CTESpec {
	s.typ = types.Unknown
	return &s
}

func (s *CTESpec) Eval(*sql.Context, sql.Row) (any, error)                { return nil, nil }
func (s *CTESpec) Children() []sql.Expression                             { return nil }
func (s *CTESpec) WithChildren(...sql.Expression) (sql.Expression, error) { return s, nil }
func (s *CTESpec) String() string                                         { return "'" + s.Name + "'" }

// CTEScan is one reference to a materialized WITH query.
type CTEScan struct {
	spec   *CTESpec
	schema sql.Schema
	db     sql.Database
}

var (
	_ sql.TableFunction = (*CTEScan)(nil)
	_ sql.ExecSourceRel = (*CTEScan)(nil)
)

// NewInstance implements sql.TableFunction.
func (t *CTEScan) NewInstance(_ *sql.Context, db sql.Database, args []sql.Expression) (sql.Node, error) {
	var spec *CTESpec
	if len(args) == 1 {
		spec, _ = args[0].(*CTESpec)
	}
	if spec == nil {
		return nil, fmt.Errorf("expr: %s without a spec", CTECarrier)
	}
	n := &CTEScan{spec: spec, db: db}
	for i, name := range spec.Names {
		n.schema = append(n.schema, &sql.Column{Name: name, Type: spec.Types[i], Source: spec.Name, Nullable: true})
	}
	return n, nil
}

func (t *CTEScan) Resolved() bool                                      { return true }
func (t *CTEScan) IsReadOnly() bool                                    { return true }
func (t *CTEScan) Schema() sql.Schema                                  { return t.schema }
func (t *CTEScan) Children() []sql.Node                                { return nil }
func (t *CTEScan) Name() string                                        { return CTECarrier }
func (t *CTEScan) Database() sql.Database                              { return t.db }
func (t *CTEScan) Expressions() []sql.Expression                       { return nil }
func (t *CTEScan) WithChildren(...sql.Node) (sql.Node, error)          { return t, nil }
func (t *CTEScan) WithExpressions(...sql.Expression) (sql.Node, error) { return t, nil }
func (t *CTEScan) String() string {
	if t.spec == nil {
		return CTECarrier
	}
	return "CTE Scan on " + strings.ToLower(t.spec.Name)
}

func (t *CTEScan) WithDatabase(db sql.Database) (sql.Node, error) {
	n := *t
	n.db = db
	return &n, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (t *CTEScan) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// RowIter implements sql.ExecSourceRel: a cursor from the buffer's first
// row.
func (t *CTEScan) RowIter(*sql.Context, sql.Row) (sql.RowIter, error) {
	return &cteIter{buf: t.spec.Buf}, nil
}

type cteIter struct {
	buf *CTEBuffer
	pos int
}

func (it *cteIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := it.buf.row(ctx, it.pos)
	if err != nil {
		return nil, err
	}
	it.pos++
	return r, nil
}

func (it *cteIter) Close(*sql.Context) error { return nil }
