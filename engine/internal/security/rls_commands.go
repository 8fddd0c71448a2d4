package security

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// policyTable resolves the table of CREATE / ALTER / DROP POLICY and
// checks the current role owns it.
func policyTable(h Host, q catalog.QName) (catalog.QName, error) {
	rq, kind, ok := h.LookupRelation(q)
	if !ok {
		return rq, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", q.Display())
	}
	if kind != "table" {
		return rq, pgerror.New(pgerror.WrongObjectType, "%q is not a table", q.Name)
	}
	return rq, CheckOwner(h, RelKey(rq), "table", rq.Name)
}

// policyRoles resolves a policy's roles, ordered by OID as pg_policy
// stores them.
func policyRoles(h Host, names []string) ([]string, error) {
	var out []string
	cat := h.Catalog()
	for _, n := range names {
		r, err := resolveRoleName(h, n)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, _ := cat.Role(out[i])
		b, _ := cat.Role(out[j])
		return a.OID < b.OID
	})
	return out, nil
}

// CreatePolicy runs CREATE POLICY.
func CreatePolicy(h Host, c *translate.CreatePolicy) error {
	q, err := policyTable(h, c.Policy.Table)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	if _, ok := cat.Policy(q, c.Policy.Name); ok {
		return pgerror.New(pgerror.DuplicateObject, "policy %q for table %q already exists", c.Policy.Name, q.Name)
	}
	p := c.Policy
	p.Table = q
	if p.Roles, err = policyRoles(h, p.Roles); err != nil {
		return err
	}
	if err := checkPolicyExprs(h, q, p.Using, p.Check); err != nil {
		return err
	}
	h.SetCatalog(cat.PutPolicy(p))
	return nil
}

// AlterPolicy runs ALTER POLICY.
func AlterPolicy(h Host, c *translate.AlterPolicy) error {
	q, err := policyTable(h, c.Table)
	if err != nil {
		return err
	}
	cat := h.Catalog()
	old, ok := cat.Policy(q, c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "policy %q for table %q does not exist", c.Name, q.Name)
	}
	p := *old
	if c.NewName != "" {
		if _, ok := cat.Policy(q, c.NewName); ok {
			return pgerror.New(pgerror.DuplicateObject, "policy %q for table %q already exists", c.NewName, q.Name)
		}
		h.SetCatalog(cat.DropPolicy(q, c.Name).PutPolicy(withName(p, c.NewName)))
		return nil
	}
	if c.Roles != nil {
		if p.Roles, err = policyRoles(h, c.Roles); err != nil {
			return err
		}
	}
	if c.Using != nil {
		if p.Command == 'a' {
			return pgerror.New(pgerror.SyntaxError, "only WITH CHECK expression allowed for INSERT")
		}
		p.Using = *c.Using
	}
	if c.Check != nil {
		if p.Command == 'r' || p.Command == 'd' {
			return pgerror.New(pgerror.SyntaxError, "WITH CHECK cannot be applied to SELECT or DELETE")
		}
		p.Check = *c.Check
	}
	if err := checkPolicyExprs(h, q, p.Using, p.Check); err != nil {
		return err
	}
	h.SetCatalog(cat.PutPolicy(p))
	return nil
}

func withName(p catalog.Policy, name string) catalog.Policy {
	p.Name = name
	return p
}

// DropPolicy runs DROP POLICY.
func DropPolicy(h Host, c *translate.DropPolicy) error {
	rq, _, ok := h.LookupRelation(c.Table)
	if !ok {
		if c.IfExists {
			h.Notice("NOTICE", "00000", fmt.Sprintf("relation %q does not exist, skipping", c.Table.Display()))
			return nil
		}
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Table.Display())
	}
	cat := h.Catalog()
	if _, ok := cat.Policy(rq, c.Name); !ok {
		if c.IfExists {
			h.Notice("NOTICE", "00000", fmt.Sprintf("policy %q for relation %q does not exist, skipping", c.Name, rq.Name))
			return nil
		}
		return pgerror.New(pgerror.UndefinedObject, "policy %q for table %q does not exist", c.Name, rq.Name)
	}
	if err := CheckOwner(h, RelKey(rq), "table", rq.Name); err != nil {
		return err
	}
	h.SetCatalog(cat.DropPolicy(rq, c.Name))
	return nil
}

// AlterTableSecurity is ALTER TABLE ... ENABLE / DISABLE / FORCE / NO FORCE
// ROW LEVEL SECURITY and ALTER TABLE / VIEW / SEQUENCE ... OWNER TO.
func AlterTableSecurity(h Host, c *translate.RowSecurityCmd) error {
	q, kind, ok := h.LookupRelation(c.Table)
	if !ok {
		if c.IfExists {
			h.Notice("NOTICE", "00000", fmt.Sprintf("relation %q does not exist, skipping", c.Table.Display()))
			return nil
		}
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Table.Display())
	}
	if (c.Enable != nil || c.Force != nil) && kind != "table" {
		return pgerror.New(pgerror.WrongObjectType, "ALTER action ENABLE ROW SECURITY cannot be performed on relation %q", q.Name).WithDetail("This operation is not supported for %ss.", kind)
	}
	if c.Enable != nil || c.Force != nil {
		if err := CheckOwner(h, RelKey(q), string(kind), q.Name); err != nil {
			return err
		}
		cat := h.Catalog()
		rs := cat.RowSecurity(q)
		if c.Enable != nil {
			rs.Enabled = *c.Enable
		}
		if c.Force != nil {
			rs.Forced = *c.Force
		}
		h.SetCatalog(cat.SetRowSecurity(q, rs))
	}
	if c.SecurityInvoker != nil {
		if kind != "view" {
			return pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter \"security_invoker\"")
		}
		if err := CheckOwner(h, RelKey(q), "view", q.Name); err != nil {
			return err
		}
		if _, ok := catalog.ParseBoolOption(*c.SecurityInvoker); !ok && *c.SecurityInvoker != "" {
			return invalidBoolOption(*c.SecurityInvoker)
		}
		h.SetCatalog(h.Catalog().SetViewSecurityInvoker(q, *c.SecurityInvoker))
	}
	if c.SecurityBarrier != nil {
		if kind != "view" {
			return pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter \"security_barrier\"")
		}
		if err := CheckOwner(h, RelKey(q), "view", q.Name); err != nil {
			return err
		}
		if _, ok := catalog.ParseBoolOption(*c.SecurityBarrier); !ok && *c.SecurityBarrier != "" {
			return pgerror.New(pgerror.InvalidParameterValue, "invalid value for boolean option \"security_barrier\": %s", *c.SecurityBarrier)
		}
		// Not kept, as CREATE VIEW ... WITH (security_barrier) does not
		// keep it: PostgreSQL's planner uses it to run the view's quals
		// before a caller's leaky functions, and tinybase pushes no
		// caller's function below a view's quals.
	}
	if c.Owner != "" {
		if err := changeOwner(h, RelKey(q), string(kind), q.Name, q.Schema, c.Owner); err != nil {
			return err
		}
		h.GiveOwnedSequences(q)
	}
	return nil
}

// checkPolicyExprs plans SELECT 1 FROM t WHERE <using> AND <check> so
// that a policy naming a missing column, function, relation (in a
// subquery) or type fails at CREATE / ALTER POLICY with PostgreSQL's
// 42703 / 42883 / 42P01 / 42704, as it does there. Other planning errors
// are left for the queries that apply the policy.
func checkPolicyExprs(h Host, q catalog.QName, using, check string) error {
	var conds []string
	for _, e := range []string{using, check} {
		if e != "" {
			conds = append(conds, "("+e+")")
		}
	}
	if len(conds) == 0 {
		return nil
	}
	text := fmt.Sprintf("SELECT 1 FROM %s WHERE %s LIMIT 0", quoteQName(q), strings.Join(conds, " AND "))
	tree, err := pgtree.Parse(text)
	if err != nil {
		return nil
	}
	res, err := h.Translator().Statement(tree.Stmts[0].Stmt)
	if err == nil && res.Stmt != nil {
		if err = h.PlanQuery(text, res.Stmt); err == nil {
			return nil
		}
	}
	var pe *pgerror.Error
	if errors.As(err, &pe) && strings.Contains(pe.Where, "SQL function ") {
		// from the body of a SQL function planning inlined: PostgreSQL
		// does not look into it when it creates a policy
		return nil
	}
	if errors.As(err, &pe) && (pe.Code == pgerror.UndefinedColumn || pe.Code == pgerror.UndefinedFunction ||
		(pe.Code == pgerror.UndefinedTable || pe.Code == pgerror.UndefinedObject) && namesMissing(tree, pe.Message)) {
		pe.Position = 0
		return pe
	}
	return nil
}

// namesMissing reports whether msg, "relation \"x\" does not exist" or
// "type \"x\" does not exist", is about a relation or type the policy's
// own expressions name: planning inlines SQL functions, whose bodies
// PostgreSQL does not look at when it creates a policy.
func namesMissing(tree *pg.ParseResult, msg string) bool {
	var kind, name string
	if _, err := fmt.Sscanf(msg, "%s %q does not exist", &kind, &name); err != nil || (kind != "relation" && kind != "type") {
		return false
	}
	found := false
	pgtree.Walk(tree, func(m any) bool {
		switch n := m.(type) {
		case *pg.RangeVar:
			found = found || kind == "relation" && (n.Relname == name || n.Schemaname+"."+n.Relname == name)
		case *pg.TypeName:
			var parts []string
			for _, p := range n.Names {
				parts = append(parts, p.GetString_().GetSval())
			}
			found = found || kind == "type" && len(parts) > 0 && (parts[len(parts)-1] == name || strings.Join(parts, ".") == name)
		}
		return !found
	})
	return found
}

// invalidBoolOption is the error for security_invoker = <not a boolean>.
func invalidBoolOption(raw string) error {
	return pgerror.New(pgerror.InvalidParameterValue, "invalid value for boolean option \"security_invoker\": %s", raw)
}

// replaceViewOptions gives an existing view the options of CREATE OR
// REPLACE VIEW (none when raw and checkOption are ""), as
// AT_ReplaceRelOptions does.
func replaceViewOptions(h Host, cat *catalog.Catalog, q catalog.QName, raw, checkOption string) error {
	if _, ok := catalog.ParseBoolOption(raw); !ok && raw != "" {
		return invalidBoolOption(raw)
	}
	h.SetCatalog(cat.SetViewSecurityInvoker(q, raw).SetViewCheckOption(q, checkOption))
	return nil
}
