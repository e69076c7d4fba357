-- Members: approved membership, public names, the life of a proposal, secret ballots, comments,
-- reports and account deletion. The database is the guard (design.md's matrix); the app checks again.
-- Errors a member can cause carry their own SQLSTATE so the app can say what happened:
--   PT409 (PostgREST answers 409) for an action the proposal's state does not allow,
--   23514 (400) for an invalid value, 23505 (409) for a public name that is taken,
--   42501 (401/403) for what the caller may never do.

-- Whether a guard trigger below applies: the statement comes through the API as a visitor or a
-- signed-in account, and is not the database's own cascade (deleting an account removes its votes
-- and comments and unlinks its proposals from a foreign key's trigger, one trigger level deeper).
-- The guards are SECURITY DEFINER, so current_user is their owner there; the role PostgREST set for
-- the request stays in the `role` setting. The seed, migrations and the service role pass.
create function private.guard_applies() returns boolean
language sql stable set search_path = '' as $$
  select current_setting('role', true) in ('anon', 'authenticated') and pg_trigger_depth() <= 1
$$;

-- ---------------------------------------------------------------------------------------------
-- Approved membership
-- ---------------------------------------------------------------------------------------------

-- Who may propose, vote and comment. Anyone may open an account; an admin approves it
-- (`npm run db:admin -- --approve <email>` or, later, /admin/members). Never written through the API.
create table public.members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  approved_at timestamptz not null default now()
);
alter table public.members enable row level security;
revoke all on public.members from anon, authenticated;

-- What a new account wrote in "why I want to join": read by the admins who approve memberships.
create table public.membership_applications (
  user_id uuid primary key references auth.users (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 1000),
  created_at timestamptz not null default now()
);
alter table public.membership_applications enable row level security;
revoke all on public.membership_applications from anon, authenticated;
grant select, delete on public.membership_applications to authenticated;
create policy "admins read applications" on public.membership_applications
  for select to authenticated using ((select public.is_admin()));
create policy "admins remove applications" on public.membership_applications
  for delete to authenticated using ((select public.is_admin()));

create function public.is_member() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.members where user_id = auth.uid())
$$;

-- ---------------------------------------------------------------------------------------------
-- Public names
-- ---------------------------------------------------------------------------------------------

-- 3-40 characters: letters and marks of any script, digits, '.', '_', '-'; stored NFKC-normalised.
-- [[:alnum:]] follows Unicode under a UTF-8 ctype and excludes spaces, controls and format
-- characters (category Cf: zero-width spaces, bidi controls), so "admin" + U+200B is refused.
-- The app also refuses names that mix scripts (app/lib/public-name.ts).
alter table public.profiles drop constraint profiles_username_check;
alter table public.profiles add constraint profiles_username_format check (
  char_length(username) between 3 and 40
  and username = normalize(username, nfkc)
  and username ~ '^[[:alnum:]._-]+$'
);
-- The default is never kept: the trigger below sets the skeleton on every insert and rename.
alter table public.profiles add column username_skeleton text not null default '';

-- The reserved names, kept as skeletons (computed once here, not on every sign-up).
create table private.reserved_names (skeleton text primary key);
insert into private.reserved_names (skeleton)
  select distinct private.name_skeleton(name)
    from unnest(array['admin', 'administrator', 'moderator', 'inag',
                      'international-network-of-anarchist-groups', 'international_network_of_anarchist_groups',
                      'anarchist-network', 'root', 'system']) as name;

-- Keeps the skeleton in step with the name and refuses reserved look-alikes; the unique index below
-- refuses a name whose skeleton another account already has (23505, "profiles_username_skeleton_key").
create function private.profiles_set_skeleton() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.username := normalize(new.username, nfkc);
  new.username_skeleton := private.name_skeleton(new.username);
  if exists (select 1 from private.reserved_names r where r.skeleton = new.username_skeleton) then
    raise exception 'This public name is reserved' using errcode = '23514', constraint = 'profiles_username_reserved';
  end if;
  return new;
end $$;
create trigger profiles_skeleton before insert or update of username on public.profiles
  for each row execute function private.profiles_set_skeleton();

update public.profiles set username = username;
create unique index profiles_username_skeleton_key on public.profiles (username_skeleton);

-- A name nobody chose: 'member-' and 6 random characters. Never derived from the email address,
-- which often carries a real name.
create function private.random_public_name() returns text
language sql volatile set search_path = '' as $$
  select 'member-' || string_agg(substr('abcdefghijkmnpqrstuvwxyz23456789', 1 + get_byte(b, i) % 32, 1), '')
    from extensions.gen_random_bytes(6) as b, generate_series(0, 5) as i
$$;

-- Every new account gets a profile: the public name it asked for at sign-up (user_metadata.username)
-- when that name is valid and free, else a random one. Its "why I want to join" text
-- (user_metadata.join_reason) moves to membership_applications, out of the account's metadata.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  wanted text := normalize(btrim(coalesce(new.raw_user_meta_data ->> 'username', '')), nfkc);
  reason text := left(btrim(coalesce(new.raw_user_meta_data ->> 'join_reason', '')), 1000);
  candidate text := nullif(wanted, '');
  attempts integer := 0;
begin
  loop
    if candidate is null then
      candidate := private.random_public_name();
    end if;
    begin
      insert into public.profiles (id, username) values (new.id, candidate);
      exit;
    exception when unique_violation or check_violation then
      if exists (select 1 from public.profiles where id = new.id) then
        exit;
      end if;
      attempts := attempts + 1;
      if attempts > 20 then
        raise;
      end if;
      candidate := null;
    end;
  end loop;
  if reason <> '' then
    insert into public.membership_applications (user_id, reason) values (new.id, reason);
  end if;
  if new.raw_user_meta_data ? 'join_reason' then
    update auth.users set raw_user_meta_data = raw_user_meta_data - 'join_reason' where id = new.id;
  end if;
  return new;
end $$;
revoke execute on function public.handle_new_user() from public, anon, authenticated;

-- Whether a public name is free (same skeleton rules as the unique index): the sign-up and account
-- forms ask before they submit. Public names are public; this tells nothing about email addresses.
create function public.public_name_available(name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select not exists (
    select 1 from public.profiles
     where username_skeleton = private.name_skeleton(name) and id is distinct from auth.uid()
  ) and private.name_skeleton(name) not in (select r.skeleton from private.reserved_names r)
$$;

-- A comment an admin hid (see Comments below) no longer shows its author.
alter table public.proposal_comments add column is_hidden boolean not null default false;

-- Profiles are readable only where the site shows them: authors of published content, of a
-- non-draft proposal or of a visible comment; and by their owner and admins. Nobody lists accounts.
drop policy "profiles are readable by everyone" on public.profiles;
drop policy "members insert their own profile" on public.profiles;
create policy "profiles are readable where the site shows them" on public.profiles
  for select to anon, authenticated
  using (
    id = (select auth.uid())
    or (select public.is_admin())
    or exists (select 1 from public.news_articles n where n.author_id = profiles.id and n.is_published)
    or exists (select 1 from public.events e where e.organizer_id = profiles.id and e.is_published)
    or exists (select 1 from public.resources r where r.author_id = profiles.id and r.is_published)
    or exists (select 1 from public.proposals p where p.author_id = profiles.id and p.status <> 'draft')
    or exists (
      select 1 from public.proposal_comments c join public.proposals p on p.id = c.proposal_id
       where c.author_id = profiles.id and not c.is_hidden and p.status <> 'draft'
    )
  );
-- Profiles are created by the trigger above; a member changes only their public name.
revoke insert, update on public.profiles from anon, authenticated;
grant update (username) on public.profiles to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Proposals
-- ---------------------------------------------------------------------------------------------

-- A deleted account's proposals stay, with the author shown as "former member".
alter table public.proposals alter column author_id drop not null;
alter table public.proposals drop constraint proposals_author_id_fkey;
alter table public.proposals add constraint proposals_author_id_fkey
  foreign key (author_id) references public.profiles (id) on delete set null;
alter table public.proposals drop constraint proposals_title_check;
alter table public.proposals add constraint proposals_title_check check (char_length(btrim(title)) between 1 and 200);
alter table public.proposals add constraint proposals_content_size check (octet_length(content) <= 102400);
-- The result, stored when voting closes: account deletions never change a decided proposal.
alter table public.proposals add column final_support_count integer check (final_support_count >= 0);
alter table public.proposals add column final_oppose_count integer check (final_oppose_count >= 0);
alter table public.proposals add constraint proposals_voting_needs_window
  check (status not in ('voting', 'passed', 'rejected') or (voting_starts_at is not null and voting_ends_at is not null));

-- Whether votes are accepted on a proposal now: in voting and inside its window.
create function private.voting_open(proposal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.proposals p
     where p.id = voting_open.proposal_id and p.status = 'voting'
       and now() >= p.voting_starts_at and now() < p.voting_ends_at
  )
$$;

-- Whether comments are accepted on a proposal now: in discussion or voting.
create function private.comments_open(proposal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.proposals p where p.id = comments_open.proposal_id and p.status in ('discussion', 'voting'))
$$;

create function private.live_vote_counts(proposal_id uuid, out support integer, out oppose integer)
language sql stable security definer set search_path = '' as $$
  select count(*) filter (where v.vote = 'support')::integer, count(*) filter (where v.vote = 'oppose')::integer
    from public.proposal_votes v where v.proposal_id = live_vote_counts.proposal_id
$$;

-- The rule stated on /voting: a proposal passes when more members support it than oppose it.
-- Every change of a proposal by the API passes here. Authors: edit their draft's title, content
-- and group, publish it (draft → discussion), withdraw it (discussion or voting → withdrawn).
-- Admins: discussion → voting (with a window), voting → passed/rejected once the window has closed
-- and as the votes decide, anything but a decision → withdrawn. The result is stored on leaving voting.
create function private.proposals_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  counts record;
begin
  if not private.guard_applies() then
    return new;
  end if;
  if new.author_id is distinct from old.author_id or new.created_at is distinct from old.created_at
     or new.published_at is distinct from old.published_at
     or new.final_support_count is distinct from old.final_support_count
     or new.final_oppose_count is distinct from old.final_oppose_count then
    raise exception 'The author, timestamps and results of a proposal are set by the database' using errcode = '42501';
  end if;

  if public.is_admin() then
    if new.status = old.status then
      if new.status in ('passed', 'rejected', 'withdrawn')
         and (new.voting_starts_at is distinct from old.voting_starts_at or new.voting_ends_at is distinct from old.voting_ends_at) then
        raise exception 'The voting window of a closed proposal cannot change' using errcode = 'PT409';
      end if;
    elsif not (
      (old.status = 'draft' and new.status in ('discussion', 'withdrawn'))
      or (old.status = 'discussion' and new.status in ('voting', 'withdrawn'))
      or (old.status = 'voting' and new.status in ('passed', 'rejected', 'withdrawn'))
    ) then
      raise exception 'A proposal cannot go from % to %', old.status, new.status using errcode = 'PT409';
    end if;
    if new.status = 'voting' and (new.voting_starts_at is null or new.voting_ends_at is null or new.voting_ends_at <= new.voting_starts_at) then
      raise exception 'Voting needs a window whose end is after its start' using errcode = '23514';
    end if;
  else
    if old.author_id is distinct from (select auth.uid()) or not public.is_member() then
      raise exception 'Only the author may change a proposal' using errcode = '42501';
    end if;
    if new.voting_starts_at is distinct from old.voting_starts_at or new.voting_ends_at is distinct from old.voting_ends_at then
      raise exception 'Only admins set the voting window' using errcode = '42501';
    end if;
    if not (
      (old.status = 'draft' and new.status in ('draft', 'discussion'))
      or (old.status in ('discussion', 'voting') and new.status = 'withdrawn'
          and new.title = old.title and new.content = old.content and new.group_id is not distinct from old.group_id)
    ) then
      if old.status = new.status then
        raise exception 'Only drafts can be edited' using errcode = 'PT409';
      end if;
      raise exception 'A proposal cannot go from % to %', old.status, new.status using errcode = 'PT409';
    end if;
  end if;

  if old.status = 'voting' and new.status <> 'voting' then
    counts := private.live_vote_counts(old.id);
    if new.status in ('passed', 'rejected') then
      if now() < new.voting_ends_at then
        raise exception 'Voting is still open until %', new.voting_ends_at using errcode = 'PT409';
      end if;
      if (new.status = 'passed') <> (counts.support > counts.oppose) then
        raise exception 'The votes decide: % support, % oppose', counts.support, counts.oppose using errcode = 'PT409';
      end if;
    end if;
    new.final_support_count := counts.support;
    new.final_oppose_count := counts.oppose;
  end if;
  return new;
end $$;
create trigger proposals_guard before update on public.proposals
  for each row execute function private.proposals_guard();

-- The vote counts that anyone may read. While voting is open only the number of voters: support
-- and oppose would reveal one person's vote by comparing them before and after they act. Once the
-- window has closed, the counts; once decided, the stored result. The proposal is read again by id,
-- never taken from the argument, which a caller of the function could make up.
create or replace function public.support_count(proposal public.proposals) returns integer
language sql stable security definer set search_path = '' as $$
  select case
           when p.status in ('passed', 'rejected', 'withdrawn') then p.final_support_count
           when p.status = 'voting' and now() >= p.voting_ends_at then (private.live_vote_counts(p.id)).support
         end
    from public.proposals p where p.id = proposal.id
$$;

create or replace function public.oppose_count(proposal public.proposals) returns integer
language sql stable security definer set search_path = '' as $$
  select case
           when p.status in ('passed', 'rejected', 'withdrawn') then p.final_oppose_count
           when p.status = 'voting' and now() >= p.voting_ends_at then (private.live_vote_counts(p.id)).oppose
         end
    from public.proposals p where p.id = proposal.id
$$;

-- How many members have voted: public for every non-draft proposal (it says nothing about how).
create function public.vote_count(proposal public.proposals) returns integer
language sql stable security definer set search_path = '' as $$
  select case
           when p.status in ('passed', 'rejected', 'withdrawn') and p.final_support_count is not null
             then p.final_support_count + p.final_oppose_count
           when p.status in ('voting', 'passed', 'rejected')
             then (select count(*)::integer from public.proposal_votes v where v.proposal_id = p.id)
         end
    from public.proposals p where p.id = proposal.id and (p.status <> 'draft' or p.author_id = auth.uid() or public.is_admin())
$$;

drop policy "members create their own drafts" on public.proposals;
drop policy "members edit and publish their own drafts" on public.proposals;
create policy "members create their own drafts" on public.proposals
  for insert to authenticated
  with check (author_id = (select auth.uid()) and status = 'draft' and ((select public.is_member()) or (select public.is_admin())));
-- Which changes are allowed is the guard trigger's to say; this policy says whose rows.
create policy "authors and admins change proposals" on public.proposals
  for update to authenticated
  using (author_id = (select auth.uid()) or (select public.is_admin()))
  with check (true);
revoke insert, update on public.proposals from anon, authenticated;
grant insert (title, content, group_id) on public.proposals to authenticated;
grant update (title, content, group_id, status, voting_starts_at, voting_ends_at) on public.proposals to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Secret ballots
-- ---------------------------------------------------------------------------------------------

-- Only the voter reads or changes their row: not visitors, not other members, not admins.
drop policy "votes on published proposals are public" on public.proposal_votes;
drop policy "members vote on published proposals" on public.proposal_votes;
drop policy "members change their own vote" on public.proposal_votes;
drop policy "members withdraw their own vote" on public.proposal_votes;
create policy "voters read their own vote" on public.proposal_votes
  for select to authenticated using (user_id = (select auth.uid()));
create policy "members vote while voting is open" on public.proposal_votes
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select public.is_member()) and private.voting_open(proposal_id));
create policy "members change their vote while voting is open" on public.proposal_votes
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and (select public.is_member()) and private.voting_open(proposal_id));
-- Whether voting is open is the guard trigger's to say (409), not a filter that would delete nothing.
create policy "voters withdraw their own vote" on public.proposal_votes
  for delete to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.proposal_votes from anon;
revoke insert, update on public.proposal_votes from authenticated;
grant insert (proposal_id, vote) on public.proposal_votes to authenticated;
grant update (vote) on public.proposal_votes to authenticated;

-- A vote outside voting is a conflict with the proposal's state (409), said before RLS would say 403.
create function private.proposal_votes_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.guard_applies() and not private.voting_open(coalesce(new.proposal_id, old.proposal_id)) then
    raise exception 'Voting is not open on this proposal' using errcode = 'PT409';
  end if;
  return coalesce(new, old);
end $$;
create trigger proposal_votes_guard before insert or update or delete on public.proposal_votes
  for each row execute function private.proposal_votes_guard();

-- Casts or changes the caller's vote in one statement (one row per member and proposal, however
-- many arrive at once). Runs as the caller: the policies above decide.
create function public.cast_vote(proposal_id uuid, vote text) returns void
language sql volatile set search_path = '' as $$
  insert into public.proposal_votes (proposal_id, vote) values (cast_vote.proposal_id, cast_vote.vote)
  on conflict on constraint proposal_votes_pkey do update set vote = excluded.vote
$$;
revoke execute on function public.cast_vote(uuid, text) from public, anon;
grant execute on function public.cast_vote(uuid, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Comments
-- ---------------------------------------------------------------------------------------------

-- Plain text, 1-5,000 characters. A comment an admin hides reads as removed for everyone: its text
-- moves to private.hidden_comments (restored if the admin restores it).
create table private.hidden_comments (
  comment_id uuid primary key references public.proposal_comments (id) on delete cascade,
  content text not null,
  hidden_by uuid references auth.users (id) on delete set null,
  hidden_at timestamptz not null default now()
);
alter table public.proposal_comments drop constraint proposal_comments_content_check;
alter table public.proposal_comments add constraint proposal_comments_content_check
  check (case when is_hidden then content = '' else char_length(btrim(content)) between 1 and 5000 end);

create function private.proposal_comments_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not private.guard_applies() then
    return coalesce(new, old);
  end if;
  if tg_op = 'DELETE' or new.content is distinct from old.content or tg_op = 'INSERT' then
    if not private.comments_open(coalesce(new.proposal_id, old.proposal_id)) then
      raise exception 'Comments are closed on this proposal' using errcode = 'PT409';
    end if;
  end if;
  if tg_op = 'UPDATE' then
    if new.content is distinct from old.content and (old.author_id is distinct from (select auth.uid()) or old.is_hidden) then
      raise exception 'Only the author edits a comment' using errcode = '42501';
    end if;
    if new.is_hidden is distinct from old.is_hidden then
      if not public.is_admin() then
        raise exception 'Only admins hide comments' using errcode = '42501';
      end if;
      if new.is_hidden then
        insert into private.hidden_comments (comment_id, content, hidden_by) values (old.id, old.content, auth.uid());
        new.content := '';
      else
        delete from private.hidden_comments where comment_id = old.id returning content into new.content;
      end if;
    end if;
  end if;
  return coalesce(new, old);
end $$;
create trigger proposal_comments_guard before insert or update or delete on public.proposal_comments
  for each row execute function private.proposal_comments_guard();

drop policy "comments on published proposals are public" on public.proposal_comments;
drop policy "members comment on published proposals" on public.proposal_comments;
drop policy "members edit their own comments" on public.proposal_comments;
drop policy "members delete their own comments" on public.proposal_comments;
create policy "comments on published proposals are public" on public.proposal_comments
  for select to anon, authenticated
  using (exists (select 1 from public.proposals p where p.id = proposal_id and p.status <> 'draft') or (select public.is_admin()));
create policy "members comment while comments are open" on public.proposal_comments
  for insert to authenticated
  with check (author_id = (select auth.uid()) and (select public.is_member()) and private.comments_open(proposal_id));
-- The guard trigger says which columns whom: the author the text, admins the hidden flag.
create policy "authors and admins change comments" on public.proposal_comments
  for update to authenticated
  using ((author_id = (select auth.uid()) and (select public.is_member())) or (select public.is_admin()))
  with check (true);
create policy "authors delete their comments while comments are open" on public.proposal_comments
  for delete to authenticated
  using (author_id = (select auth.uid()) and (select public.is_member()));
revoke insert, update on public.proposal_comments from anon, authenticated;
grant insert (proposal_id, content) on public.proposal_comments to authenticated;
grant update (content, is_hidden) on public.proposal_comments to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Reports to the admins
-- ---------------------------------------------------------------------------------------------

create table public.proposal_reports (
  id uuid primary key default gen_random_uuid(),
  proposal_id uuid not null references public.proposals (id) on delete cascade,
  comment_id uuid references public.proposal_comments (id) on delete cascade,
  reporter_id uuid default auth.uid() references public.profiles (id) on delete set null,
  reason text not null check (char_length(btrim(reason)) between 1 and 1000),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (id) on delete set null
);
create index proposal_reports_open_idx on public.proposal_reports (created_at desc) where resolved_at is null;
alter table public.proposal_reports enable row level security;
create policy "members report what they can see" on public.proposal_reports
  for insert to authenticated
  with check (
    reporter_id = (select auth.uid()) and (select public.is_member())
    and exists (select 1 from public.proposals p where p.id = proposal_id and p.status <> 'draft')
    and (comment_id is null or exists (select 1 from public.proposal_comments c where c.id = comment_id and c.proposal_id = proposal_reports.proposal_id))
  );
create policy "admins read reports" on public.proposal_reports
  for select to authenticated using ((select public.is_admin()));
create policy "admins resolve reports" on public.proposal_reports
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
revoke all on public.proposal_reports from anon;
revoke insert, update on public.proposal_reports from authenticated;
grant insert (proposal_id, comment_id, reason) on public.proposal_reports to authenticated;
grant update (resolved_at, resolved_by) on public.proposal_reports to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Timestamps come from the database, never from a request
-- ---------------------------------------------------------------------------------------------

-- Column grants leave created_at, updated_at and published_at out of every write above; the
-- updated_at triggers of the first migration set it. Votes keep the time they were cast.
revoke insert, update on public.groups, public.news_articles, public.events, public.resources from anon, authenticated;
grant insert (name, description, location, latitude, longitude, website, contact_email, logo_url, is_verified)
  on public.groups to authenticated;
grant update (name, description, location, latitude, longitude, website, contact_email, logo_url, is_verified)
  on public.groups to authenticated;
grant insert (title, slug, excerpt, content, image_url, tags, is_published, author_id) on public.news_articles to authenticated;
grant update (title, slug, excerpt, content, image_url, tags, is_published, author_id) on public.news_articles to authenticated;
grant insert (title, slug, description, start_date, end_date, location, is_online, image_url, registration_url,
              max_participants, is_published, organizer_id, group_id) on public.events to authenticated;
grant update (title, slug, description, start_date, end_date, location, is_online, image_url, registration_url,
              max_participants, is_published, organizer_id, group_id) on public.events to authenticated;
grant insert (title, slug, description, content, resource_type, file_url, is_published, author_id) on public.resources to authenticated;
grant update (title, slug, description, content, resource_type, file_url, is_published, author_id) on public.resources to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Leaving
-- ---------------------------------------------------------------------------------------------

-- Deletes the caller's account (the app asks for the password first). Cascades: the profile, the
-- member's comments and votes (decided proposals keep their stored result), membership; proposals
-- stay with no author ("former member").
create function public.delete_own_account() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  delete from auth.users where id = auth.uid();
end $$;
revoke execute on function public.delete_own_account() from public, anon;
grant execute on function public.delete_own_account() to authenticated;

revoke execute on function private.voting_open(uuid), private.comments_open(uuid), private.live_vote_counts(uuid)
  from public;
grant usage on schema private to anon, authenticated;
grant execute on function private.voting_open(uuid), private.comments_open(uuid) to anon, authenticated;
