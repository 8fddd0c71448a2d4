package conformance

import "regexp"

// generatedName matches the one kind of value PostgreSQL builds from an
// object number that a case can print: the names of the internal
// foreign-key triggers, RI_ConstraintTrigger_a_<oid> (action triggers on
// the referenced table) and RI_ConstraintTrigger_c_<oid> (check triggers
// on the referencing table), where <oid> is the trigger's own OID
// (CreateTrigger in commands/trigger.c). OIDs differ between recording
// runs and between PostgreSQL and tinybase, so the digits are masked on
// both sides; the rest of the name, and every other value, still
// compares exactly.
var generatedName = regexp.MustCompile(`\bRI_ConstraintTrigger_([ac])_[0-9]+\b`)

// maskGeneratedNames returns rows with the object number inside every
// generated name replaced by "N". rows is not modified; when nothing
// matches it is returned as is.
func maskGeneratedNames(rows [][]*string) [][]*string {
	var out [][]*string
	for i, r := range rows {
		copied := false
		for j, v := range r {
			if v == nil || !generatedName.MatchString(*v) {
				continue
			}
			if out == nil {
				out = make([][]*string, len(rows))
				copy(out, rows)
			}
			if !copied {
				out[i], copied = append([]*string(nil), r...), true
			}
			m := generatedName.ReplaceAllString(*v, "RI_ConstraintTrigger_${1}_N")
			out[i][j] = &m
		}
	}
	if out == nil {
		return rows
	}
	return out
}
