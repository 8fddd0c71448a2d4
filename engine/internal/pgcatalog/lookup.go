package pgcatalog

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Rel names one pg_class row found by OID.
type Rel struct {
	Schema, Name string
	Kind         byte // 'r' table, 'i' index, 'v' view, 'S' sequence
	Table        string
	// PartitionedIndex: relkind I, an index of a partitioned table (Kind
	// is 'i')
	PartitionedIndex bool
}

// RelationByOID finds the pg_class row with OID oid, through the rows
// the State has computed (memo.go).
func (s *State) RelationByOID(oid uint32) (Rel, bool, error) {
	rows, err := s.rowsWhere(pgClass, 0, oid)
	if err != nil || len(rows) == 0 {
		return Rel{}, false, err
	}
	r := rows[0]
	rel := Rel{Name: r[1].(string), Kind: r[16].(string)[0]}
	rel.Schema, _ = s.SchemaByOID(r[2].(uint32))
	if rel.Kind == 'I' {
		// a partitioned table's index is an index to every caller here;
		// only its size differs (relsize.go)
		rel.Kind, rel.PartitionedIndex = 'i', true
	}
	if rel.Kind == 'i' {
		ix, err := s.rowsWhere(pgIndex, 0, oid)
		if err != nil || len(ix) == 0 {
			return Rel{}, false, err
		}
		t, err := s.rowsWhere(pgClass, 0, ix[0][1].(uint32))
		if err != nil || len(t) == 0 {
			return Rel{}, false, err
		}
		rel.Table = t[0][1].(string)
	}
	return rel, true, nil
}

// IndexDefByOID is pg_get_indexdef(oid, 0, pretty); ok is false for no
// such index, or an expression or partial index whose definition cannot
// be printed.
func (s *State) IndexDefByOID(oid uint32, pretty bool) (string, bool, error) {
	rel, ok, err := s.RelationByOID(oid)
	if err != nil || !ok || rel.Kind != 'i' {
		return "", false, err
	}
	t, ok, err := s.DB.Table(s.Ctx, rel.Schema, rel.Table)
	if err != nil || !ok {
		return "", false, err
	}
	idx, err := s.Indexes(Relation{Schema: rel.Schema, Name: rel.Table, Table: t})
	if err != nil {
		return "", false, err
	}
	for _, ix := range idx {
		if ix.Name == rel.Name {
			d, ok := s.indexDefOf(Relation{Schema: rel.Schema, Name: rel.Table, Table: t}, ix, pretty)
			return d, ok, nil
		}
	}
	return "", false, nil
}

// ConstraintDefByOID is pg_get_constraintdef(oid, pretty).
// The constraint is found through pg_constraint's rows by oid (kept
// between statements), so a loop calling it per constraint reads one
// table's constraints per call.
func (s *State) ConstraintDefByOID(oid uint32, pretty bool) (string, bool, error) {
	rows, err := s.rowsWhere(pgConstraint, 0, oid)
	if err != nil || len(rows) == 0 {
		return "", false, err
	}
	name, relOID := rows[0][1].(string), rows[0][7].(uint32)
	if relOID != 0 {
		rel, ok, err := s.RelationByOID(relOID)
		if err != nil || !ok {
			return "", false, err
		}
		t, ok, err := s.DB.Table(s.Ctx, rel.Schema, rel.Name)
		if err != nil || !ok {
			return "", false, err
		}
		r := Relation{Schema: rel.Schema, Name: rel.Name, Table: t}
		cons, err := s.constraints(r)
		if err != nil {
			return "", false, err
		}
		for _, c := range cons {
			if c.Name != name {
				continue
			}
			if c.Kind == "CHECK" {
				return s.checkDef(r, c, pretty), true, nil
			}
			if c.Kind == "EXCLUDE" {
				return s.exclusionDef(r, c, pretty), true, nil // exclusion.go
			}
			return s.constraintDef(r, c), true, nil
		}
		return "", false, nil
	}
	for _, d := range s.Catalog.Types() {
		for _, c := range d.Checks {
			if domainConstraintOID(d.Type, c.Name) != oid {
				continue
			}
			text, ok := s.DeparseDomainCheck(c.Expr, d.Type.Domain, pretty)
			if !ok {
				text = c.Expr
			}
			if c.NotValid {
				return "CHECK (" + text + ") NOT VALID", true, nil
			}
			return "CHECK (" + text + ")", true, nil
		}
	}
	return "", false, nil
}

func (s *State) constraintDef(r Relation, c constraint) string {
	cols := func(names []string) string {
		q := make([]string, len(names))
		for i, n := range names {
			q[i] = QuoteIdent(n)
		}
		return "(" + strings.Join(q, ", ") + ")"
	}
	// ruleutils prints deferrability after the constraint proper
	suffix := ""
	if deferrable, initially := s.Catalog.Deferrable(catalog.QName{Schema: r.Schema, Name: r.Name}, c.Name); deferrable {
		suffix = " DEFERRABLE"
		if initially {
			suffix += " INITIALLY DEFERRED"
		}
	}
	switch c.Kind {
	case "PRIMARY KEY", "UNIQUE":
		if len(c.Include) > 0 {
			suffix = " INCLUDE " + cols(c.Include) + suffix
		}
		return c.Kind + " " + cols(c.Columns) + suffix
	case "FOREIGN KEY":
		parent := QuoteIdent(c.FK.ParentTable)
		if !s.visible(c.FK.ParentSchema) {
			parent = QuoteIdent(c.FK.ParentSchema) + "." + parent
		}
		out := "FOREIGN KEY " + cols(c.Columns) + " REFERENCES " + parent + cols(c.FK.ParentColumns)
		for _, a := range []struct{ clause, action string }{{"UPDATE", string(c.FK.OnUpdate)}, {"DELETE", string(c.FK.OnDelete)}} {
			switch code := fkAction(a.action); code {
			case "c":
				out += " ON " + a.clause + " CASCADE"
			case "n":
				out += " ON " + a.clause + " SET NULL"
			case "d":
				out += " ON " + a.clause + " SET DEFAULT"
			case "r":
				out += " ON " + a.clause + " RESTRICT"
			}
		}
		return out + suffix
	}
	return "CHECK (" + c.Check + ")"
}

// checkDef is pg_get_constraintdef of a CHECK constraint: its expression
// deparsed as PostgreSQL prints the analyzed form (deparse.go), or else
// the stored text, which non-pretty deparse parenthesizes when it is an
// operator or boolean expression, the top one included; NOT VALID follows
// one not validated yet, as ruleutils prints it.
func (s *State) checkDef(r Relation, c constraint, pretty bool) string {
	suffix := ""
	if c.NotValid {
		suffix = " NOT VALID"
	}
	if d, ok := s.DeparseStoredIn(c.Check, r.Schema, r.Name, r.Table.Schema(), pretty); ok {
		return "CHECK (" + d + ")" + suffix
	}
	if !pretty && parenthesizedCheck(c.Check) {
		return "CHECK ((" + c.Check + "))" + suffix
	}
	return "CHECK (" + c.Check + ")" + suffix
}

// checkBin is pg_constraint.conbin of a CHECK constraint: its
// expression as checkDef prints it without pretty, minus CHECK ( ).
func (s *State) checkBin(r Relation, c constraint) string {
	if d, ok := s.DeparseStoredIn(c.Check, r.Schema, r.Name, r.Table.Schema(), false); ok {
		return d
	}
	if parenthesizedCheck(c.Check) {
		return "(" + c.Check + ")"
	}
	return c.Check
}

// parenthesizedCheck reports whether PostgreSQL's non-pretty deparse puts
// a check expression in parentheses of its own: CHECK ((a > 0)),
// CHECK ((NOT b)), CHECK ((a IS NOT NULL)), but CHECK (c) and CHECK (f(x)).
func parenthesizedCheck(src string) bool {
	tree, err := pgtree.Parse("SELECT " + src)
	if err != nil || len(tree.Stmts) != 1 {
		return false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 {
		return false
	}
	switch sel.TargetList[0].GetResTarget().GetVal().GetNode().(type) {
	case *pg.Node_AExpr, *pg.Node_BoolExpr, *pg.Node_NullTest, *pg.Node_BooleanTest:
		return true
	}
	return false
}

// TypeByOID finds a built-in or catalog type.
func (s *State) TypeByOID(oid uint32) (*types.Type, bool) {
	if t, ok := types.ByOID(oid); ok {
		return t, true
	}
	for _, d := range s.Catalog.Types() {
		if d.Type.OID == oid {
			return d.Type, true
		}
		if d.Type.ArrayOID == oid {
			return types.ArrayOf(d.Type), true
		}
	}
	return s.rowTypeByOID(oid) // rowtypes.go
}

// TableVisible is pg_table_is_visible(oid): the relation is found first
// on the search path under its name.
func (s *State) TableVisible(oid uint32) (bool, bool, error) {
	rel, ok, err := s.RelationByOID(oid)
	if err != nil || !ok {
		return false, ok, err
	}
	// the schemas holding a relation of that name, from pg_class's rows
	// (memoized, with a hash index on relname): psql's \dt asks for every
	// relation it lists
	named, err := s.rowsWhere(pgClass, 1, rel.Name)
	if err != nil {
		return false, false, err
	}
	holds := func(sc string) bool {
		if systemRelation(sc, rel.Name) != nil {
			return true
		}
		for _, r := range named {
			if n, ok := s.SchemaByOID(r[2].(uint32)); ok && n == sc {
				return true
			}
		}
		return false
	}
	for i := -1; i < len(s.SearchPath); i++ {
		sc := "pg_catalog"
		if i >= 0 {
			sc = s.SearchPath[i]
		}
		if sc == rel.Schema {
			return true, true, nil
		}
		if holds(sc) {
			return false, true, nil
		}
	}
	return false, true, nil
}

// RelOIDIn reports whether schema holds a relation named name.
func (s *State) RelOIDIn(schema, name string) bool {
	if systemRelation(schema, name) != nil {
		return true
	}
	q := catalog.QName{Schema: schema, Name: name}
	if _, ok := s.Catalog.View(q); ok {
		return true
	}
	if _, ok := s.Catalog.Sequence(q); ok {
		return true
	}
	_, ok, _ := s.DB.Table(s.Ctx, schema, name)
	return ok
}
