-- Tables, constraints and indexes of the public schema (design.md, "Data model").
-- Constraints live here, not only in forms: the app validates again, but the database is the last word.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null unique
    check (char_length(username) between 1 and 64),
  avatar_url text check (avatar_url ~ '^https?://'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Who may administer the site. Granted by `npm run db:admin -- <email>` or SQL, never through the API.
create table public.admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

create table public.groups (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  description text not null check (char_length(description) between 1 and 5000),
  location text check (char_length(location) <= 200),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  website text check (website ~ '^https?://'),
  contact_email text check (contact_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  logo_url text check (logo_url ~ '^https?://'),
  is_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A group is either placed on the map (both coordinates) or not at all.
  constraint groups_coordinates_together check ((latitude is null) = (longitude is null))
);
create index groups_name_idx on public.groups (name);

create table public.news_articles (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 300),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  excerpt text not null default '' check (char_length(excerpt) <= 1000),
  content text not null default '',
  image_url text check (image_url ~ '^https?://'),
  tags text[] not null default '{}',
  is_published boolean not null default false,
  published_at timestamptz,
  author_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index news_articles_published_idx on public.news_articles (published_at desc) where is_published;
create index news_articles_author_idx on public.news_articles (author_id);

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 300),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null check (char_length(description) between 1 and 20000),
  start_date timestamptz not null,
  end_date timestamptz,
  -- When an event is over: its end, or its start for a single-moment event. Public lists filter on it.
  ends_at timestamptz generated always as (coalesce(end_date, start_date)) stored,
  location text check (char_length(location) <= 300),
  is_online boolean not null default false,
  image_url text check (image_url ~ '^https?://'),
  registration_url text check (registration_url ~ '^https?://'),
  max_participants integer check (max_participants >= 0),
  is_published boolean not null default false,
  published_at timestamptz,
  organizer_id uuid references public.profiles (id) on delete set null,
  group_id uuid references public.groups (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint events_end_after_start check (end_date is null or end_date >= start_date),
  -- Four-digit years only: a date like 20266-07-01 is valid in Postgres but not in JavaScript,
  -- and one such row would break every page that lists events.
  constraint events_dates_in_range check (
    start_date >= '1900-01-01' and start_date < '10000-01-01' and (end_date is null or end_date < '10000-01-01')
  )
);
create index events_upcoming_idx on public.events (ends_at, start_date) where is_published;
create index events_start_idx on public.events (start_date);
create index events_organizer_idx on public.events (organizer_id);
create index events_group_idx on public.events (group_id);

create table public.resources (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 300),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null check (char_length(description) between 1 and 5000),
  content text not null default '',
  resource_type text not null default 'guide'
    check (resource_type in ('guide', 'theory', 'template', 'tool')),
  file_url text check (file_url ~ '^https?://'),
  download_count integer not null default 0 check (download_count >= 0),
  is_published boolean not null default false,
  published_at timestamptz,
  author_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index resources_published_idx on public.resources (created_at desc) where is_published;
create index resources_author_idx on public.resources (author_id);

create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  region text check (region in ('europe', 'northAmerica', 'southAmerica', 'asia', 'africa', 'oceania')),
  message text not null check (char_length(btrim(message)) between 1 and 10000),
  source text not null default 'contact' check (source in ('contact', 'join')),
  status text not null default 'new' check (status in ('new', 'read')),
  created_at timestamptz not null default now()
);
create index contacts_created_idx on public.contacts (created_at desc);

create table public.proposals (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  content text not null default '',
  status text not null default 'draft'
    check (status in ('draft', 'discussion', 'voting', 'passed', 'rejected', 'withdrawn')),
  group_id uuid references public.groups (id) on delete set null,
  author_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  published_at timestamptz,
  voting_starts_at timestamptz,
  voting_ends_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint proposals_voting_window check (voting_ends_at is null or voting_starts_at is null or voting_ends_at >= voting_starts_at)
);
create index proposals_created_idx on public.proposals (created_at desc);
create index proposals_author_idx on public.proposals (author_id);
create index proposals_group_idx on public.proposals (group_id);

create table public.proposal_comments (
  id uuid primary key default gen_random_uuid(),
  proposal_id uuid not null references public.proposals (id) on delete cascade,
  author_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  content text not null check (char_length(btrim(content)) between 1 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index proposal_comments_proposal_idx on public.proposal_comments (proposal_id, created_at);
create index proposal_comments_author_idx on public.proposal_comments (author_id);

-- One vote per member and proposal: the primary key enforces it.
create table public.proposal_votes (
  proposal_id uuid not null references public.proposals (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  vote text not null check (vote in ('support', 'oppose')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (proposal_id, user_id)
);
create index proposal_votes_user_idx on public.proposal_votes (user_id);

create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  created_at timestamptz not null default now()
);
create unique index newsletter_subscriptions_email_key on public.newsletter_subscriptions (lower(email));
