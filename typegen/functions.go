package typegen

import (
	"context"
	"fmt"
	"strconv"
)

// loadFunctions reads pg_proc as postgres-meta's functions.sql does: every
// argument with its mode, name ("" when unnamed), type and whether it has a
// default (postgres-meta pairs pronargdefaults with all arguments,
// including OUT ones; that is reproduced).
func (c *catalog) loadFunctions(ctx context.Context, q querier) error {
	_, rows, err := q.query(ctx, qFuncs)
	if err != nil {
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
