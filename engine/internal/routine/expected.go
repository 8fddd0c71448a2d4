package routine

import "context"

// expectedKey carries the columns a call's caller expects.
type expectedKey struct{}

// WithExpected returns ctx carrying the result columns the calling query
// expects of a set-returning function: the column definition list of a
// function returning record in FROM (PostgreSQL's ReturnSetInfo
// expectedDesc), which functions such as tablefunc's crosstab shape their
// rows by. nil clears what an outer call set.
func WithExpected(ctx context.Context, cols []Column) context.Context {
	return context.WithValue(ctx, expectedKey{}, cols)
}

// Expected is the column definition list the calling query gave the
// running call (nil when none: the call is not a FROM item with one).
func Expected(ctx context.Context) []Column {
	cols, _ := ctx.Value(expectedKey{}).([]Column)
	return cols
}
