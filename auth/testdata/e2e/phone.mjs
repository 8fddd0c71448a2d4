// supabase-js phone scenario against tinybase's /auth/v1, run by
// phone_e2e_test.go (go test -tags e2e ./auth -run TestSupabaseJSPhone):
// SMS OTPs read back from the local inbox. Throws on any failure.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const url = process.env.SUPABASE_URL
const anon = process.env.SUPABASE_ANON_KEY
const service = process.env.SUPABASE_SERVICE_ROLE_KEY
const opts = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws } }

function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what)
}
function ok({ data, error }, what) {
  if (error) throw new Error(`${what}: ${error.status} ${error.code} ${error.message}`)
  return data
}
// lastOTP is the newest SMS code the inbox holds for a number.
async function lastOTP(phone) {
  const r = await fetch(`${url}/auth/v1/inbox?email=${phone}`, { headers: { apikey: service, Authorization: `Bearer ${service}` } })
  const { messages } = await r.json()
  check(messages.length > 0, `an SMS to ${phone}`)
  const m = messages[messages.length - 1]
  check(m.body === `Your code is ${m.otp}`, 'the rendered template')
  return m.otp
}

const supabase = createClient(url, anon, opts)

// Sign-up with confirmations: no session until the SMS code is verified.
let d = ok(await supabase.auth.signUp({ phone: '+15550120', password: 'correct-horse-1' }), 'signUp')
check(d.session === null && d.user.phone === '15550120', 'signUp returns the unconfirmed user')
let r = await supabase.auth.signInWithPassword({ phone: '+15550120', password: 'correct-horse-1' })
check(r.error && r.error.code === 'phone_not_confirmed', 'password sign-in before confirmation')
d = ok(await supabase.auth.verifyOtp({ phone: '+15550120', token: await lastOTP('15550120'), type: 'sms' }), 'verifyOtp sms')
check(d.session && d.user.phone_confirmed_at, 'verified session')
d = ok(await supabase.auth.signInWithPassword({ phone: '+15550120', password: 'correct-horse-1' }), 'signInWithPassword')
check(d.session.user.app_metadata.provider === 'phone', 'provider phone')

// Phone change: the code goes to the new number.
const user = createClient(url, anon, opts)
await user.auth.setSession(d.session)
ok(await user.auth.updateUser({ phone: '+15550122' }), 'updateUser phone')
d = ok(await user.auth.verifyOtp({ phone: '+15550122', token: await lastOTP('15550122'), type: 'phone_change' }), 'verifyOtp phone_change')
check(d.user.phone === '15550122', 'phone changed')

// OTP sign-in with a [auth.sms.test_otp] number: fixed code, nothing sent.
ok(await supabase.auth.signInWithOtp({ phone: '+15550121' }), 'signInWithOtp new user')
d = ok(await supabase.auth.verifyOtp({ phone: '+15550121', token: '123456', type: 'sms' }), 'verifyOtp test OTP')
check(d.session, 'test OTP session')
r = await supabase.auth.signInWithOtp({ phone: '+15550125', options: { shouldCreateUser: false } })
check(r.error && r.error.code === 'otp_disabled', 'shouldCreateUser false')
r = await supabase.auth.signInWithOtp({ phone: 'not-a-number' })
check(r.error && r.error.message === 'Invalid phone number format (E.164 required)', 'E.164')
ok(await supabase.auth.resend({ type: 'sms', phone: '+15550126' }), 'resend to an unknown number')

// Admin: a confirmed phone user.
const admin = createClient(url, service, opts)
d = ok(await admin.auth.admin.createUser({ phone: '+15550124', phone_confirm: true, password: 'correct-horse-2' }), 'admin createUser')
check(d.user.phone === '15550124' && d.user.phone_confirmed_at, 'admin phone user')
ok(await supabase.auth.signInWithPassword({ phone: '15550124', password: 'correct-horse-2' }), 'admin user signs in')
console.log(JSON.stringify({ ok: true }))
