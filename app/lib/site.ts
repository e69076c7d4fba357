/**
 * Everything site-specific in one place: names, addresses, external links
 * and the landing page figures. Components read it from here; nothing else
 * hard-codes these values.
 */

const domain = "inag.network";

export const site = {
  name: "International Network of Anarchist Groups",
  shortName: "INAG",
  domain,
  url: `https://${domain}`,
  themeColor: "#0d0c0c",
  email: {
    general: `contact@${domain}`,
    europe: `europe@${domain}`,
    americas: `americas@${domain}`,
    asiapacific: `asiapacific@${domain}`,
    africaMideast: `africa-mideast@${domain}`,
    /** Reports of weaknesses in the site (/security, /.well-known/security.txt). */
    security: `security@${domain}`,
  },
  links: {
    microblog: "https://kolektiva.social/@inag",
    code: "https://codeberg.org/inag",
  },
  /** Hero figures of the landing page. */
  figures: {
    groups: "2+",
    members: "300+",
    countries: "20+",
    congress: "2026",
  },
} as const;

export type RegionalContact = keyof typeof site.email;

