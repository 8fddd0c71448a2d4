package lint_test

import (
	"context"
	"fmt"
	"os"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/lint"
)

func ExampleRun() {
	e, _ := engine.Open(engine.Options{})
	s, _ := e.Connect(engine.SessionOptions{})
	defer s.Close()
	ctx := context.Background()
	before, _ := lint.Run(ctx, s)
	if _, err := s.Exec(ctx, "create table notes (id bigint primary key, body text)"); err != nil {
		fmt.Println(err)
		return
	}
	after, _ := lint.Run(ctx, s)
	_ = lint.FormatText(os.Stdout, lint.Introduced(before, after))
	// Output:
	// ERROR (1)
	//   rls_disabled_in_public  public.notes  Table `public.notes` is public, but RLS has not been enabled.
	// 1 errors, 0 warnings, 0 info
}
