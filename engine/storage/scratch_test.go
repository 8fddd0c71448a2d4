package storage_test

import "testing"

func TestScratch(t *testing.T) {
	h := newHarness(t)
	h.exec("create table t (id bigint primary key, a bigint)", "create index t_a on t (a)")
	for _, q := range []string{
		"show tables",
		"select table_schema, table_name from information_schema.tables where table_schema not in ('information_schema','mysql')",
		"show indexes from t",
		"select * from t where id in (select a from t)",
		"describe t",
	} {
		rows, err := h.autocommit(q)
		t.Logf("%s => %v %v", q, norm(rows), err)
	}
}
