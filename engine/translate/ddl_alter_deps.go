package translate

import (
	"github.com/tinybase/tinybase/engine/catalog"
	"github.com/tinybase/tinybase/engine/pgerror"
)

// checkRetypeDependents rejects ALTER COLUMN TYPE of a column that a view
// reads or a policy expression uses, as PostgreSQL's ATExecAlterColumnType
// does (0A000, after the cast checks of the preparation phase and before
// any row is converted). When several objects depend on the column,
// PostgreSQL names the one it meets first in pg_depend, which is the
// oldest: here the lowest OID.
func (t *Translator) checkRetypeDependents(ti *TableInfo, col string) {
	r := t.reader()
	if r == nil {
		return
	}
	cat := r.Current()
	q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	var (
		found  uint32
		errMsg *pgerror.Error
	)
	take := func(oid uint32, e *pgerror.Error) {
		if errMsg == nil || oid < found {
			found, errMsg = oid, e
		}
	}
	for _, v := range cat.Dependents(q) {
		if viewReadsColumn(v, col) {
			take(v.OID, pgerror.New(pgerror.FeatureNotSupported, "cannot alter type of a column used by a view or rule").
				WithDetail("rule _RETURN on view %s depends on column \"%s\"", relationDescription(r, v.Schema, v.Name), col))
		}
	}
	for _, p := range cat.Policies(q) {
		if (p.Using != "" && contains(exprColumnsOf(p.Using), col)) || (p.Check != "" && contains(exprColumnsOf(p.Check), col)) {
			take(p.OID, pgerror.New(pgerror.FeatureNotSupported, "cannot alter type of a column used in a policy definition").
				WithDetail("policy %s on table %s depends on column \"%s\"", p.Name, relationDescription(r, ti.Schema, ti.Name), col))
		}
	}
	if errMsg != nil {
		fail(errMsg)
	}
}

// relationDescription names a relation as PostgreSQL's
// getRelationDescription does: qualified unless its schema is on the
// search path.
func relationDescription(r CatalogReader, schema, name string) string {
	if schema == "pg_catalog" || contains(r.SearchPath(), schema) {
		return name
	}
	return schema + "." + name
}
