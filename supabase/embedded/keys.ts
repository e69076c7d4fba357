// The well-known local constants of the Supabase CLI (supabase/cli config.toml defaults).
// Using the same values makes `supabase start` and the embedded backend interchangeable for the app.

export const DEFAULT_PORT = 54321;
export const LOCAL_URL = `http://127.0.0.1:${DEFAULT_PORT}`;

export const JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

/** {"iss":"supabase-demo","role":"anon","exp":1983812996} signed with JWT_SECRET (HS256). */
export const ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

/** {"iss":"supabase-demo","role":"service_role","exp":1983812996} signed with JWT_SECRET (HS256). */
export const SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

/** Access tokens live one hour, as with the CLI's jwt_expiry. */
export const JWT_EXPIRY_SECONDS = 3600;

/** A revoked refresh token may be reused this long after its rotation (refresh_token_reuse_interval). */
export const REFRESH_TOKEN_REUSE_SECONDS = 10;
