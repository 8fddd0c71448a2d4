package types

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Date/time input after PostgreSQL's ParseDateTime/DecodeDateTime
// (src/backend/utils/adt/datetime.c, docs Appendix B): the string is split
// into fields (numbers, times, words, signed offsets) that are then
// interpreted by shape, with DateStyle MDY for ambiguous numeric dates.

// Infinite timestamps and dates are kept as sentinels just outside the
// finite range, so ordinary comparisons order them correctly.
var (
	InfinityTimestamp    = time.Date(294277, 1, 1, 0, 0, 0, 0, time.UTC)
	NegInfinityTimestamp = time.Date(-4713, 11, 23, 0, 0, 0, 0, time.UTC)
)

// minTimestamp is PostgreSQL's first finite timestamp (4714-11-24 BC,
// UTC); InfinityTimestamp is its END_TIMESTAMP, the first one past.
var minTimestamp = time.Date(-4713, 11, 24, 0, 0, 0, 0, time.UTC)

// TimestampInRange reports whether t is a finite timestamp PostgreSQL
// can hold (IS_VALID_TIMESTAMP).
func TimestampInRange(t time.Time) bool {
	return !t.Before(minTimestamp) && t.Before(InfinityTimestamp)
}

const (
	DateInfinity    DateVal = math.MaxInt32
	DateNegInfinity DateVal = math.MinInt32
)

// dtFields is the decoded content of a date/time string.
type dtFields struct {
	y, mo, d    int
	yLen        int // digits the year was written with (2-digit years are adjusted)
	hasY, hasMo bool
	hasD        bool
	h, mi, sec  int
	us          int64
	hasTime     bool
	ampm        int       // 0 none, 1 AM, 2 PM
	order       DateOrder // DateStyle's field order for m/d/y-shaped dates
	bc          bool
	loc         *time.Location // explicit zone, if any
	special     string         // epoch, infinity, -infinity, now, today, ...
}

var monthNames = map[string]int{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
	"may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
	"september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

var dayNames = map[string]bool{
	"sun": true, "sunday": true, "mon": true, "monday": true, "tue": true, "tues": true, "tuesday": true,
	"wed": true, "wednesday": true, "thu": true, "thur": true, "thurs": true, "thursday": true,
	"fri": true, "friday": true, "sat": true, "saturday": true,
}

// zoneAbbrevs are the common entries of PostgreSQL's Default timezone
// abbreviation set, as offsets east of UTC in seconds.
var zoneAbbrevs = map[string]int{
	"utc": 0, "gmt": 0, "ut": 0, "z": 0, "zulu": 0, "wet": 0,
	"est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600,
	"mst": -7 * 3600, "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600,
	"akst": -9 * 3600, "akdt": -8 * 3600, "hst": -10 * 3600,
	"cet": 3600, "cest": 2 * 3600, "met": 3600, "mest": 2 * 3600, "eet": 2 * 3600, "eest": 3 * 3600,
	"west": 3600, "bst": 3600, "msk": 3 * 3600, "jst": 9 * 3600, "kst": 9 * 3600,
	"aest": 10 * 3600, "aedt": 11 * 3600, "nzst": 12 * 3600, "nzdt": 13 * 3600,
}

// dtTypeName is how PostgreSQL names a date/time type in input errors.
func dtTypeName(t *Type) string {
	switch t.Base().Kind {
	case KindTimestamp:
		return "timestamp"
	case KindTime:
		return "time"
	}
	return t.Base().SQLName
}

func dtBadFormat(t *Type, s string) error {
	return pgerror.New(pgerror.InvalidDatetimeFormat, "invalid input syntax for type %s: %q", dtTypeName(t), s)
}

func dtOverflow(s string) error {
	return pgerror.New(pgerror.DatetimeFieldOverflow, "date/time field value out of range: %q", s)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// parseDateTime decodes s into fields; t names the type for errors.
func parseDateTime(t *Type, s string, order DateOrder) (*dtFields, error) {
	f := &dtFields{order: order}
	bad := func() (*dtFields, error) { return nil, dtBadFormat(t, s) }
	var pending []string // bare numbers awaiting interpretation
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == ',':
			i++
		case isDigit(c):
			j := i
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			switch {
			case j < len(s) && s[j] == ':':
				for j < len(s) && (isDigit(s[j]) || s[j] == ':' || s[j] == '.') {
					j++
				}
				if f.hasTime {
					return bad()
				}
				if err := f.decodeTime(t, s[i:j], s); err != nil {
					return nil, err
				}
			case j < len(s) && (s[j] == '-' || s[j] == '/' || s[j] == '.') && j+1 < len(s) && (isDigit(s[j+1]) || isAlpha(s[j+1])):
				// letters belong to the date only as a whole part (a month
				// name), so the ISO 'T' in 2024-01-01T10:00 ends it
				for j < len(s) && (isDigit(s[j]) || s[j] == '-' || s[j] == '/' || s[j] == '.' ||
					isAlpha(s[j]) && !isDigit(s[j-1])) {
					j++
				}
				tok := s[i:j]
				if strings.Count(tok, ".") == 1 && !strings.ContainsAny(tok, "-/") {
					// seconds with a fraction after a time, or a Julian-style date: not supported
					return bad()
				}
				if f.hasY || f.hasMo || f.hasD {
					return bad()
				}
				if err := f.decodeDate(tok); err != nil {
					if err == errDTBad {
						return bad()
					}
					return nil, dtOverflow(s)
				}
			default:
				pending = append(pending, s[i:j])
			}
			i = j
		case (c == '+' || c == '-') && i+1 < len(s) && isDigit(s[i+1]):
			j := i + 1
			for j < len(s) && (isDigit(s[j]) || s[j] == ':') {
				j++
			}
			if !f.hasTime && !f.hasD {
				return bad()
			}
			off, ok := parseOffset(s[i+1 : j])
			if !ok || f.loc != nil {
				return bad()
			}
			if c == '-' {
				off = -off
			}
			f.loc = time.FixedZone("", off)
			i = j
		case isAlpha(c) || c == '-' || c == '+':
			j := i + 1
			for j < len(s) && (isAlpha(s[j]) || s[j] == '/' || s[j] == '_' || (s[j] == '-' || s[j] == '+' || isDigit(s[j])) && strings.Contains(s[i:j], "/")) {
				j++
			}
			word := s[i:j]
			lw := strings.ToLower(word)
			i = j
			// 'T' between an ISO date and time
			if lw == "t" && i < len(s) && isDigit(s[i]) {
				continue
			}
			if m, ok := monthNames[lw]; ok {
				if f.hasMo {
					return bad()
				}
				f.mo, f.hasMo = m, true
				continue
			}
			if dayNames[lw] {
				continue
			}
			switch lw {
			case "am", "a.m.":
				f.ampm = 1
				continue
			case "pm", "p.m.":
				f.ampm = 2
				continue
			case "bc":
				f.bc = true
				continue
			case "ad":
				continue
			case "epoch", "infinity", "-infinity", "+infinity", "now", "today", "tomorrow", "yesterday", "allballs":
				if f.special != "" {
					return bad()
				}
				f.special = strings.TrimPrefix(lw, "+")
				continue
			}
			if off, ok := zoneAbbrevs[lw]; ok && f.loc == nil {
				if off == 0 {
					f.loc = time.UTC
				} else {
					f.loc = time.FixedZone(strings.ToUpper(lw), off)
				}
				continue
			}
			if strings.Contains(word, "/") && f.loc == nil {
				word, _ = CanonicalZoneName(word)
				if l, err := time.LoadLocation(word); err == nil {
					f.loc = l
					continue
				}
				return nil, pgerror.New(pgerror.InvalidParameterValue, "time zone %q not recognized", word)
			}
			return bad()
		default:
			return bad()
		}
	}
	if err := f.placeNumbers(pending); err != nil {
		if err == errDTBad {
			return bad()
		}
		return nil, dtOverflow(s)
	}
	if f.special != "" {
		if f.hasY || f.hasMo || f.hasD || (f.hasTime && f.special != "today" && f.special != "tomorrow" && f.special != "yesterday") {
			if f.special != "allballs" {
				return bad()
			}
		}
		return f, nil
	}
	if f.ampm != 0 {
		if !f.hasTime || f.h > 12 || f.h == 0 && f.ampm == 2 {
			return nil, dtOverflow(s)
		}
		if f.ampm == 1 && f.h == 12 {
			f.h = 0
		} else if f.ampm == 2 && f.h != 12 {
			f.h += 12
		}
	}
	if f.hasY && f.yLen <= 2 && !f.bc {
		// two-digit years: 70..99 → 19xx, otherwise 20xx
		if f.y < 70 {
			f.y += 2000
		} else {
			f.y += 1900
		}
	}
	if f.bc {
		if !f.hasY || f.y <= 0 {
			return bad()
		}
		f.y = 1 - f.y
	}
	if f.hasMo && (f.mo < 1 || f.mo > 12) || f.hasD && f.hasMo && f.hasY && (f.d < 1 || f.d > daysIn(f.y, f.mo)) {
		return nil, dtOverflow(s)
	}
	return f, nil
}

type dtErr string

func (e dtErr) Error() string { return string(e) }

const (
	errDTBad      dtErr = "bad"
	errDTOverflow dtErr = "overflow"
)

func daysIn(y, m int) int { return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day() }

// decodeTime reads hh:mm[:ss[.frac]].
func (f *dtFields) decodeTime(t *Type, tok, s string) error {
	parts := strings.Split(tok, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return errDTBad
	}
	h, err1 := strconv.Atoi(parts[0])
	frac := ""
	minStr := parts[1]
	secStr := ""
	if len(parts) == 3 {
		secStr = parts[2]
	} else if strings.IndexByte(minStr, '.') >= 0 {
		// "mm:ss.frac", as PostgreSQL reads a two-field time with a fraction
		h, secStr, minStr = 0, minStr, parts[0]
	}
	mi, err2 := strconv.Atoi(minStr)
	sec := 0
	var err3 error
	if secStr != "" {
		if k := strings.IndexByte(secStr, '.'); k >= 0 {
			frac = secStr[k:]
			secStr = secStr[:k]
		}
		sec, err3 = strconv.Atoi(secStr)
	}
	if err1 != nil || err2 != nil || err3 != nil {
		return dtBadFormat(t, s)
	}
	var us int64
	if frac != "" {
		fv, err := strconv.ParseFloat("0"+frac, 64)
		if err != nil {
			return dtBadFormat(t, s)
		}
		us = int64(math.RoundToEven(fv * 1e6))
	}
	if h < 0 || mi < 0 || mi > 59 || sec < 0 || sec > 60 || h > 24 || h == 24 && (mi != 0 || sec != 0 || us != 0) {
		return dtOverflow(s)
	}
	f.h, f.mi, f.sec, f.us, f.hasTime = h, mi, sec, us, true
	return nil
}

// decodeDate reads a delimited date: y-m-d, m/d/y, d-mon-y, y-mon-d.
func (f *dtFields) decodeDate(tok string) error {
	sep := "-"
	if strings.Contains(tok, "/") {
		sep = "/"
	} else if !strings.Contains(tok, "-") {
		sep = "."
	}
	parts := strings.Split(tok, sep)
	if len(parts) != 3 {
		return errDTBad
	}
	var nums []string
	for _, p := range parts {
		if p == "" {
			return errDTBad
		}
		if m, ok := monthNames[strings.ToLower(p)]; ok && !isDigit(p[0]) {
			if f.hasMo {
				return errDTBad
			}
			f.mo, f.hasMo = m, true
			continue
		}
		for k := 0; k < len(p); k++ {
			if !isDigit(p[k]) {
				return errDTBad
			}
		}
		nums = append(nums, p)
	}
	if f.hasMo {
		// y-mon-d or d-mon-y
		if len(nums) != 2 {
			return errDTBad
		}
		if len(nums[0]) >= 3 {
			f.setY(nums[0])
			f.d, f.hasD = atoi(nums[1]), true
		} else {
			f.d, f.hasD = atoi(nums[0]), true
			f.setY(nums[1])
		}
		return nil
	}
	if len(parts[0]) >= 3 {
		f.setY(parts[0])
		f.mo, f.hasMo = atoi(parts[1]), true
		f.d, f.hasD = atoi(parts[2]), true
	} else {
		switch f.order {
		case OrderDMY:
			f.d, f.hasD = atoi(parts[0]), true
			f.mo, f.hasMo = atoi(parts[1]), true
			f.setY(parts[2])
		case OrderYMD:
			f.setY(parts[0])
			f.mo, f.hasMo = atoi(parts[1]), true
			f.d, f.hasD = atoi(parts[2]), true
		default:
			f.mo, f.hasMo = atoi(parts[0]), true
			f.d, f.hasD = atoi(parts[1]), true
			f.setY(parts[2])
		}
	}
	if f.mo < 1 || f.mo > 12 || f.d < 1 || f.d > 31 {
		return errDTOverflow
	}
	return nil
}

func (f *dtFields) setY(s string) {
	f.y, f.yLen, f.hasY = atoi(s), len(s), true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// placeNumbers assigns bare numbers: a run of 8 (yyyymmdd) or 6 (yymmdd)
// digits is a date; otherwise numbers fill day then year around a month
// name, or hhmmss after a date.
func (f *dtFields) placeNumbers(nums []string) error {
	for _, n := range nums {
		switch {
		case !f.hasY && !f.hasMo && !f.hasD && (len(n) == 8 || len(n) == 6):
			if len(n) == 8 {
				f.setY(n[:4])
				n = n[4:]
			} else {
				f.setY(n[:2])
				n = n[2:]
			}
			f.mo, f.hasMo = atoi(n[:2]), true
			f.d, f.hasD = atoi(n[2:]), true
			if f.mo < 1 || f.mo > 12 || f.d < 1 || f.d > 31 {
				return errDTOverflow
			}
		case f.hasMo && !f.hasD && len(n) <= 2:
			f.d, f.hasD = atoi(n), true
		case !f.hasMo && !f.hasD && !f.hasY && len(n) <= 2:
			// "8 January 2024": day before the month name
			f.d, f.hasD = atoi(n), true
		case !f.hasY:
			f.setY(n)
		default:
			return errDTBad
		}
	}
	if f.hasD && (f.d < 1 || f.d > 31) {
		return errDTOverflow
	}
	return nil
}

// hasDate reports whether a complete date was given.
func (f *dtFields) hasDate() bool { return f.hasY && f.hasMo && f.hasD }

func (f *dtFields) clock() time.Duration {
	return time.Duration(f.h)*time.Hour + time.Duration(f.mi)*time.Minute + time.Duration(f.sec)*time.Second + time.Duration(f.us)*time.Microsecond
}

// ParseTimestamp parses timestamp input. withZone selects timestamptz
// semantics: a value without an explicit zone is read in loc.
func ParseTimestamp(t *Type, s string, withZone bool, order DateOrder, loc *time.Location, now time.Time) (time.Time, error) {
	if loc == nil {
		loc = time.UTC
	}
	f, err := parseDateTime(t, strings.TrimSpace(s), order)
	if err != nil {
		return time.Time{}, err
	}
	zone := loc
	if f.loc != nil {
		zone = f.loc
	}
	switch f.special {
	case "now":
		return now.UTC().Truncate(time.Microsecond), nil
	case "today", "yesterday", "tomorrow":
		d := now.In(zone)
		days := map[string]int{"today": 0, "yesterday": -1, "tomorrow": 1}[f.special]
		base := time.Date(d.Year(), d.Month(), d.Day()+days, 0, 0, 0, 0, time.UTC).Add(f.clock())
		if !withZone {
			return base, nil
		}
		return DateIn(base.Year(), base.Month(), base.Day(), base.Hour(), base.Minute(), base.Second(), base.Nanosecond(), zone).UTC(), nil
	case "epoch":
		return time.Unix(0, 0).UTC(), nil
	case "infinity":
		return InfinityTimestamp, nil
	case "-infinity":
		return NegInfinityTimestamp, nil
	case "allballs":
		return time.Time{}, dtBadFormat(t, s)
	}
	if !f.hasDate() {
		return time.Time{}, dtBadFormat(t, s)
	}
	v := time.Date(f.y, time.Month(f.mo), f.d, 0, 0, 0, 0, time.UTC).Add(f.clock())
	if withZone {
		v = DateIn(v.Year(), v.Month(), v.Day(), v.Hour(), v.Minute(), v.Second(), v.Nanosecond(), zone).UTC()
	}
	if !TimestampInRange(v) {
		return time.Time{}, pgerror.New(pgerror.DatetimeFieldOverflow, "timestamp out of range: %q", s)
	}
	return v, nil
}

// ParseDate parses date input; a time or zone part is ignored.
func ParseDate(s string, order DateOrder, now time.Time) (DateVal, error) {
	f, err := parseDateTime(Date, strings.TrimSpace(s), order)
	if err != nil {
		return 0, err
	}
	switch f.special {
	case "infinity":
		return DateInfinity, nil
	case "-infinity":
		return DateNegInfinity, nil
	case "epoch":
		return 0, nil
	case "today", "yesterday", "tomorrow":
		days := map[string]int{"today": 0, "yesterday": -1, "tomorrow": 1}[f.special]
		n := now.UTC()
		return DateOf(time.Date(n.Year(), n.Month(), n.Day()+days, 0, 0, 0, 0, time.UTC)), nil
	case "":
	default:
		return 0, dtBadFormat(Date, s)
	}
	if !f.hasDate() {
		return 0, dtBadFormat(Date, s)
	}
	d := DateOf(time.Date(f.y, time.Month(f.mo), f.d, 0, 0, 0, 0, time.UTC))
	if f.y < -4713 || f.y > 5874897 {
		return 0, pgerror.New(pgerror.DatetimeFieldOverflow, "date out of range: %q", s)
	}
	return d, nil
}

// ParseTime parses a time of day; a date or zone part is ignored.
func ParseTime(s string) (TimeOfDay, error) {
	f, err := parseDateTime(Time, strings.TrimSpace(s), OrderMDY)
	if err != nil {
		return 0, err
	}
	switch f.special {
	case "allballs":
		return 0, nil
	case "":
	default:
		return 0, dtBadFormat(Time, s)
	}
	if !f.hasTime || (f.hasY || f.hasMo || f.hasD) && !f.hasDate() {
		return 0, dtBadFormat(Time, s)
	}
	return TimeOfDay(f.clock().Microseconds()), nil
}
