package storage

// HeapTail reports whether the committed version of schema.table has a
// heap tail (heap.go), for the tests of package storage_test.
func HeapTail(s *Store, schema, table string) bool {
	t := s.Begin()
	defer t.Rollback()
	td, ok := t.root.table(schema, table)
	return ok && td.heap != nil
}
