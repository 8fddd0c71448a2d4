package typegen_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/typegen"
)

func ExampleTypeScript() {
	e, _ := engine.Open(engine.Options{})
	s, _ := e.Connect(engine.SessionOptions{})
	defer s.Close()
	ctx := context.Background()
	if _, err := s.Exec(ctx, "create table notes (id bigint generated always as identity primary key, body text not null)"); err != nil {
		fmt.Println(err)
		return
	}
	ts, err := typegen.TypeScript(ctx, s, []string{"public"})
	if err != nil {
		fmt.Println(err)
		return
	}
	start := strings.Index(ts, "      notes: {")
	end := strings.Index(ts, "        Relationships")
	fmt.Print(ts[start:end])
	// Output:
	//       notes: {
	//         Row: {
	//           body: string
	//           id: number
	//         }
	//         Insert: {
	//           body: string
	//           id?: never
	//         }
	//         Update: {
	//           body?: string
	//           id?: never
	//         }
}
