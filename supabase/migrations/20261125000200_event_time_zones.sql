-- Events happen somewhere: each has an IANA time zone (default UTC, for online events), and the
-- site shows its times in that zone, named (the instants stay timestamptz). Issue 10's event form
-- will enter local times in it.

-- Whether Postgres knows a time zone by this name.
create function private.is_time_zone(name text) returns boolean
language plpgsql immutable set search_path = '' as $$
begin
  perform now() at time zone name;
  return true;
exception when invalid_parameter_value then
  return false;
end $$;

-- An IANA name ("Europe/Madrid") or UTC: not an abbreviation ("CET") or an offset ("+05"), whose
-- meaning would not follow daylight-saving time.
alter table public.events add column time_zone text not null default 'UTC'
  constraint events_time_zone_check
  check ((time_zone = 'UTC' or time_zone ~ '^[A-Za-z]+(/[A-Za-z0-9_+-]+)+$') and private.is_time_zone(time_zone));
grant insert (time_zone), update (time_zone) on public.events to authenticated;
