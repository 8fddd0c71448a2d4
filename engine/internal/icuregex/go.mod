// This module stands in for github.com/dolthub/go-icu-regex in tinybase's
// own builds (the main module's go.mod replaces it with this directory):
// see doc.go.
module github.com/dolthub/go-icu-regex

go 1.23

require gopkg.in/src-d/go-errors.v1 v1.0.0

require github.com/pkg/errors v0.9.1 // indirect
