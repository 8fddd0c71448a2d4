package auth_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/tinybase/tinybase/auth"
	"github.com/tinybase/tinybase/engine"
)

// ExampleNew mounts the auth server under /auth/v1, asks for a magic link
// and reads it from the local inbox instead of a mail server.
func ExampleNew() {
	eng, err := engine.Open(engine.Options{})
	if err != nil {
		panic(err)
	}
	srv, err := auth.New(auth.DefaultConfig(), eng)
	if err != nil {
		panic(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/v1/", http.StripPrefix("/auth/v1", srv))

	req := httptest.NewRequest("POST", "/auth/v1/otp", strings.NewReader(`{"email":"ada@example.com"}`))
	w := httptest.NewRecorder()
	mux.ServeHTTP(w, req)
	fmt.Println(w.Code, w.Body.String())

	mail, _ := srv.Inbox().Latest("ada@example.com")
	fmt.Println(mail.Type, mail.Subject, len(mail.OTP), strings.HasPrefix(mail.Link, "http://127.0.0.1:54321/auth/v1/verify?"))
	// Output:
	// 200 {}
	// magiclink Your Magic Link 6 true
}
