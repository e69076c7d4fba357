-- The newsletter by confirmed consent (double opt-in). A subscription counts only once the link in
-- its confirmation mail has been followed; unconfirmed ones are forgotten after 7 days; every
-- subscription carries a token for its unsubscribe link. Nobody writes the table through the API:
-- the Worker's rate-limited form subscribes through newsletter_subscribe(), which only the Worker
-- can call (it sends its secret), since that function hands out the token that the mail carries.
-- Decision record: docs/decisions/030-newsletter-double-opt-in.md.

-- The Worker's secret, as a SHA-256 digest (the database never holds the secret itself). One row;
-- set with private.set_worker_secret() (README, Deploying). The API cannot read this schema.
create table private.worker_secret (
  singleton boolean primary key default true check (singleton),
  digest bytea not null
);
revoke all on private.worker_secret from public, anon, authenticated;

create function private.set_worker_secret(secret text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if char_length(coalesce(secret, '')) < 32 then
    raise exception 'the Worker secret must be at least 32 characters (e.g. openssl rand -base64 32)';
  end if;
  insert into private.worker_secret (digest) values (sha256(convert_to(secret, 'UTF8')))
  on conflict (singleton) do update set digest = excluded.digest;
end $$;
revoke all on function private.set_worker_secret(text) from public, anon, authenticated;

-- True when the request came from the Worker: PostgREST hands the request's headers to the
-- transaction as request.headers, and the Worker sends its secret in X-Worker-Secret.
create function private.from_worker() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from private.worker_secret s
    where s.digest = sha256(convert_to(
      coalesce(nullif(current_setting('request.headers', true), '')::json ->> 'x-worker-secret', ''), 'UTF8'))
  )
$$;
revoke all on function private.from_worker() from public, anon, authenticated;

create function private.require_worker() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.from_worker() then
    raise exception 'only the site itself may do this' using errcode = '42501';
  end if;
end $$;
revoke all on function private.require_worker() from public, anon, authenticated;

alter table public.newsletter_subscriptions
  add column confirmed_at timestamptz,
  -- SHA-256 of the token the confirmation mail carries (the token itself is only in the mail).
  add column confirmation_token_hash bytea,
  add column confirmation_sent_at timestamptz,
  -- Confirmation mails sent while unconfirmed: at most 3, then none until the purge forgets the address.
  add column confirmation_mails smallint not null default 0,
  add column unsubscribe_token text not null unique default encode(extensions.gen_random_bytes(24), 'hex');
create unique index newsletter_subscriptions_confirmation_token_hash_key
  on public.newsletter_subscriptions (confirmation_token_hash) where confirmation_token_hash is not null;
-- Addresses subscribed before this migration never confirmed anything: they stay unconfirmed, so
-- the admins never see them and the purge forgets them a week after they were added.

-- The list is only ever read through its confirmed rows; nobody but the Worker's functions writes it.
drop policy "anyone subscribes to the newsletter" on public.newsletter_subscriptions;
drop policy "admins read subscriptions" on public.newsletter_subscriptions;
drop policy "admins delete subscriptions" on public.newsletter_subscriptions;
create policy "admins read confirmed subscriptions" on public.newsletter_subscriptions
  for select to authenticated using ((select public.is_admin()) and confirmed_at is not null);
create policy "admins delete confirmed subscriptions" on public.newsletter_subscriptions
  for delete to authenticated using ((select public.is_admin()) and confirmed_at is not null);
revoke all on public.newsletter_subscriptions from anon, authenticated;
grant select (id, email, created_at, confirmed_at, unsubscribe_token), delete
  on public.newsletter_subscriptions to authenticated;

-- Subscribes an address (the Worker only). Returns the token to mail, or null when no mail is due:
-- the address is already confirmed, a confirmation was sent in the last hour, or 3 were sent and
-- none followed (nobody can make the site mail an address more than once an hour, nor more than 3
-- times before the purge forgets it). The Worker answers the visitor the same way in every case,
-- and before any mail is sent, so the form never tells whether an address is on the list.
create function public.newsletter_subscribe(address text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  token text := encode(extensions.gen_random_bytes(24), 'hex');
  subscription public.newsletter_subscriptions;
begin
  perform private.require_worker();
  insert into public.newsletter_subscriptions (email) values (address) on conflict ((lower(email))) do nothing;
  select * into subscription from public.newsletter_subscriptions
   where lower(email) = lower(address) for update;
  -- Removed in between (the purge, a failed mail): no row to mail a link for.
  if not found
     or subscription.confirmed_at is not null
     or subscription.confirmation_sent_at > now() - interval '1 hour'
     or subscription.confirmation_mails >= 3 then
    return null;
  end if;
  update public.newsletter_subscriptions
     set confirmation_token_hash = sha256(convert_to(token, 'UTF8')), confirmation_sent_at = now(),
         confirmation_mails = confirmation_mails + 1
   where id = subscription.id;
  return token;
end $$;

-- The mail with `token` could not be sent (the Worker only): the unconfirmed subscription is
-- removed, so that nothing is left half-done and the visitor may simply try again.
create function public.newsletter_mail_failed(token text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_worker();
  delete from public.newsletter_subscriptions
   where confirmation_token_hash = sha256(convert_to(token, 'UTF8')) and confirmed_at is null;
end $$;

-- Follows a confirmation link (anyone holding the mailed token): valid for 7 days after the mail,
-- again if already confirmed (people click twice), never after. Returns the subscription's
-- unsubscribe token, or null.
create function public.newsletter_confirm(token text) returns text
language sql volatile security definer set search_path = '' as $$
  update public.newsletter_subscriptions
     set confirmed_at = coalesce(confirmed_at, now())
   where confirmation_token_hash = sha256(convert_to(token, 'UTF8'))
     and confirmation_sent_at > now() - interval '7 days'
  returning unsubscribe_token
$$;

-- Follows an unsubscribe link (anyone holding the token, no sign-in): the subscription is removed.
-- True when there was one.
create function public.newsletter_unsubscribe(token text) returns boolean
language sql volatile security definer set search_path = '' as $$
  with removed as (delete from public.newsletter_subscriptions where unsubscribe_token = token returning 1)
  select exists (select 1 from removed)
$$;

-- Forgets the subscriptions nobody confirmed within 7 days of the last mail, and the spent
-- confirmation tokens of the confirmed ones. Returns how many subscriptions were removed. Through the API only with the Worker's secret (a scheduled Worker, the tests); a session
-- of the database's own (pg_cron, the SQL editor), where PostgREST set no JWT claims, needs none.
create function public.newsletter_purge_unconfirmed() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  removed integer;
begin
  if coalesce(current_setting('request.jwt.claims', true), '') <> '' then
    perform private.require_worker();
  end if;
  delete from public.newsletter_subscriptions
   where confirmed_at is null and coalesce(confirmation_sent_at, created_at) < now() - interval '7 days';
  get diagnostics removed = row_count;
  update public.newsletter_subscriptions set confirmation_token_hash = null
   where confirmed_at is not null and confirmation_token_hash is not null
     and confirmation_sent_at < now() - interval '7 days';
  return removed;
end $$;

revoke all on function public.newsletter_subscribe(text), public.newsletter_mail_failed(text),
  public.newsletter_confirm(text), public.newsletter_unsubscribe(text), public.newsletter_purge_unconfirmed()
  from public;
grant execute on function public.newsletter_subscribe(text), public.newsletter_mail_failed(text),
  public.newsletter_confirm(text), public.newsletter_unsubscribe(text), public.newsletter_purge_unconfirmed()
  to anon, authenticated;
