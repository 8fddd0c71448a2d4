// supabase-js end-to-end scenario against tinybase's /auth/v1, run by
// e2e_test.go (go test -tags e2e ./auth -run TestSupabaseJS). Prints one
// JSON object with what the Go side checks; throws on any failure.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const url = process.env.SUPABASE_URL
const anon = process.env.SUPABASE_ANON_KEY
const service = process.env.SUPABASE_SERVICE_ROLE_KEY
// Node 20 has no WebSocket: realtime-js needs the ws package.
const opts = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws } }
const out = {}

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what)
}
function ok({ data, error }, what) {
  if (error) throw new Error(`${what}: ${error.status} ${error.code} ${error.message}`)
  return data
}

const supabase = createClient(url, anon, opts)

// Sign-up (autoconfirm) with metadata the handle_new_user trigger copies.
let d = ok(await supabase.auth.signUp({ email: 'ada@example.com', password: 'correct-horse-1', options: { data: { full_name: 'Ada Lovelace' } } }), 'signUp')
check(d.session && d.session.access_token, 'signUp returns a session')
check(d.user.user_metadata.full_name === 'Ada Lovelace', 'user_metadata from data')
out.userId = d.user.id

// Duplicate sign-up.
let r = await supabase.auth.signUp({ email: 'ada@example.com', password: 'correct-horse-1' })
check(r.error && r.error.code === 'user_already_exists' && r.error.status === 422, 'duplicate sign-up: ' + JSON.stringify(r.error))

// Weak password.
r = await supabase.auth.signUp({ email: 'weak@example.com', password: '123' })
check(r.error && r.error.code === 'weak_password' && r.error.name === 'AuthWeakPasswordError', 'weak password: ' + JSON.stringify(r.error))

// Wrong password.
r = await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'wrong-password' })
check(r.error && r.error.code === 'invalid_credentials' && r.error.status === 400 && r.error.message === 'Invalid login credentials', 'wrong password: ' + JSON.stringify(r.error))

// Sign-in.
d = ok(await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'correct-horse-1' }), 'signInWithPassword')
check(d.session.token_type === 'bearer' && d.session.expires_in === 3600, 'session shape')
const firstRefresh = d.session.refresh_token

// getUser (server round trip).
d = ok(await supabase.auth.getUser(), 'getUser')
check(d.user.email === 'ada@example.com', 'getUser email')

// getClaims decodes and verifies the access token.
d = ok(await supabase.auth.getClaims(), 'getClaims')
check(d.claims.sub === out.userId && d.claims.role === 'authenticated' && d.claims.aud === 'authenticated', 'claims ' + JSON.stringify(d.claims))
check(d.claims.amr[0].method === 'password' && d.claims.aal === 'aal1' && d.claims.is_anonymous === false, 'amr/aal claims')

// Refresh: rotation gives a new refresh token.
d = ok(await supabase.auth.refreshSession(), 'refreshSession')
check(d.session.refresh_token !== firstRefresh, 'refresh token rotated')

// updateUser.
d = ok(await supabase.auth.updateUser({ data: { age: 36 } }), 'updateUser')
check(d.user.user_metadata.age === 36 && d.user.user_metadata.full_name === 'Ada Lovelace', 'updateUser merges metadata')
d = ok(await supabase.auth.updateUser({ password: 'correct-horse-2' }), 'updateUser password')

// Sign-out: the old access token's session is gone.
const oldToken = (await supabase.auth.getSession()).data.session.access_token
ok(await supabase.auth.signOut(), 'signOut')
check((await supabase.auth.getSession()).data.session === null, 'no session after signOut')
r = await supabase.auth.getUser(oldToken)
// auth-js turns GoTrue's 403 session_not_found into AuthSessionMissingError.
check(r.error && r.error.name === 'AuthSessionMissingError', 'getUser after signOut: ' + JSON.stringify(r.error))
d = ok(await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'correct-horse-2' }), 'sign in with the new password')
ok(await supabase.auth.signOut(), 'signOut 2')

// Anonymous sign-in.
d = ok(await supabase.auth.signInAnonymously({ options: { data: { theme: 'dark' } } }), 'signInAnonymously')
check(d.user.is_anonymous === true && d.session.access_token, 'anonymous user')
out.anonId = d.user.id
ok(await supabase.auth.signOut(), 'signOut anon')

// Magic link via the local inbox: the emailed code, then the link.
async function inbox(email) {
  const res = await fetch(`${url}/auth/v1/inbox?email=${encodeURIComponent(email)}`, { headers: { apikey: service, Authorization: `Bearer ${service}` } })
  check(res.ok, 'inbox ' + res.status)
  const { messages } = await res.json()
  check(messages.length > 0, 'an email for ' + email)
  return messages[messages.length - 1]
}
ok(await supabase.auth.signInWithOtp({ email: 'grace@example.com', options: { emailRedirectTo: 'http://127.0.0.1:3000/welcome', data: { full_name: 'Grace Hopper' } } }), 'signInWithOtp')
let mail = await inbox('grace@example.com')
check(mail.type === 'magiclink' && mail.link.includes('/auth/v1/verify?'), 'magic link email ' + JSON.stringify(mail))
d = ok(await supabase.auth.verifyOtp({ email: 'grace@example.com', token: mail.otp, type: 'email' }), 'verifyOtp')
check(d.session && d.user.email === 'grace@example.com', 'verifyOtp session')
out.graceId = d.user.id
ok(await supabase.auth.signOut(), 'signOut grace')

ok(await supabase.auth.signInWithOtp({ email: 'grace@example.com', options: { emailRedirectTo: 'http://127.0.0.1:3000/welcome' } }), 'signInWithOtp 2')
mail = await inbox('grace@example.com')
const res = await fetch(mail.link, { redirect: 'manual' })
check(res.status === 303, 'link redirects: ' + res.status)
const loc = new URL(res.headers.get('location'))
check(loc.origin + loc.pathname === 'http://127.0.0.1:3000/welcome', 'redirect target ' + loc)
const frag = new URLSearchParams(loc.hash.slice(1))
check(frag.get('type') === 'magiclink' && frag.get('token_type') === 'bearer', 'fragment ' + loc.hash)
d = ok(await supabase.auth.setSession({ access_token: frag.get('access_token'), refresh_token: frag.get('refresh_token') }), 'setSession from the link')
check(d.user.email === 'grace@example.com', 'link session user')
ok(await supabase.auth.signOut(), 'signOut grace 2')

// Admin user CRUD with the service_role key.
const admin = createClient(url, service, opts).auth.admin
d = ok(await admin.createUser({ email: 'admin-made@example.com', password: 'secret-pw-1', email_confirm: true, user_metadata: { full_name: 'Made By Admin' } }), 'admin.createUser')
const madeId = d.user.id
r = await admin.createUser({ email: 'admin-made@example.com', password: 'secret-pw-1' })
check(r.error && r.error.code === 'email_exists', 'duplicate admin create: ' + JSON.stringify(r.error))
d = ok(await admin.listUsers({ page: 1, perPage: 2 }), 'admin.listUsers')
check(d.users.length === 2 && d.total === 4 && d.nextPage === 2 && d.lastPage === 2, 'pagination ' + JSON.stringify({ n: d.users.length, total: d.total, next: d.nextPage, last: d.lastPage }))
d = ok(await admin.getUserById(madeId), 'admin.getUserById')
check(d.user.email === 'admin-made@example.com', 'getUserById')
d = ok(await admin.updateUserById(madeId, { user_metadata: { plan: 'pro' }, app_metadata: { tier: 2 } }), 'admin.updateUserById')
check(d.user.user_metadata.plan === 'pro' && d.user.app_metadata.tier === 2 && d.user.app_metadata.provider === 'email', 'updateUserById')
d = ok(await admin.generateLink({ type: 'magiclink', email: 'admin-made@example.com' }), 'admin.generateLink')
check(d.properties.action_link.includes('type=magiclink') && d.properties.email_otp.length === 6 && d.user.id === madeId, 'generateLink')
d = ok(await admin.inviteUserByEmail('invited@example.com', { data: { team: 'core' } }), 'admin.inviteUserByEmail')
check(d.user.invited_at, 'invited_at')
out.invitedId = d.user.id
ok(await admin.deleteUser(madeId), 'admin.deleteUser')
r = await admin.getUserById(madeId)
check(r.error && r.error.status === 404 && r.error.code === 'user_not_found', 'deleted user is gone: ' + JSON.stringify(r.error))
out.madeId = madeId
r = await createClient(url, anon, opts).auth.admin.listUsers()
check(r.error && r.error.code === 'not_admin', 'anon key is not admin')

console.log(JSON.stringify(out))
