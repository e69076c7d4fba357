-- Issue 10 (review): the counts of an open vote stay secret until its window ends, and the window is
-- the one the members were told. An admin could move the end of an open vote into the past, read the
-- counts, then move it back (or end it early when the count suited them), and could open a vote that
-- had already ended. Now the window is fixed once voting opens, and it must end in the future then
-- (decision 053). A trigger of its own, run after proposals_guard (triggers fire in name order), which
-- has already refused window changes to everyone but admins.
create function private.proposals_window_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not private.guard_applies() then
    return new;
  end if;
  if old.status = 'voting' and new.status = 'voting'
     and (new.voting_starts_at is distinct from old.voting_starts_at or new.voting_ends_at is distinct from old.voting_ends_at) then
    raise exception 'The voting window cannot change once voting has opened' using errcode = 'PT409';
  end if;
  if old.status = 'discussion' and new.status = 'voting' and new.voting_ends_at <= now() then
    raise exception 'Voting needs a window that has not ended yet' using errcode = '23514';
  end if;
  return new;
end $$;
create trigger proposals_window_guard before update on public.proposals
  for each row execute function private.proposals_window_guard();
