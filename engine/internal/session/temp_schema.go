package session

import (
	"context"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Temporary relations live in a schema of the session's own, pg_temp_N,
// made on the first CREATE TEMP and dropped when the session ends, as
// PostgreSQL does (CREATE TABLE, "Temporary Tables"; search_path). N is
// the session's backend PID, unique among the engine's sessions.

// tempSchemaName is the name of the session's temporary schema.
func (s *Session) tempSchemaName() string {
	return pgident.TempSchemaPrefix + strconv.Itoa(int(s.PID()))
}

// prepareTemp rewrites the pg_temp alias in stmt's relation names into the
// session's temporary schema and sends a CREATE of a temporary relation
// there, making the schema first when it does not exist yet.
func (s *Session) prepareTemp(sqlText string, stmt *pg.Node) error {
	target := createdRelation(stmt)
	if target == nil && !mentionsTemp(sqlText) {
		return nil
	}
	own := s.tempSchemaName()
	var other error
	pgtree.Walk(stmt, func(m any) bool {
		if names := routineName(m); isTempRoutine(names) {
			names[0] = pg.MakeStrNode(own) // a temporary function: pg_temp.f
			return true
		}
		rv, ok := m.(*pg.RangeVar)
		switch {
		case !ok:
		case rv.Schemaname == "pg_temp":
			rv.Schemaname = own
		case rv != target && pgident.IsTempSchema(rv.Schemaname) && rv.Schemaname != own && other == nil:
			other = pgerror.New(pgerror.FeatureNotSupported, "cannot access temporary tables of other sessions")
		}
		return true
	})
	if other != nil {
		return other
	}
	if cf := stmt.GetCreateFunctionStmt(); cf != nil && len(cf.Funcname) == 2 && cf.Funcname[0].GetString_().GetSval() == own {
		// CREATE FUNCTION pg_temp.f: the session's temporary schema holds
		// it, and it goes with the session
		return s.ensureTempSchema(own)
	}
	if target == nil {
		return nil
	}
	if cs := stmt.GetCreateStmt(); cs != nil && cs.Oncommit != pg.OnCommitAction_ONCOMMIT_NOOP && cs.Oncommit != pg.OnCommitAction_ON_COMMIT_ACTION_UNDEFINED && target.Relpersistence != "t" && !pgident.IsTempSchema(target.Schemaname) {
		return pgerror.New(pgerror.InvalidTableDefinition, "ON COMMIT can only be used on temporary tables")
	}
	switch {
	case target.Relpersistence == "t":
		if target.Schemaname != "" && target.Schemaname != own {
			return pgerror.New(pgerror.InvalidTableDefinition, "cannot create temporary relation in non-temporary schema").WithPosition(int(target.Location) + 1)
		}
	case target.Schemaname == own:
		// CREATE TABLE pg_temp.x makes a temporary table
		target.Relpersistence = "t"
	default:
		return nil
	}
	target.Schemaname = own
	if err := s.ensureTempSchema(own); err != nil {
		return err
	}
	s.noteOnCommit(stmt, target)
	return nil
}

// ensureTempSchema makes the session's temporary schema own when it does
// not exist yet.
func (s *Session) ensureTempSchema(own string) error {
	txn := s.StorageTxn()
	if !txn.HasSchema(own) {
		if err := txn.CreateSchema(own); err != nil {
			return mapError(err)
		}
	}
	s.tempNS = own
	return nil
}

// routineName is the name list of a routine a node names or calls: a
// call, CREATE FUNCTION / PROCEDURE, or a routine with its argument
// types (DROP, ALTER, COMMENT, GRANT).
func routineName(m any) []*pg.Node {
	switch n := m.(type) {
	case *pg.FuncCall:
		return n.Funcname
	case *pg.CreateFunctionStmt:
		return n.Funcname
	case *pg.ObjectWithArgs:
		return n.Objname
	}
	return nil
}

// mentionsTemp reports whether sqlText may name a temporary schema
// (pg_temp in any case), without allocating: most statements do not.
func mentionsTemp(sqlText string) bool {
	const word = "pg_temp"
	for i := 0; i+len(word) <= len(sqlText); i++ {
		if strings.EqualFold(sqlText[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// tempAliased is stmt with pg_temp naming the session's temporary schema,
// a copy when it changes, for describing a prepared statement (running it
// goes through prepareTemp).
func (s *Session) tempAliased(stmt *pg.Node) *pg.Node {
	if createdRelation(stmt) != nil || !needsTemp(stmt) {
		return stmt
	}
	stmt = pgtree.Clone(stmt)
	own := s.tempSchemaName()
	pgtree.Walk(stmt, func(m any) bool {
		if names := routineName(m); isTempRoutine(names) {
			names[0] = pg.MakeStrNode(own)
		} else if rv, ok := m.(*pg.RangeVar); ok && rv.Schemaname == "pg_temp" {
			rv.Schemaname = own
		}
		return true
	})
	return stmt
}

// isTempRoutine reports whether a routine's name list is pg_temp.name.
func isTempRoutine(names []*pg.Node) bool {
	return len(names) == 2 && names[0].GetString_().GetSval() == "pg_temp"
}

// needsTemp reports whether stmt creates a relation or names a
// temporary schema, so prepareTemp has work to do.
func needsTemp(stmt *pg.Node) bool {
	if createdRelation(stmt) != nil {
		return true
	}
	found := false
	pgtree.Walk(stmt, func(m any) bool {
		if rv, ok := m.(*pg.RangeVar); ok && (rv.Schemaname == "pg_temp" || pgident.IsTempSchema(rv.Schemaname)) {
			found = true
		}
		found = found || isTempRoutine(routineName(m))
		return !found
	})
	return found
}

// createdRelation is the relation a CREATE TABLE / TABLE AS / SELECT INTO
// / VIEW / SEQUENCE statement makes, nil for any other statement.
func createdRelation(stmt *pg.Node) *pg.RangeVar {
	switch n := stmt.Node.(type) {
	case *pg.Node_CreateStmt:
		return n.CreateStmt.Relation
	case *pg.Node_CreateTableAsStmt:
		if n.CreateTableAsStmt.Into != nil {
			return n.CreateTableAsStmt.Into.Rel
		}
	case *pg.Node_SelectStmt:
		if n.SelectStmt.IntoClause != nil {
			return n.SelectStmt.IntoClause.Rel
		}
	case *pg.Node_ViewStmt:
		return n.ViewStmt.View
	case *pg.Node_CreateSeqStmt:
		return n.CreateSeqStmt.Sequence
	}
	return nil
}

// dropTempSchema drops the session's temporary schema and everything in
// it when the session ends (its transaction already rolled back).
func (s *Session) dropTempSchema() {
	if s.tempNS == "" {
		return
	}
	s.state = txnIdle
	rows, err := s.Query(context.Background(), "DROP SCHEMA IF EXISTS "+s.tempNS+" CASCADE")
	if err == nil {
		rows.Close()
	} else {
		s.eng.logger.Error("engine: dropping the temporary schema of an ending session", "schema", s.tempNS, "error", err)
	}
	s.tempNS = ""
}

// addTempFuncs registers pg_my_temp_schema() and pg_is_other_temp_schema().
func addTempFuncs(r *expr.Registry) {
	r.Add("pg_my_temp_schema", expr.FuncImpl{Result: expr.Fixed(types.Oid), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
			s, ok := fromContext(ctx)
			if !ok {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "this function needs a session")
			}
			if s.tempNS == "" || !s.StorageTxn().HasSchema(s.tempNS) {
				return uint32(0), nil // InvalidOid until the session makes one
			}
			return pgcatalog.NamespaceOID(s.tempNS), nil
		}})
	r.Add("pg_is_other_temp_schema", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Bool), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, ok := fromContext(ctx)
			if !ok {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "this function needs a session")
			}
			oid := a[0].(uint32)
			for _, n := range s.StorageTxn().SchemaNames() {
				if pgident.IsTempSchema(n) && pgcatalog.NamespaceOID(n) == oid {
					return n != s.tempNS, nil
				}
			}
			return false, nil
		}})
}

// tempOnCommit is a temporary table's ON COMMIT DROP or DELETE ROWS.
type tempOnCommit struct {
	schema, name string
	drop         bool // else DELETE ROWS
}

// noteOnCommit remembers the ON COMMIT action of a temporary table stmt
// creates in schema.
func (s *Session) noteOnCommit(stmt *pg.Node, target *pg.RangeVar) {
	var action pg.OnCommitAction
	switch n := stmt.Node.(type) {
	case *pg.Node_CreateStmt:
		action = n.CreateStmt.Oncommit
	case *pg.Node_CreateTableAsStmt:
		action = n.CreateTableAsStmt.Into.OnCommit
	case *pg.Node_SelectStmt:
		action = n.SelectStmt.IntoClause.OnCommit
	}
	if action == pg.OnCommitAction_ONCOMMIT_DROP || action == pg.OnCommitAction_ONCOMMIT_DELETE_ROWS {
		s.onCommit = append(s.onCommit, tempOnCommit{schema: target.Schemaname, name: target.Relname, drop: action == pg.OnCommitAction_ONCOMMIT_DROP})
	}
}

// runOnCommit runs the ON COMMIT actions of the session's temporary tables
// in the committing transaction, as PostgreSQL's PreCommit_on_commit_actions
// does: it drops the ON COMMIT DROP tables this transaction made and
// empties the ON COMMIT DELETE ROWS ones, without firing triggers.
func (s *Session) runOnCommit() error {
	if len(s.onCommit) == 0 || s.txn == nil {
		return nil
	}
	prev := s.state
	s.state = txnActive // the statements below must not commit on their own
	defer func() { s.state = prev }()
	keep := s.onCommit[:0]
	var first error
	for _, a := range s.onCommit {
		if _, ok := ddl.FindTable(s.ddl(), a.schema, a.name); !ok {
			continue // dropped, or its creation rolled back
		}
		q := "TRUNCATE " + a.schema + "." + pgident.QuoteIfNeeded(a.name)
		if a.drop {
			q = "DROP TABLE " + a.schema + "." + pgident.QuoteIfNeeded(a.name)
		} else {
			keep = append(keep, a)
		}
		if first != nil {
			continue
		}
		rows, err := s.Query(context.Background(), q)
		if err != nil {
			first = err
			continue
		}
		rows.Close()
	}
	s.onCommit = keep
	return first
}

// forgetOnCommitDrops drops the ON COMMIT DROP entries when a transaction
// rolls back: its tables went with it.
func (s *Session) forgetOnCommitDrops() {
	keep := s.onCommit[:0]
	for _, a := range s.onCommit {
		if !a.drop {
			keep = append(keep, a)
		}
	}
	s.onCommit = keep
}
