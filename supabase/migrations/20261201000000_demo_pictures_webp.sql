-- Issue 14: the demo pictures are WebP files now (public/demo/*.webp, DEMO_IMAGES in app/lib/images.ts),
-- served like any other picture through the image route, which refuses SVG. A demo path is
-- /demo/<name>.webp; https URLs are unchanged. Existing rows are left as they are (not valid).
alter table public.news_articles drop constraint news_articles_image_url_check;
alter table public.news_articles add constraint news_articles_image_url_check
  check (image_url ~ '^(https://|/demo/[a-z0-9-]+\.webp$)') not valid;
alter table public.events drop constraint events_image_url_check;
alter table public.events add constraint events_image_url_check
  check (image_url ~ '^(https://|/demo/[a-z0-9-]+\.webp$)') not valid;
