package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// Provider is the database provider GMS's analyzer sees: storage plus
// the functions tinybase supplies to the planner by name (aggregates and
// window functions through expr.AggCarrier, set-returning functions).
type Provider struct {
	*storage.Provider
	expr.FunctionProvider
}

// WithTableFunctions implements sql.TableFunctionProvider.
func (p Provider) WithTableFunctions(...sql.TableFunction) (sql.TableFunctionProvider, error) {
	return p, nil
}

var _ sql.TableFunctionProvider = Provider{}

// NewProvider is the provider over storage's tables and tinybase's
// functions.
func NewProvider(p *storage.Provider) Provider {
	return Provider{p, expr.FunctionProvider{}}
}
