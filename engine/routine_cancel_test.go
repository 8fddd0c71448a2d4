package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestRunawayRoutinesHonourCancellation: a PL/pgSQL loop that never ends
// stops with 57014 when the caller cancels (issue 3, "Bad input"), however
// it is reached, and the session is usable afterwards.
func TestRunawayRoutinesHonourCancellation(t *testing.T) {
	setup := `CREATE TABLE t (id int PRIMARY KEY, n int);
CREATE TABLE hits (n int);
CREATE FUNCTION spin() RETURNS int LANGUAGE plpgsql AS $$ BEGIN LOOP END LOOP; END $$;
CREATE FUNCTION spin_sql() RETURNS int LANGUAGE plpgsql AS $$ DECLARE i int := 0; BEGIN LOOP i := i + 1; PERFORM 1; END LOOP; END $$;
CREATE FUNCTION spin_trigger() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN LOOP INSERT INTO hits VALUES (1); DELETE FROM hits; END LOOP; END $$;
CREATE TRIGGER t_spin BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION spin_trigger();
CREATE VIEW v AS SELECT id, n + 1 AS m FROM t;
CREATE TRIGGER v_spin INSTEAD OF INSERT ON v FOR EACH ROW EXECUTE FUNCTION spin_trigger();`
	tests := []struct {
		name, sql string
	}{
		{"empty loop in a function", "SELECT spin()"},
		{"loop running SQL", "SELECT spin_sql()"},
		{"DO block", "DO $$ DECLARE i bigint := 0; BEGIN WHILE true LOOP i := i + 1; END LOOP; END $$"},
		{"BEFORE row trigger", "INSERT INTO t VALUES (1, 1)"},
		{"INSTEAD OF trigger", "INSERT INTO v VALUES (1, 1)"},
		{"function in a CHECK", "CREATE TABLE c (x int CHECK (spin() > 0)); INSERT INTO c VALUES (1)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := enginetest.New(t)
			s := mustSession(t, e)
			defer s.Close()
			execScript(t, s, setup)
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := s.Exec(ctx, tc.sql)
				done <- err
			}()
			select {
			case err := <-done:
				if code := sqlstate(err); code != "57014" {
					t.Fatalf("got %v, want 57014", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the loop ignored cancellation")
			}
			if got := queryStrings(t, s, "SELECT count(*) FROM t"); got[0][0] != "0" {
				t.Fatalf("the cancelled statement left rows: %v", got)
			}
		})
	}
}
