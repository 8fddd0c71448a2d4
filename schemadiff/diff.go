package schemadiff

import (
	"sort"
	"strings"
)

// plan collects a diff's statements by phase; Diff concatenates the
// phases in dependency order.
type plan struct {
	// Drops, dependents first.
	dropPolicies, dropTriggers, dropViews, dropFKs, dropConstraints, dropIndexes,
	dropDefaults, dropColumns, dropTables, dropFunctions, dropSequences, dropEnums,
	dropExtensions, dropSchemas []string
	// Creates, dependencies first.
	schemas, extensions, enums, sequences, tables, columns, constraints, indexes, fks,
	functions, checks, defaults, ownedBy, views, lateFunctions, triggers, rls, policies, grants, comments []string
}

func (p *plan) statements() []string {
	var out []string
	for _, phase := range [][]string{
		p.dropPolicies, p.dropTriggers, p.dropViews, p.dropFKs, p.dropConstraints, p.dropIndexes,
		p.dropDefaults, p.dropColumns, p.dropTables, p.dropFunctions, p.dropSequences, p.dropEnums,
		p.dropExtensions, p.dropSchemas,
		p.schemas, p.extensions, p.enums, p.sequences, p.tables, p.columns, p.constraints, p.indexes, p.fks,
		p.functions, p.checks, p.defaults, p.ownedBy, p.views, p.lateFunctions, p.triggers, p.rls, p.policies, p.grants, p.comments,
	} {
		out = append(out, phase...)
	}
	return out
}

// Diff returns the statements that turn the schema from into the schema
// to, in an order PostgreSQL can run them in. No statements means the two
// schemas match.
func Diff(from, to *Schema) []string {
	d := &differ{from: from, to: to, p: &plan{}, reshaped: map[string]bool{}}
	d.schemas()
	d.extensions()
	d.enums()
	d.sequences()
	d.tables()
	d.functions()
	d.views()
	return d.p.statements()
}

// Format prints statements as a migration file's text: each ends with a
// semicolon and a blank line separates them. No statements is "".
func Format(stmts []string) string {
	var b strings.Builder
	for i, s := range stmts {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(s)
		b.WriteString(";\n")
	}
	return b.String()
}

type differ struct {
	from, to *Schema
	p        *plan
	// newFunctions are the qualified names of functions the diff creates
	// or replaces, which defaults and checks may call.
	newFunctions []string
	// droppedFunctions are the qualified names of functions the diff
	// drops (and may create again with another result).
	droppedFunctions []string
	// serials are the new columns written as serial types (key: table.column
	// quoted), whose sequence the column makes.
	serials map[string]*Sequence
	// reshaped are tables whose columns change type or go, so views
	// over them are rebuilt.
	reshaped map[string]bool
}

func (d *differ) schemas() {
	for _, s := range sortedKeys(d.to.Schemas) {
		ns := d.to.Schemas[s]
		old := d.from.Schemas[s]
		if old == nil {
			d.p.schemas = append(d.p.schemas, "CREATE SCHEMA "+s)
			old = &Namespace{ACL: ACL{}, Owner: "postgres"}
		}
		d.p.grants = append(d.p.grants, grantStatements("SCHEMA", s, old.ACL.without(old.Owner), ns.ACL.without(ns.Owner))...)
		d.comment("SCHEMA "+s, old.Comment, ns.Comment)
	}
	for _, s := range sortedKeys(d.from.Schemas) {
		if d.to.Schemas[s] == nil {
			d.p.dropSchemas = append(d.p.dropSchemas, "DROP SCHEMA "+s)
		}
	}
}

func (d *differ) extensions() {
	for _, e := range sortedKeys(d.to.Extensions) {
		schema := d.to.Extensions[e]
		switch old, ok := d.from.Extensions[e]; {
		case !ok:
			d.p.extensions = append(d.p.extensions, "CREATE EXTENSION IF NOT EXISTS "+quoteIdent(e)+" WITH SCHEMA "+schema)
		case old != schema:
			d.p.extensions = append(d.p.extensions, "ALTER EXTENSION "+quoteIdent(e)+" SET SCHEMA "+schema)
		}
	}
	for _, e := range sortedKeys(d.from.Extensions) {
		if _, ok := d.to.Extensions[e]; !ok {
			d.p.dropExtensions = append(d.p.dropExtensions, "DROP EXTENSION "+quoteIdent(e))
		}
	}
}

func (d *differ) enums() {
	for _, name := range sortedKeys(d.to.Enums) {
		e := d.to.Enums[name]
		old, ok := d.from.Enums[name]
		if !ok {
			d.p.enums = append(d.p.enums, createEnum(name, e.Labels))
			continue
		}
		if adds, ok := addedLabels(old.Labels, e.Labels); ok && !d.usesNewLabel(old, e) {
			for _, a := range adds {
				d.p.enums = append(d.p.enums, "ALTER TYPE "+name+" ADD VALUE "+a)
			}
			continue
		}
		d.rebuildEnum(old, e)
	}
	for _, name := range sortedKeys(d.from.Enums) {
		if _, ok := d.to.Enums[name]; !ok {
			d.p.dropEnums = append(d.p.dropEnums, "DROP TYPE "+name)
		}
	}
}

// usesNewLabel says whether the to schema names a label ADD VALUE would
// add (in a default, constraint, index, policy or view): PostgreSQL
// refuses a value added in the transaction that uses it (55P04), so such
// an enum is rebuilt instead, whose new type's values are usable at once.
func (d *differ) usesNewLabel(old, e *Enum) bool {
	have := map[string]bool{}
	for _, l := range old.Labels {
		have[l] = true
	}
	var texts []string
	for _, t := range d.to.Tables {
		for _, c := range t.Columns {
			texts = append(texts, c.Default)
		}
		for _, c := range t.Constraints {
			texts = append(texts, c.Def)
		}
		for _, ix := range t.Indexes {
			texts = append(texts, ix)
		}
		for _, p := range t.Policies {
			texts = append(texts, p.Using, p.WithCheck)
		}
	}
	for _, v := range d.to.Views {
		texts = append(texts, v.Def)
	}
	for _, l := range e.Labels {
		if have[l] {
			continue
		}
		lit := quoteLiteral(l) + "::" + e.Name
		for _, t := range texts {
			if strings.Contains(t, lit) {
				return true
			}
		}
	}
	return false
}

func createEnum(name string, labels []string) string {
	q := make([]string, len(labels))
	for i, l := range labels {
		q[i] = quoteLiteral(l)
	}
	return "CREATE TYPE " + name + " AS ENUM (" + strings.Join(q, ", ") + ")"
}

// addedLabels says how to reach labels to from labels from with ADD
// VALUE (each new label placed before the label following it, or after
// the last); false when a label went or moved, which ADD VALUE cannot do.
func addedLabels(from, to []string) ([]string, bool) {
	i := 0
	for _, l := range to {
		if i < len(from) && from[i] == l {
			i++
		}
	}
	if i != len(from) || len(from) == len(to) && i == len(to) && !equalStrings(from, to) {
		return nil, false
	}
	var out []string
	have := map[string]bool{}
	for _, l := range from {
		have[l] = true
	}
	for j, l := range to {
		if have[l] {
			continue
		}
		next := ""
		for _, n := range to[j+1:] {
			if have[n] {
				next = n
				break
			}
		}
		clause := quoteLiteral(l)
		if next != "" {
			clause += " BEFORE " + quoteLiteral(next)
		}
		out = append(out, clause)
		have[l] = true
	}
	return out, true
}

// rebuildEnum replaces an enum whose labels went or moved: the old type
// is renamed aside, the new one created, the columns of the old type
// cast to it through text, and the old type dropped.
func (d *differ) rebuildEnum(old, e *Enum) {
	aside := quoteIdent(e.Type + "__old")
	stmts := []string{"ALTER TYPE " + e.Name + " RENAME TO " + aside, createEnum(e.Name, e.Labels)}
	for _, tn := range sortedKeys(d.from.Tables) {
		t, tt := d.from.Tables[tn], d.to.Tables[tn]
		if tt == nil {
			continue
		}
		for _, c := range t.Columns {
			nc := tt.column(c.Name)
			if c.Type != e.Name || nc == nil || nc.Type != e.Name {
				continue
			}
			d.reshaped[tn] = true
			col := quoteIdent(c.Name)
			if c.Default != "" && !c.Generated {
				stmts = append(stmts, "ALTER TABLE "+tn+" ALTER COLUMN "+col+" DROP DEFAULT")
			}
			// Through text in two steps: tinybase's ALTER COLUMN TYPE does
			// not take a USING that casts enum to text to enum.
			stmts = append(stmts, "ALTER TABLE "+tn+" ALTER COLUMN "+col+" TYPE text",
				"ALTER TABLE "+tn+" ALTER COLUMN "+col+" TYPE "+e.Name+" USING "+col+"::"+e.Name)
			if c.Default != "" && !c.Generated && c.Default == nc.Default {
				// The default names the type; it is set again as it was.
				stmts = append(stmts, "ALTER TABLE "+tn+" ALTER COLUMN "+col+" SET DEFAULT "+c.Default)
			}
		}
	}
	stmts = append(stmts, "DROP TYPE "+e.Schema+"."+aside)
	d.p.enums = append(d.p.enums, stmts...)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (d *differ) sequences() {
	d.serials = map[string]*Sequence{}
	for _, name := range sortedKeys(d.to.Sequences) {
		s := d.to.Sequences[name]
		old, ok := d.from.Sequences[name]
		if !ok && d.serial(s) {
			d.serials[s.OwnedBy] = s
			// serial makes the sequence with these options; others are set after.
			if alter := alterSequence(&Sequence{DataType: s.DataType, Increment: "1", Min: "1", Max: serialMax[s.DataType], Start: "1", Cache: "1"}, s); alter != "" {
				d.p.ownedBy = append(d.p.ownedBy, "ALTER SEQUENCE "+name+" "+alter)
			}
			d.p.grants = append(d.p.grants, grantStatements("SEQUENCE", name, d.initialACL(name, "S", "postgres"), s.ACL.without("postgres"))...)
			continue
		}
		if !ok {
			stmt := "CREATE SEQUENCE " + name + " AS " + s.DataType + " INCREMENT BY " + s.Increment +
				" MINVALUE " + s.Min + " MAXVALUE " + s.Max + " START WITH " + s.Start + " CACHE " + s.Cache
			if s.Cycle {
				stmt += " CYCLE"
			}
			d.p.sequences = append(d.p.sequences, stmt)
			if s.OwnedBy != "" {
				d.p.ownedBy = append(d.p.ownedBy, "ALTER SEQUENCE "+name+" OWNED BY "+s.OwnedBy)
			}
			d.p.grants = append(d.p.grants, grantStatements("SEQUENCE", name, d.initialACL(name, "S", "postgres"), s.ACL.without("postgres"))...)
			continue
		}
		if alter := alterSequence(old, s); alter != "" {
			d.p.sequences = append(d.p.sequences, "ALTER SEQUENCE "+name+" "+alter)
		}
		if old.OwnedBy != s.OwnedBy {
			owner := s.OwnedBy
			if owner == "" {
				owner = "NONE"
			}
			d.p.ownedBy = append(d.p.ownedBy, "ALTER SEQUENCE "+name+" OWNED BY "+owner)
		}
		d.p.grants = append(d.p.grants, grantStatements("SEQUENCE", name, old.ACL.without("postgres"), s.ACL.without("postgres"))...)
	}
	for _, name := range sortedKeys(d.from.Sequences) {
		if _, ok := d.to.Sequences[name]; ok {
			continue
		}
		if s := d.from.Sequences[name]; s.OwnedBy != "" && d.ownerGoes(s.OwnedBy) {
			continue // dropped with its column or table
		}
		d.p.dropSequences = append(d.p.dropSequences, "DROP SEQUENCE "+name)
	}
}

// serialMax is the MAXVALUE serial columns' sequences get.
var serialMax = map[string]string{"smallint": "32767", "integer": "2147483647", "bigint": "9223372036854775807"}

// serialTypes are the serial pseudo-types by the column's type.
var serialTypes = map[string]string{"smallint": "smallserial", "integer": "serial", "bigint": "bigserial"}

// serial says whether a new sequence is the one a new serial column
// makes: owned by the column, named as PostgreSQL names it, the column's
// default taking from it.
func (d *differ) serial(s *Sequence) bool {
	t := d.to.Tables[s.OwnedTable]
	if t == nil || serialTypes[s.DataType] == "" {
		return false
	}
	c := t.column(s.OwnedColumn)
	if c == nil || c.Type != s.DataType || c.Default != "nextval('"+strings.ReplaceAll(s.Name, "'", "''")+"'::regclass)" {
		return false
	}
	_, tname, _ := strings.Cut(s.OwnedTable, ".")
	schema, _, _ := strings.Cut(s.Name, ".")
	if s.Name != schema+"."+quoteIdent(strings.Trim(tname, `"`)+"_"+s.OwnedColumn+"_seq") {
		return false
	}
	if old := d.from.Tables[s.OwnedTable]; old != nil {
		if oc := old.column(s.OwnedColumn); oc != nil && !regenerated(oc, c) {
			return false
		}
	}
	return true
}

// alterSequence is the ALTER SEQUENCE clauses that turn from's options
// into to's ("" when they match).
func alterSequence(from, to *Sequence) string {
	var clauses []string
	add := func(changed bool, clause string) {
		if changed {
			clauses = append(clauses, clause)
		}
	}
	add(from.DataType != to.DataType, "AS "+to.DataType)
	add(from.Increment != to.Increment, "INCREMENT BY "+to.Increment)
	add(from.Min != to.Min, "MINVALUE "+to.Min)
	add(from.Max != to.Max, "MAXVALUE "+to.Max)
	add(from.Start != to.Start, "START WITH "+to.Start)
	add(from.Cache != to.Cache, "CACHE "+to.Cache)
	add(from.Cycle != to.Cycle && to.Cycle, "CYCLE")
	add(from.Cycle != to.Cycle && !to.Cycle, "NO CYCLE")
	return strings.Join(clauses, " ")
}

// ownerGoes says whether the column owning a sequence (table.column) is
// dropped by the diff (with its table, or alone).
func (d *differ) ownerGoes(ownedBy string) bool {
	for tn, t := range d.from.Tables {
		for _, c := range t.Columns {
			if tn+"."+quoteIdent(c.Name) != ownedBy {
				continue
			}
			nt := d.to.Tables[tn]
			if nt == nil {
				return true
			}
			nc := nt.column(c.Name)
			return nc == nil || nc.Generated != c.Generated || c.Generated && nc.Default != c.Default
		}
	}
	return false
}

// initialACL is the privileges an object of kind (r: table or view, S:
// sequence) that owner creates in the schema of name gets in the from
// database: its default privileges (ALTER DEFAULT PRIVILEGES), without
// the owner's own.
func (d *differ) initialACL(name, kind, owner string) ACL {
	schema, _, _ := strings.Cut(name, ".")
	acl := ACL{}
	if byKind := d.from.DefaultACL[""]; byKind != nil {
		acl = acl.union(byKind[kind])
	}
	if byKind := d.from.DefaultACL[schema]; byKind != nil {
		acl = acl.union(byKind[kind])
	}
	return acl.without(owner)
}

// comment sets or removes an object's comment when it changed.
func (d *differ) comment(object, from, to string) {
	switch {
	case from == to:
	case to == "":
		d.p.comments = append(d.p.comments, "COMMENT ON "+object+" IS NULL")
	default:
		d.p.comments = append(d.p.comments, "COMMENT ON "+object+" IS "+quoteLiteral(to))
	}
}

// mentions says whether text names the qualified object name as a whole
// name (not as the prefix of a longer one).
func mentions(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		end := i + j + len(name)
		before := i + j
		okBefore := before == 0 || !identChar(text[before-1])
		okAfter := end == len(text) || !identChar(text[end])
		if okBefore && okAfter {
			return true
		}
		i = i + j + 1
	}
}

func identChar(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// topo orders names so that each comes after the names it depends on
// (deps(a) lists them), keeping sorted order otherwise.
func topo(names []string, deps func(string) []string) []string {
	sort.Strings(names)
	in := map[string]bool{}
	for _, n := range names {
		in[n] = true
	}
	done := map[string]bool{}
	visiting := map[string]bool{}
	var out []string
	var visit func(string)
	visit = func(n string) {
		if done[n] || visiting[n] {
			return
		}
		visiting[n] = true
		for _, dep := range deps(n) {
			if in[dep] {
				visit(dep)
			}
		}
		visiting[n] = false
		done[n] = true
		out = append(out, n)
	}
	for _, n := range names {
		visit(n)
	}
	return out
}
