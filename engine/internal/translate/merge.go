package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// MergeSteps is MERGE (PostgreSQL docs, MERGE). Select joins the source
// to the target (source LEFT JOIN target ON the join condition) and picks,
// for each source row, the first WHEN clause whose kind (MATCHED or NOT
// MATCHED) and condition apply; its columns are the target row's ctid and
// tableoid (NULL when no target row matched), the 1-based number of the
// chosen clause (0: none), the target's columns, then the source's. The
// engine then runs the chosen clause's action on each row, in the join's
// order, as a one-row UPDATE, DELETE or INSERT (Step), so triggers,
// constraints, defaults, generated columns and partition routing behave as
// they do for those statements.
type MergeSteps struct {
	Target  TableRef
	Name    string // the target's alias, or its table name
	Select  sqlparser.SelectStatement
	Clauses []MergeClause
	// tree: the target has descendants, whose rows the steps find by
	// tableoid as well as ctid
	tree bool
	// step is the translator configuration the one-row statements are
	// translated with (parameters, PL/pgSQL variables)
	step Translator
}

// MergeAction is what a WHEN clause does.
type MergeAction int

const (
	MergeNothing MergeAction = iota
	MergeUpdate
	MergeDelete
	MergeInsert
	// MergeRefuse is put before an UPDATE or DELETE clause by row level
	// security: a target row the action's USING policies refuse is an
	// error (security.MergeRefusal builds it).
	MergeRefuse
)

// MergeClause is one WHEN clause.
type MergeClause struct {
	Matched bool
	Action  MergeAction
	// Columns are an UPDATE's SET columns (UPDATE OF triggers).
	Columns []string
	stmt    *pg.Node // the one-row statement, reading the row through slots
}

// RefusalCommand marks a WHEN MATCHED clause the row security rewrite adds
// before an UPDATE or DELETE action: its condition is true for rows the
// action's USING policies refuse.
const RefusalCommand = pg.CmdType_CMD_UTILITY

// MergeRow is the Select row a one-row statement reads: the target's key
// (ctid, tableoid, columns) and the source's columns. The engine sets
// Values (and Types and Names once) before it runs each step.
type MergeRow struct {
	// Quals and Names name each column: "*target*" for the target's,
	// the source item's name (GMS's column source) for the source's.
	Quals, Names []string
	Types        []*types.Type
	Values       []any
}

// mergeQualifier marks a column reference that reads the MergeRow.
const mergeQualifier = "*merge*"

// mergeTargetQual names the target's columns in a MergeRow.
const mergeTargetQual = "*target*"

func (r *MergeRow) index(qual, col string) int {
	for i, n := range r.Names {
		if n != col {
			continue
		}
		if qual == "" && r.Quals[i] != mergeTargetQual || r.Quals[i] == qual {
			return i
		}
	}
	return -1
}

func (t *Translator) merge(s *pg.MergeStmt) (Result, error) {
	rel := s.Relation
	t.refuseForeign(rel, "written") // foreign.go
	if v := t.findView(rel); v != nil {
		fail(pgerror.New(pgerror.FeatureNotSupported, "cannot execute MERGE on relation %q", v.Name).
			WithDetail("This operation is not supported for views."))
	}
	name := rel.Relname
	if rel.Alias != nil {
		name = rel.Alias.Aliasname
	}
	var targetCols []string
	tree := false // the target has descendants: rows need their tableoid
	if r := t.reader(); r != nil {
		if schema, cols, ok := r.Table(rel.Schemaname, rel.Relname); ok {
			targetCols = cols
			tree = len(r.Current().Children(catalog.QName{Schema: schema, Name: rel.Relname})) > 0
		} else {
			e := pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", rel.Relname)
			if rel.Schemaname != "" {
				e = pgerror.New(pgerror.UndefinedTable, "relation \"%s.%s\" does not exist", rel.Schemaname, rel.Relname)
			}
			e.Position = int(rel.Location) + 1
			fail(e)
		}
	}
	sources := fromNames(s.SourceRelation)
	m := &MergeSteps{Target: TableRef{Schema: rel.Schemaname, Name: rel.Relname}, Name: name, tree: tree,
		step: Translator{Env: t.Env, Params: t.Params, Catalog: t.Catalog, Tables: t.Tables, Vars: t.Vars, BoundParams: t.BoundParams}}
	sys := func(col string) *pg.Node {
		return pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(name), pg.MakeStrNode(col)}, -1)
	}
	var matched, unmatched []*pg.Node
	for i, n := range s.MergeWhenClauses {
		wc := n.GetMergeWhenClause()
		c := MergeClause{Matched: wc.Matched}
		cond := wc.Condition
		if !wc.Matched {
			refuseTargetRefs(name, rel, append([]*pg.Node{cond}, wc.Values...))
		}
		for _, n := range wc.TargetList {
			if rt := n.GetResTarget(); targetCols != nil && !contains(targetCols, rt.Name) {
				failAt(rt.Location, pgerror.UndefinedColumn, "column %q of relation %q does not exist", rt.Name, rel.Relname)
			}
		}
		switch wc.CommandType {
		case pg.CmdType_CMD_UPDATE:
			c.Action = MergeUpdate
			c.stmt = t.mergeUpdate(wc, rel, name, tree, sources, targetCols)
			for _, rt := range wc.TargetList {
				c.Columns = append(c.Columns, rt.GetResTarget().Name)
			}
		case pg.CmdType_CMD_DELETE:
			c.Action = MergeDelete
			c.stmt = &pg.Node{Node: &pg.Node_DeleteStmt{DeleteStmt: &pg.DeleteStmt{Relation: pgtree.Clone(rel), WhereClause: mergeKey(name, tree)}}}
		case pg.CmdType_CMD_INSERT:
			c.Action = MergeInsert
			c.stmt = t.mergeInsert(wc, rel, sources)
		case RefusalCommand:
			c.Action = MergeRefuse
		}
		if c.stmt != nil {
			// translation errors (unknown or generated columns, value
			// counts) are the statement's, whether or not a row acts
			if _, err := m.step.mergeStep(c.stmt, &MergeRow{}); err != nil {
				return Result{}, err
			}
		}
		m.Clauses = append(m.Clauses, c)
		if cond == nil {
			cond = &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Boolval{Boolval: &pg.Boolean{Boolval: true}}, Location: -1}}}
		}
		when := &pg.Node{Node: &pg.Node_CaseWhen{CaseWhen: &pg.CaseWhen{Expr: cond, Result: pg.MakeAConstIntNode(int64(i+1), -1), Location: -1}}}
		if wc.Matched {
			matched = append(matched, when)
		} else {
			unmatched = append(unmatched, when)
		}
	}
	pick := func(whens []*pg.Node) *pg.Node {
		if len(whens) == 0 {
			return pg.MakeAConstIntNode(0, -1)
		}
		return &pg.Node{Node: &pg.Node_CaseExpr{CaseExpr: &pg.CaseExpr{Args: whens, Defresult: pg.MakeAConstIntNode(0, -1), Location: -1}}}
	}
	clause := &pg.Node{Node: &pg.Node_CaseExpr{CaseExpr: &pg.CaseExpr{
		Args: []*pg.Node{{Node: &pg.Node_CaseWhen{CaseWhen: &pg.CaseWhen{
			Expr:   &pg.Node{Node: &pg.Node_NullTest{NullTest: &pg.NullTest{Arg: sys("ctid"), Nulltesttype: pg.NullTestType_IS_NULL, Location: -1}}},
			Result: pick(unmatched), Location: -1}}}},
		Defresult: pick(matched), Location: -1}}}
	star := func(q string) *pg.Node {
		return pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(q), {Node: &pg.Node_AStar{AStar: &pg.A_Star{}}}}, -1)
	}
	tableoid := &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Isnull: true, Location: -1}}}
	if tree {
		tableoid = sys("tableoid")
	}
	sel := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, WithClause: s.WithClause}
	sel.TargetList = []*pg.Node{
		pg.MakeResTargetNodeWithVal(sys("ctid"), -1),
		pg.MakeResTargetNodeWithVal(tableoid, -1),
		pg.MakeResTargetNodeWithNameAndVal("*clause*", clause, -1),
		pg.MakeResTargetNodeWithVal(star(name), -1),
	}
	for _, q := range sources {
		sel.TargetList = append(sel.TargetList, pg.MakeResTargetNodeWithVal(star(q), -1))
	}
	sel.FromClause = []*pg.Node{{Node: &pg.Node_JoinExpr{JoinExpr: &pg.JoinExpr{
		Jointype: pg.JoinType_JOIN_LEFT,
		Larg:     s.SourceRelation,
		Rarg:     &pg.Node{Node: &pg.Node_RangeVar{RangeVar: rel}},
		Quals:    s.JoinCondition,
	}}}}
	t.inheritCtid = true
	m.Select = t.selectStmt(sel)
	t.inheritCtid = false
	return Result{Cmd: &DML{Merge: m}, Tag: "MERGE"}, nil
}

// refuseTargetRefs refuses a reference to the target in a WHEN NOT
// MATCHED clause, where no target row exists (42P01, as PostgreSQL says).
func refuseTargetRefs(name string, rel *pg.RangeVar, nodes []*pg.Node) {
	for _, n := range nodes {
		if n == nil {
			continue
		}
		visitNode(n, func(x *pg.Node) bool {
			cr := x.GetColumnRef()
			if cr == nil || len(cr.Fields) < 2 {
				return false
			}
			q := strVal(cr.Fields[0])
			if q == name || (rel.Alias == nil && len(cr.Fields) == 3 && strVal(cr.Fields[1]) == name) {
				failAt(cr.Location, pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", name)
			}
			return false
		})
	}
}

// mergeKey is the condition that finds the joined target row again: its
// ctid within its table (tableoid, for a tree of tables).
func mergeKey(name string, tree bool) *pg.Node {
	eq := func(col, slot string) *pg.Node {
		return &pg.Node{Node: &pg.Node_AExpr{AExpr: &pg.A_Expr{Kind: pg.A_Expr_Kind_AEXPR_OP, Name: []*pg.Node{pg.MakeStrNode("=")},
			Lexpr:    pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(name), pg.MakeStrNode(col)}, -1),
			Rexpr:    pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(mergeQualifier), pg.MakeStrNode(mergeTargetQual), pg.MakeStrNode(slot)}, -1),
			Location: -1}}}
	}
	args := []*pg.Node{eq("ctid", "ctid")}
	if tree {
		args = append(args, eq("tableoid", "tableoid"))
	}
	return pg.MakeBoolExprNode(pg.BoolExprType_AND_EXPR, args, -1)
}

// slotRefs rewrites references to the source's columns into references
// to the MergeRow: qualified by a source item's name, or unqualified and
// not a target column (targetOK: the statement is on the target, whose
// columns it reads itself).
func (t *Translator) slotRefs(n *pg.Node, sources, targetCols []string, targetOK bool) *pg.Node {
	if n == nil {
		return nil
	}
	n = pgtree.Clone(n)
	visitNode(n, func(x *pg.Node) bool {
		cr := x.GetColumnRef()
		if cr == nil {
			return false
		}
		var q, col string
		switch len(cr.Fields) {
		case 1:
			col = strVal(cr.Fields[0])
			if col == "" || (targetOK && contains(targetCols, col)) {
				return false
			}
			if t.Vars != nil {
				// a PL/pgSQL variable (PostgreSQL would call a name that
				// is both ambiguous)
				if _, ok, _ := t.Vars([]string{col}); ok {
					return false
				}
			}
		case 2:
			q, col = strVal(cr.Fields[0]), strVal(cr.Fields[1])
			if col == "" || !contains(sources, q) {
				return false
			}
		default:
			return false
		}
		x.Node = pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(mergeQualifier), pg.MakeStrNode(q), pg.MakeStrNode(col)}, cr.Location).Node
		return true
	})
	return n
}

// mergeUpdate is UPDATE target SET ... WHERE <the joined row>.
func (t *Translator) mergeUpdate(wc *pg.MergeWhenClause, rel *pg.RangeVar, name string, tree bool, sources, targetCols []string) *pg.Node {
	up := &pg.UpdateStmt{Relation: pgtree.Clone(rel), WhereClause: mergeKey(name, tree)}
	for _, n := range wc.TargetList {
		rt := pgtree.Clone(n).GetResTarget()
		if m := rt.Val.GetMultiAssignRef(); m != nil {
			m.Source = t.slotRefs(m.Source, sources, targetCols, true)
		} else if rt.Val.GetSetToDefault() == nil {
			rt.Val = t.slotRefs(rt.Val, sources, targetCols, true)
		}
		up.TargetList = append(up.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: rt}})
	}
	return &pg.Node{Node: &pg.Node_UpdateStmt{UpdateStmt: up}}
}

// mergeInsert is INSERT INTO target [(cols)] [OVERRIDING ...] VALUES (...)
// or DEFAULT VALUES.
func (t *Translator) mergeInsert(wc *pg.MergeWhenClause, rel *pg.RangeVar, sources []string) *pg.Node {
	target := pgtree.Clone(rel)
	target.Alias = nil
	seen := map[string]bool{}
	for _, c := range wc.TargetList {
		rt := c.GetResTarget()
		if seen[rt.Name] {
			failAt(rt.Location, pgerror.DuplicateColumn, "column %q specified more than once", rt.Name)
		}
		seen[rt.Name] = true
	}
	ins := &pg.InsertStmt{Relation: target, Cols: wc.TargetList, Override: wc.Override}
	if len(wc.Values) > 0 {
		items := make([]*pg.Node, len(wc.Values))
		for i, v := range wc.Values {
			items[i] = t.slotRefs(v, sources, nil, false)
		}
		ins.SelectStmt = &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE,
			ValuesLists: []*pg.Node{{Node: &pg.Node_List{List: &pg.List{Items: items}}}}}}}
	}
	return &pg.Node{Node: &pg.Node_InsertStmt{InsertStmt: ins}}
}

// Step translates clause i's one-row statement over row. byValue finds
// the target row by its column values instead of its ctid: a keyless
// table's identical rows share their ctid as a join reads them, and the
// step then acts on all of them.
// pk names the target's primary key columns, whose equalities let the
// step look the row up by index.
func (m *MergeSteps) Step(i int, row *MergeRow, byValue bool, pk []string) (Result, error) {
	stmt := m.Clauses[i].stmt
	if (byValue || len(pk) > 0) && m.Clauses[i].Action != MergeInsert {
		stmt = pgtree.Clone(stmt)
		var where *pg.Node
		if byValue {
			where = m.valueKey(row)
		} else {
			where = mergeKey(m.Name, m.tree)
			for _, c := range pk {
				be := where.GetBoolExpr()
				be.Args = append(be.Args, &pg.Node{Node: &pg.Node_AExpr{AExpr: &pg.A_Expr{Kind: pg.A_Expr_Kind_AEXPR_OP, Name: []*pg.Node{pg.MakeStrNode("=")},
					Lexpr:    pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(m.Name), pg.MakeStrNode(c)}, -1),
					Rexpr:    pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(mergeQualifier), pg.MakeStrNode(mergeTargetQual), pg.MakeStrNode(c)}, -1),
					Location: -1}}})
			}
		}
		if up := stmt.GetUpdateStmt(); up != nil {
			up.WhereClause = where
		} else if del := stmt.GetDeleteStmt(); del != nil {
			del.WhereClause = where
		}
	}
	return m.step.mergeStep(stmt, row)
}

// valueKey is the condition that finds the joined target row by the
// values of its columns that have equality (not json).
func (m *MergeSteps) valueKey(row *MergeRow) *pg.Node {
	var args []*pg.Node
	if m.tree {
		args = append(args, mergeKey(m.Name, true).GetBoolExpr().Args[1]) // tableoid
	}
	for i, q := range row.Quals {
		if q != mergeTargetQual || i < 2 || row.Types[i] == nil || row.Types[i].Kind == types.KindJSON || row.Types[i].Kind == types.KindUnknown {
			continue
		}
		args = append(args, &pg.Node{Node: &pg.Node_AExpr{AExpr: &pg.A_Expr{Kind: pg.A_Expr_Kind_AEXPR_NOT_DISTINCT, Name: []*pg.Node{pg.MakeStrNode("=")},
			Lexpr:    pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(m.Name), pg.MakeStrNode(row.Names[i])}, -1),
			Rexpr:    pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(mergeQualifier), pg.MakeStrNode(mergeTargetQual), pg.MakeStrNode(row.Names[i])}, -1),
			Location: -1}}})
	}
	if len(args) == 0 {
		return mergeKey(m.Name, m.tree)
	}
	return pg.MakeBoolExprNode(pg.BoolExprType_AND_EXPR, args, -1)
}

func (cfg *Translator) mergeStep(stmt *pg.Node, row *MergeRow) (Result, error) {
	tr := &Translator{Env: cfg.Env, Params: cfg.Params, Catalog: cfg.Catalog, Tables: cfg.Tables, Vars: cfg.Vars, BoundParams: cfg.BoundParams, mergeRow: row}
	return tr.Statement(pgtree.Clone(stmt))
}

// mergeColumn resolves a reference to the MergeRow; nil for others.
func (t *Translator) mergeColumn(parts []string, loc int32) sqlparser.Expr {
	if t.mergeRow == nil || len(parts) != 3 || parts[0] != mergeQualifier {
		return nil
	}
	return sqlparser.InjectedExpr{Expression: &mergeSlotRef{row: t.mergeRow, qual: parts[1], col: parts[2], loc: loc}}
}

// mergeSlotRef is a MergeRow column as a vitess injectable: it resolves
// when GMS plans the step, once the row's columns are known.
type mergeSlotRef struct {
	row       *MergeRow
	qual, col string
	loc       int32
}

var _ sqlparser.Injectable = (*mergeSlotRef)(nil)

func (x *mergeSlotRef) WithResolvedChildren([]any) (any, error) {
	if i := x.row.index(x.qual, x.col); i >= 0 {
		if i < len(x.row.Values) {
			// each step is planned for one row: its values are
			// constants, which index lookups can use
			return expr.NewLiteral(x.row.Types[i], x.row.Values[i]), nil
		}
		return &mergeSlotValue{row: x.row, idx: i}, nil
	}
	name := x.col
	if x.qual != "" {
		name = x.qual + "." + x.col
	}
	e := pgerror.New(pgerror.UndefinedColumn, "column %s does not exist", name)
	if x.qual == "" {
		e = pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", name)
	}
	if x.loc >= 0 {
		e.Position = int(x.loc) + 1
	}
	return nil, e
}

func (x *mergeSlotRef) String() string { return x.qual + "." + x.col }

// mergeSlotValue reads one column of the current MergeRow.
type mergeSlotValue struct {
	row *MergeRow
	idx int
}

var _ sql.Expression = (*mergeSlotValue)(nil)

func (e *mergeSlotValue) Resolved() bool   { return true }
func (e *mergeSlotValue) String() string   { return e.row.Quals[e.idx] + "." + e.row.Names[e.idx] }
func (e *mergeSlotValue) Type() sql.Type   { return e.row.Types[e.idx] }
func (e *mergeSlotValue) IsNullable() bool { return true }
func (e *mergeSlotValue) Eval(*sql.Context, sql.Row) (any, error) {
	if e.idx >= len(e.row.Values) {
		return nil, nil
	}
	return e.row.Values[e.idx], nil
}
func (e *mergeSlotValue) Children() []sql.Expression { return nil }
func (e *mergeSlotValue) WithChildren(...sql.Expression) (sql.Expression, error) {
	return e, nil
}

// PGType lets expr.TypeOf see the column type.
func (e *mergeSlotValue) PGType() *types.Type { return e.row.Types[e.idx] }
