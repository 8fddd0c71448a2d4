package engine

import "github.com/tinybase/tinybase/engine/catalog"

// AdvisorFacts are catalog facts the schema advisors (package lint) need
// that the engine's pg_catalog does not expose yet: row security flags,
// policies and functions. Once pg_class.relrowsecurity, pg_policy and
// pg_proc carry them, lint reads those instead (the same code runs on
// PostgreSQL). Plain values, nothing of go-mysql-server.
type AdvisorFacts struct {
	// RowSecurity maps {schema, table} of tables with ENABLE ROW LEVEL
	// SECURITY to true.
	RowSecurity map[[2]string]bool
	Policies    []AdvisorPolicy
	Functions   []AdvisorFunction
	Roles       []AdvisorRole
}

// AdvisorRole is one pg_roles row as the advisors see it.
type AdvisorRole struct {
	OID       uint32
	Name      string
	BypassRLS bool
}

// AdvisorPolicy is one pg_policy row.
type AdvisorPolicy struct {
	Schema, Table, Name string
	// Command is pg_policy.polcmd: '*', 'r', 'a', 'w' or 'd'.
	Command    byte
	Permissive bool
	// Roles are role names; empty means PUBLIC.
	Roles        []string
	Using, Check string // expression text, "" when absent
}

// AdvisorFunction is one pg_proc row as the advisors see it.
type AdvisorFunction struct {
	OID          uint32
	Schema, Name string
	Config       []string // proconfig, "name=value"
	Body         string   // prosrc
}

// AdvisorFacts returns the session's view of those facts (its uncommitted
// DDL included).
func (s *Session) AdvisorFacts() AdvisorFacts {
	cat := s.catalog()
	f := AdvisorFacts{RowSecurity: map[[2]string]bool{}}
	for q, rs := range cat.RowSecurityTables() {
		if rs.Enabled {
			f.RowSecurity[[2]string{q.Schema, q.Name}] = true
		}
	}
	for _, ps := range cat.AllPolicies() {
		for _, p := range ps {
			f.Policies = append(f.Policies, AdvisorPolicy{
				Schema: p.Table.Schema, Table: p.Table.Name, Name: p.Name, Command: p.Command,
				Permissive: p.Permissive, Roles: append([]string(nil), p.Roles...), Using: p.Using, Check: p.Check,
			})
		}
	}
	for _, fn := range cat.AllFunctions() {
		f.Functions = append(f.Functions, AdvisorFunction{
			OID: fn.OID, Schema: fn.Schema, Name: fn.Name, Config: append([]string(nil), fn.Config...), Body: fn.Body,
		})
	}
	for _, r := range cat.Roles() {
		f.Roles = append(f.Roles, AdvisorRole{OID: r.OID, Name: r.Name, BypassRLS: r.BypassRLS})
	}
	return f
}

// CanSelect reports whether role holds SELECT on the relation (as
// has_table_privilege(role, 'schema.name', 'SELECT') does).
func (s *Session) CanSelect(role, schema, name string) bool {
	return s.catalog().HasPrivilege(role, catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: schema, Name: name}, catalog.ClassTable, catalog.PrivSelect)
}
