package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// rewriteNodes walks a parse tree depth first and calls f on every node;
// when f returns true the node was replaced and is not descended into.
func rewriteNodes(m protoreflect.Message, f func(n *pg.Node) bool) {
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList() && fd.Message() != nil:
			l := v.List()
			for i := 0; i < l.Len(); i++ {
				visitNode(l.Get(i).Message(), f)
			}
		case fd.Message() != nil && !fd.IsMap():
			visitNode(v.Message(), f)
		}
		return true
	})
}

func visitNode(m protoreflect.Message, f func(n *pg.Node) bool) {
	if n, ok := m.Interface().(*pg.Node); ok && f(n) {
		return
	}
	rewriteNodes(m, f)
}
