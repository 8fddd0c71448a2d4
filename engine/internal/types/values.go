package types

import "time"

// DateVal is a calendar date as days since 1970-01-01.
type DateVal int32

// Time converts d to midnight UTC.
func (d DateVal) Time() time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

// DateOf returns the date of t (in t's location).
func DateOf(t time.Time) DateVal {
	y, m, dd := t.Date()
	return DateVal(time.Date(y, m, dd, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// TimeOfDay is a time without date: microseconds since midnight.
type TimeOfDay int64

// IntervalVal is PostgreSQL's interval: months, days and microseconds kept
// apart, because a month and a day have no fixed length.
type IntervalVal struct {
	Months int32
	Days   int32
	Micros int64
}

// Array is a PostgreSQL array value: a flat slice of elements in row-major
// order with dimension lengths and lower bounds (1 unless stated).
type Array struct {
	Elem   *Type
	Dims   []int
	Lower  []int
	Values []any
	// Vector marks an int2vector or oidvector value (the catalogs'
	// indkey, proargtypes, ...): zero-based, printed as its elements
	// separated by spaces, as PostgreSQL prints those types.
	Vector bool
}

// NewArray builds a one-dimensional array.
func NewArray(elem *Type, vals []any) *Array {
	if len(vals) == 0 {
		return &Array{Elem: elem}
	}
	return &Array{Elem: elem, Dims: []int{len(vals)}, Lower: []int{1}, Values: vals}
}

// Len returns the length of the first dimension.
func (a *Array) Len() int {
	if len(a.Dims) == 0 {
		return 0
	}
	return a.Dims[0]
}
