// Package pgsource is what pgcatalog's generators (genbuiltins,
// genopcasts) share: the PostgreSQL 15 server they record catalog rows
// from, and the generated Go file they write the rows into.
package pgsource
