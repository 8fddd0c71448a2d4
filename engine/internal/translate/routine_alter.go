package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AlterRoutine is ALTER FUNCTION / PROCEDURE / ROUTINE: RENAME TO, SET
// SCHEMA, OWNER TO, or a list of attribute changes (docs: SQL Commands,
// ALTER FUNCTION).
type AlterRoutine struct {
	Word      string // "function", "procedure", "routine"
	Kind      pg.ObjectType
	Ref       RoutineRef
	Rename    string
	NewSchema string
	Owner     string
	// Attribute changes, nil when not given.
	Volatility *catalog.Volatility
	Strict     *bool
	SecDef     *bool
	Leakproof  *bool
	Parallel   *byte
	Cost, Rows *float64
	Settings   []*pg.VariableSetStmt
}

func (*AlterRoutine) command()        {}
func (*AlterRoutine) catalogCommand() {}

var routineWords = map[pg.ObjectType]string{
	pg.ObjectType_OBJECT_FUNCTION:  "function",
	pg.ObjectType_OBJECT_PROCEDURE: "procedure",
	pg.ObjectType_OBJECT_ROUTINE:   "routine",
	// ALTER AGGREGATE RENAME / SET SCHEMA / OWNER
	pg.ObjectType_OBJECT_AGGREGATE: "aggregate",
}

// alterRoutine translates the ALTER statements on routines; ok is false
// for statements on other objects.
func (t *Translator) alterRoutine(n *pg.Node) (Result, bool) {
	var cmd *AlterRoutine
	switch s := n.Node.(type) {
	case *pg.Node_AlterFunctionStmt:
		a := s.AlterFunctionStmt
		cmd = &AlterRoutine{Kind: a.Objtype, Ref: t.routineRef(a.Func)}
		seen := map[string]bool{}
		for _, o := range a.Actions {
			d := o.GetDefElem()
			if d == nil {
				continue
			}
			if d.Defname != "set" { // AlterFunction: each other action once
				if seen[d.Defname] {
					failAt(d.Location, pgerror.SyntaxError, "conflicting or redundant options")
				}
				seen[d.Defname] = true
			}
			switch d.Defname {
			case "volatility":
				v := map[string]catalog.Volatility{"immutable": catalog.Immutable, "stable": catalog.Stable, "volatile": catalog.Volatile}[strVal(d.Arg)]
				cmd.Volatility = &v
			case "strict":
				b := boolArg(d.Arg)
				cmd.Strict = &b
			case "security":
				b := boolArg(d.Arg)
				cmd.SecDef = &b
			case "leakproof":
				b := boolArg(d.Arg)
				cmd.Leakproof = &b
			case "parallel":
				p := parallelCode(strVal(d.Arg))
				cmd.Parallel = &p
			case "cost":
				f := numArg(d.Arg)
				cmd.Cost = &f
			case "rows":
				f := numArg(d.Arg)
				cmd.Rows = &f
			case "set":
				cmd.Settings = append(cmd.Settings, d.Arg.GetVariableSetStmt())
			}
		}
	case *pg.Node_RenameStmt:
		r := s.RenameStmt
		if routineWords[r.RenameType] == "" {
			return Result{}, false
		}
		cmd = &AlterRoutine{Kind: r.RenameType, Ref: t.routineRef(r.Object.GetObjectWithArgs()), Rename: r.Newname}
	case *pg.Node_AlterObjectSchemaStmt:
		a := s.AlterObjectSchemaStmt
		if routineWords[a.ObjectType] == "" {
			return Result{}, false
		}
		cmd = &AlterRoutine{Kind: a.ObjectType, Ref: t.routineRef(a.Object.GetObjectWithArgs()), NewSchema: a.Newschema}
	case *pg.Node_AlterOwnerStmt:
		a := s.AlterOwnerStmt
		if routineWords[a.ObjectType] == "" {
			return Result{}, false
		}
		cmd = &AlterRoutine{Kind: a.ObjectType, Ref: t.routineRef(a.Object.GetObjectWithArgs()), Owner: a.Newowner.GetRolename()}
		if cmd.Owner == "" {
			cmd.Owner = "postgres"
		}
	default:
		return Result{}, false
	}
	cmd.Word = routineWords[cmd.Kind]
	tag := map[pg.ObjectType]string{pg.ObjectType_OBJECT_FUNCTION: "ALTER FUNCTION", pg.ObjectType_OBJECT_PROCEDURE: "ALTER PROCEDURE",
		pg.ObjectType_OBJECT_ROUTINE: "ALTER ROUTINE", pg.ObjectType_OBJECT_AGGREGATE: "ALTER AGGREGATE"}[cmd.Kind]
	return Result{Cmd: cmd, Tag: tag}, true
}

// ApplyRoutineSetting applies a SET / RESET clause of ALTER FUNCTION to
// a proconfig list.
func ApplyRoutineSetting(cfg []string, v *pg.VariableSetStmt) []string {
	out, _ := (&Translator{}).routineSetting(v, cfg)
	return out
}

// parallelCode is proparallel's letter for PARALLEL SAFE / RESTRICTED /
// UNSAFE.
func parallelCode(word string) byte {
	switch strings.ToLower(word) {
	case "safe":
		return 's'
	case "restricted":
		return 'r'
	}
	return 'u'
}
