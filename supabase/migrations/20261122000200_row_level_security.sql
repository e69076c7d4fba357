-- Row-level security, exactly as design.md's matrix says. Deny by default: every table has RLS on,
-- and only the cells of the matrix have a policy. Admins are recognised by public.is_admin().

alter table public.profiles enable row level security;
alter table public.admins enable row level security;
alter table public.groups enable row level security;
alter table public.news_articles enable row level security;
alter table public.events enable row level security;
alter table public.resources enable row level security;
alter table public.contacts enable row level security;
alter table public.proposals enable row level security;
alter table public.proposal_comments enable row level security;
alter table public.proposal_votes enable row level security;
alter table public.newsletter_subscriptions enable row level security;

-- admins: nobody through the API. is_admin() answers for the caller.
revoke all on public.admins from anon, authenticated;

-- profiles: public names; members create and edit their own.
create policy "profiles are readable by everyone" on public.profiles
  for select to anon, authenticated using (true);
create policy "members insert their own profile" on public.profiles
  for insert to authenticated with check (id = (select auth.uid()) or (select public.is_admin()));
create policy "members update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()))
  with check (id = (select auth.uid()) or (select public.is_admin()));
create policy "admins delete profiles" on public.profiles
  for delete to authenticated using ((select public.is_admin()));

-- groups: public; admins manage.
create policy "groups are readable by everyone" on public.groups
  for select to anon, authenticated using (true);
create policy "admins insert groups" on public.groups
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update groups" on public.groups
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete groups" on public.groups
  for delete to authenticated using ((select public.is_admin()));

-- news_articles, events, resources: the published ones are public; admins see and manage all.
create policy "published news is public" on public.news_articles
  for select to anon, authenticated using (is_published or (select public.is_admin()));
create policy "admins insert news" on public.news_articles
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update news" on public.news_articles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete news" on public.news_articles
  for delete to authenticated using ((select public.is_admin()));

create policy "published events are public" on public.events
  for select to anon, authenticated using (is_published or (select public.is_admin()));
create policy "admins insert events" on public.events
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update events" on public.events
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete events" on public.events
  for delete to authenticated using ((select public.is_admin()));

create policy "published resources are public" on public.resources
  for select to anon, authenticated using (is_published or (select public.is_admin()));
create policy "admins insert resources" on public.resources
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins update resources" on public.resources
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete resources" on public.resources
  for delete to authenticated using ((select public.is_admin()));

-- contacts: anyone may write a message (always 'new'); only admins read it, mark it read, delete it.
create policy "anyone sends a contact message" on public.contacts
  for insert to anon, authenticated with check (status = 'new');
create policy "admins read contact messages" on public.contacts
  for select to authenticated using ((select public.is_admin()));
create policy "admins update contact messages" on public.contacts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins delete contact messages" on public.contacts
  for delete to authenticated using ((select public.is_admin()));
-- Visitors write only the message itself (created_at and status come from the database), and
-- admins change only its status: no other column of a message can be changed after it was sent.
revoke insert, update on public.contacts from anon, authenticated;
grant insert (name, email, region, message, source) on public.contacts to anon, authenticated;
grant update (status) on public.contacts to authenticated;

-- proposals: non-drafts are public; members see their own drafts, create drafts, and publish their own draft.
create policy "published proposals are public" on public.proposals
  for select to anon using (status <> 'draft');
create policy "members read published proposals and their own drafts" on public.proposals
  for select to authenticated
  using (status <> 'draft' or author_id = (select auth.uid()) or (select public.is_admin()));
create policy "members create their own drafts" on public.proposals
  for insert to authenticated
  with check ((author_id = (select auth.uid()) and status = 'draft') or (select public.is_admin()));
create policy "members edit and publish their own drafts" on public.proposals
  for update to authenticated
  using ((author_id = (select auth.uid()) and status = 'draft') or (select public.is_admin()))
  with check ((author_id = (select auth.uid()) and status in ('draft', 'discussion')) or (select public.is_admin()));
create policy "admins delete proposals" on public.proposals
  for delete to authenticated using ((select public.is_admin()));

-- proposal_comments and proposal_votes: readable on published proposals; members write their own.
create policy "comments on published proposals are public" on public.proposal_comments
  for select to anon, authenticated
  using (
    exists (select 1 from public.proposals p where p.id = proposal_id and p.status <> 'draft')
    or (select public.is_admin())
  );
create policy "members comment on published proposals" on public.proposal_comments
  for insert to authenticated
  with check (
    (author_id = (select auth.uid())
      and exists (select 1 from public.proposals p where p.id = proposal_id and p.status <> 'draft'))
    or (select public.is_admin())
  );
create policy "members edit their own comments" on public.proposal_comments
  for update to authenticated
  using (author_id = (select auth.uid()) or (select public.is_admin()))
  with check (author_id = (select auth.uid()) or (select public.is_admin()));
create policy "members delete their own comments" on public.proposal_comments
  for delete to authenticated using (author_id = (select auth.uid()) or (select public.is_admin()));

create policy "votes on published proposals are public" on public.proposal_votes
  for select to anon, authenticated
  using (
    exists (select 1 from public.proposals p where p.id = proposal_id and p.status <> 'draft')
    or (select public.is_admin())
  );
create policy "members vote on published proposals" on public.proposal_votes
  for insert to authenticated
  with check (
    (user_id = (select auth.uid())
      and exists (select 1 from public.proposals p where p.id = proposal_id and p.status <> 'draft'))
    or (select public.is_admin())
  );
create policy "members change their own vote" on public.proposal_votes
  for update to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()))
  with check (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "members withdraw their own vote" on public.proposal_votes
  for delete to authenticated using (user_id = (select auth.uid()) or (select public.is_admin()));

-- newsletter_subscriptions: anyone subscribes; only admins read or remove the list.
create policy "anyone subscribes to the newsletter" on public.newsletter_subscriptions
  for insert to anon, authenticated with check (true);
create policy "admins read subscriptions" on public.newsletter_subscriptions
  for select to authenticated using ((select public.is_admin()));
create policy "admins delete subscriptions" on public.newsletter_subscriptions
  for delete to authenticated using ((select public.is_admin()));
revoke insert, update on public.newsletter_subscriptions from anon, authenticated;
grant insert (email) on public.newsletter_subscriptions to anon, authenticated;
