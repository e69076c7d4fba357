-- A new news article, event, resource or group may carry the id its form was given when the
-- back-office rendered it (docs/decisions/057), as a member's new proposal does (056). The same
-- form sent twice (a double press without JavaScript, a resent page) then makes one record: the
-- second insert meets the first one's primary key, and the back-office answers as if it had just
-- made it. Row-level security still lets only admins insert into these tables.
grant insert (id) on public.news_articles, public.events, public.resources, public.groups to authenticated;
