package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// ddlHost is the session as engine/internal/ddl sees it. It is a small
// adapter rather than methods on *Session so that the names ddl.Host asks
// for (Catalog, Table, Env, ...) do not claim *Session's method set, which
// other concerns' hosts share.
type ddlHost struct{ s *Session }

var _ ddl.Host = ddlHost{}

// ddl is the session as the DDL package's host.
func (s *Session) ddl() ddl.Host { return ddlHost{s} }

func (h ddlHost) Catalog() *catalog.Catalog     { return h.s.catalog() }
func (h ddlHost) SetCatalog(c *catalog.Catalog) { h.s.setCatalog(c) }
func (h ddlHost) StorageTxn() *storage.Txn      { return h.s.StorageTxn() }
func (h ddlHost) SearchPath() []string          { return h.s.SearchPath() }
func (h ddlHost) InTransactionBlock() bool      { return h.s.state != txnIdle }
func (h ddlHost) SQLContext() *sql.Context      { return h.s.sqlContext() }
func (h ddlHost) Database() *storage.Database   { return h.s.eng.provider.DB() }
func (h ddlHost) Env() *types.Env               { return &h.s.env }
func (h ddlHost) CurrentUser() string           { return h.s.CurrentUser() }
func (h ddlHost) DropCascades(desc string)      { h.s.DropCascades(desc) }
func (h ddlHost) Notice(severity, code, message string) {
	h.s.Notice(severity, code, message)
}
func (h ddlHost) Table(ctx *sql.Context, schema, name string) (*storage.Table, bool) {
	return h.s.table(ctx, schema, name)
}
func (h ddlHost) QueryGMS(ctx *sql.Context, query string, stmt sqlparser.Statement) (sql.Schema, sql.RowIter, error) {
	sch, iter, _, err := h.s.eng.gms.QueryWithBindings(ctx, query, stmt, nil, nil)
	return sch, iter, err
}
func (h ddlHost) PlanGMS(ctx *sql.Context, query string, stmt sqlparser.Statement) (sql.Schema, error) {
	return h.s.planSchema(ctx, query, stmt) // prepare.go
}
func (h ddlHost) TranslatorCatalog() translate.Catalog      { return h.s.translatorCatalog() }
func (h ddlHost) TableLookup() translate.TableLookup        { return h.s }
func (h ddlHost) MapError(err error) error                  { return mapError(err) }
func (h ddlHost) SyntaxError(err error, query string) error { return pgtree.SyntaxError(err) }
func (h ddlHost) ViewQueryError(err error) error            { return h.s.viewQueryError(err) }
func (h ddlHost) CheckOwner(key catalog.ObjectKey, word, name string) error {
	return h.s.checkOwner(key, word, name) // acl_commands.go
}
func (h ddlHost) CheckSequenceUse(seq *catalog.Sequence, privs catalog.Priv) error {
	return h.s.checkSequenceUse(seq, privs) // acl_check.go
}
func (h ddlHost) CommentedRoutine(cat *catalog.Catalog, q catalog.QName, ref *translate.RoutineRef) (*catalog.Function, bool) {
	return h.s.commentedRoutine(cat, q, ref) // routine_ddl.go
}
func (h ddlHost) FireTruncateTriggers(ctx *sql.Context, tables []*storage.Table, timing string) error {
	return h.s.fireTruncateTriggers(ctx, tables, timing) // trigger_fire.go
}
func (h ddlHost) NextSequenceValue(seq *catalog.Sequence) (int64, error) {
	if h.s.describeSeqs != nil {
		return h.s.eng.seqs.nextIn(h.s.describeSeqs, seq) // describing must not use up values
	}
	return h.s.eng.seqs.next(seq)
}
func (h ddlHost) SetSequenceValue(seq *catalog.Sequence, value int64, called bool) error {
	return h.s.eng.seqs.set(seq, value, called)
}
func (h ddlHost) SequenceValue(seq *catalog.Sequence) (int64, bool) {
	v := h.s.eng.seqs.peek(seq)
	return v.last, v.called
}
func (h ddlHost) ResetSequence(oid uint32, value int64) { h.s.eng.seqs.reset(oid, value) }
func (h ddlHost) Sequences() *ddl.SessionSequences      { return &h.s.seqState }

// Forwarders: the session's other concerns still call these by their
// old names; the code is in engine/internal/ddl.

func (s *Session) lookupSchemas(schema string) []string { return ddl.LookupSchemas(s.ddl(), schema) }
func (s *Session) creationSchema(schema string) (string, error) {
	return ddl.CreationSchema(s.ddl(), schema)
}
func (s *Session) findTable(schema, name string) (*storage.Table, bool) {
	return ddl.FindTable(s.ddl(), schema, name)
}
func (s *Session) relationExists(cat *catalog.Catalog, q catalog.QName) bool {
	return ddl.RelationExists(s.ddl(), cat, q)
}
func (s *Session) findType(cat *catalog.Catalog, q catalog.QName) (catalog.QName, *catalog.TypeDef, bool) {
	return ddl.FindType(s.ddl(), cat, q)
}
func (s *Session) findView(cat *catalog.Catalog, q catalog.QName) (v *catalog.View, isTable bool) {
	return ddl.FindView(s.ddl(), cat, q)
}
func parseRelName(text string) catalog.QName { return ddl.ParseRelName(text) }
func quoteIdentPart(s string) string         { return ddl.QuoteIdentPart(s) }
func compositeNameTaken(cat *catalog.Catalog, q catalog.QName) error {
	return ddl.CompositeNameTaken(cat, q)
}

func (s *Session) catalogTableRenamed(schema, oldName, newName string) error {
	return ddl.TableRenamed(s.ddl(), schema, oldName, newName)
}
func (s *Session) catalogColumnRenamed(schema, table, oldName, newName string) {
	ddl.ColumnRenamed(s.ddl(), schema, table, oldName, newName)
}
func (s *Session) dropSchemaObjects(schema string, cascade bool) error {
	return ddl.DropSchemaObjects(s.ddl(), schema, cascade)
}
func (s *Session) dropSchemaTables(schema string, cascade bool) error {
	return ddl.DropSchemaTables(s.ddl(), schema, cascade)
}
func (s *Session) giveOwnedSequences(q catalog.QName) { ddl.GiveOwnedSequences(s.ddl(), q) }

// tableRenamed keeps the catalog in step with a table or column rename
// GMS runs (translate.TableRenamed accompanies the statement).
func (s *Session) tableRenamed(c *translate.TableRenamed) error {
	if t, ok := s.findTable(c.Table.Schema, c.Table.Name); ok {
		if c.Column == "" {
			return s.catalogTableRenamed(t.SchemaName(), t.Name(), c.NewName)
		} else {
			s.catalogColumnRenamed(t.SchemaName(), t.Name(), c.Column, c.NewName)
		}
	}
	return nil
}

// reindex runs REINDEX (ddl.Reindex).
func (s *Session) reindex(r *translate.Reindex, _ string) (string, *Rows, error) {
	if err := ddl.Reindex(s.ddl(), r); err != nil {
		return "", nil, err
	}
	return s.commandDone("REINDEX")
}

// maintenance runs VACUUM / ANALYZE (ddl.Maintenance).
func (s *Session) maintenance(m *translate.Maintenance, _ string) (string, *Rows, error) {
	tag, err := ddl.Maintenance(s.ddl(), m)
	if err != nil {
		return "", nil, err
	}
	return s.commandDone(tag) // the statistics it stored commit outside a block
}

func (s *Session) nextval(name string) (int64, error) { return ddl.Nextval(s.ddl(), name) }
func (s *Session) currval(name string) (int64, error) { return ddl.Currval(s.ddl(), name) }
func (s *Session) lastval() (int64, error)            { return ddl.Lastval(s.ddl()) }
func (s *Session) sequenceLastValue(name string) (any, error) {
	return ddl.SequenceLastValue(s.ddl(), name)
}
func (s *Session) setval(name string, v int64, called bool) (int64, error) {
	return ddl.Setval(s.ddl(), name, v, called)
}
func (s *Session) serialSequence(table, column string) (any, error) {
	return ddl.SerialSequence(s.ddl(), table, column)
}
func (s *Session) objDescription(rel, catalogName string) (any, error) {
	return ddl.ObjDescription(s.ddl(), rel, catalogName)
}
func (s *Session) colDescription(rel string, n int32) (any, error) {
	return ddl.ColDescription(s.ddl(), rel, n)
}

// RestartIdentity restarts the sequences owned by a table's columns, for
// TRUNCATE ... RESTART IDENTITY.
func (s *Session) RestartIdentity(schema, table string) { ddl.RestartIdentity(s.ddl(), schema, table) }

func resolveOver(sch sql.Schema, e sqlparser.Expr) (sql.Expression, error) {
	return ddl.ResolveOver(sch, e)
}
func resolveOverWith(sch sql.Schema, e sqlparser.Expr, field func(i int, c *sql.Column) sql.Expression) (sql.Expression, error) {
	return ddl.ResolveOverWith(sch, e, field)
}
func indexKey(keys []sql.Expression) func(ctx *sql.Context, row sql.Row) (sql.Row, error) {
	return ddl.IndexKey(keys)
}
func indexWhere(where sql.Expression) func(ctx *sql.Context, row sql.Row) (bool, error) {
	return ddl.IndexWhere(where)
}

// sessionSequences is the Session field type of currval / lastval state
// (session.go's seqState); an alias keeps session.go untouched.
type sessionSequences = ddl.SessionSequences
