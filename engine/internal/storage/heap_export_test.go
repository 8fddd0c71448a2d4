package storage

// OwnHeap reports whether the committed version of schema.table keeps a
// heap tree of its own (heap.go), for the tests of package storage_test.
func OwnHeap(s *Store, schema, table string) bool {
	t := s.Begin()
	defer t.Rollback()
	td, ok := t.root.table(schema, table)
	return ok && td.heap != nil
}
