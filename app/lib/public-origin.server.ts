/**
 * The site's public address for what leaves the page it was asked on: feeds, calendars (their
 * UIDs), the sitemap, robots.txt, security.txt and canonical links. Production sets SITE_URL
 * (wrangler.toml [env.production.vars]), so that a request through another host name (the
 * workers.dev address, a mirror) still names the site; locally it is unset and the request's own
 * origin serves.
 */
export function publicOrigin(request: Request, env: Pick<Env, "SITE_URL">): string {
  return env.SITE_URL ? new URL(env.SITE_URL).origin : new URL(request.url).origin;
}
