package session

import (
	"context"
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Event triggers (PostgreSQL docs: Chapter 40). A statement whose command
// tag fires event triggers (ddl.EventTag) runs between its
// ddl_command_start triggers and its sql_drop and ddl_command_end ones,
// all in the statement's transaction: a failing trigger undoes the
// statement. While a trigger function runs, pg_event_trigger_ddl_commands
// and pg_event_trigger_dropped_objects read the event's rows.

var _ expr.EventTriggerEnv = (*gmsSession)(nil)

// eventState is the event whose trigger is running.
type eventState struct {
	event    string
	commands [][]any
	dropped  [][]any
}

func (g *gmsSession) EventTriggerCommands() ([][]any, bool) {
	e := g.s.event
	if e == nil || e.event != "ddl_command_end" {
		return nil, false
	}
	return e.commands, true
}

func (g *gmsSession) EventTriggerDropped() ([][]any, bool) {
	e := g.s.event
	if e == nil || e.event != "sql_drop" {
		return nil, false
	}
	return e.dropped, true
}

// eventTriggers lists the enabled event triggers of event that fire for
// tag, by name (the order PostgreSQL fires them in).
func eventTriggers(cat *catalog.Catalog, event, tag string, replica bool) []*catalog.EventTrigger {
	var out []*catalog.EventTrigger
	for _, t := range cat.EventTriggers() {
		if t.Event != event || !catalog.Fires(t.Enabled, replica) {
			continue
		}
		match := len(t.Tags) == 0
		for _, tg := range t.Tags {
			if tg == tag {
				match = true
			}
		}
		if match {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// eventTriggered reports whether a statement with command tag fires
// event triggers.
func (s *Session) eventTriggered(tag string) bool {
	return s.state != txnFailed && ddl.EventTag(tag) && s.catalog().HasEventTriggers()
}

// runWithEventTriggers runs a translated statement, firing the event
// triggers its command tag selects.
func (s *Session) runWithEventTriggers(ctx context.Context, sqlText string, stmt *pg.Node, res translate.Result) (*Rows, error) {
	if !s.eventTriggered(res.Tag) {
		return s.runTranslated(ctx, sqlText, stmt, res)
	}
	// an implicit transaction stays open until the triggers ran
	implicit := s.state == txnIdle
	if implicit {
		s.StorageTxn().Refresh()
		s.state = txnActive
		s.triggersBlock = true // not the client's block (concurrentlyWhat)
		defer func() { s.triggersBlock = false }()
	}
	rows, err := s.withEventTriggers(stmt, res.Tag, func() (*Rows, error) { return s.runTranslated(ctx, sqlText, stmt, res) })
	if err != nil {
		if implicit {
			s.state = txnIdle
			_ = s.endStorageTxn(false)
			s.endImplicit()
			return nil, err
		}
		s.state = txnFailed
		return nil, err
	}
	if implicit {
		s.state = txnIdle
		s.endImplicit()
		if err := s.endStorageTxn(true); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// withEventTriggers runs a statement (run) between its ddl_command_start
// triggers and its sql_drop and ddl_command_end ones.
func (s *Session) withEventTriggers(stmt *pg.Node, tag string, run func() (*Rows, error)) (*Rows, error) {
	cat, replica := s.catalog(), s.replicaRole()
	start := eventTriggers(cat, "ddl_command_start", tag, replica)
	end := eventTriggers(cat, "ddl_command_end", tag, replica)
	drop := eventTriggers(cat, "sql_drop", tag, replica)
	if len(start)+len(end)+len(drop) == 0 {
		return run()
	}
	if err := s.fireEvent(start, &eventState{event: "ddl_command_start"}, tag); err != nil {
		return nil, err
	}
	var dropped [][]any
	if len(drop) > 0 {
		dropped = s.droppedObjects(stmt)
	}
	var commands [][]any
	if len(end) > 0 {
		commands = s.createdSequences(stmt, tag) // before the table: CREATE SEQUENCE runs first
	}
	rows, err := run()
	if err != nil {
		return nil, err
	}
	if rows != nil && !rows.done {
		// DDL reports no rows; drain what a statement such as CREATE
		// TABLE AS streams so the triggers run after it
		for rows.Next() {
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	if len(dropped) > 0 {
		if err := s.fireEvent(drop, &eventState{event: "sql_drop", dropped: dropped}, tag); err != nil {
			return nil, err
		}
	}
	if len(end) > 0 {
		commands = append(commands, s.ddlCommands(stmt, tag)...)
		if err := s.fireEvent(end, &eventState{event: "ddl_command_end", commands: commands}, tag); err != nil {
			return nil, err
		}
	}
	if rows != nil {
		rows.notices = append(rows.notices, s.takeNotices()...)
	}
	return rows, nil
}

// fireEvent calls the trigger functions of one event.
func (s *Session) fireEvent(trigs []*catalog.EventTrigger, e *eventState, tag string) error {
	if len(trigs) == 0 {
		return nil
	}
	saved := s.event
	s.event = e
	defer func() { s.event = saved }()
	cat := s.catalog()
	gctx := s.gmsContext()
	for _, t := range trigs {
		fn, ok := cat.FunctionByOID(t.Function)
		if !ok {
			continue
		}
		if _, err := s.callRoutine(gctx, fn, nil, &routine.TriggerData{Name: t.Name, Event: e.event, Op: tag}); err != nil {
			return err
		}
	}
	return nil
}

// ddlCommands are pg_event_trigger_ddl_commands()'s rows for a statement
// that ran: the object it created or altered.
func (s *Session) ddlCommands(stmt *pg.Node, tag string) [][]any {
	kind, schema, name := "", "", ""
	switch x := stmt.Node.(type) {
	case *pg.Node_CreateStmt:
		kind, schema, name = "table", x.CreateStmt.Relation.Schemaname, x.CreateStmt.Relation.Relname
	case *pg.Node_AlterTableStmt:
		kind, schema, name = "table", x.AlterTableStmt.Relation.Schemaname, x.AlterTableStmt.Relation.Relname
	case *pg.Node_ViewStmt:
		kind, schema, name = "view", x.ViewStmt.View.Schemaname, x.ViewStmt.View.Relname
	case *pg.Node_CreateTableAsStmt:
		kind = "table"
		if x.CreateTableAsStmt.Objtype == pg.ObjectType_OBJECT_MATVIEW {
			kind = "materialized view"
		}
		schema, name = x.CreateTableAsStmt.Into.Rel.Schemaname, x.CreateTableAsStmt.Into.Rel.Relname
	case *pg.Node_CreateSeqStmt:
		kind, schema, name = "sequence", x.CreateSeqStmt.Sequence.Schemaname, x.CreateSeqStmt.Sequence.Relname
	case *pg.Node_IndexStmt:
		if x.IndexStmt.Idxname == "" {
			return nil
		}
		kind, schema, name = "index", x.IndexStmt.Relation.Schemaname, x.IndexStmt.Idxname
	case *pg.Node_CreateSchemaStmt:
		n := x.CreateSchemaStmt.Schemaname
		return [][]any{{uint32(2615), pgcatalog.NamespaceOID(n), int32(0), tag, "schema", nil, quoteIdentPart(n), false}}
	case *pg.Node_CreateFunctionStmt:
		return s.functionCommand(x.CreateFunctionStmt, tag)
	case *pg.Node_CreateEnumStmt:
		return s.typeCommand(x.CreateEnumStmt.TypeName, "type", tag)
	case *pg.Node_CompositeTypeStmt:
		rv := x.CompositeTypeStmt.Typevar
		return s.typeCommand([]*pg.Node{pg.MakeStrNode(rv.Schemaname), pg.MakeStrNode(rv.Relname)}, "type", tag)
	case *pg.Node_CreateDomainStmt:
		return s.typeCommand(x.CreateDomainStmt.Domainname, "type", tag) // getObjectTypeDescription: "type"
	case *pg.Node_CreatePolicyStmt:
		rv := x.CreatePolicyStmt.Table
		return s.tableObjectCommand(rv, x.CreatePolicyStmt.PolicyName, "policy", tag)
	case *pg.Node_CreateTrigStmt:
		return s.tableObjectCommand(x.CreateTrigStmt.Relation, x.CreateTrigStmt.Trigname, "trigger", tag)
	case *pg.Node_CreateExtensionStmt:
		// the extension itself; the objects its script creates are not
		// listed (in_extension rows)
		n := x.CreateExtensionStmt.Extname
		if _, ok := s.catalog().Extension(n); !ok {
			return nil
		}
		return [][]any{{uint32(3079), pgcatalog.ExtensionOID(n), int32(0), tag, "extension", nil, quoteIdentPart(n), false}}
	case *pg.Node_GrantStmt:
		// GRANT and REVOKE name no one object (classid, objid, schema and
		// identity are NULL)
		return [][]any{{nil, nil, nil, tag, grantObjectTypes[x.GrantStmt.Objtype], nil, nil, false}}
	default:
		return nil
	}
	schema, ok := s.relationSchema(kind, schema, name)
	if !ok {
		return nil
	}
	cat := s.catalog()
	oid := pgcatalog.RelationOID(schema, name)
	if v, ok := cat.View(catalog.QName{Schema: schema, Name: name}); ok {
		oid = v.OID
	} else if q, ok := cat.Sequence(catalog.QName{Schema: schema, Name: name}); ok {
		oid = q.OID
	}
	out := [][]any{{uint32(1259), oid, int32(0), tag, kind, schema, quoteIdentPart(schema) + "." + quoteIdentPart(name), false}}
	if stmt.GetCreateStmt() != nil {
		out = append(out, s.tableCommands(schema, name)...)
	}
	return out
}

// relationSchema resolves the schema of a relation a statement named.
func (s *Session) relationSchema(kind, schema, name string) (string, bool) {
	cat := s.catalog()
	for _, sc := range ddl.LookupSchemas(s.ddl(), schema) {
		q := catalog.QName{Schema: sc, Name: name}
		if _, ok := cat.View(q); ok {
			return sc, true
		}
		if _, ok := cat.Sequence(q); ok {
			return sc, true
		}
		if t, ok := ddl.FindTable(s.ddl(), sc, name); ok {
			return t.SchemaName(), true
		}
		if kind == "index" {
			if tables, err := s.StorageTxn().TableNames(sc); err == nil && len(tables) > 0 {
				return sc, true
			}
		}
	}
	return "", false
}

// functionCommand is the ddl_command_end row of CREATE FUNCTION.
func (s *Session) functionCommand(c *pg.CreateFunctionStmt, tag string) [][]any {
	parts := make([]string, 0, 2)
	for _, n := range c.Funcname {
		if sv := n.GetString_(); sv != nil {
			parts = append(parts, sv.Sval)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	name, schema := parts[len(parts)-1], ""
	if len(parts) > 1 {
		schema = parts[len(parts)-2]
	}
	cat := s.catalog()
	for _, sc := range ddl.LookupSchemas(s.ddl(), schema) {
		fs := cat.Functions(catalog.QName{Schema: sc, Name: name})
		if len(fs) == 0 {
			continue
		}
		f := fs[len(fs)-1]
		kind := "function"
		if f.Kind == catalog.KindProcedure {
			kind = "procedure"
		}
		return [][]any{{uint32(1255), f.OID, int32(0), tag, kind, sc, quoteIdentPart(sc) + "." + functionIdentity(f), false}}
	}
	return nil
}

// functionIdentity is name(argument types) as getObjectIdentity prints a
// routine after its schema: types schema-qualified
// (format_type_be_qualified), but for those with SQL-standard names.
func functionIdentity(f *catalog.Function) string {
	out := quoteIdentPart(f.Name) + "("
	for i, t := range f.InputTypes() {
		if i > 0 {
			out += ","
		}
		out += qualifiedTypeName(t)
	}
	return out + ")"
}

// sqlTypeNames are the types format_type prints with their SQL-standard
// names, never schema-qualified.
var sqlTypeNames = map[string]bool{"bit": true, "boolean": true, "character": true, "real": true, "double precision": true,
	"smallint": true, "integer": true, "bigint": true, "numeric": true, "interval": true, "time without time zone": true,
	"time with time zone": true, "timestamp without time zone": true, "timestamp with time zone": true,
	"character varying": true, "bit varying": true}

func qualifiedTypeName(t *types.Type) string {
	name := t.WithMod(-1).FormatType()
	base := strings.TrimSuffix(name, "[]")
	if sqlTypeNames[base] || strings.Contains(base, ".") {
		return name
	}
	if t.OID < catalog.FirstOID {
		return "pg_catalog." + name
	}
	return name
}

// droppedObjects are pg_event_trigger_dropped_objects()'s rows for a DROP
// about to run: the objects it names (original), and for DROP SCHEMA ...
// CASCADE the tables in the schema.
func (s *Session) droppedObjects(stmt *pg.Node) [][]any {
	d := stmt.GetDropStmt()
	if d == nil {
		return nil
	}
	kind := map[pg.ObjectType]string{pg.ObjectType_OBJECT_TABLE: "table", pg.ObjectType_OBJECT_VIEW: "view",
		pg.ObjectType_OBJECT_SEQUENCE: "sequence", pg.ObjectType_OBJECT_INDEX: "index",
		pg.ObjectType_OBJECT_MATVIEW: "materialized view"}[d.RemoveType]
	var out [][]any
	switch {
	case kind != "":
		cat := s.catalog()
		for _, o := range d.Objects {
			var parts []string
			for _, n := range o.GetList().GetItems() {
				parts = append(parts, n.GetString_().GetSval())
			}
			if len(parts) == 0 {
				continue
			}
			name, schema := parts[len(parts)-1], ""
			if len(parts) > 1 {
				schema = parts[len(parts)-2]
			}
			sc, ok := s.relationSchema(kind, schema, name)
			if !ok {
				continue
			}
			oid := pgcatalog.RelationOID(sc, name)
			if v, ok := cat.View(catalog.QName{Schema: sc, Name: name}); ok {
				oid = v.OID
			} else if q, ok := cat.Sequence(catalog.QName{Schema: sc, Name: name}); ok {
				oid = q.OID
			}
			out = append(out, []any{uint32(1259), oid, int32(0), true, false, false, kind, sc, name,
				quoteIdentPart(sc) + "." + quoteIdentPart(name), textArray(sc, name), textArray()})
		}
	case d.RemoveType == pg.ObjectType_OBJECT_SCHEMA:
		for _, o := range d.Objects {
			n := o.GetString_().GetSval()
			if !s.StorageTxn().HasSchema(n) {
				continue
			}
			out = append(out, []any{uint32(2615), pgcatalog.NamespaceOID(n), int32(0), true, false, false, "schema", nil, n,
				quoteIdentPart(n), textArray(n), textArray()})
			if d.Behavior != pg.DropBehavior_DROP_CASCADE {
				continue
			}
			// the tables CASCADE takes with the schema (original false):
			// TimescaleDB's and pg_graphql's sql_drop triggers look for them
			names, _ := s.StorageTxn().TableNames(n)
			cat := s.catalog()
			for _, name := range names {
				q := catalog.QName{Schema: n, Name: name}
				if _, ok := cat.View(q); ok {
					continue
				}
				if _, ok := cat.Sequence(q); ok {
					continue
				}
				out = append(out, []any{uint32(1259), pgcatalog.RelationOID(n, name), int32(0), false, true, false, "table", n, name,
					quoteIdentPart(n) + "." + quoteIdentPart(name), textArray(n, name), textArray()})
			}
		}
	}
	return out
}

func textArray(vals ...string) *types.Array {
	vs := make([]any, len(vals))
	for i, v := range vals {
		vs[i] = v
	}
	return types.NewArray(types.Text, vs)
}

// ownedSequences are the sequences of a table's serial and identity
// columns, in column order.
func (s *Session) ownedSequences(schema, table string) []*catalog.Sequence {
	var out []*catalog.Sequence
	for _, q := range s.catalog().Sequences() {
		if q.OwnedBy != nil && q.OwnedBy.Schema == schema && q.OwnedBy.Table == table {
			out = append(out, q)
		}
	}
	return out
}

// createdSequences are the CREATE SEQUENCE rows of a CREATE TABLE's
// serial and identity columns (their sequences exist before the table).
func (s *Session) createdSequences(stmt *pg.Node, tag string) [][]any {
	c := stmt.GetCreateStmt()
	if c == nil {
		return nil
	}
	schema, err := ddl.CreationSchema(s.ddl(), c.Relation.Schemaname)
	if err != nil {
		return nil
	}
	if _, exists := ddl.FindTable(s.ddl(), schema, c.Relation.Relname); exists {
		return nil // IF NOT EXISTS: nothing is created
	}
	var out [][]any
	for _, q := range s.ownedSequences(schema, c.Relation.Relname) {
		out = append(out, []any{uint32(1259), q.OID, int32(0), "CREATE SEQUENCE", "sequence", schema,
			quoteIdentPart(schema) + "." + quoteIdentPart(q.Name), false})
	}
	return out
}

// tableCommands are the rows of a CREATE TABLE after its table's: the
// indexes of its primary key and unique constraints, then the ALTER
// SEQUENCE ... OWNED BY of its serial columns.
func (s *Session) tableCommands(schema, name string) [][]any {
	t, ok := ddl.FindTable(s.ddl(), schema, name)
	if !ok {
		return nil
	}
	var out [][]any
	index := func(n string) {
		out = append(out, []any{uint32(1259), pgcatalog.RelationOID(schema, n), int32(0), "CREATE INDEX", "index", schema,
			quoteIdentPart(schema) + "." + quoteIdentPart(n), false})
	}
	if pk := t.PrimaryKeyName(); pk != "" && len(t.PrimaryKeySchema().PkOrdinals) > 0 {
		index(pk)
	}
	if idx, err := t.GetIndexes(s.gmsContext()); err == nil {
		for _, ix := range idx {
			if ix.IsUnique() && ix.ID() != "PRIMARY" && ix.ID() != t.PrimaryKeyName() {
				index(ix.ID())
			}
		}
	}
	for _, q := range s.ownedSequences(schema, name) {
		out = append(out, []any{uint32(1259), q.OID, int32(0), "ALTER SEQUENCE", "sequence", schema,
			quoteIdentPart(schema) + "." + quoteIdentPart(q.Name), false})
	}
	return out
}

// grantObjectTypes are stringify_grant_objtype's words.
var grantObjectTypes = map[pg.ObjectType]string{
	pg.ObjectType_OBJECT_TABLE: "TABLE", pg.ObjectType_OBJECT_SEQUENCE: "SEQUENCE", pg.ObjectType_OBJECT_FUNCTION: "FUNCTION",
	pg.ObjectType_OBJECT_PROCEDURE: "PROCEDURE", pg.ObjectType_OBJECT_ROUTINE: "ROUTINE", pg.ObjectType_OBJECT_SCHEMA: "SCHEMA",
	pg.ObjectType_OBJECT_TYPE: "TYPE", pg.ObjectType_OBJECT_DOMAIN: "DOMAIN", pg.ObjectType_OBJECT_DATABASE: "DATABASE",
	pg.ObjectType_OBJECT_LANGUAGE: "LANGUAGE", pg.ObjectType_OBJECT_FOREIGN_SERVER: "FOREIGN SERVER",
	pg.ObjectType_OBJECT_FDW: "FOREIGN DATA WRAPPER", pg.ObjectType_OBJECT_LARGEOBJECT: "LARGE OBJECT",
}

// typeCommand is the ddl_command_end row of a CREATE TYPE or DOMAIN.
func (s *Session) typeCommand(nameParts []*pg.Node, kind, tag string) [][]any {
	var parts []string
	for _, n := range nameParts {
		if v := n.GetString_().GetSval(); v != "" {
			parts = append(parts, v)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	name, schema := parts[len(parts)-1], ""
	if len(parts) > 1 {
		schema = parts[len(parts)-2]
	}
	cat := s.catalog()
	for _, sc := range ddl.LookupSchemas(s.ddl(), schema) {
		if d, ok := cat.Type(catalog.QName{Schema: sc, Name: name}); ok {
			return [][]any{{uint32(1247), d.Type.OID, int32(0), tag, kind, sc, quoteIdentPart(sc) + "." + quoteIdentPart(name), false}}
		}
	}
	return nil
}

// tableObjectCommand is the ddl_command_end row of CREATE POLICY or
// CREATE TRIGGER: getObjectIdentity names it "name on schema.table".
func (s *Session) tableObjectCommand(rv *pg.RangeVar, name, kind, tag string) [][]any {
	if rv == nil {
		return nil
	}
	schema, ok := s.relationSchema("table", rv.Schemaname, rv.Relname)
	if !ok {
		return nil
	}
	q := catalog.QName{Schema: schema, Name: rv.Relname}
	cat := s.catalog()
	var classid, oid uint32
	switch kind {
	case "policy":
		p, ok := cat.Policy(q, name)
		if !ok {
			return nil
		}
		classid, oid = 3256, p.OID
	case "trigger":
		t, ok := cat.Trigger(q, name)
		if !ok {
			return nil
		}
		classid, oid = 2620, t.OID
	}
	// a policy or trigger has no schema of its own: schema_name is NULL
	return [][]any{{classid, oid, int32(0), tag, kind, nil,
		quoteIdentPart(name) + " on " + quoteIdentPart(schema) + "." + quoteIdentPart(rv.Relname), false}}
}
