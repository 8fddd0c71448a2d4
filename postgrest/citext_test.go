package postgrest

import "testing"

// citext columns filter case-insensitively over PostgREST, as on
// Supabase: eq and in bind the value with the column's type, so the
// citext operators apply.
func TestCitextFilters(t *testing.T) {
	srv := engineServer(t, `create extension if not exists citext schema extensions;
create table public.members (id int primary key, email extensions.citext unique);
insert into members values (1, 'Ann@Example.com'), (2, 'bo@example.com');
grant all on members to anon;`)
	for _, c := range []struct{ path, want string }{
		{"/members?select=id&email=eq.ann@example.COM", `[{"id":1}]`},
		{"/members?select=id&email=in.(ANN@example.com,BO@EXAMPLE.COM)&order=id", `[{"id":1}, ` + "\n" + ` {"id":2}]`},
		{"/members?select=id&email=like.ANN*", `[{"id":1}]`},
		{"/members?select=id,email&email=neq.ann@example.com", `[{"id":2,"email":"bo@example.com"}]`},
		{"/members?select=email&id=eq.1", `[{"email":"Ann@Example.com"}]`},
	} {
		if w := do(t, srv, "GET", c.path, ""); w.Code != 200 || w.Body.String() != c.want {
			t.Errorf("%s: %d %q, want %q", c.path, w.Code, w.Body, c.want)
		}
	}
	w := do(t, srv, "POST", "/members", `{"id":3,"email":"ANN@EXAMPLE.COM"}`, "Content-Type", "application/json")
	if w.Code != 409 {
		t.Errorf("case twin insert: %d %s, want 409", w.Code, w.Body)
	}
}

// hstore columns come back as JSON objects (hstore's json cast, which
// PostgREST's json_agg applies); ltree as strings.
func TestHstoreLtreeJSON(t *testing.T) {
	srv := engineServer(t, `create extension if not exists hstore schema extensions;
create extension if not exists ltree schema extensions;
create table public.items (id int primary key, attrs extensions.hstore, path extensions.ltree);
insert into items values (1, 'color=>red, size=>NULL', 'top.a');
grant all on items to anon;`)
	w := do(t, srv, "GET", "/items", "")
	if want := `[{"id":1,"attrs":{"size": null, "color": "red"},"path":"top.a"}]`; w.Code != 200 || w.Body.String() != want {
		t.Errorf("got %d %s\nwant %s", w.Code, w.Body, want)
	}
}
