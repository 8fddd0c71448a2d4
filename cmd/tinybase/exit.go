package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/migrations"
)

// Exit codes (documented in README.md, "Exit codes").
const (
	exitOK          = 0
	exitFailed      = 1  // the candidate (or a SQL script) does not apply
	exitUsage       = 2  // bad flags, arguments, migration name or configuration
	exitUnreadable  = 3  // project, migrations folder or candidate file missing or unreadable
	exitDuplicate   = 4  // two migration files with the same version
	exitEmpty       = 5  // the candidate has no SQL statements
	exitPriorFailed = 6  // a prior migration (or the seed) does not apply
	exitTimeout     = 7  // validation or replay exceeded --timeout
	exitTxnControl  = 8  // the candidate contains BEGIN/COMMIT/ROLLBACK/SAVEPOINT
	exitStrict      = 9  // warnings under --strict
	exitDrift       = 10 // applied migrations do not match local files
	exitServer      = 11 // a server could not start (port in use, ...)
)

// exitError is a failure with its exit code and one line for stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func fail(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// classify maps an error from the project/migrations layer to its exit code.
func classify(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	var de *migrations.DirError
	var dup *migrations.DuplicateVersionError
	var fe *migrations.FileError
	var drift *migrations.DriftError
	var dd *tinybase.DataDirError
	switch {
	case errors.As(err, &de):
		return &exitError{exitUnreadable, err.Error()}
	case errors.As(err, &dup):
		return &exitError{exitDuplicate, err.Error()}
	case errors.As(err, &fe):
		if fe.Problem.SQLState == "57014" && (errors.Is(fe.Err, context.DeadlineExceeded) || fe.Problem.Message == "canceling statement due to statement timeout") {
			return &exitError{exitTimeout, err.Error()}
		}
		return &exitError{exitPriorFailed, err.Error()}
	case errors.As(err, &drift):
		return &exitError{exitDrift, err.Error()}
	case errors.As(err, &dd):
		return &exitError{exitServer, err.Error()}
	case errors.Is(err, context.DeadlineExceeded):
		return &exitError{exitTimeout, "timed out: " + err.Error()}
	}
	return &exitError{exitFailed, err.Error()}
}

// outcomeExit is the exit code of a validation outcome.
func outcomeExit(o migrations.Outcome) int {
	switch o {
	case migrations.OutcomeOK:
		return exitOK
	case migrations.OutcomePriorFailed:
		return exitPriorFailed
	case migrations.OutcomeTimeout:
		return exitTimeout
	case migrations.OutcomeEmpty:
		return exitEmpty
	case migrations.OutcomeTxnControl:
		return exitTxnControl
	case migrations.OutcomeWarnings:
		return exitStrict
	}
	return exitFailed
}
