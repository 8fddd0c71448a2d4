package auth

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

type adminUserParams struct {
	ID           string         `json:"id"`
	Aud          string         `json:"aud"`
	Role         string         `json:"role"`
	Email        string         `json:"email"`
	Phone        string         `json:"phone"`
	Password     *string        `json:"password"`
	PasswordHash string         `json:"password_hash"`
	EmailConfirm bool           `json:"email_confirm"`
	PhoneConfirm bool           `json:"phone_confirm"`
	UserMetaData map[string]any `json:"user_metadata"`
	AppMetaData  map[string]any `json:"app_metadata"`
	BanDuration  string         `json:"ban_duration"`
}

// adminListUsers is GET /admin/users?page=&per_page=: {users, aud} with
// X-Total-Count and Link headers.
func (s *Server) adminListUsers(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	page, perPage := uint64(1), uint64(50)
	var err error
	if v := q.Get("page"); v != "" {
		if page, err = strconv.ParseUint(v, 10, 64); err != nil {
			return badRequest(codeValidationFailed, "Bad Pagination Parameters: %v", err)
		}
	}
	if v := q.Get("per_page"); v != "" {
		if perPage, err = strconv.ParseUint(v, 10, 64); err != nil {
			return badRequest(codeValidationFailed, "Bad Pagination Parameters: %v", err)
		}
	}
	if page == 0 {
		page = 1
	}
	if perPage == 0 {
		perPage = 50
	}
	aud := s.requestAud(r)
	filter := "%" + q.Get("filter") + "%"
	var users []*user
	var total uint64
	err = s.read(ctxOf(r), func(t *txn) error {
		rows, err := t.query(`select count(*) from auth.users where aud = $1 and (coalesce(email, '') ilike $2 or coalesce(raw_user_meta_data->>'full_name', '') ilike $2)`, aud, filter)
		if err != nil {
			return dbError(err, "Database error finding users")
		}
		total = uint64(intText(rows[0][0]))
		rows, err = t.query(`select id from auth.users where aud = $1 and (coalesce(email, '') ilike $2 or coalesce(raw_user_meta_data->>'full_name', '') ilike $2)
 order by created_at desc, id desc limit $3 offset $4`, aud, filter, int64(perPage), int64((page-1)*perPage))
		if err != nil {
			return dbError(err, "Database error finding users")
		}
		users = make([]*user, 0, len(rows))
		for _, row := range rows {
			u, err := t.userByID(str(row[0]))
			if err != nil {
				return dbError(err, "Database error finding users")
			}
			users = append(users, u)
		}
		return nil
	})
	if err != nil {
		return err
	}
	pages := total / perPage
	if total%perPage > 0 {
		pages++
	}
	link := ""
	u := *r.URL
	qq := u.Query()
	if pages > page {
		qq.Set("page", fmt.Sprint(page+1))
		u.RawQuery = qq.Encode()
		link += "<" + u.String() + ">; rel=\"next\", "
	}
	qq.Set("page", fmt.Sprint(pages))
	u.RawQuery = qq.Encode()
	link += "<" + u.String() + ">; rel=\"last\""
	w.Header().Add("Link", link)
	w.Header().Add("X-Total-Count", fmt.Sprint(total))
	sendJSON(w, http.StatusOK, map[string]any{"users": users, "aud": aud})
	return nil
}

// loadAdminUser is loadUser for /admin/users/{id}.
func (s *Server) loadAdminUser(t *txn, r *http.Request) (*user, error) {
	id := r.PathValue("id")
	if !isUUID(id) {
		return nil, notFound(codeValidationFailed, "user_id must be an UUID")
	}
	u, err := t.userByID(id)
	if err != nil {
		if isNotFound(err) {
			return nil, notFound(codeUserNotFound, "User not found")
		}
		return nil, dbError(err, "Database error loading user")
	}
	return u, nil
}

func (s *Server) adminGetUser(w http.ResponseWriter, r *http.Request) error {
	var u *user
	err := s.read(ctxOf(r), func(t *txn) (err error) {
		u, err = s.loadAdminUser(t, r)
		return err
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, u)
	return nil
}

func parseBan(d string) (*time.Duration, error) {
	if d == "" {
		return nil, nil
	}
	dur := time.Duration(0)
	if d != "none" {
		var err error
		if dur, err = time.ParseDuration(d); err != nil {
			return nil, badRequest(codeValidationFailed, "invalid format for ban duration: %v", err)
		}
	}
	return &dur, nil
}

func (s *Server) applyBan(u *user, d *time.Duration) {
	if d == nil {
		return
	}
	if *d == 0 {
		u.BannedUntil = nil
		return
	}
	t := s.nowUTC().Add(*d)
	u.BannedUntil = &t
}

func mergeMeta(dst map[string]any, src map[string]any) map[string]any {
	if dst == nil {
		dst = map[string]any{}
	}
	for k, v := range src {
		if v == nil {
			delete(dst, k)
		} else {
			dst[k] = v
		}
	}
	return dst
}

// adminCreateUser is POST /admin/users.
func (s *Server) adminCreateUser(w http.ResponseWriter, r *http.Request) error {
	var p adminUserParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	aud := s.requestAud(r)
	if p.Aud != "" {
		aud = p.Aud
	}
	if p.Email == "" && p.Phone == "" {
		return badRequest(codeValidationFailed, "Cannot create a user without either an email or phone")
	}
	if p.Phone != "" {
		ph, err := validatePhone(p.Phone)
		if err != nil {
			return err
		}
		p.Phone = ph
	}
	if p.Email != "" {
		e, err := validateEmail(p.Email)
		if err != nil {
			return err
		}
		p.Email = e
	}
	if p.Password != nil && p.PasswordHash != "" {
		return badRequest(codeValidationFailed, "Only a password or a password hash should be provided")
	}
	ban, err := parseBan(p.BanDuration)
	if err != nil {
		return err
	}
	if p.ID != "" && !isUUID(p.ID) {
		return badRequest(codeValidationFailed, "ID must conform to the uuid v4 format")
	}
	if p.ID == instanceID {
		return badRequest(codeValidationFailed, "ID cannot be a nil uuid")
	}
	hash := p.PasswordHash
	if p.Password != nil && *p.Password != "" {
		if err := s.checkPasswordStrength(*p.Password); err != nil {
			return err
		}
		if hash, err = s.hashPassword(*p.Password); err != nil {
			return err
		}
	} else if hash == "" {
		if hash, err = s.hashPassword(s.alphanumeric(64)); err != nil {
			return err
		}
	}
	var u *user
	err = s.tx(ctxOf(r), func(t *txn) error {
		if p.Email != "" {
			if _, err := t.userByEmail(p.Email, aud); err == nil {
				return unprocessable(codeEmailExists, "A user with this email address has already been registered")
			} else if !isNotFound(err) {
				return dbError(err, "Database error checking email")
			}
		}
		if p.Phone != "" {
			if _, err := t.userByPhone(p.Phone, aud); err == nil {
				return unprocessable(codePhoneExists, "Phone number already registered by another user")
			} else if !isNotFound(err) {
				return dbError(err, "Database error checking phone")
			}
		}
		u = s.newUser(p.Email, p.Phone, hash, aud, p.UserMetaData)
		if p.ID != "" {
			u.ID = p.ID
		}
		if p.Role != "" {
			u.Role = p.Role
		}
		providers := []any{}
		if p.Email != "" {
			providers = append(providers, "email")
		}
		if p.Phone != "" {
			providers = append(providers, "phone")
		}
		u.AppMetaData = mergeMeta(map[string]any{"provider": providers[0], "providers": providers}, p.AppMetaData)
		now := s.nowUTC()
		if p.EmailConfirm {
			u.EmailConfirmedAt = &now
		}
		if p.PhoneConfirm {
			u.PhoneConfirmedAt = &now
		}
		s.applyBan(u, ban)
		if err := s.createUser(t, u); err != nil {
			return dbError(err, "Database error creating new user")
		}
		if p.Email != "" {
			id, err := s.createIdentity(t, u, "email", p.Email, nil)
			if err != nil {
				return err
			}
			if p.EmailConfirm {
				id.IdentityData["email_verified"] = true
				if err := t.updateIdentity(id); err != nil {
					return dbError(err, "Database error creating new user")
				}
				u.Identities[len(u.Identities)-1] = *id
			}
		}
		if p.Phone != "" {
			id := &identity{ID: s.newID(), ProviderID: u.ID, UserID: u.ID, Provider: "phone", CreatedAt: now, UpdatedAt: now,
				IdentityData: map[string]any{"sub": u.ID, "phone": p.Phone, "email_verified": false, "phone_verified": p.PhoneConfirm}}
			if err := t.insertIdentity(id); err != nil {
				return dbError(err, "Database error creating new user")
			}
			u.Identities = append(u.Identities, *id)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, u)
	return nil
}

// adminUpdateUser is PUT /admin/users/{id}.
func (s *Server) adminUpdateUser(w http.ResponseWriter, r *http.Request) error {
	var p adminUserParams
	if err := readParams(r, &p); err != nil {
		return err
	}
	if p.Email != "" {
		e, err := validateEmail(p.Email)
		if err != nil {
			return err
		}
		p.Email = e
	}
	if p.Phone != "" {
		ph, err := validatePhone(p.Phone)
		if err != nil {
			return err
		}
		p.Phone = ph
	}
	ban, err := parseBan(p.BanDuration)
	if err != nil {
		return err
	}
	var hash string
	if p.Password != nil {
		if err := s.checkPasswordStrength(*p.Password); err != nil {
			return err
		}
		if hash, err = s.hashPassword(*p.Password); err != nil {
			return err
		}
	}
	var u *user
	err = s.tx(ctxOf(r), func(t *txn) error {
		var err error
		if u, err = s.loadAdminUser(t, r); err != nil {
			return err
		}
		now := s.nowUTC()
		if p.Role != "" {
			u.Role = p.Role
		}
		if p.Aud != "" {
			u.Aud = p.Aud
		}
		if p.Email != "" && p.Email != u.Email {
			if _, err := t.userByEmail(p.Email, u.Aud); err == nil {
				return unprocessable(codeEmailExists, "A user with this email address has already been registered")
			} else if !isNotFound(err) {
				return dbError(err, "Database error checking email")
			}
			u.Email = p.Email
			for i := range u.Identities {
				if id := &u.Identities[i]; id.Provider == "email" {
					id.IdentityData["email"] = p.Email
					id.UpdatedAt = now
					if err := t.updateIdentity(id); err != nil {
						return dbError(err, "Error updating user")
					}
				}
			}
			if !hasIdentity(u, "email") {
				if _, err := s.createIdentity(t, u, "email", p.Email, nil); err != nil {
					return err
				}
				u.syncProviders()
			}
		}
		if p.Phone != "" {
			u.Phone = p.Phone
		}
		if p.Password != nil {
			u.EncryptedPassword = hash
		}
		if p.EmailConfirm {
			u.EmailConfirmedAt = &now
		}
		if p.PhoneConfirm {
			u.PhoneConfirmedAt = &now
		}
		if p.UserMetaData != nil {
			u.UserMetaData = mergeMeta(u.UserMetaData, p.UserMetaData)
		}
		if p.AppMetaData != nil {
			u.AppMetaData = mergeMeta(u.AppMetaData, p.AppMetaData)
		}
		s.applyBan(u, ban)
		u.UpdatedAt = now
		if err := t.updateUser(u); err != nil {
			return dbError(err, "Error updating user")
		}
		if ban != nil && *ban > 0 {
			if _, err := t.exec(`delete from auth.sessions where user_id = $1::uuid`, u.ID); err != nil {
				return dbError(err, "Error updating user")
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, u)
	return nil
}

// adminListFactors is GET /admin/users/{id}/factors.
func (s *Server) adminListFactors(w http.ResponseWriter, r *http.Request) error {
	var fs []factor
	err := s.read(ctxOf(r), func(t *txn) error {
		u, err := s.loadAdminUser(t, r)
		if err == nil {
			fs = u.Factors
		}
		return err
	})
	if err != nil {
		return err
	}
	if fs == nil {
		fs = []factor{}
	}
	sendJSON(w, http.StatusOK, fs)
	return nil
}

// adminDeleteFactor is DELETE /admin/users/{id}/factors/{factor_id}: the
// deleted factor.
func (s *Server) adminDeleteFactor(w http.ResponseWriter, r *http.Request) error {
	var f *factor
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.loadAdminUser(t, r)
		if err != nil {
			return err
		}
		if f, err = t.ownedFactor(r, u.ID); err != nil {
			return err
		}
		return s.deleteFactor(t, f)
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, f)
	return nil
}

// adminUpdateFactor is PUT /admin/users/{id}/factors/{factor_id}: the
// friendly name (and a phone factor's number).
func (s *Server) adminUpdateFactor(w http.ResponseWriter, r *http.Request) error {
	var f *factor
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.loadAdminUser(t, r)
		if err != nil {
			return err
		}
		if f, err = t.ownedFactor(r, u.ID); err != nil {
			return err
		}
		var p struct {
			FriendlyName string `json:"friendly_name"`
			Phone        string `json:"phone"`
		}
		if err := readParams(r, &p); err != nil {
			return err
		}
		if p.FriendlyName != "" {
			f.FriendlyName = p.FriendlyName
		}
		if p.Phone != "" && f.FactorType == "phone" {
			if f.Phone, err = validatePhone(p.Phone); err != nil {
				return err
			}
		}
		f.UpdatedAt = s.nowUTC()
		if _, err := t.exec(`update auth.mfa_factors set friendly_name = $2, phone = $3, updated_at = $4::timestamptz where id = $1::uuid`,
			f.ID, f.FriendlyName, nullIfEmpty(f.Phone), pgTime(f.UpdatedAt)); err != nil {
			return dbError(err, "Database error updating factor")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, f)
	return nil
}

// adminDeleteUser is DELETE /admin/users/{id}: a hard delete (foreign keys
// cascade as on Supabase) or, with should_soft_delete, an obfuscated row.
func (s *Server) adminDeleteUser(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		ShouldSoftDelete bool `json:"should_soft_delete"`
	}
	body := http.MaxBytesReader(w, r.Body, maxBody)
	var raw json.RawMessage
	if err := json.NewDecoder(body).Decode(&raw); err == nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, &p); err != nil {
			return badRequest(codeBadJSON, "Could not parse request body as JSON: %v", err)
		}
	}
	err := s.tx(ctxOf(r), func(t *txn) error {
		u, err := s.loadAdminUser(t, r)
		if err != nil {
			return err
		}
		if !p.ShouldSoftDelete {
			if _, err := t.exec(`delete from auth.users where id = $1::uuid`, u.ID); err != nil {
				return dbError(err, "Database error deleting user")
			}
			return nil
		}
		now := s.nowUTC()
		if _, err := t.exec(`delete from auth.sessions where user_id = $1::uuid`, u.ID); err != nil {
			return dbError(err, "Error deleting user's sessions")
		}
		if _, err := t.exec(`delete from auth.identities where user_id = $1::uuid`, u.ID); err != nil {
			return dbError(err, "Error soft deleting user identities")
		}
		if u.Email != "" {
			u.Email = tokenHash(u.ID, u.Email)[:32] + "@deleted.invalid"
		}
		u.Phone = ""
		u.EncryptedPassword = ""
		u.ConfirmationToken, u.RecoveryToken, u.EmailChangeTokenCurrent, u.EmailChangeTokenNew = "", "", "", ""
		u.EmailChange, u.PhoneChange, u.PhoneChangeToken, u.ReauthenticationToken = "", "", "", ""
		u.AppMetaData, u.UserMetaData = map[string]any{}, map[string]any{}
		u.DeletedAt = &now
		u.UpdatedAt = now
		if err := t.updateUser(u); err != nil {
			return dbError(err, "Error soft deleting user")
		}
		return nil
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, map[string]any{})
	return nil
}

// invite is POST /invite: a user with invited_at and an invite email.
func (s *Server) invite(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		Email string         `json:"email"`
		Data  map[string]any `json:"data"`
	}
	if err := readParams(r, &p); err != nil {
		return err
	}
	email, err := validateEmail(p.Email)
	if err != nil {
		return err
	}
	redirectTo := s.redirectTo(r, "")
	aud := s.requestAud(r)
	var u *user
	err = s.tx(ctxOf(r), func(t *txn) error {
		var err error
		u, err = t.userByEmail(email, aud)
		if err == nil {
			if u.isConfirmed() {
				return unprocessable(codeEmailExists, "A user with this email address has already been registered")
			}
		} else if !isNotFound(err) {
			return dbError(err, "Database error finding user")
		} else {
			u = s.newUser(email, "", "", aud, p.Data)
			u.AppMetaData = map[string]any{"provider": "email", "providers": []any{"email"}}
			if err := s.createUser(t, u); err != nil {
				return dbError(err, "Database error saving new user")
			}
			if _, err := s.createIdentity(t, u, "email", email, p.Data); err != nil {
				return err
			}
		}
		return s.sendConfirmation(t, u, redirectTo, "", "", "invite", amrInvite)
	})
	if err != nil {
		return err
	}
	sendJSON(w, http.StatusOK, u)
	return nil
}

// adminGenerateLink is POST /admin/generate_link: the user plus
// action_link, email_otp, hashed_token, verification_type and
// redirect_to, flat; nothing is mailed.
func (s *Server) adminGenerateLink(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		Type       string         `json:"type"`
		Email      string         `json:"email"`
		NewEmail   string         `json:"new_email"`
		Password   string         `json:"password"`
		Data       map[string]any `json:"data"`
		RedirectTo string         `json:"redirect_to"`
	}
	if err := readParams(r, &p); err != nil {
		return err
	}
	email, err := validateEmail(p.Email)
	if err != nil {
		return err
	}
	switch p.Type {
	case "signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new":
	default:
		return badRequest(codeValidationFailed, "Invalid email action link type requested: %v", p.Type)
	}
	if p.Type == "signup" && p.Password != "" {
		if err := s.checkPasswordStrength(p.Password); err != nil {
			return err
		}
	}
	if p.Type == "email_change_current" || p.Type == "email_change_new" {
		if p.NewEmail, err = validateEmail(p.NewEmail); err != nil {
			return err
		}
	}
	redirectTo := s.redirectTo(r, p.RedirectTo)
	aud := s.requestAud(r)
	var u *user
	var mailOut Email
	err = s.tx(ctxOf(r), func(t *txn) error {
		var err error
		u, err = t.userByEmail(email, aud)
		if err != nil && !isNotFound(err) {
			return dbError(err, "Database error finding user")
		}
		now := s.nowUTC()
		if u == nil {
			switch p.Type {
			case "magiclink", "recovery", "email_change_current", "email_change_new":
				return notFound(codeUserNotFound, "User with this email not found")
			}
			hash := ""
			if p.Type == "signup" {
				pw := p.Password
				if pw == "" {
					pw = s.alphanumeric(64)
				}
				if hash, err = s.hashPassword(pw); err != nil {
					return err
				}
			}
			u = s.newUser(email, "", hash, aud, p.Data)
			u.AppMetaData = map[string]any{"provider": "email", "providers": []any{"email"}}
			if err := s.createUser(t, u); err != nil {
				return dbError(err, "Database error saving new user")
			}
			if _, err := s.createIdentity(t, u, "email", email, p.Data); err != nil {
				return err
			}
		} else if (p.Type == "signup" || p.Type == "invite") && u.isConfirmed() {
			return unprocessable(codeEmailExists, "A user with this email address has already been registered")
		}
		otp := s.otpDigits(s.cfg.Email.OTPLength)
		switch p.Type {
		case "signup", "invite":
			hash := tokenHash(u.Email, otp)
			u.ConfirmationToken, u.ConfirmationSentAt = hash, &now
			if p.Type == "invite" {
				u.InvitedAt = &now
			}
			mailOut = s.buildMail(u.Email, p.Type, otp, hash, hash, redirectTo)
		case "magiclink", "recovery":
			hash := tokenHash(u.Email, otp)
			u.RecoveryToken, u.RecoverySentAt = hash, &now
			mailOut = s.buildMail(u.Email, p.Type, otp, hash, hash, redirectTo)
		default:
			if _, err := t.userByEmail(p.NewEmail, aud); err == nil {
				return unprocessable(codeEmailExists, "A user with this email address has already been registered")
			}
			addr := p.NewEmail
			if p.Type == "email_change_current" {
				addr = u.Email
			}
			hash := tokenHash(addr, otp)
			u.EmailChange, u.EmailChangeSentAt, u.EmailChangeConfirmStatus = p.NewEmail, &now, 0
			if p.Type == "email_change_current" {
				u.EmailChangeTokenCurrent = hash
			} else {
				u.EmailChangeTokenNew = hash
			}
			mailOut = s.buildMail(addr, p.Type, otp, hash, hash, redirectTo)
		}
		u.UpdatedAt = now
		if err := t.updateUser(u); err != nil {
			return dbError(err, "Database error updating user")
		}
		return nil
	})
	if err != nil {
		return err
	}
	b, err := json.Marshal(u)
	if err != nil {
		return internalError(err, "Error encoding user")
	}
	out := map[string]any{}
	if err := json.Unmarshal(b, &out); err != nil {
		return internalError(err, "Error encoding user")
	}
	out["action_link"] = mailOut.Link
	out["email_otp"] = mailOut.OTP
	out["hashed_token"] = mailOut.TokenHash
	out["verification_type"] = linkType(p.Type)
	out["redirect_to"] = redirectTo
	sendJSON(w, http.StatusOK, out)
	return nil
}

// authorize is GET /authorize (OAuth). tinybase has no external OAuth
// providers: a known provider is refused as disabled, another as unknown,
// with GoTrue's errors. The email PKCE flow needs no /authorize: pass
// code_challenge to /signup, /otp or /recover and exchange the code from
// the verify redirect at /token?grant_type=pkce.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) error {
	provider := r.URL.Query().Get("provider")
	switch provider {
	case "apple", "azure", "bitbucket", "discord", "facebook", "figma", "fly", "github", "gitlab", "google", "kakao",
		"keycloak", "linkedin", "linkedin_oidc", "notion", "slack", "slack_oidc", "snapchat", "spotify", "twitch",
		"twitter", "workos", "zoom":
		return badRequest(codeValidationFailed, "Unsupported provider: provider is not enabled")
	}
	return badRequest(codeValidationFailed, "Unsupported provider: Provider %s could not be found", provider)
}
