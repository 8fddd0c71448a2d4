package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// CreateRule is CREATE [OR REPLACE] RULE (docs: SQL Commands, CREATE
// RULE).
type CreateRule struct {
	Rule    catalog.Rule
	Replace bool
}

// DropRule is DROP RULE [IF EXISTS] name ON table.
type DropRule struct {
	Table    catalog.QName
	Name     string
	IfExists bool
}

// RenameRule is ALTER RULE name ON table RENAME TO new.
type RenameRule struct {
	Table         catalog.QName
	Name, NewName string
}

func (*CreateRule) command()        {}
func (*CreateRule) catalogCommand() {}
func (*DropRule) command()          {}
func (*DropRule) catalogCommand()   {}
func (*RenameRule) command()        {}
func (*RenameRule) catalogCommand() {}

// RuleProgram is an INSERT, UPDATE or DELETE on a relation with rules,
// rewritten as the rule system does (docs 41.4): the rules' actions with
// NEW / OLD read from the statement's rows, and the statement itself
// unless an unconditional INSTEAD rule replaces it. The engine runs the
// steps in order in the statement's transaction.
type RuleProgram struct {
	Steps []RuleStep
	// Kind is the statement's command ("INSERT", "UPDATE", "DELETE");
	// its tag counts the rows of the original step, or with an
	// unconditional INSTEAD rule those of the last INSTEAD step of the
	// same kind (docs 41.6, "Rules and Command Status").
	Kind    string
	Instead bool
}

// RuleStep is one statement of a RuleProgram.
type RuleStep struct {
	SQL string
	// Original is the statement itself (with the negated conditions of
	// conditional INSTEAD rules): it runs without its relation's rules.
	Original bool
	// Counts marks an INSTEAD action of the statement's own kind.
	Counts bool
}

func (*RuleProgram) command() {}

// ruleStatement translates CREATE RULE, DROP RULE and ALTER RULE.
func (t *Translator) ruleStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_RuleStmt:
		return t.createRule(s.RuleStmt), true
	case *pg.Node_DropStmt:
		if s.DropStmt.RemoveType != pg.ObjectType_OBJECT_RULE {
			return Result{}, false
		}
		cmd := &DropRule{IfExists: s.DropStmt.MissingOk}
		items := s.DropStmt.Objects[0].GetList().GetItems()
		parts := names(items)
		cmd.Name = parts[len(parts)-1]
		cmd.Table = catalog.QName{Name: parts[len(parts)-2]}
		if len(parts) > 2 {
			cmd.Table.Schema = parts[len(parts)-3]
		}
		return Result{Cmd: cmd, Tag: "DROP RULE"}, true
	case *pg.Node_RenameStmt:
		if s.RenameStmt.RenameType != pg.ObjectType_OBJECT_RULE {
			return Result{}, false
		}
		return Result{Cmd: &RenameRule{Table: rangeQName(s.RenameStmt.Relation), Name: s.RenameStmt.Subname, NewName: s.RenameStmt.Newname}, Tag: "ALTER RULE"}, true
	}
	return Result{}, false
}

func (t *Translator) createRule(s *pg.RuleStmt) Result {
	q, _ := t.ruleRelation(s.Relation, true)
	r := catalog.Rule{Name: s.Rulename, Table: q, Instead: s.Instead}
	switch s.Event {
	case pg.CmdType_CMD_SELECT:
		return t.selectRule(s, q) // rules_select.go
	case pg.CmdType_CMD_UPDATE:
		r.Event = '2'
	case pg.CmdType_CMD_INSERT:
		r.Event = '3'
	case pg.CmdType_CMD_DELETE:
		r.Event = '4'
	}
	if s.WhereClause != nil {
		r.Where = exprSQL(s.WhereClause)
	}
	for _, a := range s.Actions {
		if a.GetNotifyStmt() == nil && a.GetInsertStmt() == nil && a.GetUpdateStmt() == nil && a.GetDeleteStmt() == nil && a.GetSelectStmt() == nil {
			fail(pgerror.New(pgerror.FeatureNotSupported, "this rule action is not supported"))
		}
		out, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: a}}})
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
		}
		r.Actions = append(r.Actions, out)
	}
	return Result{Cmd: &CreateRule{Rule: r, Replace: s.Replace}, Tag: "CREATE RULE"}
}

// ruleRelation resolves the table or view a rule or statement names:
// its name and its columns.
func (t *Translator) ruleRelation(rv *pg.RangeVar, mustExist bool) (catalog.QName, []string) {
	if v := t.findView(rv); v != nil {
		return catalog.QName{Schema: v.Schema, Name: v.Name}, v.Columns
	}
	ti := t.lookup(rv, !mustExist)
	if ti == nil {
		return catalog.QName{}, nil
	}
	cols := make([]string, len(ti.Columns))
	for i, c := range ti.Columns {
		cols[i] = c.Name
	}
	return catalog.QName{Schema: ti.Schema, Name: ti.Name}, cols
}

// applyRules rewrites an INSERT, UPDATE or DELETE of a relation with
// rules for its event into a RuleProgram; ok is false when none apply.
func (t *Translator) applyRules(n *pg.Node) (Result, bool) {
	r := t.reader()
	if r == nil || t.SkipRules || len(r.Current().AllRules()) == 0 {
		return Result{}, false
	}
	var rv *pg.RangeVar
	var event byte
	kind := ""
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		rv, event, kind = s.InsertStmt.Relation, '3', "INSERT"
	case *pg.Node_UpdateStmt:
		rv, event, kind = s.UpdateStmt.Relation, '2', "UPDATE"
	case *pg.Node_DeleteStmt:
		rv, event, kind = s.DeleteStmt.Relation, '4', "DELETE"
	default:
		return Result{}, false
	}
	q, cols := t.ruleRelation(rv, false)
	if q.Name == "" {
		return Result{}, false
	}
	var rules []*catalog.Rule
	replica := false
	if rr, ok := t.Tables.(interface{ ReplicaRole() bool }); ok {
		replica = rr.ReplicaRole()
	}
	for _, rl := range r.Current().Rules(q) {
		if rl.Event == event && catalog.Fires(rl.EnabledChar(), replica) {
			rules = append(rules, rl)
		}
	}
	if len(rules) == 0 {
		return Result{}, false
	}
	if hasParam(n) {
		fail(pgerror.New(pgerror.FeatureNotSupported, "statements with parameters on a relation with rules are not supported yet"))
	}
	src := t.ruleSource(n, rv, cols)
	prog := &RuleProgram{Kind: kind}
	var before, after []RuleStep
	var negated []string
	for _, rl := range rules {
		if rl.Instead && rl.Where == "" {
			prog.Instead = true
		}
		if rl.Instead && rl.Where != "" {
			negated = append(negated, rl.Where)
		}
		for _, a := range rl.Actions {
			step := RuleStep{SQL: ruleAction(a, rl.Where, src), Counts: rl.Instead && strings.HasPrefix(strings.ToUpper(strings.TrimSpace(a)), kind)}
			if event == '3' {
				after = append(after, step)
			} else {
				before = append(before, step)
			}
		}
	}
	prog.Steps = append(prog.Steps, before...)
	if !prog.Instead {
		orig := pgtree.Clone(n)
		if len(negated) > 0 {
			addNegatedQuals(orig, negated, src, cols)
		}
		out, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: orig}}})
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
		}
		prog.Steps = append(prog.Steps, RuleStep{SQL: out, Original: true})
	}
	prog.Steps = append(prog.Steps, after...)
	return Result{Cmd: prog, Tag: kind}, true
}

// ruleSource is the statement's rows as a query: for INSERT the new rows
// (columns new_<c>), for UPDATE the old rows and the new values
// (old_<c>, new_<c>), for DELETE the old rows (old_<c>).
func (t *Translator) ruleSource(n *pg.Node, rv *pg.RangeVar, cols []string) string {
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		ins := s.InsertStmt
		if ins.SelectStmt == nil {
			fail(pgerror.New(pgerror.FeatureNotSupported, "INSERT ... DEFAULT VALUES on a relation with rules is not supported yet"))
		}
		target := cols
		if sel := ins.SelectStmt.GetSelectStmt(); sel != nil {
			n := len(sel.TargetList)
			if len(sel.ValuesLists) > 0 {
				n = len(sel.ValuesLists[0].GetList().GetItems())
			}
			if n < len(target) {
				target = target[:n]
			}
		}
		if len(ins.Cols) > 0 {
			target = nil
			for _, c := range ins.Cols {
				target = append(target, c.GetResTarget().Name)
			}
		}
		q, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: ins.SelectStmt}}})
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
		}
		aliases := make([]string, len(target))
		for i, c := range target {
			aliases[i] = quoteIdent("new_" + c)
		}
		var outs []string
		var defaults *TableInfo
		if t.findView(rv) == nil && t.Tables != nil {
			defaults, _ = t.Tables.LookupTable(rv.Schemaname, rv.Relname)
		}
		for _, c := range cols {
			found := false
			for _, tc := range target {
				if tc == c {
					found = true
				}
			}
			if found {
				outs = append(outs, "s."+quoteIdent("new_"+c))
			} else {
				// a column the INSERT leaves out reads its default, as
				// PostgreSQL's rewriter substitutes it
				def := "NULL"
				if defaults != nil {
					if ci, ok := defaults.Column(c); ok && ci.DefaultText != nil {
						def = ci.DefaultText()
					}
				}
				outs = append(outs, def+" AS "+quoteIdent("new_"+c))
			}
		}
		return "SELECT " + strings.Join(outs, ", ") + " FROM (" + q + ") AS s(" + strings.Join(aliases, ", ") + ")"
	case *pg.Node_UpdateStmt:
		up := s.UpdateStmt
		set := map[string]*pg.Node{}
		for _, tl := range up.TargetList {
			rt := tl.GetResTarget()
			if len(rt.Indirection) > 0 || rt.Val.GetMultiAssignRef() != nil {
				fail(pgerror.New(pgerror.FeatureNotSupported, "this UPDATE on a relation with rules is not supported yet"))
			}
			set[rt.Name] = rt.Val
		}
		outs := oldColumns(up.Relation, cols)
		for _, c := range cols {
			v, ok := set[c]
			if !ok {
				v = relColumn(up.Relation, c)
			}
			outs = append(outs, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: "new_" + c, Val: v}}})
		}
		return deparseSelect(&pg.SelectStmt{TargetList: outs, FromClause: append([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: up.Relation}}}, up.FromClause...), WhereClause: up.WhereClause})
	case *pg.Node_DeleteStmt:
		del := s.DeleteStmt
		return deparseSelect(&pg.SelectStmt{TargetList: oldColumns(del.Relation, cols), FromClause: append([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: del.Relation}}}, del.UsingClause...), WhereClause: del.WhereClause})
	}
	return ""
}

// ruleAction is a rule action run over the statement's rows: NEW.c and
// OLD.c read the source's columns, the rule's condition filters them.
func ruleAction(action, cond, src string) string {
	tree, err := pgtree.Parse(action)
	if err != nil || len(tree.Stmts) != 1 {
		fail(pgerror.New(pgerror.InternalError, "rule action: %v", err))
	}
	stmt := tree.Stmts[0].Stmt
	rewriteNewOld(stmt)
	var qual *pg.Node
	if cond != "" {
		c, err := ParseExpr(cond)
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "rule condition: %v", err))
		}
		rewriteNewOld(c)
		qual = c
	}
	from := &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: mustParseSelect(src), Alias: &pg.Alias{Aliasname: "*rule*"}}}}
	and := func(w *pg.Node) *pg.Node {
		if qual == nil {
			return w
		}
		if w == nil {
			return qual
		}
		return &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR, Args: []*pg.Node{w, qual}}}}
	}
	switch s := stmt.Node.(type) {
	case *pg.Node_InsertStmt:
		sel := s.InsertStmt.SelectStmt.GetSelectStmt()
		if sel == nil {
			break
		}
		if len(sel.ValuesLists) == 1 {
			var tl []*pg.Node
			for _, v := range sel.ValuesLists[0].GetList().GetItems() {
				tl = append(tl, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: v}}})
			}
			sel.ValuesLists, sel.TargetList = nil, tl
		}
		if len(sel.ValuesLists) == 0 && sel.Op == pg.SetOperation_SETOP_NONE {
			sel.FromClause = append(sel.FromClause, from)
			sel.WhereClause = and(sel.WhereClause)
		}
	case *pg.Node_UpdateStmt:
		s.UpdateStmt.FromClause = append(s.UpdateStmt.FromClause, from)
		s.UpdateStmt.WhereClause = and(s.UpdateStmt.WhereClause)
	case *pg.Node_DeleteStmt:
		s.DeleteStmt.UsingClause = append(s.DeleteStmt.UsingClause, from)
		s.DeleteStmt.WhereClause = and(s.DeleteStmt.WhereClause)
	case *pg.Node_SelectStmt:
		s.SelectStmt.FromClause = append(s.SelectStmt.FromClause, from)
		s.SelectStmt.WhereClause = and(s.SelectStmt.WhereClause)
	}
	out, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: stmt}}})
	if err != nil {
		fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
	}
	return out
}

// addNegatedQuals restricts the original statement to the rows no
// conditional INSTEAD rule takes (docs 41.4: the original query gets
// the negated rule qualifications).
func addNegatedQuals(n *pg.Node, conds []string, src string, cols []string) {
	var qs []*pg.Node
	for _, c := range conds {
		e, err := ParseExpr(c)
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "rule condition: %v", err))
		}
		rewriteNewOld(e)
		// NOT COALESCE(cond, false): a NULL condition does not take the row
		qs = append(qs, &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_NOT_EXPR, Args: []*pg.Node{
			{Node: &pg.Node_CoalesceExpr{CoalesceExpr: &pg.CoalesceExpr{Args: []*pg.Node{e, {Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Boolval{Boolval: &pg.Boolean{Boolval: false}}, Location: -1}}}}}}}}}}})
	}
	// the conditions read the rule source; tie it to the row by its columns
	switch s := n.Node.(type) {
	case *pg.Node_InsertStmt:
		sel := &pg.SelectStmt{TargetList: nil, FromClause: []*pg.Node{{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
			Subquery: mustParseSelect(src), Alias: &pg.Alias{Aliasname: "*rule*"}}}}}}
		for _, c := range cols {
			sel.TargetList = append(sel.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode("*rule*"), pg.MakeStrNode("new_" + c)}, -1)}}})
		}
		sel.WhereClause = andAll(qs)
		s.InsertStmt.Cols = nil
		for _, c := range cols {
			s.InsertStmt.Cols = append(s.InsertStmt.Cols, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: c}}})
		}
		s.InsertStmt.SelectStmt = &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}
	case *pg.Node_UpdateStmt, *pg.Node_DeleteStmt:
		// WHERE NOT EXISTS (SELECT FROM <source> "*rule*" WHERE cond AND
		// "*rule*".old_c IS NOT DISTINCT FROM <table>.c ...)
		rel := ""
		var w **pg.Node
		if u := n.GetUpdateStmt(); u != nil {
			rel, w = u.Relation.Relname, &u.WhereClause
			if u.Relation.Alias != nil {
				rel = u.Relation.Alias.Aliasname
			}
		} else {
			d := n.GetDeleteStmt()
			rel, w = d.Relation.Relname, &d.WhereClause
			if d.Relation.Alias != nil {
				rel = d.Relation.Alias.Aliasname
			}
		}
		var match []*pg.Node
		for _, c := range cols {
			match = append(match, &pg.Node{Node: &pg.Node_AExpr{AExpr: &pg.A_Expr{Kind: pg.A_Expr_Kind_AEXPR_NOT_DISTINCT,
				Name:  []*pg.Node{pg.MakeStrNode("=")},
				Lexpr: pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode("*rule*"), pg.MakeStrNode("old_" + c)}, -1),
				Rexpr: pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(rel), pg.MakeStrNode(c)}, -1)}}})
		}
		for _, q := range qs {
			inner := q.GetBoolExpr().Args[0].GetCoalesceExpr().Args[0]
			sub := &pg.SelectStmt{FromClause: []*pg.Node{{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
				Subquery: mustParseSelect(src), Alias: &pg.Alias{Aliasname: "*rule*"}}}}},
				WhereClause: andAll(append(append([]*pg.Node{}, match...), inner))}
			notExists := &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_NOT_EXPR, Args: []*pg.Node{
				{Node: &pg.Node_SubLink{SubLink: &pg.SubLink{SubLinkType: pg.SubLinkType_EXISTS_SUBLINK, Subselect: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sub}}}}}}}}}
			*w = andAll(append([]*pg.Node{*w}, notExists))
		}
	}
}

func andAll(ns []*pg.Node) *pg.Node {
	var keep []*pg.Node
	for _, n := range ns {
		if n != nil {
			keep = append(keep, n)
		}
	}
	switch len(keep) {
	case 0:
		return nil
	case 1:
		return keep[0]
	}
	return &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR, Args: keep}}}
}

func mustParseSelect(sql string) *pg.Node {
	tree, err := pgtree.Parse(sql)
	if err != nil || len(tree.Stmts) != 1 {
		fail(pgerror.New(pgerror.InternalError, "rule source: %v", err))
	}
	return tree.Stmts[0].Stmt
}

// rewriteNewOld turns NEW.c and OLD.c into the rule source's columns.
func rewriteNewOld(n *pg.Node) {
	var walk func(m any)
	walk = func(m any) {
		if cr, ok := m.(*pg.ColumnRef); ok && len(cr.Fields) == 2 {
			rel := strings.ToLower(strVal(cr.Fields[0]))
			if rel == "new" || rel == "old" {
				col := strVal(cr.Fields[1])
				cr.Fields = []*pg.Node{pg.MakeStrNode("*rule*"), pg.MakeStrNode(rel + "_" + col)}
			}
			return
		}
		pgtree.Children(m, func(c any) bool {
			walk(c)
			return true
		})
	}
	walk(n)
}

// hasParam reports whether a statement has a parameter reference ($n).
func hasParam(n *pg.Node) bool {
	found := false
	var walk func(m any)
	walk = func(m any) {
		if _, ok := m.(*pg.ParamRef); ok {
			found = true
			return
		}
		pgtree.Children(m, func(c any) bool {
			walk(c)
			return !found
		})
	}
	walk(n)
	return found
}

// relColumn is column c of the statement's relation (by its alias when
// it has one).
func relColumn(rv *pg.RangeVar, c string) *pg.Node {
	rel := rv.Relname
	if rv.Alias != nil {
		rel = rv.Alias.Aliasname
	}
	return pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(rel), pg.MakeStrNode(c)}, -1)
}

// oldColumns are the target list entries old_<c> of the relation's row.
func oldColumns(rv *pg.RangeVar, cols []string) []*pg.Node {
	var out []*pg.Node
	for _, c := range cols {
		out = append(out, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: "old_" + c, Val: relColumn(rv, c)}}})
	}
	return out
}

func deparseSelect(sel *pg.SelectStmt) string {
	out, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}}}})
	if err != nil {
		fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
	}
	return out
}
