package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// walkNodeChildren calls f on each pg.Node directly or indirectly below n
// (not below those: f recurses itself).
func walkNodeChildren(n *pg.Node, f func(any)) {
	var visit func(m protoreflect.Message, top bool)
	visit = func(m protoreflect.Message, top bool) {
		if pn, ok := m.Interface().(*pg.Node); ok && !top {
			f(pn)
			return
		}
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			if fd.Kind() != protoreflect.MessageKind || fd.IsMap() {
				return true
			}
			if fd.IsList() {
				l := v.List()
				for i := 0; i < l.Len(); i++ {
					visit(l.Get(i).Message(), false)
				}
				return true
			}
			visit(v.Message(), false)
			return true
		})
	}
	visit(n.ProtoReflect(), true)
}
