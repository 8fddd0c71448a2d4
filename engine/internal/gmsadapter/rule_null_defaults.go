package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

const ruleNullDefaults analyzer.RuleId = 10030

// installNullDefaults puts nullDefaults in the after-all batch right after
// resolveInsertRows, which adds the defaults of the columns an INSERT
// does not name.
func installNullDefaults(a *analyzer.Analyzer) {
	for _, b := range a.Batches {
		if b.Desc != "after-all" {
			continue
		}
		var rules []analyzer.Rule // a copy: the builder's slice may be GMS's package-level default
		for _, r := range b.Rules {
			rules = append(rules, r)
			if r.Id.String() == "resolveInsertRows" {
				rules = append(rules, analyzer.Rule{Id: ruleNullDefaults, Apply: nullDefaults})
			}
		}
		b.Rules = rules
	}
}

// nullDefaults lets a column default that yields NULL for a NOT NULL
// column yield it: GMS fails there with an error of its own (no SQLSTATE,
// no column), while PostgreSQL builds the row, checks the policies' WITH
// CHECK and then the NOT NULL constraint, which reports the column
// (23502). `default auth.uid()` inserted by anon is the common case.
func nullDefaults(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	// only writes: DDL's column definitions keep their stored defaults
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch w := n.(type) {
		case *plan.InsertInto:
			if w.Source == nil {
				return n, transform.SameTree, nil
			}
			src, same, err := relaxDefaults(w.Source)
			if err != nil || same {
				return n, transform.SameTree, err
			}
			return w.WithSource(src), transform.NewTree, nil
		case *plan.Update:
			return relaxDefaults(w)
		}
		return n, transform.SameTree, nil
	})
}

// relaxDefaults makes every column default under n return NULL.
func relaxDefaults(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		d, ok := e.(*sql.ColumnDefaultValue)
		if !ok || d == nil || d.ReturnNil {
			return e, transform.SameTree, nil
		}
		nd := *d
		nd.ReturnNil = true
		return &nd, transform.NewTree, nil
	})
}
