// Package studio is tinybase's local dashboard, the part of Supabase Studio
// a developer uses every day against `supabase start`: a table editor with
// a "view as" role switch, a SQL editor that can validate and save a
// migration, policies and advisors, auth users, a schema diagram, logs,
// migrations, storage and the mail inbox.
//
// It is an http.Handler: static assets (plain HTML, CSS and vanilla
// JavaScript modules, embedded, no build step, no external requests) and a
// small JSON API under /api/ that runs SQL on the engine server-side, so
// no key ever reaches the browser. Identifiers are quoted with
// engine.QuoteIdent and values passed as parameters; the SQL editor's text
// is the only SQL a user writes. Every request whose Host or Origin is not
// loopback or the configured host is refused (DNS rebinding).
//
// Statements as a role run the way PostgREST runs them: one transaction
// with role and request.jwt.claims set locally (postgrest.EngineExecutor).
// Auth users and storage go through the GoTrue and Storage HTTP APIs of
// the running server with the service_role key, server-side.
package studio
