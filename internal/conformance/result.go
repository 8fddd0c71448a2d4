package conformance

// Result is what one statement produced: either a successful outcome (Tag,
// Columns, Rows) or an Error. It is also one record of a golden file.
type Result struct {
	// N is the statement's 1-based ordinal within its file.
	N int `json:"n"`
	// SQL is the statement text as sent.
	SQL string `json:"sql"`
	// Tag is the command tag, e.g. "SELECT 2", "INSERT 0 1", "CREATE TABLE".
	Tag string `json:"tag,omitempty"`
	// Ordered reports that the statement has a top-level ORDER BY, so its
	// rows compare in order rather than as a multiset.
	Ordered bool `json:"ordered,omitempty"`
	// Columns describes the result set; empty for statements without one.
	Columns []Column `json:"columns,omitempty"`
	// Rows holds the values in PostgreSQL text format; nil is SQL NULL.
	Rows [][]*string `json:"rows,omitempty"`
	// Error is set when the statement failed.
	Error *Error `json:"error,omitempty"`
	// Notices are NOTICE/WARNING messages raised by the statement. They are
	// recorded for readers but not compared.
	Notices []string `json:"notices,omitempty"`
	// NoticeCodes are the notices' SQLSTATEs, in the same order.
	NoticeCodes []string `json:"notice_codes,omitempty"`

	// Failure is set when the statement could not be run at all (panic,
	// timeout, an error without SQLSTATE). It is never stored in goldens.
	Failure string `json:"-"`
}

// Column is one result column: its name and its type as PostgreSQL's
// format_type(oid, typmod) prints it, e.g. "character varying(20)".
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Error is a statement's error as an ErrorResponse carries it. Code takes
// part in comparison. Files that opt in (File.Context) also record and
// compare what a coding agent reads beside the message: Where (the
// CONTEXT lines), Detail, Hint, and InternalQuery / InternalPosition
// (psql's QUERY line); other files leave them out.
type Error struct {
	Code             string `json:"code"`
	Message          string `json:"message"`
	Position         int    `json:"position,omitempty"`
	Where            string `json:"where,omitempty"`
	Detail           string `json:"detail,omitempty"`
	Hint             string `json:"hint,omitempty"`
	InternalQuery    string `json:"internal_query,omitempty"`
	InternalPosition int    `json:"internal_position,omitempty"`
}

// dropContext clears the fields only context files record.
func (e *Error) dropContext() {
	e.Where, e.Detail, e.Hint, e.InternalQuery, e.InternalPosition = "", "", "", "", 0
}

// Success reports whether the statement completed without error.
func (r *Result) Success() bool { return r.Error == nil && r.Failure == "" }
