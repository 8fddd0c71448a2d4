package expr

import "github.com/tinybase/tinybase/engine/internal/types"

// zoneDependent reports whether a call with these argument and result
// types may depend on the session TimeZone (to_char(timestamptz, text),
// date_part on timestamptz, timestamptz arithmetic): such calls are STABLE
// in PostgreSQL, so they are not folded when translated, where the
// session's settings are not at hand; they run with the statement.
func zoneDependent(args []*types.Type, result *types.Type) bool {
	if result != nil && result.OID == types.Timestamptz.OID {
		return true
	}
	for _, a := range args {
		if a != nil && a.OID == types.Timestamptz.OID {
			return true
		}
		// to_char(date, text) formats the date as a timestamptz
		if a != nil && a.OID == types.Date.OID && result != nil && result.OID == types.Text.OID {
			return true
		}
	}
	return false
}
