-- What the admin back-office (issue 10) needs of the database beyond the members' migration:
-- hidden proposals, reports resolved with the database's own time, and pictures that are either
-- the site's own demo images or https URLs.

-- An admin may hide a proposal (spam, a doxxing attempt) and restore it. A hidden proposal reads
-- like a draft to everyone but its author and the admins: not listed, no page, no comments shown.
alter table public.proposals add column is_hidden boolean not null default false;

drop policy "published proposals are public" on public.proposals;
create policy "published proposals are public" on public.proposals
  for select to anon using (status <> 'draft' and not is_hidden);
drop policy "members read published proposals and their own drafts" on public.proposals;
create policy "members read published proposals and their own drafts" on public.proposals
  for select to authenticated
  using ((status <> 'draft' and not is_hidden) or author_id = (select auth.uid()) or (select public.is_admin()));
grant update (is_hidden) on public.proposals to authenticated;

-- Only admins hide or restore; the proposals guard still judges every other change.
create function private.proposals_hide_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.guard_applies() and new.is_hidden is distinct from old.is_hidden and not public.is_admin() then
    raise exception 'Only admins hide proposals' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger proposals_hide_guard before update of is_hidden on public.proposals
  for each row execute function private.proposals_hide_guard();

-- Resolving a report: who and when come from the session and the clock, never from the request.
revoke update on public.proposal_reports from authenticated;
create function public.resolve_report(report uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins resolve reports' using errcode = '42501';
  end if;
  update public.proposal_reports set resolved_at = now(), resolved_by = auth.uid()
   where id = report and resolved_at is null;
  if not found then
    if exists (select 1 from public.proposal_reports where id = report) then
      raise exception 'This report is already resolved' using errcode = 'PT409';
    end if;
    raise exception 'No such report' using errcode = 'PT404';
  end if;
end $$;
revoke execute on function public.resolve_report(uuid) from public, anon;
grant execute on function public.resolve_report(uuid) to authenticated;

-- A picture is an https URL (fetched for visitors by the /images route) or one of the site's own
-- demo images, served as static files from /demo/. Plain http is refused from now on; rows that
-- already hold one keep it (NOT VALID skips the check of existing rows only).
alter table public.news_articles drop constraint news_articles_image_url_check;
alter table public.news_articles add constraint news_articles_image_url_check
  check (image_url ~ '^(https://|/demo/[a-z0-9-]+\.svg$)') not valid;
alter table public.events drop constraint events_image_url_check;
alter table public.events add constraint events_image_url_check
  check (image_url ~ '^(https://|/demo/[a-z0-9-]+\.svg$)') not valid;
