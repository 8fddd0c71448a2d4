package types

import "fmt"

// Interval type modifiers (datatype/timestamp.h): the fields a column
// keeps, as a mask of datetime field bits, in the high half; the
// fractional-second precision in the low half, 0xFFFF when not given.
const (
	intervalFullRange     = 0x7FFF
	intervalFullPrecision = 0xFFFF
	intervalMaxPrecision  = 6
)

// IntervalMod is intervaltypmodin of the grammar's modifiers: the fields
// mask, then the precision when given (INTERVAL(0) has the full range).
// A precision past 6 is 6, as PostgreSQL reduces it.
func IntervalMod(mods []int32) int32 {
	rng, prec := mods[0], int32(intervalFullPrecision)
	if len(mods) > 1 {
		prec = mods[1]
		if prec > intervalMaxPrecision {
			prec = intervalMaxPrecision
		}
	}
	return (rng&intervalFullRange)<<16 | prec&0xFFFF
}

// IntervalPrecision is the fractional-second precision of an interval
// typmod; ok is false when it has none.
func IntervalPrecision(mod int32) (int32, bool) {
	if mod < 0 || mod&0xFFFF == intervalFullPrecision {
		return 0, false
	}
	return mod & 0xFFFF, true
}

// intervalModFields are the fields masks PostgreSQL's grammar produces
// (datetime.h's bits: MONTH 1, YEAR 2, DAY 3, HOUR 10, MINUTE 11,
// SECOND 12), as intervaltypmodout spells them.
var intervalModFields = map[int32]string{
	1 << 2:                       " year",
	1 << 1:                       " month",
	1 << 3:                       " day",
	1 << 10:                      " hour",
	1 << 11:                      " minute",
	1 << 12:                      " second",
	1<<2 | 1<<1:                  " year to month",
	1<<3 | 1<<10:                 " day to hour",
	1<<3 | 1<<10 | 1<<11:         " day to minute",
	1<<3 | 1<<10 | 1<<11 | 1<<12: " day to second",
	1<<10 | 1<<11:                " hour to minute",
	1<<10 | 1<<11 | 1<<12:        " hour to second",
	1<<11 | 1<<12:                " minute to second",
	intervalFullRange:            "",
}

// intervalModOut is intervaltypmodout: the fields, then the precision.
func intervalModOut(mod int32) string {
	s := intervalModFields[(mod>>16)&intervalFullRange]
	if p, ok := IntervalPrecision(mod); ok {
		s += fmt.Sprintf("(%d)", p)
	}
	return s
}
