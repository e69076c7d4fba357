-- Issue 10 (review): the counts of an open vote stay secret until its window ends, and the window is
-- the one the members were told. An admin could move the end of an open vote into the past, read the
-- counts, then move it back (or end it early when the count suited them), and could open a vote that
-- had already ended. Now the window is fixed once voting opens, and it must end in the future then.
-- Only the admin branch changes; the rest of the guard is as in 20261124000100_members.sql.
create or replace function private.proposals_guard() returns trigger
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
      if new.status in ('voting', 'passed', 'rejected', 'withdrawn')
         and (new.voting_starts_at is distinct from old.voting_starts_at or new.voting_ends_at is distinct from old.voting_ends_at) then
        raise exception 'The voting window cannot change once voting has opened' using errcode = 'PT409';
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
    if old.status = 'discussion' and new.status = 'voting' and new.voting_ends_at <= now() then
      raise exception 'Voting needs a window that has not ended yet' using errcode = '23514';
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
