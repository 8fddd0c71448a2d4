package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// CreateTrigger is CREATE [OR REPLACE] TRIGGER.
type CreateTrigger struct {
	Replace  bool
	Trigger  catalog.Trigger
	Function catalog.QName
	// WhenRefs says which of NEW / OLD the WHEN condition references.
	WhenNew, WhenOld bool
}

// DropTrigger is DROP TRIGGER [IF EXISTS] name ON table.
type DropTrigger struct {
	Table    catalog.QName
	Name     string
	IfExists bool
}

// RenameTrigger is ALTER TRIGGER name ON table RENAME TO new_name.
type RenameTrigger struct {
	Table         catalog.QName
	Name, NewName string
}

// EnableTrigger is ALTER TABLE ... ENABLE / DISABLE TRIGGER name | ALL |
// USER.
type EnableTrigger struct {
	Table  catalog.QName
	Name   string // "" with All or User
	All    bool   // ALL or USER: every user trigger of the table
	System bool   // ALL: the foreign key triggers too
	Enable byte   // 'O' enabled, 'D' disabled, 'A' always, 'R' replica
	Rule   bool   // ENABLE / DISABLE RULE name: a rewrite rule's ev_enabled
}

// EnableTriggers groups the trigger subcommands of one ALTER TABLE.
type EnableTriggers struct{ Cmds []EnableTrigger }

func (*CreateTrigger) command()         {}
func (*CreateTrigger) catalogCommand()  {}
func (*DropTrigger) command()           {}
func (*DropTrigger) catalogCommand()    {}
func (*RenameTrigger) command()         {}
func (*RenameTrigger) catalogCommand()  {}
func (*EnableTriggers) command()        {}
func (*EnableTriggers) catalogCommand() {}

// PostgreSQL's TRIGGER_TYPE_* bits as the grammar reports them.
const (
	tgBefore   = 1 << 1
	tgInsert   = 1 << 2
	tgDelete   = 1 << 3
	tgUpdate   = 1 << 4
	tgTruncate = 1 << 5
	tgInstead  = 1 << 6
)

// createTrigger translates CREATE TRIGGER (docs: SQL Commands, CREATE
// TRIGGER); the engine resolves the table and function.
func (t *Translator) createTrigger(s *pg.CreateTrigStmt) Result {
	tg := catalog.Trigger{Table: rangeQName(s.Relation), Name: s.Trigname, ForEachRow: s.Row, Timing: catalog.TimingAfter,
		Constraint: s.Isconstraint}
	switch {
	case s.Timing&tgBefore != 0:
		tg.Timing = catalog.TimingBefore
	case s.Timing&tgInstead != 0:
		tg.Timing = catalog.TimingInstead
	}
	if s.Events&tgInsert != 0 {
		tg.Events |= catalog.EventInsert
	}
	if s.Events&tgDelete != 0 {
		tg.Events |= catalog.EventDelete
	}
	if s.Events&tgUpdate != 0 {
		tg.Events |= catalog.EventUpdate
	}
	if s.Events&tgTruncate != 0 {
		tg.Events |= catalog.EventTruncate
	}
	tg.Columns = names(s.Columns)
	transitionTables(s, &tg)
	for _, a := range s.Args {
		tg.Args = append(tg.Args, strVal(a))
	}
	cmd := &CreateTrigger{Replace: s.Replace, Function: listQName(s.Funcname)}
	if s.WhenClause != nil {
		tg.When = exprSQL(s.WhenClause)
		walkColumnRefs(s.WhenClause, func(cr *pg.ColumnRef) {
			f := names(cr.Fields)
			if len(f) >= 2 {
				switch f[0] {
				case "new":
					cmd.WhenNew = true
				case "old":
					cmd.WhenOld = true
				}
			}
		})
	}
	cmd.Trigger = tg
	res := Result{Cmd: cmd, Tag: "CREATE TRIGGER"}
	if s.Isconstraint && (s.Deferrable || s.Initdeferred) {
		// a constraint trigger fires at the end of the statement, or at
		// COMMIT while deferred, as a deferrable constraint is checked
		res.Catalog = append(res.Catalog, &SetDeferrable{Table: tg.Table,
			Constraints: []DeferrableConstraint{{Name: s.Trigname, Deferrable: true, Initially: s.Initdeferred}}})
	}
	return res
}

// walkColumnRefs calls f for every column reference in an expression.
func walkColumnRefs(n *pg.Node, f func(*pg.ColumnRef)) {
	var walk func(any)
	walk = func(v any) {
		x, ok := v.(*pg.Node)
		if !ok || x == nil {
			return
		}
		if cr := x.GetColumnRef(); cr != nil {
			f(cr)
			return
		}
		walkNodeChildren(x, walk)
	}
	walk(n)
}

// dropTrigger translates DROP TRIGGER.
func (t *Translator) dropTrigger(s *pg.DropStmt) Result {
	if len(s.Objects) != 1 {
		fail(pgerror.New(pgerror.FeatureNotSupported, "DROP TRIGGER names one trigger"))
	}
	parts := names(s.Objects[0].GetList().GetItems())
	cmd := &DropTrigger{IfExists: s.MissingOk, Name: parts[len(parts)-1]}
	cmd.Table.Name = parts[len(parts)-2]
	if len(parts) > 2 {
		cmd.Table.Schema = parts[len(parts)-3]
	}
	return Result{Cmd: cmd, Tag: "DROP TRIGGER"}
}

// enableTriggers translates an ALTER TABLE made only of ENABLE / DISABLE
// TRIGGER and RULE subcommands; ok is false otherwise.
func (t *Translator) enableTriggers(s *pg.AlterTableStmt) (Result, bool) {
	cmd := &EnableTriggers{}
	for _, c := range s.Cmds {
		ac := c.GetAlterTableCmd()
		if ac == nil {
			return Result{}, false
		}
		e := EnableTrigger{Table: rangeQName(s.Relation), Name: ac.Name}
		switch ac.Subtype {
		case pg.AlterTableType_AT_EnableTrig:
			e.Enable = 'O'
		case pg.AlterTableType_AT_EnableAlwaysTrig:
			e.Enable = 'A'
		case pg.AlterTableType_AT_EnableReplicaTrig:
			e.Enable = 'R'
		case pg.AlterTableType_AT_DisableTrig:
			e.Enable = 'D'
		case pg.AlterTableType_AT_EnableTrigAll:
			e.Enable, e.All, e.System = 'O', true, true
		case pg.AlterTableType_AT_DisableTrigAll:
			e.Enable, e.All, e.System = 'D', true, true
		case pg.AlterTableType_AT_EnableTrigUser:
			e.Enable, e.All = 'O', true
		case pg.AlterTableType_AT_DisableTrigUser:
			e.Enable, e.All = 'D', true
		case pg.AlterTableType_AT_EnableRule:
			e.Enable, e.Rule = 'O', true
		case pg.AlterTableType_AT_EnableAlwaysRule:
			e.Enable, e.Rule = 'A', true
		case pg.AlterTableType_AT_EnableReplicaRule:
			e.Enable, e.Rule = 'R', true
		case pg.AlterTableType_AT_DisableRule:
			e.Enable, e.Rule = 'D', true
		default:
			return Result{}, false
		}
		cmd.Cmds = append(cmd.Cmds, e)
	}
	if len(cmd.Cmds) == 0 {
		return Result{}, false
	}
	return Result{Cmd: cmd, Tag: "ALTER TABLE"}, true
}

// TriggerWhenSQL rewrites a trigger's WHEN condition into a SELECT whose
// NEW.col / OLD.col references are parameters: $i is NEW's column i,
// $n+i OLD's (n columns).
func TriggerWhenSQL(when string, cols []string) (string, error) {
	tree, err := pgtree.Parse("SELECT " + when)
	if err != nil {
		return "", err
	}
	idx := map[string]int{}
	for i, c := range cols {
		idx[c] = i
	}
	var bad error
	var walk func(any)
	walk = func(v any) {
		x, ok := v.(*pg.Node)
		if !ok || x == nil {
			return
		}
		if cr := x.GetColumnRef(); cr != nil {
			f := names(cr.Fields)
			if len(f) == 2 && (f[0] == "new" || f[0] == "old") {
				i, ok := idx[f[1]]
				if !ok {
					bad = pgerror.New(pgerror.UndefinedColumn, "column %s.%s does not exist", f[0], f[1])
					return
				}
				if f[0] == "old" {
					i += len(cols)
				}
				x.Node = &pg.Node_ParamRef{ParamRef: &pg.ParamRef{Number: int32(i + 1), Location: cr.Location}}
			}
			return
		}
		walkNodeChildren(x, walk)
	}
	walk(tree.Stmts[0].Stmt)
	if bad != nil {
		return "", bad
	}
	return pgtree.Deparse(tree)
}

// transitionTables checks a REFERENCING clause as PostgreSQL's
// CreateTriggerFiringOn does and records the names.
func transitionTables(s *pg.CreateTrigStmt, tg *catalog.Trigger) {
	if len(s.TransitionRels) == 0 {
		return
	}
	if tg.Timing != catalog.TimingAfter {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "transition table name can only be specified for an AFTER trigger"))
	}
	if tg.Events&catalog.EventTruncate != 0 {
		fail(pgerror.New(pgerror.FeatureNotSupported, "TRUNCATE triggers with transition tables are not supported"))
	}
	n := 0
	for _, ev := range []catalog.TriggerEvent{catalog.EventInsert, catalog.EventUpdate, catalog.EventDelete} {
		if tg.Events&ev != 0 {
			n++
		}
	}
	if n > 1 {
		fail(pgerror.New(pgerror.FeatureNotSupported, "transition tables cannot be specified for triggers with more than one event"))
	}
	if len(s.Columns) > 0 {
		fail(pgerror.New(pgerror.FeatureNotSupported, "transition tables cannot be specified for triggers with column lists"))
	}
	for _, n := range s.TransitionRels {
		tt := n.GetTriggerTransition()
		if tt == nil {
			continue
		}
		if !tt.IsTable {
			fail(pgerror.New(pgerror.FeatureNotSupported, "ROW variable naming in the REFERENCING clause is not supported").
				WithHint("Use OLD ROW or NEW ROW in the trigger function instead."))
		}
		if tt.IsNew {
			if tg.Events&(catalog.EventInsert|catalog.EventUpdate) == 0 {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "NEW TABLE can only be specified for an INSERT or UPDATE trigger"))
			}
			if tg.NewTable != "" {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "NEW TABLE cannot be specified multiple times"))
			}
			tg.NewTable = tt.Name
		} else {
			if tg.Events&(catalog.EventDelete|catalog.EventUpdate) == 0 {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "OLD TABLE can only be specified for a DELETE or UPDATE trigger"))
			}
			if tg.OldTable != "" {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "OLD TABLE cannot be specified multiple times"))
			}
			tg.OldTable = tt.Name
		}
	}
	if tg.NewTable != "" && tg.NewTable == tg.OldTable {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "OLD TABLE name and NEW TABLE name cannot be the same"))
	}
}
