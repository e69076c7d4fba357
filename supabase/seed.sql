-- Demo content and local accounts for development and tests. NEVER run against production.
--
-- Runs after the migrations, as postgres: by `supabase db reset` (Supabase CLI) and by the embedded
-- backend, which resets by truncating every public and auth table (RESTART IDENTITY CASCADE) and
-- running this file again. So: no DDL, no dependence on earlier state, fixed ids for every row a
-- test may reference, and every date relative to now() so the seed never goes stale.
--
-- Local accounts (passwords are for local use only):
--   admin@example.org   / local-admin-password   administrator (row in public.admins), TOTP secret
--                                                 TUA2IR7VKIJOFLNTW4CFNGSLDKHKIMMD (factor c0000000-…-000000000001)
--   member@example.org  / local-member-password  member
--   lucia@example.org   / local-member-password  member, organiser (Barcelona)
--   amara@example.org   / local-member-password  member, organiser (Cape Town)
--   tomasz@example.org  / local-member-password  member, organiser (Kraków)
-- Profiles are created by the on_auth_user_created trigger, with the public name in user_metadata.username
-- (the admin's is 'rosa': 'admin' is a reserved name). All five are approved members (public.members).
--
-- Fixed id patterns (last block is the row number):
--   users a0000000-…  identities b0000000-…  groups 10000000-…  news 20000000-…  events 30000000-…
--   resources 40000000-…  proposals 50000000-…  comments 60000000-…  contacts 70000000-…  newsletter 80000000-…
-- The Worker's local secret: local-worker-secret-never-use-in-production.

-- ---------------------------------------------------------------------------------------------
-- Accounts
-- ---------------------------------------------------------------------------------------------

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, email_change, email_change_token_new, recovery_token
) values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'admin@example.org', extensions.crypt('local-admin-password', extensions.gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"username":"rosa"}', now(), now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'member@example.org', extensions.crypt('local-member-password', extensions.gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"username":"member"}', now(), now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000003', 'authenticated', 'authenticated',
   'lucia@example.org', extensions.crypt('local-member-password', extensions.gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"username":"lucia"}', now(), now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000004', 'authenticated', 'authenticated',
   'amara@example.org', extensions.crypt('local-member-password', extensions.gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"username":"amara"}', now(), now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000005', 'authenticated', 'authenticated',
   'tomasz@example.org', extensions.crypt('local-member-password', extensions.gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"username":"tomasz"}', now(), now(), '', '', '', '');

-- identities.email is a generated column: never insert it.
insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
   '{"sub":"a0000000-0000-4000-8000-000000000001","email":"admin@example.org","email_verified":true}', 'email', now(), now(), now()),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002',
   '{"sub":"a0000000-0000-4000-8000-000000000002","email":"member@example.org","email_verified":true}', 'email', now(), now(), now()),
  ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003',
   '{"sub":"a0000000-0000-4000-8000-000000000003","email":"lucia@example.org","email_verified":true}', 'email', now(), now(), now()),
  ('b0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004',
   '{"sub":"a0000000-0000-4000-8000-000000000004","email":"amara@example.org","email_verified":true}', 'email', now(), now(), now()),
  ('b0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000005',
   '{"sub":"a0000000-0000-4000-8000-000000000005","email":"tomasz@example.org","email_verified":true}', 'email', now(), now(), now());

insert into public.admins (user_id) values ('a0000000-0000-4000-8000-000000000001');

-- The admin signs in with a TOTP code too (admins need aal2). Local only: an authenticator app takes
-- this secret; `npm run db:admin -- --reset-2fa admin@example.org` removes the factor.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret) values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Local authenticator', 'totp', 'verified',
   now(), now(), 'TUA2IR7VKIJOFLNTW4CFNGSLDKHKIMMD');

insert into public.members (user_id, approved_at)
select id, now() - interval '90 days' from auth.users where id::text like 'a0000000-0000-4000-8000-00000000000_';

-- ---------------------------------------------------------------------------------------------
-- Groups: eight placed on the map (five continents plus North Africa), one without coordinates.
-- ---------------------------------------------------------------------------------------------

insert into public.groups (id, name, description, location, latitude, longitude, website, contact_email, is_verified, created_at, updated_at) values
  ('10000000-0000-4000-8000-000000000001', 'Assemblea Llibertària del Raval',
   'Neighbourhood assembly in the Raval district of Barcelona. We run a twice-weekly solidarity kitchen, a tenants'' defence committee that accompanies families facing eviction, and a small lending library of political and practical books. Meetings are open, in Catalan, Spanish and English, every Monday evening.',
   'Barcelona, Spain', 41.3797, 2.1682, 'https://raval-llibertaria.example', 'assemblea@raval-llibertaria.example', true,
   now() - interval '400 days', now() - interval '30 days'),
  ('10000000-0000-4000-8000-000000000002', 'Coletivo Terra e Liberdade',
   'Coletivo autogestionado de Porto Alegre que organiza hortas comunitárias, uma biblioteca popular e cursos pré-vestibulares gratuitos nas periferias da cidade. Tomamos decisões por consenso e apoiamos ocupações urbanas e cooperativas de catadores de materiais recicláveis.',
   'Porto Alegre, Brazil', -30.0346, -51.2177, 'https://terraeliberdade.example', 'contato@terraeliberdade.example', true,
   now() - interval '380 days', now() - interval '60 days'),
  ('10000000-0000-4000-8000-000000000003', 'Riverside Mutual Aid Collective',
   'A volunteer collective on Detroit''s east side. We organise grocery and medicine runs for elderly neighbours, a winter coat exchange, and know-your-rights trainings with local tenant unions. Everyone who shows up has a say.',
   'Detroit, United States', 42.3314, -83.0458, 'https://riverside-mutualaid.example', 'hello@riverside-mutualaid.example', true,
   now() - interval '350 days', now() - interval '12 days'),
  ('10000000-0000-4000-8000-000000000004', 'Khayelitsha Commons Collective',
   'Residents of Khayelitsha organising around water access, community gardens and a shared tool library. We also host a weekly study circle on the history of self-organisation in South Africa''s townships.',
   'Cape Town, South Africa', -33.9249, 18.4241, 'https://khayelitsha-commons.example', 'collective@khayelitsha-commons.example', false,
   now() - interval '200 days', now() - interval '20 days'),
  ('10000000-0000-4000-8000-000000000005', 'Kolektif Pustaka Bebas',
   'A free library and reading space in South Jakarta, run by students and workers. We translate pamphlets into Indonesian, host zine-making workshops and support informal workers'' associations in the neighbourhood.',
   'Jakarta, Indonesia', -6.2088, 106.8456, 'https://pustakabebas.example', 'pustaka@pustakabebas.example', false,
   now() - interval '150 days', now() - interval '150 days'),
  ('10000000-0000-4000-8000-000000000006', 'Harbour City Solidarity Circle',
   'A small federation of affinity groups in Wellington working on housing, climate justice and solidarity with Māori land defenders. We publish a monthly bulletin and coordinate a food rescue network.',
   'Wellington, New Zealand', -41.2865, 174.7762, 'https://harbourcity-solidarity.example', 'circle@harbourcity-solidarity.example', true,
   now() - interval '300 days', now() - interval '45 days'),
  ('10000000-0000-4000-8000-000000000007', 'Kolektyw Wzajemność',
   'Kolektyw z Krakowa prowadzący bibliotekę społeczną, punkt porad dla lokatorów i lokatorek oraz zbiórki dla osób uchodźczych. Spotykamy się co tydzień; decyzje podejmujemy wspólnie, bez szefów i bez hierarchii.',
   'Kraków, Poland', 50.0647, 19.9450, 'https://wzajemnosc-krakow.example', 'kontakt@wzajemnosc-krakow.example', false,
   now() - interval '120 days', now() - interval '10 days'),
  ('10000000-0000-4000-8000-000000000008', 'Tadamon Tunis',
   'مجموعة تضامن في تونس العاصمة تنظّم مطابخ شعبية ودروس دعم مدرسي مجانية وورشات حول حقوق العمّال والمهاجرين. نعمل بالتوافق ونرحّب بكل من يشاركنا قيم المساعدة المتبادلة. — A solidarity group in Tunis running popular kitchens, free tutoring and workshops on workers'' and migrants'' rights.',
   'Tunis, Tunisia', 36.8065, 10.1815, 'https://tadamon-tunis.example', 'tadamon@tadamon-tunis.example', true,
   now() - interval '90 days', now() - interval '5 days'),
  -- Not on the map: a distributed working group with no single place, no coordinates, no location, no website.
  ('10000000-0000-4000-8000-000000000009', 'Translation Working Group',
   'Volunteers from a dozen countries who translate the network''s statements, guides and congress materials. Work happens online, in small teams per language pair. New translators and proofreaders are always welcome.',
   null, null, null, null, 'translations@inag.example', false,
   now() - interval '60 days', now() - interval '60 days');

-- ---------------------------------------------------------------------------------------------
-- News: five published (different recent dates), one draft.
-- Pictures of news and events are the site's own demo images (public/demo/*.webp, DEMO_IMAGES in
-- app/lib/images.ts), which the image route serves from the Worker's static assets.
-- ---------------------------------------------------------------------------------------------

insert into public.news_articles (id, title, slug, excerpt, content, image_url, tags, is_published, published_at, author_id, created_at, updated_at) values
  ('20000000-0000-4000-8000-000000000001',
   'Regional assemblies agree on a shared calendar for the congress year',
   'regional-assemblies-agree-on-shared-calendar',
   'Delegates from five regional assemblies met online and agreed on a common calendar of gatherings leading up to the network congress.',
   '<p>Over two evenings of online discussion, delegates from the European, American, African, Asia-Pacific and Middle East regional assemblies agreed on a shared calendar of gatherings for the months leading up to the network congress.</p>'
   '<h2>What was agreed</h2>'
   '<ul><li>Each regional assembly holds at least one open gathering before the congress.</li>'
   '<li>Proposals for the congress agenda are collected on the <a href="https://inag.example/voting">proposals page</a> until voting opens.</li>'
   '<li>The Translation Working Group receives all documents at least three weeks before each gathering.</li></ul>'
   '<p>The full minutes are available on request from the regional contact addresses. Thanks to everyone who took part, and to the interpreters who made it possible.</p>',
   '/demo/calendar.webp',
   array['announcement', 'congress'], true, now() - interval '2 days', 'a0000000-0000-4000-8000-000000000001',
   now() - interval '3 days', now() - interval '2 days'),
  ('20000000-0000-4000-8000-000000000002',
   'Un año de cocina solidaria en el Raval',
   'un-ano-de-cocina-solidaria-en-el-raval',
   'La cocina solidaria de la asamblea del Raval cumple un año: más de doce mil comidas servidas sin pedir papeles a nadie.',
   '<p>Hace ahora un año que la asamblea del barrio abrió su primera cocina solidaria en un local cedido por la asociación de vecinas. Desde entonces, cada martes y viernes se han servido más de doce mil comidas, cocinadas y repartidas por personas voluntarias, sin pedir papeles ni justificantes a nadie.</p>'
   '<h2>Apoyo mutuo, no caridad</h2>'
   '<p>La cocina funciona por asamblea abierta: quienes vienen a comer también deciden el menú, organizan los turnos y gestionan las donaciones de los mercados cercanos.</p>'
   '<blockquote><p>«Aquí nadie es cliente ni beneficiaria: somos vecinas que nos cuidamos entre nosotras.»</p></blockquote>'
   '<ul><li>Martes y viernes, de 13:00 a 15:30.</li><li>Recogida de alimentos los lunes por la tarde.</li><li>Se necesitan manos para la limpieza y el transporte.</li></ul>'
   '<p>Más información en la <a href="https://raval-llibertaria.example/cuina">web de la asamblea</a>.</p>',
   '/demo/kitchen.webp',
   array['solidarity', 'mutual-aid', 'es'], true, now() - interval '6 days', 'a0000000-0000-4000-8000-000000000003',
   now() - interval '7 days', now() - interval '6 days'),
  ('20000000-0000-4000-8000-000000000003',
   'Solidarity with the striking port workers',
   'solidarity-with-the-striking-port-workers',
   'The network sends its solidarity to the port workers on strike for safe working conditions, and lists ways groups can help.',
   '<p>For three weeks now, port workers have been on strike against the casualisation of their jobs and a series of preventable accidents on the docks. Several affiliated groups have joined the picket lines and organised collections for the strike fund.</p>'
   '<blockquote><p>An injury to one is an injury to all.</p></blockquote>'
   '<h2>How groups can help</h2>'
   '<ul><li>Contribute to the strike fund through the workers'' own committee.</li>'
   '<li>Share the strikers'' statements in your languages: the Translation Working Group coordinates this.</li>'
   '<li>Organise a solidarity action in your city and tell us about it.</li></ul>'
   '<p>Read the strike committee''s statement on <a href="https://portworkers-committee.example/statement">their website</a>.</p>',
   '/demo/port-strike.webp',
   array['solidarity', 'labour'], true, now() - interval '11 days', 'a0000000-0000-4000-8000-000000000001',
   now() - interval '11 days', now() - interval '11 days'),
  ('20000000-0000-4000-8000-000000000004',
   'Digital self-defence workshops: what we learned',
   'digital-self-defence-workshops-what-we-learned',
   'Six groups ran digital security workshops this season. Here is what worked, what did not, and what we will change next time.',
   '<p>Between them, six affiliated groups ran fourteen digital self-defence workshops this season, reaching around two hundred people. The format was the same everywhere: a short talk, then small groups working through real devices together.</p>'
   '<h2>What worked</h2>'
   '<ul><li>Starting from each person''s own risks rather than a list of apps.</li>'
   '<li>Setting up end-to-end encrypted messaging and full-disk encryption together, in the room.</li>'
   '<li>Printed checklists people could take home.</li></ul>'
   '<h2>What we will change</h2>'
   '<p>Sessions were too long. Next season we will split them into two evenings, and we will translate the checklist into more languages.</p>'
   '<p>The checklist is available in the <a href="https://inag.example/resources/digital-security-basics-for-organisers">resources section</a>.</p>',
   '/demo/digital-self-defence.webp',
   array['security', 'events'], true, now() - interval '18 days', 'a0000000-0000-4000-8000-000000000004',
   now() - interval '19 days', now() - interval '18 days'),
  ('20000000-0000-4000-8000-000000000005',
   'Biblioteka społeczna w Krakowie otwiera swoje drzwi',
   'biblioteka-spoleczna-w-krakowie-otwiera-drzwi',
   'Po ośmiu miesiącach remontu prowadzonego przez wolontariuszy i wolontariuszki biblioteka społeczna Kolektywu Wzajemność jest otwarta dla wszystkich.',
   '<p>Po ośmiu miesiącach remontu, prowadzonego wyłącznie siłami wolontariuszy i wolontariuszek, nasza biblioteka społeczna w Krakowie jest otwarta dla wszystkich. Na półkach znajduje się ponad dwa tysiące książek, broszur i czasopism, w tym zbiory poświęcone historii ruchów spółdzielczych i lokatorskich.</p>'
   '<h2>Jak to działa?</h2>'
   '<ul><li>Wypożyczenia są bezpłatne i nie wymagają rejestracji.</li>'
   '<li>Czytelnia jest czynna od wtorku do soboty, w godzinach 16–20.</li>'
   '<li>W każdy czwartek odbywa się spotkanie dyskusyjne.</li></ul>'
   '<p>Zapraszamy do przynoszenia książek i do współtworzenia katalogu. Więcej informacji na <a href="https://wzajemnosc-krakow.example/biblioteka">stronie kolektywu</a>.</p>',
   '/demo/library.webp',
   array['announcement', 'pl'], true, now() - interval '25 days', 'a0000000-0000-4000-8000-000000000005',
   now() - interval '26 days', now() - interval '25 days'),
  ('20000000-0000-4000-8000-000000000006',
   'Call for congress proposals is open',
   'call-for-congress-proposals-is-open',
   'Any member can now submit a proposal for the congress agenda. Here is how the process works, from discussion to voting.',
   '<p>The call for congress proposals is open. Any member of an affiliated group can submit a proposal; it is published for discussion, amended in the open, and then put to a vote of the regional assemblies.</p>'
   '<h2>Timeline</h2>'
   '<ul><li>Submission and discussion: from today until voting opens.</li>'
   '<li>Voting: two weeks, announced on the <a href="https://inag.example/voting">proposals page</a>.</li>'
   '<li>Adopted proposals go on the congress agenda.</li></ul>'
   '<blockquote><p>We aim for consensus; a vote is how we record where we stand, not a way to silence a minority.</p></blockquote>',
   '/demo/congress.webp',
   array['announcement', 'congress'], true, now() - interval '33 days', 'a0000000-0000-4000-8000-000000000001',
   now() - interval '34 days', now() - interval '33 days'),
  -- Draft: never shown publicly.
  ('20000000-0000-4000-8000-000000000007',
   'Report from the Southern Africa regional assembly',
   'report-from-the-southern-africa-regional-assembly',
   'Notes from the regional assembly: water access campaigns, the tool library network and plans for the congress.',
   '<p>Draft: notes to be completed after the assembly. Sections to write: water access campaigns, the tool library network, delegates for the congress.</p>',
   null,
   array['events'], false, null, 'a0000000-0000-4000-8000-000000000004',
   now() - interval '1 day', now() - interval '1 day');

-- ---------------------------------------------------------------------------------------------
-- Events: six published upcoming (single-day, same-day end, multi-day, online), one past, one draft.
-- Times are whole hours (UTC) relative to today.
-- ---------------------------------------------------------------------------------------------

insert into public.events (id, title, slug, description, start_date, end_date, location, is_online, image_url, registration_url, max_participants, is_published, published_at, organizer_id, group_id, created_at, updated_at) values
  -- Single-day, no end date, no registration, limited places.
  ('30000000-0000-4000-8000-000000000001',
   'Digital self-defence workshop',
   'digital-self-defence-workshop-barcelona',
   'A hands-on evening for organisers and neighbours: threat modelling, encrypted messaging, full-disk encryption and safer habits at protests. Bring your own phone or laptop. The workshop is held in Spanish and English; no prior knowledge needed.',
   date_trunc('day', now()) + interval '5 days 17 hours', null,
   'Barcelona, Spain', false, '/demo/workshop.webp', null, 25,
   true, now() - interval '10 days', 'a0000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001',
   now() - interval '10 days', now() - interval '10 days'),
  -- Online, with registration, no limit.
  ('30000000-0000-4000-8000-000000000002',
   'Online assembly of the Translation Working Group',
   'online-assembly-translation-working-group',
   'Open assembly of the Translation Working Group: planning the translation of congress documents, welcoming new translators and proofreaders, and agreeing on a shared glossary. Interpretation into Spanish, French and Arabic.',
   date_trunc('day', now()) + interval '8 days 16 hours', date_trunc('day', now()) + interval '8 days 18 hours',
   null, true, null, 'https://meet.inag.example/translation-assembly', null,
   true, now() - interval '6 days', 'a0000000-0000-4000-8000-000000000005', '10000000-0000-4000-8000-000000000009',
   now() - interval '6 days', now() - interval '6 days'),
  -- Single-day with an end the same day, registration, no limit; no group.
  ('30000000-0000-4000-8000-000000000003',
   'Rencontre régionale : autogestion et luttes locales',
   'rencontre-regionale-autogestion-et-luttes-locales',
   'Une journée de rencontre entre collectifs de la région pour partager nos expériences d''autogestion : cantines populaires, comités de locataires, bibliothèques libres. Ateliers le matin, assemblée l''après-midi. Repas partagé à prix libre. Traduction possible en anglais et en espagnol.',
   date_trunc('day', now()) + interval '12 days 9 hours', date_trunc('day', now()) + interval '12 days 18 hours',
   'Lyon, France', false, '/demo/gathering.webp', 'https://rencontre-lyon.example/inscription', null,
   true, now() - interval '15 days', 'a0000000-0000-4000-8000-000000000001', null,
   now() - interval '15 days', now() - interval '15 days'),
  -- Single-day, no organizer, no registration, no limit.
  ('30000000-0000-4000-8000-000000000004',
   'Community garden work day',
   'community-garden-work-day-porto-alegre',
   'Join the Coletivo Terra e Liberdade for a day of planting, composting and building raised beds in the community garden. Lunch is cooked together with what we harvest. Families welcome.',
   date_trunc('day', now()) + interval '19 days 12 hours', null,
   'Porto Alegre, Brazil', false, '/demo/garden.webp', null, null,
   true, now() - interval '4 days', null, '10000000-0000-4000-8000-000000000002',
   now() - interval '4 days', now() - interval '4 days'),
  -- Multi-day, registration and limited places.
  ('30000000-0000-4000-8000-000000000005',
   'Southern Africa regional assembly',
   'southern-africa-regional-assembly',
   'Three days of workshops, assemblies and shared meals for groups in Southern Africa: water and land struggles, mutual aid infrastructure, and choosing delegates for the congress. Accommodation is offered by local households; please register so we can plan.',
   date_trunc('day', now()) + interval '30 days 7 hours', date_trunc('day', now()) + interval '32 days 15 hours',
   'Cape Town, South Africa', false, '/demo/assembly.webp', 'https://khayelitsha-commons.example/assembly', 120,
   true, now() - interval '20 days', 'a0000000-0000-4000-8000-000000000004', '10000000-0000-4000-8000-000000000004',
   now() - interval '20 days', now() - interval '20 days'),
  -- Online, no registration, limited places.
  ('30000000-0000-4000-8000-000000000006',
   'Congress preparation: open online briefing',
   'congress-preparation-open-online-briefing',
   'An open briefing for delegates and anyone curious about the congress: format, the proposals process, travel support and online participation. Questions welcome in any language.',
   date_trunc('day', now()) + interval '45 days 15 hours', null,
   null, true, null, null, 300,
   true, now() - interval '2 days', 'a0000000-0000-4000-8000-000000000001', null,
   now() - interval '2 days', now() - interval '2 days'),
  -- Past: published, over before now.
  ('30000000-0000-4000-8000-000000000007',
   'Mutual aid fair',
   'riverside-mutual-aid-fair',
   'A free fair with a coat exchange, a repair café, legal advice from tenant organisers and a community lunch.',
   date_trunc('day', now()) - interval '40 days' + interval '15 hours', date_trunc('day', now()) - interval '40 days' + interval '21 hours',
   'Detroit, United States', false, '/demo/mutual-aid-fair.webp', null, null,
   true, now() - interval '60 days', 'a0000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000003',
   now() - interval '60 days', now() - interval '40 days'),
  -- Draft: upcoming but not published.
  ('30000000-0000-4000-8000-000000000008',
   'Asia-Pacific regional assembly',
   'asia-pacific-regional-assembly',
   'Draft: dates and venue still to be confirmed with the Jakarta and Wellington groups.',
   date_trunc('day', now()) + interval '60 days 2 hours', date_trunc('day', now()) + interval '62 days 10 hours',
   'Jakarta, Indonesia', false, null, null, 80,
   false, null, 'a0000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000005',
   now() - interval '1 day', now() - interval '1 day');

-- Each event's time zone (the times above are instants: 17:00 UTC is 18:00 in Barcelona).
update public.events e set time_zone = z.time_zone
  from (values
    ('30000000-0000-4000-8000-000000000001'::uuid, 'Europe/Madrid'),
    ('30000000-0000-4000-8000-000000000003'::uuid, 'Europe/Paris'),
    ('30000000-0000-4000-8000-000000000004'::uuid, 'America/Sao_Paulo'),
    ('30000000-0000-4000-8000-000000000005'::uuid, 'Africa/Johannesburg'),
    ('30000000-0000-4000-8000-000000000007'::uuid, 'America/Detroit'),
    ('30000000-0000-4000-8000-000000000008'::uuid, 'Asia/Jakarta')
  ) as z (id, time_zone)
 where e.id = z.id;

-- ---------------------------------------------------------------------------------------------
-- Resources: eight published (all four types, with and without files), one draft with a file.
-- ---------------------------------------------------------------------------------------------

insert into public.resources (id, title, slug, description, content, resource_type, file_url, download_count, is_published, published_at, author_id, created_at, updated_at) values
  ('40000000-0000-4000-8000-000000000001',
   'Starting a mutual aid group: a practical guide',
   'starting-a-mutual-aid-group',
   'Step by step, from the first meeting to a group that lasts: finding people, deciding together, handling money and avoiding burnout.',
   '<p>This guide collects what affiliated groups have learned about starting and sustaining mutual aid in a neighbourhood.</p>'
   '<h2>Contents</h2>'
   '<ul><li>Mapping needs and resources in your area</li><li>The first open meeting</li><li>Decision making without bosses</li><li>Money, transparency and trust</li><li>Looking after each other</li></ul>'
   '<p>The printable version includes worksheets for each chapter.</p>',
   'guide', 'https://files.example/starting-a-mutual-aid-group.pdf', 342,
   true, now() - interval '90 days', 'a0000000-0000-4000-8000-000000000003',
   now() - interval '90 days', now() - interval '90 days'),
  ('40000000-0000-4000-8000-000000000002',
   'Digital security basics for organisers',
   'digital-security-basics-for-organisers',
   'A short checklist for protecting your devices, accounts and communications, written for people with no technical background.',
   '<p>Security is a practice, not a product. Start from what you need to protect, and from whom.</p>'
   '<h2>Checklist</h2>'
   '<ul><li>Use an end-to-end encrypted messenger and turn on disappearing messages.</li>'
   '<li>Encrypt your phone and laptop, and use a long passphrase.</li>'
   '<li>Use a password manager and two-factor authentication.</li>'
   '<li>Keep your systems updated.</li>'
   '<li>Think before you photograph a demonstration: blur faces.</li></ul>'
   '<p>See also the <a href="https://ssd.example/">surveillance self-defence guides</a>.</p>',
   'guide', null, 0,
   true, now() - interval '45 days', 'a0000000-0000-4000-8000-000000000004',
   now() - interval '45 days', now() - interval '20 days'),
  ('40000000-0000-4000-8000-000000000003',
   'Reading notes: mutual aid and direct democracy',
   'reading-notes-mutual-aid-and-direct-democracy',
   'Study-circle notes on classic and contemporary texts about mutual aid, federalism and assembly-based decision making.',
   '<p>These notes were written for study circles in several groups. Each chapter summarises a text, raises questions for discussion and suggests further reading.</p>'
   '<blockquote><p>The question is not whether people can organise themselves, but how we make room for them to do it.</p></blockquote>'
   '<h2>Chapters</h2><ul><li>Mutual aid as a factor of evolution</li><li>Federalism from below</li><li>Assemblies and their limits</li></ul>',
   'theory', 'https://files.example/reading-notes-mutual-aid-direct-democracy.pdf', 128,
   true, now() - interval '70 days', 'a0000000-0000-4000-8000-000000000005',
   now() - interval '70 days', now() - interval '70 days'),
  ('40000000-0000-4000-8000-000000000004',
   'Gegenseitige Hilfe und Selbstverwaltung: eine Einführung',
   'gegenseitige-hilfe-und-selbstverwaltung',
   'Eine Einführung in die Grundgedanken der gegenseitigen Hilfe und der Selbstverwaltung im Stadtteil, mit Beispielen aus unseren Gruppen.',
   '<p>Diese Broschüre erklärt, was gegenseitige Hilfe bedeutet und wie Nachbarschaften sich ohne Hierarchien selbst organisieren können.</p>'
   '<h2>Inhalt</h2>'
   '<ul><li>Solidarität statt Wohltätigkeit</li><li>Die offene Versammlung</li><li>Entscheidungen im Konsens</li><li>Föderation: vom Stadtteil zur internationalen Vernetzung</li></ul>'
   '<p>Die Broschüre darf frei kopiert und weitergegeben werden.</p>',
   'theory', 'https://files.example/gegenseitige-hilfe-und-selbstverwaltung.pdf', 57,
   true, now() - interval '30 days', 'a0000000-0000-4000-8000-000000000005',
   now() - interval '30 days', now() - interval '30 days'),
  ('40000000-0000-4000-8000-000000000005',
   'Meeting agenda and minutes template',
   'meeting-agenda-and-minutes-template',
   'A one-page template for open assemblies: agenda, rotating roles, decisions taken and who does what by when.',
   '<p>Print it, fill it in, share it. Roles rotate each meeting: facilitator, note-taker, time-keeper and a person watching the mood of the room.</p>'
   '<h2>Sections</h2><ul><li>Agenda and time per item</li><li>Decisions and how they were reached</li><li>Tasks, people and deadlines</li></ul>',
   'template', 'https://files.example/meeting-agenda-and-minutes-template.pdf', 512,
   true, now() - interval '120 days', 'a0000000-0000-4000-8000-000000000003',
   now() - interval '120 days', now() - interval '120 days'),
  ('40000000-0000-4000-8000-000000000006',
   'Consensus facilitation template',
   'consensus-facilitation-template',
   'A facilitation outline for reaching consensus in a large meeting, including stand-asides and blocks.',
   '<h2>Steps</h2>'
   '<ol><li>Present the proposal and clarify questions.</li><li>Open discussion; note concerns.</li><li>Amend the proposal.</li><li>Test for consensus: agree, stand aside, or block.</li><li>Record the decision and any stand-asides.</li></ol>'
   '<p>A block is a serious step: it means the person believes the proposal goes against the network''s principles.</p>',
   'template', null, 0,
   true, now() - interval '14 days', 'a0000000-0000-4000-8000-000000000001',
   now() - interval '14 days', now() - interval '14 days'),
  ('40000000-0000-4000-8000-000000000007',
   'Recommended tools for secure communication',
   'recommended-tools-for-secure-communication',
   'Free and open-source tools we recommend for messaging, file sharing, video calls and browsing, with notes on their limits.',
   '<p>No tool makes you safe on its own. These are the tools most of our groups use, and what to watch out for.</p>'
   '<ul><li><strong>Messaging:</strong> an end-to-end encrypted messenger with disappearing messages.</li>'
   '<li><strong>Browsing:</strong> <a href="https://www.torproject.org/">Tor Browser</a> for sensitive research.</li>'
   '<li><strong>Files:</strong> encrypted volumes and self-hosted file sharing.</li>'
   '<li><strong>Calls:</strong> self-hosted video conferencing without accounts.</li></ul>',
   'tool', null, 0,
   true, now() - interval '8 days', 'a0000000-0000-4000-8000-000000000004',
   now() - interval '8 days', now() - interval '8 days'),
  ('40000000-0000-4000-8000-000000000008',
   'Event planning checklist',
   'event-planning-checklist',
   'A printable checklist for planning gatherings: venue, accessibility, childcare, translation, safety and clean-up.',
   '<p>Use it from the first idea to the last swept floor. It was put together after the mutual aid fairs and regional assemblies of recent years.</p>'
   '<ul><li>Accessibility of the venue and toilets</li><li>Childcare and quiet spaces</li><li>Interpretation and translated materials</li><li>Safety, first aid and awareness team</li></ul>',
   'tool', 'https://files.example/event-planning-checklist.pdf', 76,
   true, now() - interval '55 days', 'a0000000-0000-4000-8000-000000000002',
   now() - interval '55 days', now() - interval '55 days'),
  -- Draft with a file: must not be downloadable.
  ('40000000-0000-4000-8000-000000000009',
   'Congress delegate handbook',
   'congress-delegate-handbook',
   'Draft handbook for congress delegates: mandates, reporting back, travel support and the code of conduct.',
   '<p>Draft: chapters on mandates and reporting back are written; travel support and code of conduct are still to come.</p>',
   'guide', 'https://files.example/congress-delegate-handbook-draft.pdf', 0,
   false, null, 'a0000000-0000-4000-8000-000000000001',
   now() - interval '3 days', now() - interval '3 days');

-- ---------------------------------------------------------------------------------------------
-- Proposals: one per status (two in voting), with comments and votes on non-drafts.
-- ---------------------------------------------------------------------------------------------

insert into public.proposals (id, title, content, status, group_id, author_id, published_at, voting_starts_at, voting_ends_at, created_at, updated_at) values
  ('50000000-0000-4000-8000-000000000001',
   'Create a shared translation fund',
   '<p>Set aside a small part of each group''s voluntary contributions for paid interpretation at regional assemblies, where volunteers cannot cover a language.</p>',
   'draft', null, 'a0000000-0000-4000-8000-000000000002', null, null, null,
   now() - interval '2 days', now() - interval '2 days'),
  ('50000000-0000-4000-8000-000000000002',
   'Adopt a code of conduct for online assemblies',
   '<p>Online assemblies are growing, and so are the problems: people speaking over each other, recordings made without consent, harassment in side chats.</p>'
   '<h2>Proposal</h2><ul><li>No recording without the explicit consent of everyone present.</li><li>A rotating facilitator and a separate person handling conflicts.</li><li>A clear process for reporting harassment.</li></ul>',
   'discussion', '10000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003',
   now() - interval '5 days', null, null,
   now() - interval '6 days', now() - interval '5 days'),
  ('50000000-0000-4000-8000-000000000003',
   'Hold the congress in a hybrid format',
   '<p>Hold the congress both in person and online, with online delegates able to speak and vote on equal terms.</p>'
   '<p>This makes participation possible for groups that cannot afford travel or whose members face border restrictions.</p>',
   'voting', null, 'a0000000-0000-4000-8000-000000000001',
   now() - interval '20 days', now() - interval '2 days', now() + interval '5 days',
   now() - interval '21 days', now() - interval '2 days'),
  ('50000000-0000-4000-8000-000000000004',
   'Rotate regional contact roles every six months',
   '<p>Regional contact addresses are answered by the same few people for years. We propose rotating the role every six months, with a handover period of one month.</p>',
   'voting', '10000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000005',
   now() - interval '15 days', now() - interval '1 day', now() + interval '10 days',
   now() - interval '16 days', now() - interval '1 day'),
  ('50000000-0000-4000-8000-000000000005',
   'Publish all network documents under a free licence',
   '<p>All statements, guides and templates published by the network are released under a free licence that allows copying, translation and adaptation, with attribution to the network.</p>',
   'passed', null, 'a0000000-0000-4000-8000-000000000004',
   now() - interval '60 days', now() - interval '40 days', now() - interval '26 days',
   now() - interval '61 days', now() - interval '26 days'),
  ('50000000-0000-4000-8000-000000000006',
   'Require a membership fee from affiliated groups',
   '<p>Each affiliated group pays a fixed yearly fee to cover hosting, printing and travel support.</p>',
   'rejected', '10000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002',
   now() - interval '80 days', now() - interval '60 days', now() - interval '46 days',
   now() - interval '81 days', now() - interval '46 days'),
  ('50000000-0000-4000-8000-000000000007',
   'Merge the European and Middle East regional assemblies',
   '<p>Merge the two assemblies for the coming year to share interpretation and venues. Withdrawn by the author after discussion: the groups concerned preferred closer cooperation without merging.</p>',
   'withdrawn', '10000000-0000-4000-8000-000000000008', 'a0000000-0000-4000-8000-000000000003',
   now() - interval '50 days', null, null,
   now() - interval '51 days', now() - interval '35 days');

insert into public.proposal_comments (id, proposal_id, author_id, content, created_at, updated_at) values
  ('60000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004',
   'Strong support for the consent rule on recordings. Could we add that notes are anonymised by default?',
   now() - interval '4 days', now() - interval '4 days'),
  ('60000000-0000-4000-8000-000000000002', '50000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000005',
   'Good idea. Who would handle reports between assemblies? We should name a small rotating team.',
   now() - interval '3 days', now() - interval '3 days'),
  ('60000000-0000-4000-8000-000000000003', '50000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002',
   'Our group could not send anyone to the last gathering because of visas. Hybrid is the only fair option.',
   now() - interval '10 days', now() - interval '10 days'),
  ('60000000-0000-4000-8000-000000000004', '50000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000004',
   'Agreed, but we need a budget for a reliable connection and interpretation in the room, not just a laptop.',
   now() - interval '9 days', now() - interval '9 days'),
  ('60000000-0000-4000-8000-000000000005', '50000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003',
   'نؤيد هذا الاقتراح: المشاركة عن بعد ضرورية للمجموعات التي لا تستطيع السفر.',
   now() - interval '8 days', now() - interval '8 days'),
  ('60000000-0000-4000-8000-000000000006', '50000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001',
   'Six months feels short for regions with few active members. Could small regions opt for a year?',
   now() - interval '12 days', now() - interval '12 days'),
  ('60000000-0000-4000-8000-000000000007', '50000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000005',
   'This will make the translators'' work much easier. Thank you.',
   now() - interval '45 days', now() - interval '45 days'),
  ('60000000-0000-4000-8000-000000000008', '50000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000003',
   'A fixed fee would exclude the groups with the least money. Voluntary contributions are more in line with our principles.',
   now() - interval '70 days', now() - interval '70 days');

insert into public.proposal_votes (proposal_id, user_id, vote, created_at, updated_at) values
  -- Hybrid congress (voting): 3 support, 1 oppose.
  ('50000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', 'support', now() - interval '1 day', now() - interval '1 day'),
  ('50000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'support', now() - interval '1 day', now() - interval '1 day'),
  ('50000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000004', 'support', now() - interval '20 hours', now() - interval '20 hours'),
  ('50000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000005', 'oppose', now() - interval '10 hours', now() - interval '10 hours'),
  -- Rotating contact roles (voting): 1 support, 1 oppose.
  ('50000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000003', 'support', now() - interval '12 hours', now() - interval '12 hours'),
  ('50000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000001', 'oppose', now() - interval '6 hours', now() - interval '6 hours'),
  -- Free licence (passed): 4 support.
  ('50000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000001', 'support', now() - interval '38 days', now() - interval '38 days'),
  ('50000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000002', 'support', now() - interval '37 days', now() - interval '37 days'),
  ('50000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000003', 'support', now() - interval '35 days', now() - interval '35 days'),
  ('50000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000005', 'support', now() - interval '30 days', now() - interval '30 days'),
  -- Membership fee (rejected): 1 support, 3 oppose.
  ('50000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000002', 'support', now() - interval '58 days', now() - interval '58 days'),
  ('50000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000003', 'oppose', now() - interval '57 days', now() - interval '57 days'),
  ('50000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000004', 'oppose', now() - interval '55 days', now() - interval '55 days'),
  ('50000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000005', 'oppose', now() - interval '50 days', now() - interval '50 days');

-- A decided proposal's result is stored when voting closes (the guard trigger does it for the API).
update public.proposals p
   set final_support_count = (select count(*) from public.proposal_votes v where v.proposal_id = p.id and v.vote = 'support'),
       final_oppose_count = (select count(*) from public.proposal_votes v where v.proposal_id = p.id and v.vote = 'oppose')
 where p.status in ('passed', 'rejected');

-- ---------------------------------------------------------------------------------------------
-- Contact messages and newsletter subscriptions (invented addresses on example domains).
-- ---------------------------------------------------------------------------------------------

insert into public.contacts (id, name, email, region, message, source, status, created_at) values
  ('70000000-0000-4000-8000-000000000001', 'Inès M.', 'ines@example.net', 'europe',
   'Bonjour, nous sommes un petit collectif à Marseille et nous aimerions savoir comment rejoindre le réseau. Merci !',
   'join', 'new', now() - interval '1 day'),
  ('70000000-0000-4000-8000-000000000002', 'Sam', 'sam.r@example.com', null,
   'Is there an English translation of the German introduction to mutual aid? We would like to use it in a study circle.',
   'contact', 'new', now() - interval '3 days'),
  ('70000000-0000-4000-8000-000000000003', 'Colectivo Semilla', 'semilla@example.net', 'southAmerica',
   'Somos un colectivo de Montevideo que trabaja con huertas urbanas. Queremos sumarnos a la red y participar en el congreso.',
   'join', 'read', now() - interval '12 days'),
  ('70000000-0000-4000-8000-000000000004', 'Kwame', 'kwame@example.org', 'africa',
   'Hello, I would like to help with interpretation (English, French, Twi) at the Southern Africa regional assembly.',
   'contact', 'read', now() - interval '20 days');

-- Both confirmed, with fixed unsubscribe tokens (a subscription counts only once confirmed).
insert into public.newsletter_subscriptions (id, email, created_at, confirmed_at, unsubscribe_token) values
  ('80000000-0000-4000-8000-000000000001', 'reader@example.net', now() - interval '14 days', now() - interval '14 days',
   '8000000000000000000000000000000000000000000000a1'),
  ('80000000-0000-4000-8000-000000000002', 'bulletin@example.com', now() - interval '2 days', now() - interval '2 days',
   '8000000000000000000000000000000000000000000000a2');

-- ---------------------------------------------------------------------------------------------
-- The Worker's secret (local only; scripts/ports.mjs hands the same value to wrangler dev). The
-- newsletter's functions answer only requests that carry it (README, Deploying, for production).
-- ---------------------------------------------------------------------------------------------

select private.set_worker_secret('local-worker-secret-never-use-in-production');
