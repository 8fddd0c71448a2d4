package postgrest_test

import (
	"context"
	"fmt"
	"net/http/httptest"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/postgrest"
)

// A PostgREST server over an in-memory engine: requests without a JWT run
// as anon.
func ExampleNew() {
	e, _ := engine.Open(engine.Options{})
	s, _ := e.Connect(engine.SessionOptions{})
	for _, q := range []string{
		"create table todos (id int primary key, task text, done boolean default false)",
		"insert into todos (id, task) values (1, 'write'), (2, 'test')",
		"grant select on todos to anon",
	} {
		rows, err := s.Query(context.Background(), q)
		if err != nil {
			panic(err)
		}
		rows.Close()
	}
	s.Close()
	srv, _ := postgrest.New(postgrest.Config{Executor: &postgrest.EngineExecutor{Engine: e}, JWTSecret: "super-secret-jwt-token-with-at-least-32-characters-long"})
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest("GET", "/todos?select=id,task&done=is.false&order=id.desc&limit=1", nil))
	fmt.Println(w.Code, w.Header().Get("Content-Range"), w.Body.String())
	// Output: 200 0-0/* [{"id":2,"task":"test"}]
}
