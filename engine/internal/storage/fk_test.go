package storage_test

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/google/go-cmp/cmp"
)

func fkFixture(t *testing.T) *harness {
	h := newHarness(t)
	h.exec(
		"create table parent (id bigint primary key, name varchar(10))",
		`create table cascade_child (id bigint primary key, pid bigint,
			constraint cc_fk foreign key (pid) references parent (id) on delete cascade on update cascade)`,
		`create table grandchild (id bigint primary key, cid bigint,
			constraint gc_fk foreign key (cid) references cascade_child (id) on delete cascade)`,
		`create table setnull_child (id bigint primary key, pid bigint,
			constraint sn_fk foreign key (pid) references parent (id) on delete set null on update set null)`,
		`create table restrict_child (id bigint primary key, pid bigint,
			constraint rc_fk foreign key (pid) references parent (id))`,
		"insert into parent values (1, 'one'), (2, 'two'), (3, 'three')",
		"insert into cascade_child values (10, 1), (11, 1), (12, 2)",
		"insert into grandchild values (100, 10), (101, 12)",
		"insert into setnull_child values (20, 1), (21, 2)",
		"insert into restrict_child values (30, 3)",
	)
	return h
}

func TestForeignKeys(t *testing.T) {
	type check struct {
		query string
		want  []string
	}
	tests := []struct {
		name    string
		stmt    string
		wantErr bool
		checks  []check
	}{
		{
			name: "cascade delete through two levels and set null",
			stmt: "delete from parent where id = 1",
			checks: []check{
				{"select * from cascade_child", []string{"12,2"}},
				{"select * from grandchild", []string{"101,12"}},
				{"select * from setnull_child", []string{"21,2", "20,NULL"}},
			},
		},
		{
			name: "cascade update and set null on update",
			stmt: "update parent set id = 5 where id = 2",
			checks: []check{
				{"select * from cascade_child", []string{"10,1", "11,1", "12,5"}},
				{"select * from setnull_child", []string{"20,1", "21,NULL"}},
				{"select * from grandchild", []string{"100,10", "101,12"}},
			},
		},
		{
			name:    "restrict delete",
			stmt:    "delete from parent where id = 3",
			wantErr: true,
			checks:  []check{{"select id from parent", []string{"1", "2", "3"}}},
		},
		{
			name:    "restrict fails after cascades already ran: all undone",
			stmt:    "delete from parent where id in (1, 3)",
			wantErr: true,
			checks: []check{
				{"select id from parent", []string{"1", "2", "3"}},
				{"select * from cascade_child", []string{"10,1", "11,1", "12,2"}},
				{"select * from grandchild", []string{"100,10", "101,12"}},
				{"select * from setnull_child", []string{"20,1", "21,2"}},
			},
		},
		{
			name:    "child insert without parent",
			stmt:    "insert into restrict_child values (31, 99)",
			wantErr: true,
			checks:  []check{{"select id from restrict_child", []string{"30"}}},
		},
		{
			name:   "child insert with NULL parent",
			stmt:   "insert into restrict_child values (31, NULL)",
			checks: []check{{"select * from restrict_child", []string{"30,3", "31,NULL"}}},
		},
		{
			name:    "child update to missing parent",
			stmt:    "update cascade_child set pid = 42 where id = 10",
			wantErr: true,
			checks:  []check{{"select * from cascade_child", []string{"10,1", "11,1", "12,2"}}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := fkFixture(t)
			_, err := h.autocommit(tc.stmt)
			if (err != nil) != tc.wantErr {
				t.Fatalf("%s: err = %v, wantErr %v", tc.stmt, err, tc.wantErr)
			}
			if err != nil && !sql.ErrForeignKeyChildViolation.Is(unwrapInsert(err)) && !sql.ErrForeignKeyParentViolation.Is(unwrapInsert(err)) {
				t.Errorf("err = %v, want a GMS foreign key violation", err)
			}
			for _, c := range tc.checks {
				wantRows(t, h.query(c.query), c.want...)
			}
		})
	}
}

func TestForeignKeyMetadata(t *testing.T) {
	h := fkFixture(t)
	s := h.session()
	ctx := h.ctx(s)
	parent, _, _ := h.prov.DB().Table(ctx, "public", "parent")
	refs, err := parent.GetReferencedForeignKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, fk := range refs {
		got = append(got, fk.SchemaName+"."+fk.Table+"."+fk.Name+"->"+fk.ParentSchema+"."+fk.ParentTable)
	}
	want := []string{
		"public.cascade_child.cc_fk->public.parent",
		"public.restrict_child.rc_fk->public.parent",
		"public.setnull_child.sn_fk->public.parent",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("referenced foreign keys (-want +got):\n%s", diff)
	}
	child, _, _ := h.prov.DB().Table(ctx, "public", "cascade_child")
	infos, err := child.Indexes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var fkIndexes []string
	for _, ix := range infos {
		if ix.ForFK {
			fkIndexes = append(fkIndexes, ix.Name)
		}
	}
	if len(fkIndexes) != 1 {
		t.Errorf("indexes created for the foreign key = %v, want one", fkIndexes)
	}

	// Renaming the parent follows into the child's definition.
	h.exec("rename table parent to mother")
	ctx = h.ctx(h.session())
	child, _, _ = h.prov.DB().Table(ctx, "public", "cascade_child")
	fks, _ := child.GetDeclaredForeignKeys(ctx)
	if len(fks) != 1 || fks[0].ParentTable != "mother" {
		t.Errorf("child foreign keys after rename = %+v", fks)
	}
	h.exec("delete from mother where id = 2")
	wantRows(t, h.query("select * from cascade_child"), "10,1", "11,1")

	h.exec("alter table restrict_child drop foreign key rc_fk")
	h.exec("delete from mother where id = 3")
	wantRows(t, h.query("select * from restrict_child"), "30,3")
}
