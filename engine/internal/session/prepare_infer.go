package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// walkNodes calls visit for every message of the tree below n.
func walkNodes(n *pg.Node, visit func(any)) {
	pgtree.Walk(n, func(m any) bool {
		visit(m)
		return true
	})
}

// maxParam is the highest $n the statement references.
func maxParam(n *pg.Node) int {
	max := 0
	walkNodes(n, func(m any) {
		if p, ok := m.(*pg.ParamRef); ok && int(p.Number) > max {
			max = int(p.Number)
		}
	})
	return max
}

// paramInference assigns types to parameters from their context, as
// PostgreSQL's parse analysis does for the common shapes: an explicit cast
// ($1::int), a comparison or IN list against a column or a typed value, an
// INSERT value or UPDATE SET target, LIMIT / OFFSET. A parameter no context
// types stays untyped (nil) and is bound as an unknown literal.
type paramInference struct {
	s      *Session
	out    []*types.Type
	tables map[string][]namedType // alias or table name → columns
	order  []string
}

type namedType struct {
	name string
	typ  *types.Type
}

func (s *Session) inferParams(n *pg.Node, count int) []*types.Type {
	inf := &paramInference{s: s, out: make([]*types.Type, count), tables: map[string][]namedType{}}
	if count == 0 {
		return inf.out
	}
	walkNodes(n, func(m any) {
		if rv, ok := m.(*pg.RangeVar); ok {
			inf.addTable(rv)
		}
	})
	walkNodes(n, func(m any) {
		switch x := m.(type) {
		case *pg.TypeCast:
			if x.Arg != nil {
				if p := x.Arg.GetParamRef(); p != nil {
					inf.set(p, inf.typeName(x.TypeName))
				}
			}
		case *pg.A_Expr:
			inf.aexpr(x)
		case *pg.InsertStmt:
			inf.insert(x)
		case *pg.UpdateStmt:
			inf.update(x)
		case *pg.MergeStmt:
			inf.merge(x)
		case *pg.SelectStmt:
			for _, l := range []*pg.Node{x.LimitCount, x.LimitOffset} {
				if l != nil {
					if p := l.GetParamRef(); p != nil {
						inf.set(p, types.Int8)
					}
				}
			}
		case *pg.NullTest, *pg.BoolExpr:
			// boolean context: a bare parameter under AND/OR/NOT is boolean
			if b, ok := x.(*pg.BoolExpr); ok {
				for _, a := range b.Args {
					if p := a.GetParamRef(); p != nil {
						inf.set(p, types.Bool)
					}
				}
			}
		}
	})
	return inf.out
}

// systemTable is a pg_catalog or information_schema relation rv names:
// an unqualified name finds pg_catalog's first, as the search path
// implicitly starts with it ("where oid = $1" on pg_type is an oid, as
// client libraries' type lookups expect).
func (inf *paramInference) systemTable(rv *pg.RangeVar) (*pgcatalog.Table, bool) {
	switch rv.Schemaname {
	case "":
		return pgcatalog.Lookup("pg_catalog", rv.Relname, inf.s.catalogState)
	case "pg_catalog", "information_schema":
		return pgcatalog.Lookup(rv.Schemaname, rv.Relname, inf.s.catalogState)
	}
	return nil, false
}

// inferFromUse types the parameters inferParams left open (and the client
// did not fix) from how the statement uses them, binding it with each as
// an unknown value, as PostgreSQL's parse analysis types $1 in
// `select f($1)` from the function it resolves to (inferParamTypes).
func (s *Session) inferFromUse(n *pg.Node, sqlText string, inferred []*types.Type, paramOIDs []uint32) {
	args := make([]any, len(inferred))
	known := make([]*types.Type, len(inferred))
	open := false
	for i, t := range inferred {
		switch {
		case i < len(paramOIDs) && paramOIDs[i] != 0:
			if kt, ok := s.typeByOID(paramOIDs[i]); ok {
				known[i] = kt
				continue
			}
		case t != nil:
			known[i] = t
			continue
		}
		args[i], open = "", true
	}
	if !open {
		return
	}
	for i, t := range s.inferParamTypes(pgtree.Clone(n), sqlText, args, known) {
		if t != nil && inferred[i] == nil {
			inferred[i] = t
		}
	}
}

func (inf *paramInference) set(p *pg.ParamRef, t *types.Type) {
	i := int(p.Number) - 1
	if t == nil || i < 0 || i >= len(inf.out) || inf.out[i] != nil {
		return
	}
	if t.Domain != nil {
		t = t.Base()
	}
	inf.out[i] = t
}

func (inf *paramInference) addTable(rv *pg.RangeVar) {
	var sch sql.Schema
	if t, ok := inf.systemTable(rv); ok {
		sch = t.Schema()
	} else if tbl, ok := inf.s.table(inf.s.sqlContext(), rv.Schemaname, rv.Relname); ok {
		sch = tbl.Schema()
	} else {
		return
	}
	var cols []namedType
	for _, c := range sch {
		cols = append(cols, namedType{c.Name, expr.FromGMSType(c.Type)})
	}
	key := rv.Relname
	if rv.Alias != nil && rv.Alias.Aliasname != "" {
		key = rv.Alias.Aliasname
	}
	if _, dup := inf.tables[key]; !dup {
		inf.order = append(inf.order, key)
	}
	inf.tables[key] = cols
}

// column resolves a column reference against the statement's relations.
func (inf *paramInference) column(cr *pg.ColumnRef) *types.Type {
	var parts []string
	for _, f := range cr.Fields {
		s := f.GetString_()
		if s == nil {
			return nil
		}
		parts = append(parts, s.Sval)
	}
	switch len(parts) {
	case 1:
		for _, k := range inf.order {
			for _, c := range inf.tables[k] {
				if c.name == parts[0] {
					return c.typ
				}
			}
		}
	case 2, 3:
		for _, c := range inf.tables[parts[len(parts)-2]] {
			if c.name == parts[len(parts)-1] {
				return c.typ
			}
		}
	}
	return nil
}

func (inf *paramInference) typeName(tn *pg.TypeName) *types.Type {
	if tn == nil || len(tn.Names) == 0 {
		return nil
	}
	var parts []string
	for _, n := range tn.Names {
		if s := n.GetString_(); s != nil {
			parts = append(parts, s.Sval)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	name := parts[len(parts)-1]
	schema := ""
	if len(parts) > 1 {
		schema = parts[len(parts)-2]
	}
	var t *types.Type
	if schema == "" || schema == "pg_catalog" {
		t, _ = types.ByName(name)
	}
	if t == nil && schema != "pg_catalog" {
		if ct, ok := inf.s.translatorCatalog().LookupType(schema, name); ok {
			t = ct
		}
	}
	if t != nil && len(tn.ArrayBounds) > 0 {
		t = types.ArrayOf(t)
	}
	return t
}

// typeOf is the type of an operand whose type is evident without analysis.
func (inf *paramInference) typeOf(n *pg.Node) *types.Type {
	if n == nil {
		return nil
	}
	switch x := n.Node.(type) {
	case *pg.Node_ColumnRef:
		return inf.column(x.ColumnRef)
	case *pg.Node_TypeCast:
		return inf.typeName(x.TypeCast.TypeName)
	case *pg.Node_AConst:
		switch x.AConst.Val.(type) {
		case *pg.A_Const_Ival:
			return types.Int4
		case *pg.A_Const_Fval:
			return types.Numeric
		case *pg.A_Const_Boolval:
			return types.Bool
		}
	case *pg.Node_ParamRef:
		i := int(x.ParamRef.Number) - 1
		if i >= 0 && i < len(inf.out) {
			return inf.out[i]
		}
	}
	return nil
}

func (inf *paramInference) aexpr(a *pg.A_Expr) {
	lt := inf.typeOf(a.Lexpr)
	switch a.Kind {
	case pg.A_Expr_Kind_AEXPR_IN, pg.A_Expr_Kind_AEXPR_BETWEEN, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN,
		pg.A_Expr_Kind_AEXPR_BETWEEN_SYM, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM:
		if l := a.Rexpr.GetList(); l != nil {
			for _, it := range l.Items {
				if p := it.GetParamRef(); p != nil {
					inf.set(p, lt)
				}
			}
		}
		return
	case pg.A_Expr_Kind_AEXPR_OP_ANY, pg.A_Expr_Kind_AEXPR_OP_ALL:
		if p := a.Rexpr.GetParamRef(); p != nil && lt != nil {
			inf.set(p, types.ArrayOf(lt))
		}
		return
	case pg.A_Expr_Kind_AEXPR_LIKE, pg.A_Expr_Kind_AEXPR_ILIKE:
		if p := a.Rexpr.GetParamRef(); p != nil {
			inf.set(p, types.Text)
		}
		return
	}
	if !isComparisonOrArith(a) {
		return
	}
	rt := inf.typeOf(a.Rexpr)
	if p := a.Rexpr.GetParamRef(); p != nil && a.Lexpr != nil {
		inf.set(p, lt)
	}
	if p := a.Lexpr.GetParamRef(); p != nil {
		inf.set(p, rt)
	}
}

func isComparisonOrArith(a *pg.A_Expr) bool {
	if a.Kind != pg.A_Expr_Kind_AEXPR_OP && a.Kind != pg.A_Expr_Kind_AEXPR_DISTINCT && a.Kind != pg.A_Expr_Kind_AEXPR_NOT_DISTINCT {
		return false
	}
	if len(a.Name) != 1 {
		return false
	}
	s := a.Name[0].GetString_()
	if s == nil {
		return false
	}
	switch s.Sval {
	case "=", "<>", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/":
		return true
	}
	return false
}

func (inf *paramInference) insert(ins *pg.InsertStmt) {
	if ins.Relation == nil || ins.SelectStmt == nil {
		return
	}
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil {
		return
	}
	key := ins.Relation.Relname
	if ins.Relation.Alias != nil && ins.Relation.Alias.Aliasname != "" {
		key = ins.Relation.Alias.Aliasname
	}
	cols := inf.tables[key]
	var target []*types.Type
	if len(ins.Cols) == 0 {
		for _, c := range cols {
			target = append(target, c.typ)
		}
	} else {
		for _, c := range ins.Cols {
			rt := c.GetResTarget()
			var t *types.Type
			if rt != nil {
				for _, col := range cols {
					if col.name == rt.Name {
						t = col.typ
					}
				}
			}
			target = append(target, t)
		}
	}
	for _, vl := range sel.ValuesLists {
		l := vl.GetList()
		if l == nil {
			continue
		}
		for i, it := range l.Items {
			if p := it.GetParamRef(); p != nil && i < len(target) {
				inf.set(p, target[i])
			}
		}
	}
	if len(sel.ValuesLists) == 0 { // INSERT ... SELECT $1, $2
		for i, t := range sel.TargetList {
			if rt := t.GetResTarget(); rt != nil && rt.Val != nil && i < len(target) {
				if p := rt.Val.GetParamRef(); p != nil {
					inf.set(p, target[i])
				}
			}
		}
	}
}

// merge infers MERGE's INSERT values and UPDATE SET values as the
// INSERT and UPDATE statements they act as.
func (inf *paramInference) merge(m *pg.MergeStmt) {
	for _, n := range m.MergeWhenClauses {
		wc := n.GetMergeWhenClause()
		switch wc.CommandType {
		case pg.CmdType_CMD_UPDATE:
			inf.update(&pg.UpdateStmt{Relation: m.Relation, TargetList: wc.TargetList})
		case pg.CmdType_CMD_INSERT:
			if len(wc.Values) == 0 {
				continue
			}
			rel := pgtree.Clone(m.Relation)
			rel.Alias = nil
			inf.insert(&pg.InsertStmt{Relation: rel, Cols: wc.TargetList, SelectStmt: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: &pg.SelectStmt{
				ValuesLists: []*pg.Node{{Node: &pg.Node_List{List: &pg.List{Items: wc.Values}}}}}}}})
		}
	}
}

func (inf *paramInference) update(up *pg.UpdateStmt) {
	if up.Relation == nil {
		return
	}
	key := up.Relation.Relname
	if up.Relation.Alias != nil && up.Relation.Alias.Aliasname != "" {
		key = up.Relation.Alias.Aliasname
	}
	for _, t := range up.TargetList {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil {
			continue
		}
		p := rt.Val.GetParamRef()
		if p == nil {
			continue
		}
		for _, c := range inf.tables[key] {
			if c.name == rt.Name {
				inf.set(p, c.typ)
			}
		}
	}
}
