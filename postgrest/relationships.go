package postgrest

import (
	"fmt"
	"sort"
	"strings"
)

// relationship is how an embedded resource joins its parent, detected from
// foreign keys as PostgREST detects them.
type relationship struct {
	Kind     string // many-to-one, one-to-many, one-to-one, many-to-many
	FK       *ForeignKey
	Junction *Table
	FK1, FK2 *ForeignKey // junction → parent, junction → target
	Target   *Table
	Func     *Function // a computed relationship: Target's rows from Func(parent row)
	ToOne    bool
	Reverse  bool // the target holds the FK (one-to-many, or one-to-one seen from the referenced side)
}

func (r *relationship) name() string {
	if r.Func != nil {
		return r.Func.Name
	}
	if r.Junction != nil {
		return r.Junction.Name
	}
	return r.FK.Name
}

// findRelationship resolves rel!hint from parent.
func (c *schemaCache) findRelationship(parent *Table, name, hint string) (*relationship, error) {
	if f := parent.computedRels[name]; f != nil && hint == "" { // computed.go
		return &relationship{Kind: "computed", Func: f, Target: f.RetTable, ToOne: !f.RetSet || f.RowsOne}, nil
	}
	// The target and hint rules are PostgREST's findRel: a table or view
	// name always; a constraint or an FK column only when it leads to a
	// table; a self-referencing FK is one-to-many by the table name and
	// many-to-one by its column, and with a hint only one-to-many by the
	// FK column.
	var cands []*relationship
	for _, fk := range parent.FKs { // many-to-one (or one-to-one from the FK side)
		var ok bool
		single := len(fk.FromCols) == 1
		switch {
		case fk.From == fk.To:
			ok = hint == "" && single && fk.FromCols[0] == name
		case hint == "":
			ok = fk.To.Name == name || !isView(fk.To) && (fk.Name == name || single && fk.FromCols[0] == name)
		default:
			ok = fk.To.Name == name && (hint == fk.Name || single && (hint == fk.FromCols[0] || hint == fk.ToCols[0]))
		}
		if ok {
			kind := "many-to-one"
			if fk.fromUnique {
				kind = "one-to-one"
			}
			cands = append(cands, &relationship{Kind: kind, FK: fk, Target: fk.To, ToOne: true})
		}
	}
	names := make([]string, 0, len(c.tables))
	for k := range c.tables {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t := c.tables[k]
		for _, fk := range t.FKs { // one-to-many (reverse FK)
			if fk.To != parent {
				continue
			}
			var ok bool
			single := len(fk.FromCols) == 1
			switch {
			case fk.From == fk.To && hint == "":
				ok = t.Name == name
			case fk.From == fk.To:
				ok = t.Name == name && single && hint == fk.FromCols[0]
			case hint == "":
				ok = t.Name == name || !isView(t) && (fk.Name == name || single && fk.ToCols[0] == name)
			default:
				ok = t.Name == name && (hint == fk.Name || single && (hint == fk.ToCols[0] || hint == fk.FromCols[0]))
			}
			if ok {
				kind := "one-to-many"
				if fk.fromUnique {
					kind = "one-to-one"
				}
				cands = append(cands, &relationship{Kind: kind, FK: fk, Target: t, ToOne: fk.fromUnique, Reverse: true})
			}
		}
		if len(t.PK) == 0 {
			continue
		}
		for _, fk1 := range t.FKs { // many-to-many through a junction
			if fk1.To != parent || !subset(fk1.FromCols, t.PK) {
				continue
			}
			for _, fk2 := range t.FKs {
				if fk2 == fk1 || fk2.To.Name != name || !subset(fk2.FromCols, t.PK) {
					continue
				}
				if hint == "" || hint == t.Name || hint == fk1.Name || hint == fk2.Name {
					cands = append(cands, &relationship{Kind: "many-to-many", Junction: t, FK1: fk1, FK2: fk2, Target: fk2.To})
				}
			}
		}
	}
	// A self-referencing FK named by a hint is found in both directions;
	// the hint selects the many-to-one side.
	if hint != "" && len(cands) == 2 && cands[0].FK == cands[1].FK && !cands[0].Reverse && cands[1].Reverse {
		cands = cands[:1]
	}
	switch len(cands) {
	case 0:
		details := fmt.Sprintf("Searched for a foreign key relationship between '%s' and '%s' in the schema '%s', but no matches were found.", parent.Name, name, parent.Schema)
		if hint != "" {
			details = fmt.Sprintf("Searched for a foreign key relationship between '%s' and '%s' using the hint '%s' in the schema '%s', but no matches were found.", parent.Name, name, hint, parent.Schema)
		}
		return nil, newErr(400, "PGRST200", fmt.Sprintf("Could not find a relationship between '%s' and '%s' in the schema cache", parent.Name, name), details, nil)
	case 1:
		return cands[0], nil
	}
	var details []map[string]string
	var hints []string
	for _, r := range cands {
		var rel string
		switch {
		case r.Junction != nil:
			rel = fmt.Sprintf("%s using %s(%s) and %s(%s)", r.Junction.Name, r.FK1.Name, strings.Join(r.FK1.FromCols, ", "), r.FK2.Name, strings.Join(r.FK2.FromCols, ", "))
		case r.Reverse:
			rel = fmt.Sprintf("%s using %s(%s) and %s(%s)", r.FK.Name, parent.Name, strings.Join(r.FK.ToCols, ", "), r.Target.Name, strings.Join(r.FK.FromCols, ", "))
		default:
			rel = fmt.Sprintf("%s using %s(%s) and %s(%s)", r.FK.Name, parent.Name, strings.Join(r.FK.FromCols, ", "), r.Target.Name, strings.Join(r.FK.ToCols, ", "))
		}
		details = append(details, map[string]string{"cardinality": r.Kind, "embedding": parent.Name + " with " + r.Target.Name, "relationship": rel})
		hints = append(hints, fmt.Sprintf("'%s!%s'", r.Target.Name, r.name()))
	}
	hint2 := fmt.Sprintf("Try changing '%s' to one of the following: %s. Find the desired relationship in the 'details' key.", name, strings.Join(hints, ", "))
	return nil, newErr(300, "PGRST201", fmt.Sprintf("Could not embed because more than one relationship was found for '%s' and '%s'", parent.Name, name), details, &hint2)
}

// joinCond is the condition tying a target row (alias c) to its parent
// (alias p); for many-to-many the junction is joined as alias j.
func (r *relationship) joinCond(c, p, j string) string {
	var conds []string
	switch {
	case r.Func != nil:
		return "true"
	case r.Junction != nil:
		for i := range r.FK1.FromCols {
			conds = append(conds, qi(j)+"."+qi(r.FK1.FromCols[i])+" = "+qi(p)+"."+qi(r.FK1.ToCols[i]))
		}
	case r.Reverse:
		for i := range r.FK.FromCols {
			conds = append(conds, qi(c)+"."+qi(r.FK.FromCols[i])+" = "+qi(p)+"."+qi(r.FK.ToCols[i]))
		}
	default:
		for i := range r.FK.FromCols {
			conds = append(conds, qi(c)+"."+qi(r.FK.ToCols[i])+" = "+qi(p)+"."+qi(r.FK.FromCols[i]))
		}
	}
	return strings.Join(conds, " and ")
}

// from is the FROM clause for the target (aliased c) with the junction,
// or the computed relationship's call on the parent row (alias p).
func (r *relationship) from(c, p, j string) string {
	if r.Func != nil {
		return r.Func.call(p) + " as " + qi(c)
	}
	s := qi(r.Target.Schema) + "." + qi(r.Target.Name) + " as " + qi(c)
	if r.Junction != nil {
		var on []string
		for i := range r.FK2.FromCols {
			on = append(on, qi(j)+"."+qi(r.FK2.FromCols[i])+" = "+qi(c)+"."+qi(r.FK2.ToCols[i]))
		}
		s += " join " + qi(r.Junction.Schema) + "." + qi(r.Junction.Name) + " as " + qi(j) + " on " + strings.Join(on, " and ")
	}
	return s
}

// isView: views (and other non-table relations) are found by name only.
func isView(t *Table) bool { return t.Kind != "r" && t.Kind != "p" && t.Kind != "" }
