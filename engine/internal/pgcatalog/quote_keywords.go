package pgcatalog

// nonReservedQuoted are the keywords quote_identifier quotes besides the
// reserved ones: PostgreSQL 15's column-name keywords ("time", "int")
// and type-or-function-name keywords ("verbose", "left"), which only
// unreserved keywords escape (ruleutils.c quote_identifier).
var nonReservedQuoted = map[string]bool{
	"between": true, "bigint": true, "bit": true, "boolean": true, "char": true, "character": true,
	"coalesce": true, "dec": true, "decimal": true, "exists": true, "extract": true, "float": true,
	"greatest": true, "grouping": true, "inout": true, "int": true, "integer": true, "interval": true,
	"least": true, "national": true, "nchar": true, "none": true, "normalize": true, "numeric": true,
	"out": true, "overlay": true, "position": true, "precision": true, "real": true, "row": true,
	"setof": true, "smallint": true, "substring": true, "time": true, "timestamp": true, "treat": true,
	"trim": true, "values": true, "varchar": true, "xmlattributes": true, "xmlconcat": true,
	"xmlelement": true, "xmlexists": true, "xmlforest": true, "xmlnamespaces": true, "xmlparse": true,
	"xmlpi": true, "xmlroot": true, "xmlserialize": true, "xmltable": true,
	"authorization": true, "binary": true, "collation": true, "concurrently": true, "cross": true,
	"current_schema": true, "freeze": true, "full": true, "ilike": true, "inner": true, "is": true,
	"isnull": true, "join": true, "left": true, "like": true, "natural": true, "notnull": true,
	"outer": true, "overlaps": true, "right": true, "similar": true, "tablesample": true, "verbose": true,
}
