package extensions

import (
	"encoding/json"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// gqlAggOps are the aggregates of <T>Aggregate besides count, with the
// type-name part and the descriptions pg_graphql 1.5 gives them.
var gqlAggOps = []struct{ field, typePart, term, fieldDesc string }{
	{"sum", "Sum", "summation", "Summation aggregates for numeric fields"},
	{"avg", "Avg", "average", "Average aggregates for numeric fields"},
	{"min", "Min", "minimum", "Minimum aggregates for comparable fields"},
	{"max", "Max", "maximum", "Maximum aggregates for comparable fields"},
}

// aggType is the GraphQL type of op over col, "" when op does not
// apply: sum and avg take numbers, min and max anything ordered.
func aggType(col *gqlCol, op string) string {
	if col.array || col.enum != nil {
		return ""
	}
	numeric := false
	switch col.typName {
	case "int2", "int4", "int8", "float4", "float8", "numeric":
		numeric = true
	}
	switch op {
	case "sum":
		switch {
		case !numeric:
			return ""
		case col.typName == "int2" || col.typName == "int4" || col.typName == "int8":
			return "BigInt"
		}
		return "BigFloat"
	case "avg":
		if numeric {
			return "BigFloat"
		}
		return ""
	}
	switch col.typName {
	case "int2", "int4":
		return "Int"
	case "int8":
		return "BigInt"
	case "float4", "float8", "numeric":
		return "BigFloat"
	case "text", "varchar", "char", "bpchar", "name", "citext":
		return "String"
	case "date":
		return "Date"
	case "time", "timetz":
		return "Time"
	case "timestamp", "timestamptz":
		return "Datetime"
	case "bool":
		return "Boolean"
	}
	return ""
}

func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// aggregateTypes adds <T>Aggregate and its <T><Op>AggregateResult types.
func (s *gqlSchema) aggregateTypes(ts *gqlTypes, t *gqlTable) {
	n := t.typeName
	agg := &gqlType{kind: "OBJECT", name: n + "Aggregate", description: "Aggregate results for `" + n + "`",
		fields: []*gqlField{{name: "count", description: "The number of records matching the query", typ: nonNull(named("Int"))}}}
	for _, op := range gqlAggOps {
		res := &gqlType{kind: "OBJECT", name: n + op.typePart + "AggregateResult",
			description: "Result of " + op.term + " aggregation for `" + n + "`"}
		for _, c := range t.cols {
			if at := aggType(c, op.field); at != "" {
				res.fields = append(res.fields, &gqlField{name: c.field, typ: named(at),
					description: capitalize(op.term) + " of " + c.field + " across all matching records"})
			}
		}
		if len(res.fields) == 0 {
			continue
		}
		agg.fields = append(agg.fields, &gqlField{name: op.field, description: op.fieldDesc, typ: named(res.name)})
		ts.add(res)
	}
	ts.add(agg)
}

// aggregate answers the aggregate field of a connection over the rows
// of from matching where (pagination does not apply).
func (r *gqlRun) aggregate(t *gqlTable, f *ast.Field, from, where string) (any, error) {
	if !t.aggregate {
		return nil, gqlErrorf("enable the aggregate directive to use aggregates")
	}
	aggName := t.typeName + "Aggregate"
	fs, err := r.fields(f.SelectionSet, aggName)
	if err != nil {
		return nil, err
	}
	// collect the select list, then place each value where it belongs
	var exprs []string
	type slot struct {
		obj gqlObj
		key string
	}
	var slots []slot
	out := gqlObj{}
	for _, sf := range fs {
		switch sf.Name {
		case "__typename":
			out[key(sf)] = aggName
			continue
		case "count":
			exprs = append(exprs, "pg_catalog.to_jsonb(count(*))")
			slots = append(slots, slot{out, key(sf)})
			continue
		}
		var op string
		for _, o := range gqlAggOps {
			if o.field == sf.Name {
				op = o.field
			}
		}
		resName := ""
		for _, o := range gqlAggOps {
			if o.field == op {
				resName = t.typeName + o.typePart + "AggregateResult"
			}
		}
		if op == "" {
			return nil, gqlErrorf("Unknown field %q on type %s", sf.Name, aggName)
		}
		cfs, err := r.fields(sf.SelectionSet, resName)
		if err != nil {
			return nil, err
		}
		obj := gqlObj{}
		out[key(sf)] = obj
		for _, cf := range cfs {
			if cf.Name == "__typename" {
				obj[key(cf)] = resName
				continue
			}
			col, ok := t.fields[cf.Name]
			if !ok || aggType(col, op) == "" {
				return nil, gqlErrorf("Unknown field %q on type %s", cf.Name, resName)
			}
			fn := op
			if col.typName == "bool" {
				fn = map[string]string{"min": "bool_and", "max": "bool_or"}[op]
			}
			exprs = append(exprs, "pg_catalog.to_jsonb("+fn+"(t."+gqlIdent(col.name)+"))")
			slots = append(slots, slot{obj, key(cf)})
		}
	}
	if len(exprs) == 0 {
		return out, nil
	}
	res, err := r.c.Query(r.ctx, "SELECT "+strings.Join(exprs, ", ")+" FROM "+from+" t"+where, nil, nil)
	if err != nil {
		return nil, err
	}
	for i, sl := range slots {
		sl.obj[sl.key] = trimNumber(rawJSON(res.Rows[0][i]))
	}
	return out, nil
}

// trimNumber drops the trailing zeros of a JSON number's fraction
// (avg of integers is numeric with 16 places; pg_graphql prints 2.5).
func trimNumber(raw json.RawMessage) json.RawMessage {
	s := string(raw)
	if s == "" || (s[0] != '-' && (s[0] < '0' || s[0] > '9')) || !strings.Contains(s, ".") || strings.ContainsAny(s, "eE") {
		return raw
	}
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	return json.RawMessage(s)
}
