// Package inbox is tinybase's local mail catcher: the stand-in for the
// Supabase CLI's [inbucket] service (Mailpit in current CLI releases).
//
// The auth server delivers every email it would send (confirmation,
// magic link, recovery, invite, email change, reauthentication) to a
// Store instead of an SMTP server. The Store keeps the newest messages in
// memory, bounded, and Handler serves them on the inbucket port: an HTML
// page listing the messages and showing one, and the subset of Mailpit's
// REST API (/api/v1/messages, /api/v1/message/{ID}, /api/v1/search) that
// end-to-end test suites read confirmation links with, and Inbucket's
// /api/v1/mailbox/{name} for suites written against older CLI releases.
// Field names and response shapes follow those APIs; nothing here speaks
// SMTP or POP3.
package inbox
