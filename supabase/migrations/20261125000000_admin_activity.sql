-- The admins' activity log: every write an admin makes through the API, recorded by the database
-- itself (who, when, which table and record, what kind of change), so the volunteers who run the
-- site can see what changed and by whom. Never the row's contents (no contact names, emails or
-- messages) and never a vote. Admins read it; nobody writes, edits or deletes it through the API.

create table public.admin_activity (
  id bigint generated always as identity primary key,
  actor_id uuid references auth.users (id) on delete set null,
  -- The actor's public name when they acted: the log still reads after a rename or a deletion.
  actor_name text not null,
  table_name text not null,
  record_id text not null,
  action text not null check (action in ('created', 'updated', 'published', 'unpublished', 'deleted')),
  created_at timestamptz not null default now()
);
create index admin_activity_created_at_idx on public.admin_activity (created_at desc, id desc);
alter table public.admin_activity enable row level security;
revoke all on public.admin_activity from anon, authenticated;
grant select on public.admin_activity to authenticated;
create policy "admins read the activity log" on public.admin_activity
  for select to authenticated using ((select public.is_admin()));

-- Runs after each row an admin writes through the API; the seed, migrations and the service role
-- leave no entry. Rows a cascade removes because of an admin's action (declining an account removes
-- its profile) are recorded as that admin's: after-row triggers of a cascade run at the statement's
-- own trigger depth. Publishing is a change of is_published.
create function private.record_admin_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_id text := coalesce(to_jsonb(new) ->> 'id', to_jsonb(old) ->> 'id', to_jsonb(new) ->> 'user_id', to_jsonb(old) ->> 'user_id');
  kind text;
begin
  if not private.guard_applies() or not public.is_admin() then
    return null;
  end if;
  kind := case tg_op
    when 'INSERT' then 'created'
    when 'DELETE' then 'deleted'
    else case
      when (to_jsonb(new) ->> 'is_published')::boolean is distinct from (to_jsonb(old) ->> 'is_published')::boolean
        then case when (to_jsonb(new) ->> 'is_published')::boolean then 'published' else 'unpublished' end
      else 'updated'
    end
  end;
  insert into public.admin_activity (actor_id, actor_name, table_name, record_id, action)
  values (auth.uid(), coalesce((select p.username from public.profiles p where p.id = auth.uid()), ''), tg_table_name, row_id, kind);
  return null;
end $$;

-- Every table an admin manages. Votes are never audited; contact messages and newsletter
-- subscriptions are audited only for what admins do to them (visitors' inserts are not admin writes).
do $$
declare
  audited text[] := array['news_articles', 'events', 'resources', 'groups', 'contacts', 'newsletter_subscriptions',
                          'proposals', 'proposal_comments', 'proposal_reports', 'profiles', 'members',
                          'membership_applications', 'admins'];
  name text;
begin
  foreach name in array audited loop
    execute format(
      'create trigger record_admin_activity after insert or update or delete on public.%I
         for each row execute function private.record_admin_activity()', name);
  end loop;
end $$;
