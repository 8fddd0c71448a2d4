package expr

import "math"

// Cbrt is glibc's cbrt (sysdeps/ieee754/dbl-64/s_cbrt.c), which
// PostgreSQL's cbrt() and ||/ call: it is not correctly rounded
// (cbrt(27) is 3.0000000000000004), and PostgreSQL prints what it gives.
func Cbrt(x float64) float64 {
	const (
		cbrt2    = 1.2599210498948731648 // 2^(1/3)
		sqrCbrt2 = 1.5874010519681994748 // 2^(2/3)
	)
	factor := [5]float64{1.0 / sqrCbrt2, 1.0 / cbrt2, 1.0, cbrt2, sqrCbrt2}
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x + x
	}
	xm, xe := math.Frexp(math.Abs(x))
	// explicit float64 conversions keep the compiler from fusing
	// multiply-adds, so every platform rounds as glibc's C does
	u := float64(0.354895765043919860 +
		float64(float64(1.50819193781584896+
			float64(float64(-2.11499494167371287+
				float64(float64(2.44693122563534430+
					float64(float64(-1.83469277483613086+
						float64(float64(0.784932344976639262-float64(0.145263899385486377*xm))*xm))*xm))*xm))*xm))*xm))
	t2 := float64(float64(u*u) * u)
	ym := float64(float64(u*float64(t2+float64(2.0*xm)))/float64(float64(2.0*t2)+xm)) * factor[2+xe%3]
	if x < 0 {
		ym = -ym
	}
	return math.Ldexp(ym, xe/3)
}
