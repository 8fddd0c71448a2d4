package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// StatisticsDDL is CREATE / ALTER / DROP STATISTICS (PostgreSQL docs:
// SQL Commands, CREATE STATISTICS): extended statistics objects the
// catalog keeps (engine/internal/ddl/statistics.go).
type StatisticsDDL struct {
	// Kind is create, target (ALTER ... SET STATISTICS), rename, owner,
	// set_schema or drop.
	Kind string
	Name catalog.QName

	Table       catalog.QName // create
	Columns     []string      // create: in the table's column order
	Exprs       []string      // create: expressions' source text
	Kinds       string        // create: stxkind letters
	Explicit    bool          // create: kinds listed
	IfNotExists bool

	Target                       int32
	NewName, NewOwner, NewSchema string

	Objects           []catalog.QName // drop
	IfExists, Cascade bool            // drop; IfExists also ALTER ... IF EXISTS
}

func (*StatisticsDDL) command()        {}
func (*StatisticsDDL) catalogCommand() {}

// statisticsStatement translates the extended statistics statements; ok
// is false for any other.
func (t *Translator) statisticsStatement(n *pg.Node) (Result, bool) {
	const tag = "ALTER STATISTICS"
	switch s := n.Node.(type) {
	case *pg.Node_CreateStatsStmt:
		return Result{Cmd: t.createStatistics(s.CreateStatsStmt), Tag: "CREATE STATISTICS"}, true
	case *pg.Node_AlterStatsStmt:
		a := s.AlterStatsStmt
		return Result{Cmd: &StatisticsDDL{Kind: "target", Name: listQName(a.Defnames), Target: a.Stxstattarget, IfExists: a.MissingOk}, Tag: tag}, true
	case *pg.Node_DropStmt:
		if s.DropStmt.RemoveType != pg.ObjectType_OBJECT_STATISTIC_EXT {
			return Result{}, false
		}
		cmd := &StatisticsDDL{Kind: "drop", IfExists: s.DropStmt.MissingOk, Cascade: s.DropStmt.Behavior == pg.DropBehavior_DROP_CASCADE}
		for _, o := range s.DropStmt.Objects {
			cmd.Objects = append(cmd.Objects, listQName(o.GetList().GetItems()))
		}
		return Result{Cmd: cmd, Tag: "DROP STATISTICS"}, true
	case *pg.Node_RenameStmt:
		if s.RenameStmt.RenameType != pg.ObjectType_OBJECT_STATISTIC_EXT {
			return Result{}, false
		}
		return Result{Cmd: &StatisticsDDL{Kind: "rename", Name: listQName(s.RenameStmt.Object.GetList().GetItems()), NewName: s.RenameStmt.Newname,
			IfExists: s.RenameStmt.MissingOk}, Tag: tag}, true
	case *pg.Node_AlterOwnerStmt:
		if s.AlterOwnerStmt.ObjectType != pg.ObjectType_OBJECT_STATISTIC_EXT {
			return Result{}, false
		}
		return Result{Cmd: &StatisticsDDL{Kind: "owner", Name: listQName(s.AlterOwnerStmt.Object.GetList().GetItems()),
			NewOwner: roleSpec(s.AlterOwnerStmt.Newowner)}, Tag: tag}, true
	case *pg.Node_AlterObjectSchemaStmt:
		if s.AlterObjectSchemaStmt.ObjectType != pg.ObjectType_OBJECT_STATISTIC_EXT {
			return Result{}, false
		}
		return Result{Cmd: &StatisticsDDL{Kind: "set_schema", Name: listQName(s.AlterObjectSchemaStmt.Object.GetList().GetItems()),
			NewSchema: s.AlterObjectSchemaStmt.Newschema, IfExists: s.AlterObjectSchemaStmt.MissingOk}, Tag: tag}, true
	}
	return Result{}, false
}

// statisticsKinds are the kinds CREATE STATISTICS names, as stxkind
// letters in PostgreSQL's order.
var statisticsKinds = []struct{ name, letter string }{{"ndistinct", "d"}, {"dependencies", "f"}, {"mcv", "m"}}

func (t *Translator) createStatistics(s *pg.CreateStatsStmt) *StatisticsDDL {
	if len(s.Relations) != 1 {
		fail(pgerror.New(pgerror.FeatureNotSupported, "only a single relation is allowed in CREATE STATISTICS"))
	}
	rv := s.Relations[0].GetRangeVar()
	if rv == nil {
		fail(pgerror.New(pgerror.FeatureNotSupported, "only a single relation is allowed in CREATE STATISTICS"))
	}
	if r := t.reader(); r != nil {
		if t.Tables != nil {
			if _, ok := t.Tables.LookupTable(rv.Schemaname, rv.Relname); !ok {
				for _, sc := range t.searchSchemas(r, rv.Schemaname) {
					if _, ok := r.Current().View(catalog.QName{Schema: sc, Name: rv.Relname}); ok {
						fail(&pgerror.Error{Severity: "ERROR", Code: pgerror.WrongObjectType,
							Message: "cannot define statistics for relation \"" + rv.Relname + "\"", Detail: "This operation is not supported for views."})
					}
				}
			}
		}
	}
	ti := t.lookup(rv, false)
	cmd := &StatisticsDDL{Kind: "create", Name: listQName(s.Defnames), Table: catalog.QName{Schema: ti.Schema, Name: ti.Name},
		IfNotExists: s.IfNotExists}
	seen := map[string]bool{}
	for _, e := range s.Exprs {
		el := e.GetStatsElem()
		if el == nil {
			continue
		}
		if el.Name != "" {
			if _, ok := ti.Column(el.Name); !ok {
				fail(pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", el.Name))
			}
			if seen[el.Name] {
				fail(pgerror.New(pgerror.DuplicateColumn, "duplicate column name in statistics definition"))
			}
			seen[el.Name] = true
			continue
		}
		t.scalar(el.Expr) // resolves the expression's columns and functions
		src := exprSQL(el.Expr)
		for _, x := range cmd.Exprs {
			if x == src {
				fail(pgerror.New(pgerror.DuplicateObject, "duplicate expression in statistics definition"))
			}
		}
		cmd.Exprs = append(cmd.Exprs, src)
	}
	if len(seen)+len(cmd.Exprs) < 2 && len(cmd.Exprs) == 0 {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "extended statistics require at least 2 columns"))
	}
	for _, c := range ti.Columns { // stxkeys are in column order
		if seen[c.Name] {
			cmd.Columns = append(cmd.Columns, c.Name)
		}
	}
	want := map[string]bool{}
	for _, k := range s.StatTypes {
		name := strVal(k)
		known := false
		for _, sk := range statisticsKinds {
			known = known || sk.name == name
		}
		if !known {
			fail(pgerror.New(pgerror.SyntaxError, "unrecognized statistics kind %q", name))
		}
		want[name] = true
	}
	var kinds strings.Builder
	// a lone expression gets expression statistics only
	if len(seen)+len(cmd.Exprs) > 1 {
		for _, sk := range statisticsKinds {
			if len(want) == 0 || want[sk.name] {
				kinds.WriteString(sk.letter)
			}
		}
	}
	if len(cmd.Exprs) > 0 {
		kinds.WriteString("e")
	}
	cmd.Kinds, cmd.Explicit = kinds.String(), len(want) > 0 && len(want) < len(statisticsKinds)
	return cmd
}

// searchSchemas is schema, or the search path when it is "".
func (t *Translator) searchSchemas(r CatalogReader, schema string) []string {
	if schema != "" {
		return []string{schema}
	}
	return r.SearchPath()
}

// statisticsDeps adds the extended statistics objects on column col,
// which DROP COLUMN drops with it.
func (t *Translator) statisticsDeps(ti *TableInfo, col string, into **DropColumnDeps) {
	r := t.reader()
	if r == nil {
		return
	}
	q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	for _, o := range r.Current().StatisticsObjects() {
		if o.Table != q || !contains(o.Columns, col) {
			continue
		}
		if *into == nil {
			*into = &DropColumnDeps{Table: q}
		}
		(*into).Statistics = append((*into).Statistics, o.OID)
	}
}
