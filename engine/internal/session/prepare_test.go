package session

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestPrepareInfersParameterTypes(t *testing.T) {
	e, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, q := range []string{
		"create type mood as enum ('sad', 'happy')",
		"create table t (id int8 primary key, name text, score numeric(6,2), at timestamptz, tags text[], m mood)",
		"create function half(n int) returns numeric language plpgsql as $$ begin return n / 2.0; end $$",
	} {
		r, err := s.Query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
	}
	const (
		int4 = 23
		int8 = 20
		text = 25
		bool = 16
		num  = 1700
		tstz = 1184
		txta = 1009
		flt8 = 701
	)
	tests := []struct {
		sql     string
		params  []uint32
		cols    []string
		colOIDs []uint32
	}{
		{"select $1::int4, $2", []uint32{int4, text}, []string{"int4", "?column?"}, []uint32{int4, text}},
		{"select id, name from t where id = $1 and name <> $2", []uint32{int8, text}, []string{"id", "name"}, []uint32{int8, text}},
		{"select 1 from t where $1 < score", []uint32{num}, []string{"?column?"}, []uint32{int4}},
		{"insert into t (id, at, tags) values ($1, $2, $3)", []uint32{int8, tstz, txta}, nil, nil},
		{"insert into t values ($1, $2) returning id", []uint32{int8, text}, []string{"id"}, []uint32{int8}},
		{"update t set score = $1 where id = $2", []uint32{num, int8}, nil, nil},
		{"select * from t where id in ($1, $2) limit $3 offset $4", []uint32{int8, int8, int8, int8}, []string{"id", "name", "score", "at", "tags", "m"}, nil},
		{"select count(*) from t x where x.name = any($1)", []uint32{txta}, []string{"count"}, []uint32{int8}},
		{"delete from t where $1 and id = 1", []uint32{bool}, nil, nil},
		{"show timezone", nil, []string{"TimeZone"}, []uint32{text}},
		// a function's argument takes the type of the overload it resolves
		// to (the preferred type of the category when several fit)
		{"select half($1)", []uint32{int4}, []string{"half"}, []uint32{num}},
		{"select half(n => $1)", []uint32{int4}, []string{"half"}, []uint32{num}},
		{"select abs($1)", []uint32{flt8}, []string{"abs"}, []uint32{flt8}},
		{"select coalesce($1, 5)", []uint32{int4}, []string{"coalesce"}, []uint32{int4}},
		{"select * from generate_series(1, $1)", []uint32{int4}, []string{"generate_series"}, []uint32{int4}},
		{"select now() - $1", []uint32{tstz}, []string{"?column?"}, nil},
		{"", nil, nil, nil},
	}
	for _, tc := range tests {
		p, err := s.Prepare(ctx, tc.sql, nil)
		if err != nil {
			t.Errorf("%q: %v", tc.sql, err)
			continue
		}
		var names []string
		var oids []uint32
		for _, c := range p.Columns {
			names = append(names, c.Name)
			oids = append(oids, c.TypeOID)
		}
		if tc.colOIDs == nil && len(oids) > 0 && len(tc.cols) > 0 {
			oids = nil
		}
		if diff := cmp.Diff(tc.params, p.ParamOIDs, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q params (-want +got):\n%s", tc.sql, diff)
		}
		if diff := cmp.Diff(tc.cols, names); diff != "" {
			t.Errorf("%q columns (-want +got):\n%s", tc.sql, diff)
		}
		if diff := cmp.Diff(tc.colOIDs, oids); diff != "" {
			t.Errorf("%q column types (-want +got):\n%s", tc.sql, diff)
		}
	}
	// Describing ran nothing: the table is still empty and the session idle.
	r, err := s.Query(ctx, "select count(*) from t")
	if err != nil {
		t.Fatal(err)
	}
	r.Next()
	if got := r.Values()[0]; got != int64(0) {
		t.Errorf("rows after describing: %v", got)
	}
	r.Close()
	if s.TxStatus() != 'I' {
		t.Errorf("status %c after describing", s.TxStatus())
	}
	// Executing binds typed and untyped parameters.
	p, err := s.Prepare(ctx, "insert into t (id, name, score) values ($1, $2, $3) returning id, score", nil)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := s.QueryPrepared(ctx, p, []any{"7", "seven", "1.234"})
	if err != nil {
		t.Fatal(err)
	}
	var got [][]*string
	for rows.Next() {
		got = append(got, rows.Text())
	}
	if rows.Err() != nil || rows.Tag() != "INSERT 0 1" || len(got) != 1 || *got[0][1] != "1.23" {
		t.Fatalf("insert returning: %v %q %v", rows.Err(), rows.Tag(), got)
	}
}
