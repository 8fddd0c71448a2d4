package postgrest

import "testing"

func TestJSONArrayLen(t *testing.T) {
	tests := []struct {
		name, in string
		want     int
	}{
		{"empty", `[]`, 0},
		{"empty with space", " [ \n ] ", 0},
		{"one object", `[{"id":1,"name":"a"}]`, 1},
		{"json_agg spacing", "[{\"id\":1}, \n {\"id\":2}, \n {\"id\":3}]", 3},
		{"commas in strings", `[{"s":"a,b,[c"}, {"s":"\",{"}]`, 2},
		{"escaped backslash before quote", `[{"s":"x\\"}, {"s":","}]`, 2},
		{"nested arrays and objects", `[{"a":[1,2,{"b":[3,4]}]}, [5,6], 7]`, 3},
		{"scalars", `[1,2,3,null]`, 4},
		{"unicode and comment-like text", `[{"s":"é -- ; /* , */"}]`, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := jsonArrayLen(tc.in); got != tc.want {
				t.Fatalf("jsonArrayLen(%q) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}
