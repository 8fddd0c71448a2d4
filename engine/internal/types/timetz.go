package types

import "time"

// TimeTZ is time with time zone (docs 8.5.1.3): a time of day in
// microseconds and the UTC offset it was written with, in seconds east.
type TimeTZ struct {
	Micros int64
	Offset int32
}

// TimeTZType is the built-in timetz type.
var TimeTZType = &Type{Kind: KindTimeTZ, OID: 1266, Name: "timetz", SQLName: "time with time zone", Category: 'D', Mod: -1, ArrayOID: 1270, Len: 12}

// ParseTimeTZ is timetz_in: a time of day with an optional zone; without
// one the session's TimeZone applies (at the current date).
func ParseTimeTZ(s string, env *Env) (TimeTZ, error) {
	f, err := parseDateTime(TimeTZType, trimSpace(s), OrderMDY)
	if err != nil {
		return TimeTZ{}, err
	}
	switch f.special {
	case "allballs":
		return TimeTZ{}, nil
	case "":
	default:
		return TimeTZ{}, dtBadFormat(TimeTZType, s)
	}
	if !f.hasTime || (f.hasY || f.hasMo || f.hasD) && !f.hasDate() {
		return TimeTZ{}, dtBadFormat(TimeTZType, s)
	}
	loc := env.loc()
	if f.loc != nil {
		loc = f.loc
	}
	at := env.now()
	if f.hasDate() {
		at = time.Date(f.y, time.Month(f.mo), f.d, 12, 0, 0, 0, time.UTC)
	}
	_, off := at.In(loc).Zone()
	return TimeTZ{Micros: f.clock().Microseconds(), Offset: int32(off)}, nil
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpaceByte(s[i]) {
		i++
	}
	for j > i && isSpaceByte(s[j-1]) {
		j--
	}
	return s[i:j]
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// FormatTimeTZ is timetz_out.
func FormatTimeTZ(t TimeTZ) string {
	return FormatTime(TimeOfDay(t.Micros)) + formatOffset(int(t.Offset))
}

// CompareTimeTZ is timetz_cmp: by the instant in UTC, then by offset (a
// zone further west sorts later).
func CompareTimeTZ(a, b TimeTZ) int {
	ua := a.Micros - int64(a.Offset)*1e6
	ub := b.Micros - int64(b.Offset)*1e6
	if c := cmpInt64(ua, ub); c != 0 {
		return c
	}
	return cmpInt64(int64(b.Offset), int64(a.Offset))
}

// timetzFromTime is time → timetz: the session zone's current offset.
func timetzFromTime(t TimeOfDay, env *Env) TimeTZ {
	_, off := env.now().In(env.loc()).Zone()
	return TimeTZ{Micros: int64(t), Offset: int32(off)}
}

func roundTimeTZ(t TimeTZ, mod int32) TimeTZ {
	if mod < 0 || mod >= 6 {
		return t
	}
	unit := int64(1)
	for i := mod; i < 6; i++ {
		unit *= 10
	}
	t.Micros = (t.Micros + unit/2) / unit * unit
	return t
}
