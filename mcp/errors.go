package mcp

import (
	"encoding/json"
	"errors"
	"unicode/utf8"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

// Error is a tool's failure as the agent receives it: PostgreSQL's error
// fields where there is one, plus where in the submitted SQL it happened.
// Over MCP it is the text of an isError result: {"error": {...}}.
type Error struct {
	SQLState string `json:"sqlstate,omitempty"`
	Message  string `json:"message"`
	Detail   string `json:"detail,omitempty"`
	Hint     string `json:"hint,omitempty"`
	// Context, InternalQuery and InternalPosition are PostgreSQL's
	// CONTEXT lines and the failing statement inside a function (psql's
	// QUERY line), as migrations.Problem has them.
	Context          string `json:"context,omitempty"`
	InternalQuery    string `json:"internal_query,omitempty"`
	InternalPosition int    `json:"internal_position,omitempty"`
	Statement        string `json:"statement,omitempty"`
	// Position is the 1-based character offset in the submitted SQL;
	// Line and Column are derived from it (0 when unknown).
	Position int `json:"position,omitempty"`
	Line     int `json:"line,omitempty"`
	Column   int `json:"column,omitempty"`
	// Outcome is the validation outcome for migration tools
	// (candidate_failed, prior_failed, timeout, empty, ...).
	Outcome string `json:"outcome,omitempty"`
	// Prior names the prior migration file that failed to apply.
	Prior string `json:"prior,omitempty"`
	// Written is always false for a failed apply_migration: the agent
	// reads in the same turn that no file exists.
	Written *bool `json:"written,omitempty"`
}

// Error returns the JSON form, which is what an MCP client shows.
func (e *Error) Error() string {
	b, err := json.Marshal(struct {
		Error *Error `json:"error"`
	}{e})
	if err != nil {
		return e.Message
	}
	return string(b)
}

// errorf is a tool error without SQLSTATE (bad arguments).
func errorf(msg string) *Error { return &Error{Message: msg} }

// sqlError turns an engine error from running stmt (at byte offset off of
// script) into an Error with the position relative to script.
func sqlError(err error, script string, st engine.Statement) *Error {
	var pe *engine.Error
	if !errors.As(err, &pe) {
		return &Error{SQLState: "XX000", Message: err.Error()}
	}
	e := &Error{SQLState: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint, Statement: st.SQL,
		Context: pe.Where, InternalQuery: pe.InternalQuery, InternalPosition: pe.InternalPosition}
	start := utf8.RuneCountInString(script[:min(st.Offset, len(script))])
	pos := start + 1 // the statement's start when PostgreSQL gives no position
	if pe.Position > 0 {
		pos = start + pe.Position
	}
	e.Position = pos
	e.Line, e.Column = migrations.LineColumn(script, pos)
	return e
}

// problemError is a failed validation.
func problemError(res *migrations.Result) *Error {
	no := false
	e := &Error{Outcome: string(res.Outcome), Prior: res.Prior, Written: &no}
	if p := res.Problem; p != nil {
		e.SQLState, e.Message, e.Detail, e.Hint, e.Statement = p.SQLState, p.Message, p.Detail, p.Hint, p.Statement
		e.Context, e.InternalQuery, e.InternalPosition = p.Context, p.InternalQuery, p.InternalPosition
		e.Position, e.Line, e.Column = p.Position, p.Line, p.Column
	}
	if res.Outcome == migrations.OutcomeWarnings && e.Message == "" {
		e.Message = "the migration applies but has warnings"
	}
	return e
}

// catalogError is the failure of one of the tools' own catalog queries:
// the error's fields, no position (the agent did not write that SQL).
func catalogError(err error) *Error {
	var pe *engine.Error
	if errors.As(err, &pe) {
		return &Error{SQLState: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint, Context: pe.Where}
	}
	return &Error{SQLState: "XX000", Message: err.Error()}
}
