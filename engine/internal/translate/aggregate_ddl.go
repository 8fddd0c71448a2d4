package translate

import (
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateAggregate is CREATE [OR REPLACE] AGGREGATE (docs: SQL Commands,
// CREATE AGGREGATE), its support functions named, not yet resolved: the
// engine looks them up with the argument types their roles give them.
type CreateAggregate struct {
	Replace bool
	// Fn carries the name and input parameters; the engine fills in the
	// rest of the pg_proc row.
	Fn catalog.Function
	// SFunc ... MFinalFunc are the support functions' names (zero when
	// not given).
	SFunc, FinalFunc, CombineFunc, SerialFunc, DeserialFunc catalog.QName
	MSFunc, MInvFunc, MFinalFunc                            catalog.QName
	SType, MSType                                           *types.Type
	InitCond, MInitCond                                     *string
	FinalExtra, MFinalExtra                                 bool
	FinalModify, MFinalModify                               byte
	SortOp                                                  string
	SSpace, MSSpace                                         int32
	// Unrecognized are attribute names PostgreSQL warns about and
	// ignores.
	Unrecognized []string
}

func (*CreateAggregate) command()        {}
func (*CreateAggregate) catalogCommand() {}

// createAggregate translates CREATE AGGREGATE, new style
// (name(argtypes) (...)) and old style ((BASETYPE = t, ...)).
func (t *Translator) createAggregate(d *pg.DefineStmt) Result {
	q := listQName(d.Defnames)
	c := &CreateAggregate{Replace: d.Replace, Fn: catalog.Function{Schema: q.Schema, Name: q.Name, Kind: catalog.KindAggregate,
		Language: "internal", Body: "aggregate_dummy", Volatility: catalog.Immutable, Cost: 1, Parallel: 'u'}}
	if !d.Oldstyle && len(d.Args) > 0 {
		if l := d.Args[0].GetList(); l != nil {
			for _, a := range l.Items {
				fp := a.GetFunctionParameter()
				if fp == nil {
					continue
				}
				if fp.Mode == pg.FunctionParameterMode_FUNC_PARAM_OUT || fp.Mode == pg.FunctionParameterMode_FUNC_PARAM_INOUT {
					fail(pgerror.New(pgerror.FeatureNotSupported, "aggregates cannot have output arguments"))
				}
				mode := catalog.ModeIn
				if fp.Mode == pg.FunctionParameterMode_FUNC_PARAM_VARIADIC {
					mode = catalog.ModeVariadic
				}
				c.Fn.Args = append(c.Fn.Args, catalog.Arg{Name: fp.Name, Mode: mode, Type: t.routineType(fp.ArgType)})
			}
		}
		if len(d.Args) > 1 {
			if n := d.Args[1].GetInteger(); n != nil && n.Ival >= 0 {
				fail(pgerror.New(pgerror.FeatureNotSupported, "ordered-set aggregates (WITHIN GROUP) are not supported yet"))
			}
		}
	}
	var baseType *types.Type
	baseSet := false
	for _, o := range d.Definition {
		de := o.GetDefElem()
		if de == nil {
			continue
		}
		switch name := strings.ToLower(de.Defname); name {
		case "sfunc", "sfunc1":
			c.SFunc = defQName(de)
		case "stype", "stype1":
			c.SType = t.defType(de)
		case "finalfunc":
			c.FinalFunc = defQName(de)
		case "combinefunc":
			c.CombineFunc = defQName(de)
		case "serialfunc":
			c.SerialFunc = defQName(de)
		case "deserialfunc":
			c.DeserialFunc = defQName(de)
		case "msfunc":
			c.MSFunc = defQName(de)
		case "minvfunc":
			c.MInvFunc = defQName(de)
		case "mfinalfunc":
			c.MFinalFunc = defQName(de)
		case "mstype":
			c.MSType = t.defType(de)
		case "initcond", "initcond1":
			v := defWord(de)
			c.InitCond = &v
		case "minitcond":
			v := defWord(de)
			c.MInitCond = &v
		case "finalfunc_extra":
			c.FinalExtra = defBool(de)
		case "mfinalfunc_extra":
			c.MFinalExtra = defBool(de)
		case "finalfunc_modify":
			c.FinalModify = modifyCode(de)
		case "mfinalfunc_modify":
			c.MFinalModify = modifyCode(de)
		case "sortop":
			c.SortOp = defWord(de)
		case "sspace", "msspace":
			n, err := strconv.Atoi(defWord(de))
			if err != nil {
				fail(pgerror.New(pgerror.SyntaxError, "%s requires an integer value", name))
			}
			if name == "sspace" {
				c.SSpace = int32(n)
			} else {
				c.MSSpace = int32(n)
			}
		case "parallel":
			switch strings.ToLower(defWord(de)) {
			case "safe":
				c.Fn.Parallel = 's'
			case "restricted":
				c.Fn.Parallel = 'r'
			case "unsafe":
				c.Fn.Parallel = 'u'
			default:
				fail(pgerror.New(pgerror.InvalidParameterValue, "parameter \"parallel\" must be SAFE, RESTRICTED, or UNSAFE"))
			}
		case "basetype":
			if !d.Oldstyle {
				c.Unrecognized = append(c.Unrecognized, de.Defname)
				continue
			}
			baseSet = true
			if w := defWord(de); strings.EqualFold(w, "any") && de.Arg.GetTypeName() == nil || de.Arg.GetTypeName() != nil && strings.EqualFold(strings.Join(names(de.Arg.GetTypeName().Names), "."), "any") {
				continue // "ANY": no arguments, like count(*)
			}
			baseType = t.defType(de)
		case "hypothetical":
			fail(pgerror.New(pgerror.FeatureNotSupported, "hypothetical-set aggregates are not supported yet"))
		default:
			c.Unrecognized = append(c.Unrecognized, de.Defname)
		}
	}
	if d.Oldstyle {
		if !baseSet {
			fail(pgerror.New(pgerror.InvalidFunctionDefinition, "aggregate input type must be specified"))
		}
		if baseType != nil {
			c.Fn.Args = []catalog.Arg{{Mode: catalog.ModeIn, Type: baseType}}
		}
	}
	if c.SType == nil {
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, "aggregate stype must be specified"))
	}
	if c.SFunc.Name == "" {
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, "aggregate sfunc must be specified"))
	}
	if c.FinalModify == 0 {
		c.FinalModify = 'r'
	}
	if c.MFinalModify == 0 {
		c.MFinalModify = 'r'
	}
	checkAggPoly(c)
	tag := "CREATE AGGREGATE"
	return Result{Cmd: c, Tag: tag}
}

// checkAggPoly is DefineAggregate's rule for a polymorphic transition
// type: an input must be polymorphic of its family to resolve it from.
func checkAggPoly(c *CreateAggregate) {
	fn := catalog.Function{Args: c.Fn.Args, Result: c.SType}
	defer func() {
		if r := recover(); r != nil {
			if pe, ok := r.(*pgerror.Error); ok && pe.Message == "cannot determine result data type" {
				pe.Message = "cannot determine transition data type"
				panic(pe)
			}
			panic(r)
		}
	}()
	checkPolySignature(&fn)
}

func defQName(de *pg.DefElem) catalog.QName {
	if tn := de.Arg.GetTypeName(); tn != nil {
		return listQName(tn.Names)
	}
	if l := de.Arg.GetList(); l != nil {
		return listQName(l.Items)
	}
	return catalog.QName{Name: defWord(de)}
}

func (t *Translator) defType(de *pg.DefElem) *types.Type {
	if tn := de.Arg.GetTypeName(); tn != nil {
		return t.routineType(tn)
	}
	return t.routineType(&pg.TypeName{Names: []*pg.Node{pg.MakeStrNode(defWord(de))}, Location: -1})
}

// defWord is a definition element's value as text.
func defWord(de *pg.DefElem) string {
	if de.Arg == nil {
		return ""
	}
	switch a := de.Arg.Node.(type) {
	case *pg.Node_String_:
		return a.String_.Sval
	case *pg.Node_Integer:
		return strconv.Itoa(int(a.Integer.Ival))
	case *pg.Node_Float:
		return a.Float.Fval
	case *pg.Node_Boolean:
		return strconv.FormatBool(a.Boolean.Boolval)
	case *pg.Node_TypeName:
		return strings.Join(names(a.TypeName.Names), ".")
	case *pg.Node_List:
		return strings.Join(names(a.List.Items), ".")
	}
	return ""
}

func defBool(de *pg.DefElem) bool {
	if de.Arg == nil {
		return true
	}
	switch strings.ToLower(defWord(de)) {
	case "false", "off", "0", "no":
		return false
	}
	return true
}

func modifyCode(de *pg.DefElem) byte {
	switch strings.ToLower(defWord(de)) {
	case "read_only":
		return 'r'
	case "shareable":
		return 's'
	case "read_write":
		return 'w'
	}
	fail(pgerror.New(pgerror.SyntaxError, "parameter \"%s\" must be READ_ONLY, SHAREABLE, or READ_WRITE", de.Defname))
	return 0
}
