package expr

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// to_char over timestamps, dates and intervals: formatting.c's
// DCH_to_char over a pattern of keywords (docs table 9.26), each with
// optional FM / TM prefixes and TH / th / SP suffixes, double-quoted
// literal text and backslash-quoted characters. The C locale's month and
// day names are used, as a Supabase database has.

// dchTM is the broken-down value to_char formats (struct pg_tm plus the
// zone), from a timestamp or an interval.
type dchTM struct {
	year, mon, mday, hour, min, sec int64
	usec                            int64
	yday, wday                      int64
	gmtoff                          int
	tzn                             string // zone abbreviation; empty for timestamp and date
	interval                        bool
	isoYear, isoWeek                int
	julian                          int64
}

func dchFromTime(t time.Time, zoned bool) dchTM {
	tm := dchTM{year: int64(t.Year()), mon: int64(t.Month()), mday: int64(t.Day()),
		hour: int64(t.Hour()), min: int64(t.Minute()), sec: int64(t.Second()),
		usec: int64(t.Nanosecond() / 1000), yday: int64(t.YearDay()), wday: int64(t.Weekday())}
	if zoned {
		tm.tzn, tm.gmtoff = t.Zone()
	}
	iy, iw := t.ISOWeek()
	tm.isoYear, tm.isoWeek = iy, iw
	tm.julian = julianDay(t)
	return tm
}

// julianDay is date2j: days since 24 November 4714 BC.
func julianDay(t time.Time) int64 {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return floorDiv(d.Unix(), 86400) + 2440588
}

func dchFromInterval(iv types.IntervalVal) dchTM {
	tm := dchTM{interval: true}
	tm.year, tm.mon = int64(iv.Months/12), int64(iv.Months%12)
	tm.mday = int64(iv.Days)
	us := iv.Micros
	tm.hour = us / 3600e6
	us -= tm.hour * 3600e6
	tm.min = us / 60e6
	us -= tm.min * 60e6
	tm.sec = us / 1e6
	tm.usec = us - tm.sec*1e6
	// yday approximates the total span in days (interval_to_char)
	tm.yday = (tm.year*12+tm.mon)*30 + tm.mday
	d := time.Date(int(tm.year), time.Month(tm.mon), int(tm.mday), 0, 0, 0, 0, time.UTC)
	tm.isoYear, tm.isoWeek = d.ISOWeek()
	tm.julian = julianDay(d)
	tm.wday = int64(d.Weekday())
	return tm
}

// dchKeywords in formatting.c's matching order: the first keyword that
// is a prefix of the remaining pattern wins.
var dchKeywords = []string{
	"A.D.", "A.M.", "AD", "AM", "B.C.", "BC", "CC", "DAY", "DDD", "DD", "DY", "Day", "Dy", "D",
	"FF1", "FF2", "FF3", "FF4", "FF5", "FF6", "FX", "HH24", "HH12", "HH", "IDDD", "ID", "IW",
	"IYYY", "IYY", "IY", "I", "J", "MI", "MM", "MONTH", "MON", "MS", "Month", "Mon", "OF",
	"P.M.", "PM", "Q", "RM", "SSSSS", "SSSS", "SS", "TZH", "TZM", "TZ", "US", "WW", "W",
	"Y,YYY", "YYYY", "YYY", "YY", "Y",
	"a.d.", "a.m.", "ad", "am", "b.c.", "bc", "cc", "day", "ddd", "dd", "dy", "d",
	"ff1", "ff2", "ff3", "ff4", "ff5", "ff6", "fx", "hh24", "hh12", "hh", "iddd", "id", "iw",
	"iyyy", "iyy", "iy", "i", "j", "mi", "mm", "month", "mon", "ms", "of",
	"p.m.", "pm", "q", "rm", "sssss", "ssss", "ss", "tzh", "tzm", "tz", "us", "ww", "w",
	"y,yyy", "yyyy", "yyy", "yy", "y",
}

// dchTextKeys are the keywords whose output is text (no TH suffix).
var dchTextKeys = map[string]bool{
	"A.D.": true, "A.M.": true, "AD": true, "AM": true, "B.C.": true, "BC": true, "DAY": true, "DY": true,
	"Day": true, "Dy": true, "FX": true, "MONTH": true, "MON": true, "Month": true, "Mon": true,
	"OF": true, "P.M.": true, "PM": true, "RM": true, "TZH": true, "TZM": true, "TZ": true,
	"a.d.": true, "a.m.": true, "ad": true, "am": true, "b.c.": true, "bc": true, "day": true, "dy": true,
	"fx": true, "month": true, "mon": true, "of": true, "p.m.": true, "pm": true, "rm": true, "tz": true,
	"tzh": true, "tzm": true,
}

// dchNotForInterval are the keywords INVALID_FOR_INTERVAL rejects.
var dchNotForInterval = map[string]bool{
	"A.D.": true, "AD": true, "B.C.": true, "BC": true, "a.d.": true, "ad": true, "b.c.": true, "bc": true,
	"DAY": true, "Day": true, "day": true, "DY": true, "Dy": true, "dy": true,
	"MONTH": true, "Month": true, "month": true, "MON": true, "Mon": true, "mon": true,
	"D": true, "d": true, "ID": true, "id": true, "TZ": true, "tz": true, "OF": true, "of": true,
	"TZH": true, "tzh": true, "TZM": true, "tzm": true,
}

var romanMonths = []string{"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"}

// dchToChar formats tm by pattern f.
func dchToChar(tm dchTM, f string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(f); {
		// one prefix: FM or TM (a second one is pattern text)
		fm, tmode := false, false
		switch {
		case strings.HasPrefix(f[i:], "FM") || strings.HasPrefix(f[i:], "fm"):
			fm = true
			i += 2
		case strings.HasPrefix(f[i:], "TM") || strings.HasPrefix(f[i:], "tm"):
			tmode = true
			i += 2
		}
		if i >= len(f) {
			break
		}
		kw := ""
		for _, k := range dchKeywords {
			if strings.HasPrefix(f[i:], k) {
				kw = k
				break
			}
		}
		if kw == "" {
			switch {
			case f[i] == '"':
				for i++; i < len(f) && f[i] != '"'; {
					if f[i] == '\\' && i+1 < len(f) {
						i++
					}
					n := runeLen(f[i:])
					b.WriteString(f[i : i+n])
					i += n
				}
				i++
			case f[i] == '\\' && i+1 < len(f) && f[i+1] == '"':
				b.WriteByte('"')
				i += 2
			default:
				n := runeLen(f[i:])
				b.WriteString(f[i : i+n])
				i += n
			}
			continue
		}
		i += len(kw)
		th := ""
		if !dchTextKeys[kw] && i+2 <= len(f) && (f[i:i+2] == "TH" || f[i:i+2] == "th") {
			th = f[i : i+2]
			i += 2
		}
		if i+2 <= len(f) && f[i:i+2] == "SP" {
			i += 2 // spell mode is accepted and ignored, as in PostgreSQL
		}
		if tm.interval && dchNotForInterval[kw] {
			return "", pgerror.New(pgerror.InvalidDatetimeFormat, "invalid format specification for an interval value").
				WithHint("Intervals are not tied to specific calendar dates.")
		}
		s, ok := dchField(tm, kw, fm, tmode)
		if ok && th != "" && s != "" {
			s += ordinalOf(s, th == "TH")
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// ordinalOf is str_numth: the English ordinal suffix of a digit string.
func ordinalOf(s string, upper bool) string {
	n := len(s)
	last := s[n-1]
	suf := "th"
	if last >= '0' && last <= '9' && !(n > 1 && s[n-2] == '1') {
		switch last {
		case '1':
			suf = "st"
		case '2':
			suf = "nd"
		case '3':
			suf = "rd"
		}
	}
	if upper {
		return strings.ToUpper(suf)
	}
	return suf
}

// pad is "%0*d" with width w (one more for a negative value), or no
// padding under FM.
func pad(n int64, w int, fm bool) string {
	if fm {
		return strconv.FormatInt(n, 10)
	}
	if n < 0 {
		w++
	}
	return fmt.Sprintf("%0*d", w, n)
}

// padBy is pad with the widening decided by neg rather than n's sign.
func padBy(n int64, w int, neg, fm bool) string {
	if fm {
		return strconv.FormatInt(n, 10)
	}
	if neg {
		w++
	}
	return fmt.Sprintf("%0*d", w, n)
}

func caseAs(s, kw string) string {
	switch {
	case kw == strings.ToUpper(kw):
		return strings.ToUpper(s)
	case kw == strings.ToLower(kw):
		return strings.ToLower(s)
	}
	return s
}

// dchField renders one keyword; ok reports a numeric result (TH applies).
func dchField(tm dchTM, kw string, fm, tmode bool) (string, bool) {
	adjYear := tm.year
	if !tm.interval && adjYear <= 0 {
		adjYear = -(adjYear - 1)
	}
	isoAdj := int64(tm.isoYear)
	if !tm.interval && isoAdj <= 0 {
		isoAdj = -(isoAdj - 1)
	}
	up := strings.ToUpper(kw)
	switch up {
	case "A.D.", "B.C.":
		return caseAs(map[bool]string{true: "B.C.", false: "A.D."}[tm.year <= 0], kw), false
	case "AD", "BC":
		return caseAs(map[bool]string{true: "BC", false: "AD"}[tm.year <= 0], kw), false
	case "A.M.", "P.M.":
		return caseAs(map[bool]string{true: "P.M.", false: "A.M."}[tm.hour%24 >= 12], kw), false
	case "AM", "PM":
		return caseAs(map[bool]string{true: "PM", false: "AM"}[tm.hour%24 >= 12], kw), false
	case "CC":
		var c int64
		if tm.interval {
			c = tm.year / 100
		} else if tm.year > 0 {
			c = (tm.year-1)/100 + 1
		} else {
			c = tm.year/100 - 1
		}
		if c <= 99 && c >= -99 {
			return pad(c, 2, fm), true
		}
		return strconv.FormatInt(c, 10), true
	case "MONTH", "MON":
		if tm.mon == 0 {
			return "", false
		}
		name := bfMonthNames[tm.mon-1]
		if up == "MON" {
			return caseAs(name[:3], kw), false
		}
		name = caseAs(name, kw)
		if fm || tmode {
			return name, false
		}
		return fmt.Sprintf("%-9s", name), false
	case "DAY", "DY":
		name := time.Weekday(tm.wday).String()
		if up == "DY" {
			return caseAs(name[:3], kw), false
		}
		name = caseAs(name, kw)
		if fm || tmode {
			return name, false
		}
		return fmt.Sprintf("%-9s", name), false
	case "DDD":
		return pad(tm.yday, 3, fm), true
	case "DD":
		if fm {
			return strconv.FormatInt(tm.mday, 10), true
		}
		return fmt.Sprintf("%02d", tm.mday), true
	case "D":
		return strconv.FormatInt(tm.wday+1, 10), true
	case "ID":
		if tm.wday == 0 {
			return "7", true
		}
		return strconv.FormatInt(tm.wday, 10), true
	case "FF1", "FF2", "FF3", "FF4", "FF5", "FF6":
		n := int(kw[2] - '0')
		v := tm.usec
		for k := n; k < 6; k++ {
			v /= 10
		}
		return fmt.Sprintf("%0*d", n, v), true
	case "FX":
		return "", false
	case "HH24":
		return pad(tm.hour, 2, fm), true
	case "HH12", "HH":
		h := tm.hour % 12
		if h == 0 {
			h = 12
		}
		return pad(h, 2, fm), true
	case "IDDD":
		jan4 := time.Date(tm.isoYear, 1, 4, 0, 0, 0, 0, time.UTC)
		week1 := jan4.AddDate(0, 0, -((int(jan4.Weekday()) + 6) % 7))
		d := time.Date(int(tm.year), time.Month(tm.mon), int(tm.mday), 0, 0, 0, 0, time.UTC)
		return pad(int64(d.Sub(week1).Hours()/24)+1, 3, fm), true
	case "IW":
		return pad(int64(tm.isoWeek), 2, fm), true
	// the ISO year's width follows the calendar year's sign, as in
	// formatting.c
	case "IYYY":
		return padBy(isoAdj, 4, adjYear < 0, fm), true
	case "IYY":
		return padBy(isoAdj%1000, 3, adjYear < 0, fm), true
	case "IY":
		return padBy(isoAdj%100, 2, adjYear < 0, fm), true
	case "I":
		return strconv.FormatInt(isoAdj%10, 10), true
	case "J":
		return strconv.FormatInt(tm.julian, 10), true
	case "MI":
		return pad(tm.min, 2, fm), true
	case "MM":
		return pad(tm.mon, 2, fm), true
	case "MS":
		return fmt.Sprintf("%03d", tm.usec/1000), true
	case "US":
		return fmt.Sprintf("%06d", tm.usec), true
	case "OF":
		sign, off := '+', tm.gmtoff
		if off < 0 {
			sign, off = '-', -off
		}
		s := fmt.Sprintf("%c%s", sign, pad(int64(off/3600), 2, fm))
		if off%3600 != 0 {
			s += fmt.Sprintf(":%02d", off%3600/60)
		}
		return s, false
	case "Q":
		if tm.mon == 0 {
			return "", false
		}
		return strconv.FormatInt((tm.mon-1)/3+1, 10), true
	case "RM":
		if tm.mon == 0 && tm.year == 0 {
			return "", false
		}
		var idx int64
		switch {
		case tm.mon == 0:
			idx = 0
			if tm.year < 0 {
				idx = 11
			}
			idx = 11 - idx
		case tm.mon < 0:
			idx = 11 + (tm.mon + 1)
		default:
			idx = tm.mon - 1
		}
		s := caseAs(romanMonths[idx], kw)
		if fm {
			return s, false
		}
		return fmt.Sprintf("%-4s", s), false
	case "SSSSS", "SSSS":
		return strconv.FormatInt(tm.hour*3600+tm.min*60+tm.sec, 10), true
	case "SS":
		return pad(tm.sec, 2, fm), true
	case "TZH":
		sign, off := '+', tm.gmtoff
		if off < 0 {
			sign, off = '-', -off
		}
		return fmt.Sprintf("%c%02d", sign, off/3600), false
	case "TZM":
		off := tm.gmtoff
		if off < 0 {
			off = -off
		}
		return fmt.Sprintf("%02d", off%3600/60), false
	case "TZ":
		return caseAs(tm.tzn, kw), false
	case "WW":
		return pad((tm.yday-1)/7+1, 2, fm), true
	case "W":
		return strconv.FormatInt((tm.mday-1)/7+1, 10), true
	case "Y,YYY":
		return fmt.Sprintf("%d,%03d", adjYear/1000, adjYear%1000), true
	case "YYYY":
		if adjYear <= 9999 && adjYear >= -9999 {
			return pad(adjYear, 4, fm), true
		}
		return strconv.FormatInt(adjYear, 10), true
	case "YYY":
		return pad(adjYear%1000, 3, fm), true
	case "YY":
		return pad(adjYear%100, 2, fm), true
	case "Y":
		return strconv.FormatInt(adjYear%10, 10), true
	}
	return "", false
}
