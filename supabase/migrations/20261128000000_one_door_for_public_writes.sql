-- One door for the public's writes: with the public anon key nobody inserts a contact message
-- (single or bulk) or moves a download counter directly. The Worker's rate-limited actions do it
-- through SECURITY DEFINER functions that run only for a request carrying the Worker's secret
-- (private.require_worker(), as the newsletter's since 20261127000000). Decision record 031.

-- contacts: no more INSERT through the API.
drop policy "anyone sends a contact message" on public.contacts;
revoke insert on public.contacts from anon, authenticated;

-- A contact or join message from the site's forms (status 'new', timestamps by the database).
create function public.submit_contact_message(name text, email text, message text, source text, region text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_worker();
  insert into public.contacts (name, email, region, message, source)
  values (submit_contact_message.name, submit_contact_message.email, submit_contact_message.region,
          submit_contact_message.message, submit_contact_message.source);
end $$;

-- Counts one download of a published resource that has a file, and returns the file's URL; the
-- Worker only. One UPDATE: concurrent downloads never lose a count. Anything else is a 404 (PT404).
create or replace function public.increment_download_count(resource_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  url text;
begin
  perform private.require_worker();
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

revoke all on function public.submit_contact_message(text, text, text, text, text) from public;
grant execute on function public.submit_contact_message(text, text, text, text, text) to anon, authenticated;
