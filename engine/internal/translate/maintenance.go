package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
)

// Maintenance is VACUUM / ANALYZE: tinybase's copy-on-write storage has
// no dead tuples to reclaim and plans without statistics, so they only
// check their targets (and VACUUM that no transaction block is open).
type Maintenance struct {
	Vacuum bool
	Tables []*pg.RangeVar
}

func (*Maintenance) command() {}

func (t *Translator) maintenance(v *pg.VacuumStmt) (Result, error) {
	m := &Maintenance{Vacuum: v.IsVacuumcmd}
	for _, r := range v.Rels {
		if vr := r.GetVacuumRelation(); vr != nil && vr.Relation != nil {
			m.Tables = append(m.Tables, vr.Relation)
		}
	}
	tag := "ANALYZE"
	if v.IsVacuumcmd {
		tag = "VACUUM"
	}
	return Result{Cmd: m, Tag: tag}, nil
}
