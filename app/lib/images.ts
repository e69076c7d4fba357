/**
 * Pictures of news, events and groups are stored as URLs on other hosts, or as the path of one of
 * the site's demo pictures. Browsers never fetch another host (no request to a third party, and the
 * CSP's img-src 'self' would refuse it): every <img> points at this site's /images route, which
 * serves only the image URLs of published records and the demo pictures (app/routes/images.tsx).
 */
const IMAGE_ROUTE = "/images";

/** The same-origin address of a stored picture: "/images?src=<encoded URL or demo path>". */
export function imageSrc(url: string): string {
  return `${IMAGE_ROUTE}?src=${encodeURIComponent(url)}`;
}

/**
 * The site's own demo pictures, WebP files under public/demo/ (scripts/generate-demo-images.ts draws
 * them, one per seeded article and event): an article or event may use one instead of a URL.
 * The database's CHECK takes the same shape of path (migration 20261201000000).
 */
export const DEMO_IMAGES = [
  "/demo/assembly.webp",
  "/demo/calendar.webp",
  "/demo/congress.webp",
  "/demo/digital-self-defence.webp",
  "/demo/garden.webp",
  "/demo/gathering.webp",
  "/demo/kitchen.webp",
  "/demo/library.webp",
  "/demo/mutual-aid-fair.webp",
  "/demo/port-strike.webp",
  "/demo/workshop.webp",
] as const;

/** Every demo picture's size: the 16:9 frame ContentImage shows. */
export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 675;

export const isDemoImage = (url: string) => (DEMO_IMAGES as readonly string[]).includes(url);

/**
 * Where the browser loads a stored picture from: always /images, a demo picture included, so that
 * one route (its allow-list, its type and size checks, its headers) stands behind every <img>.
 */
export function pictureSrc(url: string): string {
  return imageSrc(url);
}
