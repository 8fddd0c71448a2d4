package main

// Timestamps with time zones: the session runs in America/New_York, so
// the fixture's rows sit around both 2024 daylight-saving changes, and
// interval arithmetic, date_trunc, extract, age, to_char and AT TIME
// ZONE all meet a day that is 23 or 25 hours long.

// timezone is the session's TimeZone on both sides.
const timezone = "America/New_York"

var zones = []string{"'UTC'", "'Asia/Kolkata'", "'America/New_York'", "'Europe/Berlin'", "'Australia/Lord_Howe'", "'+05:30'", "'Asia/Tokyo'"}

func (g *gen) zone() string { return zones[g.pick(len(zones))] }

// tsExpr is a timestamptz expression.
func (g *gen) tsExpr(d int) string {
	switch g.pick(9) {
	case 0:
		return "(" + g.expr("ts", d) + " " + []string{"+", "-"}[g.pick(2)] + " interval '" +
			[]string{"1 day", "24 hours", "1 month", "-1 mon 2 days 3 hours", "1 year", "90 minutes", "1 week"}[g.pick(7)] + "')"
	case 1:
		return "date_trunc('" + []string{"day", "hour", "month", "week", "year", "quarter", "minute"}[g.pick(7)] + "', " + g.expr("ts", d) + ")"
	case 2:
		return "date_trunc('" + []string{"day", "month", "hour"}[g.pick(3)] + "', " + g.expr("ts", d) + ", " + g.zone() + ")"
	case 3:
		return "((" + g.expr("ts", d) + " AT TIME ZONE " + g.zone() + ") AT TIME ZONE " + g.zone() + ")"
	case 4:
		return g.expr("date", d) + "::timestamptz"
	case 5:
		return []string{"greatest(", "least("}[g.pick(2)] + g.expr("ts", d) + ", " + g.expr("ts", d) + ")"
	case 6:
		return "coalesce(" + g.expr("ts", d) + ", " + g.lit("ts") + ")"
	case 7:
		return "date_bin('" + []string{"15 minutes", "1 day", "6 hours"}[g.pick(3)] + "', " + g.expr("ts", d) + ", TIMESTAMPTZ '2001-01-01 00:00:00+00')"
	default:
		return "(" + g.expr("date", d) + " + time '" + []string{"02:30", "00:00", "23:59:59.5"}[g.pick(3)] + "')::timestamptz"
	}
}

// tsText is text computed from a timestamptz.
func (g *gen) tsText(d int) string {
	t := g.expr("ts", d)
	switch g.pick(6) {
	case 0:
		return "to_char(" + t + ", '" + []string{
			"YYYY-MM-DD HH24:MI:SS TZ", "Day, DD Month YYYY", "HH12:MI AM", "IYYY-IW-ID", "YYYY\"Q\"Q", "FMMonth FMDD",
			"HH24:MI:SS.US OF", "TZH:TZM", "DDD J", "Dy FMDDth",
		}[g.pick(10)] + "')"
	case 1:
		return t + "::text"
	case 2:
		return []string{"age(", "justify_hours(-"}[g.pick(2)] + t + ", " + g.expr("ts", d) + ")::text"
	case 3:
		return "(" + t + " - " + g.expr("ts", d) + ")::text"
	case 4:
		return "(" + t + " AT TIME ZONE " + g.zone() + ")::text"
	default:
		return "to_char(" + t + " AT TIME ZONE " + g.zone() + ", 'YYYY-MM-DD HH24:MI')"
	}
}

// tsInt is an integer field of a timestamptz.
func (g *gen) tsInt(d int) string {
	t := g.expr("ts", d)
	switch g.pick(4) {
	case 0:
		return "extract(" + []string{"hour", "dow", "isodow", "week", "day", "quarter", "timezone_hour", "minute", "isoyear", "doy"}[g.pick(10)] + " from " + t + ")::int"
	case 1:
		return "date_part('" + []string{"hour", "day", "month"}[g.pick(3)] + "', " + t + ")::int"
	case 2:
		return "(" + t + "::date - " + g.expr("date", d) + ")"
	}
	return "(extract(epoch from " + t + ") / 3600)::int"
}

// tsNum is a numeric from a timestamptz (extract gives numeric since 14).
func (g *gen) tsNum(d int) string {
	t := g.expr("ts", d)
	if g.pick(2) == 0 {
		return "extract(" + []string{"epoch", "second", "milliseconds", "julian"}[g.pick(4)] + " from " + t + ")"
	}
	return "extract(epoch from " + t + " - " + g.expr("ts", d) + ")"
}
