package ddl

import "github.com/tinybase/tinybase/engine/internal/translate"

// CatalogCommand runs one catalog statement this package owns (types,
// sequences, views, DROP of catalog objects and table dependencies,
// COMMENT, CREATE EXTENSION). handled is false for a command of another
// concern (routines, roles and privileges), which the session dispatches.
func CatalogCommand(h Host, c translate.CatalogCommand) (handled bool, err error) {
	switch c := c.(type) {
	case *translate.CreateSequence:
		return true, createSequence(h, c)
	case *translate.AlterSequence:
		return true, alterSequence(h, c)
	case *translate.CreateEnum:
		return true, createEnum(h, c)
	case *translate.AlterEnum:
		return true, alterEnum(h, c)
	case *translate.CreateDomain:
		return true, createDomain(h, c)
	case *translate.CreateComposite:
		return true, createComposite(h, c) // composite.go
	case *translate.AlterComposite:
		return true, alterComposite(h, c)
	case *translate.AlterDomain:
		return true, alterDomain(h, c)
	case *translate.CreateView:
		return true, createView(h, c)
	case *translate.RenameRelation:
		return true, renameRelation(h, c)
	case *translate.DropObjects:
		return true, dropObjects(h, c)
	case *translate.DropTableDeps:
		return true, dropTableDeps(h, c)
	case *translate.DropColumnDeps:
		return true, dropColumnDeps(h, c) // drop.go
	case *translate.Comment:
		return true, comment(h, c)
	case *translate.CreateExtension:
		return true, createExtension(h, c)
	}
	return false, nil
}
