package session

import (
	"context"
	"fmt"
	"reflect"

	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// commandTable lists every command the engine runs itself — each
// statement translate returns as a translate.Command rather than a GMS
// tree — with the function that runs it. The adapter names the kind of
// handler and, for catalog commands, the package that owns them:
//
//   - statement: runs its statement to the end itself (its own savepoint,
//     commit of an implicit transaction, failure);
//   - step: runs in the statement's transaction; runCommand then ends the
//     statement (endCommand);
//   - onDDL, onSecurity, onRoutines, onTriggers, onSession: a catalog
//     command (translate.CatalogCommand). As a statement it runs alone in
//     a savepoint and commits like a step (runCatalogCommand); it may also
//     accompany another statement (translate.Result.Catalog, applyCatalog).
//
// Go type of the command → handler; the type is the handler's parameter.
func commandTable() []command {
	return []command{
		// Statements the session runs (session package).
		statement((*Session).runDML),           // dml_host.go: INSERT / UPDATE / DELETE / MERGE programs
		statement((*Session).runCall),          // routine_callstmt.go: CALL
		statement((*Session).runDoStatement),   // routines_host.go: DO
		statement((*Session).runRuleProgram),   // rules.go: statements rewritten by rules
		statement((*Session).runInsteadOf),     // trigger_instead.go: writes on views
		statement((*Session).runAlterTree),     // alter_tree.go: ALTER TABLE of a table and its descendants
		statement((*Session).runAlterPasses),   // ALTER TABLE retyping a column other subcommands name
		statement((*Session).sqlPrepare),       // sql_prepare.go: PREPARE
		statement((*Session).sqlExecute),       // EXECUTE
		statement((*Session).sqlDeallocate),    // DEALLOCATE
		statement((*Session).sqlDeclareCursor), // cursor.go: DECLARE
		statement((*Session).sqlFetchCursor),   // FETCH / MOVE
		statement((*Session).sqlCloseCursor),   // CLOSE
		statement((*Session).lockCommand),      // lock.go: LOCK TABLE
		step((*Session).txnCommand),            // settings.go: BEGIN, COMMIT, SAVEPOINT, ...
		step((*Session).setCommand),            // SET / RESET
		step((*Session).showCommand),           // SHOW
		step((*Session).explainCommand),        // explain.go: EXPLAIN
		step((*Session).notifyCommand),         // notify.go: NOTIFY
		step((*Session).listenCommand),         // LISTEN / UNLISTEN
		step((*Session).maintenance),           // ddl_host.go: VACUUM / ANALYZE (ddl.Maintenance)
		step((*Session).reindex),               // REINDEX (ddl.Reindex)
		step((*Session).databaseCommand),       // database_cmd.go: CREATE / DROP DATABASE
		step((*Session).discardCommand),        // DISCARD
		step((*Session).checkpointCommand),     // CHECKPOINT
		step((*Session).createSchema),          // ddl_commands.go: CREATE SCHEMA
		step((*Session).dropSchema),            // DROP SCHEMA
		step((*Session).tableDDL),              // table DDL GMS has no form for (ddl.TableDDL)
		step((*Session).setConstraints),        // deferred_constraints.go: SET CONSTRAINTS

		// Catalog commands: types, sequences, views, drops, comments,
		// extensions (engine/internal/ddl).
		onDDL(ddl.CreateSequence),
		onDDL(ddl.AlterSequence),
		onDDL(ddl.CreateEnum),
		onDDL(ddl.AlterEnum),
		onDDL(ddl.RenameType),
		onDDL(ddl.SetTypeSchema),
		onDDL(ddl.Matview),
		onDDL(ddl.CreateDomain),
		onDDL(ddl.AlterDomain),
		onDDL(ddl.CreateComposite),
		onDDL(ddl.AlterComposite),
		onDDL(ddl.CreateView),
		onDDL(ddl.RenameRelation),
		onDDL(ddl.DropObjects),
		onDDL(ddl.DropTableDeps),
		onDDL(ddl.DropColumnDeps),
		onDDL(ddl.Comment),
		onDDL(ddl.CreateExtension),
		onDDL(ddl.AlterExtension), // ddl/extension.go
		onDDL(ddl.CreateOperator),
		onDDL(ddl.OpClass),         // opclass.go: CREATE / ALTER / DROP OPERATOR CLASS and FAMILY
		onDDL(ddl.Statistics),      // statistics.go: CREATE / ALTER / DROP STATISTICS
		onDDL(ddl.Cast),            // cast.go: CREATE / DROP CAST
		onDDL(ddl.TextSearch),      // text_search.go: CREATE / ALTER / DROP TEXT SEARCH ...
		onDDL(ddl.SetTableOptions), // ALTER TABLE ... REPLICA IDENTITY, SET / RESET (storage parameters)
		onDDL(ddl.Publication),     // CREATE / ALTER / DROP PUBLICATION
		onDDL(ddl.Foreign),         // foreign.go: FDW, SERVER, USER MAPPING, FOREIGN TABLE
		onDDL(ddl.SetDeferrable),   // deferrable.go: DEFERRABLE constraints
		onDDL(ddl.SetInheritance),  // inherits.go: INHERITS, PARTITION BY / OF
		onDDL(ddl.AttachPartition), // partition_attach.go: ATTACH / DETACH PARTITION
		onDDL(ddl.DetachPartition),
		onDDL(ddl.AttachIndex), // index_attach.go: ALTER INDEX ... ATTACH PARTITION
		onDDL(ddl.DropIndexLinks),
		onDDL(ddl.KeepForeignKeyIndexes), // fk_index.go
		onDDL(ddl.ColumnStats),           // column_stats.go: ALTER COLUMN ... SET STATISTICS, SET / RESET (...)
		onDDL(ddl.CreateEventTrigger),    // event_trigger.go
		onDDL(ddl.AlterEventTrigger),
		onDDL(ddl.DropEventTrigger),
		onDDL(ddl.CreateRule), // rules.go: CREATE / DROP / ALTER RULE
		onDDL(ddl.DropRule),
		onDDL(ddl.RenameRule),
		onDDL(ddl.ConvertToView), // rules.go: ON SELECT "_RETURN"

		// Functions and procedures (engine/internal/routines).
		onRoutines(routines.CreateFunction),
		onRoutines(routines.CreateAggregate),
		onRoutines(routines.DropRoutine),
		onRoutines(routines.AlterRoutine),
		onSession((*Session).tableRenamed), // ddl_host.go: keeps the catalog in step with a table or column rename

		// Triggers (engine/internal/dml).
		onTriggers(dml.CreateTrigger),
		onTriggers(dml.DropTrigger),
		onTriggers(dml.RenameTrigger),
		onTriggers(dml.EnableTriggers),

		// Roles, privileges, ownership and row security
		// (engine/internal/security).
		onSecurity(security.CreateRole),
		onSecurity(security.AlterRole),
		onSecurity(security.AlterRoleSet),
		onSecurity(security.RenameRole),
		onSecurity(security.DropRole),
		onSecurity(security.GrantRole),
		onSecurity(security.Grant),
		onSecurity(security.AlterDefaultPrivileges),
		onSecurity(security.CreatePolicy),
		onSecurity(security.AlterPolicy),
		onSecurity(security.DropPolicy),
		onSecurity(security.AlterTableSecurity),
		onSecurity(security.AlterOwner),
		onSecurity(security.RecordOwner),
		onSecurity(security.AlterDatabaseSet),
		onSecurity(security.ReassignOwned),
		onSecurity(security.DropOwned),
	}
}

// commands is commandTable indexed by command type; built once, never
// changed. (Built in init: the handlers reach back into the statement
// pipeline, which reads this map.)
var commands map[reflect.Type]handler

func init() {
	table := commandTable()
	commands = make(map[reflect.Type]handler, len(table))
	for _, c := range table {
		if _, dup := commands[c.typ]; dup {
			panic(fmt.Sprintf("session: command %v registered twice", c.typ))
		}
		commands[c.typ] = c.handler
	}
}

// command is one row of commandTable.
type command struct {
	typ reflect.Type
	handler
}

// handler runs one command type; exactly one field is set.
type handler struct {
	// statement runs the command as a whole statement.
	statement func(s *Session, ctx context.Context, res translate.Result) (*Rows, error)
	// step runs the command and returns its tag or rows; the caller ends
	// the statement.
	step func(s *Session, res translate.Result) (string, *Rows, error)
	// catalog applies a catalog command to the session's transaction.
	catalog func(s *Session, c translate.CatalogCommand) error
}

func statement[C translate.Command](f func(*Session, context.Context, translate.Result, C) (*Rows, error)) command {
	return command{reflect.TypeFor[C](), handler{statement: func(s *Session, ctx context.Context, res translate.Result) (*Rows, error) {
		return f(s, ctx, res, res.Cmd.(C))
	}}}
}

func step[C translate.Command](f func(*Session, C, string) (string, *Rows, error)) command {
	return command{reflect.TypeFor[C](), handler{step: func(s *Session, res translate.Result) (string, *Rows, error) {
		return f(s, res.Cmd.(C), res.Tag)
	}}}
}

func onSession[C translate.CatalogCommand](f func(*Session, C) error) command {
	return command{reflect.TypeFor[C](), handler{catalog: func(s *Session, c translate.CatalogCommand) error {
		before := s.catalog()
		if err := f(s, c.(C)); err != nil {
			return err
		}
		return s.touchRelations(before, c) // catalog_order.go
	}}}
}

func onDDL[C translate.CatalogCommand](f func(ddl.Host, C) error) command {
	return onSession(func(s *Session, c C) error { return f(s.ddl(), c) })
}

func onRoutines[C translate.CatalogCommand](f func(routines.Host, C) error) command {
	return onSession(func(s *Session, c C) error { return f(s, c) })
}

func onTriggers[C translate.CatalogCommand](f func(dml.Host, C) error) command {
	return onSession(func(s *Session, c C) error { return f(dmlHost{s}, c) })
}

func onSecurity[C translate.CatalogCommand](f func(security.Host, C) error) command {
	return onSession(func(s *Session, c C) error {
		err := f(s, c)
		if pe, ok := pgerror.As(err); ok {
			s.hintMissingColumn(pe, s.curStmt) // a policy's column: column_hint.go
		}
		return err
	})
}

// runCommand runs a statement the engine handles itself (res.Cmd set).
func (s *Session) runCommand(ctx context.Context, res translate.Result) (*Rows, error) {
	if h := commands[reflect.TypeOf(res.Cmd)]; h.statement != nil {
		return h.statement(s, ctx, res)
	}
	tag, rows, err := s.command(res)
	return s.endCommand(tag, rows, err)
}

// command runs a step or a catalog command as a statement's work, without
// ending the statement. An unknown command type is an internal error.
func (s *Session) command(res translate.Result) (string, *Rows, error) {
	h := commands[reflect.TypeOf(res.Cmd)]
	switch {
	case h.step != nil:
		return h.step(s, res)
	case h.catalog != nil:
		return s.runCatalogCommand(h.catalog, res.Cmd.(translate.CatalogCommand), res.Tag)
	}
	return "", nil, fmt.Errorf("engine: unhandled command %T", res.Cmd)
}

// catalogCommand applies one catalog command.
func (s *Session) catalogCommand(c translate.CatalogCommand) error {
	h := commands[reflect.TypeOf(c)]
	if h.catalog == nil {
		return fmt.Errorf("engine: unhandled catalog command %T", c)
	}
	return h.catalog(s, c)
}
