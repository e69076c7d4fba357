-- A member's new proposal may carry the id its form was given when the page was rendered
-- (docs/decisions/056). The same form sent twice (a double press without JavaScript, a resent page)
-- then makes one draft: the second insert meets the first one's primary key, and the site sends the
-- member to that draft. Every other rule of the insert stands (the author is the caller, a draft).
grant insert (id) on public.proposals to authenticated;
