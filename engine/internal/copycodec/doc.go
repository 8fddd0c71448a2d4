// Package copycodec reads and writes COPY's data formats as PostgreSQL
// defines them (PostgreSQL docs: SQL Commands, COPY, "File Formats"):
//
//   - text: one line per row, fields split by the delimiter (tab by
//     default), backslash escapes (\b \f \n \r \t \v, octal \NNN, hex
//     \xHH, any other byte taken literally), NULL written as \N (or the
//     NULL option's string), and \. ending the data;
//   - CSV: fields split by the delimiter (comma by default), quoted with
//     QUOTE (doubled, or preceded by ESCAPE, inside a quoted field),
//     records that may span lines inside quotes, an optional HEADER line,
//     an unquoted empty field as NULL unless FORCE_NULL names the column;
//   - binary: the 11-byte signature "PGCOPY\n\377\r\n\0", flags and a
//     header extension, then tuples of a 16-bit field count and
//     length-prefixed fields (-1 for NULL), ended by a count of -1.
//
// It owns the COPY options (FORMAT, DELIMITER, NULL, HEADER, QUOTE, ESCAPE,
// FORCE_NULL; FORCE_QUOTE, FORCE_NOT_NULL, FREEZE and ENCODING are
// accepted) and their validation errors, an incremental Reader that splits
// a COPY FROM stream into records however the client chunks it, and the
// Append functions that format COPY TO rows.
//
// It is pure: it knows bytes and strings, not tables, sessions, SQL or
// data types. A binary field is handed over as its bytes; the caller
// converts it with the column type's receive function. It imports only
// internal/pgerror, so its errors carry PostgreSQL's SQLSTATEs and
// messages.
package copycodec
