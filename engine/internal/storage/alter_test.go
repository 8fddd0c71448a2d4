package storage_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAlterTable(t *testing.T) {
	base := []string{
		"create table t (id bigint primary key, a bigint, b varchar(10))",
		"create index t_a on t (a)",
		"insert into t values (1, 10, 'x'), (2, 20, 'y'), (3, NULL, 'z')",
	}
	with := func(more ...string) []string { return append(append([]string(nil), base...), more...) }
	runScripts(t, []script{
		{name: "add nullable column", setup: with("alter table t add column c bigint"),
			query: "select * from t", want: []string{"1,10,x,NULL", "2,20,y,NULL", "3,NULL,z,NULL"}},
		{name: "add column with default", setup: with("alter table t add column c bigint not null default 7"),
			query: "select id, c from t", want: []string{"1,7", "2,7", "3,7"}},
		{name: "add column first", setup: with("alter table t add column c bigint first", "update t set c = id * 2"),
			query: "select * from t where a = 20", want: []string{"4,2,20,y"}},
		{name: "add column and index in one statement", setup: with("alter table t add column c bigint, add index t_c (c)", "update t set c = id"),
			query: "select id from t where c = 2", want: []string{"2"}},
		{name: "drop column keeps the index on other columns", setup: with("alter table t drop column b"),
			query: "select * from t where a = 20", want: []string{"2,20"}},
		{name: "drop indexed column drops the index", setup: with("alter table t drop column a", "insert into t values (4, 'w')"),
			query: "select * from t", want: []string{"1,x", "2,y", "3,z", "4,w"}},
		{name: "rename column", setup: with("alter table t rename column a to aa"),
			query: "select id from t where aa = 10", want: []string{"1"}},
		{name: "modify column type", setup: with("alter table t modify column b varchar(20)", "update t set b = 'a longer value' where id = 1"),
			query: "select b from t where id = 1", want: []string{"a longer value"}},
		{name: "move column", setup: with("alter table t modify column b varchar(10) after id"),
			query: "select * from t where id = 2", want: []string{"2,y,20"}},
		{name: "drop and re-add primary key", setup: with("alter table t drop primary key", "insert into t values (1, 11, 'dup')",
			"delete from t where b = 'dup'", "alter table t add primary key (id)"),
			query: "select id from t where id = 2", want: []string{"2"}},
		{name: "rename table", setup: with("rename table t to t2", "insert into t2 values (4, 40, 'w')"),
			query: "select id from t2 where a = 40", want: []string{"4"}},
		{name: "rename index", setup: with("alter table t rename index t_a to t_a2"),
			query: "select id from t where a = 20", want: []string{"2"}},
		{name: "drop index", setup: with("drop index t_a on t"),
			query: "select id from t where a = 20", want: []string{"2"}},
	})
}

func TestAlterErrors(t *testing.T) {
	tests := []struct {
		name string
		stmt string
	}{
		{"add primary key over duplicates", "alter table t add primary key (a)"},
		{"not null over nulls", "alter table t modify column a bigint not null"},
		{"duplicate column", "alter table t add column a bigint"},
		{"unknown column", "alter table t drop column nope"},
		{"duplicate index name", "create index t_a on t (b)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.exec(
				"create table t (id bigint, a bigint, b varchar(10))",
				"create index t_a on t (a)",
				"insert into t values (1, 10, 'x'), (2, 10, 'y'), (3, NULL, 'z')",
			)
			if _, err := h.autocommit(tc.stmt); err == nil {
				t.Fatalf("%s succeeded", tc.stmt)
			}
			wantRows(t, h.query("select * from t"), "1,10,x", "2,10,y", "3,NULL,z")
			wantRows(t, h.query("select id from t where a = 10"), "1", "2")
		})
	}
}

func TestChecks(t *testing.T) {
	h := newHarness(t)
	h.exec(
		"create table t (id bigint primary key, v bigint, constraint v_positive check (v > 0))",
		"insert into t values (1, 5)",
	)
	if _, err := h.autocommit("insert into t values (2, -1)"); err == nil {
		t.Error("check constraint not enforced")
	}
	h.exec("alter table t add constraint v_small check (v < 100)")
	if _, err := h.autocommit("update t set v = 500"); err == nil {
		t.Error("added check constraint not enforced")
	}
	s := h.session()
	ctx := h.ctx(s)
	tbl, _, _ := h.prov.DB().Table(ctx, "public", "t")
	checks, err := tbl.GetChecks(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range checks {
		names = append(names, c.Name)
	}
	if diff := cmp.Diff([]string{"v_positive", "v_small"}, names); diff != "" {
		t.Errorf("checks (-want +got):\n%s", diff)
	}
	h.exec("alter table t drop constraint v_small", "update t set v = 500")
	wantRows(t, h.query("select v from t"), "500")
}
