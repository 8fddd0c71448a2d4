package expr

import (
	"reflect"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Retype returns e with the types swap replaces installed in its nodes
// (their result types and a cast's source type), copying the nodes it
// changes; shown rewrites a folded constant's printed text. ALTER TYPE
// ... RENAME TO / SET SCHEMA use it on stored defaults, whose nodes carry
// the *types.Type (and so its name) where PostgreSQL's carry an OID.
func Retype(e sql.Expression, swap func(*types.Type) (*types.Type, bool), shown func(string) (string, bool)) (sql.Expression, bool) {
	out, same, err := transform.Expr(e, func(n sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		b, ok := baseOf(n)
		if !ok {
			return n, transform.SameTree, nil
		}
		nt, typChanged := swap(b.typ)
		var from *types.Type
		c, isCast := n.(*Cast)
		fromChanged := false
		if isCast {
			from, fromChanged = swap(c.From)
		}
		var text string
		l, isLit := n.(*Literal)
		textChanged := false
		if isLit && l.Shown != "" && shown != nil {
			text, textChanged = shown(l.Shown)
		}
		if !typChanged && !fromChanged && !textChanged {
			return n, transform.SameTree, nil
		}
		v := reflect.ValueOf(n).Elem()
		cp := reflect.New(v.Type())
		cp.Elem().Set(v)
		m := cp.Interface().(sql.Expression)
		nb, _ := baseOf(m)
		if typChanged {
			nb.typ = nt
		}
		if fromChanged {
			m.(*Cast).From = from
		}
		if textChanged {
			m.(*Literal).Shown = text
		}
		return m, transform.NewTree, nil
	})
	if err != nil {
		return e, false
	}
	return out, same == transform.NewTree
}

// baseOf returns the embedded base of one of this package's nodes.
func baseOf(n sql.Expression) (*base, bool) {
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	f := v.Elem().FieldByName("base")
	if !f.IsValid() || f.Type() != reflect.TypeOf(base{}) || !f.CanAddr() {
		return nil, false
	}
	return (*base)(f.Addr().UnsafePointer()), true
}
