package ddl

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// extensionRequires lists the extensions the installed extension name
// requires: a stand-in's, or a pg_tle extension's control file's.
func extensionRequires(cat *catalog.Catalog, name string) []string {
	if e, ok := extensions.Lookup(name); ok {
		return e.Requires
	}
	r, _ := extensions.TLERequires(cat, name)
	return r
}

// dropTLEStore is DROP EXTENSION pg_tle's handling of the functions that
// store TLEs: pg_tle records each control function and install script
// as depending on the extension, so without CASCADE they keep it, and
// with it they go too (their schema, pgtle, is not a member and stays).
func dropTLEStore(h Host, name string, cascade bool) error {
	if name != "pg_tle" {
		return nil
	}
	fns := extensions.TLEStore(h.Catalog())
	if len(fns) == 0 {
		return nil
	}
	if !cascade {
		lines := make([]string, len(fns))
		for i, f := range fns {
			lines[i] = fmt.Sprintf("function pgtle.%s() depends on extension pg_tle", quoteIdent(f))
		}
		return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop extension pg_tle because other objects depend on it").
			WithDetail("%s", strings.Join(lines, "\n")).
			WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
	}
	if len(fns) == 1 {
		h.Notice("NOTICE", "00000", fmt.Sprintf("drop cascades to function pgtle.%s()", quoteIdent(fns[0])))
	} else {
		h.Notice("NOTICE", "00000", fmt.Sprintf("drop cascades to %d other objects", len(fns)))
	}
	xh, ok := h.(ExtensionHost)
	if !ok {
		return pgerror.New(pgerror.FeatureNotSupported, "DROP EXTENSION pg_tle cannot drop its objects here")
	}
	var script strings.Builder
	for _, f := range fns {
		fmt.Fprintf(&script, "DROP FUNCTION IF EXISTS pgtle.%s();\n", quoteIdent(f))
	}
	return xh.RunExtensionScript(script.String(), "pgtle")
}
