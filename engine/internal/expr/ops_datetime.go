package expr

import (
	"math"
	"time"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Date/time arithmetic operators (PostgreSQL docs 9.9, Table 9.31), with
// the semantics of src/backend/utils/adt/timestamp.c and date.c: an
// interval's months, days and microseconds are applied in that order, and
// months and days of a timestamptz are added in the session time zone.

const usecsPerDay = 86400e6

func init() {
	D, T, TS, TZ, IV := types.Date, types.Time, types.Timestamp, types.Timestamptz, types.Interval
	I4, F8 := types.Int4, types.Float8

	// timestamp ± interval
	addOp("+", TS, IV, TS, func(_ *types.Env, a, b any) (any, error) {
		return tsPlusInterval(a.(time.Time), b.(types.IntervalVal), time.UTC)
	})
	addOp("+", IV, TS, TS, func(_ *types.Env, a, b any) (any, error) {
		return tsPlusInterval(b.(time.Time), a.(types.IntervalVal), time.UTC)
	})
	addOp("-", TS, IV, TS, func(_ *types.Env, a, b any) (any, error) {
		return tsPlusInterval(a.(time.Time), negInterval(b.(types.IntervalVal)), time.UTC)
	})
	addOp("+", TZ, IV, TZ, func(env *types.Env, a, b any) (any, error) {
		return tsPlusInterval(a.(time.Time), b.(types.IntervalVal), bfEnvLoc(env))
	})
	addOp("+", IV, TZ, TZ, func(env *types.Env, a, b any) (any, error) {
		return tsPlusInterval(b.(time.Time), a.(types.IntervalVal), bfEnvLoc(env))
	})
	addOp("-", TZ, IV, TZ, func(env *types.Env, a, b any) (any, error) {
		return tsPlusInterval(a.(time.Time), negInterval(b.(types.IntervalVal)), bfEnvLoc(env))
	})
	// timestamp - timestamp: microseconds, then justify_hours
	for _, t := range []*types.Type{TS, TZ} {
		addOp("-", t, t, IV, func(_ *types.Env, a, b any) (any, error) {
			us := a.(time.Time).Sub(b.(time.Time)).Microseconds()
			return types.IntervalVal{Days: int32(us / usecsPerDay), Micros: us % usecsPerDay}, nil
		})
	}

	// date ± integer, date - date
	addOp("+", D, I4, D, func(_ *types.Env, a, b any) (any, error) { return dateAddDays(a.(types.DateVal), toInt(b)) })
	addOp("+", I4, D, D, func(_ *types.Env, a, b any) (any, error) { return dateAddDays(b.(types.DateVal), toInt(a)) })
	addOp("-", D, I4, D, func(_ *types.Env, a, b any) (any, error) { return dateAddDays(a.(types.DateVal), -toInt(b)) })
	addOp("-", D, D, I4, func(_ *types.Env, a, b any) (any, error) {
		return int32(int64(a.(types.DateVal)) - int64(b.(types.DateVal))), nil
	})
	// date ± interval → timestamp
	addOp("+", D, IV, TS, func(_ *types.Env, a, b any) (any, error) {
		return tsPlusInterval(a.(types.DateVal).Time(), b.(types.IntervalVal), time.UTC)
	})
	addOp("+", IV, D, TS, func(_ *types.Env, a, b any) (any, error) {
		return tsPlusInterval(b.(types.DateVal).Time(), a.(types.IntervalVal), time.UTC)
	})
	addOp("-", D, IV, TS, func(_ *types.Env, a, b any) (any, error) {
		return tsPlusInterval(a.(types.DateVal).Time(), negInterval(b.(types.IntervalVal)), time.UTC)
	})
	// date + time → timestamp
	addOp("+", D, T, TS, func(_ *types.Env, a, b any) (any, error) {
		return a.(types.DateVal).Time().Add(time.Duration(b.(types.TimeOfDay)) * time.Microsecond), nil
	})
	addOp("+", T, D, TS, func(_ *types.Env, a, b any) (any, error) {
		return b.(types.DateVal).Time().Add(time.Duration(a.(types.TimeOfDay)) * time.Microsecond), nil
	})
	// date - time → timestamp
	addOp("-", D, T, TS, func(_ *types.Env, a, b any) (any, error) {
		return a.(types.DateVal).Time().Add(-time.Duration(b.(types.TimeOfDay)) * time.Microsecond), nil
	})

	// time ± interval wraps around midnight; time - time is an interval
	addOp("+", T, IV, T, func(_ *types.Env, a, b any) (any, error) {
		return timePlus(a.(types.TimeOfDay), b.(types.IntervalVal).Micros), nil
	})
	addOp("+", IV, T, T, func(_ *types.Env, a, b any) (any, error) {
		return timePlus(b.(types.TimeOfDay), a.(types.IntervalVal).Micros), nil
	})
	addOp("-", T, IV, T, func(_ *types.Env, a, b any) (any, error) {
		return timePlus(a.(types.TimeOfDay), -b.(types.IntervalVal).Micros), nil
	})
	addOp("-", T, T, IV, func(_ *types.Env, a, b any) (any, error) {
		return types.IntervalVal{Micros: int64(a.(types.TimeOfDay)) - int64(b.(types.TimeOfDay))}, nil
	})

	// interval ± interval, interval * / number
	addOp("+", IV, IV, IV, func(_ *types.Env, a, b any) (any, error) {
		return intervalAdd(a.(types.IntervalVal), b.(types.IntervalVal))
	})
	addOp("-", IV, IV, IV, func(_ *types.Env, a, b any) (any, error) {
		return intervalAdd(a.(types.IntervalVal), negInterval(b.(types.IntervalVal)))
	})
	addOp("*", IV, F8, IV, func(_ *types.Env, a, b any) (any, error) { return intervalMul(a.(types.IntervalVal), toFloat(b)) })
	addOp("*", F8, IV, IV, func(_ *types.Env, a, b any) (any, error) { return intervalMul(b.(types.IntervalVal), toFloat(a)) })
	addOp("/", IV, F8, IV, func(_ *types.Env, a, b any) (any, error) {
		f := toFloat(b)
		if f == 0 {
			return nil, errDivZero()
		}
		return intervalDiv(a.(types.IntervalVal), f)
	})
}

func negInterval(iv types.IntervalVal) types.IntervalVal {
	return types.IntervalVal{Months: -iv.Months, Days: -iv.Days, Micros: -iv.Micros}
}

func errIntervalRange() error {
	return pgerror.New(pgerror.DatetimeFieldOverflow, "interval out of range")
}

func errTimestampRange() error {
	return pgerror.New(pgerror.DatetimeFieldOverflow, "timestamp out of range")
}

// tsPlusInterval adds iv to t: months (clamping the day to the month's
// end) and days on the wall clock of loc, then the microseconds.
func tsPlusInterval(t time.Time, iv types.IntervalVal, loc *time.Location) (time.Time, error) {
	if !t.Before(types.InfinityTimestamp) || !t.After(types.NegInfinityTimestamp) {
		return t, nil // infinity ± interval stays infinite
	}
	if iv.Months != 0 || iv.Days != 0 {
		l := t.In(loc)
		y, m, d := l.Date()
		if iv.Months != 0 {
			total := int64(y)*12 + int64(m-1) + int64(iv.Months)
			y, m = int(floorDiv(total, 12)), time.Month(floorMod(total, 12)+1)
			if last := time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day(); d > last {
				d = last
			}
		}
		l = types.DateIn(y, m, d+int(iv.Days), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), loc)
		t = l.UTC()
	}
	t = t.Add(time.Duration(iv.Micros) * time.Microsecond).UTC()
	if !types.TimestampInRange(t) {
		return time.Time{}, errTimestampRange()
	}
	return t, nil
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b < 0 {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }

func dateAddDays(d types.DateVal, n int64) (any, error) {
	if d == types.DateInfinity || d == types.DateNegInfinity {
		return d, nil
	}
	r := int64(d) + n
	// PostgreSQL's date range: 4714-11-24 BC to 5874897-12-31
	if r < -2440588 || r > 2146764911 {
		return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "date out of range")
	}
	return types.DateVal(r), nil
}

func timePlus(t types.TimeOfDay, us int64) types.TimeOfDay {
	r := (int64(t) + us) % usecsPerDay
	if r < 0 {
		r += usecsPerDay
	}
	return types.TimeOfDay(r)
}

func intervalAdd(a, b types.IntervalVal) (any, error) {
	m, d, us := int64(a.Months)+int64(b.Months), int64(a.Days)+int64(b.Days), a.Micros+b.Micros
	if m != int64(int32(m)) || d != int64(int32(d)) || (a.Micros > 0) == (b.Micros > 0) && (us > 0) != (a.Micros > 0) && b.Micros != 0 {
		return nil, errIntervalRange()
	}
	return types.IntervalVal{Months: int32(m), Days: int32(d), Micros: us}, nil
}

// tsRound rounds to microsecond precision, as PostgreSQL's TSROUND.
func tsRound(f float64) float64 { return math.RoundToEven(f*1e6) / 1e6 }

// intervalMul is PostgreSQL's interval_mul: fractional months cascade into
// days (30 per month) and fractional days into seconds.
func intervalMul(span types.IntervalVal, factor float64) (any, error) {
	if math.IsNaN(factor) {
		return nil, errIntervalRange()
	}
	return intervalScale(float64(span.Months)*factor, float64(span.Days)*factor, float64(span.Micros)*factor)
}

// intervalDiv is PostgreSQL's interval_div.
func intervalDiv(span types.IntervalVal, factor float64) (any, error) {
	if math.IsNaN(factor) {
		return nil, errIntervalRange()
	}
	return intervalScale(float64(span.Months)/factor, float64(span.Days)/factor, float64(span.Micros)/factor)
}

func intervalScale(months, days, micros float64) (any, error) {
	if math.IsNaN(months) || months > math.MaxInt32 || months < math.MinInt32 || math.IsNaN(days) || days > math.MaxInt32 || days < math.MinInt32 {
		return nil, errIntervalRange()
	}
	var r types.IntervalVal
	r.Months = int32(months)
	r.Days = int32(days)
	monthRemDays := tsRound((months - float64(r.Months)) * 30)
	secRem := tsRound((days - float64(r.Days) + monthRemDays - math.Trunc(monthRemDays)) * 86400)
	if math.Abs(secRem) >= 86400 {
		r.Days += int32(secRem / 86400)
		secRem -= math.Trunc(secRem/86400) * 86400
	}
	r.Days += int32(monthRemDays)
	t := math.RoundToEven(micros + secRem*1e6)
	if math.IsNaN(t) || t >= math.MaxInt64 || t < math.MinInt64 {
		return nil, errIntervalRange()
	}
	r.Micros = int64(t)
	return r, nil
}
