-- Issue 11: admin rights need a second factor and a live session. A password alone (a JWT at aal1)
-- neither reads nor writes admin data, through the site or the API; signing out, or another admin
-- removing the factor, ends admin rights at once instead of when the access token expires.
-- Members who enrolled a factor are members only at aal2 as well (their sign-in asks for the code).

create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.admins where user_id = auth.uid())
     and coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
     and exists (select 1 from auth.sessions s
                  where s.id::text = auth.jwt() ->> 'session_id' and s.user_id = auth.uid())
$$;

create function private.has_second_factor(account uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.mfa_factors where user_id = account and status = 'verified')
$$;
revoke execute on function private.has_second_factor(uuid) from public;

create or replace function public.is_member() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.members where user_id = auth.uid())
     and (coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' or not private.has_second_factor(auth.uid()))
$$;

-- What the site needs to know about the signed-in viewer, in one round trip: the rights above, and
-- what stands between an admin (or a member with a factor) and them.
create function public.viewer_rights() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'member', public.is_member(),
    'admin', public.is_admin(),
    'admin_role', exists (select 1 from public.admins where user_id = auth.uid()),
    'second_factor', private.has_second_factor(auth.uid()),
    'aal', coalesce(auth.jwt() ->> 'aal', 'aal1'))
$$;
revoke execute on function public.viewer_rights() from public, anon;
grant execute on function public.viewer_rights() to authenticated;

-- /admin/members shows which accounts have a second factor.
drop function public.member_accounts();
create function public.member_accounts()
returns table (id uuid, username text, email text, signed_up_at timestamptz, approved_at timestamptz, reason text,
               has_second_factor boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Only admins see the accounts' using errcode = '42501';
  end if;
  return query
    select u.id, p.username, u.email::text, u.created_at, m.approved_at, a.reason, private.has_second_factor(u.id)
      from auth.users u
      join public.profiles p on p.id = u.id
      left join public.members m on m.user_id = u.id
      left join public.membership_applications a on a.user_id = u.id
     order by m.approved_at is not null, u.created_at desc;
end $$;
revoke execute on function public.member_accounts() from public, anon;
grant execute on function public.member_accounts() to authenticated;

-- A lost device: another admin removes the account's factors. Its sessions end with them, so the
-- account signs in again with its password (an admin then enrols a new factor before /admin).
-- Recorded in the activity log by hand: auth tables carry no activity trigger.
create function public.remove_second_factor(account uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin_and_account(account);
  if account = auth.uid() then
    raise exception 'Admins do not remove their own factor' using errcode = 'PT409';
  end if;
  delete from auth.mfa_factors where user_id = account;
  if not found then
    raise exception 'This account has no second factor' using errcode = 'PT409';
  end if;
  delete from auth.sessions where user_id = account;
  insert into public.admin_activity (actor_id, actor_name, table_name, record_id, action)
  values (auth.uid(), coalesce((select p.username from public.profiles p where p.id = auth.uid()), ''), 'mfa_factors',
          account::text, 'deleted');
end $$;
revoke execute on function public.remove_second_factor(uuid) from public, anon;
grant execute on function public.remove_second_factor(uuid) to authenticated;
