package types

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/tinybase/tinybase/internal/pgerror"
)

var intervalUnits = map[string]string{
	"microsecond": "us", "microseconds": "us", "us": "us", "usec": "us", "usecs": "us",
	"millisecond": "ms", "milliseconds": "ms", "ms": "ms", "msec": "ms", "msecs": "ms",
	"second": "s", "seconds": "s", "sec": "s", "secs": "s", "s": "s",
	"minute": "m", "minutes": "m", "min": "m", "mins": "m", "m": "m",
	"hour": "h", "hours": "h", "hr": "h", "hrs": "h", "h": "h",
	"day": "d", "days": "d", "d": "d",
	"week": "w", "weeks": "w", "w": "w",
	"month": "mon", "months": "mon", "mon": "mon", "mons": "mon",
	"year": "y", "years": "y", "yr": "y", "yrs": "y", "y": "y",
	"decade": "dec", "decades": "dec", "century": "c", "centuries": "c", "millennium": "mil", "millennia": "mil",
}

// ParseInterval parses interval input in PostgreSQL's verbose and
// "days hh:mm:ss" forms, plus ISO 8601 durations (P1Y2M3DT4H5M6S).
func ParseInterval(s string) (IntervalVal, error) {
	str := strings.TrimSpace(strings.ToLower(s))
	bad := pgerror.New(pgerror.InvalidDatetimeFormat, "invalid input syntax for type interval: %q", s)
	if str == "" {
		return IntervalVal{}, bad
	}
	if strings.HasPrefix(str, "p") {
		return parseISOInterval(str[1:], bad)
	}
	ago := false
	if strings.HasSuffix(str, " ago") {
		ago = true
		str = strings.TrimSpace(str[:len(str)-4])
	}
	str = strings.TrimPrefix(str, "@")
	toks := tokenizeInterval(str)
	var iv IntervalVal
	var fm, fd float64
	var fus float64
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if y, m, ok := yearMonth(tok); ok {
			fm += y*12 + m
			continue
		}
		if strings.Contains(tok, ":") {
			us, ok := parseClock(tok)
			if !ok {
				return IntervalVal{}, bad
			}
			iv.Micros += us
			continue
		}
		n, err := strconv.ParseFloat(tok, 64)
		if err != nil {
			return IntervalVal{}, bad
		}
		unit := "s"
		if i+1 < len(toks) {
			if u, ok := intervalUnits[toks[i+1]]; ok {
				unit = u
				i++
			} else if strings.Contains(toks[i+1], ":") {
				unit = "d" // "3 04:05:06": a bare number before a time counts days
			} else if _, err := strconv.ParseFloat(toks[i+1], 64); err != nil {
				return IntervalVal{}, bad
			}
		} else if i > 0 || len(toks) == 1 {
			unit = "s"
		}
		switch unit {
		case "us":
			fus += n
		case "ms":
			fus += n * 1e3
		case "s":
			fus += n * 1e6
		case "m":
			fus += n * 60e6
		case "h":
			fus += n * 3600e6
		case "d":
			fd += n
		case "w":
			fd += n * 7
		case "mon":
			fm += n
		case "y":
			fm += n * 12
		case "dec":
			fm += n * 120
		case "c":
			fm += n * 1200
		case "mil":
			fm += n * 12000
		}
	}
	// Fractional months and days spill into smaller units as PostgreSQL does.
	wm := math.Trunc(fm)
	fd += (fm - wm) * 30
	wd := math.Trunc(fd)
	fus += (fd - wd) * 86400e6
	if math.Abs(wm) > math.MaxInt32 || math.Abs(wd) > math.MaxInt32 || math.Abs(fus+float64(iv.Micros)) > math.MaxInt64 {
		return IntervalVal{}, pgerror.New(pgerror.DatetimeFieldOverflow, "interval out of range")
	}
	iv.Months += int32(wm)
	iv.Days += int32(wd)
	iv.Micros += int64(math.RoundToEven(fus))
	if ago {
		iv = IntervalVal{-iv.Months, -iv.Days, -iv.Micros}
	}
	return iv, nil
}

func tokenizeInterval(s string) []string {
	var toks []string
	cur := strings.Builder{}
	flush := func() {
		if cur.Len() > 0 {
			toks = append(toks, cur.String())
			cur.Reset()
		}
	}
	prevDigit := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r) || r == ',':
			flush()
			prevDigit = false
		case unicode.IsLetter(r):
			if prevDigit {
				flush()
			}
			cur.WriteRune(r)
			prevDigit = false
		default:
			if !prevDigit && cur.Len() > 0 && (r >= '0' && r <= '9' || r == '.' || r == '-' || r == '+') {
				flush()
			}
			cur.WriteRune(r)
			prevDigit = true
		}
	}
	flush()
	// a sign standing alone takes the next field, as ParseDateTime soaks
	// up the spaces after one ('1 month - 1 day' is 1 mon -1 days)
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		if (toks[i] == "-" || toks[i] == "+") && i+1 < len(toks) {
			toks[i+1] = toks[i] + toks[i+1]
			continue
		}
		out = append(out, toks[i])
	}
	return out
}

func parseClock(s string) (int64, bool) {
	neg := false
	if strings.HasPrefix(s, "-") {
		neg = true
		s = s[1:]
	} else if strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	p := strings.Split(s, ":")
	if len(p) < 2 || len(p) > 3 {
		return 0, false
	}
	h, err := strconv.ParseInt(p[0], 10, 64)
	if err != nil {
		return 0, false
	}
	m, err := strconv.ParseInt(p[1], 10, 64)
	if err != nil {
		return 0, false
	}
	var sec float64
	if len(p) == 3 {
		if sec, err = strconv.ParseFloat(p[2], 64); err != nil {
			return 0, false
		}
	}
	us := h*3600e6 + m*60e6 + int64(math.RoundToEven(sec*1e6))
	if neg {
		us = -us
	}
	return us, true
}

func parseISOInterval(s string, bad error) (IntervalVal, error) {
	// fractional fields spill into smaller units, as for the verbose form
	var fm, fd, fus float64
	inTime := false
	num := ""
	for _, r := range s {
		switch {
		case r == 't':
			inTime = true
		case r >= '0' && r <= '9' || r == '.' || r == '-':
			num += string(r)
		default:
			n, err := strconv.ParseFloat(num, 64)
			if err != nil {
				return IntervalVal{}, bad
			}
			num = ""
			switch {
			case r == 'y':
				fm += n * 12
			case r == 'm' && !inTime:
				fm += n
			case r == 'w':
				fd += n * 7
			case r == 'd':
				fd += n
			case r == 'h':
				fus += n * 3600e6
			case r == 'm':
				fus += n * 60e6
			case r == 's':
				fus += n * 1e6
			default:
				return IntervalVal{}, bad
			}
		}
	}
	if num != "" {
		return IntervalVal{}, bad
	}
	wm := math.Trunc(fm)
	fd += (fm - wm) * 30
	wd := math.Trunc(fd)
	fus += (fd - wd) * 86400e6
	return IntervalVal{Months: int32(wm), Days: int32(wd), Micros: int64(math.RoundToEven(fus))}, nil
}

// yearMonth reads the SQL-standard year-month literal "Y-M" ("1-2" is
// 1 year 2 months).
func yearMonth(tok string) (y, m float64, ok bool) {
	neg := strings.HasPrefix(tok, "-")
	t := strings.TrimLeft(tok, "+-")
	k := strings.IndexByte(t, '-')
	if k <= 0 || k == len(t)-1 {
		return 0, 0, false
	}
	yi, err1 := strconv.Atoi(t[:k])
	mi, err2 := strconv.Atoi(t[k+1:])
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	if neg {
		return float64(-yi), float64(-mi), true
	}
	return float64(yi), float64(mi), true
}
