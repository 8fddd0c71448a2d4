package lint

import (
	"fmt"
	"sort"
	"strings"
)

var ruleNoPrimaryKey = &rule{
	id: "0004", name: "no_primary_key", title: "No Primary Key", level: LevelInfo, category: "PERFORMANCE",
	description: "Detects if a table does not have a primary key. Tables without a primary key can be inefficient to interact with at scale.",
	run:         noPrimaryKey,
}

// noPrimaryKey: a regular table with no primary key index.
func noPrimaryKey(f *facts, r *rule) []Finding {
	hasPK := map[uint32]bool{}
	for _, ix := range f.indexes {
		if ix.primary {
			hasPK[ix.rel] = true
		}
	}
	var out []Finding
	for _, x := range f.relOrder {
		if x.kind != 'r' || !f.userRel(x) || hasPK[x.oid] {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` does not have a primary key", x.schema, x.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "table"},
			fmt.Sprintf("no_primary_key_%s_%s", x.schema, x.name)))
	}
	return out
}

var ruleUnindexedForeignKeys = &rule{
	id: "0001", name: "unindexed_foreign_keys", title: "Unindexed foreign keys", level: LevelInfo, category: "PERFORMANCE",
	description: "Identifies foreign key constraints without a covering index, which can impact database performance.",
	run:         unindexedForeignKeys,
}

// unindexedForeignKeys: a foreign key whose columns (in order) are not the
// leading columns of any valid index on its table.
func unindexedForeignKeys(f *facts, r *rule) []Finding {
	var out []Finding
	for _, k := range f.cons {
		x, ok := f.rels[k.rel]
		if k.kind != 'f' || !ok || !f.userRel(x) {
			continue
		}
		covered := false
		for _, ix := range f.indexes {
			if ix.rel == k.rel && ix.valid && len(ix.keys) >= len(k.key) && equalInts(ix.keys[:len(k.key)], k.key) {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` has a foreign key `%s` without a covering index. This can lead to suboptimal query performance.", x.schema, x.name, k.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "table", FKeyName: k.name, FKeyColumns: k.key},
			fmt.Sprintf("unindexed_foreign_keys_%s_%s_%s", x.schema, x.name, k.name)))
	}
	return out
}

func equalInts(a, b []int) bool {
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

var ruleDuplicateIndex = &rule{
	id: "0009", name: "duplicate_index", title: "Duplicate Index", level: LevelWarn, category: "PERFORMANCE",
	description: "Detects cases where two ore more identical indexes exist.",
	run:         duplicateIndex,
}

// duplicateIndex: indexes of one table whose definitions are identical
// once their own names are taken out.
func duplicateIndex(f *facts, r *rule) []Finding {
	type key struct {
		rel uint32
		def string
	}
	groups := map[key][]string{}
	var order []key
	for _, ix := range f.indexes {
		x, ok := f.rels[ix.rel]
		if !ok || (x.kind != 'r' && x.kind != 'm') || !f.userRel(x) || ix.def == "" {
			continue
		}
		k := key{ix.rel, strings.ReplaceAll(ix.def, ix.name, "")}
		if _, seen := groups[k]; !seen {
			order = append(order, k)
		}
		groups[k] = append(groups[k], ix.name)
	}
	var out []Finding
	for _, k := range order {
		names := groups[k]
		if len(names) < 2 {
			continue
		}
		sort.Strings(names)
		x := f.rels[k.rel]
		typ := "table"
		if x.kind == 'm' {
			typ = "materialized view"
		}
		arr := pgArray(names)
		out = append(out, r.finding(
			fmt.Sprintf("Table `%s.%s` has identical indexes %s. Drop all except one of them", x.schema, x.name, arr),
			Metadata{Schema: x.schema, Name: x.name, Type: typ, Indexes: names},
			fmt.Sprintf("duplicate_index_%s_%s_%s", x.schema, x.name, arr)))
	}
	return out
}

var ruleFKeyToAuthUnique = &rule{
	id: "0021", name: "fkey_to_auth_unique", title: "Foreign Key to Auth Unique Constraint", level: LevelError, category: "SECURITY",
	description: "Detects user defined foreign keys to unique constraints in the auth schema.",
	run:         fkeyToAuthUnique,
}

// fkeyToAuthUnique: a foreign key into the auth schema that references a
// unique, non-primary-key index (auth may rebuild those).
func fkeyToAuthUnique(f *facts, r *rule) []Finding {
	var out []Finding
	for _, k := range f.cons {
		x, ok1 := f.rels[k.rel]
		ref, ok2 := f.rels[k.frel]
		if k.kind != 'f' || !ok1 || !ok2 || ref.schema != "auth" {
			continue
		}
		ix := f.referencedIndex(k)
		if ix == nil || !ix.unique || ix.primary {
			continue
		}
		out = append(out, Finding{
			Name: r.name, Title: r.title, Level: r.level, Facing: "EXTERNAL", Categories: []string{r.category},
			Description: r.description,
			Detail:      fmt.Sprintf("Table `%s`.`%s` has a foreign key `%s` referencing an auth unique constraint", x.schema, x.name, k.name),
			Remediation: "Drop the foreign key constraint that references the auth schema.",
			Metadata:    Metadata{Schema: x.schema, Name: x.name, ForeignKey: k.name},
			CacheKey:    fmt.Sprintf("fkey_to_auth_unique_%s_%s_%s", x.schema, x.name, k.name),
		})
	}
	return out
}

// referencedIndex is the index a foreign key depends on (conindid), or,
// when the catalog does not record it, the unique index of the referenced
// table over exactly the referenced columns.
func (f *facts) referencedIndex(k *con) *index {
	for _, ix := range f.indexes {
		if k.indexOID != 0 && ix.oid == k.indexOID {
			return ix
		}
	}
	if k.indexOID != 0 {
		return nil
	}
	want := append([]int(nil), k.fkey...)
	sort.Ints(want)
	var found *index
	for _, ix := range f.indexes {
		if ix.rel != k.frel || !ix.unique {
			continue
		}
		got := append([]int(nil), ix.keys...)
		sort.Ints(got)
		if equalInts(got, want) && (found == nil || ix.primary) {
			found = ix
		}
	}
	return found
}
