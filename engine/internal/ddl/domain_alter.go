package ddl

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AlterDomain runs ALTER DOMAIN (PostgreSQL's AlterDomainDefault,
// AlterDomainNotNull, AlterDomainAddConstraint, AlterDomainDropConstraint,
// AlterDomainValidateConstraint and RENAME CONSTRAINT): the catalog's
// TypeDef changes, its compiled check and those of the domains over it
// are built again, and the columns of these types take the new types.
func AlterDomain(h Host, c *translate.AlterDomain) error {
	cat := h.Catalog()
	q, d, ok := FindType(h, cat, c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", c.Name.Name)
	}
	if !d.IsDomain() {
		return pgerror.New(pgerror.WrongObjectType, "%s is not a domain", d.Type.FormatType())
	}
	if err := h.CheckOwner(catalog.ObjectKey{Kind: catalog.ObjType, Schema: q.Schema, Name: q.Name}, "type", d.Type.FormatType()); err != nil {
		return err
	}
	nd := *d
	nt := *d.Type
	nd.Type = &nt
	nd.Checks = slices.Clone(d.Checks)
	switch c.Action {
	case translate.DomainSetDefault:
		if c.Default != "" {
			if err := checkDomainDefault(h, c.Default, d); err != nil {
				return err
			}
		}
		nd.Default = c.Default
		h.SetCatalog(cat.ReplaceType(q, &nd))
		return domainColumnDefaults(h, nt.OID, &nd)
	case translate.DomainSetNotNull, translate.DomainDropNotNull:
		notNull := c.Action == translate.DomainSetNotNull
		if d.NotNull == notNull {
			return nil // PostgreSQL does nothing either
		}
		if notNull {
			err := scanDomainValues(h, domainFamily(cat, d), func(v any) bool { return v != nil }, func(t *storage.Table, col string) error {
				return &pgerror.Error{Severity: "ERROR", Code: pgerror.NotNullViolation, Schema: t.SchemaName(), Table: t.Name(), Column: col,
					Message: fmt.Sprintf("column %q of table %q contains null values", col, t.Name())}
			})
			if err != nil {
				return err
			}
		}
		nd.NotNull = notNull
	case translate.DomainAddConstraint:
		check := c.Check
		if check.Name == "" {
			check.Name = translate.DomainCheckName(q.Name, d.Checks)
		}
		if domainCheckIndex(d, check.Name) >= 0 {
			return pgerror.New(pgerror.DuplicateObject, "constraint %q for domain %s already exists", check.Name, q.Name)
		}
		ok, err := compileDomainCheck(h, check.Expr, d.Type.Domain)
		if err != nil {
			return err
		}
		if !check.NotValid {
			if err := validateDomainCheck(h, cat, d, ok); err != nil {
				return err
			}
		}
		nd.Checks = append(nd.Checks, check)
	case translate.DomainDropConstraint:
		i := domainCheckIndex(d, c.Constraint)
		if i < 0 {
			if c.MissingOk {
				h.Notice("NOTICE", "00000", fmt.Sprintf("constraint %q of domain %q does not exist, skipping", c.Constraint, q.Name))
				return nil
			}
			return pgerror.New(pgerror.UndefinedObject, "constraint %q of domain %q does not exist", c.Constraint, q.Name)
		}
		nd.Checks = slices.Delete(nd.Checks, i, i+1)
	case translate.DomainValidateConstraint:
		i := domainCheckIndex(d, c.Constraint)
		if i < 0 {
			return pgerror.New(pgerror.UndefinedObject, "constraint %q of domain %q does not exist", c.Constraint, q.Name)
		}
		if nd.Checks[i].NotValid {
			ok, err := compileDomainCheck(h, nd.Checks[i].Expr, d.Type.Domain)
			if err != nil {
				return err
			}
			if err := validateDomainCheck(h, cat, d, ok); err != nil {
				return err
			}
			nd.Checks[i].NotValid = false
		}
	case translate.DomainRenameConstraint:
		i := domainCheckIndex(d, c.Constraint)
		if i < 0 {
			return pgerror.New(pgerror.UndefinedObject, "constraint %q for domain %s does not exist", c.Constraint, q.Name)
		}
		if domainCheckIndex(d, c.NewName) >= 0 {
			return pgerror.New(pgerror.DuplicateObject, "constraint %q for domain %s already exists", c.NewName, q.Name)
		}
		nd.Checks[i].Name = c.NewName
	default:
		return pgerror.New(pgerror.FeatureNotSupported, "this form of ALTER DOMAIN is not supported yet")
	}
	nt.Check = nil
	if err := compileDomain(h, &nd); err != nil {
		return err
	}
	h.SetCatalog(cat.ReplaceType(q, &nd))
	return recompileDomainsOver(h, &nd)
}

// domainCheckIndex is the index of d's constraint named name, or -1.
func domainCheckIndex(d *catalog.TypeDef, name string) int {
	return slices.IndexFunc(d.Checks, func(c catalog.Check) bool { return c.Name == name })
}

// checkDomainDefault fails as PostgreSQL's cookDefault does for ALTER
// DOMAIN ... SET DEFAULT: the expression must have an assignment cast to
// the domain's base type (a column named as the domain in the message).
func checkDomainDefault(h Host, text string, d *catalog.TypeDef) error {
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	v, err := tr.DomainDefaultCheck(text, d.Type.Domain, d.Type.Name)
	if err != nil {
		return err
	}
	_, err = resolveStandalone(v, nil)
	return err
}

// domainColumnDefaults gives the columns of domain oid without a default
// of their own the domain's new default (or none), as PostgreSQL, which
// takes a column's default from its type at INSERT time, would insert.
func domainColumnDefaults(h Host, oid uint32, d *catalog.TypeDef) error {
	ctx := h.SQLContext()
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		for _, col := range t.Schema() {
			ct, _ := col.Type.(*types.Type)
			if ct == nil || ct.OID != oid || col.Default != nil && !translate.IsDomainDefault(col.Default) || col.Generated != nil {
				continue
			}
			nc := col.Copy()
			nc.Default = nil
			if d.Default != "" {
				def, err := DomainColumnDefault(h, d.Default, ct)
				if err != nil {
					return err
				}
				nc.Default = def
			}
			if err := t.ModifyColumn(ctx, col.Name, nc, nil); err != nil {
				return h.MapError(err)
			}
		}
	}
	return nil
}

// DomainColumnDefault is the default a column of domain type typ takes
// from the domain, whose default's SQL text is text: marked as the
// domain's (translate.DomainDefault), as CREATE TABLE makes it.
func DomainColumnDefault(h Host, text string, typ *types.Type) (*sql.ColumnDefaultValue, error) {
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	v, err := tr.DomainDefaultExpr(text, typ)
	if err != nil {
		return nil, err
	}
	e, err := resolveStandalone(v, nil)
	if err != nil {
		return nil, err
	}
	return &sql.ColumnDefaultValue{Expr: e, OutType: typ, ReturnNil: true, Parenthesized: true}, nil
}

// domainFamily is d's OID and the OIDs of the domains over it, at any
// depth: PostgreSQL checks their columns too (get_rels_with_domain).
func domainFamily(cat *catalog.Catalog, d *catalog.TypeDef) map[uint32]bool {
	fam := map[uint32]bool{d.Type.OID: true}
	for changed := true; changed; {
		changed = false
		for _, o := range cat.Types() {
			if b := o.Type.Domain; o.IsDomain() && !fam[o.Type.OID] && b != nil && fam[b.OID] {
				fam[o.Type.OID], changed = true, true
			}
		}
	}
	return fam
}

// scanDomainValues calls fail for the first stored value of a column of
// one of the types in oids that ok refuses.
func scanDomainValues(h Host, oids map[uint32]bool, ok func(any) bool, fail func(t *storage.Table, col string) error) error {
	ctx := h.SQLContext()
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		var ords []int
		for i, col := range t.Schema() {
			if ct, _ := col.Type.(*types.Type); ct != nil && oids[ct.OID] {
				ords = append(ords, i)
			}
		}
		if len(ords) == 0 {
			continue
		}
		bad, err := firstRefused(ctx, t, ords, ok)
		if err != nil {
			return h.MapError(err)
		}
		if bad >= 0 {
			return fail(t, t.Schema()[bad].Name)
		}
	}
	return nil
}

// firstRefused is the ordinal of the first of ords whose value in some
// row of t ok refuses, or -1.
func firstRefused(ctx *sql.Context, t *storage.Table, ords []int, ok func(any) bool) (int, error) {
	parts, err := t.Partitions(ctx)
	if err != nil {
		return -1, err
	}
	defer parts.Close(ctx)
	for {
		p, err := parts.Next(ctx)
		if err == io.EOF {
			return -1, nil
		}
		if err != nil {
			return -1, err
		}
		rows, err := t.PartitionRows(ctx, p)
		if err != nil {
			return -1, err
		}
		for {
			row, err := rows.Next(ctx)
			if err == io.EOF {
				break
			}
			if err != nil {
				rows.Close(ctx)
				return -1, err
			}
			for _, i := range ords {
				if !ok(row[i]) {
					rows.Close(ctx)
					return i, nil
				}
			}
		}
		rows.Close(ctx)
	}
}

// validateDomainCheck checks every stored value of d's columns and of
// the domains over it against one new or validated CHECK constraint, as
// PostgreSQL's validateDomainConstraint does (a NULL result passes).
func validateDomainCheck(h Host, cat *catalog.Catalog, d *catalog.TypeDef, check sql.Expression) error {
	var evalErr error
	ok := func(v any) bool {
		r, err := check.Eval(sql.NewEmptyContext(), sql.Row{v})
		if err != nil {
			evalErr = err
			return false
		}
		b, isBool := r.(bool)
		return !isBool || b
	}
	return scanDomainValues(h, domainFamily(cat, d), ok, func(t *storage.Table, col string) error {
		if evalErr != nil {
			return evalErr
		}
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Schema: t.SchemaName(), Table: t.Name(), Column: col,
			Message: fmt.Sprintf("column %q of table %q contains values that violate the new constraint", col, t.Name())}
	})
}

// recompileDomainsOver builds again the checks of the domains over d (at
// any depth), which hold d's constraints, and gives d's and their columns
// the new types.
func recompileDomainsOver(h Host, d *catalog.TypeDef) error {
	if err := retypeColumns(h, d.Type.OID, d.Type); err != nil {
		return err
	}
	cat := h.Catalog()
	for _, o := range cat.Types() {
		if !o.IsDomain() || o.Type.Domain.OID != d.Type.OID {
			continue
		}
		no := *o
		nt := *o.Type
		nt.Domain, nt.Check = d.Type, nil
		no.Type = &nt
		if err := compileDomain(h, &no); err != nil {
			return err
		}
		h.SetCatalog(h.Catalog().ReplaceType(catalog.QName{Schema: nt.Schema, Name: nt.Name}, &no))
		if err := recompileDomainsOver(h, &no); err != nil {
			return err
		}
	}
	return nil
}

// CompileDomain builds d.Type.Check again, for a catalog read back from an
// image, which holds the constraints but not their compiled form.
func CompileDomain(h Host, d *catalog.TypeDef) error { return compileDomain(h, d) }

// compileDomainCheck builds one CHECK constraint of a domain over base,
// evaluated with VALUE bound to the value (row[0]).
func compileDomainCheck(h Host, text string, base *types.Type) (sql.Expression, error) {
	n, err := translate.ParseExpr(text)
	if err != nil {
		return nil, pgerror.New(pgerror.SyntaxError, "%v", err)
	}
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	ve, err := tr.Scalar(n)
	if err != nil {
		return nil, err
	}
	e, err := resolveStandalone(ve, base)
	if err != nil {
		return nil, err
	}
	if t := expr.TypeOf(e); t.Kind != types.KindBool {
		return nil, pgerror.New(pgerror.DatatypeMismatch, "argument of CHECK must be type boolean, not type %s", t.FormatType())
	}
	return e, nil
}

// compileDomain builds d.Type.Check from the NOT NULL and CHECK
// constraints of d and of the domains it is over, as PostgreSQL's
// domain_check applies them: the base domains' constraints first, each
// domain's in name order, NOT NULL if any of them says it, the message
// naming d.
func compileDomain(h Host, d *catalog.TypeDef) error {
	type check struct {
		name string
		e    sql.Expression
	}
	var checks []check
	notNull := false
	chain := h.Catalog().DomainChain(d)
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		notNull = notNull || c.NotNull
		own := slices.Clone(c.Checks)
		slices.SortFunc(own, func(a, b catalog.Check) int { return strings.Compare(a.Name, b.Name) })
		for _, ch := range own {
			e, err := compileDomainCheck(h, ch.Expr, c.Type.Domain)
			if err != nil {
				return err
			}
			checks = append(checks, check{ch.Name, e})
		}
	}
	name := d.Type.Name
	if len(checks) == 0 && !notNull {
		d.Type.Check = nil
		return nil
	}
	d.Type.Check = func(v any) error {
		if v == nil && notNull {
			return pgerror.New(pgerror.NotNullViolation, "domain %s does not allow null values", name)
		}
		ctx := sql.NewEmptyContext()
		for _, c := range checks {
			ok, err := c.e.Eval(ctx, sql.Row{v})
			if err != nil {
				return err
			}
			if b, isBool := ok.(bool); isBool && !b {
				return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation,
					Message: "value for domain " + name + " violates check constraint \"" + c.name + "\"", Constraint: c.name}
			}
		}
		return nil
	}
	return nil
}
