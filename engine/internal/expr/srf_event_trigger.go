package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// EventTriggerEnv is the session as the event trigger functions see it
// (through sql.Context.Session): the commands and dropped objects of the
// event whose trigger is running; ok is false outside one.
type EventTriggerEnv interface {
	EventTriggerCommands() (rows [][]any, ok bool)
	EventTriggerDropped() (rows [][]any, ok bool)
}

// AddEventTriggerSRFs adds pg_event_trigger_ddl_commands() and
// pg_event_trigger_dropped_objects() (PostgreSQL docs: 9.29, Event
// Trigger Functions). A family of session.Builtins.
func AddEventTriggerSRFs(r *Registry) {
	eventSRF := func(name string, get func(EventTriggerEnv) ([][]any, bool)) {
		addSRF(r, name, FuncImpl{Result: Fixed(types.Record), NonStrict: true,
			Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
				if env, ok := ctx.Session.(EventTriggerEnv); ok {
					if rows, ok := get(env); ok {
						return srfRows(rows), nil
					}
				}
				return nil, pgerror.New("39P03", "%s() can only be called in %s", name, eventTriggerWhere(name))
			}})
	}
	eventSRF("pg_event_trigger_ddl_commands", EventTriggerEnv.EventTriggerCommands)
	eventSRF("pg_event_trigger_dropped_objects", EventTriggerEnv.EventTriggerDropped)
}

func eventTriggerWhere(name string) string {
	if name == "pg_event_trigger_dropped_objects" {
		return "a sql_drop event trigger function"
	}
	return "an event trigger function"
}
