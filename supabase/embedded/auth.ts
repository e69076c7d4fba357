// A GoTrue-compatible /auth/v1 (spec §7), executed against PGlite. The gateway calls it under the global mutex.
// Passwords are hashed and checked in SQL (pgcrypto bcrypt); tokens are HS256 JWTs signed with jose.

import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { JWT_EXPIRY_SECONDS, REFRESH_TOKEN_REUSE_SECONDS } from "./keys";
import type { AuthConfig } from "./config";
import { renderTemplate, type SendMail } from "./mail";
import { newTotp, totpCodeMatches } from "./totp";

interface AuthRequest {
  method: string;
  /** The connection's address; rate limits count per client (see clientOf). */
  remoteAddress?: string;
  /** The path below /auth/v1, e.g. "/token". */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export interface AuthOptions {
  db: PGlite;
  /** The public base URL of the gateway; the issuer is `${publicUrl}/auth/v1`. */
  publicUrl: string;
  jwtSecret: string;
  /** supabase/config.toml's auth settings. */
  config: AuthConfig;
  /** Where auth mail goes (the local catcher); null: mail cannot be sent (GoTrue answers 500). */
  sendMail: SendMail | null;
  log: (line: string) => void;
}

type Queryable = PGlite | Transaction;
type Json = Record<string, unknown>;

interface Caller {
  userId: string;
  sessionId: string | null;
  /** The session's assurance level: aal2 once a factor was verified in it. */
  aal: string;
}

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

const API_VERSION_HEADERS = { "x-supabase-api-version": "2024-01-01" };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FACTOR_PATH = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/;
/** GoTrue's mfa.challenge_expiry_duration default. */
const CHALLENGE_EXPIRY_SECONDS = 300;
/** Wrong codes a factor may receive within WRONG_CODE_WINDOW_SECONDS before verification answers 429. */
const WRONG_CODES_ALLOWED = 5;
const WRONG_CODE_WINDOW_SECONDS = 60;

export interface AuthHandler {
  (request: AuthRequest): Promise<AuthResponse>;
  /** Forgets the rate limits' counts (the gateway's /__reset starts from nothing). */
  forgetLimits(): void;
}

export function createAuthHandler(options: AuthOptions): AuthHandler {
  const { db, log } = options;
  const issuer = `${options.publicUrl}/auth/v1`;
  const secret = new TextEncoder().encode(options.jwtSecret);

  /** config.toml's [auth.rate_limit]: when each client's requests of each kind came, within the kind's window. */
  const limited = new Map<string, number[]>();
  const LIMITS = {
    signInSignUps: { max: options.config.rateLimit.signInSignUps, windowMs: 5 * 60_000 },
    tokenRefresh: { max: options.config.rateLimit.tokenRefresh, windowMs: 5 * 60_000 },
    tokenVerifications: { max: options.config.rateLimit.tokenVerifications, windowMs: 5 * 60_000 },
  };

  /** Counts one request of `kind` for the request's client; beyond the limit, GoTrue's 429. */
  function countRequest(kind: keyof typeof LIMITS, request: AuthRequest) {
    const { max, windowMs } = LIMITS[kind];
    const key = `${kind} ${clientOf(request)}`;
    const now = Date.now();
    const recent = (limited.get(key) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= max) {
      limited.set(key, recent);
      throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
    }
    recent.push(now);
    limited.set(key, recent);
  }

  const routes: Record<string, Partial<Record<string, (request: AuthRequest) => Promise<AuthResponse>>>> = {
    "/token": { POST: token },
    "/user": { GET: getUser, PUT: updateUser },
    "/logout": { POST: logout },
    "/signup": { POST: signup },
    "/recover": { POST: recover },
    "/verify": { POST: verify },
    "/factors": { POST: enroll },
    "/settings": { GET: async () => json(200, { ...SETTINGS, mailer_autoconfirm: !options.config.enableConfirmations }) },
    "/health": { GET: async () => json(200, HEALTH) },
  };

  const handle = async function handle(request: AuthRequest): Promise<AuthResponse> {
    try {
      const path = request.path.replace(/\/+$/, "") || "/";
      const factorPath = FACTOR_PATH.exec(path);
      if (factorPath) return await factorRoute(request, factorPath[1], factorPath[2]);
      const route = routes[path];
      if (!route) throw new AuthError(404, "not_found", `Unknown auth endpoint: ${request.method} /auth/v1${path}`);
      const handler = route[request.method];
      if (!handler) throw new AuthError(405, "method_not_allowed", `${request.method} is not allowed on /auth/v1${path}`);
      return await handler(request);
    } catch (error) {
      if (error instanceof AuthError) return errorResponse(error);
      log(`auth: unexpected failure: ${(error as Error)?.stack ?? error}`);
      return errorResponse(new AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information"));
    }
  };
  const handler = Object.assign(handle, { forgetLimits: () => limited.clear() });

  // POST /token?grant_type=password|refresh_token
  async function token(request: AuthRequest): Promise<AuthResponse> {
    const grantType = request.query.get("grant_type");
    const body = parseBody(request.body);
    if (grantType === "password") {
      countRequest("signInSignUps", request);
      return json(200, await passwordGrant(body));
    }
    if (grantType === "refresh_token") {
      countRequest("tokenRefresh", request);
      return json(200, await refreshGrant(body));
    }
    throw new AuthError(400, "invalid_credentials", "unsupported_grant_type");
  }

  async function passwordGrant(body: Json) {
    const email = typeof body.email === "string" ? body.email.trim() : "";
    const phone = typeof body.phone === "string" ? body.phone.trim() : "";
    const password = typeof body.password === "string" ? body.password : "";
    if (!email && !phone) throw new AuthError(400, "validation_failed", "missing email or phone");

    const found = await db
      .query<{ id: string; ok: boolean; confirmed: boolean; banned: boolean }>(
        `select id,
                coalesce(encrypted_password, '') <> '' and $3 <> ''
                  and extensions.crypt($3, ${normalizedHash}) = ${normalizedHash} as ok,
                (email_confirmed_at is not null or phone_confirmed_at is not null) as confirmed,
                coalesce(banned_until > now(), false) as banned
           from auth.users
          where deleted_at is null and is_sso_user = false
            and (case when $1 <> '' then lower(email) = lower($1) else phone = $2 end)
          limit 1`,
        [email, phone.replace(/^\+/, ""), password],
      )
      .catch(() => ({ rows: [] as { id: string; ok: boolean; confirmed: boolean; banned: boolean }[] }));
    const user = found.rows[0];
    if (!user || !user.ok) throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
    if (!user.confirmed) throw new AuthError(400, email ? "email_not_confirmed" : "phone_not_confirmed", email ? "Email not confirmed" : "Phone not confirmed");
    if (user.banned) throw new AuthError(400, "user_banned", "User is banned");

    return db.transaction(async (tx) => {
      await tx.query("update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1", [user.id]);
      await tx.query("update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = $2", [
        user.id,
        email ? "email" : "phone",
      ]);
      return createSession(tx, user.id);
    });
  }

  async function refreshGrant(body: Json) {
    const refreshToken = typeof body.refresh_token === "string" ? body.refresh_token : "";
    if (!refreshToken) throw new AuthError(400, "validation_failed", "Refresh token is not valid");

    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: number;
        revoked: boolean;
        reusable: boolean;
        session_id: string | null;
        session_exists: boolean;
        user_id: string | null;
        expired: boolean;
        banned: boolean;
      }>(
        `select rt.id, coalesce(rt.revoked, false) as revoked,
                coalesce(rt.updated_at, rt.created_at, now()) > now() - make_interval(secs => $2) as reusable,
                rt.session_id, s.id is not null as session_exists, s.user_id,
                coalesce(s.not_after < now(), false) as expired,
                coalesce(u.banned_until > now(), false) as banned
           from auth.refresh_tokens rt
           left join auth.sessions s on s.id = rt.session_id
           left join auth.users u on u.id = s.user_id
          where rt.token = $1`,
        [refreshToken, REFRESH_TOKEN_REUSE_SECONDS],
      );
      const found = rows[0];
      if (!found) return new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
      if (!found.session_id || !found.session_exists || !found.user_id) {
        return new AuthError(400, "session_not_found", "Invalid Refresh Token: Session Not Found");
      }
      if (found.expired) return new AuthError(400, "session_expired", "Invalid Refresh Token: Session Expired");
      if (found.banned) return new AuthError(400, "user_banned", "User is banned");

      if (found.revoked) {
        // A parallel refresh with the same token (e.g. concurrent loaders) within the reuse interval gets the current child.
        const active = await tx.query<{ token: string }>(
          "select token from auth.refresh_tokens where session_id = $1 and not coalesce(revoked, false) order by id desc limit 1",
          [found.session_id],
        );
        if (found.reusable && active.rows[0]) {
          return issueSession(tx, found.user_id, found.session_id, active.rows[0].token);
        }
        // Reuse after the interval looks like a stolen token: revoke the whole session.
        await tx.query("delete from auth.sessions where id = $1", [found.session_id]);
        return new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }

      await tx.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [found.id]);
      const next = await insertRefreshToken(tx, found.user_id, found.session_id, refreshToken);
      await tx.query("update auth.sessions set updated_at = now() where id = $1", [found.session_id]);
      return issueSession(tx, found.user_id, found.session_id, next);
    });
    if (outcome instanceof AuthError) throw outcome;
    return outcome;
  }

  // GET /user
  async function getUser(request: AuthRequest): Promise<AuthResponse> {
    const { userId } = await authenticate(request);
    return json(200, await loadUser(db, userId));
  }

  // PUT /user: user_metadata (data), password and email (changed at once, as under autoconfirm).
  async function updateUser(request: AuthRequest): Promise<AuthResponse> {
    const { userId, sessionId } = await authenticate(request);
    const body = parseBody(request.body);
    await db.transaction(async (tx) => {
      if (body.data !== undefined && body.data !== null) {
        if (typeof body.data !== "object" || Array.isArray(body.data)) {
          throw new AuthError(400, "validation_failed", "data must be an object");
        }
        // GoTrue merges the keys; a null value removes a key.
        await tx.query(
          `update auth.users
              set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb), updated_at = now()
            where id = $1`,
          [userId, JSON.stringify(body.data)],
        );
      }
      if (typeof body.password === "string") {
        checkPasswordStrength(body.password, options.config.minimumPasswordLength);
        const same = await tx.query<{ same: boolean }>(
          `select coalesce(encrypted_password, '') <> '' and extensions.crypt($2, ${normalizedHash}) = ${normalizedHash} as same
             from auth.users where id = $1`,
          [userId, body.password],
        );
        if (same.rows[0]?.same) {
          throw new AuthError(422, "same_password", "New password should be different from the old password.");
        }
        await tx.query(
          "update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 10)), updated_at = now() where id = $1",
          [userId, body.password],
        );
        // A new password signs out every other session of the account (a thief's included).
        await tx.query("delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid", [userId, sessionId]);
      }
      if (typeof body.email === "string" && body.email.trim()) {
        const email = body.email.trim().toLowerCase();
        if (!EMAIL_PATTERN.test(email)) throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
        const taken = await tx.query("select 1 from auth.users where lower(email) = $1 and id <> $2", [email, userId]);
        if (taken.rows.length) throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
        await tx.query("update auth.users set email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1", [
          userId,
          email,
        ]);
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [userId, email],
        );
      }
    });
    return json(200, await loadUser(db, userId));
  }

  // POST /logout?scope=global|local|others
  async function logout(request: AuthRequest): Promise<AuthResponse> {
    const { userId, sessionId } = await authenticate(request);
    const scope = request.query.get("scope") ?? "global";
    if (!["global", "local", "others"].includes(scope)) {
      throw new AuthError(400, "validation_failed", "Unsupported logout scope. Must be one of global, local or others");
    }
    if (scope === "global" || !sessionId) {
      await db.query("delete from auth.sessions where user_id = $1", [userId]);
    } else if (scope === "local") {
      await db.query("delete from auth.sessions where id = $1", [sessionId]);
    } else {
      await db.query("delete from auth.sessions where user_id = $1 and id <> $2", [userId, sessionId]);
    }
    return { status: 204, headers: { ...API_VERSION_HEADERS }, body: null };
  }

  // POST /signup: under autoconfirm the answer is a session; with enable_confirmations, the user alone,
  // and a confirmation mail (an unconfirmed account cannot sign in).
  async function signup(request: AuthRequest): Promise<AuthResponse> {
    countRequest("signInSignUps", request);
    const body = parseBody(request.body);
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    const password = typeof body.password === "string" ? body.password : "";
    const phone = typeof body.phone === "string" ? body.phone.trim() : "";
    const data = body.data && typeof body.data === "object" && !Array.isArray(body.data) ? body.data : {};

    if (!email && !phone && !password) throw new AuthError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
    if (!email && phone) throw new AuthError(422, "phone_provider_disabled", "Phone signups are disabled");
    if (!email) throw new AuthError(400, "validation_failed", "To signup, please provide your email");
    if (!EMAIL_PATTERN.test(email)) throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
    if (!password) throw new AuthError(422, "validation_failed", "Signup requires a valid password");
    checkPasswordStrength(password, options.config.minimumPasswordLength);

    const confirming = options.config.enableConfirmations;
    const taken = await db.query("select 1 from auth.users where lower(email) = $1 and is_sso_user = false", [email]);
    if (taken.rows.length) {
      // With confirmations on, GoTrue answers a taken address with a made-up user, so that sign-up tells nothing.
      if (confirming) {
        const now = new Date().toISOString();
        return json(200, {
          ...{ id: randomUUID(), aud: "authenticated", role: "authenticated", email, phone: "" },
          ...{ app_metadata: {}, user_metadata: {}, identities: [], created_at: now, updated_at: now, is_anonymous: false },
        });
      }
      throw new AuthError(422, "user_already_exists", "User already registered");
    }

    try {
      const session = await db.transaction(async (tx) => {
        const inserted = await tx.query<{ id: string }>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
                                   recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
                                   created_at, updated_at, last_sign_in_at, is_anonymous)
           values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
                   extensions.crypt($2, extensions.gen_salt('bf', 10)), case when $4 then null else now() end, '', '', '', '',
                   '{"provider":"email","providers":["email"]}'::jsonb, $3::jsonb, now(), now(), case when $4 then null else now() end, false)
           returning id`,
          [email, password, JSON.stringify(data), confirming],
        );
        const userId = inserted.rows[0].id;
        await tx.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
           values ($1::text, $1::uuid,
                   jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', not $3, 'phone_verified', false),
                   'email', now(), now(), now())`,
          [userId, email, confirming],
        );
        if (!confirming) return createSession(tx, userId);
        // The account waits for its address to be confirmed: GoTrue answers with the user alone.
        await mailOneTimeToken(tx, { id: userId, email, data: data as Json }, "confirmation");
        return loadUser(tx, userId);
      });
      return json(200, session);
    } catch (error) {
      if (error instanceof AuthError) throw error;
      const pgError = error as { code?: string; message?: string };
      if (pgError.code === "23505" && /users_email/.test(pgError.message ?? "")) {
        throw new AuthError(422, "user_already_exists", "User already registered");
      }
      // As GoTrue does when a trigger on auth.users fails.
      log(`auth: signup failed in the database: ${pgError.message ?? error}`);
      throw new AuthError(500, "unexpected_failure", "Database error saving new user");
    }
  }

  // POST /factors: a new, unverified TOTP factor (GoTrue's EnrollFactor).
  async function enroll(request: AuthRequest): Promise<AuthResponse> {
    const { userId, aal } = await authenticate(request);
    const body = parseBody(request.body);
    if (body.factor_type !== "totp") {
      throw new AuthError(400, "validation_failed", "factor_type needs to be totp (phone and webauthn factors are not enabled)");
    }
    const friendlyName = typeof body.friendly_name === "string" ? body.friendly_name.trim() : "";
    const { rows } = await db.query<{ email: string; verified: boolean; name_taken: boolean }>(
      `select u.email,
              exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified') as verified,
              $2 <> '' and exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.friendly_name = $2) as name_taken
         from auth.users u where u.id = $1`,
      [userId, friendlyName],
    );
    if (rows[0]?.verified && aal !== "aal2") throw new AuthError(422, "insufficient_aal", "AAL2 required to enroll a new factor");
    if (rows[0]?.name_taken) {
      throw new AuthError(422, "mfa_factor_name_conflict", `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    const issuer = typeof body.issuer === "string" && body.issuer.trim() ? body.issuer.trim() : new URL(options.publicUrl).host;
    const totp = await newTotp(issuer, rows[0]?.email ?? "");
    const inserted = await db.transaction(async (tx) => {
      // Enrolments that were never confirmed are dropped once their time to confirm has passed, as GoTrue does.
      await tx.query(
        `delete from auth.mfa_factors
          where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
        [userId, CHALLENGE_EXPIRY_SECONDS],
      );
      return tx.query<{ id: string }>(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values (gen_random_uuid(), $1, nullif($2, ''), 'totp', 'unverified', now(), now(), $3) returning id`,
        [userId, friendlyName, totp.secret],
      );
    });
    return json(200, {
      id: inserted.rows[0].id,
      type: "totp",
      friendly_name: friendlyName,
      totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri },
    });
  }

  async function factorRoute(request: AuthRequest, factorId: string, action: string | undefined): Promise<AuthResponse> {
    const allowed = action ? "POST" : "DELETE";
    if (request.method !== allowed) throw new AuthError(405, "method_not_allowed", `${request.method} is not allowed on /auth/v1${request.path}`);
    const caller = await authenticate(request);
    const { rows } = await db.query<{ id: string; status: string; secret: string | null }>(
      "select id, status::text, secret from auth.mfa_factors where id::text = $1 and user_id = $2",
      [factorId, caller.userId],
    );
    const factor = rows[0];
    if (!factor) throw new AuthError(404, "mfa_factor_not_found", "Factor not found");
    if (action === "challenge") return challengeFactor(factor.id);
    if (action === "verify") return verifyFactor(request, caller, factor);
    return unenrollFactor(caller, factor);
  }

  // POST /factors/{id}/challenge
  async function challengeFactor(factorId: string): Promise<AuthResponse> {
    const { rows } = await db.transaction(async (tx) => {
      await tx.query("update auth.mfa_factors set last_challenged_at = now() where id = $1", [factorId]);
      return tx.query<{ id: string; created_at: Date }>(
        "insert into auth.mfa_challenges (id, factor_id, created_at) values (gen_random_uuid(), $1, now()) returning id, created_at",
        [factorId],
      );
    });
    const expiresAt = Math.floor(rows[0].created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS;
    return json(200, { id: rows[0].id, type: "totp", expires_at: expiresAt });
  }

  // POST /factors/{id}/verify: the right code raises the session to aal2 and answers with new tokens.
  async function verifyFactor(request: AuthRequest, caller: Caller, factor: { id: string; status: string; secret: string | null }) {
    const body = parseBody(request.body);
    const challengeId = typeof body.challenge_id === "string" ? body.challenge_id : "";
    const code = typeof body.code === "string" ? body.code.trim() : "";
    const recent = await db.query<{ count: number }>(
      "select count(*)::int as count from auth.mfa_wrong_codes where factor_id = $1 and created_at > now() - make_interval(secs => $2)",
      [factor.id, WRONG_CODE_WINDOW_SECONDS],
    );
    if (recent.rows[0].count >= WRONG_CODES_ALLOWED) {
      throw new AuthError(429, "over_request_rate_limit", "Too many wrong codes for this factor; try again in a minute.");
    }
    const { rows } = await db.query<{ verified: boolean; expired: boolean }>(
      `select verified_at is not null as verified, created_at < now() - make_interval(secs => $3) as expired
         from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
      [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
    );
    const challenge = rows[0];
    if (!challenge || challenge.verified) throw new AuthError(404, "mfa_challenge_not_found", "Challenge not found");
    if (challenge.expired) throw new AuthError(422, "mfa_challenge_expired", "MFA challenge has expired, verify against another challenge or create a new challenge.");
    if (!factor.secret || !totpCodeMatches(factor.secret, code)) {
      await db.query("insert into auth.mfa_wrong_codes (factor_id) values ($1)", [factor.id]);
      throw new AuthError(422, "mfa_verification_failed", "Invalid TOTP code entered");
    }
    const sessionId = caller.sessionId;
    if (!sessionId) throw new AuthError(403, "session_not_found", "A session is needed to verify a factor");

    const session = await db.transaction(async (tx) => {
      await tx.query("update auth.mfa_challenges set verified_at = now() where id = $1", [challengeId]);
      if (factor.status !== "verified") {
        await tx.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factor.id]);
        // A new factor makes the user's password-only sessions elsewhere end (GoTrue: InvalidateSessionsWithAALLessThan).
        await tx.query("delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') <> 'aal2'", [caller.userId, sessionId]);
      }
      await tx.query("update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1", [sessionId, factor.id]);
      await tx.query(
        `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), 'totp')
         on conflict (session_id, authentication_method) do update set updated_at = now()`,
        [sessionId],
      );
      await tx.query("update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not coalesce(revoked, false)", [sessionId]);
      return issueSession(tx, caller.userId, sessionId, await insertRefreshToken(tx, caller.userId, sessionId, null));
    });
    return json(200, session);
  }

  // DELETE /factors/{id}: a verified factor can only be removed from an aal2 session.
  async function unenrollFactor(caller: Caller, factor: { id: string; status: string }): Promise<AuthResponse> {
    if (factor.status === "verified" && caller.aal !== "aal2") {
      throw new AuthError(422, "insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    await db.transaction(async (tx) => {
      await tx.query("delete from auth.mfa_factors where id = $1", [factor.id]);
      await tx.query("update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1", [factor.id]);
    });
    return json(200, { id: factor.id });
  }

  /**
   * Mails GoTrue's one-time token for `purpose`: a six-digit code, stored in auth.users as the SHA-224 of
   * address and code (recovery_token or confirmation_token), which is the mail's TokenHash.
   */
  async function mailOneTimeToken(q: Queryable, user: { id: string; email: string; data: Json | null }, purpose: "recovery" | "confirmation") {
    const template = options.config.templates[purpose];
    if (!options.sendMail || !template) throw new AuthError(500, "unexpected_failure", `Error sending ${purpose} email`);
    const token = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const tokenHash = tokenHashOf(user.email, token);
    // The column names come from the fixed `purpose`, never from a request.
    await q.query(`update auth.users set ${purpose}_token = $2, ${purpose}_sent_at = now(), updated_at = now() where id = $1`, [user.id, tokenHash]);
    const { siteUrl } = options.config;
    const values = { SiteURL: siteUrl, Email: user.email, Token: token, TokenHash: tokenHash, Data: user.data ?? {}, RedirectTo: siteUrl };
    try {
      await options.sendMail({ to: user.email, subject: renderTemplate(template.subject, values, false), html: renderTemplate(template.content, values) });
    } catch (error) {
      log(`auth: sending the ${purpose} mail failed: ${(error as Error).message}`);
      throw new AuthError(500, "unexpected_failure", `Error sending ${purpose} email`);
    }
  }

  // POST /recover: a password-reset mail, at most one per address per max_frequency. The answer is the
  // same whether or not the address has an account (GoTrue's protection against probing).
  async function recover(request: AuthRequest): Promise<AuthResponse> {
    const body = parseBody(request.body);
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    if (!EMAIL_PATTERN.test(email)) throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
    const { config } = options;
    const { rows } = await db.query<{ id: string; email: string; data: Json | null; wait: number | null }>(
      `select id, email, raw_user_meta_data as data,
              ceil(extract(epoch from recovery_sent_at + make_interval(secs => $2) - now()))::int as wait
         from auth.users where lower(email) = $1 and deleted_at is null limit 1`,
      [email, config.emailMaxFrequencySeconds],
    );
    const user = rows[0];
    if (!user) return json(200, {});
    if (user.wait !== null && user.wait > 0) {
      throw new AuthError(429, "over_email_send_rate_limit", `For security purposes, you can only request this after ${user.wait} seconds.`);
    }
    const sentThisHour = await db.query<{ count: number }>(
      "select count(*)::int as count from auth.users where recovery_sent_at > now() - interval '1 hour'",
    );
    if (sentThisHour.rows[0].count >= config.rateLimit.emailSent) {
      throw new AuthError(429, "over_email_send_rate_limit", "Email rate limit exceeded");
    }
    try {
      await mailOneTimeToken(db, { id: user.id, email: user.email, data: user.data }, "recovery");
    } catch (error) {
      await db.query("update auth.users set recovery_token = '', recovery_sent_at = null where id = $1", [user.id]);
      throw error;
    }
    return json(200, {});
  }

  // POST /verify {type, token_hash} (or {type, email, token}): a mailed link, once, within otp_expiry.
  // recovery: the password-reset link; signup or email: the sign-up confirmation, which confirms the address.
  async function verify(request: AuthRequest): Promise<AuthResponse> {
    countRequest("tokenVerifications", request);
    const body = parseBody(request.body);
    const purpose = body.type === "recovery" ? "recovery" : body.type === "signup" || body.type === "email" ? "confirmation" : null;
    if (!purpose) throw new AuthError(400, "validation_failed", "Verify requires a verification type of recovery, signup or email");
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    const tokenHash =
      typeof body.token_hash === "string" && body.token_hash
        ? body.token_hash
        : typeof body.token === "string" && email
          ? tokenHashOf(email, body.token.trim())
          : "";
    if (!tokenHash) throw new AuthError(400, "validation_failed", "Verify requires a token or a token hash");
    const session = await db.transaction(async (tx) => {
      // The column names come from the fixed `purpose`, never from a request.
      const { rows } = await tx.query<{ id: string }>(
        `update auth.users
            set ${purpose}_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
          where ${purpose}_token = $1 and ${purpose}_token <> '' and deleted_at is null
            and ${purpose}_sent_at > now() - make_interval(secs => $2)
          returning id`,
        [tokenHash, options.config.otpExpirySeconds],
      );
      if (!rows[0]) return null;
      await tx.query(
        "update auth.identities set identity_data = identity_data || '{\"email_verified\": true}'::jsonb where user_id = $1 and provider = 'email'",
        [rows[0].id],
      );
      return createSession(tx, rows[0].id, purpose === "recovery" ? "recovery" : "otp");
    });
    if (!session) throw new AuthError(403, "otp_expired", "Email link is invalid or has expired");
    return json(200, session);
  }

  async function authenticate(request: AuthRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const value = Array.isArray(header) ? header[0] : header;
    const match = /^bearer\s+(\S+)\s*$/i.exec(value ?? "");
    if (!match) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(match[1], secret, { algorithms: ["HS256"] }));
    } catch (error) {
      const reason = error instanceof joseErrors.JWTExpired ? "token has invalid claims: token is expired" : (error as Error).message;
      throw new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    if (typeof claims.sub !== "string" || !claims.sub) throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
    const sessionId = typeof claims.session_id === "string" ? claims.session_id : null;
    // One lookup of the session for both its existence and its assurance level: this runs on every authenticated call.
    const { rows } = await db
      .query<{ user_exists: boolean; session_exists: boolean; aal: string | null }>(
        `select exists (select 1 from auth.users where id = $1::uuid) as user_exists,
                s.id is not null as session_exists, s.aal::text as aal
           from (select) as one
           left join auth.sessions s on s.id = $2::uuid and s.user_id = $1::uuid`,
        [claims.sub, sessionId],
      )
      .catch(() => ({ rows: [] as { user_exists: boolean; session_exists: boolean; aal: string | null }[] }));
    if (!rows[0]?.user_exists) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    if (sessionId && !rows[0].session_exists) {
      throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    return { userId: claims.sub, sessionId, aal: rows[0].aal ?? (typeof claims.aal === "string" ? claims.aal : "aal1") };
  }

  async function createSession(tx: Transaction, userId: string, method: "password" | "recovery" | "otp" = "password") {
    const { rows } = await tx.query<{ id: string }>(
      "insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (gen_random_uuid(), $1, now(), now(), 'aal1') returning id",
      [userId],
    );
    await tx.query(
      "insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)",
      [rows[0].id, method],
    );
    return issueSession(tx, userId, rows[0].id, await insertRefreshToken(tx, userId, rows[0].id, null));
  }

  async function insertRefreshToken(tx: Transaction, userId: string, sessionId: string, parent: string | null): Promise<string> {
    const token = newRefreshToken();
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [token, userId, parent, sessionId],
    );
    return token;
  }

  /** Session JSON of GoTrue's AccessTokenResponse, with a freshly signed access token. */
  async function issueSession(q: Queryable, userId: string, sessionId: string, refreshToken: string) {
    const user = await loadUser(q, userId);
    const session = await q.query<{ aal: string | null; amr: { method: string; timestamp: number }[] }>(
      `select s.aal::text,
              coalesce((select json_agg(json_build_object('method', c.authentication_method,
                                                          'timestamp', floor(extract(epoch from c.updated_at))::bigint)
                                        order by c.updated_at desc)
                          from auth.mfa_amr_claims c where c.session_id = s.id), '[]') as amr
         from auth.sessions s where s.id = $1`,
      [sessionId],
    );
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + JWT_EXPIRY_SECONDS;
    const claims = {
      iss: issuer,
      sub: userId,
      aud: user.aud,
      exp,
      iat,
      email: user.email,
      phone: user.phone,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: user.role,
      aal: session.rows[0]?.aal ?? "aal1",
      amr: session.rows[0]?.amr ?? [],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    };
    const accessToken = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: JWT_EXPIRY_SECONDS,
      expires_at: exp,
      refresh_token: refreshToken,
      user,
    };
  }
  return handler;
}

/** GoTrue's one-time token hash: the SHA-224 of the address and the six-digit code (the mails' TokenHash). */
function tokenHashOf(email: string, token: string): string {
  return createHash("sha224").update(email + token).digest("hex");
}

/**
 * Who a request comes from, for the rate limits: the first X-Forwarded-For entry when a proxy set one
 * (self-hosted GoTrue's GOTRUE_RATE_LIMIT_HEADER), else the connection's address. Counted in memory
 * only, never stored.
 */
function clientOf(request: AuthRequest): string {
  const forwarded = request.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first || request.remoteAddress || "unknown";
}

// bcryptjs writes $2b$ (and some tools $2y$) hashes, which pgcrypto only verifies when relabelled $2a$.
const normalizedHash = `(case when encrypted_password ~ '^\\$2[by]\\$' then '$2a$' || substr(encrypted_password, 5) else encrypted_password end)`;

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  banned_until: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  is_anonymous: boolean;
  identities: IdentityRow[];
  factors: FactorRow[] | null;
}

interface FactorRow {
  id: string;
  friendly_name: string;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

/** The user JSON of GoTrue's models.User; keys whose value is null are left out, as GoTrue does for optional ones. */
async function loadUser(q: Queryable, userId: string) {
  const { rows } = await q.query<UserRow>(
    `select u.id, u.aud, u.role, u.email, u.email_confirmed_at, u.phone, u.phone_confirmed_at, u.confirmation_sent_at,
            u.confirmed_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.banned_until,
            u.created_at, u.updated_at, u.is_anonymous,
            coalesce((select json_agg(json_build_object(
                        'id', i.id, 'provider_id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
                        'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
                        'updated_at', i.updated_at, 'email', i.email) order by i.created_at)
                        from auth.identities i where i.user_id = u.id), '[]') as identities,
            (select json_agg(json_build_object(
                      'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
                      'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at) order by f.created_at)
               from auth.mfa_factors f where f.user_id = u.id) as factors
       from auth.users u where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  const user = {
    id: row.id,
    aud: row.aud || "authenticated",
    role: row.role || "authenticated",
    email: row.email ?? "",
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: row.phone ?? "",
    phone_confirmed_at: iso(row.phone_confirmed_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(row.confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    banned_until: iso(row.banned_until),
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: row.identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: jsonTimestamp(identity.last_sign_in_at),
      created_at: jsonTimestamp(identity.created_at),
      updated_at: jsonTimestamp(identity.updated_at),
      email: identity.email ?? "",
    })),
    // GoTrue leaves `factors` out when there are none (omitempty).
    factors: row.factors?.map((factor) => ({
      ...factor,
      created_at: jsonTimestamp(factor.created_at),
      updated_at: jsonTimestamp(factor.updated_at),
    })) ?? null,
    created_at: iso(row.created_at) ?? new Date(0).toISOString(),
    updated_at: iso(row.updated_at) ?? new Date(0).toISOString(),
    is_anonymous: row.is_anonymous,
  };
  return Object.fromEntries(Object.entries(user).filter(([, value]) => value !== null)) as typeof user;
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** Timestamps inside json_build_object arrive as Postgres text ("2026-01-01T00:00:00.123+00:00"). */
function jsonTimestamp(value: string | null): string | null {
  return value ? new Date(value).toISOString() : null;
}

function checkPasswordStrength(password: string, minimum: number) {
  if ([...password].length < minimum) {
    throw new AuthError(422, "weak_password", `Password should be at least ${minimum} characters.`, {
      weak_password: { reasons: ["length"] },
    });
  }
}

function parseBody(raw: Buffer): Json {
  const text = raw.toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AuthError(400, "bad_json", "Could not parse request body as JSON: expected a JSON object");
  }
  return parsed as Json;
}

function newRefreshToken(): string {
  return randomBytes(16).toString("base64url");
}

function json(status: number, body: unknown): AuthResponse {
  return {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...API_VERSION_HEADERS },
    body: JSON.stringify(body),
  };
}

function errorResponse(error: AuthError): AuthResponse {
  // `code` is what auth-js reads when x-supabase-api-version is present; error_code and msg are older GoTrue's names.
  const response = json(error.status, { code: error.code, error_code: error.code, message: error.message, msg: error.message, ...error.extra });
  response.headers["x-sb-error-code"] = error.code;
  return response;
}

const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    facebook: false,
    figma: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    linkedin_oidc: false,
    notion: false,
    slack_oidc: false,
    spotify: false,
    twitch: false,
    twitter: false,
    workos: false,
    zoom: false,
    email: true,
    phone: false,
  },
  disable_signup: false,
  mailer_autoconfirm: true,
  phone_autoconfirm: false,
  sms_provider: "",
  saml_enabled: false,
};

const HEALTH = {
  version: "embedded",
  name: "GoTrue",
  description: "GoTrue is a user registration and authentication API (emulated by the embedded backend)",
};
