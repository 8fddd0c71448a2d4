package storageapi

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strconv"
	"strings"
	"testing"
)

// testImage encodes a w×h picture (a gradient) as JPEG or PNG.
func testImage(t *testing.T, format string, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	var buf bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRenderImage checks /render/image as storage-js's transform options
// reach it: each resize mode's size, no enlarging, the output format, the
// X-Transformations header, signed URLs that carry a transformation, and
// refusals.
func TestRenderImage(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "pics", "public": true})
	// uploaded as storage-js uploads a Buffer: text/plain
	wantOK(t, h.do("POST", "/object/pics/a.jpg", svc, testImage(t, "jpeg", 300, 200), "Content-Type", "text/plain;charset=UTF-8"))
	wantOK(t, h.do("POST", "/object/pics/b.png", svc, testImage(t, "png", 40, 30), "Content-Type", "image/png"))
	wantOK(t, h.do("POST", "/object/pics/c.txt", svc, []byte("not a picture"), "Content-Type", "text/plain"))

	size := func(r resp) string {
		t.Helper()
		if r.status != 200 {
			t.Fatalf("render: %d %s", r.status, r.body)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(r.body))
		if err != nil {
			t.Fatalf("render: %v (%q)", err, r.header.Get("Content-Type"))
		}
		return format + " " + strconv.Itoa(cfg.Width) + "x" + strconv.Itoa(cfg.Height) + " " + r.header.Get("Content-Type") + " [" + r.header.Get("X-Transformations") + "]"
	}
	for _, c := range []struct{ url, want string }{
		{"/render/image/public/pics/a.jpg?width=100&height=100", "jpeg 100x100 image/jpeg [height:100,width:100,resizing_type:fill]"},
		{"/render/image/public/pics/a.jpg?width=100&height=100&resize=contain", "jpeg 100x67 image/jpeg [height:100,width:100,resizing_type:fit]"},
		{"/render/image/public/pics/a.jpg?width=100&height=100&resize=fill", "jpeg 100x100 image/jpeg [height:100,width:100,resizing_type:force]"},
		{"/render/image/public/pics/a.jpg?width=150", "jpeg 150x100 image/jpeg [width:150,resizing_type:fill]"},
		{"/render/image/public/pics/a.jpg?height=50&quality=30", "jpeg 75x50 image/jpeg [height:50,resizing_type:fill,quality:30]"},
		{"/render/image/public/pics/a.jpg?width=600&height=600", "jpeg 300x200 image/jpeg [height:600,width:600,resizing_type:fill]"},
		{"/render/image/public/pics/a.jpg?width=5000", "jpeg 300x200 image/jpeg [width:2000,resizing_type:fill]"},
		{"/render/image/public/pics/b.png?width=20", "png 20x15 image/png [width:20,resizing_type:fill]"},
		{"/render/image/authenticated/pics/b.png?width=20&format=origin", "png 20x15 image/png [width:20,resizing_type:fill]"},
	} {
		tok := ""
		if strings.Contains(c.url, "authenticated") {
			tok = svc
		}
		if got := size(h.do("GET", c.url, tok, nil)); got != c.want {
			t.Errorf("%s: got %s, want %s", c.url, got, c.want)
		}
	}
	wantErr(t, h.do("GET", "/render/image/public/pics/c.txt?width=10", "", nil), 400, "400", "InvalidRequest")
	wantErr(t, h.do("GET", "/render/image/public/pics/a.jpg?quality=10", "", nil), 400, "400", "InvalidRequest")
	wantErr(t, h.do("GET", "/render/image/public/pics/a.jpg?resize=stretch", "", nil), 400, "400", "InvalidRequest")

	// a signed URL keeps its transformation in the token
	r := h.do("POST", "/object/sign/pics/a.jpg", svc, map[string]any{"expiresIn": 60, "transform": map[string]any{"width": 200, "height": 200, "quality": 60}})
	wantOK(t, r)
	signed, _ := r.json(t)["signedURL"].(string)
	if !strings.HasPrefix(signed, "/render/image/sign/pics/a.jpg?token=") {
		t.Fatalf("signed URL: %s", signed)
	}
	if got := size(h.do("GET", signed, "", nil)); got != "jpeg 200x200 image/jpeg [height:200,width:200,resizing_type:fill,quality:60]" {
		t.Errorf("signed render: %s", got)
	}
	r = h.do("POST", "/object/sign/pics/a.jpg", svc, map[string]any{"expiresIn": 60, "transform": map[string]any{}})
	wantOK(t, r)
	if signed, _ := r.json(t)["signedURL"].(string); !strings.HasPrefix(signed, "/object/sign/") {
		t.Errorf("an empty transform signs the object: %s", signed)
	}
	wantErr(t, h.do("POST", "/object/sign/pics/a.jpg", svc, map[string]any{"expiresIn": 60, "transform": map[string]any{"quality": 5}}), 400, "400", "InvalidRequest")
}

// TestRenderImageDisabled: with image transformation off the render
// routes are not there and a signed URL ignores a transform.
func TestRenderImageDisabled(t *testing.T) {
	h := newHarness(t, nil, nil)
	h.srv.cfg.NoImageTransformation = true
	svc := h.service()
	h.bucket(map[string]any{"name": "pics", "public": true})
	wantOK(t, h.do("POST", "/object/pics/a.jpg", svc, testImage(t, "jpeg", 30, 20), "Content-Type", "image/jpeg"))
	if r := h.do("GET", "/render/image/public/pics/a.jpg?width=10", "", nil); r.status != 404 {
		t.Errorf("render: %d %s", r.status, r.body)
	}
	r := h.do("POST", "/object/sign/pics/a.jpg", svc, map[string]any{"expiresIn": 60, "transform": map[string]any{"width": 10}})
	wantOK(t, r)
	if signed, _ := r.json(t)["signedURL"].(string); !strings.HasPrefix(signed, "/object/sign/") {
		t.Errorf("signed: %s", signed)
	}
}
