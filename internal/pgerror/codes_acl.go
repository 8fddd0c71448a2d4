package pgerror

// Codes of PostgreSQL's errcodes.txt used by roles and privileges.
const (
	InvalidGrantor           = "0L000"
	InvalidGrantOperation    = "0LP01"
	InvalidRoleSpecification = "0P000"
	InvalidNameSyntax        = "42602"
)
