package types

import (
	"fmt"
	"strconv"
	"strings"
)

// IntervalStyle values (docs 8.5.5); the empty string is postgres.
const (
	IntervalStylePostgres        = "postgres"
	IntervalStylePostgresVerbose = "postgres_verbose"
	IntervalStyleSQLStandard     = "sql_standard"
	IntervalStyleISO8601         = "iso_8601"
)

// intervalTM is interval2tm: the interval's fields, each carrying its own
// sign.
type intervalTM struct {
	year, mon, mday, hour, min, sec, fsec int64
}

func intervalFields(iv IntervalVal) intervalTM {
	us := iv.Micros
	tm := intervalTM{year: int64(iv.Months / 12), mon: int64(iv.Months % 12), mday: int64(iv.Days)}
	tm.hour = us / 3600e6
	us -= tm.hour * 3600e6
	tm.min = us / 60e6
	us -= tm.min * 60e6
	tm.sec = us / 1e6
	tm.fsec = us - tm.sec*1e6
	return tm
}

func absI(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// appendSeconds is AppendSeconds: |sec| (two digits when fill) and the
// fraction, trailing zeros dropped.
func appendSeconds(sec, fsec int64, fill bool) string {
	s := strconv.FormatInt(absI(sec), 10)
	if fill {
		s = fmt.Sprintf("%02d", absI(sec))
	}
	return s + fracString(absI(fsec))
}

// FormatIntervalStyle prints an interval as EncodeInterval does in the
// given IntervalStyle.
func FormatIntervalStyle(iv IntervalVal, style string) string {
	switch strings.ToLower(style) {
	case IntervalStylePostgresVerbose:
		return formatIntervalVerbose(intervalFields(iv))
	case IntervalStyleSQLStandard:
		return formatIntervalSQL(intervalFields(iv))
	case IntervalStyleISO8601:
		return formatIntervalISO(intervalFields(iv))
	}
	return FormatInterval(iv)
}

func formatIntervalISO(t intervalTM) string {
	if t == (intervalTM{}) {
		return "PT0S"
	}
	var b strings.Builder
	b.WriteByte('P')
	part := func(v int64, u byte) {
		if v != 0 {
			b.WriteString(strconv.FormatInt(v, 10))
			b.WriteByte(u)
		}
	}
	part(t.year, 'Y')
	part(t.mon, 'M')
	part(t.mday, 'D')
	if t.hour != 0 || t.min != 0 || t.sec != 0 || t.fsec != 0 {
		b.WriteByte('T')
	}
	part(t.hour, 'H')
	part(t.min, 'M')
	if t.sec != 0 || t.fsec != 0 {
		if t.sec < 0 || t.fsec < 0 {
			b.WriteByte('-')
		}
		b.WriteString(appendSeconds(t.sec, t.fsec, false))
		b.WriteByte('S')
	}
	return b.String()
}

func formatIntervalSQL(t intervalTM) string {
	neg := t.year < 0 || t.mon < 0 || t.mday < 0 || t.hour < 0 || t.min < 0 || t.sec < 0 || t.fsec < 0
	pos := t.year > 0 || t.mon > 0 || t.mday > 0 || t.hour > 0 || t.min > 0 || t.sec > 0 || t.fsec > 0
	hasYM := t.year != 0 || t.mon != 0
	hasDT := t.mday != 0 || t.hour != 0 || t.min != 0 || t.sec != 0 || t.fsec != 0
	standard := !(neg && pos) && !(hasYM && hasDT)
	prefix := ""
	if neg && standard {
		prefix = "-"
		t = intervalTM{-t.year, -t.mon, -t.mday, -t.hour, -t.min, -t.sec, -t.fsec}
	}
	switch {
	case !neg && !pos:
		return "0"
	case !standard:
		ys, ds, ss := '+', '+', '+'
		if t.year < 0 || t.mon < 0 {
			ys = '-'
		}
		if t.mday < 0 {
			ds = '-'
		}
		if t.hour < 0 || t.min < 0 || t.sec < 0 || t.fsec < 0 {
			ss = '-'
		}
		return fmt.Sprintf("%c%d-%d %c%d %c%d:%02d:%s", ys, absI(t.year), absI(t.mon), ds, absI(t.mday),
			ss, absI(t.hour), absI(t.min), appendSeconds(t.sec, t.fsec, true))
	case hasYM:
		return fmt.Sprintf("%s%d-%d", prefix, t.year, t.mon)
	case t.mday != 0:
		return fmt.Sprintf("%s%d %d:%02d:%s", prefix, t.mday, t.hour, t.min, appendSeconds(t.sec, t.fsec, true))
	}
	return fmt.Sprintf("%s%d:%02d:%s", prefix, t.hour, t.min, appendSeconds(t.sec, t.fsec, true))
}

func formatIntervalVerbose(t intervalTM) string {
	var b strings.Builder
	b.WriteByte('@')
	zero, before := true, false
	part := func(v int64, unit string) {
		if v == 0 {
			return
		}
		if zero {
			before = v < 0
			v = absI(v)
		} else if before {
			v = -v
		}
		s := "s"
		if v == 1 {
			s = ""
		}
		fmt.Fprintf(&b, " %d %s%s", v, unit, s)
		zero = false
	}
	part(t.year, "year")
	part(t.mon, "mon")
	part(t.mday, "day")
	part(t.hour, "hour")
	part(t.min, "min")
	if t.sec != 0 || t.fsec != 0 {
		b.WriteByte(' ')
		if t.sec < 0 || (t.sec == 0 && t.fsec < 0) {
			if zero {
				before = true
			} else if !before {
				b.WriteByte('-')
			}
		} else if before {
			b.WriteByte('-')
		}
		b.WriteString(appendSeconds(t.sec, t.fsec, false))
		s := "s"
		if absI(t.sec) == 1 && t.fsec == 0 {
			s = ""
		}
		b.WriteString(" sec" + s)
		zero = false
	}
	if zero {
		b.WriteString(" 0")
	}
	if before {
		b.WriteString(" ago")
	}
	return b.String()
}
