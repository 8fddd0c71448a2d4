package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateEventTrigger is CREATE EVENT TRIGGER (PostgreSQL docs: CREATE
// EVENT TRIGGER).
type CreateEventTrigger struct {
	Name     string
	Event    string
	Tags     []string // upper case
	Function catalog.QName
}

// AlterEventTrigger is ALTER EVENT TRIGGER name ENABLE | DISABLE | ENABLE
// REPLICA | ENABLE ALWAYS, or RENAME TO (NewName).
type AlterEventTrigger struct {
	Name    string
	Enabled byte
	NewName string
	Owner   string // OWNER TO
}

// DropEventTrigger is DROP EVENT TRIGGER [IF EXISTS] name [, ...].
type DropEventTrigger struct {
	Names     []string
	MissingOK bool
}

func (*CreateEventTrigger) command()        {}
func (*CreateEventTrigger) catalogCommand() {}
func (*AlterEventTrigger) command()         {}
func (*AlterEventTrigger) catalogCommand()  {}
func (*DropEventTrigger) command()          {}
func (*DropEventTrigger) catalogCommand()   {}

// eventTriggerStatement translates the event trigger statements.
func (t *Translator) eventTriggerStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_CreateEventTrigStmt:
		c := s.CreateEventTrigStmt
		cmd := &CreateEventTrigger{Name: c.Trigname, Event: c.Eventname, Function: listQName(c.Funcname)}
		for _, w := range c.Whenclause {
			d := w.GetDefElem()
			if d == nil {
				continue
			}
			if d.Defname != "tag" {
				fail(pgerror.New(pgerror.SyntaxError, "unrecognized filter variable %q", d.Defname))
			}
			if l := d.Arg.GetList(); l != nil {
				for _, v := range l.Items {
					cmd.Tags = append(cmd.Tags, strings.ToUpper(strVal(v)))
				}
			}
		}
		return Result{Cmd: cmd, Tag: "CREATE EVENT TRIGGER"}, true
	case *pg.Node_AlterEventTrigStmt:
		a := s.AlterEventTrigStmt
		en := byte('O')
		if a.Tgenabled != "" {
			en = a.Tgenabled[0]
		}
		return Result{Cmd: &AlterEventTrigger{Name: a.Trigname, Enabled: en}, Tag: "ALTER EVENT TRIGGER"}, true
	case *pg.Node_RenameStmt:
		if s.RenameStmt.RenameType != pg.ObjectType_OBJECT_EVENT_TRIGGER {
			return Result{}, false
		}
		return Result{Cmd: &AlterEventTrigger{Name: strVal(s.RenameStmt.Object), NewName: s.RenameStmt.Newname}, Tag: "ALTER EVENT TRIGGER"}, true
	case *pg.Node_AlterOwnerStmt:
		a := s.AlterOwnerStmt
		if a.ObjectType != pg.ObjectType_OBJECT_EVENT_TRIGGER || a.Newowner == nil {
			return Result{}, false
		}
		return Result{Cmd: &AlterEventTrigger{Name: strVal(a.Object), Owner: roleSpec(a.Newowner)}, Tag: "ALTER EVENT TRIGGER"}, true
	case *pg.Node_DropStmt:
		d := s.DropStmt
		if d.RemoveType != pg.ObjectType_OBJECT_EVENT_TRIGGER {
			return Result{}, false
		}
		cmd := &DropEventTrigger{MissingOK: d.MissingOk}
		for _, o := range d.Objects {
			cmd.Names = append(cmd.Names, strVal(o))
		}
		return Result{Cmd: cmd, Tag: "DROP EVENT TRIGGER"}, true
	}
	return Result{}, false
}
