package security

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Role membership: GRANT role TO member and REVOKE (PostgreSQL docs 22.3
// Role Membership).

// GrantRole runs GRANT / REVOKE of role membership.
func GrantRole(h Host, c *translate.GrantRole) error {
	grantor := h.CurrentUser()
	if c.Grantor != "" {
		g, err := resolveRoleName(h, c.Grantor)
		if err != nil {
			return err
		}
		grantor = g
	}
	for _, role := range c.Roles {
		if _, ok := h.Catalog().Role(role); !ok {
			return RoleMissing(role)
		}
		for _, m := range c.Members {
			if m == translate.RolePublic {
				return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", "public")
			}
			member, err := resolveRoleName(h, m)
			if err != nil {
				return err
			}
			if c.Revoke {
				if err := revokeMember(h, role, member, c.Admin); err != nil {
					return err
				}
				continue
			}
			if err := addMember(h, role, member, c.Admin, grantor, true); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRoleAdmin is PostgreSQL 15's check for granting or revoking
// membership in role: superuser for superuser roles; otherwise
// CREATEROLE or ADMIN OPTION.
func checkRoleAdmin(h Host, role string) error {
	cat := h.Catalog()
	r, _ := cat.Role(role)
	me := currentRole(h)
	if me.Super {
		return nil
	}
	if r.Super {
		return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to alter superusers")
	}
	if me.CreateRole || hasAdminOption(h, me.Name, role) {
		return nil
	}
	return pgerror.New(pgerror.InsufficientPrivilege, "must have admin option on role %q", role)
}

func hasAdminOption(h Host, member, role string) bool {
	cat := h.Catalog()
	for _, r := range cat.RolesOf(member) {
		if m, ok := cat.Membership(role, r); ok && m.Admin {
			return true
		}
	}
	return false
}

func addMember(h Host, role, member string, admin bool, grantor string, checked bool) error {
	cat := h.Catalog()
	if _, ok := cat.Role(member); !ok {
		return RoleMissing(member)
	}
	if _, ok := cat.Role(role); !ok {
		return RoleMissing(role)
	}
	if checked {
		if err := checkRoleAdmin(h, role); err != nil {
			return err
		}
	}
	if role == "pg_database_owner" {
		return pgerror.New(pgerror.InvalidGrantOperation, "role \"pg_database_owner\" cannot have explicit members")
	}
	if member == role || cat.IsMemberOf(role, member) {
		return pgerror.New(pgerror.InvalidGrantOperation, "role %q is a member of role %q", role, member)
	}
	if old, ok := cat.Membership(role, member); ok {
		if !admin || old.Admin {
			h.Notice("NOTICE", "00000", fmt.Sprintf("role %q is already a member of role %q", member, role))
			return nil
		}
		old.Admin = true
		h.SetCatalog(cat.PutMembership(old))
		return nil
	}
	h.SetCatalog(cat.PutMembership(catalog.Membership{Role: role, Member: member, Grantor: grantor, Admin: admin}))
	return nil
}

func revokeMember(h Host, role, member string, adminOnly bool) error {
	if err := checkRoleAdmin(h, role); err != nil {
		return err
	}
	cat := h.Catalog()
	old, ok := cat.Membership(role, member)
	if !ok {
		h.Notice("WARNING", "01000", fmt.Sprintf("role %q is not a member of role %q", member, role))
		return nil
	}
	if adminOnly {
		old.Admin = false
		h.SetCatalog(cat.PutMembership(old))
		return nil
	}
	h.SetCatalog(cat.DropMembership(role, member))
	return nil
}
