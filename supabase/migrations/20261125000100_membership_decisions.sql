-- What admins decide about accounts (issue 10's /admin/members, and `db:admin -- --approve` on a
-- server): approve a pending account, decline it (the account and what it wrote are deleted),
-- revoke a membership (back to pending: its votes where voting is still open go, its comments
-- stay). Each is one function that checks is_admin() itself; the activity log's trigger records
-- them. Errors: 42501 (403) for a non-admin, PT404 (404) for an unknown account, PT409 (409) for
-- an account in the wrong state.

-- The accounts as admins see them on /admin/members: the only place email addresses are shown.
create function public.member_accounts()
returns table (id uuid, username text, email text, signed_up_at timestamptz, approved_at timestamptz, reason text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins see the accounts' using errcode = '42501';
  end if;
  return query
    select u.id, p.username, u.email::text, u.created_at, m.approved_at, a.reason
      from auth.users u
      join public.profiles p on p.id = u.id
      left join public.members m on m.user_id = u.id
      left join public.membership_applications a on a.user_id = u.id
     order by m.approved_at is not null, u.created_at desc;
end $$;

create function private.require_admin_and_account(account uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins decide memberships' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users where id = account) then
    raise exception 'No such account' using errcode = 'PT404';
  end if;
end $$;

create function public.approve_member(account uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin_and_account(account);
  if exists (select 1 from public.members where user_id = account) then
    raise exception 'This account is already a member' using errcode = 'PT409';
  end if;
  insert into public.members (user_id) values (account);
  -- What the account wrote to be approved has served its purpose.
  delete from public.membership_applications where user_id = account;
end $$;

create function public.decline_member(account uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin_and_account(account);
  if exists (select 1 from public.members where user_id = account)
     or exists (select 1 from public.admins where user_id = account) then
    raise exception 'Only a pending account can be declined' using errcode = 'PT409';
  end if;
  -- The cascade removes the profile and the application; the activity log records both deletions.
  delete from auth.users where id = account;
end $$;

create function public.revoke_member(account uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin_and_account(account);
  delete from public.members where user_id = account;
  if not found then
    raise exception 'This account is not a member' using errcode = 'PT409';
  end if;
  -- Votes still open to change go; a vote whose window has ended is part of a result.
  delete from public.proposal_votes v where v.user_id = account and private.voting_open(v.proposal_id);
end $$;

revoke execute on function public.member_accounts(), public.approve_member(uuid), public.decline_member(uuid),
  public.revoke_member(uuid) from public, anon;
grant execute on function public.member_accounts(), public.approve_member(uuid), public.decline_member(uuid),
  public.revoke_member(uuid) to authenticated;
revoke execute on function private.require_admin_and_account(uuid) from public;
