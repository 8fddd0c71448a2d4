package session

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestViolationDetails(t *testing.T) {
	s := scriptSession(t,
		"CREATE TABLE a (id int PRIMARY KEY, age int CHECK (age >= 13))",
		"CREATE TABLE b (id int PRIMARY KEY, age int CHECK (age >= 13), name text NOT NULL)",
		"CREATE TABLE c (id int PRIMARY KEY, b_id int REFERENCES b)",
		"INSERT INTO b VALUES (1, 20, 'ann')",
		"INSERT INTO c VALUES (1, 1)",
		`CREATE TABLE u (id int PRIMARY KEY, email text UNIQUE, "Nick Name" text, ts timestamp, n numeric, UNIQUE ("Nick Name", ts))`,
		"INSERT INTO u VALUES (1, 'a@x', 'bo', '2024-01-02 03:04:05', 1.50)",
		"INSERT INTO u VALUES (5, 'e@x', 'z', null, null)",
		"CREATE TABLE v (a int, b bool, n numeric)",
		"INSERT INTO v VALUES (1, true, 1.50), (1, true, 1.50)",
		"CREATE TABLE m (id uuid PRIMARY KEY)",
		"INSERT INTO m VALUES ('b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11')",
		"CREATE TABLE w (id int PRIMARY KEY, owner uuid NOT NULL REFERENCES m ON DELETE SET NULL, note text, at date)",
		"INSERT INTO w VALUES (1, 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'x', '2024-01-02')",
	)
	ctx := context.Background()
	tests := []struct {
		name, sql                    string
		code, table, message, detail string
	}{
		{"check names the target table", "INSERT INTO b VALUES (3, 9, 'kid')", pgerror.CheckViolation, "b",
			`new row for relation "b" violates check constraint "b_age_check"`, "Failing row contains (3, 9, kid)."},
		{"check by update", "UPDATE b SET age = age - 10 WHERE id = 1", pgerror.CheckViolation, "b",
			`new row for relation "b" violates check constraint "b_age_check"`, "Failing row contains (1, 10, ann)."},
		{"check by update returning", "UPDATE b SET age = 1 WHERE id = 1 RETURNING id", pgerror.CheckViolation, "b",
			`new row for relation "b" violates check constraint "b_age_check"`, "Failing row contains (1, 1, ann)."},
		{"fk child", "INSERT INTO c VALUES (2, 7)", pgerror.ForeignKeyViolation, "c",
			`insert or update on table "c" violates foreign key constraint "c_b_id_fkey"`, `Key (b_id)=(7) is not present in table "b".`},
		{"fk parent", "DELETE FROM b WHERE id = 1", pgerror.ForeignKeyViolation, "c",
			`update or delete on table "b" violates foreign key constraint "c_b_id_fkey" on table "c"`, `Key (id)=(1) is still referenced from table "c".`},
		{"not null", "INSERT INTO b VALUES (2, 20, NULL)", pgerror.NotNullViolation, "b",
			`null value in column "name" of relation "b" violates not-null constraint`, "Failing row contains (2, 20, null)."},
		{"fk child uuid", "INSERT INTO w VALUES (2, 'c0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'y', null)", pgerror.ForeignKeyViolation, "w",
			`insert or update on table "w" violates foreign key constraint "w_owner_fkey"`, `Key (owner)=(c0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11) is not present in table "m".`},
		// Unique violations, as PostgreSQL 15 reports them.
		{"unique pk", "INSERT INTO u VALUES (1, 'b@x', 'c', null, null)", pgerror.UniqueViolation, "u",
			`duplicate key value violates unique constraint "u_pkey"`, "Key (id)=(1) already exists."},
		{"unique text", "INSERT INTO u VALUES (2, 'a@x', 'c', null, null)", pgerror.UniqueViolation, "u",
			`duplicate key value violates unique constraint "u_email_key"`, "Key (email)=(a@x) already exists."},
		{"unique two columns, quoted", "INSERT INTO u VALUES (3, 'c@x', 'bo', '2024-01-02 03:04:05', null)", pgerror.UniqueViolation, "u",
			`duplicate key value violates unique constraint "u_Nick Name_ts_key"`, `Key ("Nick Name", ts)=(bo, 2024-01-02 03:04:05) already exists.`},
		{"unique by update", "UPDATE u SET email = 'a@x' WHERE id = 5", pgerror.UniqueViolation, "u",
			`duplicate key value violates unique constraint "u_email_key"`, "Key (email)=(a@x) already exists."},
		{"create unique index", "CREATE UNIQUE INDEX v_ab ON v (a, b)", pgerror.UniqueViolation, "v",
			`could not create unique index "v_ab"`, "Key (a, b)=(1, t) is duplicated."},
		{"create unique index numeric", "CREATE UNIQUE INDEX v_n ON v (n)", pgerror.UniqueViolation, "v",
			`could not create unique index "v_n"`, "Key (n)=(1.50) is duplicated."},
		// a SET NULL action on a NOT NULL column names the referencing
		// table, not the statement's
		{"not null by set null action", "DELETE FROM m", pgerror.NotNullViolation, "w",
			`null value in column "owner" of relation "w" violates not-null constraint`, "Failing row contains (1, null, x, 2024-01-02)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := s.Query(ctx, tc.sql)
			if err == nil {
				err = rows.Close()
			}
			pe, ok := pgerror.As(err)
			if !ok {
				t.Fatalf("got %v, want a pgerror", err)
			}
			if pe.Code != tc.code || pe.Table != tc.table || pe.Message != tc.message || pe.Detail != tc.detail {
				t.Errorf("got %s table=%q %q detail %q\nwant %s table=%q %q detail %q",
					pe.Code, pe.Table, pe.Message, pe.Detail, tc.code, tc.table, tc.message, tc.detail)
			}
		})
	}
}
