package ddl

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// eventObjects are the object kinds whose CREATE / ALTER / DROP fire
// event triggers (PostgreSQL docs: 40.2, Event Trigger Firing Matrix).
var eventObjects = []string{
	"ACCESS METHOD", "AGGREGATE", "CAST", "COLLATION", "CONVERSION", "DOMAIN", "EXTENSION",
	"FOREIGN DATA WRAPPER", "FOREIGN TABLE", "FUNCTION", "INDEX", "LANGUAGE", "MATERIALIZED VIEW",
	"OPERATOR", "OPERATOR CLASS", "OPERATOR FAMILY", "POLICY", "PROCEDURE", "PUBLICATION", "ROUTINE",
	"RULE", "SCHEMA", "SEQUENCE", "SERVER", "STATISTICS", "SUBSCRIPTION", "TABLE", "TEXT SEARCH CONFIGURATION",
	"TEXT SEARCH DICTIONARY", "TEXT SEARCH PARSER", "TEXT SEARCH TEMPLATE", "TRANSFORM", "TRIGGER", "TYPE",
	"USER MAPPING", "VIEW",
}

// eventCommands are the other command tags event triggers fire for.
var eventCommands = []string{"ALTER DEFAULT PRIVILEGES", "ALTER LARGE OBJECT", "COMMENT", "CREATE TABLE AS",
	"DROP OWNED", "GRANT", "IMPORT FOREIGN SCHEMA", "REFRESH MATERIALIZED VIEW", "REVOKE", "SECURITY LABEL", "SELECT INTO"}

// EventTag reports whether command tag fires event triggers.
func EventTag(tag string) bool {
	for _, c := range eventCommands {
		if tag == c {
			return true
		}
	}
	for _, verb := range []string{"CREATE ", "ALTER ", "DROP "} {
		if obj, ok := strings.CutPrefix(tag, verb); ok {
			for _, o := range eventObjects {
				if obj == o {
					return true
				}
			}
		}
	}
	return false
}

// otherTags are command tags that fire no event triggers.
var otherTags = []string{"ANALYZE", "BEGIN", "CALL", "CHECKPOINT", "CLOSE CURSOR", "CLUSTER", "COMMIT", "COPY",
	"DEALLOCATE", "DECLARE CURSOR", "DELETE", "DISCARD", "DO", "EXECUTE", "EXPLAIN", "FETCH", "GRANT ROLE",
	"INSERT", "LISTEN", "LOAD", "LOCK TABLE", "MERGE", "MOVE", "NOTIFY", "PREPARE", "REINDEX", "RELEASE", "RESET",
	"REVOKE ROLE", "ROLLBACK", "SAVEPOINT", "SELECT", "SET", "SET CONSTRAINTS", "SHOW", "START TRANSACTION",
	"TRUNCATE TABLE", "UNLISTEN", "UPDATE", "VACUUM"}

// knownTag reports whether tag is a command tag that fires no event
// triggers (shared objects, event triggers themselves, DML, utility).
func knownTag(tag string) bool {
	for _, t := range otherTags {
		if tag == t {
			return true
		}
	}
	for _, verb := range []string{"CREATE ", "ALTER ", "DROP "} {
		switch strings.TrimPrefix(tag, verb) {
		case "DATABASE", "ROLE", "TABLESPACE", "EVENT TRIGGER", "USER", "GROUP":
			return strings.HasPrefix(tag, verb)
		}
	}
	return false
}

// CreateEventTrigger is CREATE EVENT TRIGGER.
func CreateEventTrigger(h Host, c *translate.CreateEventTrigger) error {
	cat := h.Catalog()
	if r, ok := cat.Role(h.CurrentUser()); !ok || !r.Super {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to create event trigger %q", c.Name).
			WithHint("Must be superuser to create an event trigger.")
	}
	switch c.Event {
	case "ddl_command_start", "ddl_command_end", "sql_drop", "table_rewrite":
	default:
		return pgerror.New(pgerror.SyntaxError, "unrecognized event name %q", c.Event)
	}
	for _, tag := range c.Tags {
		switch {
		case EventTag(tag):
		case knownTag(tag):
			return pgerror.New(pgerror.FeatureNotSupported, "event triggers are not supported for %s", tag)
		default:
			return pgerror.New(pgerror.InvalidParameterValue, "filter value %q not recognized for filter variable %q", tag, "tag")
		}
	}
	if _, ok := cat.EventTrigger(c.Name); ok {
		return pgerror.New(pgerror.DuplicateObject, "event trigger %q already exists", c.Name)
	}
	fn, err := eventTriggerFunction(h, cat, c.Function)
	if err != nil {
		return err
	}
	h.SetCatalog(cat.PutEventTrigger(catalog.EventTrigger{Name: c.Name, Event: c.Event, Tags: c.Tags,
		Function: fn.OID, Owner: h.CurrentUser(), Enabled: 'O'}))
	return nil
}

// eventTriggerFunction resolves EXECUTE FUNCTION name(): a routine
// without arguments returning event_trigger.
func eventTriggerFunction(h Host, cat *catalog.Catalog, q catalog.QName) (*catalog.Function, error) {
	for _, sc := range LookupSchemas(h, q.Schema) {
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: q.Name}) {
			if len(f.InputArgs()) != 0 {
				continue
			}
			if f.Result == nil || f.Result.OID != types.EventTrigger.OID {
				return nil, pgerror.New(pgerror.InvalidObjectDefinition, "function %s must return type event_trigger", q.Display())
			}
			return f, nil
		}
	}
	if q.Schema != "" && q.Schema != "pg_catalog" && !h.StorageTxn().HasSchema(q.Schema) {
		return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", q.Schema)
	}
	return nil, pgerror.New(pgerror.UndefinedFunction, "function %s() does not exist", q.Display())
}

// AlterEventTrigger is ALTER EVENT TRIGGER ... ENABLE / DISABLE / RENAME.
func AlterEventTrigger(h Host, c *translate.AlterEventTrigger) error {
	cat := h.Catalog()
	t, ok := cat.EventTrigger(c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "event trigger %q does not exist", c.Name)
	}
	if err := eventTriggerOwner(h, cat, t); err != nil {
		return err
	}
	n := *t
	if c.Owner != "" {
		owner := c.Owner
		if owner == translate.RoleCurrentUser || owner == translate.RoleSessionUser {
			owner = h.CurrentUser()
		}
		r, ok := cat.Role(owner)
		if !ok {
			return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", owner)
		}
		if !r.Super {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to change owner of event trigger %q", t.Name).
				WithHint("The owner of an event trigger must be a superuser.")
		}
		n.Owner = owner
		h.SetCatalog(cat.PutEventTrigger(n))
		return nil
	}
	if c.NewName != "" {
		if _, exists := cat.EventTrigger(c.NewName); exists {
			return pgerror.New(pgerror.DuplicateObject, "event trigger %q already exists", c.NewName)
		}
		n.Name = c.NewName
		h.SetCatalog(cat.DropEventTrigger(c.Name).PutEventTrigger(n))
		return nil
	}
	n.Enabled = c.Enabled
	h.SetCatalog(cat.PutEventTrigger(n))
	return nil
}

func eventTriggerOwner(h Host, cat *catalog.Catalog, t *catalog.EventTrigger) error {
	if r, ok := cat.Role(h.CurrentUser()); ok && (r.Super || cat.HasPrivsOf(r.Name, t.Owner)) {
		return nil
	}
	return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of event trigger %s", t.Name)
}

// DropEventTrigger is DROP EVENT TRIGGER.
func DropEventTrigger(h Host, c *translate.DropEventTrigger) error {
	cat := h.Catalog()
	for _, name := range c.Names {
		t, ok := cat.EventTrigger(name)
		if !ok {
			if c.MissingOK {
				h.Notice("NOTICE", "00000", fmt.Sprintf("event trigger %q does not exist, skipping", name))
				continue
			}
			return pgerror.New(pgerror.UndefinedObject, "event trigger %q does not exist", name)
		}
		if err := eventTriggerOwner(h, cat, t); err != nil {
			return err
		}
		cat = cat.DropEventTrigger(name)
	}
	h.SetCatalog(cat)
	return nil
}
