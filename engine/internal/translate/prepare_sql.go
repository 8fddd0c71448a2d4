package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// SQLPrepare is PREPARE name [(types)] AS statement (PostgreSQL docs:
// PREPARE): the session keeps the statement under name for EXECUTE.
type SQLPrepare struct {
	Name string
	// ParamOIDs are the declared parameter types (0: inferred).
	ParamOIDs []uint32
	// Query is the statement's text.
	Query string
}

// SQLExecute is EXECUTE name [(args)]: Args are the arguments' SQL
// expressions, each evaluated once and bound to its parameter.
type SQLExecute struct {
	Name string
	Args []string
}

// SQLDeallocate is DEALLOCATE [PREPARE] name | ALL.
type SQLDeallocate struct {
	Name string
	All  bool
}

func (*SQLPrepare) command()    {}
func (*SQLExecute) command()    {}
func (*SQLDeallocate) command() {}

// sqlPrepareStatement translates the SQL-level prepared statement
// commands; the wire protocol's Parse/Bind/Execute use the same engine
// calls.
func (t *Translator) sqlPrepareStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_PrepareStmt:
		p := s.PrepareStmt
		c := &SQLPrepare{Name: p.Name}
		for _, a := range p.Argtypes {
			c.ParamOIDs = append(c.ParamOIDs, t.typeName(a.GetTypeName()).OID)
		}
		q, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: p.Query}}})
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
		}
		c.Query = q
		return Result{Cmd: c, Tag: "PREPARE"}, true
	case *pg.Node_ExecuteStmt:
		c := &SQLExecute{Name: s.ExecuteStmt.Name}
		for _, a := range s.ExecuteStmt.Params {
			c.Args = append(c.Args, exprSQL(a))
		}
		return Result{Cmd: c, Tag: "EXECUTE"}, true
	case *pg.Node_DeallocateStmt:
		name := s.DeallocateStmt.Name
		if name == "" {
			return Result{Cmd: &SQLDeallocate{All: true}, Tag: "DEALLOCATE ALL"}, true
		}
		return Result{Cmd: &SQLDeallocate{Name: name}, Tag: "DEALLOCATE"}, true
	}
	return Result{}, false
}
