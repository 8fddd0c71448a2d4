package auth

import (
	"encoding/json"
	"sort"
	"strings"
	"time"
)

// instanceID is GoTrue's single-instance id written to instance_id columns.
const instanceID = "00000000-0000-0000-0000-000000000000"

// user is one auth.users row (GoTrue models.User).
type user struct {
	ID                       string
	Aud                      string
	Role                     string
	Email                    string
	EncryptedPassword        string // "" when the user has none
	EmailConfirmedAt         *time.Time
	InvitedAt                *time.Time
	Phone                    string
	PhoneConfirmedAt         *time.Time
	ConfirmationToken        string
	ConfirmationSentAt       *time.Time
	ConfirmedAt              *time.Time
	RecoveryToken            string
	RecoverySentAt           *time.Time
	EmailChangeTokenCurrent  string
	EmailChangeTokenNew      string
	EmailChange              string
	EmailChangeSentAt        *time.Time
	EmailChangeConfirmStatus int
	PhoneChange              string
	PhoneChangeToken         string
	PhoneChangeSentAt        *time.Time
	ReauthenticationToken    string
	ReauthenticationSentAt   *time.Time
	LastSignInAt             *time.Time
	AppMetaData              map[string]any
	UserMetaData             map[string]any
	CreatedAt                time.Time
	UpdatedAt                time.Time
	BannedUntil              *time.Time
	DeletedAt                *time.Time
	IsAnonymous              bool
	Identities               []identity
	Factors                  []factor
}

// userJSON is models.User's JSON form: secrets are never serialized.
type userJSON struct {
	ID                     string         `json:"id"`
	Aud                    string         `json:"aud"`
	Role                   string         `json:"role"`
	Email                  string         `json:"email"`
	EmailConfirmedAt       *time.Time     `json:"email_confirmed_at,omitempty"`
	InvitedAt              *time.Time     `json:"invited_at,omitempty"`
	Phone                  string         `json:"phone"`
	PhoneConfirmedAt       *time.Time     `json:"phone_confirmed_at,omitempty"`
	ConfirmationSentAt     *time.Time     `json:"confirmation_sent_at,omitempty"`
	ConfirmedAt            *time.Time     `json:"confirmed_at,omitempty"`
	RecoverySentAt         *time.Time     `json:"recovery_sent_at,omitempty"`
	EmailChange            string         `json:"new_email,omitempty"`
	EmailChangeSentAt      *time.Time     `json:"email_change_sent_at,omitempty"`
	PhoneChange            string         `json:"new_phone,omitempty"`
	PhoneChangeSentAt      *time.Time     `json:"phone_change_sent_at,omitempty"`
	ReauthenticationSentAt *time.Time     `json:"reauthentication_sent_at,omitempty"`
	LastSignInAt           *time.Time     `json:"last_sign_in_at,omitempty"`
	AppMetaData            map[string]any `json:"app_metadata"`
	UserMetaData           map[string]any `json:"user_metadata"`
	Identities             []identity     `json:"identities"`
	Factors                []factor       `json:"factors,omitempty"`
	CreatedAt              time.Time      `json:"created_at"`
	UpdatedAt              time.Time      `json:"updated_at"`
	BannedUntil            *time.Time     `json:"banned_until,omitempty"`
	DeletedAt              *time.Time     `json:"deleted_at,omitempty"`
	IsAnonymous            bool           `json:"is_anonymous"`
}

func (u *user) MarshalJSON() ([]byte, error) {
	ids := u.Identities
	if ids == nil {
		ids = []identity{}
	}
	am, um := u.AppMetaData, u.UserMetaData
	if am == nil {
		am = map[string]any{}
	}
	if um == nil {
		um = map[string]any{}
	}
	return json.Marshal(userJSON{
		ID: u.ID, Aud: u.Aud, Role: u.Role, Email: u.Email,
		EmailConfirmedAt: u.EmailConfirmedAt, InvitedAt: u.InvitedAt,
		Phone: u.Phone, PhoneConfirmedAt: u.PhoneConfirmedAt,
		ConfirmationSentAt: u.ConfirmationSentAt, ConfirmedAt: u.ConfirmedAt,
		RecoverySentAt: u.RecoverySentAt, EmailChange: u.EmailChange,
		EmailChangeSentAt: u.EmailChangeSentAt, PhoneChange: u.PhoneChange,
		PhoneChangeSentAt: u.PhoneChangeSentAt, ReauthenticationSentAt: u.ReauthenticationSentAt,
		LastSignInAt: u.LastSignInAt, AppMetaData: am, UserMetaData: um,
		Identities: ids, Factors: u.Factors, CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt,
		BannedUntil: u.BannedUntil, DeletedAt: u.DeletedAt, IsAnonymous: u.IsAnonymous,
	})
}

// isConfirmed is models.User.IsConfirmed: the email is confirmed.
func (u *user) isConfirmed() bool { return u.EmailConfirmedAt != nil }

func (u *user) isBanned(now time.Time) bool {
	return u.BannedUntil != nil && now.Before(*u.BannedUntil)
}

// providers lists the user's identity providers for app_metadata.
func (u *user) syncProviders() {
	if u.AppMetaData == nil {
		u.AppMetaData = map[string]any{}
	}
	var ps []string
	seen := map[string]bool{}
	for _, id := range u.Identities {
		if !seen[id.Provider] {
			seen[id.Provider] = true
			ps = append(ps, id.Provider)
		}
	}
	if len(ps) == 0 {
		return
	}
	if _, ok := u.AppMetaData["provider"]; !ok {
		u.AppMetaData["provider"] = ps[0]
	}
	sort.Strings(ps)
	anyPs := make([]any, len(ps))
	for i, p := range ps {
		anyPs[i] = p
	}
	u.AppMetaData["providers"] = anyPs
}

// identity is one auth.identities row.
type identity struct {
	ID           string         `json:"identity_id"`
	ProviderID   string         `json:"id"`
	UserID       string         `json:"user_id"`
	IdentityData map[string]any `json:"identity_data,omitempty"`
	Provider     string         `json:"provider"`
	LastSignInAt *time.Time     `json:"last_sign_in_at,omitempty"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
	Email        string         `json:"email,omitempty"`
}

// session is one auth.sessions row.
type session struct {
	ID          string
	UserID      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	AAL         string
	NotAfter    *time.Time
	RefreshedAt *time.Time
	ClientID    string // oauth_client_id: the OAuth client holding it
}

// refreshToken is one auth.refresh_tokens row.
type refreshToken struct {
	ID        int64
	Token     string
	UserID    string
	Revoked   bool
	CreatedAt time.Time
	UpdatedAt time.Time
	Parent    string
	SessionID string
}

const userCols = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, phone, phone_confirmed_at,
 confirmation_token, confirmation_sent_at, confirmed_at, recovery_token, recovery_sent_at,
 email_change_token_current, email_change_token_new, email_change, email_change_sent_at, email_change_confirm_status,
 phone_change, phone_change_token, phone_change_sent_at, reauthentication_token, reauthentication_sent_at,
 last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous`

func scanUser(r []*string) *user {
	u := &user{
		ID: str(r[0]), Aud: str(r[1]), Role: str(r[2]), Email: str(r[3]), EncryptedPassword: str(r[4]),
		EmailConfirmedAt: parseTime(r[5]), InvitedAt: parseTime(r[6]), Phone: str(r[7]), PhoneConfirmedAt: parseTime(r[8]),
		ConfirmationToken: str(r[9]), ConfirmationSentAt: parseTime(r[10]), ConfirmedAt: parseTime(r[11]),
		RecoveryToken: str(r[12]), RecoverySentAt: parseTime(r[13]),
		EmailChangeTokenCurrent: str(r[14]), EmailChangeTokenNew: str(r[15]), EmailChange: str(r[16]),
		EmailChangeSentAt: parseTime(r[17]), EmailChangeConfirmStatus: intText(r[18]),
		PhoneChange: str(r[19]), PhoneChangeToken: str(r[20]), PhoneChangeSentAt: parseTime(r[21]),
		ReauthenticationToken: str(r[22]), ReauthenticationSentAt: parseTime(r[23]),
		LastSignInAt: parseTime(r[24]), AppMetaData: jsonMap(r[25]), UserMetaData: jsonMap(r[26]),
		BannedUntil: parseTime(r[29]), DeletedAt: parseTime(r[30]), IsAnonymous: boolText(r[31]),
	}
	if t := parseTime(r[27]); t != nil {
		u.CreatedAt = *t
	}
	if t := parseTime(r[28]); t != nil {
		u.UpdatedAt = *t
	}
	return u
}

// findUser loads one user by a WHERE clause over auth.users, with its
// identities. It returns errNotFound when no row matches.
func (t *txn) findUser(where string, args ...any) (*user, error) {
	return t.findUserSQL("select "+userCols+" from auth.users where "+where+" limit 1", args...)
}

// userByIDSQL reads a user by primary key: at most one row, so no LIMIT
// for the engine to plan.
const userByIDSQL = "select " + userCols + " from auth.users where id = $1::uuid"

func (t *txn) findUserSQL(q string, args ...any) (*user, error) {
	rows, err := t.query(q, args...)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errNotFound
	}
	u := scanUser(rows[0])
	if u.Identities, err = t.identities(u.ID); err != nil {
		return nil, err
	}
	if u.Factors, err = t.factors(u.ID); err != nil {
		return nil, err
	}
	return u, nil
}

func (t *txn) userByID(id string) (*user, error) {
	if !isUUID(id) {
		return nil, errNotFound
	}
	return t.findUserSQL(userByIDSQL, id)
}

// userByEmail is models.FindUserByEmailAndAudience: the user whose
// lower(email) is lower(email) in the audience, not an SSO user.
//
// GoTrue stores emails lower-cased under the single instance id, where
// the users_instance_id_email_idx index on (instance_id, email) finds
// them; an ASCII address is looked up there first, as its lower-cased
// form (ASCII lower-casing is lower()'s in every locale, so a row found
// satisfies GoTrue's condition). Rows written otherwise (mixed case by a
// seed or by SQL, another instance id) are found by GoTrue's own
// condition, which reads every user.
func (t *txn) userByEmail(email, aud string) (*user, error) {
	if key := strings.ToLower(email); isASCII(email) && len(key) <= 255 {
		u, err := t.findUser("instance_id = $1::uuid and email = $2::varchar(255) and aud = $3 and is_sso_user = false", instanceID, key, aud)
		if err != errNotFound {
			return u, err
		}
	}
	return t.findUser("lower(email) = lower($1) and aud = $2 and is_sso_user = false", email, aud)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func (t *txn) userByPhone(phone, aud string) (*user, error) {
	return t.findUser("phone = $1 and aud = $2 and is_sso_user = false", phone, aud)
}

// identities loads a user's identities in GoTrue's order (created_at,
// then id). The rows are few, so they are sorted here rather than by the
// statement: an ORDER BY made the lookup cost half as much again on
// tinybase's engine, and this runs on every sign-in, refresh and GET /user.
func (t *txn) identities(userID string) ([]identity, error) {
	rows, err := t.query(`select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
 from auth.identities where user_id = $1::uuid`, userID)
	if err != nil {
		return nil, err
	}
	sortIdentityRows(rows)
	out := []identity{}
	for _, r := range rows {
		id := identity{ID: str(r[0]), ProviderID: str(r[1]), UserID: str(r[2]), IdentityData: jsonMap(r[3]),
			Provider: str(r[4]), LastSignInAt: parseTime(r[5]), Email: str(r[8])}
		if tm := parseTime(r[6]); tm != nil {
			id.CreatedAt = *tm
		}
		if tm := parseTime(r[7]); tm != nil {
			id.UpdatedAt = *tm
		}
		out = append(out, id)
	}
	return out, nil
}

// sortIdentityRows orders identity rows as ORDER BY created_at, id does
// in PostgreSQL: by time with NULLs last, then by id (a uuid compares as
// its bytes, which is the order of its canonical lower-case text).
func sortIdentityRows(rows [][]*string) {
	sort.SliceStable(rows, func(i, j int) bool {
		ti, tj := parseTime(rows[i][6]), parseTime(rows[j][6])
		switch {
		case ti == nil && tj != nil:
			return false
		case ti != nil && tj == nil:
			return true
		case ti != nil && !ti.Equal(*tj):
			return ti.Before(*tj)
		}
		return strings.ToLower(str(rows[i][0])) < strings.ToLower(str(rows[j][0]))
	})
}

// insertUser writes a new auth.users row (GoTrue's tx.Create(user)).
func (t *txn) insertUser(u *user) error {
	_, err := t.exec(`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
 phone, phone_confirmed_at, confirmation_token, confirmation_sent_at, recovery_token, recovery_sent_at,
 email_change_token_current, email_change_token_new, email_change, email_change_sent_at, email_change_confirm_status,
 phone_change, phone_change_token, phone_change_sent_at, reauthentication_token, reauthentication_sent_at,
 last_sign_in_at, raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, banned_until, is_anonymous)
 values ($1::uuid, $2::uuid, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz, $9, $10::timestamptz, $11, $12::timestamptz, $13, $14::timestamptz,
 $15, $16, $17, $18::timestamptz, $19::smallint, $20, $21, $22::timestamptz, $23, $24::timestamptz,
 $25::timestamptz, $26::jsonb, $27::jsonb, false, $28::timestamptz, $29::timestamptz, $30::timestamptz, $31::boolean)`,
		instanceID, u.ID, u.Aud, u.Role, nullIfEmpty(u.Email), u.EncryptedPassword, pgTimePtr(u.EmailConfirmedAt), pgTimePtr(u.InvitedAt),
		nullIfEmpty(u.Phone), pgTimePtr(u.PhoneConfirmedAt), u.ConfirmationToken, pgTimePtr(u.ConfirmationSentAt), u.RecoveryToken, pgTimePtr(u.RecoverySentAt),
		u.EmailChangeTokenCurrent, u.EmailChangeTokenNew, u.EmailChange, pgTimePtr(u.EmailChangeSentAt), int64(u.EmailChangeConfirmStatus),
		u.PhoneChange, u.PhoneChangeToken, pgTimePtr(u.PhoneChangeSentAt), u.ReauthenticationToken, pgTimePtr(u.ReauthenticationSentAt),
		pgTimePtr(u.LastSignInAt), jsonText(u.AppMetaData), jsonText(u.UserMetaData), pgTime(u.CreatedAt), pgTime(u.UpdatedAt),
		pgTimePtr(u.BannedUntil), u.IsAnonymous)
	if err != nil {
		return err
	}
	u.ConfirmedAt = leastTime(u.EmailConfirmedAt, u.PhoneConfirmedAt)
	return nil
}

// updateUser writes the user's mutable columns back.
func (t *txn) updateUser(u *user) error {
	_, err := t.exec(`update auth.users set aud = $2, role = $3, email = $4, encrypted_password = $5, email_confirmed_at = $6::timestamptz,
 invited_at = $7::timestamptz, phone = $8, phone_confirmed_at = $9::timestamptz, confirmation_token = $10, confirmation_sent_at = $11::timestamptz,
 recovery_token = $12, recovery_sent_at = $13::timestamptz, email_change_token_current = $14, email_change_token_new = $15,
 email_change = $16, email_change_sent_at = $17::timestamptz, email_change_confirm_status = $18::smallint, phone_change = $19,
 phone_change_token = $20, phone_change_sent_at = $21::timestamptz, reauthentication_token = $22, reauthentication_sent_at = $23::timestamptz,
 last_sign_in_at = $24::timestamptz, raw_app_meta_data = $25::jsonb, raw_user_meta_data = $26::jsonb, updated_at = $27::timestamptz,
 banned_until = $28::timestamptz, deleted_at = $29::timestamptz, is_anonymous = $30::boolean
 where id = $1::uuid`,
		u.ID, u.Aud, u.Role, nullIfEmpty(u.Email), u.EncryptedPassword, pgTimePtr(u.EmailConfirmedAt),
		pgTimePtr(u.InvitedAt), nullIfEmpty(u.Phone), pgTimePtr(u.PhoneConfirmedAt), u.ConfirmationToken, pgTimePtr(u.ConfirmationSentAt),
		u.RecoveryToken, pgTimePtr(u.RecoverySentAt), u.EmailChangeTokenCurrent, u.EmailChangeTokenNew,
		u.EmailChange, pgTimePtr(u.EmailChangeSentAt), int64(u.EmailChangeConfirmStatus), u.PhoneChange,
		u.PhoneChangeToken, pgTimePtr(u.PhoneChangeSentAt), u.ReauthenticationToken, pgTimePtr(u.ReauthenticationSentAt),
		pgTimePtr(u.LastSignInAt), jsonText(u.AppMetaData), jsonText(u.UserMetaData), pgTime(u.UpdatedAt),
		pgTimePtr(u.BannedUntil), pgTimePtr(u.DeletedAt), u.IsAnonymous)
	if err != nil {
		return err
	}
	u.ConfirmedAt = leastTime(u.EmailConfirmedAt, u.PhoneConfirmedAt)
	return nil
}

func leastTime(a, b *time.Time) *time.Time {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case b.Before(*a):
		return b
	}
	return a
}

// insertIdentity writes an auth.identities row.
func (t *txn) insertIdentity(id *identity) error {
	rows, err := t.query(`insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
 values ($1::uuid, $2, $3::uuid, $4::jsonb, $5, $6::timestamptz, $7::timestamptz, $8::timestamptz) returning email`,
		id.ID, id.ProviderID, id.UserID, jsonText(id.IdentityData), id.Provider, pgTimePtr(id.LastSignInAt), pgTime(id.CreatedAt), pgTime(id.UpdatedAt))
	if err != nil {
		return err
	}
	if len(rows) == 1 {
		id.Email = str(rows[0][0])
	}
	return nil
}

func (t *txn) updateIdentity(id *identity) error {
	rows, err := t.query(`update auth.identities set identity_data = $2::jsonb, last_sign_in_at = $3::timestamptz, updated_at = $4::timestamptz
 where id = $1::uuid returning email`, id.ID, jsonText(id.IdentityData), pgTimePtr(id.LastSignInAt), pgTime(id.UpdatedAt))
	if err != nil {
		return err
	}
	if len(rows) == 1 {
		id.Email = str(rows[0][0])
	}
	return nil
}

const sessionCols = `id, user_id, created_at, updated_at, aal, not_after, refreshed_at, oauth_client_id`

func scanSession(r []*string) *session {
	s := &session{ID: str(r[0]), UserID: str(r[1]), AAL: str(r[4]), NotAfter: parseTime(r[5]), RefreshedAt: parseTime(r[6]), ClientID: str(r[7])}
	if t := parseTime(r[2]); t != nil {
		s.CreatedAt = *t
	}
	if t := parseTime(r[3]); t != nil {
		s.UpdatedAt = *t
	}
	return s
}

func (t *txn) sessionByID(id string) (*session, error) {
	if !isUUID(id) {
		return nil, errNotFound
	}
	rows, err := t.query("select "+sessionCols+" from auth.sessions where id = $1::uuid", id)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errNotFound
	}
	return scanSession(rows[0]), nil
}

func (t *txn) insertSession(s *session, userAgent, ip string) error {
	_, err := t.exec(`insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, oauth_client_id)
 values ($1::uuid, $2::uuid, $3::timestamptz, $4::timestamptz, $5::auth.aal_level, $6, $7, $8::uuid)`,
		s.ID, s.UserID, pgTime(s.CreatedAt), pgTime(s.UpdatedAt), s.AAL, nullIfEmpty(userAgent), nullIfEmpty(ip), nullIfEmpty(s.ClientID))
	return err
}

const refreshCols = `id, token, user_id, revoked, created_at, updated_at, parent, session_id`

func scanRefresh(r []*string) *refreshToken {
	rt := &refreshToken{Token: str(r[1]), UserID: str(r[2]), Revoked: boolText(r[3]), Parent: str(r[6]), SessionID: str(r[7])}
	rt.ID = int64(intText(r[0]))
	if t := parseTime(r[4]); t != nil {
		rt.CreatedAt = *t
	}
	if t := parseTime(r[5]); t != nil {
		rt.UpdatedAt = *t
	}
	return rt
}

// refreshByToken finds a refresh token by its value. The parameter is
// typed as the column is (character varying(255)), so the lookup takes
// the refresh_tokens_token_unique index: compared untyped, tinybase's
// engine scanned every token ever issued. A longer value is no token.
func (t *txn) refreshByToken(token string) (*refreshToken, error) {
	if len(token) > 255 {
		return nil, errNotFound
	}
	rows, err := t.query("select "+refreshCols+" from auth.refresh_tokens where token = $1::varchar(255)", token)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errNotFound
	}
	return scanRefresh(rows[0]), nil
}

// activeRefresh is session.FindCurrentlyActiveRefreshToken.
func (t *txn) activeRefresh(sessionID string) (*refreshToken, error) {
	rows, err := t.query("select "+refreshCols+" from auth.refresh_tokens where session_id = $1::uuid and revoked = false order by id desc limit 1", sessionID)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errNotFound
	}
	return scanRefresh(rows[0]), nil
}

func (t *txn) insertRefresh(rt *refreshToken) error {
	rows, err := t.query(`insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
 values ($1::uuid, $2, $3, false, $4::timestamptz, $5::timestamptz, $6, $7::uuid) returning id`,
		instanceID, rt.Token, rt.UserID, pgTime(rt.CreatedAt), pgTime(rt.UpdatedAt), nullIfEmpty(rt.Parent), rt.SessionID)
	if err != nil {
		return err
	}
	if len(rows) == 1 {
		rt.ID = int64(intText(rows[0][0]))
	}
	return nil
}

// amr is session.CalculateAALAndAMR's amr part: most recent first.
func (t *txn) amr(sessionID string) ([]amrEntry, error) {
	rows, err := t.query(`select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1::uuid`, sessionID)
	if err != nil {
		return nil, err
	}
	out := make([]amrEntry, 0, len(rows))
	for _, r := range rows {
		e := amrEntry{Method: str(r[0])}
		if tm := parseTime(r[1]); tm != nil {
			e.Timestamp = tm.Unix()
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Timestamp > out[j].Timestamp })
	return out, nil
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
				return false
			}
		}
	}
	return true
}
