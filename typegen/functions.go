package typegen

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// routineSource is the engine's direct view of its functions, used while
// its pg_catalog has no pg_proc.
type routineSource interface {
	routines() []engine.Routine
}

func (q sessionQuerier) routines() []engine.Routine { return q.s.Routines() }

var argModes = map[byte]string{'i': "in", 'o': "out", 'b': "inout", 'v': "variadic", 't': "table"}

// functionsFromEngine builds what loadFunctions reads from pg_proc out of
// the engine's routines, including pg_get_function_arguments and
// pg_get_function_result's text.
func (c *catalog) functionsFromEngine(rs []engine.Routine) {
	for _, r := range rs {
		if r.Procedure {
			continue
		}
		f := &function{oid: r.OID, schema: r.Schema, name: r.Name, retType: r.ResultOID, retSet: r.ReturnsSet, rows: r.Rows}
		if f.retSet && f.rows == 0 {
			f.rows = 1000 // PostgreSQL's default ROWS for set-returning functions
		}
		var argText, tableCols []string
		for _, a := range r.Args {
			mode := argModes[a.Mode]
			if mode == "" {
				mode = "in"
			}
			if mode == "in" || mode == "inout" || mode == "variadic" {
				f.nargs++
				if a.HasDefault {
					f.ndefaults++
				}
			}
			f.args = append(f.args, funcArg{mode: mode, name: a.Name, typeID: a.TypeOID})
			if mode == "table" {
				tableCols = append(tableCols, strings.TrimSpace(a.Name+" "+a.TypeName))
				continue
			}
			t := a.TypeName
			if a.Name != "" {
				t = a.Name + " " + t
			}
			if mode != "in" {
				t = strings.ToUpper(mode) + " " + t
			}
			if a.HasDefault {
				t += " DEFAULT " + a.Default
			}
			argText = append(argText, t)
		}
		for i := range f.args {
			f.args[i].hasDefault = i >= f.nargs-f.ndefaults && i < f.nargs
		}
		f.argTypesStr = strings.Join(argText, ", ")
		switch {
		case len(tableCols) > 0:
			f.resultStr = "TABLE(" + strings.Join(tableCols, ", ") + ")"
		case r.ReturnsSet:
			f.resultStr = "SETOF " + r.ResultName
		default:
			f.resultStr = r.ResultName
		}
		if f.resultStr == "trigger" || f.resultStr == "event_trigger" {
			continue
		}
		c.funcs = append(c.funcs, f)
	}
}

// loadFunctions reads pg_proc as postgres-meta's functions.sql does: every
// argument with its mode, name ("" when unnamed), type and whether it has a
// default (postgres-meta pairs pronargdefaults with all arguments,
// including OUT ones; that is reproduced). An engine without pg_proc has
// no functions.
func (c *catalog) loadFunctions(ctx context.Context, q querier) error {
	_, rows, err := q.query(ctx, qFuncs)
	if err != nil {
		// an engine without pg_proc, or without pg_get_function_arguments
		// and pg_get_function_result: read its routines directly
		rs, engineRoutines := q.(routineSource)
		if undefinedTable(err) || engineRoutines && sqlState(err) == "42883" {
			if engineRoutines {
				c.functionsFromEngine(rs.routines())
			}
			return nil
		}
		return fmt.Errorf("typegen: reading the catalog: %w", err)
	}
	for _, r := range rows {
		f := &function{
			oid: atoiU(r[0]), schema: c.namespaces[atoiU(r[1])], name: str(r[2]), retType: atoiU(r[3]),
			retSet: boolean(r[4]), nargs: atoi(r[6]), ndefaults: atoi(r[7]),
			argTypesStr: str(r[11]), resultStr: str(r[12]),
		}
		f.rows, _ = strconv.ParseFloat(str(r[5]), 64)
		types := parseArray(r[8])
		modes := parseArray(r[9])
		names := parseArray(r[10])
		for i, t := range types {
			n, _ := strconv.ParseUint(t, 10, 32)
			a := funcArg{mode: "in", typeID: uint32(n)}
			if i < len(modes) {
				a.mode = map[string]string{"i": "in", "o": "out", "b": "inout", "v": "variadic"}[modes[i]]
				if a.mode == "" {
					a.mode = "table"
				}
			}
			if i < len(names) {
				a.name = names[i]
			}
			a.hasDefault = i >= f.nargs-f.ndefaults && i < f.nargs
			f.args = append(f.args, a)
		}
		if f.resultStr == "trigger" || f.resultStr == "event_trigger" {
			continue
		}
		c.funcs = append(c.funcs, f)
	}
	return nil
}
