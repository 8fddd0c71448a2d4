package storage_test

import "testing"

func TestSmoke(t *testing.T) {
	h := newHarness(t)
	h.exec(
		"create table t (id bigint primary key, name varchar(20), score bigint)",
		"insert into t values (1, 'a', 10), (2, 'b', 20), (3, 'c', NULL)",
	)
	wantRows(t, h.query("select * from t order by id"), "1,a,10", "2,b,20", "3,c,NULL")
	s := h.session()
	t.Log(h.plan(s, "select * from t where id = 2").String())
	t.Log(indexesUsed(h.plan(s, "select * from t where id = 2")))
	wantRows(t, h.query("select name from t where id = 2"), "b")
	h.exec("update t set score = 99 where id = 3", "delete from t where id = 1")
	wantRows(t, h.query("select * from t"), "2,b,20", "3,c,99")
}
