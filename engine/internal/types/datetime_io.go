package types

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

func badInput(t *Type, s string) *pgerror.Error {
	return pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type %s: %q", t.SQLName, s)
}

func badDatetime(t *Type, s string) *pgerror.Error {
	return pgerror.New(pgerror.InvalidDatetimeFormat, "invalid input syntax for type %s: %q", t.SQLName, s)
}

// FormatDate prints a date as ISO (DateStyle ISO, MDY).
func FormatDate(d DateVal) string {
	switch d {
	case DateInfinity:
		return "infinity"
	case DateNegInfinity:
		return "-infinity"
	}
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
	if s, ok := infiniteTimestamp(t); ok {
		return s
	}
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
	if s, ok := infiniteTimestamp(t); ok {
		return s
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

// FormatInterval prints an interval in IntervalStyle postgres, as
// EncodeInterval does: a field after a negative one carries an explicit
// "+", and every count but 1 takes a plural unit.
func FormatInterval(iv IntervalVal) string {
	var parts []string
	before, zero := false, true
	add := func(n int64, unit string) {
		if n == 0 {
			return
		}
		s := strconv.FormatInt(n, 10)
		if !zero && before && n > 0 {
			s = "+" + s
		}
		if n != 1 {
			unit += "s"
		}
		parts = append(parts, s+" "+unit)
		before, zero = n < 0, false
	}
	add(int64(iv.Months/12), "year")
	add(int64(iv.Months%12), "mon")
	add(int64(iv.Days), "day")
	if iv.Micros != 0 || zero {
		us := iv.Micros
		sign := ""
		if us < 0 {
			sign = "-"
			us = -us
		} else if before {
			sign = "+"
		}
		parts = append(parts, fmt.Sprintf("%s%02d:%02d:%02d%s", sign, us/3600e6, us/60e6%60, us/1e6%60, fracString(us%1e6)))
	}
	return strings.Join(parts, " ")
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

// infiniteTimestamp spells the infinity sentinels.
func infiniteTimestamp(t time.Time) (string, bool) {
	switch {
	case !t.Before(InfinityTimestamp):
		return "infinity", true
	case !t.After(NegInfinityTimestamp):
		return "-infinity", true
	}
	return "", false
}
