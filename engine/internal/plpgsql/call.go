package plpgsql

import (
	"context"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// call runs CALL proc(...) (PL/pgSQL docs, "Calling a Procedure"): the
// procedure's output parameters come back as one row, each stored in the
// variable passed for it, which must be a variable (or a field of one).
func (f *Frame) call(ctx context.Context, st *CallProc) error {
	done := f.running(st.SQL.Text)
	res, err := f.host.Query(ctx, f, st.SQL)
	done()
	if err != nil {
		return sqlContext(err, st.SQL.Text)
	}
	if len(res.CallArgs) == 0 || len(res.Rows) != 1 {
		return nil
	}
	args, err := callArgs(st.SQL.Text)
	if err != nil {
		return err
	}
	for i, ai := range res.CallArgs {
		if i >= len(res.Rows[0]) {
			break
		}
		dno, field := -1, ""
		if ai >= 0 && ai < len(args) {
			dno, field = callTarget(args[ai], st.SQL.Scope)
		}
		if dno < 0 {
			return pgerror.New(pgerror.SyntaxError, "procedure parameter \"%s\" is an output parameter but corresponding argument is not writable", res.Names[i])
		}
		if field != "" {
			err = f.assignField(dno, field, res.Rows[0][i], res.Types[i])
		} else {
			err = f.assign(dno, res.Rows[0][i], res.Types[i])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// callArgs are the arguments of a CALL statement as written, named ones
// unwrapped.
func callArgs(text string) ([]*pg.Node, error) {
	tree, err := pgtree.Parse(text)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	if len(tree.Stmts) != 1 || tree.Stmts[0].Stmt.GetCallStmt() == nil {
		return nil, nil
	}
	var out []*pg.Node
	for _, a := range tree.Stmts[0].Stmt.GetCallStmt().GetFunccall().GetArgs() {
		if na := a.GetNamedArgExpr(); na != nil {
			a = na.Arg
		}
		out = append(out, a)
	}
	return out, nil
}

// callTarget is the variable (and record field) an argument names, -1
// when it names none in scope.
func callTarget(n *pg.Node, scope map[string]int) (int, string) {
	cr := n.GetColumnRef()
	if cr == nil {
		return -1, ""
	}
	var parts []string
	for _, f := range cr.Fields {
		s := f.GetString_()
		if s == nil {
			return -1, ""
		}
		parts = append(parts, strings.ToLower(s.Sval))
	}
	if dno, ok := scope[strings.Join(parts, ".")]; ok {
		return dno, ""
	}
	if len(parts) == 2 {
		if dno, ok := scope[parts[0]]; ok {
			return dno, parts[1]
		}
	}
	return -1, ""
}
