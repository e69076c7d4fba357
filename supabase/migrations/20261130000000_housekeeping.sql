-- Housekeeping: what the site keeps about people, and for how long (issue 13; decision record
-- docs/decisions/036-housekeeping-and-retention.md). Once a day the Worker's Cron Trigger calls
-- public.run_housekeeping() with its secret (app/models/housekeeping.server.ts); it deletes what has
-- been kept long enough and returns how many rows of each kind it removed.
--
-- The periods live in ONE place in the database, public.retention_periods() below; the housekeeping
-- reads them from there. /privacy and the README's table show the same values from
-- app/lib/retention.ts, and tests/integration/housekeeping.test.ts fails when the three disagree.
-- Changing a period is a new migration that replaces that function, together with
-- app/lib/retention.ts and the README.
--
-- What has no period here, and why:
-- - accounts, proposals, comments, votes: kept while the account exists; a member deletes the account
--   at /account (its comments and votes go with it; proposals stay without an author);
-- - membership applications: deleted when an admin decides (approve_member deletes the text,
--   decline_member the whole account), so a declined application is never kept;
-- - confirmed newsletter addresses: until the subscriber unsubscribes or an admin removes them;
-- - sign-in sessions: Supabase Auth's, until sign-out, a password change or the account's deletion.
-- No table stores an IP address: the Worker uses the client's address only as a rate-limit key.

-- The periods, in one place: a function rather than a table, so that nothing can write them (and a
-- local reset, which empties public's tables, cannot lose them). Anyone may read them, as /privacy
-- shows them: GET or POST /rest/v1/rpc/retention_periods.
create function public.retention_periods()
returns table (item text, amount integer, unit text)
language sql immutable set search_path = '' as $$
  values
    -- Subscriptions nobody confirmed, counted from the last confirmation mail: its link works 7 days
    -- (newsletter_confirm), so a shorter period would break links still valid.
    ('newsletter_unconfirmed', 7, 'days'),
    -- Contact and join messages, counted from the last time an admin marked one read or unread, or
    -- from its arrival if nobody did: a year to answer and to look back at a conversation.
    ('messages', 12, 'months'),
    -- Reports on proposals and comments, counted from their resolution (open reports stay).
    ('resolved_reports', 12, 'months'),
    -- The admins' activity log (who changed which record, when; never its contents), counted from
    -- the change: two years to find out what happened to a record.
    ('admin_activity', 24, 'months')
$$;
revoke all on function public.retention_periods() from public;
grant execute on function public.retention_periods() to anon, authenticated;

-- The period of one item as an interval; an item without a period is an error, never "keep nothing".
create function private.retention_period(item text) returns interval
language plpgsql stable security definer set search_path = '' as $$
declare
  period interval;
begin
  select case r.unit when 'days' then make_interval(days => r.amount) else make_interval(months => r.amount) end
    into period
    from public.retention_periods() r where r.item = retention_period.item;
  if period is null then
    raise exception 'no retention period for %', item;
  end if;
  return period;
end $$;
revoke all on function private.retention_period(text) from public, anon, authenticated;

-- When an admin last changed a message's status (marked it read, or unread again): the messages'
-- period counts from then. Set by the database, never by a request (admins may update only status).
alter table public.contacts add column handled_at timestamptz;
-- Messages marked read before this migration: nobody knows when; their arrival stands in.
update public.contacts set handled_at = created_at where status = 'read';

create function private.contacts_set_handled_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status is distinct from old.status then
    new.handled_at := now();
  end if;
  return new;
end $$;
create trigger contacts_handled_at before update of status on public.contacts
  for each row execute function private.contacts_set_handled_at();

-- The newsletter's purge reads its period from retention_periods() too (its API stays as it was).
create or replace function public.newsletter_purge_unconfirmed() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  removed integer;
begin
  if coalesce(current_setting('request.jwt.claims', true), '') <> '' then
    perform private.require_worker();
  end if;
  delete from public.newsletter_subscriptions
   where confirmed_at is null
     and coalesce(confirmation_sent_at, created_at) < now() - private.retention_period('newsletter_unconfirmed');
  get diagnostics removed = row_count;
  -- Spent confirmation tokens of confirmed subscriptions, once their link has expired (7 days).
  update public.newsletter_subscriptions set confirmation_token_hash = null
   where confirmed_at is not null and confirmation_token_hash is not null
     and confirmation_sent_at < now() - interval '7 days';
  return removed;
end $$;

-- The daily housekeeping. Through the API only with the Worker's secret (its Cron Trigger; the
-- tests); a session of the database's own (pg_cron, the SQL editor), where PostgREST set no JWT
-- claims, needs none, as for newsletter_purge_unconfirmed(). Deletions here are not admin actions:
-- the activity log's trigger records none. Returns the rows removed per item, e.g.
-- {"newsletter_unconfirmed": 0, "messages": 2, "resolved_reports": 0, "admin_activity": 15}.
create function public.run_housekeeping() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  unconfirmed integer;
  messages integer;
  reports integer;
  activity integer;
begin
  if coalesce(current_setting('request.jwt.claims', true), '') <> '' then
    perform private.require_worker();
  end if;
  unconfirmed := public.newsletter_purge_unconfirmed();
  delete from public.contacts
   where coalesce(handled_at, created_at) < now() - private.retention_period('messages');
  get diagnostics messages = row_count;
  delete from public.proposal_reports
   where resolved_at < now() - private.retention_period('resolved_reports');
  get diagnostics reports = row_count;
  delete from public.admin_activity
   where created_at < now() - private.retention_period('admin_activity');
  get diagnostics activity = row_count;
  return jsonb_build_object('newsletter_unconfirmed', unconfirmed, 'messages', messages,
                            'resolved_reports', reports, 'admin_activity', activity);
end $$;
revoke all on function public.run_housekeeping() from public;
grant execute on function public.run_housekeeping() to anon, authenticated;
