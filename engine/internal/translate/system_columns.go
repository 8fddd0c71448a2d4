package translate

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// systemColumns are PostgreSQL's system column names (docs 5.5); no user
// column may take them.
var systemColumns = map[string]bool{"tableoid": true, "xmin": true, "cmin": true, "xmax": true, "cmax": true, "ctid": true}

// insertReturningSystem are the system columns an INSERT's RETURNING list
// reads (expr.InsertedSystemColumn): xmin, and xmax for the upsert idiom
// `RETURNING (xmax = 0) AS inserted`.
var insertReturningSystem = map[string]bool{"xmin": true, "xmax": true}

// insertReadable are the system columns an INSERT's RETURNING list may
// name: xmin and xmax above, ctid and tableoid as a query reads them
// (systemColumnRef), after the row is written.
var insertReadable = map[string]bool{"xmin": true, "xmax": true, "ctid": true, "tableoid": true}

// checkInsertSystemColumns reports the other system columns of the target
// table in an INSERT's RETURNING list as not supported yet (0A000) instead
// of an unknown column: the scope of an INSERT's RETURNING is the target
// table alone, so an unqualified system column name, or one qualified by
// the table's name or alias, is the system column. Subqueries have scopes
// of their own and are not looked into.
func checkInsertSystemColumns(s *pg.InsertStmt) {
	if s.Relation == nil {
		return
	}
	qual := s.Relation.Relname
	if s.Relation.Alias != nil {
		qual = s.Relation.Alias.Aliasname
	}
	var visit func(m any) bool
	visit = func(m any) bool {
		switch x := m.(type) {
		case *pg.SubLink:
			return true
		case *pg.ColumnRef:
			f := x.Fields
			name := strVal(f[len(f)-1])
			if !systemColumns[name] || insertReadable[name] || len(f) > 2 || (len(f) == 2 && strVal(f[0]) != qual) {
				return true
			}
			failAt(x.Location, pgerror.FeatureNotSupported, "system column %q is not supported yet", name)
		}
		return pgtree.Children(m, visit)
	}
	for _, n := range s.ReturningList {
		visit(n)
	}
}

// withInsertSystem lets the RETURNING list of s read the target's xmin
// and xmax until the returned function restores the previous scope.
func (t *Translator) withInsertSystem(s *pg.InsertStmt) func() {
	prev, prevDML := t.insertSystem, t.dmlSystem
	t.insertSystem = s.Relation.Relname
	if s.Relation.Alias != nil {
		t.insertSystem = s.Relation.Alias.Aliasname
	}
	t.dmlSystem = []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: s.Relation}}}
	return func() { t.insertSystem, t.dmlSystem = prev, prevDML }
}

// insertSystemColumn translates xmin or xmax of an INSERT's target in its
// RETURNING list; nil for any other column reference.
func (t *Translator) insertSystemColumn(parts []string) sqlparser.Expr {
	if t.insertSystem == "" || len(parts) == 0 || len(parts) > 2 || !insertReturningSystem[parts[len(parts)-1]] {
		return nil
	}
	if len(parts) == 2 && parts[0] != t.insertSystem {
		return nil
	}
	name := parts[len(parts)-1]
	return t.inject(name, -1, nil, func([]sql.Expression) (sql.Expression, error) {
		return expr.NewInsertedSystemColumn(name), nil
	})
}

// queryRelations are the tables whose system columns a query may read:
// its level's FROM items (through joins), or an UPDATE's or DELETE's
// target and USING items (dmlSystem).
func (t *Translator) queryRelations() []*pg.RangeVar {
	var out []*pg.RangeVar
	var walk func(n *pg.Node)
	walk = func(n *pg.Node) {
		if n == nil {
			return
		}
		switch x := n.Node.(type) {
		case *pg.Node_RangeVar:
			out = append(out, x.RangeVar)
		case *pg.Node_JoinExpr:
			walk(x.JoinExpr.Larg)
			walk(x.JoinExpr.Rarg)
		}
	}
	for _, n := range t.q.from {
		walk(n)
	}
	if len(out) == 0 {
		for _, n := range t.dmlSystem {
			walk(n)
		}
	}
	return out
}

// systemColumnRef translates ctid, xmin, cmin, xmax, cmax or tableoid of
// a table the query reads (unqualified: of its only table); nil for every
// other column reference, which GMS resolves (or reports missing).
func (t *Translator) systemColumnRef(parts []string, loc int32) sqlparser.Expr {
	if len(parts) == 0 || len(parts) > 2 {
		return nil
	}
	name := parts[len(parts)-1]
	switch name {
	case "ctid", "xmin", "cmin", "xmax", "cmax", "tableoid":
	default:
		return nil
	}
	var rv *pg.RangeVar
	for _, r := range t.queryRelations() {
		ref := r.Relname
		if r.Alias != nil {
			ref = r.Alias.Aliasname
		}
		if len(parts) == 2 && parts[0] != ref {
			continue
		}
		if rv != nil {
			if len(parts) == 1 {
				failAt(loc, pgerror.AmbiguousColumn, "column reference %q is ambiguous", name)
			}
			return nil
		}
		rv = r
	}
	if rv == nil || (rv.Schemaname == "" && t.q.ctes[rv.Relname] != nil) {
		return nil
	}
	if ref := t.systemTableOID(rv, name); ref != nil {
		return ref
	}
	if (name == "tableoid" || name == "ctid" && t.inheritCtid) && t.tableoidRels[rv] {
		// the inheritance scan's per-branch column (inherit_tableoid.go)
		ref := rv.Relname
		if rv.Alias != nil {
			ref = rv.Alias.Aliasname
		}
		return &sqlparser.ColName{Name: sqlparser.NewColIdent(name), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(ref)}}
	}
	info, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
	if !ok {
		return nil
	}
	ref := rv.Relname
	if rv.Alias != nil {
		ref = rv.Alias.Aliasname
	}
	if t.insertSystem != "" {
		ref = rv.Relname // GMS's INSERT knows its target by name only
	}
	qual := sqlparser.TableName{Name: sqlparser.NewTableIdent(ref)}
	if ref == rv.Relname && rv.Schemaname != "" {
		qual.SchemaQualifier = sqlparser.NewTableIdent(rv.Schemaname)
	}
	if name == "tableoid" {
		if e := t.routedTableOID(rv, info.Schema, info.Name, info.Columns, qual); e != nil { // inherit_write.go
			return e
		}
		// the table's oid, as 'schema.table'::regclass::oid computes it
		lit := &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Sval{Sval: &pg.String{Sval: quoteIdent(info.Schema) + "." + quoteIdent(info.Name)}}, Location: -1}}}
		cast := func(arg *pg.Node, typ string) *pg.Node {
			return &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: arg, Location: -1, TypeName: &pg.TypeName{
				Names: []*pg.Node{pg.MakeStrNode("pg_catalog"), pg.MakeStrNode(typ)}, Typemod: -1, Location: -1}}}}
		}
		return t.scalar(cast(cast(lit, "regclass"), "oid"))
	}
	keyCols := info.PrimaryKey
	if len(keyCols) == 0 {
		for _, c := range info.Columns {
			keyCols = append(keyCols, c.Name)
		}
	}
	children := make([]sqlparser.Expr, len(keyCols))
	for i, c := range keyCols {
		children[i] = &sqlparser.ColName{Name: sqlparser.NewColIdent(c), Qualifier: qual}
	}
	schema, table := info.Schema, info.Name
	return t.inject(name+" "+schema+"."+table, loc, children, func(key []sql.Expression) (sql.Expression, error) {
		return expr.NewSystemColumn(name, schema, table, key), nil
	})
}

// SystemTables is implemented by a Catalog that serves the pg_catalog
// relations: SystemTableOID is the pg_class OID of a catalog table.
type SystemTables interface {
	SystemTableOID(name string) (uint32, bool)
}

// systemTableOID translates tableoid of a pg_catalog table (which an
// unqualified name reaches first, as pg_catalog leads the search path)
// to the catalog's pg_class OID; the catalogs have no other system
// columns here. nil when rv is not a catalog table.
func (t *Translator) systemTableOID(rv *pg.RangeVar, name string) sqlparser.Expr {
	st, ok := t.Catalog.(SystemTables)
	if !ok || (rv.Schemaname != "" && rv.Schemaname != "pg_catalog") {
		return nil
	}
	oid, ok := st.SystemTableOID(rv.Relname)
	if !ok || name != "tableoid" {
		return nil
	}
	return t.scalar(&pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{
		Arg:      &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Ival{Ival: &pg.Integer{Ival: int32(oid)}}, Location: -1}}},
		TypeName: &pg.TypeName{Names: []*pg.Node{pg.MakeStrNode("pg_catalog"), pg.MakeStrNode("oid")}, Typemod: -1, Location: -1},
		Location: -1,
	}}})
}

// quoteIdent double-quotes an identifier for regclass input.
func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// withDMLSystem makes target's and using's system columns readable until
// the returned function restores the previous scope.
func (t *Translator) withDMLSystem(target *pg.RangeVar, using []*pg.Node) func() {
	prev := t.dmlSystem
	t.dmlSystem = append([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: target}}}, using...)
	return func() { t.dmlSystem = prev }
}
