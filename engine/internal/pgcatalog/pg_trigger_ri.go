package pgcatalog

import (
	"fmt"
	"slices"

	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// riTriggerFuncs are the OIDs of PostgreSQL's referential-integrity
// trigger functions for ON DELETE, by pg_constraint action code; each
// ON UPDATE function is the next OID (RI_FKey_cascade_del is 1646,
// RI_FKey_cascade_upd 1647).
var riTriggerFuncs = map[string]uint32{
	"c": 1646, // RI_FKey_cascade_del
	"r": 1648, // RI_FKey_restrict_del
	"n": 1650, // RI_FKey_setnull_del
	"d": 1652, // RI_FKey_setdefault_del
	"a": 1654, // RI_FKey_noaction_del
}

// RI_FKey_check_ins and RI_FKey_check_upd.
const (
	riCheckIns = 1644
	riCheckUpd = 1645
)

// pg_trigger.tgtype bits of the internal triggers: AFTER ROW INSERT,
// DELETE or UPDATE.
const (
	tgRowInsert = 1 | 4
	tgRowDelete = 1 | 8
	tgRowUpdate = 1 | 16
)

// riTriggers are the pg_trigger rows of the internal triggers PostgreSQL
// creates for every foreign key (tablecmds.c, createForeignKeyActionTriggers
// and createForeignKeyCheckTriggers): on the referenced table an ON DELETE
// and an ON UPDATE action trigger named RI_ConstraintTrigger_a_<oid>, on
// the referencing table an insert and an update check trigger named
// RI_ConstraintTrigger_c_<oid>, where <oid> is the trigger's own OID.
// tinybase enforces foreign keys in storage, not with these triggers, but
// lists them as PostgreSQL does (tgisinternal), with OIDs of its own.
func riTriggers(s *State) ([][]any, error) {
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	var out [][]any
	for _, r := range rels {
		cons, err := s.constraints(r)
		if err != nil {
			return nil, err
		}
		child := RelationOID(r.Schema, r.Name)
		for _, c := range cons {
			if c.Kind != "FOREIGN KEY" {
				continue
			}
			parent := RelationOID(c.FK.ParentSchema, c.FK.ParentTable)
			index, err := s.referencedIndex(c.FK.ParentSchema, c.FK.ParentTable, c.FK.ParentColumns)
			if err != nil {
				return nil, err
			}
			conOID := stableOID("c:" + r.Schema + "." + r.Name + "." + c.Name)
			// DISABLE TRIGGER ALL on either table turns its own off
			childOn, parentOn := "O", "O"
			if s.Catalog.FKTriggersDisabled(catalog.QName{Schema: r.Schema, Name: r.Name}) {
				childOn = "D"
			}
			if s.Catalog.FKTriggersDisabled(catalog.QName{Schema: c.FK.ParentSchema, Name: c.FK.ParentTable}) {
				parentOn = "D"
			}
			del := riTriggerFuncs[fkAction(string(c.FK.OnDelete))]
			upd := riTriggerFuncs[fkAction(string(c.FK.OnUpdate))] + 1
			for i, t := range []struct {
				kind      string
				rel, frel uint32
				fn        uint32
				tgtype    int16
			}{
				{"a", parent, child, del, tgRowDelete},
				{"a", parent, child, upd, tgRowUpdate},
				{"c", child, parent, riCheckIns, tgRowInsert},
				{"c", child, parent, riCheckUpd, tgRowUpdate},
			} {
				oid, name := riTrigger(r.Schema, r.Name, c.Name, i)
				on := childOn
				if t.kind == "a" {
					on = parentOn
				}
				out = append(out, []any{oid, t.rel, uint32(0), name, t.fn, t.tgtype, on, true,
					t.frel, index, conOID, false, false, int16(0), []byte{}, nil})
			}
		}
	}
	return out, nil
}

// referencedIndex is the OID of the unique index on schema.table over
// exactly cols that a foreign key to those columns relies on
// (pg_trigger.tgconstrindid), or 0 when there is none.
func (s *State) referencedIndex(schema, table string, cols []string) (uint32, error) {
	t, ok, err := s.DB.Table(s.Ctx, schema, table)
	if err != nil || !ok {
		return 0, err
	}
	idx, err := s.Indexes(Relation{Schema: schema, Name: table, Table: t})
	if err != nil {
		return 0, err
	}
	want := slices.Clone(cols)
	slices.Sort(want)
	for _, ix := range idx {
		if !ix.Unique || ix.Expression || ix.Partial || len(ix.Columns) != len(cols) {
			continue
		}
		have := slices.Clone(ix.Columns)
		slices.Sort(have)
		if slices.Equal(have, want) {
			return RelationOID(schema, ix.Name), nil
		}
	}
	return 0, nil
}

// riTrigger is the OID and name of foreign key constraint con's i-th
// internal trigger (0, 1: the referenced table's ON DELETE and ON UPDATE
// actions; 2, 3: the referencing table's insert and update checks).
func riTrigger(schema, table, con string, i int) (uint32, string) {
	oid := stableOID(fmt.Sprintf("ri:%s.%s.%s:%d", schema, table, con, i))
	kind := "c"
	if i < 2 {
		kind = "a"
	}
	return oid, fmt.Sprintf("RI_ConstraintTrigger_%s_%d", kind, oid)
}

// RITriggerName is the name pg_trigger gives foreign key constraint con
// of schema.table's first internal trigger on the referencing table
// (check) or, with referenced, on the referenced table (action): the
// name PostgreSQL's errors about system triggers quote.
func RITriggerName(schema, table, con string, referenced bool) string {
	i := 2
	if referenced {
		i = 0
	}
	_, name := riTrigger(schema, table, con, i)
	return name
}
