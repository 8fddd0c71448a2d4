package extensions

import (
	"context"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ModulePathname is what MODULE_PATHNAME in a script becomes for the
// extension called name (PostgreSQL substitutes the control file's
// module_pathname, '$libdir/<name>' for the contrib modules).
func ModulePathname(name string) string { return "$libdir/" + name }

// Handler is the language handler of LANGUAGE c: a function's probin
// names an extension's module and its prosrc a link symbol, which binds
// to the extension's Go implementation (Extension.Funcs). It stands in
// for PostgreSQL's dynamic loader (docs 38.10.1, "Dynamic Loading").
type Handler struct{}

var _ routine.Handler = Handler{}

// Resolve finds the Go implementation of a C-language function: the
// errors are PostgreSQL's for a missing file and a missing symbol.
func Resolve(module, symbol string) (Func, error) {
	name := module
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(name, ".so")
	e, ok := Lookup(name)
	if !ok || e.Funcs == nil {
		return nil, pgerror.New("58P01", "could not access file %q: No such file or directory", module)
	}
	f, ok := e.Funcs[symbol]
	if !ok {
		return nil, pgerror.New(pgerror.UndefinedFunction, "could not find function %q in file %q", symbol, module)
	}
	return f, nil
}

// Validate implements routine.Handler: the symbol must exist when the
// function is created (PostgreSQL's fmgr_c_validator loads it).
func (Handler) Validate(_ context.Context, _ routine.Validator, fn *catalog.Function) error {
	_, err := Resolve(fn.Module, fn.Body)
	return err
}

// Call implements routine.Handler.
func (Handler) Call(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	f, err := Resolve(fn.Module, fn.Body)
	if err != nil {
		return routine.Result{}, err
	}
	return f(ctx, c, fn, args, tg)
}
