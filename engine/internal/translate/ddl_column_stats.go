package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
)

// ColumnStats is an ALTER TABLE or ALTER INDEX whose subcommands all set
// or reset columns' statistics settings (docs: ALTER TABLE, "SET
// STATISTICS", "SET ( attribute_option = value )"): pg_attribute's
// attstattarget and attoptions. The relation is as written; ddl resolves
// it (an index's columns are named by number or by their index names).
type ColumnStats struct {
	Rel       catalog.QName
	Index     bool // ALTER INDEX
	Recurse   bool // without ONLY: the table's descendants too
	MissingOK bool
	Cmds      []ColumnStatsCmd
}

// ColumnStatsCmd is one subcommand: Target for SET STATISTICS, Set for
// SET (...), Reset for RESET (...).
type ColumnStatsCmd struct {
	Column string
	Num    int16 // ALTER COLUMN <number> (0: by name)
	Target *int32
	Set    []TableParam
	Reset  []string
	Loc    int32
}

func (*ColumnStats) command()        {}
func (*ColumnStats) catalogCommand() {}

// columnStats translates ALTER TABLE / INDEX s when its subcommands are
// all SET STATISTICS, SET (...) or RESET (...) of columns; ok is false
// otherwise.
func (t *Translator) columnStats(s *pg.AlterTableStmt) (Result, bool) {
	if len(s.Cmds) == 0 {
		return Result{}, false
	}
	c := &ColumnStats{Rel: catalog.QName{Schema: s.Relation.Schemaname, Name: s.Relation.Relname},
		Index: s.Objtype == pg.ObjectType_OBJECT_INDEX, Recurse: s.Relation.Inh, MissingOK: s.MissingOk}
	for _, n := range s.Cmds {
		cmd := n.GetAlterTableCmd()
		if cmd == nil {
			return Result{}, false
		}
		sc := ColumnStatsCmd{Column: cmd.Name, Num: int16(cmd.Num)}
		switch cmd.Subtype {
		case pg.AlterTableType_AT_SetStatistics:
			v := int32(cmd.Def.GetInteger().GetIval())
			sc.Target = &v
		case pg.AlterTableType_AT_SetOptions, pg.AlterTableType_AT_ResetOptions:
			for _, o := range cmd.Def.GetList().GetItems() {
				d := o.GetDefElem()
				if d == nil {
					continue
				}
				if cmd.Subtype == pg.AlterTableType_AT_ResetOptions {
					sc.Reset = append(sc.Reset, d.Defname)
				} else {
					sc.Set = append(sc.Set, relParam(d))
				}
			}
			if sc.Set == nil && sc.Reset == nil {
				sc.Reset = []string{} // RESET () changes nothing
			}
		default:
			return Result{}, false
		}
		c.Cmds = append(c.Cmds, sc)
	}
	tag := "ALTER TABLE"
	if c.Index {
		tag = "ALTER INDEX"
	}
	return Result{Cmd: c, Tag: tag}, true
}

// IsSystemColumn reports whether name is a system column's (ctid, xmin,
// ...), which ALTER COLUMN cannot change.
func IsSystemColumn(name string) bool { return systemColumns[name] }

// settingsDeps adds col's statistics settings, which DROP COLUMN drops.
func (t *Translator) settingsDeps(ti *TableInfo, col string, into **DropColumnDeps) {
	r := t.reader()
	if r == nil {
		return
	}
	q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	if target, opts := r.Current().ColumnStats(catalog.ColumnKey(q, col)); target == -1 && opts == nil {
		return
	}
	if *into == nil {
		*into = &DropColumnDeps{Table: q}
	}
	(*into).Settings = append((*into).Settings, col)
}
