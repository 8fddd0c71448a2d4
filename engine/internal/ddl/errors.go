package ddl

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// dependError is 2BP01, DROP of an object others depend on without
// CASCADE (PostgreSQL docs 5.14).
func dependError(kind, name string) error {
	return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s %s because other objects depend on it", kind, name).
		WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
}

func codeOf(err error) string {
	if pe, ok := pgerror.As(err); ok {
		return pe.Code
	}
	return ""
}

// duplicatedDetail is the DETAIL of CREATE UNIQUE INDEX over duplicate
// rows: "Key (id)=(1) is duplicated."
func duplicatedDetail(uv *storage.UniqueViolation) string { return KeyDetail(uv, "is duplicated.") }

// KeyDetail is PostgreSQL's DETAIL naming a unique key's values,
// "Key (id)=(1) " followed by tail, or "" for an expression index, whose
// key PostgreSQL shows as the expression's text, which storage does not
// keep.
func KeyDetail(uv *storage.UniqueViolation, tail string) string {
	if len(uv.Columns) == 0 {
		return ""
	}
	cols := make([]string, len(uv.Columns))
	for i, c := range uv.Columns {
		cols[i] = pgcatalog.QuoteIdent(c)
	}
	return "Key (" + strings.Join(cols, ", ") + ")=(" + uv.KeyText + ") " + tail
}
