// Package pgerror holds tinybase's one error type: a PostgreSQL error with a
// SQLSTATE, message, detail, hint, cursor position and the names of the
// objects involved, as PostgreSQL's ErrorResponse carries them
// (PostgreSQL docs, "Error and Notice Message Fields"). Every layer, from the
// translator to the HTTP APIs, passes this value through unchanged.
package pgerror
