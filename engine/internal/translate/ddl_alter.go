package translate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// alterTable translates ALTER TABLE into a vitess AlterTable whose clauses
// GMS runs in order (PostgreSQL docs: ALTER TABLE). Clauses PostgreSQL
// skips with a NOTICE (IF [NOT] EXISTS) are dropped here.
func (t *Translator) alterTable(s *pg.AlterTableStmt) (Result, error) {
	if s.Objtype == pg.ObjectType_OBJECT_TYPE {
		return t.alterCompositeType(s), nil // catalog_composite.go
	}
	if res, ok := t.columnStats(s); ok && s.Objtype != pg.ObjectType_OBJECT_TYPE { // ddl_column_stats.go
		return res, nil
	}
	if s.Objtype == pg.ObjectType_OBJECT_INDEX {
		if res, ok := t.alterIndex(s); ok { // ddl_index_attach.go
			return res, nil
		}
	}
	if s.Objtype != pg.ObjectType_OBJECT_TABLE {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "ALTER %s is not supported yet", objectWord(s.Objtype))
	}
	t.altering = s.Relation
	defer func() { t.altering = nil }()
	if v := t.findView(s.Relation); v != nil {
		for _, n := range s.Cmds {
			if cmd := n.GetAlterTableCmd(); cmd != nil && cmd.Subtype == pg.AlterTableType_AT_ReplicaIdentity {
				return Result{}, pgerror.New(pgerror.WrongObjectType, "ALTER action REPLICA IDENTITY cannot be performed on relation %q", v.Name).
					WithDetail("This operation is not supported for views.")
			}
		}
	}
	ti := t.lookup(s.Relation, s.MissingOk)
	if ti == nil {
		return Result{Cmd: &TableDDL{Kind: "noop"}, Tag: "ALTER TABLE"}, nil
	}
	if res, ok := t.partitionCmd(s, ti); ok { // ddl_attach.go
		return res, nil
	}
	t.deferrals, t.keyDrops = nil, nil
	if res, ok := t.alterConstraint(s, ti); ok { // ddl_deferrable.go
		return res, nil
	}
	if !t.recursing {
		t.checkInheritedAlter(s, ti) // partition_alter.go
		if res, ok := t.alterTree(s, ti); ok {
			return res, nil
		}
	}
	t.exclusions, t.includes = nil, nil
	res, err := t.alterTableCmds(s, ti)
	if err == nil {
		res = withExclusions(res, ti.Schema, ti.Name, t.exclusions) // ddl_exclusion.go
		res = withIncludes(res, ti.Schema, ti.Name, t.includes)     // ddl_include.go
		if !t.recursing && !s.Relation.Inh && t.isPartitioned(ti) && addsKey(s) {
			res = withIndexLinks(res, ti.Schema, ti.Name, "only") // ddl_index_attach.go
		}
	}
	t.exclusions, t.includes = nil, nil
	res = t.withKeyDrops(res) // ddl_index_attach.go
	return t.withDeferrals(res, catalog.QName{Schema: ti.Schema, Name: ti.Name}, false), err
}

// alterTableCmds translates the subcommands of ALTER TABLE ti.
func (t *Translator) alterTableCmds(s *pg.AlterTableStmt, ti *TableInfo) (Result, error) {
	tn := t.tableName(s.Relation)
	names := newConstraintNames(ti.Name)
	for n := range ti.Constraints {
		names.take(n)
	}
	at := &sqlparser.AlterTable{Table: tn}
	add := func(d *sqlparser.DDL) {
		d.Action = sqlparser.AlterStr
		d.Table = tn
		at.Statements = append(at.Statements, d)
	}
	var retypes []Retype
	var colDeps *DropColumnDeps
	pkName := ""
	// recompute names a column to touch so that a stored generated column
	// added to existing rows gets computed for them (GMS fills in only
	// defaults when it adds a column).
	recompute := ""
	var notValid, validated []string   // CHECK constraints (sequence)
	var dropFKs []string               // foreign keys to drop (sequence: before the rest)
	var skipped, skippedCodes []string // NOTICEs (and their SQLSTATEs) of IF [NOT] EXISTS clauses skipped
	skip := func(code, format string, args ...any) {
		skipped, skippedCodes = append(skipped, fmt.Sprintf(format, args...)), append(skippedCodes, code)
	}
	var opts *TableOptions            // REPLICA IDENTITY, SET / RESET (storage parameters)
	var identitySeqs []CatalogCommand // ADD GENERATED ... AS IDENTITY
	// DROP DEFAULT runs before ALTER COLUMN TYPE whatever their order
	// (tablecmds.c's passes): that default is not converted
	droppedDefaults := map[string]bool{}
	for _, n := range s.Cmds {
		if cmd := n.GetAlterTableCmd(); cmd.Subtype == pg.AlterTableType_AT_ColumnDefault && cmd.Def == nil {
			droppedDefaults[cmd.Name] = true
		}
	}
	// the other subcommands are planned against the columns' old types,
	// so a statement with one naming a column it retypes (other than
	// dropping its default) runs in two steps (alterInPasses)
	retyped := map[string]bool{}
	for _, n := range s.Cmds {
		if cmd := n.GetAlterTableCmd(); cmd.Subtype == pg.AlterTableType_AT_AlterColumnType {
			retyped[cmd.Name] = true
		}
	}
	for _, n := range s.Cmds {
		cmd := n.GetAlterTableCmd()
		dropDefault := cmd.Subtype == pg.AlterTableType_AT_ColumnDefault && cmd.Def == nil
		if retyped[cmd.Name] && cmd.Subtype != pg.AlterTableType_AT_AlterColumnType && !dropDefault {
			return alterInPasses(s, retyped), nil
		}
	}
	for _, n := range inPasses(s.Cmds) {
		cmd := n.GetAlterTableCmd()
		switch cmd.Subtype {
		case pg.AlterTableType_AT_AddColumn:
			cd := cmd.Def.GetColumnDef()
			if _, ok := ti.Column(cd.Colname); ok {
				if cmd.MissingOk {
					skip(pgerror.DuplicateColumn, "column %q of relation %q already exists, skipping", cd.Colname, ti.Name)
					continue
				}
				fail(pgerror.New(pgerror.DuplicateColumn, "column %q of relation %q already exists", cd.Colname, ti.Name))
			}
			col, extra := t.addColumn(cd, ti, names)
			if seq := t.addSerialColumn(cd, ti, col); seq != nil { // ddl_alter_extra.go
				identitySeqs = append(identitySeqs, seq, &RecordOwner{ObjType: 'S', Name: seq.Name, Created: true})
			}
			if col.Type.GeneratedExpr != nil && len(ti.Columns) > 0 {
				recompute = ti.Columns[0].Name
			}
			if bool(col.Type.NotNull) && col.Type.Default == nil && ti.HasNull != nil && ti.HasNull("") {
				fail(&pgerror.Error{Severity: "ERROR", Code: pgerror.NotNullViolation, Table: ti.Name, Column: cd.Colname,
					Message: "column \"" + cd.Colname + "\" of relation \"" + ti.Name + "\" contains null values"})
			}
			add(&sqlparser.DDL{ColumnAction: sqlparser.AddStr, TableSpec: &sqlparser.TableSpec{Columns: []*sqlparser.ColumnDefinition{col}}})
			for _, d := range extra {
				add(d)
			}
			ti.Columns = append(ti.Columns, ColumnInfo{Name: cd.Colname, Type: col.Type.ResolvedType.(*types.Type), Nullable: !bool(col.Type.NotNull), Default: col.Type.Default != nil})
		case pg.AlterTableType_AT_DropColumn:
			if _, ok := ti.Column(cmd.Name); !ok {
				if cmd.MissingOk {
					skip("00000", "column %q of relation %q does not exist, skipping", cmd.Name, ti.Name)
					continue
				}
				fail(noColumn(cmd.Name, ti.Name))
			}
			// PostgreSQL drops the CHECK constraints and foreign keys using
			// the column with it.
			for name, text := range ti.Checks {
				if _, live := ti.Constraints[name]; live && contains(exprColumnsOf(text), cmd.Name) {
					add(dropConstraint(name, 'c'))
					delete(ti.Constraints, name)
				}
			}
			fks := make([]string, 0, len(ti.ForeignKeyColumns))
			for name := range ti.ForeignKeyColumns {
				fks = append(fks, name)
			}
			sort.Strings(fks)
			for _, name := range fks {
				if _, live := ti.Constraints[name]; live && contains(ti.ForeignKeyColumns[name], cmd.Name) {
					dropFKs = append(dropFKs, name) // as DROP CONSTRAINT drops one
					delete(ti.Constraints, name)
				}
			}
			if cmd.Behavior == pg.DropBehavior_DROP_CASCADE {
				t.dropColumnDeps(ti, cmd.Name, &colDeps) // ddl_alter_deps.go
			}
			t.ownedSequenceDeps(ti, cmd.Name, &colDeps)
			t.statisticsDeps(ti, cmd.Name, &colDeps) // statistics.go
			t.settingsDeps(ti, cmd.Name, &colDeps)   // ddl_column_stats.go
			add(&sqlparser.DDL{ColumnAction: sqlparser.DropStr, Column: sqlparser.NewColIdent(cmd.Name)})
			// a later ADD COLUMN of the same name is a new column (DROP's
			// pass runs before ADD's); a new slice, ti's may be shared
			kept := make([]ColumnInfo, 0, len(ti.Columns))
			for _, c := range ti.Columns {
				if c.Name != cmd.Name {
					kept = append(kept, c)
				}
			}
			ti.Columns = kept
		case pg.AlterTableType_AT_AlterColumnType:
			retypes = append(retypes, t.alterColumnType(cmd, ti, droppedDefaults[cmd.Name]))
		case pg.AlterTableType_AT_ColumnDefault:
			c := t.column(ti, cmd.Name)
			if cmd.Def == nil {
				if e, ok := t.domainDefault(c.Type); ok {
					// the column takes its domain's default again, as
					// PostgreSQL's INSERT does for a column without one
					add(&sqlparser.DDL{DefaultSpec: &sqlparser.DefaultSpec{Action: sqlparser.SetStr, Column: sqlparser.NewColIdent(c.Name), Value: &sqlparser.ParenExpr{Expr: e}}})
					continue
				}
				add(&sqlparser.DDL{DefaultSpec: &sqlparser.DefaultSpec{Action: sqlparser.DropStr, Column: sqlparser.NewColIdent(c.Name)}})
			} else {
				add(&sqlparser.DDL{DefaultSpec: &sqlparser.DefaultSpec{Action: sqlparser.SetStr, Column: sqlparser.NewColIdent(c.Name),
					Value: &sqlparser.ParenExpr{Expr: t.assignDefault(cmd.Def, c.Type, c.Name)}}})
			}
		case pg.AlterTableType_AT_SetNotNull, pg.AlterTableType_AT_DropNotNull:
			c := t.column(ti, cmd.Name)
			action := sqlparser.SetStr
			if cmd.Subtype == pg.AlterTableType_AT_DropNotNull {
				action = sqlparser.DropStr
				for _, k := range ti.PrimaryKey {
					if k == c.Name {
						fail(pgerror.New(pgerror.InvalidTableDefinition, "column %q is in a primary key", c.Name))
					}
				}
			}
			if action == sqlparser.SetStr && ti.HasNull != nil && ti.HasNull(c.Name) {
				fail(&pgerror.Error{Severity: "ERROR", Code: pgerror.NotNullViolation, Table: ti.Name, Column: c.Name,
					Message: "column \"" + c.Name + "\" of relation \"" + ti.Name + "\" contains null values"})
			}
			add(&sqlparser.DDL{NotNullSpec: &sqlparser.NotNullSpec{Action: action, Column: sqlparser.NewColIdent(c.Name)}})
		case pg.AlterTableType_AT_AddConstraint:
			c := cmd.Def.GetConstraint()
			if c.Indexname != "" {
				return t.constraintUsingIndex(s, ti, c) // ddl_alter_extra.go
			}
			if c.Contype == pg.ConstrType_CONSTR_EXCLUSION {
				// a name its index would take fails there (42P07), as
				// PostgreSQL makes the index first
				if _, ok := ti.Constraints[c.Conname]; ok && c.Conname != "" && !ti.Indexes[c.Conname] {
					fail(pgerror.New(pgerror.DuplicateObject, "constraint %q for relation %q already exists", c.Conname, ti.Name))
				}
				def := t.exclusionDef(c, names, func(n string) bool { _, ok := ti.Column(n); return ok })
				ti.Constraints[def.Name] = 'x'
				t.exclusions = append(t.exclusions, def)
				continue
			}
			for _, d := range t.addConstraint(c, ti, names) {
				add(d)
				if c.Contype == pg.ConstrType_CONSTR_CHECK && c.SkipValidation {
					notValid = append(notValid, d.TableSpec.Constraints[0].Name)
				}
			}
			if c.Contype == pg.ConstrType_CONSTR_PRIMARY && c.Conname != "" && c.Conname != pgident.MakeObjectName(ti.Name, "", "pkey") {
				pkName = c.Conname
			}
		case pg.AlterTableType_AT_DropConstraint:
			kind, ok := ti.Constraints[cmd.Name]
			if !ok {
				if cmd.MissingOk {
					skip("00000", "constraint %q of relation %q does not exist, skipping", cmd.Name, ti.Name)
					continue
				}
				fail(pgerror.New(pgerror.UndefinedObject, "constraint %q of relation %q does not exist", cmd.Name, ti.Name))
			}
			t.checkInheritedDrop(ti, cmd.Name, kind) // partition_checks.go
			if kind == 'p' || kind == 'u' {
				t.keyDrops = append(t.keyDrops, catalog.IndexKey(catalog.QName{Schema: ti.Schema, Name: ti.Name}, cmd.Name))
			}
			if kind == 'f' {
				// dropped on storage by the table's schema: GMS finds the
				// table again by its bare name, on the search path
				dropFKs = append(dropFKs, cmd.Name)
			} else {
				add(dropConstraint(cmd.Name, kind))
			}
			if kind == 'x' {
				t.exclusions = append(t.exclusions, &ExclusionDef{Name: cmd.Name, Drop: true})
			}
			delete(ti.Constraints, cmd.Name)
			// forget its deferrability: a constraint of the name added
			// later starts NOT DEFERRABLE unless it says otherwise
			t.deferrals = append(t.deferrals, DeferrableConstraint{Name: cmd.Name})
		case pg.AlterTableType_AT_AddIdentity:
			d, seq := t.addIdentity(cmd, ti, s.Relation) // ddl_alter_extra.go
			add(d)
			// the sequence belongs to the table's owner, as a serial's does
			identitySeqs = append(identitySeqs, seq, &RecordOwner{ObjType: 'S', Name: seq.Name, Created: true})
		case pg.AlterTableType_AT_SetIdentity:
			c := t.column(ti, cmd.Name)
			var opts []*pg.Node
			if l := cmd.Def.GetList(); l != nil {
				opts = l.Items
			}
			identitySeqs = append(identitySeqs, &AlterSequence{Name: catalog.QName{Schema: ti.Schema, Name: ti.Name}, Column: c.Name, Options: t.seqOptions(opts)})
		case pg.AlterTableType_AT_DropIdentity:
			c := t.column(ti, cmd.Name)
			seq := t.identitySequence(ti, c.Name)
			if seq == nil {
				if cmd.MissingOk {
					skip("00000", "column %q of relation %q is not an identity column, skipping", c.Name, ti.Name)
					continue
				}
				fail(pgerror.New(pgerror.ObjectNotInPrerequisiteState, "column %q of relation %q is not an identity column", c.Name, ti.Name))
			}
			// the column keeps NOT NULL; its sequence goes (ATExecDropIdentity)
			add(&sqlparser.DDL{DefaultSpec: &sqlparser.DefaultSpec{Action: sqlparser.DropStr, Column: sqlparser.NewColIdent(c.Name)}})
			if colDeps == nil {
				colDeps = &DropColumnDeps{Table: catalog.QName{Schema: ti.Schema, Name: ti.Name}}
			}
			colDeps.Sequences = append(colDeps.Sequences, *seq)
		case pg.AlterTableType_AT_ValidateConstraint:
			// a CHECK added NOT VALID is checked now against the existing
			// rows; other constraints are validated when added
			if t.validateConstraint(ti, cmd) {
				validated = append(validated, cmd.Name)
			}
		default:
			if opts == nil {
				opts = &TableOptions{Table: catalog.QName{Schema: ti.Schema, Name: ti.Name}}
			}
			if !tableOptionCmd(opts, cmd) { // ddl_table_options.go
				return Result{}, pgerror.New(pgerror.FeatureNotSupported, "ALTER TABLE %s is not supported yet", alterWord(cmd.Subtype))
			}
		}
	}
	if opts != nil {
		if len(retypes) == 0 && len(at.Statements) == 0 && len(validated)+len(dropFKs)+len(skipped) == 0 {
			return Result{Cmd: opts, Tag: "ALTER TABLE"}, nil
		}
		res, err := t.alterTableRest(ti, at, retypes, colDeps, alterExtras{pkName, recompute, notValid, validated, dropFKs, skipped, skippedCodes})
		res.Catalog = append(append(res.Catalog, identitySeqs...), opts)
		return res, err
	}
	res, err := t.alterTableRest(ti, at, retypes, colDeps, alterExtras{pkName, recompute, notValid, validated, dropFKs, skipped, skippedCodes})
	res.Catalog = append(res.Catalog, identitySeqs...)
	return res, err
}

// inPasses orders ALTER TABLE subcommands as tablecmds.c's passes run
// them, keeping the written order within a pass: drops first, then
// column type changes, new columns, new constraints (so a CHECK may name
// a column added after it in the statement), column attributes and
// defaults, and the rest.
func inPasses(cmds []*pg.Node) []*pg.Node {
	out := append([]*pg.Node(nil), cmds...)
	sort.SliceStable(out, func(i, j int) bool { return alterPass(out[i]) < alterPass(out[j]) })
	return out
}

// alterPass is the pass of tablecmds.c's that runs an ALTER TABLE
// subcommand (AT_PASS_DROP first, AT_PASS_ALTER_TYPE next, ...).
func alterPass(n *pg.Node) int {
	cmd := n.GetAlterTableCmd()
	switch cmd.Subtype {
	case pg.AlterTableType_AT_DropColumn, pg.AlterTableType_AT_DropConstraint, pg.AlterTableType_AT_DropNotNull:
		return 0
	case pg.AlterTableType_AT_ColumnDefault:
		if cmd.Def == nil {
			return 0
		}
		return 9
	case pg.AlterTableType_AT_AlterColumnType:
		return 1
	case pg.AlterTableType_AT_AddColumn:
		return 4
	case pg.AlterTableType_AT_AddConstraint:
		return 5
	case pg.AlterTableType_AT_SetNotNull, pg.AlterTableType_AT_AddIdentity:
		return 6
	}
	return 10
}

// AlterPasses is an ALTER TABLE run as consecutive statements, each
// translated when the one before has run, in one transaction: the
// subcommands after an ALTER COLUMN TYPE that name the same column see
// its new type, as PostgreSQL's later passes do.
type AlterPasses struct {
	Steps []*pg.Node
}

func (*AlterPasses) command() {}

// alterInPasses splits an ALTER TABLE after its retyping pass: the
// drops and retypes first (but the other subcommands naming a retyped
// column other than DROP DEFAULT, which its translation refuses beside
// the retype), then the rest.
func alterInPasses(s *pg.AlterTableStmt, retyped map[string]bool) Result {
	var first, rest []*pg.Node
	for _, n := range inPasses(s.Cmds) {
		cmd := n.GetAlterTableCmd()
		dropDefault := cmd.Subtype == pg.AlterTableType_AT_ColumnDefault && cmd.Def == nil
		if alterPass(n) <= 1 && (cmd.Subtype == pg.AlterTableType_AT_AlterColumnType || !retyped[cmd.Name] || dropDefault) {
			first = append(first, n)
		} else {
			rest = append(rest, n)
		}
	}
	step := func(cmds []*pg.Node) *pg.Node {
		st := pgtree.Clone(&pg.AlterTableStmt{Relation: s.Relation, Cmds: cmds, Objtype: s.Objtype, MissingOk: s.MissingOk})
		return &pg.Node{Node: &pg.Node_AlterTableStmt{AlterTableStmt: st}}
	}
	return Result{Cmd: &AlterPasses{Steps: []*pg.Node{step(first), step(rest)}}, Tag: "ALTER TABLE"}
}

// alterExtras are what an ALTER TABLE's subcommands leave for the engine
// to do around the GMS statements (TableDDL "sequence").
type alterExtras struct {
	pkName    string // the primary key's name
	recompute string // a column to touch so a stored generated column is computed
	// CHECK constraints added NOT VALID and validated
	notValid, validated []string
	dropFKs             []string // foreign keys to drop first
	notices             []string // NOTICEs to raise first (IF EXISTS on missing constraints)
	noticeCodes         []string // their SQLSTATEs
}

// simple reports whether the GMS statements alone do everything.
func (x alterExtras) simple() bool {
	return x.pkName == "" && x.recompute == "" && len(x.notValid)+len(x.validated)+len(x.dropFKs)+len(x.notices) == 0
}

// alterTableRest is the statement the ALTER TABLE subcommands GMS runs
// (and the engine's table DDL) make.
func (t *Translator) alterTableRest(ti *TableInfo, at *sqlparser.AlterTable, retypes []Retype, colDeps *DropColumnDeps, x alterExtras) (Result, error) {
	tn := at.Table
	if len(retypes) > 0 && len(at.Statements) == 0 && x.simple() {
		return withColumnDeps(Result{Cmd: &TableDDL{Kind: "alter_type", Schema: ti.Schema, Table: ti.Name, Retypes: retypes}, Tag: "ALTER TABLE"}, colDeps), nil
	}
	if len(retypes) == 0 {
		switch len(at.Statements) {
		case 0:
			if len(x.validated)+len(x.dropFKs) == 0 {
				return Result{Cmd: &TableDDL{Kind: "noop", Notices: x.notices, NoticeCodes: x.noticeCodes}, Tag: "ALTER TABLE"}, nil
			}
		case 1:
			if x.simple() && !t.isPartitioned(ti) {
				return withColumnDeps(Result{Stmt: at, Tag: "ALTER TABLE"}, colDeps), nil
			}
		}
	}
	// GMS plans every clause of one ALTER TABLE against the table as it
	// was, so a clause using a column an earlier clause adds would fail;
	// each clause runs as its own statement instead, in order.
	// ALTER COLUMN TYPE runs first, as PostgreSQL's pass for it comes
	// before the passes adding columns and constraints
	seq := &TableDDL{Kind: "sequence", Schema: ti.Schema, Table: ti.Name, PKName: x.pkName, NotValid: x.notValid, Validated: x.validated,
		Retypes: retypes, DropForeignKeys: x.dropFKs, Notices: x.notices, NoticeCodes: x.noticeCodes}
	for _, d := range at.Statements {
		seq.Stmts = append(seq.Stmts, &sqlparser.AlterTable{Table: tn, Statements: []*sqlparser.DDL{d}})
	}
	if x.recompute != "" {
		col := &sqlparser.ColName{Name: sqlparser.NewColIdent(x.recompute)}
		seq.Stmts = append(seq.Stmts, &sqlparser.Update{
			TableExprs: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: tn}},
			Exprs:      sqlparser.AssignmentExprs{&sqlparser.AssignmentExpr{Name: col, Expr: col}},
		})
	}
	return withColumnDeps(Result{Cmd: seq, Tag: "ALTER TABLE"}, colDeps), nil
}

func alterWord(a pg.AlterTableType) string {
	switch a {
	case pg.AlterTableType_AT_EnableRowSecurity:
		return "ENABLE ROW LEVEL SECURITY"
	case pg.AlterTableType_AT_DisableRowSecurity:
		return "DISABLE ROW LEVEL SECURITY"
	case pg.AlterTableType_AT_ForceRowSecurity:
		return "FORCE ROW LEVEL SECURITY"
	}
	// the subcommand's enum name in SQL words: AT_SetLogged → SET LOGGED
	name := strings.TrimPrefix(a.String(), "AT_")
	var words []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || name[i] >= 'A' && name[i] <= 'Z' {
			words = append(words, strings.ToUpper(name[start:i]))
			start = i
		}
	}
	return strings.Join(words, " ")
}

func objectWord(o pg.ObjectType) string {
	switch o {
	case pg.ObjectType_OBJECT_INDEX:
		return "INDEX"
	case pg.ObjectType_OBJECT_VIEW:
		return "VIEW"
	case pg.ObjectType_OBJECT_SEQUENCE:
		return "SEQUENCE"
	}
	return o.String()
}

func noColumn(col, table string) *pgerror.Error {
	return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", col, table)
}

// column finds a column or fails with 42703.
func (t *Translator) column(ti *TableInfo, name string) ColumnInfo {
	c, ok := ti.Column(name)
	if !ok {
		fail(noColumn(name, ti.Name))
	}
	return c
}

// addColumn builds the column of ADD COLUMN and the clauses for its
// constraints.
func (t *Translator) addColumn(cd *pg.ColumnDef, ti *TableInfo, names *constraintNames) (*sqlparser.ColumnDefinition, []*sqlparser.DDL) {
	typ := t.columnTypeName(cd.Colname, cd.TypeName)
	checkColumnDefaults(cd, ti.Name) // catalog_serial.go
	col := &sqlparser.ColumnDefinition{Name: sqlparser.NewColIdent(cd.Colname), Type: sqlparser.ColumnType{Type: typ.Name, ResolvedType: typ}}
	col.Type.NotNull = sqlparser.BoolVal(cd.IsNotNull)
	var extra []*sqlparser.DDL
	mergeConstraintAttrs(cd.Constraints) // ddl_deferrable.go
	for _, cn := range cd.Constraints {
		c := cn.GetConstraint()
		switch c.Contype {
		case pg.ConstrType_CONSTR_NOTNULL:
			col.Type.NotNull = true
		case pg.ConstrType_CONSTR_NULL:
		case pg.ConstrType_CONSTR_DEFAULT:
			col.Type.Default = &sqlparser.ParenExpr{Expr: t.assignDefault(c.RawExpr, typ, cd.Colname)}
		case pg.ConstrType_CONSTR_GENERATED:
			col.Type.GeneratedExpr, col.Type.Stored = t.generated(c, typ), true
		case pg.ConstrType_CONSTR_CHECK:
			extra = append(extra, &sqlparser.DDL{ConstraintAction: sqlparser.AddStr,
				TableSpec: &sqlparser.TableSpec{Constraints: []*sqlparser.ConstraintDefinition{t.checkDef(c, names, false)}}})
		case pg.ConstrType_CONSTR_FOREIGN:
			extra = append(extra, &sqlparser.DDL{ConstraintAction: sqlparser.AddStr,
				TableSpec: &sqlparser.TableSpec{Constraints: []*sqlparser.ConstraintDefinition{t.fkDef(c, []string{cd.Colname}, names)}}})
		case pg.ConstrType_CONSTR_UNIQUE, pg.ConstrType_CONSTR_PRIMARY:
			c.Keys = []*pg.Node{pg.MakeStrNode(cd.Colname)}
			if c.Contype == pg.ConstrType_CONSTR_PRIMARY {
				col.Type.NotNull = true
			}
			extra = append(extra, t.keyConstraint(c, ti, names))
		case pg.ConstrType_CONSTR_ATTR_DEFERRABLE, pg.ConstrType_CONSTR_ATTR_NOT_DEFERRABLE, pg.ConstrType_CONSTR_ATTR_IMMEDIATE, pg.ConstrType_CONSTR_ATTR_DEFERRED:
		case pg.ConstrType_CONSTR_IDENTITY:
			// addSerialColumn (ddl_alter_extra.go)
		default:
			fail(pgerror.New(pgerror.FeatureNotSupported, "column constraint %s in ADD COLUMN is not supported yet", c.Contype))
		}
	}
	if col.Type.GeneratedExpr == nil && identityConstraint(cd) == nil {
		t.domainColumn(typ, col) // existing rows take the domain's default too
	}
	return col, extra
}

// Retype is one ALTER COLUMN TYPE: existing values are cast to Type,
// explicitly when USING gave a cast.
type Retype struct {
	Column   string
	Type     *types.Type
	Explicit bool
	// Using is the SQL text of CAST(<USING expression> AS <type>) when
	// USING is more than a cast of the column.
	Using string
}

// alterColumnType is ALTER COLUMN TYPE [USING]. USING as a cast of the
// column itself is checked here; another expression is evaluated over the
// old rows by the engine; without USING an assignment cast must exist.
func (t *Translator) alterColumnType(cmd *pg.AlterTableCmd, ti *TableInfo, dropsDefault bool) Retype {
	c := t.column(ti, cmd.Name)
	def := cmd.Def.GetColumnDef()
	typ := t.columnTypeName(c.Name, def.TypeName)
	if c.Default && !dropsDefault && !types.CastAllowedIn(t.Env, c.Type, typ, types.CastAssignment) && !t.defaultConverts(c, typ) {
		// the default, of the old type, is converted as an assignment
		// whatever USING says (ATExecAlterColumnType)
		fail(pgerror.New(pgerror.DatatypeMismatch, "default for column %q cannot be cast automatically to type %s", c.Name, typ.FormatType()))
	}
	if def.RawDefault != nil && !isCastOfColumn(def.RawDefault, c.Name) {
		// USING reads the old row: the engine evaluates it over the table
		// before the column changes.
		t.checkRetypeDependents(ti, c.Name) // ddl_alter_deps.go
		using := exprSQL(&pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: def.RawDefault, TypeName: def.TypeName, Location: -1}}})
		return Retype{Column: c.Name, Type: typ, Explicit: true, Using: using}
	}
	if def.RawDefault != nil {
		if !types.CastAllowedIn(t.Env, c.Type, typ, types.CastExplicit) {
			fail(types.CannotCast(c.Type, typ))
		}
	} else if !types.CastAllowedIn(t.Env, c.Type, typ, types.CastAssignment) {
		e := pgerror.New(pgerror.DatatypeMismatch, "column %q cannot be cast automatically to type %s", c.Name, typ.FormatType())
		e.Hint = "You might need to specify \"USING " + c.Name + "::" + typ.FormatType() + "\"."
		fail(e)
	}
	t.checkRetypeDependents(ti, c.Name) // ddl_alter_deps.go
	return Retype{Column: c.Name, Type: typ, Explicit: def.RawDefault != nil}
}

// defaultConverts reports whether a default of a type other than the
// column's converts to typ: PostgreSQL strips the implicit coercion to
// the column's old type before converting (a text column's default
// 'info'::status converts to status, gen_random_uuid() to uuid).
func (t *Translator) defaultConverts(c ColumnInfo, typ *types.Type) (ok bool) {
	if c.DefaultText == nil {
		return false
	}
	tree, err := pgtree.Parse("SELECT " + c.DefaultText())
	if err != nil || len(tree.Stmts) != 1 {
		return false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 {
		return false
	}
	val := sel.TargetList[0].GetResTarget().GetVal()
	defer func() {
		if recover() != nil {
			ok = false // a type gone since: the default cannot convert
		}
	}()
	var dt *types.Type
	if tc := val.GetTypeCast(); tc != nil {
		dt = t.typeName(tc.TypeName)
	} else if val.GetFuncCall() != nil {
		// a call's own type (a default reads no column)
		e, err := ResolveOver(nil, t.scalar(val))
		if err != nil {
			return false
		}
		dt = expr.TypeOf(e)
	}
	return dt != nil && dt.OID != c.Type.OID && types.CastAllowedIn(t.Env, dt, typ, types.CastAssignment)
}

// isCastOfColumn reports whether n is col or col::type: one cast at most,
// which is the old type's cast to the new one. A chain such as
// col::text::e goes through its intermediate types, as the engine's
// evaluation of other USING expressions does (an enum rebuilt under a
// new name has no direct cast from the old one).
func isCastOfColumn(n *pg.Node, col string) bool {
	if x, ok := n.Node.(*pg.Node_TypeCast); ok {
		n = x.TypeCast.Arg
	}
	if x, ok := n.Node.(*pg.Node_ColumnRef); ok {
		f := x.ColumnRef.Fields
		return len(f) == 1 && strVal(f[0]) == col
	}
	return false
}

// addConstraint is ADD CONSTRAINT / ADD PRIMARY KEY / ADD UNIQUE ...
func (t *Translator) addConstraint(c *pg.Constraint, ti *TableInfo, names *constraintNames) []*sqlparser.DDL {
	if c.Conname != "" {
		if _, ok := ti.Constraints[c.Conname]; ok {
			fail(pgerror.New(pgerror.DuplicateObject, "constraint %q for relation %q already exists", c.Conname, ti.Name))
		}
	}
	switch c.Contype {
	case pg.ConstrType_CONSTR_CHECK:
		def := t.checkDef(c, names, false)
		if ti.Violated != nil && !c.SkipValidation {
			if bad, ok := ti.Violated(def.Details.(*sqlparser.CheckConstraintDefinition).Expr); ok && bad {
				fail(&pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Table: ti.Name, Constraint: def.Name,
					Message: "check constraint \"" + def.Name + "\" of relation \"" + ti.Name + "\" is violated by some row"})
			}
			t.checkPartitionRows(ti, def.Name, def.Details.(*sqlparser.CheckConstraintDefinition).Expr) // partition_checks.go
		}
		if c.SkipValidation {
			cd := def.Details.(*sqlparser.CheckConstraintDefinition)
			cd.Expr = withNotValid(cd.Expr)
		}
		return []*sqlparser.DDL{{ConstraintAction: sqlparser.AddStr,
			TableSpec: &sqlparser.TableSpec{Constraints: []*sqlparser.ConstraintDefinition{def}}}}
	case pg.ConstrType_CONSTR_FOREIGN:
		cols := names2(c.FkAttrs)
		for _, k := range cols {
			t.column(ti, k)
		}
		return []*sqlparser.DDL{{ConstraintAction: sqlparser.AddStr,
			TableSpec: &sqlparser.TableSpec{Constraints: []*sqlparser.ConstraintDefinition{t.fkDef(c, cols, names)}}}}
	case pg.ConstrType_CONSTR_UNIQUE, pg.ConstrType_CONSTR_PRIMARY:
		return []*sqlparser.DDL{t.keyConstraint(c, ti, names)}
	}
	fail(pgerror.New(pgerror.FeatureNotSupported, "ADD CONSTRAINT %s is not supported yet", c.Contype))
	return nil
}

// keyConstraint adds a UNIQUE or PRIMARY KEY constraint as an index.
func (t *Translator) keyConstraint(c *pg.Constraint, ti *TableInfo, cn *constraintNames) *sqlparser.DDL {
	cols := names(c.Keys)
	spec := &sqlparser.IndexSpec{Action: sqlparser.CreateStr}
	for _, k := range cols {
		spec.Columns = append(spec.Columns, &sqlparser.IndexColumn{Column: sqlparser.NewColIdent(k)})
	}
	if c.Contype == pg.ConstrType_CONSTR_PRIMARY {
		for _, kind := range ti.Constraints {
			if kind == 'p' {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "multiple primary keys for table %q are not allowed", ti.Name))
			}
		}
		spec.Type = sqlparser.PrimaryStr
		spec.ToName = sqlparser.NewColIdent("PRIMARY")
		name := c.Conname
		if name == "" {
			name = pgident.MakeObjectName(ti.Name, "", "pkey")
		}
		ti.Constraints[name] = 'p'
		t.noteDeferrable(c, name)
		t.noteInclude(c, "PRIMARY", ti)
		return &sqlparser.DDL{IndexSpec: spec}
	}
	name := c.Conname
	if name == "" {
		// the name counts the INCLUDE columns too (ChooseIndexColumnNames)
		name = cn.choose(append(append([]string(nil), cols...), names(c.Including)...), "key")
	} else {
		cn.take(name)
	}
	spec.Type = sqlparser.UniqueStr
	spec.ToName = sqlparser.NewColIdent(name)
	ti.Constraints[name] = 'u'
	t.noteDeferrable(c, name)
	t.noteInclude(c, name, ti)
	return &sqlparser.DDL{IndexSpec: spec}
}

// dropConstraint drops a constraint of a known kind.
func dropConstraint(name string, kind byte) *sqlparser.DDL {
	switch kind {
	case 'p':
		return &sqlparser.DDL{IndexSpec: &sqlparser.IndexSpec{Action: sqlparser.DropStr, Type: sqlparser.PrimaryStr}}
	case 'u', 'x':
		return &sqlparser.DDL{IndexSpec: &sqlparser.IndexSpec{Action: sqlparser.DropStr, ToName: sqlparser.NewColIdent(name)}}
	case 'f':
		return &sqlparser.DDL{ConstraintAction: sqlparser.DropStr, TableSpec: &sqlparser.TableSpec{Constraints: []*sqlparser.ConstraintDefinition{
			{Name: name, Details: &sqlparser.ForeignKeyDefinition{}}}}}
	}
	return &sqlparser.DDL{ConstraintAction: sqlparser.DropStr, TableSpec: &sqlparser.TableSpec{Constraints: []*sqlparser.ConstraintDefinition{
		{Name: name, Details: &sqlparser.CheckConstraintDefinition{}}}}}
}

// validateConstraint is VALIDATE CONSTRAINT: a CHECK constraint's
// expression must hold for every existing row (PostgreSQL:
// validateCheckConstraint), which matters for one added NOT VALID. It
// reports whether the constraint is a CHECK constraint, to be marked
// validated.
func (t *Translator) validateConstraint(ti *TableInfo, cmd *pg.AlterTableCmd) bool {
	kind, ok := ti.Constraints[cmd.Name]
	if !ok {
		fail(pgerror.New(pgerror.UndefinedObject, "constraint %q of relation %q does not exist", cmd.Name, ti.Name))
	}
	if kind != 'c' && kind != 'f' {
		fail(pgerror.New(pgerror.WrongObjectType, "constraint %q of relation %q is not a foreign key or check constraint", cmd.Name, ti.Name))
	}
	text, isCheck := ti.Checks[cmd.Name]
	if kind != 'c' || !isCheck {
		return false
	}
	if ti.Violated == nil {
		return true
	}
	n, err := ParseExpr(text)
	if err != nil {
		fail(pgerror.New(pgerror.InternalError, "check constraint %q: %v", cmd.Name, err))
	}
	if bad, ok := ti.Violated(t.scalar(n)); ok && bad {
		fail(&pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Table: ti.Name, Constraint: cmd.Name,
			Message: "check constraint \"" + cmd.Name + "\" of relation \"" + ti.Name + "\" is violated by some row"})
	}
	return true
}
