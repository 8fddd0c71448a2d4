package types

import "time"

// DateIn is the instant a wall-clock time names in loc, as PostgreSQL's
// DetermineTimeZoneOffset decides it (src/backend/utils/adt/datetime.c):
// a time skipped by a spring-forward transition is read with the offset
// before it ('2024-03-10 02:30' in New York is 02:30 EST, shown as 03:30
// EDT), and a time repeated by a fall-back transition with the offset
// after it ('2024-11-03 01:30' is EST). time.Date leaves both choices
// unspecified, and in practice picks by the zone's side of UTC.
func DateIn(y int, mo time.Month, d, h, mi, s, ns int, loc *time.Location) time.Time {
	t := time.Date(y, mo, d, h, mi, s, ns, loc)
	if loc == time.UTC {
		return t
	}
	wall := time.Date(y, mo, d, h, mi, s, ns, time.UTC)
	start, end := t.ZoneBounds()
	// the transition next to the period time.Date chose is the only one
	// the wall time can straddle (transitions are hours apart at least)
	if !start.IsZero() {
		if u, ok := straddle(wall, start, loc); ok {
			return u
		}
	}
	if !end.IsZero() {
		if u, ok := straddle(wall, end, loc); ok {
			return u
		}
	}
	return t
}

// straddle applies PostgreSQL's rule at one transition (the instant
// boundary): ok is false when the wall time reads the same on both sides
// of it, so the transition does not decide.
func straddle(wall, boundary time.Time, loc *time.Location) (time.Time, bool) {
	_, before := boundary.Add(-time.Nanosecond).In(loc).Zone()
	_, after := boundary.In(loc).Zone()
	beforeTime := wall.Add(-time.Duration(before) * time.Second)
	afterTime := wall.Add(-time.Duration(after) * time.Second)
	if beforeTime.Before(boundary) == afterTime.Before(boundary) {
		return time.Time{}, false
	}
	if beforeTime.After(afterTime) {
		return beforeTime.In(loc), true // skipped: the offset before
	}
	return afterTime.In(loc), true // repeated: the offset after
}
