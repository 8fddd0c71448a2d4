package netguard

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestLoopbackName(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LOCALHOST": true, "api.localhost": true, "127.0.0.1": true, "127.8.9.1": true,
		"::1": true, "[::1]": true, "example.com": false, "10.0.0.1": false, "": false, "localhost.example.com": false,
	} {
		if got := LoopbackName(host); got != want {
			t.Errorf("LoopbackName(%q) = %v, want %v", host, got, want)
		}
	}
	if !Allowed("example.com", true) || Allowed("example.com", false) {
		t.Error("Allowed ignores allowExternal")
	}
}

// The dialer itself refuses a non-loopback address, whatever the name.
func TestTransportRefuses(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
	defer srv.Close()
	c := &http.Client{Transport: Transport(false, 0)}
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatalf("loopback refused: %v", err)
	}
	resp.Body.Close()
	// 192.0.2.1 is TEST-NET-1: the refusal comes before any packet.
	if _, err := c.Get("http://192.0.2.1/"); err == nil {
		t.Error("non-loopback address dialed")
	}
}
