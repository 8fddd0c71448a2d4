package studio_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"

	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/studio"
)

// The dashboard is an http.Handler over an engine; `tinybase start`
// serves it on [studio] port with the project's migrations, logs and API.
func ExampleNew() {
	e, _ := tinybase.NewEngine()
	s, _ := e.Connect(engine.SessionOptions{})
	s.Exec(context.Background(), "create table public.todos (id int primary key, title text); insert into public.todos values (1, '<b>hi</b>')")
	s.Close()

	srv := httptest.NewServer(studio.New(studio.Config{Engine: e}))
	defer srv.Close()
	resp, _ := srv.Client().Get(srv.URL + "/api/rows?schema=public&name=todos")
	var page studio.Page
	json.NewDecoder(resp.Body).Decode(&page)
	resp.Body.Close()
	for _, r := range page.Rows {
		fmt.Println(*r[0], *r[1])
	}
	// Output: 1 <b>hi</b>
}
