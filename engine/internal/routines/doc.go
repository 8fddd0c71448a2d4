// Package routines hosts user-defined functions and procedures in a
// session: CREATE / ALTER / DROP FUNCTION and PROCEDURE (PostgreSQL docs:
// SQL Commands CREATE FUNCTION, CREATE PROCEDURE, ALTER FUNCTION, DROP
// FUNCTION), calling routines (38.5, "Query Language (SQL) Functions":
// bodies, parameters by name and number, SET options, SECURITY DEFINER,
// cancellation), CALL (SQL Commands, CALL), DO (SQL Commands, DO), and the
// host side of the PL/pgSQL interpreter (chapter 43, "PL/pgSQL": running
// SQL from bodies, exception blocks as savepoints, COMMIT / ROLLBACK in
// procedures, plans compiled per session and role: every statement a
// body runs is privilege-checked and row-security-rewritten through
// Host.SecureStatement for the role current when it runs, as a client
// statement is).
//
// It owns:
//   - the built-in language handlers: "sql" (sql_handler.go) and
//     "plpgsql" (plpgsql_handler.go, over engine/internal/plpgsql);
//   - a session's routine state (State): call depth, the parameter frames
//     of running SQL bodies, and the PL/pgSQL state (compiled plans,
//     running frames, statement_timeout of the calling statement);
//   - the routine.Caller and routine.Validator the handlers see (Caller,
//     validator) and prepared body statements (Stmt);
//   - the catalog commands on routines (ddl.go) and PL/pgSQL syntax
//     checking at CREATE.
//
// What must stay in the session — its transaction and transaction state,
// running a translated statement nestedly (runNested), settings, error
// mapping of go-mysql-server errors, privileges and row security — is
// reached through Host, which *session.Session implements. Name
// resolution of calls is translate's (translate.RoutineCall); trigger
// firing is the session's and calls Call with routine.TriggerData.
//
// A polymorphic routine (38.2.5: anyelement, anyarray, anycompatible,
// ...) reaches a handler already specialized: translate resolves the
// actual types of each call (expr.ResolvePolymorphic) and passes a copy
// of the routine with them (catalog.Function.Specialize); handlers keep
// one compiled body per set of actual types (fnKey).
//
// It may import engine/internal/{catalog,expr,hypo,plpgsql,routine,storage,
// translate,types}, internal/pgtree, internal/pgerror and go-mysql-server
// (body statements run through it), never engine/internal/session.
// engine/internal/routine stays the GMS-free contract between the engine
// and language handlers; engine/internal/plpgsql stays the interpreter,
// independent of the session.
package routines
