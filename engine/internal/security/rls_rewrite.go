package security

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Row level security and privilege checks run on the parse tree, before
// translation (PostgreSQL's rewriter does the same job with securityQuals
// and WithCheckOptions):
//   - every table a statement reads, in FROM, joins, subqueries, CTEs and
//     expanded views, becomes (SELECT * FROM t WHERE <policies>) AS t when
//     row security applies to the role reading it;
//   - UPDATE and DELETE get their policies' USING expressions ANDed to
//     WHERE;
//   - INSERT and UPDATE targets get the WITH CHECK expressions as extra
//     check constraints (RowSecurityChecks, read by storage.Table.GetChecks)
//     whose violation is 42501;
//   - each relation is checked for the privileges the statement needs.
// Superusers skip all of it.

// rlsCheckPrefix names the check constraints that carry WITH CHECK
// expressions.
const rlsCheckPrefix = "rls$"

// CheckTokenPrefix marks a check expression translated in a session and
// registered with the engine's parser for the running statement (WITH
// CHECK expressions, and check constraints calling catalog routines).
const CheckTokenPrefix = "/*rls-check*/ "

// RowChecks are the WITH CHECK expressions the running statement must
// enforce, by table, as check constraints.
type RowChecks map[catalog.QName][]sql.CheckDefinition

// For returns the checks on table schema.table.
func (c RowChecks) For(schema, table string) []sql.CheckDefinition {
	return c[catalog.QName{Schema: schema, Name: table}]
}

// IsRowCheck tells whether a check constraint carries WITH CHECK
// policies.
func IsRowCheck(constraint string) bool { return strings.HasPrefix(constraint, rlsCheckPrefix) }

// Violation maps a violated WITH CHECK constraint to PostgreSQL's error.
func Violation(constraint string) (*pgerror.Error, bool) {
	if view, ok := strings.CutPrefix(constraint, viewCheckPrefix); ok {
		if i := strings.LastIndexByte(view, '$'); i >= 0 {
			view = view[:i]
		}
		pe := pgerror.New(pgerror.WithCheckOptionViolation, "new row violates check option for view %q", view)
		pe.Constraint = constraint // to find the table (Session.relationError), then cleared
		return pe, true
	}
	if !strings.HasPrefix(constraint, rlsCheckPrefix) {
		return nil, false
	}
	table := strings.TrimPrefix(constraint, rlsCheckPrefix)
	if i := strings.IndexByte(table, '$'); i >= 0 {
		table = table[:i]
	}
	return pgerror.New(pgerror.InsufficientPrivilege, "new row violates row-level security policy for table %q", table), true
}

// SecureStatement applies privileges and row security to a parsed
// statement for the host's current role and returns the tree to translate
// (a rewritten copy, or n). The WITH CHECK expressions INSERT and UPDATE
// targets need are added to checks.
func SecureStatement(h Host, n *pg.Node, checks *RowChecks) (*pg.Node, error) {
	role := h.CurrentUser()
	cat := h.Catalog()
	if r, ok := cat.Role(role); ok && r.Super {
		return n, nil
	}
	n = pgtree.Clone(n)
	w := &secWalker{h: h, checks: checks, cat: cat, role: role}
	if err := w.run(func() { w.stmt(n) }); err != nil {
		return nil, err
	}
	return n, nil
}

type secWalker struct {
	h      Host
	checks *RowChecks
	cat    *catalog.Catalog
	role   string
	ctes   []map[string]bool
	// expanding guards against policies that read their own table.
	expanding []catalog.QName
}

type walkAbort struct{ err error }

func (w *secWalker) fail(err error) { panic(walkAbort{err}) }

func (w *secWalker) run(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if a, ok := r.(walkAbort); ok {
				err = a.err
				return
			}
			panic(r)
		}
	}()
	f()
	return nil
}

func (w *secWalker) stmt(n *pg.Node) {
	if n == nil {
		return
	}
	switch s := n.Node.(type) {
	case *pg.Node_SelectStmt:
		w.selectStmt(s.SelectStmt)
	case *pg.Node_InsertStmt:
		w.insert(s.InsertStmt)
	case *pg.Node_UpdateStmt:
		w.update(s.UpdateStmt)
	case *pg.Node_DeleteStmt:
		w.delete(s.DeleteStmt)
	case *pg.Node_MergeStmt:
		w.merge(s.MergeStmt) // rls_merge.go
	case *pg.Node_ExplainStmt:
		w.stmt(s.ExplainStmt.Query)
	case *pg.Node_CreateTableAsStmt:
		w.stmt(s.CreateTableAsStmt.Query)
	case *pg.Node_TruncateStmt:
		for _, r := range s.TruncateStmt.Relations {
			if rv := r.GetRangeVar(); rv != nil {
				if q, kind, ok := w.resolve(rv); ok {
					w.require(q, kind, catalog.PrivTruncate, nil)
				}
			}
		}
	default:
		w.ddlOwnership(n)
	}
}

func (w *secWalker) withClause(wc *pg.WithClause) bool {
	if wc == nil {
		return false
	}
	scope := map[string]bool{}
	w.ctes = append(w.ctes, scope)
	for _, c := range wc.Ctes {
		cte := c.GetCommonTableExpr()
		if cte == nil {
			continue
		}
		if wc.Recursive {
			scope[cte.Ctename] = true
		}
		w.stmt(cte.Ctequery)
		scope[cte.Ctename] = true
	}
	return true
}

func (w *secWalker) popWith(pushed bool) {
	if pushed {
		w.ctes = w.ctes[:len(w.ctes)-1]
	}
}

func (w *secWalker) isCTE(rv *pg.RangeVar) bool {
	if rv.Schemaname != "" {
		return false
	}
	for i := len(w.ctes) - 1; i >= 0; i-- {
		if w.ctes[i][rv.Relname] {
			return true
		}
	}
	return false
}

func (w *secWalker) selectStmt(s *pg.SelectStmt) {
	if s == nil {
		return
	}
	pushed := w.withClause(s.WithClause)
	defer w.popWith(pushed)
	if s.Op != pg.SetOperation_SETOP_NONE {
		w.selectStmt(s.Larg)
		w.selectStmt(s.Rarg)
		return
	}
	for i, f := range s.FromClause {
		s.FromClause[i] = w.fromItem(f, s)
	}
	for _, e := range s.TargetList {
		w.sublinks(e)
	}
	w.sublinks(s.WhereClause)
	w.sublinks(s.HavingClause)
	for _, e := range s.GroupClause {
		w.sublinks(e)
	}
	for _, e := range s.SortClause {
		w.sublinks(e)
	}
	for _, v := range s.ValuesLists {
		w.sublinks(v)
	}
}

// sublinks walks an expression and secures the subqueries in it.
func (w *secWalker) sublinks(n *pg.Node) {
	if n == nil {
		return
	}
	w.visit(n)
}

func (w *secWalker) visit(m any) {
	switch v := m.(type) {
	case *pg.SubLink:
		w.stmt(v.Subselect)
		if v.Testexpr != nil {
			w.visit(v.Testexpr)
		}
		return
	case *pg.RangeSubselect, *pg.SelectStmt:
		// reached only through sublinks/FROM, handled there
		if sel, ok := v.(*pg.SelectStmt); ok {
			w.selectStmt(sel)
		}
		return
	}
	pgtree.Children(m, func(c any) bool {
		w.visit(c)
		return true
	})
}

func (w *secWalker) fromItem(n *pg.Node, sel *pg.SelectStmt) *pg.Node {
	switch f := n.Node.(type) {
	case *pg.Node_RangeVar:
		return w.rangeVar(f.RangeVar, n, sel)
	case *pg.Node_JoinExpr:
		j := f.JoinExpr
		j.Larg = w.fromItem(j.Larg, sel)
		j.Rarg = w.fromItem(j.Rarg, sel)
		w.sublinks(j.Quals)
	case *pg.Node_RangeSubselect:
		w.stmt(f.RangeSubselect.Subquery)
	case *pg.Node_RangeTableSample:
		return w.tableSample(f.RangeTableSample, n) // rls_tablesample.go
	case *pg.Node_RangeFunction:
		for _, fn := range f.RangeFunction.Functions {
			w.sublinks(fn)
		}
	}
	return n
}

// resolve finds the relation a RangeVar names; schema USAGE is required
// for an explicitly qualified name.
func (w *secWalker) resolve(rv *pg.RangeVar) (catalog.QName, RelKind, bool) {
	if rv.Schemaname != "" && w.h.HasSchema(rv.Schemaname) {
		if !w.cat.HasPrivilege(w.role, schemaKey(rv.Schemaname), catalog.ClassSchema, catalog.PrivUsage) {
			w.fail(permissionDenied("schema", rv.Schemaname))
		}
	}
	return w.h.LookupRelation(catalog.QName{Schema: rv.Schemaname, Name: rv.Relname})
}

func (w *secWalker) rangeVar(rv *pg.RangeVar, n *pg.Node, sel *pg.SelectStmt) *pg.Node {
	if w.isCTE(rv) {
		return n
	}
	q, kind, ok := w.resolve(rv)
	if !ok {
		return n
	}
	w.require(q, kind, catalog.PrivSelect, sel)
	if kind == "view" {
		return w.view(rv, q, n)
	}
	if kind != "table" {
		return n
	}
	qual, applies := w.usingQual(q, 'r')
	if !applies {
		return n
	}
	if sel != nil && len(sel.FromClause) == 1 && sel.FromClause[0] == n {
		if e := w.mergeableQual(rv, q, qual); e != nil {
			// the only FROM item: filter in place, as a plain WHERE the
			// planner can push into the scan
			if sel.WhereClause == nil {
				sel.WhereClause = e
			} else {
				sel.WhereClause = &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR, Args: []*pg.Node{sel.WhereClause, e}, Location: -1}}}
			}
			return n
		}
	}
	wrapped, _ := w.wrap(rv, q, qual)
	return wrapped
}

// mergeableQual returns the policy filter with its column references
// qualified by the table's alias, when it has no subqueries left (after
// initplan inlining); nil otherwise.
func (w *secWalker) mergeableQual(rv *pg.RangeVar, q catalog.QName, qual string) *pg.Node {
	e, err := parseExprNode("(" + qual + ")")
	if err != nil {
		return nil
	}
	initplans(e)
	ok := true
	alias := rv.Relname
	if rv.Alias != nil {
		if len(rv.Alias.Colnames) > 0 {
			return nil
		}
		alias = rv.Alias.Aliasname
	}
	visitNodes(e, func(x *pg.Node) {
		if x.GetSubLink() != nil {
			ok = false
		}
		if cr := x.GetColumnRef(); cr != nil {
			switch len(cr.Fields) {
			case 1:
				name := cr.Fields[0].GetString_().GetSval()
				if name == "" || !columnExists(w.h, q, name) {
					ok = false
					return
				}
				cr.Fields = append([]*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: alias}}}}, cr.Fields...)
			case 2:
				if cr.Fields[0].GetString_().GetSval() != q.Name {
					ok = false
					return
				}
				cr.Fields[0] = &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: alias}}}
			default:
				ok = false
			}
		}
	})
	if !ok {
		return nil
	}
	return e
}

// wrap reads q through (SELECT * FROM q WHERE qual) AS alias, returning
// the subselect node and its SELECT, whose FROM a caller may replace.
func (w *secWalker) wrap(rv *pg.RangeVar, q catalog.QName, qual string) (*pg.Node, *pg.SelectStmt) {
	sub := w.parseSelect(fmt.Sprintf("SELECT * FROM %s WHERE %s", quoteQName(q), qual))
	initplans(sub.WhereClause)
	w.expanding = append(w.expanding, q)
	w.sublinks(sub.WhereClause)
	w.expanding = w.expanding[:len(w.expanding)-1]
	alias := rv.Alias
	if alias == nil {
		alias = &pg.Alias{Aliasname: rv.Relname}
	}
	return &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sub}},
		Alias:    alias,
	}}}, sub
}

func (w *secWalker) parseSelect(text string) *pg.SelectStmt {
	tree, err := pgtree.Parse(text)
	if err != nil || len(tree.Stmts) != 1 || tree.Stmts[0].Stmt.GetSelectStmt() == nil {
		w.fail(pgerror.New(pgerror.InternalError, "row security: cannot parse %q: %v", text, err))
	}
	return tree.Stmts[0].Stmt.GetSelectStmt()
}

func parseExprNode(text string) (*pg.Node, error) {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil {
		return nil, err
	}
	return tree.Stmts[0].Stmt.GetSelectStmt().TargetList[0].GetResTarget().Val, nil
}

// view expands a view reference when its contents need securing for
// someone: the view's owner (or, with security_invoker, the current role)
// is subject to row security or privilege checks there. Otherwise the
// translator expands it as usual.
func (w *secWalker) view(rv *pg.RangeVar, q catalog.QName, n *pg.Node) *pg.Node {
	v, ok := w.cat.View(q)
	if !ok {
		return n
	}
	viewRole := w.cat.Owner(RelKey(q))
	if w.cat.ViewSecurityInvoker(q) {
		viewRole = w.role
	}
	if r, ok := w.cat.Role(viewRole); ok && r.Super {
		return n
	}
	for _, e := range w.expanding {
		if e == q {
			w.fail(pgerror.New(pgerror.InvalidObjectDefinition, "infinite recursion detected in rules for relation %q", q.Name))
		}
	}
	tree, err := pgtree.Parse(v.Query)
	if err != nil || len(tree.Stmts) != 1 {
		return n
	}
	body := tree.Stmts[0].Stmt
	if sel := body.GetSelectStmt(); sel != nil {
		w.h.InlinedView(sel)
	}
	inner := &secWalker{h: w.h, checks: w.checks, cat: w.cat, role: viewRole, expanding: append(append([]catalog.QName(nil), w.expanding...), q)}
	// the view's query resolves names as at creation: schema-qualified
	// by the view's own schema first
	inner.stmt(body)
	alias := rv.Alias
	if alias == nil {
		alias = &pg.Alias{Aliasname: rv.Relname}
	}
	if len(alias.Colnames) == 0 {
		a := &pg.Alias{Aliasname: alias.Aliasname}
		for _, c := range v.Columns {
			a.Colnames = append(a.Colnames, &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: c}}})
		}
		alias = a
	}
	return &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{Subquery: body, Alias: alias}}}
}

// addCheck registers a WITH CHECK expression for the statement's writes
// to q; NULL counts as a violation, as in PostgreSQL.
func (w *secWalker) addCheck(q catalog.QName, expr string) {
	if *w.checks == nil {
		*w.checks = RowChecks{}
	}
	name := fmt.Sprintf("%s%s$%d", rlsCheckPrefix, q.Name, len((*w.checks)[q]))
	text := "coalesce((" + expr + "), false)"
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil {
		w.fail(pgerror.New(pgerror.InternalError, "row security: %v", err))
	}
	check := tree.Stmts[0].Stmt
	initplans(check)
	w.sublinks(check)
	token, err := w.h.RegisterRowSecurityCheck(check)
	if err != nil {
		w.fail(err)
	}
	(*w.checks)[q] = append((*w.checks)[q], sql.CheckDefinition{Name: name, CheckExpression: token, Enforced: true})
}

// andWhere ANDs a row security filter into a WHERE clause.
func (w *secWalker) andWhere(where *pg.Node, qual string) *pg.Node {
	e, err := parseExprNode("(" + qual + ")")
	if err != nil {
		w.fail(pgerror.New(pgerror.InternalError, "row security: %v", err))
	}
	initplans(e)
	w.sublinks(e)
	if where == nil {
		return e
	}
	return &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR, Args: []*pg.Node{where, e}, Location: -1}}}
}

func (w *secWalker) insert(s *pg.InsertStmt) {
	pushed := w.withClause(s.WithClause)
	defer w.popWith(pushed)
	q, kind, ok := w.resolve(s.Relation)
	if ok {
		var cols []string
		for _, c := range s.Cols {
			cols = append(cols, c.GetResTarget().GetName())
		}
		w.requireCols(q, kind, catalog.PrivInsert, cols)
		if len(s.ReturningList) > 0 {
			w.require(q, kind, catalog.PrivSelect, nil)
		}
		if oc := s.OnConflictClause; oc != nil && oc.Action == pg.OnConflictAction_ONCONFLICT_UPDATE {
			w.require(q, kind, catalog.PrivUpdate, nil)
		}
	}
	w.stmt(s.SelectStmt)
	if oc := s.OnConflictClause; oc != nil {
		for _, e := range oc.TargetList {
			w.sublinks(e)
		}
		w.sublinks(oc.WhereClause)
	}
	for _, e := range s.ReturningList {
		w.sublinks(e)
	}
	if !ok || kind != "table" {
		return
	}
	if chk, applies := w.checkQual(q, 'a'); applies {
		w.addCheck(q, chk)
		if len(s.ReturningList) > 0 {
			sel, _ := w.usingQual(q, 'r')
			w.addCheck(q, sel)
		}
		if oc := s.OnConflictClause; oc != nil && oc.Action == pg.OnConflictAction_ONCONFLICT_UPDATE {
			up, _ := w.checkQual(q, 'w')
			w.addCheck(q, up)
		}
	}
}

func (w *secWalker) update(s *pg.UpdateStmt) {
	pushed := w.withClause(s.WithClause)
	defer w.popWith(pushed)
	q, kind, ok := w.resolve(s.Relation)
	reads := s.WhereClause != nil || len(s.ReturningList) > 0 || len(s.FromClause) > 0
	if ok {
		var cols []string
		for _, c := range s.TargetList {
			cols = append(cols, c.GetResTarget().GetName())
		}
		w.requireCols(q, kind, catalog.PrivUpdate, cols)
		if reads && !w.cat.HasPrivilege(w.role, RelKey(q), relClass(kind), catalog.PrivSelect) {
			var read []string
			for _, n := range append([]*pg.Node{s.WhereClause}, append(s.ReturningList, s.TargetList...)...) {
				if n != nil {
					read = append(read, nodeColumns(n)...)
				}
			}
			w.requireCols(q, kind, catalog.PrivSelect, read)
		}
	}
	for i, f := range s.FromClause {
		s.FromClause[i] = w.fromItem(f, nil)
	}
	for _, e := range s.TargetList {
		w.sublinks(e)
	}
	w.sublinks(s.WhereClause)
	for _, e := range s.ReturningList {
		w.sublinks(e)
	}
	if !ok || kind != "table" {
		return
	}
	if using, applies := w.usingQual(q, 'w'); applies {
		if reads {
			sel, _ := w.usingQual(q, 'r')
			using = andQuals(using, sel)
		}
		s.WhereClause = w.andWhere(s.WhereClause, using)
		chk, _ := w.checkQual(q, 'w')
		w.addCheck(q, chk)
		if len(s.ReturningList) > 0 {
			sel, _ := w.usingQual(q, 'r')
			w.addCheck(q, sel)
		}
	}
}

func (w *secWalker) delete(s *pg.DeleteStmt) {
	pushed := w.withClause(s.WithClause)
	defer w.popWith(pushed)
	q, kind, ok := w.resolve(s.Relation)
	reads := s.WhereClause != nil || len(s.ReturningList) > 0 || len(s.UsingClause) > 0
	if ok {
		w.require(q, kind, catalog.PrivDelete, nil)
		if reads && !w.cat.HasPrivilege(w.role, RelKey(q), relClass(kind), catalog.PrivSelect) {
			var read []string
			for _, n := range append([]*pg.Node{s.WhereClause}, s.ReturningList...) {
				if n != nil {
					read = append(read, nodeColumns(n)...)
				}
			}
			w.requireCols(q, kind, catalog.PrivSelect, read)
		}
	}
	for i, f := range s.UsingClause {
		s.UsingClause[i] = w.fromItem(f, nil)
	}
	w.sublinks(s.WhereClause)
	for _, e := range s.ReturningList {
		w.sublinks(e)
	}
	if !ok || kind != "table" {
		return
	}
	if using, applies := w.usingQual(q, 'd'); applies {
		if reads {
			sel, _ := w.usingQual(q, 'r')
			using = andQuals(using, sel)
		}
		s.WhereClause = w.andWhere(s.WhereClause, using)
	}
}
