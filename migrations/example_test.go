package migrations_test

import (
	"context"
	"fmt"

	"github.com/tinybase/tinybase/migrations"
)

// A validator replays the prior migrations once and checks candidates on
// a clone of the state after them.
func ExampleValidator() {
	priors := []migrations.File{
		{Version: "20240101000000", Name: "profiles", SQL: "create table public.profiles (id bigint primary key, name text);"},
		{Version: "20240102000000", Name: "rename", SQL: "alter table public.profiles rename column name to full_name;"},
	}
	v := migrations.NewValidator(migrations.Options{})
	candidate := migrations.File{Version: "20240103000000", Name: "names", SQL: "create view public.names as\n  select id, name from public.profiles;"}
	res, err := v.Validate(context.Background(), priors, candidate, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Outcome, res.Problem.SQLState, res.Problem.Message)
	// Output: candidate_failed 42703 column "name" does not exist
}
