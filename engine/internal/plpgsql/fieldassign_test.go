package plpgsql

import "testing"

func TestPrepareSourceFieldAssignments(t *testing.T) {
	tests := []struct {
		name, body string
		fields     []string // rec.field targets found in the parsed body
	}{
		{"assignment", "DECLARE r record; BEGIN r.a := 1; END", []string{"r.a"}},
		{"comparison untouched", "DECLARE r record; BEGIN IF r.a = 1 THEN r.b = 2; END IF; END", []string{"r.b"}},
		{"new is a record already", "BEGIN NEW.a := 1; END", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ret := "void"
			if tc.name == "new is a record already" {
				ret = "trigger"
			}
			fn, err := Parse("CREATE FUNCTION f() RETURNS " + ret + " LANGUAGE plpgsql AS $x$" + tc.body + "$x$")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			var walk func([]Stmt)
			walk = func(ss []Stmt) {
				for _, s := range ss {
					switch st := s.(type) {
					case *Assign:
						if d := fn.Datums[st.Var]; d.Kind == DRecField && st.Target != "" && d.Parent >= 0 && fn.Datums[d.Parent].Name != "new" {
							got = append(got, st.Target)
						}
					case *If:
						for _, b := range st.Bodies {
							walk(b)
						}
					}
				}
			}
			walk(fn.Body.Body)
			if len(got) != len(tc.fields) {
				t.Fatalf("targets %v, want %v", got, tc.fields)
			}
			for i := range got {
				if got[i] != tc.fields[i] {
					t.Errorf("target %d = %q, want %q", i, got[i], tc.fields[i])
				}
			}
		})
	}
}
