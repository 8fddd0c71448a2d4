// Package gmsadapter is tinybase's adapter onto go-mysql-server's planner
// and executor: everything that changes how GMS analyzes and runs a
// translated statement so that it behaves as PostgreSQL does.
//
// It owns
//   - the engine's GMS analyzer and engine (NewAnalyzer, NewEngine) and
//     the database provider GMS sees (Provider: storage plus tinybase's
//     functions), with an authorization handler that skips GMS's MySQL
//     privilege lookups (PostgreSQL privileges are checked before GMS
//     sees a statement);
//   - tinybase's analyzer rules: same-typed comparisons as GMS comparison
//     nodes (IndexableComparisons), the short path for simple reads and
//     their execution indexes (SimpleRead), fixes to GMS's indexing of
//     RETURNING and CHECK expressions, set-operation result types
//     (PostgreSQL docs 10.5, "UNION, CASE, and Related Constructs"),
//     lateral joins (docs 7.2.1.5, "LATERAL Subqueries") and filter
//     placement around outer joins (docs 7.2.1.1, "Joined Tables");
//   - tinybase's executors: FULL JOIN, and projections that keep the sign
//     of a float's zero as float8out prints it (docs 8.1.3);
//   - the parser GMS re-parses stored CHECK and default expressions with
//     (Parser), so that their text stays PostgreSQL;
//   - errors raised where GMS has no error result (DeferredError);
//   - run-time calls in cached plans: volatile and stable functions
//     (auth.uid(), now(), current_setting) kept out of GMS's constant
//     folding and evaluated once per execution (docs 38.7, "Function
//     Volatility Categories"; RuntimeCall, RuntimeKey, EvalOnce).
//
// The session reaches the adapter through these functions and holds the
// adapter's per-session state (SignedOutput, DeferredError); the
// executors find it through the context as a Host. The statement
// pipeline's parameter rules and the engine's trigger builder plug in
// through Config.
//
// It may import go-mysql-server, vitess, and tinybase's expr, types,
// translate and storage packages, internal/pgtree and internal/pgerror;
// never engine/internal/session.
package gmsadapter
