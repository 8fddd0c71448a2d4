package typegen

import (
	"fmt"
	"sort"
	"strings"
)

// validUnnamedArgTypes are json, jsonb and text: PostgREST calls a function
// with one unnamed argument of these types with the request body.
var validUnnamedArgTypes = map[uint32]bool{114: true, 3802: true, 25: true}

func (g *gen) relationType(oid uint32) *pgType {
	if t, ok := g.c.types[oid]; ok && t.included && t.relid != 0 {
		return t
	}
	return nil
}

// tableNameFromRelationID is postgres-meta's getTableNameFromRelationId.
func (g *gen) tableNameFromRelationID(relID, retType uint32) (string, bool) {
	if relID == 0 {
		return "", false
	}
	if r, ok := g.tableLike[relID]; ok {
		return r.name, true
	}
	if t := g.relationType(retType); t != nil {
		return t.name, true
	}
	return "", false
}

func (g *gen) retRelID(f *function) uint32 {
	if t, ok := g.c.types[f.retType]; ok {
		return t.relid
	}
	return 0
}

// fnIncluded is postgres-meta's filter of the functions PostgREST can call.
func (g *gen) fnIncluded(fi *fnInfo) bool {
	in := fi.inArgs
	if len(in) == 0 {
		return true
	}
	allNamed := true
	for _, a := range in {
		if a.name == "" {
			allNamed = false
		}
	}
	if allNamed {
		return true
	}
	every := true
	for _, a := range in {
		if a.name == "" && !(a.hasDefault && validUnnamedArgTypes[a.typeID]) {
			every = false
		}
	}
	if every {
		return true
	}
	return len(in) == 1 && in[0].name == "" && (validUnnamedArgTypes[in[0].typeID] || g.relationType(in[0].typeID) != nil)
}

func (g *gen) argTsType(schema string, typeID uint32) tsType {
	if name, ok := g.c.typeName(typeID); ok {
		return g.pgTypeToTs(schema, name)
	}
	return single("unknown")
}

// functionReturnType is postgres-meta's getFunctionReturnType.
func (g *gen) functionReturnType(si *schemaInfo, f *function) tsType {
	var tableArgs []funcArg
	for _, a := range f.args {
		if a.mode == "table" {
			tableArgs = append(tableArgs, a)
		}
	}
	if len(tableArgs) > 0 {
		var members []*doc
		for _, a := range tableArgs {
			members = append(members, prop(a.name, false, g.argTsType(si.name, a.typeID)))
		}
		return tsType{members: []*doc{object(true, members)}}
	}
	relID := g.retRelID(f)
	var rel *relation
	for _, r := range append(append([]*relation(nil), si.tables...), si.views...) {
		if relID != 0 && r.oid == relID {
			rel = r
			break
		}
	}
	if rel != nil {
		var members []*doc
		for _, col := range g.sortedCols(rel) {
			members = append(members, g.column(si.name, col, g.isNullable(col), false))
		}
		return tsType{members: []*doc{object(true, members)}}
	}
	if name, ok := g.c.typeName(f.retType); ok {
		return g.pgTypeToTs(si.name, name)
	}
	return single("unknown")
}

func (g *gen) returnsMultipleRows(f *function) bool { return f.retSet && f.rows > 1 }

// functionTsReturnType is postgres-meta's getFunctionTsReturnType: the
// return type, `[]` for sets, and SetofOptions for functions returning or
// taking table rows.
func (g *gen) functionTsReturnType(f *function, args []funcArg, ret tsType) []*doc {
	var setof *doc
	relID := g.retRelID(f)
	retName, hasRet := g.tableNameFromRelationID(relID, f.retType)
	returnsSetOfTable := f.retSet && relID != 0
	multi := g.returnsMultipleRows(f)
	setofDoc := func(from, to string, oneToOne, setofReturn bool) *doc {
		return propDoc("SetofOptions", object(true, []*doc{
			propDoc("from", txt(strLit(from))),
			propDoc("to", txt(strLit(to))),
			propDoc("isOneToOne", txt(fmt.Sprint(oneToOne))),
			propDoc("isSetofReturn", txt(fmt.Sprint(setofReturn))),
		}))
	}
	if hasRet {
		setof = setofDoc("*", retName, !multi, f.retSet)
	}
	if len(args) == 1 {
		if rt := g.relationType(args[0].typeID); rt != nil {
			source := g.formatType(rt)
			if returnsSetOfTable && hasRet {
				setof = setofDoc(source, retName, !multi, true)
			} else if hasRet && !returnsSetOfTable {
				setof = setofDoc(source, retName, true, false)
			}
		}
	}
	if f.retSet && multi {
		ms := append([]*doc(nil), ret.members...)
		ms[len(ms)-1] = cat(ms[len(ms)-1], txt("[]"))
		ret = tsType{members: ms}
	}
	out := []*doc{propDoc("Returns", ret.doc())}
	if setof != nil {
		out = append(out, setof)
	}
	return out
}

// formatType is format_type(oid, null) for a row type: the relation name,
// schema-qualified when it is not on the default search path.
func (g *gen) formatType(t *pgType) string {
	if t.schema == "public" || t.schema == "pg_catalog" {
		return t.name
	}
	return t.schema + "." + t.name
}

func (g *gen) argsDoc(si *schemaInfo, in []funcArg) *doc {
	if len(in) == 0 {
		return txt("never")
	}
	var members []*doc
	for _, a := range in {
		members = append(members, prop(a.name, a.hasDefault, g.argTsType(si.name, a.typeID)))
	}
	return object(false, members)
}

func (g *gen) conflictError(si *schemaInfo, fns []*fnInfo, fi *fnInfo) string {
	if len(fns) <= 1 {
		return ""
	}
	in := fi.inArgs
	if len(in) == 0 {
		for _, o := range fns {
			if o != fi && len(o.inArgs) == 1 && o.inArgs[0].name == "" && o.inArgs[0].hasDefault {
				rt, ok := g.c.typeName(o.fn.retType)
				if !ok {
					rt = "unknown"
				}
				return fmt.Sprintf("Could not choose the best candidate function between: %s.%s(), %s.%s( => %s). Try renaming the parameters or the function itself in the database so function overloading can be resolved", si.name, fi.fn.name, si.name, fi.fn.name, rt)
			}
		}
	}
	if len(in) == 1 && in[0].name != "" {
		all := []*fnInfo{fi}
		for _, o := range fns {
			if o != fi && len(o.inArgs) == 1 && o.inArgs[0].name == in[0].name && o.inArgs[0].typeID != in[0].typeID {
				all = append(all, o)
			}
		}
		if len(all) > 1 {
			sort.SliceStable(all, func(i, j int) bool { return all[i].inArgs[0].typeID < all[j].inArgs[0].typeID })
			var list []string
			for _, f := range all {
				var args []string
				for _, a := range f.inArgs {
					tn, ok := g.c.typeName(a.typeID)
					if !ok {
						tn = "unknown"
					}
					args = append(args, a.name+" => "+tn)
				}
				list = append(list, fmt.Sprintf("%s.%s(%s)", si.name, fi.fn.name, strings.Join(args, ", ")))
			}
			return "Could not choose the best candidate function between: " + strings.Join(list, ", ") + ". Try renaming the parameters or the function itself in the database so function overloading can be resolved"
		}
	}
	return ""
}

func (g *gen) hasTableRowError(fi *fnInfo) bool {
	in := fi.inArgs
	if len(in) == 1 && in[0].name == "" && g.relationType(in[0].typeID) != nil {
		_, ok := g.tableNameFromRelationID(g.retRelID(fi.fn), fi.fn.retType)
		return !ok
	}
	return false
}

func errorType(msg string) tsType {
	return tsType{members: []*doc{cat(object(false, []*doc{txt("error: true")}), txt(" & "+strLit(msg)))}}
}

func (g *gen) signature(si *schemaInfo, fns []*fnInfo, fi *fnInfo) *doc {
	ret := g.functionReturnType(si, fi.fn)
	args := txt("never")
	if msg := g.conflictError(si, fns, fi); msg != "" {
		if len(fi.inArgs) > 0 {
			args = g.argsDoc(si, fi.inArgs)
		}
		ret = errorType(msg)
	} else if g.hasTableRowError(fi) {
		args = g.argsDoc(si, fi.inArgs)
		ret = errorType(fmt.Sprintf("the function %s.%s with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache", si.name, fi.fn.name))
	} else if len(fi.inArgs) > 0 {
		args = g.argsDoc(si, fi.inArgs)
	}
	members := append([]*doc{propDoc("Args", args)}, g.functionTsReturnType(fi.fn, fi.args, ret)...)
	return object(false, members)
}

func (g *gen) functionsDoc(si *schemaInfo) *doc {
	if len(si.functions) == 0 {
		return object(true, []*doc{never})
	}
	var order []string
	groups := map[string][]*fnInfo{}
	for _, fi := range si.functions {
		if _, ok := groups[fi.fn.name]; !ok {
			order = append(order, fi.fn.name)
		}
		groups[fi.fn.name] = append(groups[fi.fn.name], fi)
	}
	var members []*doc
	for _, name := range order {
		fns := groups[name]
		sort.SliceStable(fns, func(i, j int) bool {
			if x := g.cmp(fns[i].fn.argTypesStr, fns[j].fn.argTypesStr); x != 0 {
				return x < 0
			}
			return g.less(fns[i].fn.resultStr, fns[j].fn.resultStr)
		})
		var sigs []*doc
		for _, fi := range fns {
			sigs = append(sigs, g.signature(si, fns, fi))
		}
		members = append(members, prop(name, false, tsType{members: sigs}))
	}
	return object(true, members)
}
