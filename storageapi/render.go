package storageapi

import (
	"bytes"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // a WebP source decodes; it is written as PNG
)

// transform is an image transformation (the storage server's
// TransformOptions): the size to render at, how to fit it, the output
// format and quality. A zero width or height is not given.
type transform struct {
	width, height int
	resize        string // cover (default), contain, fill
	format        string // origin, avif, webp; "" for the default
	quality       int    // 20-100; 0 for the default
}

// The storage server's limits on a rendered side (IMG_LIMITS_MIN_SIZE /
// IMG_LIMITS_MAX_SIZE), and imgproxy's default quality.
const (
	minRenderSize  = 1
	maxRenderSize  = 2000
	defaultQuality = 80
)

// parseTransform reads a transformation from a render request's query,
// with the storage server's schema checks.
func parseTransform(q url.Values) (transform, error) {
	var t transform
	num := func(name string, lo, hi int) (int, error) {
		v := q.Get(name)
		if v == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		switch {
		case err != nil:
			return 0, errInvalidRequest("querystring/" + name + " must be integer")
		case n < lo:
			return 0, errInvalidRequest("querystring/" + name + " must be >= " + strconv.Itoa(lo))
		case n > hi:
			return 0, errInvalidRequest("querystring/" + name + " must be <= " + strconv.Itoa(hi))
		}
		return n, nil
	}
	var err error
	if t.width, err = num("width", 0, 1<<31-1); err != nil {
		return t, err
	}
	if t.height, err = num("height", 0, 1<<31-1); err != nil {
		return t, err
	}
	if t.quality, err = num("quality", 20, 100); err != nil {
		return t, err
	}
	t.resize, t.format = q.Get("resize"), q.Get("format")
	switch t.resize {
	case "", "cover", "contain", "fill":
	default:
		return t, errInvalidRequest("querystring/resize must be equal to one of the allowed values")
	}
	switch t.format {
	case "", "origin", "avif", "webp":
	default:
		return t, errInvalidRequest("querystring/format must be equal to one of the allowed values")
	}
	return t, nil
}

// transformFromToken reads the transformations a signed URL's token
// carries ("height:200,width:200,resize:cover,quality:60").
func transformFromToken(s string) transform {
	var t transform
	for _, part := range strings.Split(s, ",") {
		name, value, _ := strings.Cut(part, ":")
		value, _, _ = strings.Cut(value, ":")
		if value == "" {
			continue
		}
		switch name {
		case "height":
			t.height, _ = strconv.Atoi(value)
		case "width":
			t.width, _ = strconv.Atoi(value)
		case "resize":
			t.resize = value
		case "format":
			t.format = value
		case "quality":
			t.quality, _ = strconv.Atoi(value)
		}
	}
	return t
}

// segments are the transformation as the storage server names it to
// imgproxy and reports it in X-Transformations; keep is the form a signed
// URL's token keeps (the resize option as given, "undefined" when not,
// as the storage server writes it).
func (t transform) segments(keep bool) []string {
	var out []string
	if t.height > 0 {
		out = append(out, "height:"+strconv.Itoa(clampSize(t.height)))
	}
	if t.width > 0 {
		out = append(out, "width:"+strconv.Itoa(clampSize(t.width)))
	}
	if t.width > 0 || t.height > 0 {
		switch {
		case keep && t.resize == "":
			out = append(out, "resize:undefined")
		case keep:
			out = append(out, "resize:"+t.resize)
		default:
			out = append(out, "resizing_type:"+t.resizingType())
		}
	}
	if t.quality > 0 {
		out = append(out, "quality:"+strconv.Itoa(t.quality))
	}
	if t.format != "" && t.format != "origin" {
		out = append(out, "format:"+t.format)
	}
	return out
}

// empty reports whether the transformation changes nothing.
func (t transform) empty() bool { return len(t.segments(false)) == 0 }

// resizingType is imgproxy's name for the resize option.
func (t transform) resizingType() string {
	switch t.resize {
	case "contain":
		return "fit"
	case "fill":
		return "force"
	}
	return "fill"
}

func clampSize(n int) int { return min(max(n, minRenderSize), maxRenderSize) }

// render applies t to the image in src as imgproxy does for the storage
// server: the image is scaled to fit (contain), to cover and be cropped
// around its centre (cover), or to the exact size (fill), never enlarged;
// a missing side follows the aspect ratio. It is written in its own
// format (JPEG at the quality asked for, 80 by default, PNG, GIF); a WebP
// source is written as PNG and an animated GIF is served as it is, as
// tinybase has no WebP or AVIF encoder. ok is false when src is not an
// image tinybase can decode.
func render(src []byte, t transform) (out []byte, contentType string, ok bool) {
	img, format, err := image.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, "", false
	}
	if format == "gif" {
		if g, err := gif.DecodeAll(bytes.NewReader(src)); err == nil && len(g.Image) > 1 {
			return src, "image/gif", true
		}
	}
	img = resizeImage(img, t)
	var buf bytes.Buffer
	switch format {
	case "jpeg":
		q := t.quality
		if q == 0 {
			q = defaultQuality
		}
		err, contentType = jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}), "image/jpeg"
	case "gif":
		err, contentType = gif.Encode(&buf, img, nil), "image/gif"
	default:
		err, contentType = png.Encode(&buf, img), "image/png"
	}
	if err != nil {
		return nil, "", false
	}
	return buf.Bytes(), contentType, true
}

// resizeImage scales (and for cover, crops) img to t's size.
func resizeImage(img image.Image, t transform) image.Image {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	if (t.width == 0 && t.height == 0) || sw == 0 || sh == 0 {
		return img
	}
	w, h := 0, 0
	if t.width > 0 {
		w = clampSize(t.width)
	}
	if t.height > 0 {
		h = clampSize(t.height)
	}
	// scale factors per side; a missing side takes the other's
	fx, fy := float64(w)/float64(sw), float64(h)/float64(sh)
	if w == 0 {
		fx = fy
	}
	if h == 0 {
		fy = fx
	}
	cropW, cropH := 0, 0
	switch t.resizingType() {
	case "fit":
		f := min(fx, fy, 1)
		fx, fy = f, f
	case "fill":
		f := min(max(fx, fy), 1)
		fx, fy = f, f
		if w > 0 && h > 0 {
			cropW, cropH = w, h
		}
	default: // force: each side on its own, not enlarged
		fx, fy = min(fx, 1), min(fy, 1)
	}
	dw, dh := max(1, int(float64(sw)*fx+0.5)), max(1, int(float64(sh)*fy+0.5))
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	if cropW == 0 || (cropW >= dw && cropH >= dh) {
		return dst
	}
	cw, ch := min(cropW, dw), min(cropH, dh)
	x0, y0 := (dw-cw)/2, (dh-ch)/2
	return dst.SubImage(image.Rect(x0, y0, x0+cw, y0+ch))
}
