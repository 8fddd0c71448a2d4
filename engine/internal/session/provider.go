package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// gmsProvider is the database provider GMS's analyzer sees: storage plus
// the functions tinybase supplies to the planner by name (aggregates and
// window functions through expr.AggCarrier, set-returning functions).
type gmsProvider struct {
	*storage.Provider
	expr.FunctionProvider
}

// WithTableFunctions implements sql.TableFunctionProvider.
func (p gmsProvider) WithTableFunctions(...sql.TableFunction) (sql.TableFunctionProvider, error) {
	return p, nil
}

var _ sql.TableFunctionProvider = gmsProvider{}
