package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Explain is EXPLAIN [ ( option [, ...] ) ] statement (docs: SQL Commands,
// EXPLAIN). The session plans Query and prints the plan
// (gmsadapter.Explain); with Analyze it also runs it, in the caller's
// transaction.
type Explain struct {
	Query   *pg.Node
	Analyze bool
	Verbose bool
	Costs   bool
	Timing  bool
	Summary bool
	JSON    bool
	// Settings lists the planner settings changed from their defaults.
	Settings bool
	// Params are the values of the explained statement's parameters.
	Params []any
}

func (*Explain) command() {}

// explain reads EXPLAIN's options as PostgreSQL does: a boolean option
// without a value is true; FORMAT is text, json, yaml or xml.
func explain(s *pg.ExplainStmt) (Result, error) {
	e := &Explain{Query: s.Query, Costs: true, Timing: true}
	timingSet, summarySet := false, false
	for _, o := range s.Options {
		d := o.GetDefElem()
		if d == nil {
			continue
		}
		name := strings.ToLower(d.Defname)
		val := ""
		if d.Arg != nil {
			switch {
			case d.Arg.GetString_() != nil:
				val = strings.ToLower(d.Arg.GetString_().Sval)
			case d.Arg.GetInteger() != nil:
				val = "1"
				if d.Arg.GetInteger().Ival == 0 {
					val = "0"
				}
			case d.Arg.GetBoolean() != nil:
				val = "false"
				if d.Arg.GetBoolean().Boolval {
					val = "true"
				}
			}
		}
		if name == "format" {
			switch val {
			case "text":
				e.JSON = false
			case "json":
				e.JSON = true
			case "yaml", "xml":
				return Result{}, pgerror.New(pgerror.FeatureNotSupported, "EXPLAIN format %q is not supported yet", val)
			default:
				return Result{}, pgerror.New(pgerror.InvalidParameterValue, "unrecognized value for EXPLAIN option \"format\": \"%s\"", val)
			}
			continue
		}
		var b bool
		switch val {
		case "", "true", "on", "1", "yes":
			b = true
		case "false", "off", "0", "no":
			b = false
		default:
			return Result{}, pgerror.New(pgerror.InvalidParameterValue, "%s requires a Boolean value", name)
		}
		switch name {
		case "analyze":
			e.Analyze = b
		case "verbose":
			e.Verbose = b
		case "costs":
			e.Costs = b
		case "timing":
			e.Timing, timingSet = b, true
		case "summary":
			e.Summary, summarySet = b, true
		case "settings":
			e.Settings = b
		case "buffers", "wal":
			// tinybase has no shared buffers or WAL counters per statement
		default:
			return Result{}, pgerror.New(pgerror.SyntaxError, "unrecognized EXPLAIN option \"%s\"", name)
		}
	}
	if timingSet && e.Timing && !e.Analyze {
		return Result{}, pgerror.New(pgerror.InvalidParameterValue, "EXPLAIN option TIMING requires ANALYZE")
	}
	if !timingSet {
		e.Timing = e.Analyze
	}
	if !summarySet {
		e.Summary = e.Analyze
	}
	return Result{Cmd: e, Tag: "EXPLAIN"}, nil
}
