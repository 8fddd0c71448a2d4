//go:build !cgo

package pgerror

// tinybase parses SQL with libpg_query, which is C: without cgo the
// parser's Go side compiles to nothing and the build fails deep in the
// engine with "undefined: parser.ParseToProtobuf". Every package that
// parses SQL imports this one, so this error is the only one a build
// with CGO_ENABLED=0 (or no C compiler) prints.
var _ = tinybase_needs_cgo__build_with_CGO_ENABLED_1_and_a_C_compiler_gcc_or_clang
