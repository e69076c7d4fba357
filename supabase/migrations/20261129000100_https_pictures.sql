-- Issue 12: stored pictures are https (or the site's demo paths), whoever writes them. The back-office
-- also asks for a public host (app/lib/public-url.ts) and the image route checks again before every
-- fetch; the database now refuses plain http, which the image route never fetches, so a row written
-- through the API cannot hold an address the site would only refuse later. Existing rows are left as
-- they are (not valid): the image route refuses them at fetch time.
alter table public.news_articles drop constraint news_articles_image_url_check;
alter table public.news_articles add constraint news_articles_image_url_check
  check (image_url ~ '^(https://|/demo/[a-z0-9-]+\.svg$)') not valid;
alter table public.events drop constraint events_image_url_check;
alter table public.events add constraint events_image_url_check
  check (image_url ~ '^(https://|/demo/[a-z0-9-]+\.svg$)') not valid;
alter table public.groups drop constraint groups_logo_url_check;
alter table public.groups add constraint groups_logo_url_check check (logo_url ~ '^https://') not valid;
