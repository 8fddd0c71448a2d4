package routines

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// aggSupport is a resolved support function of an aggregate: a user
// routine or a built-in, by pg_proc OID.
type aggSupport struct {
	oid     uint32
	result  *types.Type
	strict  bool
	builtin string // the built-in's name, "" for a user routine
}

// CreateAggregate is CREATE [OR REPLACE] AGGREGATE (DefineAggregate and
// AggregateCreate): the support functions are looked up with the
// argument types their roles give them, then the aggregate's pg_proc and
// pg_aggregate rows are stored.
func CreateAggregate(s Host, c *translate.CreateAggregate) error {
	for _, u := range c.Unrecognized {
		s.AddNotice(routine.Notice{Severity: "WARNING", Code: "42601", Message: fmt.Sprintf("aggregate attribute %q not recognized", u)})
	}
	fn := c.Fn
	schema, err := s.CreationSchema(fn.Schema)
	if err != nil {
		return err
	}
	fn.Schema, fn.Owner = schema, s.CurrentUser()
	cat := catalogOf(s)
	in := fn.InputTypes()
	st := c.SType
	trans, err := aggFunc(s, cat, c.SFunc, append([]*types.Type{st}, in...))
	if err != nil {
		return err
	}
	if trans.result == nil || trans.result.OID != st.OID {
		return pgerror.New(pgerror.DatatypeMismatch, "return type of transition function %s is not %s", c.SFunc.Display(), st.FormatType())
	}
	if trans.strict && c.InitCond == nil && (len(in) == 0 || in[0].OID != st.OID) {
		return pgerror.New(pgerror.InvalidFunctionDefinition, "must not omit initial value when transition function is strict and transition type is not compatible with input type")
	}
	agg := &catalog.Aggregate{TransFn: trans.oid, TransType: st, InitCond: c.InitCond, FinalExtra: c.FinalExtra, MFinalExtra: c.MFinalExtra,
		FinalModify: c.FinalModify, MFinalModify: c.MFinalModify, TransSpace: c.SSpace, MTransSpace: c.MSSpace, MInitCond: c.MInitCond,
		TransName: trans.builtin, TransStrict: trans.strict && trans.builtin != ""}
	fn.Result = st
	if c.FinalFunc.Name != "" {
		args := []*types.Type{st}
		if c.FinalExtra {
			args = append(args, in...)
		}
		f, err := aggFunc(s, cat, c.FinalFunc, args)
		if err != nil {
			return err
		}
		agg.FinalFn, fn.Result = f.oid, f.result
		agg.FinalName, agg.FinalStrict = f.builtin, f.strict && f.builtin != ""
	}
	if c.CombineFunc.Name != "" {
		f, err := aggFunc(s, cat, c.CombineFunc, []*types.Type{st, st})
		if err != nil {
			return err
		}
		if f.result == nil || f.result.OID != st.OID {
			return pgerror.New(pgerror.DatatypeMismatch, "return type of combine function %s is not %s", c.CombineFunc.Display(), st.FormatType())
		}
		agg.CombineFn = f.oid
	}
	if c.SerialFunc.Name != "" || c.DeserialFunc.Name != "" {
		// tinybase has no type internal, the only transition type they serve
		return pgerror.New(pgerror.InvalidFunctionDefinition, "serialization functions may be specified only when the aggregate transition data type is internal")
	}
	if c.MSFunc.Name != "" || c.MInvFunc.Name != "" || c.MSType != nil {
		if c.MSFunc.Name == "" || c.MInvFunc.Name == "" || c.MSType == nil {
			return pgerror.New(pgerror.InvalidFunctionDefinition, "aggregate msfunc, minvfunc and mstype must be specified together")
		}
		mst := c.MSType
		agg.MTransType = mst
		for _, x := range []struct {
			name catalog.QName
			dst  *uint32
		}{{c.MSFunc, &agg.MTransFn}, {c.MInvFunc, &agg.MInvTransFn}} {
			f, err := aggFunc(s, cat, x.name, append([]*types.Type{mst}, in...))
			if err != nil {
				return err
			}
			*x.dst = f.oid
		}
		if c.MFinalFunc.Name != "" {
			args := []*types.Type{mst}
			if c.MFinalExtra {
				args = append(args, in...)
			}
			f, err := aggFunc(s, cat, c.MFinalFunc, args)
			if err != nil {
				return err
			}
			agg.MFinalFn = f.oid
		}
	}
	if c.InitCond != nil && !st.IsPolymorphic() {
		if _, err := types.Input(st, *c.InitCond, s.TypesEnv()); err != nil {
			return err
		}
	}
	fn.Agg = agg
	var old *catalog.Function
	for _, f := range cat.Functions(catalog.QName{Schema: schema, Name: fn.Name}) {
		if f.SameInputTypes(in) {
			old = f
		}
	}
	if old != nil {
		if !c.Replace {
			return pgerror.New(pgerror.DuplicateFunction, "function %q already exists with same argument types", fn.Name)
		}
		if old.Kind != catalog.KindAggregate {
			word := "function"
			if old.Kind == catalog.KindProcedure {
				word = "procedure"
			}
			return pgerror.New(pgerror.WrongObjectType, "cannot change routine kind").WithDetail("%q is a %s.", fn.Name, word)
		}
		if !sameType(old.Result, fn.Result) {
			return pgerror.New(pgerror.InvalidFunctionDefinition, "cannot change return type of existing function").
				WithHint("Use DROP AGGREGATE %s first.", old.Signature())
		}
		fn.OID, fn.Owner = old.OID, old.Owner
	}
	next, _ := cat.PutFunction(fn)
	setCatalog(s, next)
	return nil
}

// aggFunc finds an aggregate's support function with exactly these
// argument types (lookup_agg_function): a user routine on the search
// path, or a built-in of pg_catalog.
func aggFunc(s Host, cat *catalog.Catalog, q catalog.QName, args []*types.Type) (aggSupport, error) {
	if q.Schema != "pg_catalog" {
		for _, sc := range s.LookupSchemas(q.Schema) {
			for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: q.Name}) {
				if f.Kind != catalog.KindAggregate && f.SameInputTypes(args) {
					if f.Kind == catalog.KindProcedure {
						return aggSupport{}, pgerror.New(pgerror.WrongObjectType, "%s is not a function", f.Signature())
					}
					return aggSupport{oid: f.OID, result: f.Result, strict: f.Strict}, nil
				}
			}
		}
	}
	if q.Schema == "" || q.Schema == "pg_catalog" {
	next:
		for _, p := range pgcatalog.Builtins() {
			if p.Name != q.Name || p.Kind != 'f' || len(p.ArgTypes) != len(args) {
				continue
			}
			for i, a := range p.ArgTypes {
				if a != args[i].OID {
					continue next
				}
			}
			rt, ok := types.ByOID(p.RetType)
			if !ok {
				rt, _ = types.PolyByOID(p.RetType)
			}
			return aggSupport{oid: p.OID, result: rt, strict: p.Strict, builtin: p.Name}, nil
		}
	}
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = a.FormatType()
	}
	return aggSupport{}, pgerror.New(pgerror.UndefinedFunction, "function %s(%s) does not exist", q.Display(), strings.Join(names, ", "))
}
