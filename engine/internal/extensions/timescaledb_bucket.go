package extensions

import (
	"math"
	"time"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// time_bucket's arithmetic, as TimescaleDB's time_bucket.c does it:
// integers are bucketed from 0 (moved by an offset); timestamps and
// dates from the origin, Monday 2000-01-03 unless given; month widths
// count whole months from 2000-01-01 (or the origin's month) and may not
// carry days or time.

const (
	// tsPGEpochMicros is 2000-01-01 in Unix microseconds: PostgreSQL's
	// timestamps count from there.
	tsPGEpochMicros = 946684800e6
	tsDayMicros     = 86400e6
	// tsDefaultOrigin is Monday 2000-01-03 in PostgreSQL microseconds.
	tsDefaultOrigin = 2 * tsDayMicros
	// tsPGEpochDays is 2000-01-01 in days since 1970 (types.DateVal).
	tsPGEpochDays = 10957
)

func tsPeriodError() error {
	return pgerror.New(pgerror.InvalidParameterValue, "period must be greater than 0")
}

func tsRangeError() error {
	return pgerror.New(pgerror.NumericValueOutOfRange, "timestamp out of range")
}

// tsBucketInt is TimescaleDB's TIME_BUCKET for integers between min and
// max: the bucket of ts of width period, moved by offset.
func tsBucketInt(period, ts, offset, min, max int64) (int64, error) {
	if period <= 0 {
		return 0, tsPeriodError()
	}
	if offset != 0 {
		offset %= period
		if (offset > 0 && ts < min+offset) || (offset < 0 && ts > max+offset) {
			return 0, tsRangeError()
		}
		ts -= offset
	}
	result := (ts / period) * period
	if ts < 0 && ts%period != 0 {
		if result < min+period {
			return 0, tsRangeError()
		}
		result -= period
	}
	return result + offset, nil
}

// tsIntBucket is time_bucket over smallint, integer and bigint, with an
// optional offset.
func tsIntBucket(args []any) (any, error) {
	var off int64
	if len(args) > 2 {
		off, _ = int64Of(args[2])
	}
	p, _ := int64Of(args[0])
	ts, _ := int64Of(args[1])
	switch args[0].(type) {
	case int16:
		r, err := tsBucketInt(p, ts, off, math.MinInt16, math.MaxInt16)
		return int16(r), err
	case int32:
		r, err := tsBucketInt(p, ts, off, math.MinInt32, math.MaxInt32)
		return int32(r), err
	}
	return tsBucketInt(p, ts, off, math.MinInt64, math.MaxInt64)
}

// tsBucketMicros is TIME_BUCKET_TS: the bucket of ts (PostgreSQL
// microseconds) of width period whose edges fall on origin.
func tsBucketMicros(period, ts, origin int64) (int64, error) {
	if period <= 0 {
		return 0, tsPeriodError()
	}
	shift := origin % period
	if (shift > 0 && ts < math.MinInt64+shift) || (shift < 0 && ts > math.MaxInt64+shift) {
		return 0, tsRangeError()
	}
	ts -= shift
	q := ts / period
	if ts-q*period < 0 {
		return q*period - period + shift, nil
	}
	return q*period + shift, nil
}

// tsMonthPeriod is a month width's month count, refusing one that also
// has days or time.
func tsMonthPeriod(iv types.IntervalVal) (int64, error) {
	if iv.Days != 0 || iv.Micros != 0 {
		return 0, pgerror.New(pgerror.FeatureNotSupported, "month intervals cannot have day or time component")
	}
	return int64(iv.Months), nil
}

// tsBucketMonth buckets the month of date (y, m) by period months from
// the origin's month, returning the first day of the bucket.
func tsBucketMonth(period int64, y int, m time.Month, oy int, om time.Month) (time.Time, error) {
	r, err := tsBucketInt(period, int64(y)*12+int64(m)-1, int64(oy)*12+int64(om)-1, math.MinInt32, math.MaxInt32)
	if err != nil {
		return time.Time{}, err
	}
	return time.Date(int(r/12), time.Month(r%12+1), 1, 0, 0, 0, 0, time.UTC), nil
}

func tsInfinite(t time.Time) bool {
	return !t.Before(types.InfinityTimestamp) || !t.After(types.NegInfinityTimestamp)
}

func tsMicros(t time.Time) int64 { return t.UnixMicro() - tsPGEpochMicros }

// tsTimestampBucket is time_bucket over timestamp and timestamptz, with
// an optional origin (a timestamptz is bucketed in UTC).
func tsTimestampBucket(args []any) (any, error) {
	iv := args[0].(types.IntervalVal)
	t := args[1].(time.Time).UTC()
	if tsInfinite(t) {
		return args[1], nil
	}
	origin := int64(tsDefaultOrigin)
	var originTime time.Time
	if len(args) > 2 {
		originTime = args[2].(time.Time).UTC()
		origin = tsMicros(originTime)
	}
	if iv.Months != 0 {
		period, err := tsMonthPeriod(iv)
		if err != nil {
			return nil, err
		}
		oy, om := 2000, time.January
		if origin != tsDefaultOrigin {
			oy, om, _ = originTime.Date()
		}
		y, m, _ := t.Date()
		return tsBucketMonth(period, y, m, oy, om)
	}
	r, err := tsBucketMicros(int64(iv.Days)*tsDayMicros+iv.Micros, tsMicros(t), origin)
	if err != nil {
		return nil, err
	}
	return time.UnixMicro(r + tsPGEpochMicros).UTC(), nil
}

// tsDateBucket is time_bucket over date, with an optional origin: widths
// of whole days or of months.
func tsDateBucket(args []any) (any, error) {
	iv := args[0].(types.IntervalVal)
	d := args[1].(types.DateVal)
	if d == types.DateInfinity || d == types.DateNegInfinity {
		return d, nil
	}
	var originDate types.DateVal = tsPGEpochDays
	origin := int64(tsDefaultOrigin)
	if len(args) > 2 {
		originDate = args[2].(types.DateVal)
		origin = (int64(originDate) - tsPGEpochDays) * tsDayMicros
	}
	if iv.Months != 0 {
		period, err := tsMonthPeriod(iv)
		if err != nil {
			return nil, err
		}
		y, m, _ := d.Time().Date()
		oy, om, _ := originDate.Time().Date()
		b, err := tsBucketMonth(period, y, m, oy, om)
		if err != nil {
			return nil, err
		}
		return types.DateOf(b), nil
	}
	period := int64(iv.Days)*tsDayMicros + iv.Micros
	if period < tsDayMicros {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "interval must not have sub-day precision")
	}
	if period%tsDayMicros != 0 {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "interval must be a multiple of a day")
	}
	r, err := tsBucketMicros(period, (int64(d)-tsPGEpochDays)*tsDayMicros, origin)
	if err != nil {
		return nil, err
	}
	return types.DateVal(floorDiv(r, tsDayMicros) + tsPGEpochDays), nil
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
