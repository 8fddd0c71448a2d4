package auth

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// apiError is GoTrue's HTTPError: an HTTP status, an error code from
// apierrors/errorcode.go and a message.
type apiError struct {
	Status  int
	Code    string
	Message string
	// Reasons is set for weak_password.
	Reasons []string
	// cause is the internal error behind a 500, logged, never sent.
	cause error
}

func (e *apiError) Error() string { return fmt.Sprintf("%d: %s", e.Status, e.Message) }

func (e *apiError) Unwrap() error { return e.cause }

func newError(status int, code, format string, args ...any) *apiError {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &apiError{Status: status, Code: code, Message: msg}
}

func badRequest(code, format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, code, format, args...)
}

func unprocessable(code, format string, args ...any) *apiError {
	return newError(http.StatusUnprocessableEntity, code, format, args...)
}

func forbidden(code, format string, args ...any) *apiError {
	return newError(http.StatusForbidden, code, format, args...)
}

func notFound(code, format string, args ...any) *apiError {
	return newError(http.StatusNotFound, code, format, args...)
}

func internalError(cause error, format string, args ...any) *apiError {
	e := newError(http.StatusInternalServerError, "", format, args...)
	e.cause = cause
	return e
}

// oauthError is GoTrue's OAuthError: {"error", "error_description"}, 400.
type oauthError struct {
	Err         string `json:"error"`
	Description string `json:"error_description,omitempty"`
}

func (e *oauthError) Error() string { return e.Err + ": " + e.Description }

// Error codes (GoTrue apierrors/errorcode.go) used here.
const (
	codeUnknown                  = "unknown"
	codeUnexpectedFailure        = "unexpected_failure"
	codeValidationFailed         = "validation_failed"
	codeBadJSON                  = "bad_json"
	codeEmailExists              = "email_exists"
	codePhoneExists              = "phone_exists"
	codeBadJWT                   = "bad_jwt"
	codeNotAdmin                 = "not_admin"
	codeNoAuthorization          = "no_authorization"
	codeUserNotFound             = "user_not_found"
	codeSessionNotFound          = "session_not_found"
	codeSessionExpired           = "session_expired"
	codeFlowStateNotFound        = "flow_state_not_found"
	codeFlowStateExpired         = "flow_state_expired"
	codeSignupDisabled           = "signup_disabled"
	codeUserBanned               = "user_banned"
	codeBadCodeVerifier          = "bad_code_verifier"
	codeEmailAddressInvalid      = "email_address_invalid"
	codeEmailNotConfirmed        = "email_not_confirmed"
	codeUserAlreadyExists        = "user_already_exists"
	codeInvalidCredentials       = "invalid_credentials"
	codeEmailProviderDisabled    = "email_provider_disabled"
	codePhoneProviderDisabled    = "phone_provider_disabled"
	codeAnonymousProviderDisable = "anonymous_provider_disabled"
	codeOTPExpired               = "otp_expired"
	codeOTPDisabled              = "otp_disabled"
	codeRefreshTokenNotFound     = "refresh_token_not_found"
	codeRefreshTokenAlreadyUsed  = "refresh_token_already_used"
	codeWeakPassword             = "weak_password"
	codeSamePassword             = "same_password"
	codeOverRequestRateLimit     = "over_request_rate_limit"
	codeOverEmailSendRateLimit   = "over_email_send_rate_limit"
	codeReauthenticationNeeded   = "reauthentication_needed"
	codeReauthNotValid           = "reauthentication_not_valid"
	codeNotImplemented           = "not_supported"
)

// apiVersionHeader is the header auth-js sends (2024-01-01) to get the
// newer {code, message} error shape.
const apiVersionHeader = "X-Supabase-Api-Version"

var apiVersion20240101 = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// newErrorShape reports whether the request asked for API version
// 2024-01-01 or later; it also echoes the version as GoTrue does.
func newErrorShape(w http.ResponseWriter, r *http.Request) bool {
	v := r.Header.Get(apiVersionHeader)
	if v == "" {
		return false
	}
	t, err := time.ParseInLocation("2006-01-02", v, time.UTC)
	if err != nil || t.Before(apiVersion20240101) {
		return false
	}
	w.Header().Set(apiVersionHeader, "2024-01-01")
	return true
}

// writeError sends err in GoTrue's shape for the request's API version.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if oe, ok := err.(*oauthError); ok {
		sendJSON(w, http.StatusBadRequest, oe)
		return
	}
	e, ok := err.(*apiError)
	if !ok {
		e = internalError(err, "Unexpected failure, please check server logs for more information")
		e.Code = codeUnexpectedFailure
	}
	if e.Status >= 500 {
		s.logger.Error("auth: request failed", "method", r.Method, "path", r.URL.Path, "error", e.Message, "cause", fmt.Sprint(e.cause))
	}
	code := e.Code
	if newErrorShape(w, r) {
		if code == "" {
			code = codeUnknown
			if e.Status == http.StatusInternalServerError {
				code = codeUnexpectedFailure
			}
		}
		body := map[string]any{"code": code, "message": e.Message}
		if e.Code == codeWeakPassword {
			body["weak_password"] = map[string]any{"reasons": e.Reasons}
		}
		sendJSON(w, e.Status, body)
		return
	}
	if code != "" {
		w.Header().Set("x-sb-error-code", code)
	}
	body := map[string]any{"code": e.Status, "msg": e.Message}
	if code != "" {
		body["error_code"] = code
	}
	if e.Code == codeWeakPassword {
		body["weak_password"] = map[string]any{"reasons": e.Reasons}
	}
	sendJSON(w, e.Status, body)
}

// sendJSON writes v as the response body.
func sendJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"code":500,"error_code":"unexpected_failure","msg":"Unexpected failure, please check server logs for more information"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
