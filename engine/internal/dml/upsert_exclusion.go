package dml

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ON CONFLICT and exclusion constraints (PostgreSQL docs: INSERT, "ON
// CONFLICT Clause"): DO NOTHING without a target skips a row that
// violates any exclusion constraint, ON CONSTRAINT may name one for DO
// NOTHING, and DO UPDATE cannot use one as its arbiter.

// exclusionConstraint adds exclusion constraint u.Constraint of tbl to
// the arbiters, failing as PostgreSQL's infer_arbiter_indexes does for
// DO UPDATE.
func exclusionConstraint(h Host, tbl *storage.Table, u *translate.Upsert, arbiters map[string]bool) error {
	if _, ok := h.Catalog().Exclusion(catalog.QName{Schema: tbl.SchemaName(), Name: tbl.Name()}, u.Constraint); !ok {
		return nil
	}
	if u.Update {
		return pgerror.New(pgerror.WrongObjectType, "ON CONFLICT DO UPDATE not supported with exclusion constraints")
	}
	arbiters[u.Constraint] = true
	return nil
}

// exclusionArbiter reports whether err is an exclusion violation ON
// CONFLICT DO NOTHING skips: of an arbiter, or of any constraint when
// there is no target (arbiters nil).
func exclusionArbiter(err error, arbiters map[string]bool) bool {
	for ; err != nil; err = storage.Cause(err) {
		if pe, ok := err.(*pgerror.Error); ok {
			return pe.Code == pgerror.ExclusionViolation && (arbiters == nil || arbiters[pe.Constraint])
		}
	}
	return false
}
