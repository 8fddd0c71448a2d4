package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TextSearchDDL is CREATE / ALTER / DROP / COMMENT ON TEXT SEARCH
// CONFIGURATION, DICTIONARY and TEMPLATE (PostgreSQL docs: SQL Commands,
// CREATE TEXT SEARCH CONFIGURATION): catalog objects the engine keeps
// (engine/internal/ddl/text_search.go).
type TextSearchDDL struct {
	// Object is configuration, dictionary, template or parser.
	Object string
	// Kind is create, add_mapping, alter_mapping, replace_dict,
	// drop_mapping, alter_options, rename, owner, set_schema, drop or
	// comment.
	Kind string
	Name catalog.QName

	Options []types.TSOption // create, alter_options: the definition

	TokenTypes []string        // mappings
	Dicts      []catalog.QName // mappings: WITH list; replace: old, new

	NewName, NewOwner, NewSchema string
	Comment                      *string

	Objects           []catalog.QName // drop
	IfExists, Cascade bool
}

func (*TextSearchDDL) command()        {}
func (*TextSearchDDL) catalogCommand() {}

var tsObjects = map[pg.ObjectType]string{
	pg.ObjectType_OBJECT_TSCONFIGURATION: "configuration",
	pg.ObjectType_OBJECT_TSDICTIONARY:    "dictionary",
	pg.ObjectType_OBJECT_TSTEMPLATE:      "template",
	pg.ObjectType_OBJECT_TSPARSER:        "parser",
}

// textSearchStatement translates the text search statements; ok is false
// for any other.
func (t *Translator) textSearchStatement(n *pg.Node) (Result, bool) {
	tag := func(verb, obj string) string {
		return verb + " TEXT SEARCH " + strings.ToUpper(obj)
	}
	switch s := n.Node.(type) {
	case *pg.Node_DefineStmt:
		obj, ok := tsObjects[s.DefineStmt.Kind]
		if !ok {
			return Result{}, false
		}
		cmd := &TextSearchDDL{Object: obj, Kind: "create", Name: listQName(s.DefineStmt.Defnames)}
		for _, d := range s.DefineStmt.Definition {
			if de := d.GetDefElem(); de != nil {
				cmd.Options = append(cmd.Options, types.TSOption{Name: de.Defname, Value: defWord(de)})
			}
		}
		return Result{Cmd: cmd, Tag: tag("CREATE", obj)}, true
	case *pg.Node_AlterTsconfigurationStmt:
		a := s.AlterTsconfigurationStmt
		cmd := &TextSearchDDL{Object: "configuration", Name: listQName(a.Cfgname), TokenTypes: names(a.Tokentype), IfExists: a.MissingOk}
		for _, d := range a.Dicts {
			cmd.Dicts = append(cmd.Dicts, listQName(d.GetList().GetItems()))
		}
		switch a.Kind {
		case pg.AlterTSConfigType_ALTER_TSCONFIG_ADD_MAPPING:
			cmd.Kind = "add_mapping"
		case pg.AlterTSConfigType_ALTER_TSCONFIG_ALTER_MAPPING_FOR_TOKEN:
			cmd.Kind = "alter_mapping"
		case pg.AlterTSConfigType_ALTER_TSCONFIG_REPLACE_DICT, pg.AlterTSConfigType_ALTER_TSCONFIG_REPLACE_DICT_FOR_TOKEN:
			cmd.Kind = "replace_dict"
		default:
			cmd.Kind = "drop_mapping"
		}
		return Result{Cmd: cmd, Tag: tag("ALTER", "configuration")}, true
	case *pg.Node_AlterTsdictionaryStmt:
		a := s.AlterTsdictionaryStmt
		cmd := &TextSearchDDL{Object: "dictionary", Kind: "alter_options", Name: listQName(a.Dictname)}
		for _, d := range a.Options {
			if de := d.GetDefElem(); de != nil {
				cmd.Options = append(cmd.Options, types.TSOption{Name: de.Defname, Value: defWord(de)})
			}
		}
		return Result{Cmd: cmd, Tag: tag("ALTER", "dictionary")}, true
	case *pg.Node_DropStmt:
		obj, ok := tsObjects[s.DropStmt.RemoveType]
		if !ok {
			return Result{}, false
		}
		cmd := &TextSearchDDL{Object: obj, Kind: "drop", IfExists: s.DropStmt.MissingOk, Cascade: s.DropStmt.Behavior == pg.DropBehavior_DROP_CASCADE}
		for _, o := range s.DropStmt.Objects {
			cmd.Objects = append(cmd.Objects, listQName(o.GetList().GetItems()))
		}
		return Result{Cmd: cmd, Tag: tag("DROP", obj)}, true
	case *pg.Node_RenameStmt:
		obj, ok := tsObjects[s.RenameStmt.RenameType]
		if !ok {
			return Result{}, false
		}
		return Result{Cmd: &TextSearchDDL{Object: obj, Kind: "rename", Name: listQName(s.RenameStmt.Object.GetList().GetItems()),
			NewName: s.RenameStmt.Newname, IfExists: s.RenameStmt.MissingOk}, Tag: tag("ALTER", obj)}, true
	case *pg.Node_AlterOwnerStmt:
		obj, ok := tsObjects[s.AlterOwnerStmt.ObjectType]
		if !ok {
			return Result{}, false
		}
		return Result{Cmd: &TextSearchDDL{Object: obj, Kind: "owner", Name: listQName(s.AlterOwnerStmt.Object.GetList().GetItems()),
			NewOwner: roleSpec(s.AlterOwnerStmt.Newowner)}, Tag: tag("ALTER", obj)}, true
	case *pg.Node_AlterObjectSchemaStmt:
		obj, ok := tsObjects[s.AlterObjectSchemaStmt.ObjectType]
		if !ok {
			return Result{}, false
		}
		return Result{Cmd: &TextSearchDDL{Object: obj, Kind: "set_schema", Name: listQName(s.AlterObjectSchemaStmt.Object.GetList().GetItems()),
			NewSchema: s.AlterObjectSchemaStmt.Newschema, IfExists: s.AlterObjectSchemaStmt.MissingOk}, Tag: tag("ALTER", obj)}, true
	case *pg.Node_CommentStmt:
		obj, ok := tsObjects[s.CommentStmt.Objtype]
		if !ok {
			return Result{}, false
		}
		cmd := &TextSearchDDL{Object: obj, Kind: "comment", Name: listQName(s.CommentStmt.Object.GetList().GetItems())}
		if s.CommentStmt.Comment != "" {
			c := s.CommentStmt.Comment
			cmd.Comment = &c
		}
		return Result{Cmd: cmd, Tag: "COMMENT"}, true
	}
	return Result{}, false
}
