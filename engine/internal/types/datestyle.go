package types

import (
	"strings"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// DateStyle is the DateStyle parameter (PostgreSQL docs 8.5.2 and 20.11.2):
// how dates and timestamps print, and the field order ambiguous numeric
// dates are read in. The zero value is PostgreSQL's default, "ISO, MDY".
type DateStyle struct {
	Format DateFormat
	Order  DateOrder
}

// DateFormat is DateStyle's output format.
type DateFormat uint8

// The output formats (datetime.h's USE_*_DATES).
const (
	DateISO DateFormat = iota
	DateSQL
	DatePostgres
	DateGerman
)

// DateOrder is DateStyle's field order for input (and the SQL and
// Postgres formats' output).
type DateOrder uint8

// The field orders (datetime.h's DATEORDER_*).
const (
	OrderMDY DateOrder = iota
	OrderDMY
	OrderYMD
)

// ParseDateStyle reads a DateStyle value as PostgreSQL's check_datestyle
// does: comma-separated key words, each setting the format, the order or
// both (German implies DMY unless an order is given); what the value
// leaves out stays as in cur.
func ParseDateStyle(value string, cur DateStyle) (DateStyle, error) {
	invalid := func(detail string, args ...any) error {
		return pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"DateStyle\": %q", value).WithDetail(detail, args...)
	}
	out := cur
	haveFormat, haveOrder, ok := false, false, true
	setFormat := func(f DateFormat) {
		ok = ok && (!haveFormat || out.Format == f)
		out.Format, haveFormat = f, true
	}
	setOrder := func(o DateOrder) {
		ok = ok && (!haveOrder || out.Order == o)
		out.Order, haveOrder = o, true
	}
	for _, tok := range strings.Split(value, ",") {
		tok = strings.ToLower(strings.Trim(strings.TrimSpace(tok), `"`))
		switch {
		case tok == "":
			return cur, invalid("List syntax is invalid.")
		case tok == "iso":
			setFormat(DateISO)
		case tok == "sql":
			setFormat(DateSQL)
		case strings.HasPrefix(tok, "postgres"):
			setFormat(DatePostgres)
		case tok == "german":
			setFormat(DateGerman)
			if !haveOrder {
				out.Order = OrderDMY
			}
		case tok == "ymd":
			setOrder(OrderYMD)
		case tok == "dmy" || strings.HasPrefix(tok, "euro"):
			setOrder(OrderDMY)
		case tok == "mdy" || tok == "us" || strings.HasPrefix(tok, "noneuro"):
			setOrder(OrderMDY)
		case tok == "default":
			// the boot value, "ISO, MDY", for the parts not yet given
			if !haveFormat {
				out.Format = DateISO
			}
			if !haveOrder {
				out.Order = OrderMDY
			}
		default:
			return cur, invalid("Unrecognized key word: \"%s\".", tok)
		}
	}
	if !ok {
		return cur, invalid("Conflicting \"datestyle\" specifications.")
	}
	return out, nil
}

// String is the value as SHOW prints it ("ISO, MDY").
func (d DateStyle) String() string {
	f := [...]string{DateISO: "ISO", DateSQL: "SQL", DatePostgres: "Postgres", DateGerman: "German"}[d.Format]
	return f + [...]string{OrderMDY: ", MDY", OrderDMY: ", DMY", OrderYMD: ", YMD"}[d.Order]
}

var (
	weekdayAbbrevs = [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
	monthAbbrevs   = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
)

// appendStyledDate appends t's date in format d (EncodeDateOnly): SQL
// 02/03/2024, German 03.02.2024, Postgres 02-03-2024, day first under
// DMY; the year of a BC date counted from 1 BC.
func appendStyledDate(b []byte, t time.Time, d DateStyle) []byte {
	y := t.Year()
	if y <= 0 {
		y = 1 - y
	}
	sep := map[DateFormat]byte{DateSQL: '/', DateGerman: '.', DatePostgres: '-'}[d.Format]
	first, second := int64(t.Month()), int64(t.Day())
	if d.Format == DateGerman || d.Order == OrderDMY {
		first, second = second, first
	}
	b = appendZeroPad(b, first, 2)
	b = appendZeroPad(append(b, sep), second, 2)
	return appendZeroPad(append(b, sep), int64(y), 4)
}

// appendClock appends HH:MM:SS[.ffffff].
func appendClock(b []byte, t time.Time) []byte {
	b = appendZeroPad(b, int64(t.Hour()), 2)
	b = appendZeroPad(append(b, ':'), int64(t.Minute()), 2)
	b = appendZeroPad(append(b, ':'), int64(t.Second()), 2)
	return appendFrac(b, int64(t.Nanosecond()/1000))
}

// formatStyledDate prints a finite date in a format other than ISO.
func formatStyledDate(v DateVal, d DateStyle) string {
	t := v.Time()
	b := appendStyledDate(make([]byte, 0, 16), t, d)
	if t.Year() <= 0 {
		b = append(b, " BC"...)
	}
	return string(b)
}

// formatStyledTimestamp prints a finite timestamp (zone "" ) or
// timestamptz (zone its abbreviation in the session's time zone) in a
// format other than ISO, as EncodeDateTime does: SQL and German put the
// date before the time, Postgres spells "Sat 03 Feb 04:05:06 2024".
func formatStyledTimestamp(t time.Time, zone string, d DateStyle) string {
	b := make([]byte, 0, 40)
	if d.Format == DatePostgres {
		b = append(b, weekdayAbbrevs[t.Weekday()]...)
		b = append(b, ' ')
		day := appendZeroPad(nil, int64(t.Day()), 2)
		mon := monthAbbrevs[t.Month()-1]
		if d.Order == OrderDMY {
			b = append(append(append(b, day...), ' '), mon...)
		} else {
			b = append(append(append(b, mon...), ' '), day...)
		}
		b = appendClock(append(b, ' '), t)
		y := t.Year()
		if y <= 0 {
			y = 1 - y
		}
		b = appendZeroPad(append(b, ' '), int64(y), 4)
	} else {
		b = appendClock(append(appendStyledDate(b, t, d), ' '), t)
	}
	if zone != "" {
		b = append(append(b, ' '), zone...)
	}
	if t.Year() <= 0 {
		b = append(b, " BC"...)
	}
	return string(b)
}
