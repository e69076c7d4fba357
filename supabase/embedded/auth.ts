// A GoTrue-compatible /auth/v1 (spec §7), executed against PGlite. The gateway calls it under the global mutex.
// Passwords are hashed and checked in SQL (pgcrypto bcrypt); tokens are HS256 JWTs signed with jose.

import { randomBytes } from "node:crypto";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { JWT_EXPIRY_SECONDS, MIN_PASSWORD_LENGTH, REFRESH_TOKEN_REUSE_SECONDS } from "./keys";

export interface AuthRequest {
  method: string;
  /** The path below /auth/v1, e.g. "/token". */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export interface AuthOptions {
  db: PGlite;
  /** The public base URL of the gateway; the issuer is `${publicUrl}/auth/v1`. */
  publicUrl: string;
  jwtSecret: string;
  log: (line: string) => void;
}

type Queryable = PGlite | Transaction;
type Json = Record<string, unknown>;

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

export function createAuthHandler(options: AuthOptions): (request: AuthRequest) => Promise<AuthResponse> {
  const { db, log } = options;
  const issuer = `${options.publicUrl}/auth/v1`;
  const secret = new TextEncoder().encode(options.jwtSecret);

  const routes: Record<string, Partial<Record<string, (request: AuthRequest) => Promise<AuthResponse>>>> = {
    "/token": { POST: token },
    "/user": { GET: getUser, PUT: updateUser },
    "/logout": { POST: logout },
    "/signup": { POST: signup },
    "/settings": { GET: async () => json(200, SETTINGS) },
    "/health": { GET: async () => json(200, HEALTH) },
  };

  return async function handle(request) {
    try {
      const path = request.path.replace(/\/+$/, "") || "/";
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

  // POST /token?grant_type=password|refresh_token
  async function token(request: AuthRequest): Promise<AuthResponse> {
    const grantType = request.query.get("grant_type");
    const body = parseBody(request.body);
    if (grantType === "password") return json(200, await passwordGrant(body));
    if (grantType === "refresh_token") return json(200, await refreshGrant(body));
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

      const next = newRefreshToken();
      await tx.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [found.id]);
      await tx.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
        [next, found.user_id, refreshToken, found.session_id],
      );
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
    const { userId } = await authenticate(request);
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
        checkPasswordStrength(body.password);
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

  // POST /signup (autoconfirm: the answer is a session)
  async function signup(request: AuthRequest): Promise<AuthResponse> {
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
    checkPasswordStrength(password);

    const taken = await db.query("select 1 from auth.users where lower(email) = $1 and is_sso_user = false", [email]);
    if (taken.rows.length) throw new AuthError(422, "user_already_exists", "User already registered");

    try {
      const session = await db.transaction(async (tx) => {
        const inserted = await tx.query<{ id: string }>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
                                   recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
                                   created_at, updated_at, last_sign_in_at, is_anonymous)
           values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
                   extensions.crypt($2, extensions.gen_salt('bf', 10)), now(), '', '', '', '',
                   '{"provider":"email","providers":["email"]}'::jsonb, $3::jsonb, now(), now(), now(), false)
           returning id`,
          [email, password, JSON.stringify(data)],
        );
        const userId = inserted.rows[0].id;
        await tx.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
           values ($1::text, $1::uuid,
                   jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false),
                   'email', now(), now(), now())`,
          [userId, email],
        );
        return createSession(tx, userId);
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

  async function authenticate(request: AuthRequest): Promise<{ userId: string; sessionId: string | null }> {
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
    const { rows } = await db
      .query<{ user_exists: boolean; session_exists: boolean }>(
        `select exists (select 1 from auth.users where id = $1::uuid) as user_exists,
                exists (select 1 from auth.sessions where id = $2::uuid and user_id = $1::uuid) as session_exists`,
        [claims.sub, sessionId],
      )
      .catch(() => ({ rows: [] as { user_exists: boolean; session_exists: boolean }[] }));
    if (!rows[0]?.user_exists) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    if (sessionId && !rows[0].session_exists) {
      throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    return { userId: claims.sub, sessionId };
  }

  async function createSession(tx: Transaction, userId: string) {
    const { rows } = await tx.query<{ id: string }>(
      "insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (gen_random_uuid(), $1, now(), now(), 'aal1') returning id",
      [userId],
    );
    const refreshToken = newRefreshToken();
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
      [refreshToken, userId, rows[0].id],
    );
    return issueSession(tx, userId, rows[0].id, refreshToken);
  }

  /** Session JSON of GoTrue's AccessTokenResponse, with a freshly signed access token. */
  async function issueSession(q: Queryable, userId: string, sessionId: string, refreshToken: string) {
    const user = await loadUser(q, userId);
    const started = await q.query<{ created_at: Date | null }>("select created_at from auth.sessions where id = $1", [sessionId]);
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
      aal: "aal1",
      amr: [{ method: "password", timestamp: Math.floor((started.rows[0]?.created_at?.getTime() ?? Date.now()) / 1000) }],
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
                        from auth.identities i where i.user_id = u.id), '[]') as identities
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

function checkPasswordStrength(password: string) {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, "weak_password", `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
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
