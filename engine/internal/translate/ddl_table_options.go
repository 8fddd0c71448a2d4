package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TableOptions is ALTER TABLE ... REPLICA IDENTITY and SET / RESET
// (storage parameters): what pg_class keeps of a table besides its
// columns (relreplident, reloptions).
type TableOptions struct {
	Table catalog.QName
	// Replica is the new relreplident ('d', 'f', 'n', 'i'); 0 leaves it.
	Replica      byte
	ReplicaIndex string // USING INDEX
	// Set are the parameters SET gives, in order; Reset the names RESET
	// removes. A parameter may appear in several subcommands.
	Steps []TableOptionStep
	// Cluster names the index CLUSTER or ALTER TABLE ... CLUSTER ON marks
	// (pg_index.indisclustered) when ClusterSet; "" with ClusterSet is
	// SET WITHOUT CLUSTER. ClusterStmt is the CLUSTER statement, whose
	// omitted index is the one marked before.
	Cluster                 string
	ClusterSet, ClusterStmt bool
	// Persistence is SET LOGGED ('p') or SET UNLOGGED ('u'), or CREATE
	// UNLOGGED TABLE's; 0 leaves it.
	Persistence byte
	// Create marks CREATE TABLE's options, which run before the table
	// exists.
	Create bool
}

// TableOptionStep is one SET or RESET subcommand.
type TableOptionStep struct {
	Reset  bool
	Params []TableParam
}

// TableParam is one storage parameter; Value is as written, "true" when
// omitted (SET (autovacuum_enabled)), and unused by RESET.
type TableParam struct {
	Namespace, Name, Value string
	HasValue               bool
}

func (*TableOptions) command()        {}
func (*TableOptions) catalogCommand() {}

// tableOptionCmd adds one REPLICA IDENTITY / SET / RESET subcommand of
// ALTER TABLE to o; it reports false for other subcommands.
func tableOptionCmd(o *TableOptions, cmd *pg.AlterTableCmd) bool {
	switch cmd.Subtype {
	case pg.AlterTableType_AT_ReplicaIdentity:
		ri := cmd.Def.GetReplicaIdentityStmt()
		if ri == nil || ri.IdentityType == "" {
			return false
		}
		o.Replica, o.ReplicaIndex = ri.IdentityType[0], ri.Name
		return true
	case pg.AlterTableType_AT_ClusterOn:
		o.Cluster, o.ClusterSet = cmd.Name, true
		return true
	case pg.AlterTableType_AT_DropCluster:
		o.Cluster, o.ClusterSet = "", true
		return true
	case pg.AlterTableType_AT_SetLogged:
		o.Persistence = 'p'
		return true
	case pg.AlterTableType_AT_SetUnLogged:
		o.Persistence = 'u'
		return true
	case pg.AlterTableType_AT_SetRelOptions, pg.AlterTableType_AT_ResetRelOptions:
		step := TableOptionStep{Reset: cmd.Subtype == pg.AlterTableType_AT_ResetRelOptions}
		for _, n := range cmd.Def.GetList().GetItems() {
			d := n.GetDefElem()
			if d == nil {
				return false
			}
			step.Params = append(step.Params, relParam(d))
		}
		o.Steps = append(o.Steps, step)
		return true
	}
	return false
}

// cluster translates CLUSTER table [USING index] (and the older CLUSTER
// index ON table): it marks the index as the table's clustering index.
// tinybase's storage keeps rows in its own order, so the marking is what
// CLUSTER leaves behind; a later CLUSTER table reuses it. CLUSTER with no
// table (every marked table) is not supported yet.
func (t *Translator) cluster(s *pg.ClusterStmt) (Result, error) {
	if s.Relation == nil {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "CLUSTER without a table is not supported yet")
	}
	ti := t.lookup(s.Relation, false)
	return Result{Cmd: &TableOptions{Table: catalog.QName{Schema: ti.Schema, Name: ti.Name},
		Cluster: s.Indexname, ClusterSet: true, ClusterStmt: true}, Tag: "CLUSTER"}, nil
}

// relParam is one storage parameter of a WITH (...) or SET (...) list; a
// bare name means true, as in PostgreSQL.
func relParam(d *pg.DefElem) TableParam {
	p := TableParam{Namespace: d.Defnamespace, Name: d.Defname, Value: "true"}
	if d.Arg != nil {
		p.Value, p.HasValue = defText(d.Arg), true
		if f := d.Arg.GetFloat(); f != nil {
			p.Value = f.Fval
		}
	}
	return p
}

// createTableOptions is what CREATE [UNLOGGED] TABLE ... WITH (...) sets
// besides the columns, applied as ALTER TABLE SET would (nil when
// nothing). WITH (oids = false), which old dumps write, is accepted and
// dropped, as PostgreSQL does.
func (t *Translator) createTableOptions(s *pg.CreateStmt) *TableOptions {
	o := &TableOptions{Table: catalog.QName{Schema: s.Relation.Schemaname, Name: s.Relation.Relname}, Create: true}
	if s.Relation.Relpersistence == "u" {
		o.Persistence = 'u'
	}
	var step TableOptionStep
	for _, n := range s.Options {
		d := n.GetDefElem()
		if d == nil {
			continue
		}
		p := relParam(d)
		if p.Namespace == "" && p.Name == "oids" {
			if v, ok := catalog.ParseBoolOption(p.Value); ok && !v {
				continue
			}
			fail(pgerror.New(pgerror.FeatureNotSupported, "tables declared WITH OIDS are not supported"))
		}
		step.Params = append(step.Params, p)
	}
	if len(step.Params) > 0 {
		o.Steps = append(o.Steps, step)
	}
	if o.Persistence == 0 && len(o.Steps) == 0 {
		return nil
	}
	return o
}
