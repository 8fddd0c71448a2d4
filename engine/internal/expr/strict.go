package expr

// Strictness, as the planner's outer-join reduction reads it
// (PostgreSQL's reduce_outer_joins): a strict operator or function
// returns NULL whenever an argument is NULL, without running.

// Strict reports whether the operator returns NULL for a NULL operand
// (every operator but array_cat, array_append and array_prepend).
func (b *BinOp) Strict() bool { return !b.nonStrict }

// Strict reports whether the function returns NULL for any NULL
// argument without being called (pg_proc.proisstrict).
func (f *FuncCall) Strict() bool { return !f.impl.NonStrict }
