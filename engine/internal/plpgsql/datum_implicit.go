package plpgsql

// Implicit reports whether the datum is one the compiler made rather
// than the body declared (loop variables, FOUND, SQLSTATE, CASE
// temporaries): its TypeName is no SQL type name.
func (d *Datum) Implicit() bool { return d.implicit }
