package translate

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Catalog is what translation needs to know about the database.
type Catalog interface {
	// LookupType resolves a user-defined type (enum, domain) by schema and name;
	// schema "" walks the search path.
	LookupType(schema, name string) (*types.Type, bool)
}

// Translator translates statements for one session state.
type Translator struct {
	// Inline plans every SELECT WITH query into its references, none
	// materialized (cte_materialize.go): EXPLAIN shows one GMS plan.
	Inline bool
	// tableoidRels are FROM items whose inheritance scan carries each
	// row's tableoid (inherit_tableoid.go)
	tableoidRels map[*pg.RangeVar]bool
	Env          *types.Env
	Params       []any
	Catalog      Catalog
	Tables       TableLookup // existing tables, for DDL (may be nil)
	// Vars, when set, resolves PL/pgSQL variables (plpgsql.go).
	Vars VarResolver
	// InlinedView, when set, reports a view's query the statement's
	// security rewrite spliced in: no PL/pgSQL variable resolves in it.
	InlinedView func(*pg.SelectStmt) bool
	// BoundParams, when set, resolves $n to an expression read at run
	// time (routine bodies prepared once, run with each call's values).
	BoundParams func(n int) (sql.Expression, bool)
	// inlining holds the routines being inlined (routine_inline.go), so a
	// recursive function is not inlined into itself.
	inlining map[uint32]bool

	// excluded, while set, resolves EXCLUDED.col (ON CONFLICT DO UPDATE).
	excluded *ExcludedRow
	// insertAlias, while set, is the target of INSERT INTO t AS alias.
	insertAlias *pg.RangeVar
	// insertSystem, while set, is the name (or alias) of the table whose
	// xmin and xmax an INSERT's RETURNING list may read (system_columns.go).
	insertSystem string
	// dmlSystem, while set, are an UPDATE's or DELETE's target and USING
	// items, whose system columns its clauses may read.
	dmlSystem []*pg.Node
	// recursing, while set, translates the steps of an ALTER TABLE that
	// reaches a table's descendants (partition_alter.go)
	recursing bool
	// recursedSerials are the sequences the first step of an AlterTree
	// made for serial columns it adds, by column: the descendants'
	// steps give their column the same default (ddl_alter_extra.go)
	recursedSerials map[string]string
	// partRoot, while set, is the partitioned table an UPDATE or DELETE
	// of a tree names: a part's tableoid routes its row from there
	// (inherit_write.go)
	partRoot catalog.QName
	// mergeRow, while set, is the row a MERGE action's statement reads
	// (merge.go).
	mergeRow *MergeRow
	// inheritCtid, while set, has inheritance scans that carry tableoid
	// carry each row's ctid too (MERGE's join, merge.go).
	inheritCtid bool
	// samples are the statement's TABLESAMPLE items (tablesample.go).
	samples []tableSample
	// updateNew, while set, resolves new values in UPDATE ... FROM RETURNING.
	updateNew *newValues
	// ctes collects the data-modifying WITH items of the statement being
	// translated (dml_cte.go).
	ctes []*ModifyingCTE
	// topWith is the statement's own WITH clause, the only place
	// data-modifying WITH items may appear.
	topWith *pg.WithClause
	// skipGroupCheck makes the next checkGrouping pass (distinct_on.go).
	skipGroupCheck bool
	// topStmt is the statement topWith belongs to, whose references to
	// its items decide which are materialized (cte_materialize.go).
	topStmt *pg.Node
	// viewWiths are the WITH clauses of the views the statement reads,
	// with the view's query, whose items materialize as topWith's do
	// (cte_materialize.go).
	viewWiths map[*pg.WithClause]*pg.Node
	q         queryScope // per-SELECT state (select_scope.go)
	// withNames stacks, per visible WITH item name, whether the item is
	// renamed for GMS; renamedWith are the clauses whose items are;
	// viewDepth counts the views being expanded (with_names.go).
	withNames   map[string][]bool
	renamedWith map[*pg.WithClause]bool
	viewDepth   int

	// creating and creatingPK describe the table a CREATE TABLE declares,
	// for foreign keys that reference it.
	creating   *pg.RangeVar
	creatingPK []string
	// altering is the table an ALTER TABLE changes: a foreign key
	// referencing it may rely on a key an earlier clause adds.
	altering *pg.RangeVar
	// deferrals are the DEFERRABLE constraints the CREATE or ALTER
	// TABLE being translated declares (ddl_deferrable.go)
	deferrals []DeferrableConstraint
	// keyDrops are the key constraints an ALTER TABLE drops, whose
	// index links go with them (ddl_index_attach.go)
	keyDrops []catalog.ObjectKey
	// exclusions are the EXCLUDE constraints an ALTER TABLE adds
	// (ddl_exclusion.go)
	exclusions []*ExclusionDef
	// includes are the INCLUDE lists of the UNIQUE and PRIMARY KEY
	// constraints an ALTER TABLE adds (ddl_include.go)
	includes []KeyInclude
	// stored is set while translating an expression the table keeps (a
	// column default): user function calls are not inlined.
	stored bool
	// KeepCalls keeps every user function call a RoutineCall (no
	// inlining), for finding which routines an expression uses.
	KeepCalls bool
	// SkipRules translates an INSERT / UPDATE / DELETE without its
	// relation's rules: the original statement of a RuleProgram.
	SkipRules bool
	// OnRoutineCall, when set, is told each user routine a call resolves
	// to (plpgsql_show_dependency_tb): at translation when only one
	// routine fits the call's shape, else when planning picks it.
	OnRoutineCall func(*catalog.Function)
	// nextDerived marks the next SELECT level as a derived table (srf_outer.go).
	nextDerived bool
	// lookups memoizes the statement's table lookups (lookup_memo.go).
	lookups   []tableLookup
	relations []relationLookup
	// dupMarked is set once a subquery's column was renamed for a name
	// it shares (dup_columns.go): column references are then checked
	// for ambiguity.
	dupMarked bool
	// tiesCounts are the FETCH FIRST ... WITH TIES counts withTies moved
	// into a filter, translated as expr.TiesCount (select_ties.go).
	tiesCounts map[*pg.Node]bool
	// unread are the select items of subqueries whose output nothing
	// reads, evaluated as NULL (prune_outputs.go)
	unread map[unreadKey]bool
}

// Result is a translated statement: either a vitess statement for GMS,
// or a Command for the engine. Tag is the command-tag verb ("SELECT",
// "INSERT", "CREATE TABLE", ...).
type Result struct {
	Stmt sqlparser.Statement
	Cmd  Command
	Tag  string
	// Returning is set for DML with a RETURNING list (rows are sent).
	Returning bool
	// Catalog lists catalog changes that run atomically with Stmt, before
	// it (the sequences of serial columns, the dependents of dropped tables).
	Catalog []CatalogCommand
}

// Command is a statement the engine executes itself.
type Command interface{ command() }

// Statement translates one parsed statement.
func (t *Translator) Statement(n *pg.Node) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			if pe, ok := r.(*pgerror.Error); ok {
				err = pe
				return
			}
			panic(r)
		}
		if err == nil {
			res = t.ownership(n, res) // security.go
		}
	}()
	if res, ok := t.foreignStatement(n); ok { // foreign.go
		return res, nil
	}
	if res, ok := t.publicationStatement(n); ok { // publication.go
		return res, nil
	}
	if res, ok := t.eventTriggerStatement(n); ok { // event_trigger.go
		return res, nil
	}
	if res, ok := t.opclassStatement(n); ok { // opclass.go
		return res, nil
	}
	if res, ok := t.statisticsStatement(n); ok { // statistics.go
		return res, nil
	}
	if res, ok := t.castStatement(n); ok { // cast_ddl.go
		return res, nil
	}
	if res, ok := t.textSearchStatement(n); ok { // tsearch_ddl.go
		return res, nil
	}
	if res, ok := t.securityStatement(n); ok {
		return res, nil
	}
	if res, ok := t.catalogStatement(n); ok {
		return res, nil
	}
	if res, ok := t.routineStatement(n); ok {
		return res, nil
	}
	if res, ok := notifyStatement(n); ok { // notify.go
		return res, nil
	}
	if res, ok := t.sqlPrepareStatement(n); ok { // prepare_sql.go
		return res, nil
	}
	if res, ok := cursorStatement(n); ok { // cursor_sql.go
		return res, nil
	}
	t.topWith, t.topStmt = topWith(n), n
	if res, ok := t.returningSnapshot(n); ok { // dml_returning.go
		return res, nil
	}
	switch s := n.Node.(type) {
	case *pg.Node_DoStmt:
		return t.doStmt(s.DoStmt), nil
	case *pg.Node_SelectStmt:
		if into := s.SelectStmt.IntoClause; into != nil {
			// SELECT ... INTO is CREATE TABLE AS (PostgreSQL docs: SELECT INTO)
			sel := pgtree.Clone(n).GetSelectStmt()
			sel.IntoClause = nil
			return t.createTableAs(&pg.CreateTableAsStmt{Query: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}},
				Into: into, Objtype: pg.ObjectType_OBJECT_TABLE})
		}
		t.pruneUnusedOutputs(s.SelectStmt) // prune_outputs.go
		return t.withModifying(Result{Stmt: t.selectStmt(s.SelectStmt), Tag: "SELECT"}), nil
	case *pg.Node_InsertStmt:
		return t.insert(s.InsertStmt)
	case *pg.Node_UpdateStmt:
		return t.update(s.UpdateStmt)
	case *pg.Node_DeleteStmt:
		return t.delete(s.DeleteStmt)
	case *pg.Node_MergeStmt:
		return t.merge(s.MergeStmt) // merge.go
	case *pg.Node_CreateStmt:
		return t.createTable(s.CreateStmt)
	case *pg.Node_DropStmt:
		return t.drop(s.DropStmt)
	case *pg.Node_AlterTableStmt, *pg.Node_RenameStmt, *pg.Node_AlterObjectSchemaStmt, *pg.Node_IndexStmt, *pg.Node_TruncateStmt, *pg.Node_CreateTableAsStmt:
		return t.tableDDL(n)
	case *pg.Node_TransactionStmt:
		return t.transaction(s.TransactionStmt)
	case *pg.Node_VariableSetStmt:
		return t.set(s.VariableSetStmt)
	case *pg.Node_ConstraintsSetStmt:
		return setConstraints(s.ConstraintsSetStmt), nil // ddl_deferrable.go
	case *pg.Node_VariableShowStmt:
		return Result{Cmd: &Show{Name: s.VariableShowStmt.Name}, Tag: "SHOW"}, nil
	case *pg.Node_ExplainStmt:
		r, err := explain(s.ExplainStmt) // explain.go
		if e, ok := r.Cmd.(*Explain); ok {
			e.Params = t.Params // the explained statement's $n (PostgREST's planned count binds them)
		}
		return r, err
	case *pg.Node_VacuumStmt:
		return t.maintenance(s.VacuumStmt)
	case *pg.Node_ReindexStmt:
		return t.reindex(s.ReindexStmt) // maintenance.go
	case *pg.Node_ClusterStmt:
		return t.cluster(s.ClusterStmt) // ddl_table_options.go
	case *pg.Node_LockStmt:
		return t.lock(s.LockStmt) // lock.go
	case *pg.Node_CreatedbStmt:
		return Result{Cmd: &Database{Name: s.CreatedbStmt.Dbname}, Tag: "CREATE DATABASE"}, nil // database.go
	case *pg.Node_DropdbStmt:
		return Result{Cmd: &Database{Drop: true, Name: s.DropdbStmt.Dbname, MissingOk: s.DropdbStmt.MissingOk}, Tag: "DROP DATABASE"}, nil
	case *pg.Node_CreateSchemaStmt:
		cs := s.CreateSchemaStmt
		return Result{Cmd: &CreateSchema{Name: cs.Schemaname, IfNotExists: cs.IfNotExists}, Tag: "CREATE SCHEMA"}, nil
	case *pg.Node_DiscardStmt:
		return discard(s.DiscardStmt) // database.go
	case *pg.Node_CheckPointStmt:
		return Result{Cmd: &Checkpoint{}, Tag: "CHECKPOINT"}, nil
	case *pg.Node_SecLabelStmt:
		// Supabase loads one label provider, pgsodium's, which labels
		// columns for its transparent column encryption; tinybase's
		// pgsodium has no such encryption, so that label (named or, the
		// only provider, by default) is 0A000, and any other provider is
		// PostgreSQL's "not loaded"
		if p := s.SecLabelStmt.Provider; p != "" && p != "pgsodium" {
			return Result{}, pgerror.New(pgerror.InvalidParameterValue, "security label provider \"%s\" is not loaded", p)
		}
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "SECURITY LABEL FOR pgsodium is not supported: tinybase's pgsodium has no transparent column encryption").
			WithHint("Encrypt the value in the application, or keep the secret in Vault (vault.create_secret).")
	}
	return Result{}, unsupportedStatement(n)
}

// unsupportedStatement is 0A000 naming the command as SQL spells it.
func unsupportedStatement(n *pg.Node) error {
	name := strings.TrimSuffix(nodeName(n), "Stmt")
	words, ok := map[string]string{"CreateAm": "CREATE ACCESS METHOD", "CreateTableSpace": "CREATE TABLESPACE",
		"DropTableSpace": "DROP TABLESPACE", "AlterTableSpaceOptions": "ALTER TABLESPACE", "CreatePLang": "CREATE LANGUAGE",
		"Createdb": "CREATE DATABASE", "Dropdb": "DROP DATABASE", "AlterDatabaseSet": "ALTER DATABASE",
		"CreateFdw": "CREATE FOREIGN DATA WRAPPER", "AlterFdw": "ALTER FOREIGN DATA WRAPPER"}[name]
	if !ok {
		var b strings.Builder
		for i, r := range name {
			if i > 0 && r >= 'A' && r <= 'Z' {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
		}
		words = strings.ToUpper(b.String())
	}
	return pgerror.New(pgerror.FeatureNotSupported, "%s is not supported yet", words)
}

func nodeName(n *pg.Node) string {
	s := fmt.Sprintf("%T", n.Node)
	if len(s) > len("*pg_query.Node_") {
		s = s[len("*pg_query.Node_"):]
	}
	return s
}

// fail aborts translation with a PostgreSQL error (recovered in Statement).
func fail(e *pgerror.Error) { panic(e) }

func failAt(loc int32, code, format string, args ...any) {
	e := pgerror.New(code, format, args...)
	if loc >= 0 {
		e.Position = int(loc) + 1
	}
	panic(e)
}

func strVal(n *pg.Node) string {
	if s, ok := n.Node.(*pg.Node_String_); ok {
		return s.String_.Sval
	}
	return ""
}

func names(ns []*pg.Node) []string {
	out := make([]string, 0, len(ns))
	for _, n := range ns {
		out = append(out, strVal(n))
	}
	return out
}
