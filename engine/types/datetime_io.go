package types

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine/pgerror"
)

func badInput(t *Type, s string) *pgerror.Error {
	return pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type %s: %q", t.SQLName, s)
}

func badDatetime(t *Type, s string) *pgerror.Error {
	return pgerror.New(pgerror.InvalidDatetimeFormat, "invalid input syntax for type %s: %q", t.SQLName, s)
}

// FormatDate prints a date as ISO (DateStyle ISO, MDY).
func FormatDate(d DateVal) string {
	t := d.Time()
	y := t.Year()
	if y <= 0 {
		return fmt.Sprintf("%04d-%02d-%02d BC", 1-y, t.Month(), t.Day())
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, t.Month(), t.Day())
}

func fracString(micros int64) string {
	if micros == 0 {
		return ""
	}
	s := fmt.Sprintf(".%06d", micros)
	return strings.TrimRight(s, "0")
}

// FormatTimestamp prints a timestamp without time zone.
func FormatTimestamp(t time.Time) string {
	t = t.UTC()
	s := fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d%s", t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), fracString(int64(t.Nanosecond()/1000)))
	if t.Year() <= 0 {
		s = fmt.Sprintf("%04d", 1-t.Year()) + s[strings.Index(s, "-"):] + " BC"
	}
	return s
}

// FormatTimestamptz prints a timestamptz in zone loc, as "... +00" offsets.
func FormatTimestamptz(t time.Time, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	lt := t.In(loc)
	_, off := lt.Zone()
	base := fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d%s", lt.Year(), lt.Month(), lt.Day(), lt.Hour(), lt.Minute(), lt.Second(), fracString(int64(lt.Nanosecond()/1000)))
	return base + formatOffset(off)
}

func formatOffset(off int) string {
	sign := "+"
	if off < 0 {
		sign = "-"
		off = -off
	}
	h, m, s := off/3600, off%3600/60, off%60
	out := fmt.Sprintf("%s%02d", sign, h)
	if m != 0 || s != 0 {
		out += fmt.Sprintf(":%02d", m)
	}
	if s != 0 {
		out += fmt.Sprintf(":%02d", s)
	}
	return out
}

// FormatTime prints a time of day.
func FormatTime(t TimeOfDay) string {
	us := int64(t)
	h := us / 3600e6
	m := us / 60e6 % 60
	s := us / 1e6 % 60
	return fmt.Sprintf("%02d:%02d:%02d%s", h, m, s, fracString(us%1e6))
}

// FormatInterval prints an interval in IntervalStyle postgres.
func FormatInterval(iv IntervalVal) string {
	var parts []string
	negSeen := false
	add := func(n int64, unit string) {
		if n == 0 {
			return
		}
		s := strconv.FormatInt(n, 10)
		if n > 0 && negSeen {
			s = "+" + s
		}
		if n < 0 {
			negSeen = true
		}
		if n != 1 && n != -1 {
			unit += "s"
		}
		parts = append(parts, s+" "+unit)
	}
	add(int64(iv.Months/12), "year")
	m := int64(iv.Months % 12)
	if m != 0 {
		s := strconv.FormatInt(m, 10)
		if m > 0 && negSeen {
			s = "+" + s
		}
		if m < 0 {
			negSeen = true
		}
		unit := "mons"
		if m == 1 || m == -1 {
			unit = "mon"
		}
		parts = append(parts, s+" "+unit)
	}
	add(int64(iv.Days), "day")
	if iv.Micros != 0 || len(parts) == 0 {
		us := iv.Micros
		sign := ""
		if us < 0 {
			sign = "-"
			us = -us
		} else if negSeen {
			sign = "+"
		}
		parts = append(parts, fmt.Sprintf("%s%02d:%02d:%02d%s", sign, us/3600e6, us/60e6%60, us/1e6%60, fracString(us%1e6)))
	}
	return strings.Join(parts, " ")
}

var tsLayouts = []string{
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
	"01/02/2006 15:04:05.999999999",
	"01/02/2006",
	"January 2, 2006",
	"Jan 2, 2006",
	"2006-01-02 15:04:05.999999999 MST",
	"Mon, 02 Jan 2006 15:04:05",
}

// splitZone separates a trailing zone designator (Z, +hh, +hh:mm, -hhmm, UTC, or a name) from s.
func splitZone(s string) (rest string, loc *time.Location, ok bool) {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "Z") || strings.HasSuffix(s, "z") {
		return strings.TrimSpace(s[:len(s)-1]), time.UTC, true
	}
	up := strings.ToUpper(s)
	for _, z := range []string{" UTC", " GMT", "+00"} {
		if strings.HasSuffix(up, z) && z != "+00" {
			return strings.TrimSpace(s[:len(s)-len(z)]), time.UTC, true
		}
	}
	// numeric offset after the time part
	for i := len(s) - 1; i >= 10; i-- {
		c := s[i]
		if c == '+' || c == '-' {
			off := s[i+1:]
			if off == "" || strings.ContainsAny(off, " ") {
				return s, nil, false
			}
			if secs, ok := parseOffset(off); ok {
				if c == '-' {
					secs = -secs
				}
				return strings.TrimSpace(s[:i]), time.FixedZone("", secs), true
			}
			return s, nil, false
		}
		if c == ' ' {
			name := s[i+1:]
			if l, err := time.LoadLocation(name); err == nil && !strings.ContainsAny(name, "0123456789:") {
				return strings.TrimSpace(s[:i]), l, true
			}
			return s, nil, false
		}
		if c == ':' || c == '.' || (c >= '0' && c <= '9') {
			continue
		}
		break
	}
	return s, nil, false
}

func parseOffset(s string) (int, bool) {
	var h, m, sec int
	var err error
	switch {
	case strings.Contains(s, ":"):
		p := strings.Split(s, ":")
		if h, err = strconv.Atoi(p[0]); err != nil {
			return 0, false
		}
		if m, err = strconv.Atoi(p[1]); err != nil {
			return 0, false
		}
		if len(p) > 2 {
			if sec, err = strconv.Atoi(p[2]); err != nil {
				return 0, false
			}
		}
	case len(s) <= 2:
		if h, err = strconv.Atoi(s); err != nil {
			return 0, false
		}
	case len(s) == 4:
		if h, err = strconv.Atoi(s[:2]); err != nil {
			return 0, false
		}
		if m, err = strconv.Atoi(s[2:]); err != nil {
			return 0, false
		}
	default:
		return 0, false
	}
	if h > 15 || m > 59 {
		return 0, false
	}
	return h*3600 + m*60 + sec, true
}

// ParseTimestamp parses timestamp input. withZone selects timestamptz
// semantics: a value without an explicit zone is read in loc.
func ParseTimestamp(t *Type, s string, withZone bool, loc *time.Location, now time.Time) (time.Time, error) {
	if loc == nil {
		loc = time.UTC
	}
	str := strings.TrimSpace(s)
	switch strings.ToLower(str) {
	case "now":
		return now.UTC().Truncate(time.Microsecond), nil
	case "today", "yesterday", "tomorrow":
		d := now.In(loc)
		base := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc)
		switch strings.ToLower(str) {
		case "yesterday":
			base = base.AddDate(0, 0, -1)
		case "tomorrow":
			base = base.AddDate(0, 0, 1)
		}
		if !withZone {
			return time.Date(base.Year(), base.Month(), base.Day(), 0, 0, 0, 0, time.UTC), nil
		}
		return base.UTC(), nil
	case "epoch":
		return time.Unix(0, 0).UTC(), nil
	case "infinity":
		return time.Date(294277, 1, 1, 0, 0, 0, 0, time.UTC), nil
	case "-infinity":
		return time.Date(-4713, 11, 24, 0, 0, 0, 0, time.UTC), nil
	}
	bc := false
	if strings.HasSuffix(strings.ToUpper(str), " BC") {
		bc = true
		str = strings.TrimSpace(str[:len(str)-3])
	}
	rest, zl, hasZone := splitZone(str)
	if !hasZone {
		rest = str
	}
	for _, layout := range tsLayouts {
		v, err := time.ParseInLocation(layout, rest, time.UTC)
		if err != nil {
			continue
		}
		if bc {
			v = v.AddDate(1-2*v.Year(), 0, 0)
		}
		if !withZone {
			return v.Truncate(time.Microsecond), nil
		}
		if !hasZone {
			zl = loc
		}
		lv := time.Date(v.Year(), v.Month(), v.Day(), v.Hour(), v.Minute(), v.Second(), v.Nanosecond(), zl)
		return lv.UTC().Round(time.Microsecond), nil
	}
	if hasField(str) {
		return time.Time{}, pgerror.New(pgerror.DatetimeFieldOverflow, "date/time field value out of range: %q", s)
	}
	return time.Time{}, badDatetime(t, s)
}

// hasField reports whether s looks like a well-formed date whose fields are out of range.
func hasField(s string) bool {
	if len(s) < 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ParseDate parses date input.
func ParseDate(s string, now time.Time) (DateVal, error) {
	v, err := ParseTimestamp(Date, s, false, time.UTC, now)
	if err != nil {
		if pe, ok := err.(*pgerror.Error); ok && pe.Code == pgerror.InvalidDatetimeFormat {
			pe.Message = fmt.Sprintf("invalid input syntax for type date: %q", s)
		}
		return 0, err
	}
	return DateOf(v), nil
}

// ParseTime parses a time of day.
func ParseTime(s string) (TimeOfDay, error) {
	str := strings.TrimSpace(s)
	if strings.EqualFold(str, "allballs") {
		return 0, nil
	}
	for _, layout := range []string{"15:04:05.999999999", "15:04", "15:04:05.999999999 PM", "3:04 PM", "3:04:05 PM"} {
		if v, err := time.Parse(layout, str); err == nil {
			return TimeOfDay(int64(v.Hour())*3600e6 + int64(v.Minute())*60e6 + int64(v.Second())*1e6 + int64(v.Nanosecond()+500)/1000), nil
		}
	}
	if str == "24:00:00" || str == "24:00" {
		return TimeOfDay(24 * 3600e6), nil
	}
	return 0, badDatetime(Time, s)
}
