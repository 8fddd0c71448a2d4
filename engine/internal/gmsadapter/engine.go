package gmsadapter

import (
	"sync"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/variables"
)

// NewEngine builds the GMS engine that plans and runs translated
// statements with analyzer a and parser p (the session's wrapper of
// Parser), as sqle.New builds it less the work tinybase has no use for:
// sqle.New resets every MySQL status variable (process-wide; ~250 µs per
// engine after the first, each reset of a session-scoped one building an
// error with a stack trace) and builds a session (~700 MySQL system
// variables) only to register MySQL's version() and locking functions in
// the catalog, which tinybase never reaches: its function provider
// resolves every name first, and names it does not know fail in
// translation. The status variables are initialised once per process,
// since GMS's process list counts threads in them. The engine's
// unexported mutex stays nil: it guards only CloseSession's
// prepared-statement data, which tinybase does not use (it keeps its own).
func NewEngine(a *analyzer.Analyzer, p sql.Parser) *sqle.Engine {
	initStatusVariables.Do(func() {
		if sql.StatusVariables == nil {
			variables.InitStatusVariables()
		}
	})
	g := &sqle.Engine{
		Analyzer:          a,
		MemoryManager:     sql.NewMemoryManager(sql.ProcessMemory),
		ProcessList:       sqle.NewProcessList(),
		LS:                sql.NewLockSubsystem(),
		BackgroundThreads: sql.NewBackgroundThreads(),
		PreparedDataCache: sqle.NewPreparedDataCache(),
		Parser:            p,
	}
	a.Runner = g
	return g
}

// initStatusVariables guards GMS's process-wide status variables' first
// initialisation (NewEngine).
var initStatusVariables sync.Once
