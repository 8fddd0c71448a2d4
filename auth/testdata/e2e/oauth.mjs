// supabase-js end-to-end scenario for the OAuth 2.1 server, run by
// oauth_e2e_test.go (go test -tags e2e ./auth -run TestSupabaseJSOAuth):
// an admin registers a client, the client sends the browser to
// /oauth/authorize, the consent page uses supabase.auth.oauth.*, and the
// client exchanges the code at /oauth/token. Throws on any failure.
import { createClient } from '@supabase/supabase-js'
import { createHash, randomBytes } from 'node:crypto'
import ws from 'ws'

const url = process.env.SUPABASE_URL
const anon = process.env.SUPABASE_ANON_KEY
const service = process.env.SUPABASE_SERVICE_ROLE_KEY
const opts = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws } }
const cb = 'http://localhost:4000/callback'

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what)
}
function ok({ data, error }, what) {
  if (error) throw new Error(`${what}: ${error.status} ${error.code} ${error.message}`)
  return data
}

const admin = createClient(url, service, opts).auth.admin
const client = ok(await admin.oauth.createClient({ client_name: 'Notes', redirect_uris: [cb] }), 'admin.oauth.createClient')
check(client.client_id && client.client_secret, 'client secret shown once')

const supabase = createClient(url, anon, opts)
ok(await supabase.auth.signUp({ email: 'ada@example.com', password: 'correct-horse-1' }), 'signUp')

const verifier = randomBytes(32).toString('base64url')
const challenge = createHash('sha256').update(verifier).digest('base64url')
const authorize = async () => {
  const q = new URLSearchParams({ client_id: client.client_id, redirect_uri: cb, response_type: 'code', scope: 'openid email', state: 'st', code_challenge: challenge, code_challenge_method: 'S256' })
  const res = await fetch(`${url}/auth/v1/oauth/authorize?${q}`, { redirect: 'manual' })
  check(res.status === 302, 'authorize status ' + res.status)
  const loc = new URL(res.headers.get('location'))
  check(loc.pathname === '/oauth/consent', 'consent page ' + loc)
  return loc.searchParams.get('authorization_id')
}

let id = await authorize()
let d = ok(await supabase.auth.oauth.getAuthorizationDetails(id), 'getAuthorizationDetails')
check(d.authorization_id === id && d.client.name === 'Notes' && d.scope === 'openid email' && d.user.email === 'ada@example.com', 'details ' + JSON.stringify(d))
d = ok(await supabase.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true }), 'approveAuthorization')
const back = new URL(d.redirect_url)
check(back.searchParams.get('state') === 'st', 'state ' + d.redirect_url)

const res = await fetch(`${url}/auth/v1/oauth/token`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Basic ' + Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64') },
  body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code'), redirect_uri: cb, code_verifier: verifier }),
})
const tokens = await res.json()
check(res.status === 200 && tokens.access_token && tokens.refresh_token, 'token exchange ' + JSON.stringify(tokens))
// The client's token is a Supabase access token: getUser accepts it.
const asClient = createClient(url, anon, { ...opts, global: { headers: { Authorization: 'Bearer ' + tokens.access_token } } })
d = ok(await asClient.auth.getUser(tokens.access_token), 'getUser with the client token')
check(d.user.email === 'ada@example.com', 'client token user')

// Already granted: the next authorization is approved at once.
id = await authorize()
d = ok(await supabase.auth.oauth.getAuthorizationDetails(id), 'getAuthorizationDetails again')
check(d.redirect_url && d.redirect_url.includes('code='), 'auto-approved ' + JSON.stringify(d))

// Denied: access_denied back to the client.
id = await authorize()
ok(await supabase.auth.oauth.revokeGrant({ clientId: client.client_id }), 'revokeGrant')
d = ok(await supabase.auth.oauth.getAuthorizationDetails(id), 'details after revoking')
check(d.authorization_id === id, 'consent asked again after revoking')
d = ok(await supabase.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true }), 'denyAuthorization')
check(d.redirect_url.includes('error=access_denied'), 'denied ' + d.redirect_url)
d = ok(await supabase.auth.oauth.listGrants(), 'listGrants')
check(Array.isArray(d) && d.length === 0, 'no grants left ' + JSON.stringify(d))
console.log(JSON.stringify({ ok: true }))
