package translate

// IndexColname is the name PostgreSQL gives an index key part written as
// src when it names an index (a column's or function's name, else
// "expr"): a partition's copy of an expression index on its partitioned
// table is named from it, as m1_lower_idx.
func IndexColname(src string) string {
	n, err := ParseExpr(src)
	if err != nil {
		return "expr"
	}
	return indexColname(n)
}
