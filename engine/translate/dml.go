package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/pgerror"
)

func (t *Translator) returning(list []*pg.Node) sqlparser.SelectExprs {
	if len(list) == 0 {
		return nil
	}
	return t.targetList(list)
}

func (t *Translator) insert(s *pg.InsertStmt) (Result, error) {
	if s.OnConflictClause != nil {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "INSERT ... ON CONFLICT is not supported yet")
	}
	ins := &sqlparser.Insert{Action: sqlparser.InsertStr, Table: t.tableName(s.Relation)}
	ins.With = t.with(s.WithClause)
	for _, c := range s.Cols {
		ins.Columns = append(ins.Columns, sqlparser.NewColIdent(c.GetResTarget().Name))
	}
	if s.SelectStmt == nil {
		ins.Rows = &sqlparser.AliasedValues{Values: sqlparser.Values{sqlparser.ValTuple{}}}
	} else {
		sel := s.SelectStmt.GetSelectStmt()
		if len(sel.ValuesLists) > 0 && sel.Op == pg.SetOperation_SETOP_NONE {
			var rows sqlparser.Values
			for _, l := range sel.ValuesLists {
				var tuple sqlparser.ValTuple
				for _, it := range l.GetList().Items {
					if it.GetSetToDefault() != nil {
						tuple = append(tuple, &sqlparser.Default{})
					} else {
						tuple = append(tuple, t.scalar(it))
					}
				}
				rows = append(rows, tuple)
			}
			ins.Rows = &sqlparser.AliasedValues{Values: rows}
		} else {
			ins.Rows = &sqlparser.AliasedValues{}
			st := t.selectStmt(sel)
			switch x := st.(type) {
			case *sqlparser.Select:
				ins.Rows = x
			case *sqlparser.SetOp:
				ins.Rows = x
			}
		}
	}
	ins.Returning = t.returning(s.ReturningList)
	return Result{Stmt: ins, Tag: "INSERT", Returning: len(s.ReturningList) > 0}, nil
}

func (t *Translator) update(s *pg.UpdateStmt) (Result, error) {
	up := &sqlparser.Update{TableExprs: sqlparser.TableExprs{t.rangeVar(s.Relation)}}
	up.With = t.with(s.WithClause)
	for _, f := range s.FromClause {
		up.TableExprs = append(up.TableExprs, t.fromItem(f))
	}
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		if len(rt.Indirection) > 0 {
			return Result{}, pgerror.New(pgerror.FeatureNotSupported, "UPDATE of subscripts or fields is not supported yet")
		}
		up.Exprs = append(up.Exprs, &sqlparser.AssignmentExpr{Name: &sqlparser.ColName{Name: sqlparser.NewColIdent(rt.Name)}, Expr: t.updateValue(rt.Val)})
	}
	if s.WhereClause != nil {
		up.Where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: t.boolCond(s.WhereClause, "WHERE")}
	}
	up.Returning = t.returning(s.ReturningList)
	return Result{Stmt: up, Tag: "UPDATE", Returning: len(s.ReturningList) > 0}, nil
}

func (t *Translator) updateValue(n *pg.Node) sqlparser.Expr {
	if n.GetSetToDefault() != nil {
		return &sqlparser.Default{}
	}
	return t.scalar(n)
}

func (t *Translator) delete(s *pg.DeleteStmt) (Result, error) {
	if len(s.ReturningList) > 0 {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "DELETE ... RETURNING is not supported yet")
	}
	if len(s.UsingClause) > 0 {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "DELETE ... USING is not supported yet")
	}
	del := &sqlparser.Delete{TableExprs: sqlparser.TableExprs{t.rangeVar(s.Relation)}}
	del.With = t.with(s.WithClause)
	if s.WhereClause != nil {
		del.Where = &sqlparser.Where{Type: sqlparser.WhereStr, Expr: t.boolCond(s.WhereClause, "WHERE")}
	}
	return Result{Stmt: del, Tag: "DELETE"}, nil
}
