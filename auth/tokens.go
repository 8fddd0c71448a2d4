package auth

import (
	"net/http"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// sessionResponse is GoTrue's AccessTokenResponse.
type sessionResponse struct {
	AccessToken  string      `json:"access_token"`
	TokenType    string      `json:"token_type"`
	ExpiresIn    int         `json:"expires_in"`
	ExpiresAt    int64       `json:"expires_at"`
	RefreshToken string      `json:"refresh_token"`
	User         *user       `json:"user"`
	WeakPassword *weakReport `json:"weak_password,omitempty"`
}

type weakReport struct {
	Reasons []string `json:"reasons"`
}

// Authentication methods (models.AuthenticationMethod) as amr claims
// name them.
const (
	amrPassword  = "password"
	amrOTP       = "otp"
	amrMagicLink = "magiclink"
	amrRecovery  = "recovery"
	amrInvite    = "invite"
	amrEmailSign = "email/signup"
	amrEmailChg  = "email_change"
	amrAnonymous = "anonymous"
)

// issueSession is IssueRefreshToken: a new auth.sessions row, its first
// refresh token, the AMR claim and a signed access token. It also stamps
// last_sign_in_at.
func (s *Server) issueSession(t *txn, r *http.Request, u *user, method string) (*sessionResponse, error) {
	return s.issueClientSession(t, r, u, method, "")
}

// issueClientSession is issueSession for a session an OAuth client holds
// (clientID; "" for the user's own).
func (s *Server) issueClientSession(t *txn, r *http.Request, u *user, method, clientID string) (*sessionResponse, error) {
	now := s.nowUTC()
	sess := &session{ID: s.newID(), UserID: u.ID, CreatedAt: now, UpdatedAt: now, AAL: "aal1", ClientID: clientID}
	if err := t.insertSession(sess, r.UserAgent(), clientIP(r)); err != nil {
		return nil, dbError(err, "Database error granting user")
	}
	rt := &refreshToken{Token: s.alphanumeric(12), UserID: u.ID, SessionID: sess.ID, CreatedAt: now, UpdatedAt: now}
	if err := t.insertRefresh(rt); err != nil {
		return nil, dbError(err, "Database error granting user")
	}
	u.LastSignInAt = &now
	u.UpdatedAt = now
	// UpdateLastSignInAt writes only that column (and updated_at).
	if _, err := t.exec(`update auth.users set last_sign_in_at = $2::timestamptz, updated_at = $2::timestamptz where id = $1::uuid`, u.ID, pgTime(now)); err != nil {
		return nil, dbError(err, "Database error granting user")
	}
	// AddClaimToSession: the session is new, so its first claim is an
	// insert.
	if _, err := t.exec(`insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
 values ($1::uuid, $2::uuid, $3::timestamptz, $3::timestamptz, $4)`, s.newID(), sess.ID, pgTime(now), method); err != nil {
		return nil, dbError(err, "Database error granting user")
	}
	return s.accessResponse(t, u, sess, rt.Token, []amrEntry{{Method: method, Timestamp: now.Unix()}}, method)
}

// accessResponse signs an access token for the user and session;
// method is the authentication method the custom access token hook is
// told about.
func (s *Server) accessResponse(t *txn, u *user, sess *session, refresh string, amr []amrEntry, method string) (*sessionResponse, error) {
	iat := s.now().UTC()
	exp := iat.Add(time.Duration(s.cfg.JWTExpiry) * time.Second)
	aal := sess.AAL
	if aal == "" {
		aal = "aal1"
	}
	c := &accessClaims{
		Issuer: s.cfg.Issuer(), Subject: u.ID, Audience: audience{u.Aud},
		ExpiresAt: exp.Unix(), IssuedAt: iat.Unix(),
		Email: u.Email, Phone: u.Phone, AppMetaData: orEmpty(u.AppMetaData), UserMetaData: orEmpty(u.UserMetaData),
		Role: u.Role, AAL: aal, AMR: amr, SessionID: sess.ID, IsAnonymous: u.IsAnonymous, ClientID: sess.ClientID,
	}
	var claims jwt.Claims = c
	if s.cfg.Hooks.CustomAccessToken.Enabled {
		custom, err := s.customAccessToken(t, u, c, method)
		if err != nil {
			return nil, err
		}
		claims = custom
	}
	tok, err := s.signer.sign(claims)
	if err != nil {
		return nil, internalError(err, "error generating jwt token")
	}
	return &sessionResponse{
		AccessToken: tok, TokenType: "bearer", ExpiresIn: int(exp.Unix() - s.now().Unix()), ExpiresAt: exp.Unix(),
		RefreshToken: refresh, User: u,
	}, nil
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// refreshGrant is RefreshTokenGrant: rotation with reuse detection.
func (s *Server) refreshGrant(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		RefreshToken string `json:"refresh_token"`
	}
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.RefreshToken == "" {
		return &oauthError{Err: "invalid_request", Description: "refresh_token required"}
	}
	resp, err := s.refreshSession(w, r, p.RefreshToken, nil)
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, resp)
	return nil
}

// refreshSession is the token service's RefreshTokenGrant; clientID, for
// the OAuth server's token endpoint, is the client the session must
// belong to.
func (s *Server) refreshSession(w http.ResponseWriter, r *http.Request, token string, clientID *string) (*sessionResponse, error) {
	var resp *sessionResponse
	err := s.tx(ctxOf(r), func(t *txn) error {
		tok, err := t.refreshByToken(token)
		if s.afterRefreshRead != nil {
			s.afterRefreshRead()
		}
		if err != nil {
			if isNotFound(err) {
				return badRequest(codeRefreshTokenNotFound, "Invalid Refresh Token: Refresh Token Not Found")
			}
			return dbError(err, "Database error finding refresh token")
		}
		u, err := t.userByID(tok.UserID)
		if err != nil {
			if isNotFound(err) {
				return badRequest(codeRefreshTokenNotFound, "Invalid Refresh Token: Refresh Token Not Found")
			}
			return dbError(err, "Database error finding user")
		}
		w.Header().Set("sb-auth-user-id", u.ID)
		now := s.nowUTC()
		if u.isBanned(now) {
			return badRequest(codeUserBanned, "Invalid Refresh Token: User Banned")
		}
		sess, err := t.sessionByID(tok.SessionID)
		if err != nil && !isNotFound(err) {
			return dbError(err, "Database error finding session")
		}
		if sess == nil {
			if _, err := t.exec("delete from auth.refresh_tokens where id = $1", tok.ID); err != nil {
				return dbError(err, "Error deleting refresh token with missing session")
			}
			return &commitWithError{badRequest(codeSessionNotFound, "Invalid Refresh Token: No Valid Session Found")}
		}
		w.Header().Set("sb-auth-session-id", sess.ID)
		if clientID != nil && sess.ClientID != *clientID {
			return &oauthError{Err: "invalid_grant", Description: "Invalid refresh token"}
		}
		if sess.NotAfter != nil && now.After(*sess.NotAfter) {
			return badRequest(codeSessionExpired, "Invalid Refresh Token: Session Expired")
		}
		// [auth.sessions]: a session lives at most timebox, and ends
		// after inactivity_timeout without a refresh.
		if tb := s.cfg.Sessions.Timebox; tb > 0 && now.After(sess.CreatedAt.Add(tb)) {
			return badRequest(codeSessionExpired, "Invalid Refresh Token: Session Expired")
		}
		if it := s.cfg.Sessions.InactivityTimeout; it > 0 {
			last := tok.UpdatedAt
			if sess.RefreshedAt != nil {
				last = *sess.RefreshedAt
			}
			if now.After(last.Add(it)) {
				return badRequest(codeSessionExpired, "Invalid Refresh Token: Session Expired (Inactivity)")
			}
		}
		issued := ""
		if tok.Revoked {
			active, err := t.activeRefresh(sess.ID)
			if err != nil && !isNotFound(err) {
				return dbError(err, "Database error finding refresh token")
			}
			if active != nil && active.Parent == tok.Token {
				issued = active.Token
			}
			reuseUntil := tok.UpdatedAt.Add(time.Duration(s.cfg.RefreshTokenReuseInterval) * time.Second)
			if issued == "" && now.After(reuseUntil) {
				if s.cfg.EnableRefreshTokenRotation {
					if _, err := t.exec(`update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz where session_id = $1::uuid and revoked = false`,
						sess.ID, pgTime(now)); err != nil {
						return dbError(err, "Database error revoking tokens")
					}
				}
				return &commitWithError{badRequest(codeRefreshTokenAlreadyUsed, "Invalid Refresh Token: Already Used")}
			}
		}
		if issued == "" {
			// GrantRefreshTokenSwap: revoke the presented token, issue a child.
			if _, err := t.exec(`update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz where id = $1`, tok.ID, pgTime(now)); err != nil {
				return dbError(err, "Database error swapping refresh token")
			}
			child := &refreshToken{Token: s.alphanumeric(12), UserID: u.ID, SessionID: sess.ID, Parent: tok.Token, CreatedAt: now, UpdatedAt: now}
			if err := t.insertRefresh(child); err != nil {
				return dbError(err, "Database error swapping refresh token")
			}
			issued = child.Token
		}
		if _, err := t.exec(`update auth.sessions set refreshed_at = $2::timestamp, updated_at = $3::timestamptz where id = $1::uuid`,
			sess.ID, now.Format("2006-01-02 15:04:05.999999"), pgTime(now)); err != nil {
			return dbError(err, "failed to update session information")
		}
		amr, err := t.amr(sess.ID)
		if err != nil {
			return dbError(err, "error generating jwt token")
		}
		resp, err = s.accessResponse(t, u, sess, issued, amr, "token_refresh")
		return err
	})
	return resp, err
}
