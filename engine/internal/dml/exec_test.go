package dml

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/types"
)

func TestTag(t *testing.T) {
	rows := []sql.Row{{int32(1)}, {int32(2)}}
	for _, c := range []struct {
		name string
		tag  string
		res  Result
		want string
	}{
		{"insert affected", "INSERT", Result{OK: true, Affected: 3}, "INSERT 0 3"},
		{"insert returning", "INSERT", Result{Rows: rows}, "INSERT 0 2"},
		{"update", "UPDATE", Result{OK: true, Affected: 1}, "UPDATE 1"},
		{"delete returning", "DELETE", Result{Rows: rows}, "DELETE 2"},
		{"select", "SELECT", Result{Rows: rows}, "SELECT 2"},
		{"merge", "MERGE", Result{OK: true, Affected: 5}, "MERGE 5"},
		{"other", "LOCK TABLE", Result{OK: true}, "LOCK TABLE"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Tag(c.tag, c.res); got != c.want {
				t.Errorf("Tag(%q) = %q, want %q", c.tag, got, c.want)
			}
		})
	}
}

func TestExpandStars(t *testing.T) {
	rels := []relation{
		{name: "t", cols: sql.Schema{{Name: "a", Type: types.Int4}, {Name: "b", Type: types.Text}}},
		{name: "u", cols: sql.Schema{{Name: "c", Type: types.Int4}}},
	}
	star := func(q string) sqlparser.SelectExpr {
		return &sqlparser.StarExpr{TableName: sqlparser.TableName{Name: sqlparser.NewTableIdent(q)}}
	}
	for _, c := range []struct {
		name string
		list sqlparser.SelectExprs
		want []string
	}{
		{"star", sqlparser.SelectExprs{star("")}, []string{"t.a", "t.b", "u.c"}},
		{"qualified", sqlparser.SelectExprs{star("u")}, []string{"u.c"}},
		{"unknown stays", sqlparser.SelectExprs{star("v")}, []string{"v.*"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, se := range expandStars(c.list, rels) {
				switch x := se.(type) {
				case *sqlparser.AliasedExpr:
					cn := x.Expr.(*sqlparser.ColName)
					got = append(got, cn.Qualifier.Name.String()+"."+cn.Name.String())
				case *sqlparser.StarExpr:
					got = append(got, x.TableName.Name.String()+".*")
				}
			}
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("expandStars (-want +got):\n%s", d)
			}
		})
	}
}
