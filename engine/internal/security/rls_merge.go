package security

import (
	"fmt"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// merge secures MERGE as PostgreSQL does (docs, CREATE POLICY, "Policies
// Applied by Command Type", and MERGE): each action needs its privilege
// and the target needs SELECT on the columns the statement reads; target
// rows the SELECT policies hide do not match (the policy joins the ON
// condition); an UPDATE or DELETE action on a row its USING policies
// refuse is an error (a refusal clause before it, translate.MergeSteps);
// new rows must pass the INSERT and UPDATE WITH CHECK policies.
func (w *secWalker) merge(s *pg.MergeStmt) {
	pushed := w.withClause(s.WithClause)
	defer w.popWith(pushed)
	rel := s.Relation
	q, kind, ok := w.resolve(rel)
	var actions [4]bool // insert, update, delete
	if ok {
		read := nodeColumns(s.JoinCondition)
		for _, n := range s.MergeWhenClauses {
			wc := n.GetMergeWhenClause()
			var cols []string
			for _, c := range wc.TargetList {
				cols = append(cols, c.GetResTarget().GetName())
			}
			if wc.Matched && wc.Condition != nil {
				read = append(read, nodeColumns(wc.Condition)...)
			}
			switch wc.CommandType {
			case pg.CmdType_CMD_INSERT:
				actions[0] = true
				w.requireCols(q, kind, catalog.PrivInsert, cols)
			case pg.CmdType_CMD_UPDATE:
				actions[1] = true
				w.requireCols(q, kind, catalog.PrivUpdate, cols)
				for _, c := range wc.TargetList {
					read = append(read, nodeColumns(c.GetResTarget().GetVal())...)
				}
			case pg.CmdType_CMD_DELETE:
				actions[2] = true
				w.require(q, kind, catalog.PrivDelete, nil)
			}
		}
		w.requireCols(q, kind, catalog.PrivSelect, read)
	}
	s.SourceRelation = w.fromItem(s.SourceRelation, nil)
	w.sublinks(s.JoinCondition)
	for _, n := range s.MergeWhenClauses {
		wc := n.GetMergeWhenClause()
		w.sublinks(wc.Condition)
		for _, c := range wc.TargetList {
			w.sublinks(c)
		}
		for _, v := range wc.Values {
			w.sublinks(v)
		}
	}
	if !ok || kind != "table" {
		return
	}
	if sel, applies := w.usingQual(q, 'r'); applies {
		s.JoinCondition = &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR,
			Args: []*pg.Node{s.JoinCondition, w.targetQual(rel, q, sel)}, Location: -1}}}
	}
	var clauses []*pg.Node
	for _, n := range s.MergeWhenClauses {
		wc := n.GetMergeWhenClause()
		cmd := byte(0)
		switch {
		case wc.Matched && wc.CommandType == pg.CmdType_CMD_UPDATE:
			cmd = 'w'
		case wc.Matched && wc.CommandType == pg.CmdType_CMD_DELETE:
			cmd = 'd'
		}
		if cmd != 0 {
			if using, applies := w.usingQual(q, cmd); applies {
				refused := w.targetQual(rel, q, fmt.Sprintf("NOT coalesce((%s), false)", using))
				if wc.Condition != nil {
					refused = &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR,
						Args: []*pg.Node{pgtree.Clone(wc.Condition), refused}, Location: -1}}}
				}
				clauses = append(clauses, &pg.Node{Node: &pg.Node_MergeWhenClause{MergeWhenClause: &pg.MergeWhenClause{
					Matched: true, CommandType: translate.RefusalCommand, Condition: refused}}})
			}
		}
		clauses = append(clauses, n)
	}
	s.MergeWhenClauses = clauses
	if actions[0] {
		if chk, applies := w.checkQual(q, 'a'); applies {
			w.addCheck(q, chk)
		}
	}
	if actions[1] {
		if chk, applies := w.checkQual(q, 'w'); applies {
			w.addCheck(q, chk)
		}
	}
}

// targetQual is a policy expression over the MERGE target's row, as an
// expression in the statement: its columns qualified by the target's
// name, or, when it has subqueries, a test that the row is among those
// the policy accepts.
func (w *secWalker) targetQual(rel *pg.RangeVar, q catalog.QName, qual string) *pg.Node {
	if e := w.mergeableQual(rel, q, qual); e != nil {
		w.sublinks(e)
		return e
	}
	name := rel.Relname
	if rel.Alias != nil {
		name = rel.Alias.Aliasname
	}
	e, err := parseExprNode(fmt.Sprintf("%s.ctid IN (SELECT ctid FROM %s WHERE %s)", quoteIdent(name), quoteQName(q), qual))
	if err != nil {
		w.fail(pgerror.New(pgerror.InternalError, "row security: %v", err))
	}
	initplans(e)
	w.expanding = append(w.expanding, q)
	w.sublinks(e)
	w.expanding = w.expanding[:len(w.expanding)-1]
	return e
}
