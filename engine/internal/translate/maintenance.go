package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
)

// Maintenance is VACUUM / ANALYZE: tinybase's copy-on-write storage has
// no dead tuples to reclaim, so VACUUM only records the row count
// (reltuples) and refuses to run in a transaction block; ANALYZE (and
// VACUUM ANALYZE) computes the column statistics.
type Maintenance struct {
	Vacuum  bool
	Analyze bool
	Tables  []*pg.RangeVar
	// Columns are the columns named for each table (none: all).
	Columns [][]string
}

func (*Maintenance) command() {}

func (t *Translator) maintenance(v *pg.VacuumStmt) (Result, error) {
	m := &Maintenance{Vacuum: v.IsVacuumcmd, Analyze: !v.IsVacuumcmd}
	for _, o := range v.Options {
		if d := o.GetDefElem(); d != nil && d.Defname == "analyze" {
			m.Analyze = d.Arg == nil || boolOption(d.Arg)
		}
	}
	for _, r := range v.Rels {
		if vr := r.GetVacuumRelation(); vr != nil && vr.Relation != nil {
			m.Tables = append(m.Tables, vr.Relation)
			var cols []string
			for _, c := range vr.VaCols {
				if sv := c.GetString_(); sv != nil {
					cols = append(cols, sv.Sval)
				}
			}
			m.Columns = append(m.Columns, cols)
		}
	}
	tag := "ANALYZE"
	if v.IsVacuumcmd {
		tag = "VACUUM"
	}
	return Result{Cmd: m, Tag: tag}, nil
}

// boolOption reads a VACUUM option's value: true unless it spells false
// (false, off, 0).
func boolOption(n *pg.Node) bool {
	switch {
	case n.GetString_() != nil:
		switch n.GetString_().Sval {
		case "false", "off", "no", "0":
			return false
		}
	case n.GetInteger() != nil:
		return n.GetInteger().Ival != 0
	case n.GetBoolean() != nil:
		return n.GetBoolean().Boolval
	}
	return true
}

// Reindex is REINDEX (docs: sql-reindex). tinybase's indexes are kept
// exact by every write, so there is nothing to rebuild: the statement
// checks its target, ownership and transaction state as PostgreSQL does.
type Reindex struct {
	Kind         pg.ReindexObjectType
	Relation     *pg.RangeVar // INDEX, TABLE
	Name         string       // SCHEMA, DATABASE, SYSTEM
	Concurrently bool
}

func (*Reindex) command() {}

func (t *Translator) reindex(s *pg.ReindexStmt) (Result, error) {
	r := &Reindex{Kind: s.Kind, Relation: s.Relation, Name: s.Name}
	for _, p := range s.Params {
		if d := p.GetDefElem(); d != nil && d.Defname == "concurrently" {
			r.Concurrently = d.Arg == nil || boolOption(d.Arg)
		}
	}
	return Result{Cmd: r, Tag: "REINDEX"}, nil
}
