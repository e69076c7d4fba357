-- Functions and triggers: timestamps kept by the database, profiles for new accounts,
-- the admin check used by row-level security, and counters changed atomically.

create function public.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;

-- published_at records the FIRST publication: unpublishing and publishing again keeps it.
create function public.set_published_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.is_published and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end $$;

-- A proposal is published when it leaves the draft status.
create function public.set_proposal_published_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status <> 'draft' and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end $$;

create trigger profiles_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();
create trigger groups_updated_at before update on public.groups
  for each row execute function public.set_updated_at();
create trigger news_articles_updated_at before update on public.news_articles
  for each row execute function public.set_updated_at();
create trigger events_updated_at before update on public.events
  for each row execute function public.set_updated_at();
-- A download only bumps download_count: it is not an edit, so it does not touch updated_at.
create trigger resources_updated_at
  before update of title, slug, description, content, resource_type, file_url, is_published, author_id
  on public.resources for each row execute function public.set_updated_at();
create trigger proposals_updated_at before update on public.proposals
  for each row execute function public.set_updated_at();
create trigger proposal_comments_updated_at before update on public.proposal_comments
  for each row execute function public.set_updated_at();
create trigger proposal_votes_updated_at before update on public.proposal_votes
  for each row execute function public.set_updated_at();

create trigger news_articles_published_at before insert or update on public.news_articles
  for each row execute function public.set_published_at();
create trigger events_published_at before insert or update on public.events
  for each row execute function public.set_published_at();
create trigger resources_published_at before insert or update on public.resources
  for each row execute function public.set_published_at();
create trigger proposals_published_at before insert or update on public.proposals
  for each row execute function public.set_proposal_published_at();

-- Every new account gets a profile. The username is the email's local part, made unique with -2, -3, …
-- Runs as the table owner: the new user has no session yet and could not pass RLS.
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  base text := left(regexp_replace(lower(split_part(coalesce(new.email, ''), '@', 1)), '[^[:alnum:]._-]+', '', 'g'), 50);
  candidate text;
  suffix integer := 1;
begin
  if base = '' then
    base := 'member';
  end if;
  candidate := base;
  loop
    begin
      insert into public.profiles (id, username) values (new.id, candidate);
      return new;
    exception when unique_violation then
      if exists (select 1 from public.profiles where id = new.id) then
        return new;
      end if;
      suffix := suffix + 1;
      candidate := base || '-' || suffix;
    end;
  end loop;
end $$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Whether the caller is an administrator. SECURITY DEFINER so that policies can ask it
-- while the admins table itself stays closed to the API.
create function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.admins where user_id = auth.uid())
$$;

-- Counts one download of a published resource that has a file, and returns the file's URL.
-- One UPDATE: concurrent downloads never lose a count. Anything else is a 404 (PostgREST maps PT404).
create function public.increment_download_count(resource_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  url text;
begin
  update public.resources
     set download_count = download_count + 1
   where id = increment_download_count.resource_id
     and is_published
     and file_url is not null
  returning file_url into url;
  if url is null then
    raise exception 'Resource not found' using errcode = 'PT404';
  end if;
  return url;
end $$;

-- Vote counts are derived from proposal_votes, never stored: PostgREST exposes these as
-- computed columns (select=*,support_count,oppose_count). They run as the caller, so RLS applies.
create function public.support_count(proposal public.proposals) returns integer
language sql stable set search_path = '' as $$
  select count(*)::integer from public.proposal_votes v
   where v.proposal_id = proposal.id and v.vote = 'support'
$$;

create function public.oppose_count(proposal public.proposals) returns integer
language sql stable set search_path = '' as $$
  select count(*)::integer from public.proposal_votes v
   where v.proposal_id = proposal.id and v.vote = 'oppose'
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;
