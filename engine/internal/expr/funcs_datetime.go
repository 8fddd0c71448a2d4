package expr

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func bfEnvLoc(env *types.Env) *time.Location {
	if env == nil || env.Loc == nil {
		return time.UTC
	}
	return env.Loc
}

func bfEnvNow(env *types.Env) time.Time {
	if env == nil || env.Now.IsZero() {
		return time.Now().UTC()
	}
	return env.Now.UTC()
}

// bfLocalOf returns wall-clock time for a date/timestamp/timestamptz value.
func bfLocalOf(v any, tz bool, env *types.Env) time.Time {
	switch x := v.(type) {
	case types.DateVal:
		return x.Time()
	case time.Time:
		if tz {
			return x.In(bfEnvLoc(env))
		}
		return x.UTC()
	}
	return time.Time{}
}

// bfFromLocal converts wall-clock t back to the stored UTC form.
func bfFromLocal(t time.Time, tz bool, env *types.Env) time.Time {
	if tz {
		loc := bfEnvLoc(env)
		return types.DateIn(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc).UTC()
	}
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}

func bfNormUnit(u string) string {
	u = strings.ToLower(strings.TrimSpace(u))
	switch u {
	case "microsecond", "microseconds", "us", "usec", "usecs":
		return "microseconds"
	case "millisecond", "milliseconds", "ms", "msec", "msecs":
		return "milliseconds"
	case "second", "seconds", "sec", "secs", "s":
		return "second"
	case "minute", "minutes", "min", "mins", "m":
		return "minute"
	case "hour", "hours", "h", "hr", "hrs":
		return "hour"
	case "day", "days", "d":
		return "day"
	case "week", "weeks", "w":
		return "week"
	case "month", "months", "mon", "mons":
		return "month"
	case "quarter", "qtr":
		return "quarter"
	case "year", "years", "y", "yr", "yrs":
		return "year"
	case "decade", "decades":
		return "decade"
	case "century", "centuries":
		return "century"
	case "millennium", "millennia", "millenniums":
		return "millennium"
	}
	return u
}

func bfTruncTime(unit string, t time.Time, typ *types.Type) (time.Time, error) {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	ns := t.Nanosecond()
	switch bfNormUnit(unit) {
	case "microseconds":
		ns = ns / 1000 * 1000
	case "milliseconds":
		ns = ns / 1e6 * 1e6
	case "second":
		ns = 0
	case "minute":
		s, ns = 0, 0
	case "hour":
		mi, s, ns = 0, 0, 0
	case "day":
		h, mi, s, ns = 0, 0, 0, 0
	case "week":
		wd := (int(t.Weekday()) + 6) % 7
		d -= wd
		h, mi, s, ns = 0, 0, 0, 0
	case "month":
		d, h, mi, s, ns = 1, 0, 0, 0, 0
	case "quarter":
		mo = (mo-1)/3*3 + 1
		d, h, mi, s, ns = 1, 0, 0, 0, 0
	case "year":
		mo, d, h, mi, s, ns = 1, 1, 0, 0, 0, 0
	case "decade":
		y = y / 10 * 10
		mo, d, h, mi, s, ns = 1, 1, 0, 0, 0, 0
	case "century":
		y = (y-1)/100*100 + 1
		mo, d, h, mi, s, ns = 1, 1, 0, 0, 0, 0
	case "millennium":
		y = (y-1)/1000*1000 + 1
		mo, d, h, mi, s, ns = 1, 1, 0, 0, 0, 0
	default:
		return t, pgerror.New(pgerror.InvalidParameterValue, "unit %q not recognized for type %s", unit, typ.FormatType())
	}
	switch bfNormUnit(unit) {
	case "microseconds", "milliseconds", "second", "minute", "hour":
		// below a day the offset stays the one t had: PostgreSQL's
		// timestamptz_trunc redoes the zone only for a day and up (an
		// hour in a fall-back's repeat keeps its own offset)
		_, off := t.Zone()
		return time.Date(y, mo, d, h, mi, s, ns, time.FixedZone("", off)).In(t.Location()), nil
	}
	// a day and up: the wall clock, which the caller reads in its zone
	return time.Date(y, mo, d, h, mi, s, ns, time.UTC), nil
}

// bfTrunc is date_trunc of a timestamp, or of a timestamptz in env's zone.
func bfTrunc(unit string, v any, tz bool, env *types.Env, typ *types.Type) (time.Time, error) {
	t, err := bfTruncTime(unit, bfLocalOf(v, tz, env), typ)
	if err != nil {
		return t, err
	}
	switch bfNormUnit(unit) {
	case "microseconds", "milliseconds", "second", "minute", "hour":
		return t.UTC(), nil // an instant already
	}
	return bfFromLocal(t, tz, env), nil
}

// bfExtractField returns the field value as a decimal.
func bfExtractField(unit string, v any, typ *types.Type, env *types.Env) (decimal.Decimal, error) {
	bad := func() (decimal.Decimal, error) {
		return decimal.Zero, pgerror.New(pgerror.InvalidParameterValue, "unit %q not recognized for type %s", unit, typ.FormatType())
	}
	notSup := func() (decimal.Decimal, error) {
		return decimal.Zero, pgerror.New(pgerror.FeatureNotSupported, "unit %q not supported for type %s", unit, typ.FormatType())
	}
	u := strings.ToLower(unit)
	di := func(n int64) (decimal.Decimal, error) { return decimal.NewFromInt(n), nil }
	switch x := v.(type) {
	case types.IntervalVal:
		us := x.Micros
		switch bfNormUnit(u) {
		case "microseconds":
			return decimal.NewFromInt(us % 60e6), nil
		case "milliseconds":
			return decimal.New(us%60e6, -3), nil
		case "second":
			return decimal.New(us%60e6, -6), nil
		case "minute":
			return di(us / 60e6 % 60)
		case "hour":
			return di(us / 3600e6)
		case "day":
			return di(int64(x.Days))
		case "month":
			return di(int64(x.Months % 12))
		case "quarter":
			return di(int64(x.Months%12/3 + 1))
		case "year":
			return di(int64(x.Months / 12))
		case "decade":
			return di(int64(x.Months / 120))
		case "century":
			return di(int64(x.Months / 1200))
		case "millennium":
			return di(int64(x.Months / 12000))
		}
		if u == "epoch" {
			secs := decimal.New(us, -6)
			return secs.Add(decimal.NewFromInt(int64(x.Days) * 86400)).Add(decimal.NewFromInt(int64(x.Months/12) * 31557600)).Add(decimal.NewFromInt(int64(x.Months%12) * 2592000)), nil
		}
		return bad()
	case types.TimeOfDay:
		us := int64(x)
		switch bfNormUnit(u) {
		case "microseconds":
			return decimal.NewFromInt(us % 60e6), nil
		case "milliseconds":
			return decimal.New(us%60e6, -3), nil
		case "second":
			return decimal.New(us%60e6, -6), nil
		case "minute":
			return di(us / 60e6 % 60)
		case "hour":
			return di(us / 3600e6)
		}
		if u == "epoch" {
			return decimal.New(us, -6), nil
		}
		return bad()
	}
	isDate := typ.Base().Kind == types.KindDate
	tz := typ.Base().Kind == types.KindTimestamptz
	t := bfLocalOf(v, tz, env)
	us := int64(t.Second())*1e6 + int64(t.Nanosecond()/1000)
	switch bfNormUnit(u) {
	case "microseconds":
		if isDate {
			return notSup()
		}
		return decimal.NewFromInt(us), nil
	case "milliseconds":
		if isDate {
			return notSup()
		}
		return decimal.New(us, -3), nil
	case "second":
		if isDate {
			return notSup()
		}
		return decimal.New(us, -6), nil
	case "minute":
		if isDate {
			return notSup()
		}
		return di(int64(t.Minute()))
	case "hour":
		if isDate {
			return notSup()
		}
		return di(int64(t.Hour()))
	case "day":
		return di(int64(t.Day()))
	case "week":
		_, w := t.ISOWeek()
		return di(int64(w))
	case "month":
		return di(int64(t.Month()))
	case "quarter":
		return di(int64((t.Month()-1)/3 + 1))
	case "year":
		return di(int64(t.Year()))
	case "decade":
		return di(int64(t.Year() / 10))
	case "century":
		y := t.Year()
		if y > 0 {
			return di(int64((y + 99) / 100))
		}
		return di(int64(-((99 - (y - 1)) / 100)))
	case "millennium":
		return di(int64((t.Year() + 999) / 1000))
	}
	switch u {
	case "dow":
		return di(int64(t.Weekday()))
	case "isodow":
		wd := int64(t.Weekday())
		if wd == 0 {
			wd = 7
		}
		return di(wd)
	case "doy":
		return di(int64(t.YearDay()))
	case "isoyear":
		y, _ := t.ISOWeek()
		return di(int64(y))
	case "epoch":
		if isDate {
			return di(int64(v.(types.DateVal)) * 86400)
		}
		u := v.(time.Time)
		return decimal.New(u.UnixMicro(), -6), nil
	case "julian":
		days := int64(types.DateOf(t)) + 2440588
		if isDate {
			return di(days)
		}
		// microseconds of the day over a day's, at numeric division's
		// scale, as PostgreSQL's timestamp_part_common computes it
		frac, err := NumericDiv(decimal.NewFromInt(int64(t.Hour())*3600e6+int64(t.Minute())*60e6+us), decimal.NewFromInt(86400e6))
		if err != nil {
			return decimal.Decimal{}, err
		}
		return decimal.NewFromInt(days).Add(frac), nil
	case "timezone", "timezone_hour", "timezone_minute":
		if !tz {
			return notSup()
		}
		_, off := t.Zone()
		switch u {
		case "timezone_hour":
			return di(int64(off / 3600))
		case "timezone_minute":
			return di(int64(off / 60 % 60))
		}
		return di(int64(off))
	}
	return bad()
}

func bfAgeOf(a, b time.Time) types.IntervalVal {
	neg := false
	if a.Before(b) {
		a, b = b, a
		neg = true
	}
	y := a.Year() - b.Year()
	mo := int(a.Month()) - int(b.Month())
	d := a.Day() - b.Day()
	us := (int64(a.Hour())*3600+int64(a.Minute())*60+int64(a.Second()))*1e6 + int64(a.Nanosecond()/1000) -
		((int64(b.Hour())*3600+int64(b.Minute())*60+int64(b.Second()))*1e6 + int64(b.Nanosecond()/1000))
	if us < 0 {
		us += 86400e6
		d--
	}
	for d < 0 {
		// days in b's month
		dim := time.Date(b.Year(), b.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
		d += dim
		mo--
	}
	if mo < 0 {
		mo += 12
		y--
	}
	iv := types.IntervalVal{Months: int32(y*12 + mo), Days: int32(d), Micros: us}
	if neg {
		iv = types.IntervalVal{Months: -iv.Months, Days: -iv.Days, Micros: -iv.Micros}
	}
	return iv
}

var bfMonthNames = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// bfParseByFormat implements to_timestamp(text, text)/to_date for common patterns.
func bfParseByFormat(s, f string) (y, mo, d, h, mi, sec, us int, err error) {
	y, mo, d = 1, 1, 1
	pm := -1
	i := 0
	readNum := func(max int) int {
		for i < len(s) && (s[i] == ' ') {
			i++
		}
		j := i
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		for j < len(s) && j-i < max && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(s[i:j])
		i = j
		return n
	}
	for len(f) > 0 {
		up := strings.ToUpper(f)
		switch {
		case strings.HasPrefix(up, "FM"):
			f = f[2:]
		case strings.HasPrefix(up, "YYYY"):
			y = readNum(4)
			f = f[4:]
		case strings.HasPrefix(up, "MM"):
			mo = readNum(2)
			f = f[2:]
		case strings.HasPrefix(up, "DD"):
			d = readNum(2)
			f = f[2:]
		case strings.HasPrefix(up, "HH24"):
			h = readNum(2)
			f = f[4:]
		case strings.HasPrefix(up, "HH12"):
			h = readNum(2)
			f = f[4:]
		case strings.HasPrefix(up, "HH"):
			h = readNum(2)
			f = f[2:]
		case strings.HasPrefix(up, "MI"):
			mi = readNum(2)
			f = f[2:]
		case strings.HasPrefix(up, "SS"):
			sec = readNum(2)
			f = f[2:]
		case strings.HasPrefix(up, "MS"):
			us = readNum(3) * 1000
			f = f[2:]
		case strings.HasPrefix(up, "US"):
			us = readNum(6)
			f = f[2:]
		case strings.HasPrefix(up, "AM") || strings.HasPrefix(up, "PM"):
			if i+2 <= len(s) {
				pm = map[bool]int{true: 1, false: 0}[strings.ToUpper(s[i:i+2]) == "PM"]
				i += 2
			}
			f = f[2:]
		case strings.HasPrefix(up, "MON"):
			for k, m := range bfMonthNames {
				if i+3 <= len(s) && strings.EqualFold(s[i:i+3], m[:3]) {
					mo = k + 1
					i += 3
					if len(up) >= 5 && up[:5] == "MONTH" && i-3+len(m) <= len(s) && strings.EqualFold(s[i-3:i-3+len(m)], m) {
						i += len(m) - 3
					}
					break
				}
			}
			if strings.HasPrefix(up, "MONTH") {
				f = f[5:]
			} else {
				f = f[3:]
			}
		default:
			if i < len(s) {
				i++
			}
			f = f[1:]
		}
	}
	if pm == 1 && h < 12 {
		h += 12
	} else if pm == 0 && h == 12 {
		h = 0
	}
	if mo < 1 || mo > 12 || d < 1 || d > time.Date(y, time.Month(mo)+1, 0, 0, 0, 0, 0, time.UTC).Day() || h > 24 || mi > 59 || sec > 60 {
		err = pgerror.New(pgerror.DatetimeFieldOverflow, "date/time field value out of range: %q", s)
	}
	return
}

// AddDatetimeFuncs adds the date/time functions (docs 9.9).
// A family of session.Builtins.
func AddDatetimeFuncs(r *Registry) {
	T, TS, TZ, D, IV, F, N := types.Text, types.Timestamp, types.Timestamptz, types.Date, types.Interval, types.Float8, types.Numeric
	nowFn := func(_ *sql.Context, env *types.Env, _ []any) (any, error) { return bfEnvNow(env), nil }
	for _, n := range []string{"now", "current_timestamp", "transaction_timestamp"} {
		r.Add(n, FuncImpl{Result: Fixed(TZ), Volatile: true, Fn: nowFn})
	}
	r.Add("statement_timestamp", FuncImpl{Result: Fixed(TZ), Volatile: true, Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
		// never before the transaction's start, which a statement that
		// starts one sets after its message's start
		n := bfEnvNow(env)
		if env != nil && env.StmtNow.After(n) {
			n = env.StmtNow.UTC()
		}
		return n, nil
	}})
	r.Add("clock_timestamp", FuncImpl{Result: Fixed(TZ), Volatile: true, Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
		n := time.Now().UTC().Truncate(time.Microsecond)
		if e := bfEnvNow(env); n.Before(e) {
			n = e
		}
		return n, nil
	}})
	r.Add("current_date", FuncImpl{Result: Fixed(D), Volatile: true, Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
		return types.DateOf(bfEnvNow(env).In(bfEnvLoc(env))), nil
	}})
	r.Add("localtimestamp", FuncImpl{Result: Fixed(TS), Volatile: true, Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
		return bfFromLocal(bfEnvNow(env).In(bfEnvLoc(env)), false, env), nil
	}})
	r.Add("localtime", FuncImpl{Result: Fixed(types.Time), Volatile: true, Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
		t := bfEnvNow(env).In(bfEnvLoc(env))
		return types.TimeOfDay((int64(t.Hour())*3600+int64(t.Minute())*60+int64(t.Second()))*1e6 + int64(t.Nanosecond()/1000)), nil
	}})
	r.Add("timeofday", FuncImpl{Result: Fixed(T), Volatile: true, Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
		return time.Now().In(bfEnvLoc(env)).Format("Mon Jan 02 15:04:05.000000 2006 MST"), nil
	}})
	for _, typ := range []*types.Type{TZ, TS} {
		typ := typ
		tz := typ == TZ
		bfAddSimple(r, "date_trunc", bfTt(T, typ), typ, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			t, err := bfTrunc(a[0].(string), a[1], tz, env, typ)
			if err != nil {
				return nil, err
			}
			return t, nil
		})
	}
	// date_trunc(unit, timestamptz, zone) truncates the wall-clock time in
	// zone rather than in the session's TimeZone (docs 9.9.2)
	bfAddSimple(r, "date_trunc", bfTt(T, TZ, T), TZ, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		loc, err := bfLoadZone(a[2].(string))
		if err != nil {
			return nil, err
		}
		zenv := &types.Env{}
		if env != nil {
			*zenv = *env
		}
		zenv.Loc = loc
		t, err := bfTrunc(a[0].(string), a[1], true, zenv, TZ)
		if err != nil {
			return nil, err
		}
		return t, nil
	})
	bfAddSimple(r, "date_trunc", bfTt(T, IV), IV, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		iv := a[1].(types.IntervalVal)
		switch bfNormUnit(a[0].(string)) {
		case "year":
			iv = types.IntervalVal{Months: iv.Months / 12 * 12}
		case "month":
			iv = types.IntervalVal{Months: iv.Months}
		case "day":
			iv.Micros = 0
		case "hour":
			iv.Micros = iv.Micros / 3600e6 * 3600e6
		case "minute":
			iv.Micros = iv.Micros / 60e6 * 60e6
		case "second":
			iv.Micros = iv.Micros / 1e6 * 1e6
		default:
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unit %q not recognized for type interval", a[0])
		}
		return iv, nil
	})
	for _, typ := range []*types.Type{TZ, TS, D, IV, types.Time} {
		typ := typ
		bfAddSimple(r, "extract", bfTt(T, typ), N, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			return bfExtractField(a[0].(string), a[1], typ, env)
		})
		bfAddSimple(r, "date_part", bfTt(T, typ), F, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			d, err := bfExtractField(a[0].(string), a[1], typ, env)
			if err != nil {
				return nil, err
			}
			f, _ := d.Float64()
			return f, nil
		})
	}
	for _, typ := range []*types.Type{TZ, TS} {
		tz := typ == TZ
		bfAddSimple(r, "age", bfTt(typ, typ), IV, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			return bfAgeOf(bfLocalOf(a[0], tz, env), bfLocalOf(a[1], tz, env)), nil
		})
		bfAddSimple(r, "age", bfTt(typ), IV, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			today := types.DateOf(bfEnvNow(env).In(bfEnvLoc(env))).Time()
			return bfAgeOf(today, bfLocalOf(a[0], tz, env)), nil
		})
	}
	for _, typ := range []*types.Type{TZ, TS, D} {
		tz := typ == TZ
		bfAddSimple(r, "to_char", bfTt(typ, T), T, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			if t, ok := a[0].(time.Time); ok && (t.Equal(types.InfinityTimestamp) || t.Equal(types.NegInfinityTimestamp)) {
				return nil, nil
			}
			if a[0] == types.DateInfinity || a[0] == types.DateNegInfinity {
				return nil, nil
			}
			if d, ok := a[0].(types.DateVal); ok {
				// a date formats as the timestamptz of its local midnight
				t := d.Time()
				return dchToChar(dchFromTime(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, bfEnvLoc(env)), true), a[1].(string))
			}
			return dchToChar(dchFromTime(bfLocalOf(a[0], tz, env), tz), a[1].(string))
		})
	}
	bfAddSimple(r, "to_char", bfTt(IV, T), T, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return dchToChar(dchFromInterval(a[0].(types.IntervalVal)), a[1].(string))
	})
	bfAddSimple(r, "to_timestamp", bfTt(F), TZ, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		f := bfAsF(a[0])
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "timestamp out of range")
		}
		return time.UnixMicro(int64(math.Round(f * 1e6))).UTC(), nil
	})
	bfAddSimple(r, "to_timestamp", bfTt(T, T), TZ, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		y, mo, d, h, mi, s, us, err := bfParseByFormat(a[0].(string), a[1].(string))
		if err != nil {
			return nil, err
		}
		return types.DateIn(y, time.Month(mo), d, h, mi, s, us*1000, bfEnvLoc(env)).UTC(), nil
	})
	bfAddSimple(r, "to_date", bfTt(T, T), D, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		y, mo, d, _, _, _, _, err := bfParseByFormat(a[0].(string), a[1].(string))
		if err != nil {
			return nil, err
		}
		return types.DateOf(time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC)), nil
	})
	I := types.Int4
	r.Add("make_interval", FuncImpl{Args: bfTt(I, I, I, I, I, I, F), Result: Fixed(IV), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return types.IntervalVal{Months: int32(bfAsInt(a[0])*12 + bfAsInt(a[1])), Days: int32(bfAsInt(a[2])*7 + bfAsInt(a[3])),
			Micros: bfAsInt(a[4])*3600e6 + bfAsInt(a[5])*60e6 + int64(math.Round(bfAsF(a[6])*1e6))}, nil
	}})
	r.Add("make_date", FuncImpl{Args: bfTt(I, I, I), Result: Fixed(D), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		y, m, d := int(bfAsInt(a[0])), int(bfAsInt(a[1])), int(bfAsInt(a[2]))
		if m < 1 || m > 12 || d < 1 || d > time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
			return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "date field value out of range: %d-%02d-%02d", y, m, d)
		}
		return types.DateOf(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)), nil
	}})
	mkts := func(a []any, loc *time.Location) time.Time {
		sec := bfAsF(a[5])
		return types.DateIn(int(bfAsInt(a[0])), time.Month(bfAsInt(a[1])), int(bfAsInt(a[2])), int(bfAsInt(a[3])), int(bfAsInt(a[4])), 0, 0, loc).
			Add(time.Duration(math.Round(sec*1e6)) * time.Microsecond).UTC()
	}
	r.Add("make_timestamp", FuncImpl{Args: bfTt(I, I, I, I, I, F), Result: Fixed(TS), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return mkts(a, time.UTC), nil
	}})
	r.Add("make_timestamptz", FuncImpl{Args: bfTt(I, I, I, I, I, F), Result: Fixed(TZ), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
		return mkts(a, bfEnvLoc(env)), nil
	}})
	r.Add("make_timestamptz", FuncImpl{Args: bfTt(I, I, I, I, I, F, T), Result: Fixed(TZ), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		loc, err := bfLoadZone(a[6].(string))
		if err != nil {
			return nil, err
		}
		return mkts(a, loc), nil
	}})
	r.Add("timezone", FuncImpl{Args: bfTt(T, TZ), Result: Fixed(TS), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		loc, err := bfLoadZone(a[0].(string))
		if err != nil {
			return nil, err
		}
		return bfFromLocal(a[1].(time.Time).In(loc), false, nil), nil
	}})
	r.Add("timezone", FuncImpl{Args: bfTt(T, TS), Result: Fixed(TZ), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		loc, err := bfLoadZone(a[0].(string))
		if err != nil {
			return nil, err
		}
		t := a[1].(time.Time)
		return types.DateIn(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc).UTC(), nil
	}})
	for _, typ := range []*types.Type{TS, TZ} {
		typ := typ
		bfAddSimple(r, "date_bin", bfTt(IV, typ, typ), typ, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			iv := a[0].(types.IntervalVal)
			if iv.Months != 0 {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "timestamps cannot be binned into intervals containing months or years")
			}
			stride := int64(iv.Days)*86400e6 + iv.Micros
			if stride <= 0 {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "stride must be greater than zero")
			}
			src, org := a[1].(time.Time).UnixMicro(), a[2].(time.Time).UnixMicro()
			diff := src - org
			q := diff / stride
			if diff%stride < 0 {
				q--
			}
			return time.UnixMicro(org + q*stride).UTC(), nil
		})
	}
	for _, typ := range []*types.Type{D, TS, TZ} {
		bfAddSimple(r, "isfinite", bfTt(typ), types.Bool, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			switch x := a[0].(type) {
			case types.DateVal:
				return x != types.DateInfinity && x != types.DateNegInfinity, nil
			case time.Time:
				return !types.IsInfiniteTimestamp(x), nil
			}
			return true, nil
		})
	}
	bfAddSimple(r, "isfinite", bfTt(IV), types.Bool, func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return true, nil })
	bfAddSimple(r, "justify_days", bfTt(IV), IV, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		iv := a[0].(types.IntervalVal)
		iv.Months += iv.Days / 30
		iv.Days %= 30
		return iv, nil
	})
	bfAddSimple(r, "justify_interval", bfTt(IV), IV, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		return justifyInterval(a[0].(types.IntervalVal)), nil
	})
	r.Add("make_time", FuncImpl{Args: bfTt(I, I, F), Result: Fixed(types.Time), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		h, m, sec := bfAsInt(a[0]), bfAsInt(a[1]), bfAsF(a[2])
		if h < 0 || h > 24 || m < 0 || m > 59 || sec < 0 || sec > 60 || h == 24 && (m != 0 || sec != 0) {
			return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "time field value out of range: %d:%02d:%s", h, m, strconv.FormatFloat(sec, 'f', -1, 64))
		}
		return types.TimeOfDay(h*3600e6 + m*60e6 + int64(math.Round(sec*1e6))), nil
	}})
	bfAddSimple(r, "justify_hours", bfTt(IV), IV, func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		iv := a[0].(types.IntervalVal)
		iv.Days += int32(iv.Micros / 86400e6)
		iv.Micros %= 86400e6
		return iv, nil
	})
}

func bfLoadZone(name string) (*time.Location, error) {
	if strings.EqualFold(name, "utc") || strings.EqualFold(name, "gmt") || name == "Z" {
		return time.UTC, nil
	}
	if len(name) > 1 && (name[0] == '+' || name[0] == '-') {
		// POSIX-style: '+05:30' means 5:30 west of Greenwich
		parts := strings.SplitN(name[1:], ":", 2)
		h, err := strconv.Atoi(parts[0])
		if err == nil {
			m := 0
			if len(parts) > 1 {
				m, _ = strconv.Atoi(parts[1])
			}
			off := h*3600 + m*60
			if name[0] == '+' {
				off = -off
			}
			return time.FixedZone(name, off), nil
		}
	}
	canon, _ := types.CanonicalZoneName(name)
	loc, err := time.LoadLocation(canon)
	if err != nil || name == "" || strings.EqualFold(name, "local") {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "time zone %q not recognized", name)
	}
	return loc, nil
}

// justifyInterval is PostgreSQL's interval_justify_interval: whole days
// from the time part and whole months from days, with all parts given
// one sign.
func justifyInterval(iv types.IntervalVal) types.IntervalVal {
	months, days, us := int64(iv.Months), int64(iv.Days), iv.Micros
	days += us / 86400e6
	us %= 86400e6
	months += days / 30
	days %= 30
	if months > 0 && (days < 0 || days == 0 && us < 0) {
		days += 30
		months--
	} else if months < 0 && (days > 0 || days == 0 && us > 0) {
		days -= 30
		months++
	}
	if days > 0 && us < 0 {
		us += 86400e6
		days--
	} else if days < 0 && us > 0 {
		us -= 86400e6
		days++
	}
	return types.IntervalVal{Months: int32(months), Days: int32(days), Micros: us}
}
