-- Issue 12: what the attacker's suite's privilege matrix (tests/attacker/privilege-matrix.test.ts)
-- found open in the database itself.

-- 1. Admins could delete any profile through the API, and the delete cascades to that member's votes:
--    an admin could remove a vote from an open ballot. The site never deletes a profile (an account
--    leaves with delete_own_account; an application is refused by a function); nobody may.
drop policy "admins delete profiles" on public.profiles;
revoke delete on public.profiles from anon, authenticated;

-- 2. An account with a second factor signed in with its password alone (aal1) is not yet the account:
--    is_member() and is_admin() already say so, but leaving the network, withdrawing a vote, reading
--    one's votes and renaming oneself asked only who the caller was.
create function private.session_complete() returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null
     and (coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' or not private.has_second_factor(auth.uid()))
$$;
revoke execute on function private.session_complete() from public;
grant execute on function private.session_complete() to authenticated;

create or replace function public.delete_own_account() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if auth.uid() is null or not private.session_complete() then
    raise exception 'Not signed in with every factor' using errcode = '42501';
  end if;
  delete from auth.users where id = auth.uid();
end $$;

drop policy "voters withdraw their own vote" on public.proposal_votes;
create policy "members withdraw their own vote" on public.proposal_votes
  for delete to authenticated
  using (user_id = (select auth.uid()) and (select public.is_member()));

drop policy "voters read their own vote" on public.proposal_votes;
create policy "voters read their own vote" on public.proposal_votes
  for select to authenticated using (user_id = (select auth.uid()) and (select private.session_complete()));

drop policy "members update their own profile" on public.profiles;
create policy "members update their own profile" on public.profiles
  for update to authenticated
  using ((id = (select auth.uid()) and (select private.session_complete())) or (select public.is_admin()))
  with check ((id = (select auth.uid()) and (select private.session_complete())) or (select public.is_admin()));

-- 3. A hidden proposal reads like a draft: its counts are not for anyone who guesses its id, and nobody
--    votes or comments on it while it is hidden (voting_open and comments_open stay as they are: the
--    guards and revoke_member read them as the proposal's phase).
create or replace function private.proposal_readable(proposal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.proposals p
     where p.id = proposal_readable.proposal_id
       and ((p.status <> 'draft' and not p.is_hidden) or p.author_id = auth.uid() or public.is_admin())
  )
$$;
revoke execute on function private.proposal_readable(uuid) from public;

create or replace function public.support_count(proposal public.proposals) returns integer
language sql stable security definer set search_path = '' as $$
  select case
           when p.status in ('passed', 'rejected', 'withdrawn') then p.final_support_count
           when p.status = 'voting' and now() >= p.voting_ends_at then (private.live_vote_counts(p.id)).support
         end
    from public.proposals p where p.id = proposal.id and private.proposal_readable(p.id)
$$;

create or replace function public.oppose_count(proposal public.proposals) returns integer
language sql stable security definer set search_path = '' as $$
  select case
           when p.status in ('passed', 'rejected', 'withdrawn') then p.final_oppose_count
           when p.status = 'voting' and now() >= p.voting_ends_at then (private.live_vote_counts(p.id)).oppose
         end
    from public.proposals p where p.id = proposal.id and private.proposal_readable(p.id)
$$;

create or replace function public.vote_count(proposal public.proposals) returns integer
language sql stable security definer set search_path = '' as $$
  select case
           when p.status in ('passed', 'rejected', 'withdrawn') and p.final_support_count is not null
             then p.final_support_count + p.final_oppose_count
           when p.status in ('voting', 'passed', 'rejected')
             then (select count(*)::integer from public.proposal_votes v where v.proposal_id = p.id)
         end
    from public.proposals p where p.id = proposal.id and private.proposal_readable(p.id)
$$;

create function private.proposal_hidden(proposal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select p.is_hidden from public.proposals p where p.id = proposal_hidden.proposal_id), false)
$$;
revoke execute on function private.proposal_hidden(uuid) from public;
grant execute on function private.proposal_hidden(uuid) to authenticated;

drop policy "members vote while voting is open" on public.proposal_votes;
create policy "members vote while voting is open" on public.proposal_votes
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select public.is_member()) and private.voting_open(proposal_id)
              and not private.proposal_hidden(proposal_id));
drop policy "members change their vote while voting is open" on public.proposal_votes;
create policy "members change their vote while voting is open" on public.proposal_votes
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and (select public.is_member()) and private.voting_open(proposal_id)
              and not private.proposal_hidden(proposal_id));
drop policy "members comment while comments are open" on public.proposal_comments;
create policy "members comment while comments are open" on public.proposal_comments
  for insert to authenticated
  with check (author_id = (select auth.uid()) and (select public.is_member()) and private.comments_open(proposal_id)
              and not private.proposal_hidden(proposal_id));
