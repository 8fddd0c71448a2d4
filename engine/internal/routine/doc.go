// Package routine is the contract between the engine and the languages
// user-defined functions, procedures and trigger functions are written in
// (PostgreSQL docs chapter 38.3, "User-Defined Functions", and chapter
// 56, "Writing a Procedural Language Handler").
//
// The engine keeps one Handler per language name for each engine value
// ("sql" is built in; "plpgsql" is registered by engine/internal/plpgsql). When a
// routine is created the engine calls Handler.Validate (PostgreSQL's
// validator function, run with check_function_bodies on); when it is
// called, Handler.Call with a Caller — the slice of the engine a body
// needs: running SQL in the caller's session and transaction, notices,
// savepoints for exception blocks, and cancellation.
//
// Routines and their bodies are catalog values (engine/internal/catalog.Function);
// a handler may cache compiled bodies and prepared statements keyed by
// the *catalog.Function pointer, which changes whenever the routine is
// replaced or altered. Prepared statements revalidate themselves against
// the catalog, so a cached plan never outlives a DDL change.
//
// Nothing here depends on go-mysql-server: language implementations see
// tinybase types and values only.
package routine
