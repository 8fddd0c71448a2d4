package pgcatalog

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// DescribeObject is pg_describe_object(classid, objid, objsubid): the
// text PostgreSQL's getObjectDescription gives an object ("table t",
// "column b of table t", "function f(integer)", "operator class x for
// access method gin"), which psql's \dx+ lists an extension's members
// by. names prints routines and operators as regprocedure and
// regoperator do. ok is false for an object that does not exist or a
// catalog not described here (the function then returns NULL).
func (s *State) DescribeObject(names types.ObjectResolver, classid, objid uint32, sub int32) (string, bool, error) {
	str := func(v any) string { return fmt.Sprint(v) }
	oidOf := func(v any) uint32 {
		if o, ok := v.(uint32); ok {
			return o
		}
		return 0
	}
	catalogName := ""
	for _, name := range describedCatalogs {
		if catalogTableOIDs[name] == classid {
			catalogName = name
		}
	}
	if catalogName == "" {
		return "", false, nil
	}
	get, ok, err := s.rowAt(catalogName, objid)
	if err != nil || !ok {
		return "", false, err
	}
	amName := func(oid uint32) string {
		if g, ok, _ := s.rowAt("pg_am", oid); ok {
			return str(g("amname"))
		}
		return ""
	}
	switch catalogName {
	case "pg_class":
		return s.relationDescription(objid, sub)
	case "pg_proc":
		return "function " + names.ProcName(objid, true), true, nil
	case "pg_type":
		return "type " + s.typeDescription(objid), true, nil
	case "pg_operator":
		return "operator " + names.OperName(objid), true, nil
	case "pg_opclass":
		return fmt.Sprintf("operator class %s for access method %s", s.qualifiedIn(oidOf(get("opcnamespace")), str(get("opcname"))), amName(oidOf(get("opcmethod")))), true, nil
	case "pg_opfamily":
		return fmt.Sprintf("operator family %s for access method %s", s.qualifiedIn(oidOf(get("opfnamespace")), str(get("opfname"))), amName(oidOf(get("opfmethod")))), true, nil
	case "pg_cast":
		return fmt.Sprintf("cast from %s to %s", s.typeDescription(oidOf(get("castsource"))), s.typeDescription(oidOf(get("casttarget")))), true, nil
	case "pg_namespace":
		return "schema " + QuoteIdent(str(get("nspname"))), true, nil
	case "pg_event_trigger":
		return "event trigger " + QuoteIdent(str(get("evtname"))), true, nil
	case "pg_extension":
		return "extension " + QuoteIdent(str(get("extname"))), true, nil
	case "pg_language":
		return "language " + QuoteIdent(str(get("lanname"))), true, nil
	case "pg_am":
		return "access method " + QuoteIdent(str(get("amname"))), true, nil
	case "pg_authid":
		return "role " + QuoteIdent(str(get("rolname"))), true, nil
	case "pg_trigger":
		return s.onRelation("trigger", str(get("tgname")), oidOf(get("tgrelid")))
	case "pg_policy":
		return s.onRelation("policy", str(get("polname")), oidOf(get("polrelid")))
	case "pg_constraint":
		if rel := oidOf(get("conrelid")); rel != 0 {
			return s.onRelation("constraint", str(get("conname")), rel)
		}
		return fmt.Sprintf("constraint %s on type %s", QuoteIdent(str(get("conname"))), s.typeDescription(oidOf(get("contypid")))), true, nil
	case "pg_ts_config":
		return "text search configuration " + s.qualifiedIn(oidOf(get("cfgnamespace")), str(get("cfgname"))), true, nil
	case "pg_ts_dict":
		return "text search dictionary " + s.qualifiedIn(oidOf(get("dictnamespace")), str(get("dictname"))), true, nil
	case "pg_ts_template":
		return "text search template " + s.qualifiedIn(oidOf(get("tmplnamespace")), str(get("tmplname"))), true, nil
	case "pg_ts_parser":
		return "text search parser " + s.qualifiedIn(oidOf(get("prsnamespace")), str(get("prsname"))), true, nil
	case "pg_attrdef":
		n, _ := get("adnum").(int16)
		col, ok, err := s.relationDescription(oidOf(get("adrelid")), int32(n))
		return "default value for " + col, ok, err
	}
	return "", false, nil
}

// describedCatalogs are the catalogs DescribeObject describes objects of.
var describedCatalogs = []string{"pg_class", "pg_proc", "pg_type", "pg_operator", "pg_opclass", "pg_opfamily",
	"pg_cast", "pg_namespace", "pg_event_trigger", "pg_extension", "pg_trigger", "pg_policy", "pg_language",
	"pg_am", "pg_authid", "pg_constraint", "pg_attrdef", "pg_ts_config", "pg_ts_dict", "pg_ts_template", "pg_ts_parser"}

// rowAt is the row of catalog catalogName whose oid (its first column,
// in each catalog described here) is oid, read by column name.
func (s *State) rowAt(catalogName string, oid uint32) (func(string) any, bool, error) {
	d := pgCatalog[catalogName]
	if d == nil {
		return nil, false, nil
	}
	rows, err := s.rowsWhere(d, 0, oid)
	if err != nil || len(rows) == 0 {
		return nil, false, err
	}
	return func(col string) any {
		if i := d.col(col); i >= 0 {
			return rows[0][i]
		}
		return nil
	}, true, nil
}

// col is the position of column name in d's rows, or -1.
func (d *def) col(name string) int {
	for i, c := range d.cols {
		if c.name == name {
			return i
		}
	}
	return -1
}

// relationDescription is getRelationDescription ("table t", "index
// i", "view v"), or with sub a column's ("column b of table t"); the
// name is qualified when the search path does not find it.
func (s *State) relationDescription(oid uint32, sub int32) (string, bool, error) {
	rel, ok, err := s.RelationByOID(oid)
	if err != nil || !ok {
		return "", false, err
	}
	get, ok, err := s.rowAt("pg_class", oid)
	if err != nil || !ok {
		return "", false, err
	}
	kind := map[string]string{"r": "table", "p": "table", "i": "index", "I": "index", "S": "sequence", "t": "toast table",
		"v": "view", "m": "materialized view", "c": "composite type", "f": "foreign table"}[fmt.Sprint(get("relkind"))]
	name := QuoteIdent(rel.Name)
	if visible, _, _ := s.TableVisible(oid); !visible {
		name = QuoteIdent(rel.Schema) + "." + name
	}
	out := kind + " " + name
	if sub != 0 {
		att, err := s.rowsWhere(pgAttribute, 0, oid)
		if err != nil {
			return "", false, err
		}
		num, name := pgAttribute.col("attnum"), pgAttribute.col("attname")
		for _, a := range att {
			if n, ok := a[num].(int16); ok && int32(n) == sub {
				return "column " + QuoteIdent(fmt.Sprint(a[name])) + " of " + out, true, nil
			}
		}
		return "", false, nil
	}
	return out, true, nil
}

// onRelation is "<what> <name> on <relation>" (triggers, policies,
// constraints).
func (s *State) onRelation(what, name string, rel uint32) (string, bool, error) {
	r, ok, err := s.relationDescription(rel, 0)
	if err != nil || !ok {
		return "", false, err
	}
	return what + " " + QuoteIdent(name) + " on " + r, true, nil
}

// typeDescription is format_type_be, which FormatType already qualifies
// as PostgreSQL does.
func (s *State) typeDescription(oid uint32) string {
	t, ok := s.TypeByOID(oid)
	if !ok {
		return "???"
	}
	return t.FormatType()
}

// qualifiedIn is an object name, schema-qualified when its schema is not
// on the search path.
func (s *State) qualifiedIn(nsp uint32, name string) string {
	schema, _ := s.SchemaByOID(nsp)
	if schema == "" || schema == "pg_catalog" {
		return QuoteIdent(name)
	}
	for _, sc := range s.SearchPath {
		if sc == schema {
			return QuoteIdent(name)
		}
	}
	return QuoteIdent(schema) + "." + QuoteIdent(name)
}
