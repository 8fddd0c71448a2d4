package ddl

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TextSearch runs CREATE / ALTER / DROP / COMMENT ON TEXT SEARCH
// CONFIGURATION, DICTIONARY and TEMPLATE on the catalog (docs: SQL
// Commands, CREATE TEXT SEARCH CONFIGURATION): user objects beside
// PostgreSQL 15's built-in ones, which the session's resolver finds by
// search path (types.TSResolver).
func TextSearch(h Host, c *translate.TextSearchDDL) error {
	word := "text search " + c.Object
	if c.Object == "parser" {
		return pgerror.New(pgerror.FeatureNotSupported, "text search parsers are not supported yet").
			WithHint("The default parser is available.")
	}
	switch c.Kind {
	case "create":
		return createTS(h, c, word)
	case "drop":
		for _, q := range c.Objects {
			oid, ok := lookupTS(h, c.Object, q)
			if !ok {
				if c.IfExists {
					skipping(h, word, q)
					continue
				}
				return tsMissing(h, word, q)
			}
			if err := tsOwnerCheck(h, c, oid, displayName(q)); err != nil {
				return err
			}
			if err := dropTS(h, c.Object, oid, q, c.Cascade); err != nil {
				return err
			}
		}
		return nil
	}
	oid, ok := lookupTS(h, c.Object, c.Name)
	if !ok {
		if c.IfExists && (c.Kind == "rename" || c.Kind == "set_schema") {
			skipping(h, word, c.Name)
			return nil
		}
		return tsMissing(h, word, c.Name)
	}
	cat := h.Catalog()
	oldSchema, oldName := tsIdent(cat, c.Object, oid)
	if c.Kind == "set_schema" && !h.StorageTxn().HasSchema(c.NewSchema) {
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.NewSchema)
	}
	if c.Kind == "set_schema" && c.NewSchema == oldSchema {
		return nil // already there: nothing to check or do
	}
	shown := displayName(c.Name) // as written; a rename names the object alone
	if c.Kind == "rename" || c.Kind == "set_schema" || c.Kind == "owner" {
		shown = oldName
	}
	if err := tsOwnerCheck(h, c, oid, shown); err != nil {
		return err
	}
	if oid < catalog.FirstOID && c.Kind != "comment" {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot alter built-in %s %s", word, c.Name.Name)
	}
	switch c.Object {
	case "configuration":
		d, _ := cat.TSConfigDefByOID(oid)
		if err := alterTSConfig(h, c, &d); err != nil {
			return err
		}
		if err := tsRenameMove(h, word, c, &d.Schema, &d.Name, &d.Owner, func(s, n string) bool { _, ok := cat.TSConfigDef(s, n); return ok }); err != nil {
			return err
		}
		cat, _ = cat.PutTSConfig(d)
	case "dictionary":
		d, _ := cat.TSDictDefByOID(oid)
		if c.Kind == "alter_options" {
			opts := append([]types.TSOption(nil), d.Options...)
			for _, o := range c.Options {
				replaced := false
				for i := range opts {
					if strings.EqualFold(opts[i].Name, o.Name) {
						opts[i], replaced = o, true
					}
				}
				if !replaced {
					opts = append(opts, o)
				}
			}
			if _, err := types.NewTSDict(d.Name, cat.TSTemplateKind(d.Template), opts); err != nil {
				return err
			}
			d.Options = opts
		}
		if err := tsRenameMove(h, word, c, &d.Schema, &d.Name, &d.Owner, func(s, n string) bool { _, ok := cat.TSDictDef(s, n); return ok }); err != nil {
			return err
		}
		cat, _ = cat.PutTSDict(d)
	case "template":
		d, _ := cat.TSTemplateDefByOID(oid)
		var owner string
		if err := tsRenameMove(h, word, c, &d.Schema, &d.Name, &owner, func(s, n string) bool { _, ok := cat.TSTemplateDef(s, n); return ok }); err != nil {
			return err
		}
		cat, _ = cat.PutTSTemplate(d)
	}
	if schema, name := tsIdent(cat, c.Object, oid); schema != oldSchema || name != oldName {
		// the comment follows the object
		old := catalog.ObjectKey{Kind: tsCommentKind(c.Object), Schema: oldSchema, Name: oldName}
		if text, ok := cat.Comment(old); ok {
			cat = cat.SetComment(old, nil).SetComment(catalog.ObjectKey{Kind: old.Kind, Schema: schema, Name: name}, &text)
		}
	}
	if c.Kind == "comment" {
		schema, name := tsIdent(cat, c.Object, oid)
		key := catalog.ObjectKey{Kind: tsCommentKind(c.Object), Schema: schema, Name: name}
		cat = cat.SetComment(key, c.Comment)
	}
	h.SetCatalog(cat)
	return nil
}

// tsCommentKind keys text search objects' comments: the ObjKind values
// after the catalog's own.
// tsOwnerCheck is PostgreSQL's ownership check for ALTER, DROP and
// COMMENT of a text search object: a configuration or dictionary needs
// its owner's privileges, a template (which has no owner) a superuser.
func tsOwnerCheck(h Host, c *translate.TextSearchDDL, oid uint32, shown string) error {
	cat := h.Catalog()
	r, ok := cat.Role(h.CurrentUser())
	if ok && r.Super {
		return nil
	}
	var owner string
	switch c.Object {
	case "configuration":
		d, _ := cat.TSConfigDefByOID(oid)
		owner = d.Owner
	case "dictionary":
		d, _ := cat.TSDictDefByOID(oid)
		owner = d.Owner
	default:
		switch c.Kind {
		case "rename":
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to rename text search template %s", shown)
		case "set_schema":
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to set schema of text search template %s", shown)
		}
		return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser")
	}
	if ok && owner != "" && oid >= catalog.FirstOID && cat.HasPrivsOf(r.Name, owner) {
		return nil
	}
	return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of text search %s %s", c.Object, shown)
}

func tsCommentKind(object string) catalog.ObjKind {
	switch object {
	case "configuration":
		return catalog.ObjTSConfig
	case "dictionary":
		return catalog.ObjTSDict
	}
	return catalog.ObjTSTemplate
}

func tsIdent(cat *catalog.Catalog, object string, oid uint32) (string, string) {
	var s, n string
	switch object {
	case "configuration":
		s, n, _ = cat.TSConfigIdent(oid)
	case "dictionary":
		s, n, _ = cat.TSDictIdent(oid)
	default:
		s, n, _ = cat.TSTemplateIdent(oid)
	}
	return s, n
}

// tsShown is an object's name as PostgreSQL's object descriptions print
// it: qualified unless the search path finds it unqualified.
func tsShown(h Host, object string, oid uint32) string {
	schema, name := tsIdent(h.Catalog(), object, oid)
	if got, ok := lookupTS(h, object, catalog.QName{Name: name}); ok && got == oid {
		return QuoteIdentPart(name)
	}
	return QuoteIdentPart(schema) + "." + QuoteIdentPart(name)
}

func tsMissing(h Host, word string, q catalog.QName) error {
	if q.Schema != "" && q.Schema != "pg_catalog" && !h.StorageTxn().HasSchema(q.Schema) {
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", q.Schema)
	}
	return pgerror.New(pgerror.UndefinedObject, "%s %q does not exist", word, displayName(q))
}

func lookupTS(h Host, object string, q catalog.QName) (uint32, bool) {
	cat, path := h.Catalog(), h.SearchPath()
	switch object {
	case "configuration":
		return cat.LookupTSConfig(path, q.Schema, q.Name)
	case "dictionary":
		return cat.LookupTSDict(path, q.Schema, q.Name)
	}
	return cat.LookupTSTemplate(path, q.Schema, q.Name)
}

func createTS(h Host, c *translate.TextSearchDDL, word string) error {
	if c.Object == "template" {
		if r, ok := h.Catalog().Role(h.CurrentUser()); !ok || !r.Super {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to create text search templates")
		}
	}
	schema, err := CreationSchema(h, c.Name.Schema)
	if err != nil {
		return err
	}
	if oid, ok := lookupTS(h, c.Object, catalog.QName{Schema: schema, Name: c.Name.Name}); ok && oid != 0 {
		// PostgreSQL finds out from its catalog's unique index
		col := map[string]string{"configuration": "cfgname", "dictionary": "dictname", "template": "tmplname"}[c.Object]
		table := map[string]string{"configuration": "pg_ts_config", "dictionary": "pg_ts_dict", "template": "pg_ts_template"}[c.Object]
		return pgerror.New(pgerror.UniqueViolation, "duplicate key value violates unique constraint \"%s_%s_index\"", table, col)
	}
	cat := h.Catalog()
	switch c.Object {
	case "configuration":
		parser, copyFrom := false, false
		d := catalog.TSConfigDef{Schema: schema, Name: c.Name.Name, Owner: currentUser(h)}
		var from catalog.QName
		for _, o := range c.Options {
			switch strings.ToLower(o.Name) {
			case "parser":
				parser = true
				if p := strings.TrimPrefix(o.Value, "pg_catalog."); p != "default" {
					return pgerror.New(pgerror.UndefinedObject, "text search parser %q does not exist", o.Value)
				}
			case "copy":
				copyFrom = true
				from = splitDotted(o.Value)
			default:
				return pgerror.New(pgerror.SyntaxError, "text search configuration parameter %q not recognized", o.Name)
			}
		}
		if parser && copyFrom {
			return pgerror.New(pgerror.SyntaxError, "cannot specify both PARSER and COPY options")
		}
		if !parser && !copyFrom {
			return pgerror.New(pgerror.InvalidObjectDefinition, "text search parser is required")
		}
		if copyFrom {
			oid, ok := cat.LookupTSConfig(h.SearchPath(), from.Schema, from.Name)
			if !ok {
				return tsMissing(h, "text search configuration", from)
			}
			if s, n, _ := cat.TSConfigIdent(oid); s == "pg_catalog" {
				if _, _, err := types.BuiltinTSConfig(n); err != nil {
					return err
				}
			}
			for _, m := range cat.TSConfigMap(oid) {
				d.Map = append(d.Map, catalog.TSMapEntry{TokenType: m.TokenType, Dicts: append([]uint32(nil), m.Dicts...)})
			}
		}
		cat, _ = cat.PutTSConfig(d)
	case "dictionary":
		d := catalog.TSDictDef{Schema: schema, Name: c.Name.Name, Owner: currentUser(h)}
		found := false
		for _, o := range c.Options {
			if strings.ToLower(o.Name) != "template" {
				d.Options = append(d.Options, o)
				continue
			}
			q := splitDotted(o.Value)
			oid, ok := cat.LookupTSTemplate(h.SearchPath(), q.Schema, q.Name)
			if !ok {
				return tsMissing(h, "text search template", q)
			}
			d.Template, found = oid, true
		}
		if !found {
			return pgerror.New(pgerror.InvalidObjectDefinition, "text search template is required")
		}
		if _, err := types.NewTSDict(d.Name, cat.TSTemplateKind(d.Template), d.Options); err != nil {
			return err
		}
		cat, _ = cat.PutTSDict(d)
	case "template":
		d := catalog.TSTemplateDef{Schema: schema, Name: c.Name.Name}
		for _, o := range c.Options {
			switch strings.ToLower(o.Name) {
			case "init":
				d.Init = o.Value
			case "lexize":
				d.Lexize = o.Value
			default:
				return pgerror.New(pgerror.SyntaxError, "text search template parameter %q not recognized", o.Name)
			}
		}
		if d.Lexize == "" {
			return pgerror.New(pgerror.InvalidObjectDefinition, "text search template lexize method is required")
		}
		cat, _ = cat.PutTSTemplate(d)
	}
	h.SetCatalog(cat)
	return nil
}

func splitDotted(s string) catalog.QName {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return catalog.QName{Schema: s[:i], Name: s[i+1:]}
	}
	return catalog.QName{Name: s}
}

// alterTSConfig applies a mapping change to d.
func alterTSConfig(h Host, c *translate.TextSearchDDL, d *catalog.TSConfigDef) error {
	var toks []int
	for _, t := range c.TokenTypes {
		n := types.TSTokenTypeByAlias(t)
		if n == 0 {
			return pgerror.New(pgerror.InvalidParameterValue, "token type %q does not exist", t)
		}
		toks = append(toks, n)
	}
	var dicts []uint32
	cat := h.Catalog()
	for _, q := range c.Dicts {
		oid, ok := cat.LookupTSDict(h.SearchPath(), q.Schema, q.Name)
		if !ok {
			return tsMissing(h, "text search dictionary", q)
		}
		if s, n, _ := cat.TSDictIdent(oid); s == "pg_catalog" {
			if _, _, err := types.BuiltinTSDict(n); err != nil {
				return err
			}
		}
		dicts = append(dicts, oid)
	}
	idx := func(t int) int {
		for i, m := range d.Map {
			if m.TokenType == t {
				return i
			}
		}
		return -1
	}
	switch c.Kind {
	case "add_mapping", "alter_mapping":
		for _, t := range toks {
			i := idx(t)
			if i >= 0 && c.Kind == "add_mapping" {
				return pgerror.New(pgerror.UniqueViolation, "duplicate key value violates unique constraint \"pg_ts_config_map_index\"").
					WithDetail("Key (mapcfg, maptokentype, mapseqno)=(%d, %d, 1) already exists.", d.OID, t)
			}
			if i >= 0 {
				d.Map[i].Dicts = dicts
				continue
			}
			d.Map = append(d.Map, catalog.TSMapEntry{TokenType: t, Dicts: dicts})
		}
		if c.Kind == "alter_mapping" && len(toks) == 0 {
			for i := range d.Map {
				d.Map[i].Dicts = dicts
			}
		}
	case "replace_dict":
		old, repl := dicts[0], dicts[1]
		for i := range d.Map {
			if len(toks) > 0 && !containsInt(toks, d.Map[i].TokenType) {
				continue
			}
			ds := append([]uint32(nil), d.Map[i].Dicts...)
			for j := range ds {
				if ds[j] == old {
					ds[j] = repl
				}
			}
			d.Map[i].Dicts = ds
		}
	case "drop_mapping":
		for k, t := range toks {
			i := idx(t)
			if i < 0 {
				if c.IfExists {
					h.Notice("NOTICE", "00000", fmt.Sprintf("mapping for token type %q does not exist, skipping", c.TokenTypes[k]))
					continue
				}
				return pgerror.New(pgerror.UndefinedObject, "mapping for token type %q does not exist", c.TokenTypes[k])
			}
			d.Map = append(d.Map[:i:i], d.Map[i+1:]...)
		}
	}
	return nil
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// tsRenameMove applies RENAME TO, SET SCHEMA and OWNER TO.
func tsRenameMove(h Host, word string, c *translate.TextSearchDDL, schema, name, owner *string, exists func(schema, name string) bool) error {
	switch c.Kind {
	case "rename":
		if exists(*schema, c.NewName) {
			return pgerror.New(pgerror.DuplicateObject, "%s %q already exists in schema %q", word, c.NewName, *schema)
		}
		*name = c.NewName
	case "set_schema":
		if !h.StorageTxn().HasSchema(c.NewSchema) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.NewSchema)
		}
		if exists(c.NewSchema, *name) {
			return pgerror.New(pgerror.DuplicateObject, "%s %q already exists in schema %q", word, *name, c.NewSchema)
		}
		*schema = c.NewSchema
	case "owner":
		o := c.NewOwner
		if o == translate.RoleCurrentUser || o == translate.RoleSessionUser {
			o = currentUser(h)
		}
		if _, ok := h.Catalog().Role(o); !ok {
			return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", o)
		}
		*owner = o
	}
	return nil
}

// dropTS drops one object; what depends on it (configurations using a
// dictionary, dictionaries of a template, indexes whose expressions name
// a configuration) needs CASCADE, as pg_depend makes PostgreSQL ask.
func dropTS(h Host, object string, oid uint32, q catalog.QName, cascade bool) error {
	cat := h.Catalog()
	schema, name := tsIdent(cat, object, oid)
	word := "text search " + object
	if schema == "pg_catalog" {
		return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s %s because it is required by the database system", word, name)
	}
	shown := tsShown(h, object, oid)
	if err := MemberDropError(cat, word, schema, name, oid, shown); err != nil {
		return err
	}
	type dep struct {
		desc string
		drop func() error
	}
	var deps []dep
	ts := cat.TextSearchObjects()
	switch object {
	case "configuration":
		for _, u := range tsIndexUsers(h, oid) {
			u := u
			deps = append(deps, dep{"index " + u.name, func() error { return dropIndexByName(h, u) }})
		}
	case "dictionary":
		for _, cf := range ts.Configs {
			for _, m := range cf.Map {
				if containsUint(m.Dicts, oid) {
					cf := cf
					deps = append(deps, dep{"text search configuration " + tsShown(h, "configuration", cf.OID), func() error {
						return dropTS(h, "configuration", cf.OID, catalog.QName{Schema: cf.Schema, Name: cf.Name}, true)
					}})
					break
				}
			}
		}
	case "template":
		for _, d := range ts.Dicts {
			if d.Template == oid {
				d := d
				deps = append(deps, dep{"text search dictionary " + tsShown(h, "dictionary", d.OID), func() error {
					return dropTS(h, "dictionary", d.OID, catalog.QName{Schema: d.Schema, Name: d.Name}, true)
				}})
			}
		}
	}
	if len(deps) > 0 && !cascade {
		var detail []string
		for _, d := range deps {
			detail = append(detail, d.desc+" depends on "+word+" "+shown)
		}
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.DependentObjectsStillExist,
			Message: fmt.Sprintf("cannot drop %s %s because other objects depend on it", word, shown),
			Detail:  strings.Join(detail, "\n"), Hint: "Use DROP ... CASCADE to drop the dependent objects too."}
	}
	for _, d := range deps {
		h.DropCascades(d.desc)
		if err := d.drop(); err != nil {
			return err
		}
	}
	cat = h.Catalog()
	cat = cat.SetComment(catalog.ObjectKey{Kind: tsCommentKind(object), Schema: schema, Name: name}, nil)
	h.SetCatalog(cat.DropTSObject(oid))
	return nil
}

func containsUint(s []uint32, v uint32) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// tsIndexUsers finds the indexes whose key or predicate names the
// configuration in a string constant.
func tsIndexUsers(h Host, oid uint32) []indexRef {
	ctx := h.SQLContext()
	cat, path := h.Catalog(), h.SearchPath()
	var out []indexRef
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		ixs, err := t.Indexes(ctx)
		if err != nil {
			continue
		}
		for _, ix := range ixs {
			src := strings.Join(append(append([]string(nil), ix.Source...), ix.KeyText...), " ") + " " + ix.WhereSource
			for _, lit := range stringLiterals(src) {
				q := splitDotted(lit)
				if got, ok := cat.LookupTSConfig(path, q.Schema, q.Name); ok && got == oid {
					out = append(out, indexRef{schema: t.SchemaName(), table: t.Name(), name: ix.Name})
					break
				}
			}
		}
	}
	return out
}

// stringLiterals returns the contents of the '...' constants in src.
func stringLiterals(src string) []string {
	var out []string
	for i := 0; i < len(src); i++ {
		if src[i] != '\'' {
			continue
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(src); j++ {
			if src[j] == '\'' {
				if j+1 < len(src) && src[j+1] == '\'' {
					b.WriteByte('\'')
					j++
					continue
				}
				break
			}
			b.WriteByte(src[j])
		}
		out = append(out, b.String())
		i = j
	}
	return out
}

// tsSchemaCascades reports the text search objects DROP SCHEMA ...
// CASCADE takes with the schema, in PostgreSQL's order (by OID).
func tsSchemaCascades(h Host, schema string) {
	ts := h.Catalog().TextSearchObjects()
	type obj struct {
		oid  uint32
		desc string
	}
	var objs []obj
	for _, d := range ts.Templates {
		if d.Schema == schema {
			objs = append(objs, obj{d.OID, "text search template " + QuoteIdentPart(schema) + "." + QuoteIdentPart(d.Name)})
		}
	}
	for _, d := range ts.Dicts {
		if d.Schema == schema {
			objs = append(objs, obj{d.OID, "text search dictionary " + QuoteIdentPart(schema) + "." + QuoteIdentPart(d.Name)})
		}
	}
	for _, d := range ts.Configs {
		if d.Schema == schema {
			objs = append(objs, obj{d.OID, "text search configuration " + QuoteIdentPart(schema) + "." + QuoteIdentPart(d.Name)})
		}
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].oid < objs[j].oid })
	for _, o := range objs {
		h.DropCascades(o.desc)
	}
}
