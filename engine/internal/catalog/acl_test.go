package catalog

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestACLStrings(t *testing.T) {
	tests := []struct {
		name string
		acl  ACL
		want []string
	}{
		{"table default", Default(ClassTable, "postgres"), []string{"postgres=arwdDxt/postgres"}},
		{"function default", Default(ClassFunction, "alice"), []string{"=X/alice", "alice=X/alice"}},
		{"sequence default", Default(ClassSequence, "bob"), []string{"bob=rwU/bob"}},
		{"grant option and quoting", Default(ClassTable, "postgres").Grant("My Role", "postgres", PrivSelect|PrivInsert, true),
			[]string{"postgres=arwdDxt/postgres", `"My Role"=a*r*/postgres`}},
		{"revoke to nothing", ACL{{Grantee: "anon", Grantor: "postgres", Privs: PrivSelect}}.Revoke("anon", "postgres", PrivSelect, false), []string{}},
		{"revoke grant option only", ACL{{Grantee: "anon", Grantor: "postgres", Privs: PrivSelect, Grant: PrivSelect}}.Revoke("anon", "postgres", PrivSelect, true),
			[]string{"anon=r/postgres"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.acl.Strings()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPrivilegesAndDefaults(t *testing.T) {
	c := New().PutRole(Role{Name: "grp", Inherit: true}).PutRole(Role{Name: "alice", Inherit: true}).
		PutRole(Role{Name: "noinh", Inherit: false}).
		PutMembership(Membership{Role: "grp", Member: "alice"}).PutMembership(Membership{Role: "grp", Member: "noinh"})
	tbl := ObjectKey{Kind: ObjRelation, Schema: "public", Name: "t"}
	c = c.SetOwner(tbl, "postgres").SetACL(tbl, Default(ClassTable, "postgres").Grant("grp", "postgres", PrivSelect, false))
	tests := []struct {
		role string
		priv Priv
		want bool
	}{
		{"alice", PrivSelect, true},
		{"alice", PrivInsert, false},
		{"noinh", PrivSelect, false},
		{"grp", PrivSelect, true},
		{"postgres", PrivDelete, true},
	}
	for _, tc := range tests {
		if got := c.HasPrivilege(tc.role, tbl, ClassTable, tc.priv); got != tc.want {
			t.Errorf("HasPrivilege(%s, %v) = %v, want %v", tc.role, tc.priv, got, tc.want)
		}
	}
	if !c.IsMemberOf("noinh", "grp") || c.HasPrivsOf("noinh", "grp") {
		t.Error("NOINHERIT member: want membership without privileges")
	}
	c = c.SetDefaultACL(DefaultKey{Role: "alice", Schema: "public", ObjType: 'r'}, ACL{{Grantee: "grp", Grantor: "alice", Privs: PrivSelect}})
	if diff := cmp.Diff([]string{"alice=arwdDxt/alice", "grp=r/alice"}, c.NewObjectACL("alice", "public", 'r').Strings()); diff != "" {
		t.Errorf("NewObjectACL (-want +got):\n%s", diff)
	}
	if got := c.NewObjectACL("alice", "other", 'r'); got != nil {
		t.Errorf("NewObjectACL in another schema = %v, want nil (acldefault)", got.Strings())
	}
}
