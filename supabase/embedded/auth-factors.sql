-- GoTrue's multi-factor tables (auth.mfa_factors, mfa_challenges, mfa_amr_claims) and the session's
-- factor, in the columns the emulator uses. Idempotent: it runs after bootstrap.sql when a database is
-- built and again when an older data directory is reopened, so migrations may refer to these tables.
-- Unlike GoTrue, challenges keep no IP address (mfa_challenges.ip_address): the project stores none.

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                  where n.nspname = 'auth' and t.typname = 'factor_type') then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                  where n.nspname = 'auth' and t.typname = 'factor_status') then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end $$;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  last_challenged_at timestamptz
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz
);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

alter table auth.sessions add column if not exists factor_id uuid;

-- The emulator's own: when each factor received a wrong code (5 a minute, then 429). In the database
-- rather than in memory so that a reset forgets them with everything else.
create table if not exists auth.mfa_wrong_codes (
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index if not exists mfa_wrong_codes_factor_idx on auth.mfa_wrong_codes (factor_id, created_at);

alter table auth.mfa_factors owner to supabase_auth_admin;
alter table auth.mfa_challenges owner to supabase_auth_admin;
alter table auth.mfa_amr_claims owner to supabase_auth_admin;
alter table auth.mfa_wrong_codes owner to supabase_auth_admin;
