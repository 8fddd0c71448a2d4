package ddl

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// amLimits are an access method's numbers of operator strategies
// (0: any) and support functions, and whether it stores a key type
// other than the indexed one (pg_am's amstrategies, amsupport,
// amstorage in PostgreSQL 15).
var amLimits = map[string]struct {
	strategies, support int16
	storage             bool
}{
	"btree": {5, 5, false}, "hash": {1, 3, false}, "gist": {0, 11, true},
	"gin": {0, 7, true}, "spgist": {0, 6, true}, "brin": {0, 15, true},
}

// OpClass runs CREATE / ALTER / DROP OPERATOR CLASS and OPERATOR FAMILY
// (PostgreSQL docs: SQL Commands) on the catalog: pg_opclass,
// pg_opfamily, pg_amop and pg_amproc list what they make.
func OpClass(h Host, c *translate.OpClassDDL) error {
	if c.Method != "" && !extensions.AccessMethodExists(h.Catalog(), c.Method) {
		return pgerror.New(pgerror.UndefinedObject, "access method %q does not exist", c.Method)
	}
	switch c.Kind {
	case "create":
		if c.Class {
			return createOpClass(h, c)
		}
		return createOpFamily(h, c)
	case "add", "drop_members":
		f, err := findOpFamily(h, c.Name, c.Method)
		if err != nil {
			return err
		}
		if c.Kind == "add" {
			return addFamilyMembers(h, f, c.Items, nil)
		}
		return dropFamilyMembers(h, f, c.Items)
	case "drop":
		return dropOpObjects(h, c)
	case "rename", "owner", "set_schema":
		return alterOpObject(h, c)
	}
	return pgerror.New(pgerror.FeatureNotSupported, "operator class statement %s is not supported", c.Kind)
}

func typeName(cat *catalog.Catalog, oid uint32) string {
	if t, ok := cat.TypeByOID(oid); ok {
		return t.FormatType()
	}
	if t, ok := types.ByOID(oid); ok {
		return t.FormatType()
	}
	return fmt.Sprint(oid)
}

// findOpFamily finds a user operator family by name, walking the search
// path when unqualified.
func findOpFamily(h Host, q catalog.QName, method string) (catalog.OpFamily, error) {
	for _, sc := range LookupSchemas(h, q.Schema) {
		if f, ok := h.Catalog().OpFamily(sc, method, q.Name); ok {
			return f, nil
		}
	}
	if oid, ok := pgcatalog.BuiltinOpfamily(method, q.Name); ok && (q.Schema == "" || q.Schema == "pg_catalog") {
		return catalog.OpFamily{OID: oid, Schema: "pg_catalog", Name: q.Name, Method: method},
			pgerror.New(pgerror.FeatureNotSupported, "changing PostgreSQL's operator family %q is not supported", q.Name)
	}
	return catalog.OpFamily{}, pgerror.New(pgerror.UndefinedObject, "operator family %q does not exist for access method %q", q.Name, method)
}

func findOpClass(h Host, q catalog.QName, method string) (catalog.OpClass, bool) {
	for _, sc := range LookupSchemas(h, q.Schema) {
		if o, ok := h.Catalog().OpClass(sc, method, q.Name); ok {
			return o, true
		}
	}
	return catalog.OpClass{}, false
}

func createOpFamily(h Host, c *translate.OpClassDDL) error {
	schema, err := CreationSchema(h, c.Name.Schema)
	if err != nil {
		return err
	}
	if _, ok := h.Catalog().OpFamily(schema, c.Method, c.Name.Name); ok {
		return pgerror.New(pgerror.DuplicateObject, "operator family %q for access method %q already exists", c.Name.Name, c.Method)
	}
	next, _ := h.Catalog().PutOpFamily(catalog.OpFamily{Schema: schema, Name: c.Name.Name, Method: c.Method, Owner: currentUser(h)})
	h.SetCatalog(next)
	return nil
}

func createOpClass(h Host, c *translate.OpClassDDL) error {
	schema, err := CreationSchema(h, c.Name.Schema)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	lim := amLimits[c.Method]
	var fam catalog.OpFamily
	if c.Family.Name != "" {
		if fam, err = findOpFamily(h, c.Family, c.Method); err != nil {
			return err
		}
	} else if f, ok := cat.OpFamily(schema, c.Method, c.Name.Name); ok {
		fam = f // a family of the class's name is the one it joins
	}
	if _, ok := cat.OpClass(schema, c.Method, c.Name.Name); ok {
		return pgerror.New(pgerror.DuplicateObject, "operator class %q for access method %q already exists", c.Name.Name, c.Method)
	}
	var keyType uint32
	for _, it := range c.Items {
		if it.Stored == nil {
			continue
		}
		if !lim.storage && it.Stored.OID != c.Type.OID {
			return pgerror.New(pgerror.InvalidObjectDefinition, "storage type cannot be different from data type for access method %q", c.Method)
		}
		if keyType != 0 {
			return pgerror.New(pgerror.SyntaxError, "storage type specified more than once")
		}
		keyType = it.Stored.OID
	}
	if keyType == c.Type.OID {
		keyType = 0
	}
	if c.Default {
		if name, ok := defaultOpclassFor(cat, c.Method, c.Type.OID); ok {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.DuplicateObject,
				Message: fmt.Sprintf("could not make operator class %q be default for type %s", c.Name.Name, c.Type.FormatType()),
				Detail:  fmt.Sprintf("Operator class %q already is the default.", name)}
		}
	}
	owner := currentUser(h)
	if fam.OID == 0 {
		cat, fam = cat.PutOpFamily(catalog.OpFamily{Schema: schema, Name: c.Name.Name, Method: c.Method, Owner: owner})
	}
	// the class's OID is taken before its members', as PostgreSQL does
	cat, class := cat.PutOpClass(catalog.OpClass{Schema: schema, Name: c.Name.Name, Method: c.Method, Owner: owner,
		Family: fam.OID, InType: c.Type.OID, Default: c.Default, KeyType: keyType})
	h.SetCatalog(cat)
	cls := class
	if err := addFamilyMembers(h, fam, c.Items, &cls); err != nil {
		return err
	}
	return nil
}

// defaultOpclassFor is the default operator class of method for a type,
// a user one or PostgreSQL's.
func defaultOpclassFor(cat *catalog.Catalog, method string, typeOID uint32) (string, bool) {
	for _, o := range cat.OpClasses() {
		if o.Method == method && o.Default && o.InType == typeOID {
			return o.Name, true
		}
	}
	return pgcatalog.BuiltinDefaultOpclass(method, typeOID)
}

// findOperator resolves an operator item: its name with argument types
// (or the class's type on both sides when none are written), a user
// operator or PostgreSQL's.
func findOperator(h Host, q catalog.QName, left, right *types.Type) (uint32, error) {
	cat := h.Catalog()
	schemas := LookupSchemas(h, q.Schema)
	if q.Schema == "" {
		schemas = append([]string{"pg_catalog"}, schemas...)
	}
	for _, sc := range schemas {
		for _, o := range cat.Operators(q.Name) {
			if o.Schema == sc && sameType(o.Left, left) && sameType(o.Right, right) {
				return o.OID, nil
			}
		}
		if sc == "pg_catalog" {
			var l uint32
			if left != nil {
				l = left.OID
			}
			if oid, ok := pgcatalog.BuiltinOperator(q.Name, l, right.OID); ok {
				return oid, nil
			}
		}
	}
	name := q.Name
	if q.Schema != "" {
		name = q.Schema + "." + q.Name
	}
	if left == nil {
		return 0, pgerror.New(pgerror.UndefinedFunction, "operator does not exist: %s %s", name, right.FormatType())
	}
	return 0, pgerror.New(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", left.FormatType(), name, right.FormatType())
}

// findSupportFunction resolves a FUNCTION item by name and argument types.
func findSupportFunction(h Host, q catalog.QName, args []*types.Type) (*catalog.Function, error) {
	cat := h.Catalog()
	for _, sc := range LookupSchemas(h, q.Schema) {
		var only *catalog.Function
		n := 0
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: q.Name}) {
			if args != nil && f.SameInputTypes(args) {
				return f, nil
			}
			only, n = f, n+1
		}
		if args == nil && n == 1 {
			return only, nil
		}
	}
	names := make([]string, len(args))
	for i, t := range args {
		names[i] = t.FormatType()
	}
	return nil, pgerror.New(pgerror.UndefinedFunction, "function %s(%s) does not exist", q.Name, strings.Join(names, ", "))
}

// addFamilyMembers adds a class's or ALTER OPERATOR FAMILY ADD's items
// to family f (class nil: ALTER OPERATOR FAMILY, where the member types
// must be known from the items themselves).
func addFamilyMembers(h Host, f catalog.OpFamily, items []translate.OpClassItem, class *catalog.OpClass) error {
	cat := h.Catalog()
	lim := amLimits[f.Method]
	var classType *types.Type
	var classOID uint32
	if class != nil {
		classOID = class.OID
		classType, _ = cat.TypeByOID(class.InType)
		if classType == nil {
			classType, _ = types.ByOID(class.InType)
		}
	}
	oidOf := func(t *types.Type) uint32 {
		if t == nil {
			return 0
		}
		return t.OID
	}
	for _, it := range items {
		if it.Stored != nil {
			if class == nil {
				return pgerror.New(pgerror.SyntaxError, "STORAGE cannot be specified in ALTER OPERATOR FAMILY")
			}
			continue
		}
		if !it.Function {
			if max := lim.strategies; it.Number < 1 || (max > 0 && it.Number > max) {
				if max == 0 {
					max = 32767
				}
				return pgerror.New(pgerror.InvalidObjectDefinition, "invalid operator number %d, must be between 1 and %d", it.Number, max)
			}
			left, right := classType, classType
			switch len(it.Args) {
			case 2:
				left, right = it.Args[0], it.Args[1]
			case 1:
				left, right = nil, it.Args[0] // a prefix operator, NONE on the left
			default:
				if class == nil {
					return pgerror.New(pgerror.SyntaxError, "operator argument types must be specified in ALTER OPERATOR FAMILY")
				}
			}
			opr, err := findOperator(h, it.Name, left, right)
			if err != nil {
				return err
			}
			m := catalog.AmOp{Strategy: it.Number, Left: oidOf(left), Right: oidOf(right), Operator: opr, Purpose: 's', Class: classOID}
			if len(it.ClassArgs) == 2 {
				m.Left, m.Right = it.ClassArgs[0].OID, it.ClassArgs[1].OID
			}
			if it.OrderFamily.Name != "" {
				sf, ok := pgcatalog.BuiltinOpfamily("btree", it.OrderFamily.Name)
				if uf, err := findOpFamily(h, it.OrderFamily, "btree"); err == nil {
					sf, ok = uf.OID, true
				}
				if !ok {
					return pgerror.New(pgerror.UndefinedObject, "operator family %q does not exist for access method %q", it.OrderFamily.Name, "btree")
				}
				m.Purpose, m.SortFamily = 'o', sf
			}
			for _, o := range f.Ops {
				if o.Strategy == m.Strategy && o.Left == m.Left && o.Right == m.Right {
					return pgerror.New(pgerror.DuplicateObject, "operator %d(%s,%s) already exists in operator family %q",
						m.Strategy, typeName(cat, m.Left), typeName(cat, m.Right), f.Name)
				}
			}
			f.Ops = append(f.Ops, m)
			continue
		}
		if it.Number < 1 || it.Number > lim.support && lim.support > 0 {
			return pgerror.New(pgerror.InvalidObjectDefinition, "invalid function number %d, must be between 1 and %d", it.Number, lim.support)
		}
		fn, err := findSupportFunction(h, it.Name, it.Args)
		if err != nil {
			return err
		}
		m := catalog.AmProc{Number: it.Number, Proc: fn.OID, Class: classOID}
		var args []uint32
		for _, a := range fn.Args {
			if a.Mode == 0 || a.Mode.IsInput() {
				args = append(args, oidOf(a.Type))
			}
		}
		switch {
		case len(it.ClassArgs) == 2:
			m.Left, m.Right = it.ClassArgs[0].OID, it.ClassArgs[1].OID
		case len(it.ClassArgs) == 1:
			m.Left, m.Right = it.ClassArgs[0].OID, it.ClassArgs[0].OID
		case f.Method == "btree" && (it.Number == 1 || it.Number == 3) && len(args) >= 2:
			m.Left, m.Right = args[0], args[1]
		case f.Method == "hash" && (it.Number == 1 || it.Number == 2) && len(args) >= 1:
			m.Left, m.Right = args[0], args[0]
		case class != nil:
			m.Left, m.Right = class.InType, class.InType
		default:
			return pgerror.New(pgerror.InvalidObjectDefinition, "associated data types must be specified for index support function")
		}
		for _, p := range f.Procs {
			if p.Number == m.Number && p.Left == m.Left && p.Right == m.Right {
				return pgerror.New(pgerror.DuplicateObject, "function %d(%s,%s) already exists in operator family %q",
					m.Number, typeName(cat, m.Left), typeName(cat, m.Right), f.Name)
			}
		}
		f.Procs = append(f.Procs, m)
	}
	next, _ := h.Catalog().PutOpFamily(f)
	h.SetCatalog(next)
	return nil
}

// dropFamilyMembers is ALTER OPERATOR FAMILY ... DROP: members named by
// number and (lefttype[, righttype]), one type meaning both.
func dropFamilyMembers(h Host, f catalog.OpFamily, items []translate.OpClassItem) error {
	cat := h.Catalog()
	for _, it := range items {
		if len(it.ClassArgs) == 0 {
			return pgerror.New(pgerror.SyntaxError, "operator argument types must be specified in ALTER OPERATOR FAMILY")
		}
		left, right := it.ClassArgs[0].OID, it.ClassArgs[0].OID
		if len(it.ClassArgs) > 1 {
			right = it.ClassArgs[1].OID
		}
		found := false
		if it.Function {
			var rest []catalog.AmProc
			for _, p := range f.Procs {
				if p.Number == it.Number && p.Left == left && p.Right == right {
					found = true
					continue
				}
				rest = append(rest, p)
			}
			f.Procs = rest
		} else {
			var rest []catalog.AmOp
			for _, o := range f.Ops {
				if o.Strategy == it.Number && o.Left == left && o.Right == right {
					found = true
					continue
				}
				rest = append(rest, o)
			}
			f.Ops = rest
		}
		if !found {
			word := "operator"
			if it.Function {
				word = "function"
			}
			return pgerror.New(pgerror.UndefinedObject, "%s %d(%s,%s) does not exist in operator family %q",
				word, it.Number, typeName(cat, left), typeName(cat, right), f.Name)
		}
	}
	next, _ := cat.PutOpFamily(f)
	h.SetCatalog(next)
	return nil
}

// opIndexUsers lists the indexes whose key parts name operator class
// name of method (indexes keep the class by name).
func opIndexUsers(h Host, method, name string) []indexRef {
	ctx := h.SQLContext()
	var out []indexRef
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		ixs, err := t.Indexes(ctx)
		if err != nil {
			continue
		}
		for _, ix := range ixs {
			m := ix.AM.Method
			if m == "" {
				m = "btree"
			}
			if m != method {
				continue
			}
			for _, oc := range ix.AM.Opclass {
				if oc == name {
					out = append(out, indexRef{schema: t.SchemaName(), table: t.Name(), name: ix.Name})
					break
				}
			}
		}
	}
	return out
}

type indexRef struct{ schema, table, name string }

func dropOpObjects(h Host, c *translate.OpClassDDL) error {
	word := "operator family"
	if c.Class {
		word = "operator class"
	}
	for _, q := range c.Objects {
		var classes []catalog.OpClass
		var fam catalog.OpFamily
		if c.Class {
			o, ok := findOpClass(h, q, c.Method)
			if !ok {
				if c.IfExists {
					h.Notice("NOTICE", "00000", fmt.Sprintf("%s %q does not exist for access method %q, skipping", word, q.Name, c.Method))
					continue
				}
				return pgerror.New(pgerror.UndefinedObject, "%s %q does not exist for access method %q", word, q.Name, c.Method)
			}
			classes = []catalog.OpClass{o}
		} else {
			f, err := findOpFamily(h, q, c.Method)
			if err != nil {
				if c.IfExists && err.(*pgerror.Error).Code == pgerror.UndefinedObject {
					h.Notice("NOTICE", "00000", fmt.Sprintf("%s %q does not exist for access method %q, skipping", word, q.Name, c.Method))
					continue
				}
				return err
			}
			fam = f
			for _, o := range h.Catalog().OpClasses() {
				if o.Family == f.OID {
					classes = append(classes, o)
				}
			}
		}
		var users []indexRef
		for _, o := range classes {
			users = append(users, opIndexUsers(h, c.Method, o.Name)...)
		}
		if len(users) > 0 && !c.Cascade {
			var detail []string
			for i, u := range users {
				detail = append(detail, fmt.Sprintf("index %s depends on operator class %s for access method %s", u.name, classes[min(i, len(classes)-1)].Name, c.Method))
			}
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.DependentObjectsStillExist,
				Message: fmt.Sprintf("cannot drop %s %s for access method %s because other objects depend on it", word, q.Name, c.Method),
				Detail:  strings.Join(detail, "\n"), Hint: "Use DROP ... CASCADE to drop the dependent objects too."}
		}
		for _, u := range users {
			h.DropCascades("index " + u.name)
			if err := dropIndexByName(h, u); err != nil {
				return err
			}
		}
		cat := h.Catalog()
		for _, o := range classes {
			cat = cat.DropOpClass(o.OID)
		}
		if !c.Class {
			cat = cat.DropOpFamily(fam.OID)
		}
		h.SetCatalog(cat)
	}
	return nil
}

func dropIndexByName(h Host, u indexRef) error {
	ctx := h.SQLContext()
	t, ok := h.Table(ctx, u.schema, u.table)
	if !ok {
		return nil
	}
	return t.DropIndex(ctx, u.name)
}

func alterOpObject(h Host, c *translate.OpClassDDL) error {
	word := "operator family"
	cat := h.Catalog()
	var class catalog.OpClass
	var fam catalog.OpFamily
	if c.Class {
		word = "operator class"
		o, ok := findOpClass(h, c.Name, c.Method)
		if !ok {
			return pgerror.New(pgerror.UndefinedObject, "%s %q does not exist for access method %q", word, c.Name.Name, c.Method)
		}
		class = o
	} else {
		f, err := findOpFamily(h, c.Name, c.Method)
		if err != nil {
			return err
		}
		fam = f
	}
	schema, name := fam.Schema, fam.Name
	if c.Class {
		schema, name = class.Schema, class.Name
	}
	exists := func(schema, name string) bool {
		if c.Class {
			_, ok := cat.OpClass(schema, c.Method, name)
			return ok
		}
		_, ok := cat.OpFamily(schema, c.Method, name)
		return ok
	}
	switch c.Kind {
	case "rename":
		if exists(schema, c.NewName) {
			return pgerror.New(pgerror.DuplicateObject, "%s %q for access method %q already exists in schema %q", word, c.NewName, c.Method, schema)
		}
		name = c.NewName
	case "set_schema":
		if !h.StorageTxn().HasSchema(c.NewSchema) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.NewSchema)
		}
		if exists(c.NewSchema, name) {
			return pgerror.New(pgerror.DuplicateObject, "%s %q for access method %q already exists in schema %q", word, name, c.Method, c.NewSchema)
		}
		schema = c.NewSchema
	case "owner":
		owner := c.NewOwner
		if owner == translate.RoleCurrentUser || owner == translate.RoleSessionUser {
			owner = currentUser(h)
		}
		if _, ok := cat.Role(owner); !ok {
			return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", owner)
		}
		class.Owner, fam.Owner = owner, owner
	}
	if c.Class {
		class.Schema, class.Name = schema, name
		next, _ := cat.PutOpClass(class)
		h.SetCatalog(next)
		return nil
	}
	fam.Schema, fam.Name = schema, name
	next, _ := cat.PutOpFamily(fam)
	h.SetCatalog(next)
	return nil
}
