-- Stored picture addresses: the database refuses any scheme but http(s) and the site's demo paths
-- (no javascript:, data: or file: URL can be stored, whoever writes). Which hosts and https-only are
-- the back-office's rule (app/lib/admin-schemas.ts) and the image route's (app/lib/images.server.ts);
-- the database keeps http:// writable so that the image route's tests can serve pictures from a
-- local http server, as they did before 20261125000300 narrowed this to https.
alter table public.news_articles drop constraint news_articles_image_url_check;
alter table public.news_articles add constraint news_articles_image_url_check
  check (image_url ~ '^(https?://|/demo/[a-z0-9-]+\.svg$)') not valid;
alter table public.events drop constraint events_image_url_check;
alter table public.events add constraint events_image_url_check
  check (image_url ~ '^(https?://|/demo/[a-z0-9-]+\.svg$)') not valid;
