// Package regex is tinybase's stand-in for github.com/dolthub/go-icu-regex:
// the same exported API that go-mysql-server uses (the Regex interface,
// CreateRegex, the RegexFlags constants, the error kinds and
// SetRegexLeakHandler), implemented on Go's regexp package.
//
// Why it exists: the upstream package runs ICU's regular expressions in an
// embedded WebAssembly module, and its package-level module pool compiles
// that module with wazero while the process initialises, before main runs
// (0.33–0.45 s of CPU and 21 MB in every process that links
// go-mysql-server, measured with GODEBUG=inittrace=1). go-mysql-server
// uses it only for MySQL's REGEXP_LIKE, REGEXP_INSTR, REGEXP_SUBSTR and
// REGEXP_REPLACE functions, which tinybase never plans: its translator
// turns every PostgreSQL scalar expression into a tinybase expression, and
// PostgreSQL's regular-expression operators and functions are tinybase's
// own. This package does nothing at initialisation.
//
// The main tinybase module points go-mysql-server at this directory with a
// replace directive. Go applies replace directives only in the main module,
// so a program that imports tinybase as a library still links the upstream
// package and pays its start-up cost; the tinybase binary and the
// repository's own tests do not.
//
// Semantics follow the interface's contract and MySQL's REGEXP_* functions
// (positions and occurrences count from 1, in characters; the next match
// starts where the previous one ended, or one character further after an
// empty match, as ICU's findNext does; replacements understand ICU's $n,
// ${name} and backslash escapes). Patterns are Go's RE2 syntax, which is
// ICU's for everything but lookaround, backreferences, possessive and
// atomic groups, \Z, \G and unknown letter escapes; those make
// SetRegexString fail with ErrInvalidRegex rather than match differently.
// Only '\n' ends a line (as with RegexFlags_Unix_Lines), and
// RegexFlags_Unicode_Word is refused.
package regex
