/**
 * Pictures of news, events and groups are stored as URLs on other hosts.
 * Browsers never fetch those directly (no request to a third party, and the
 * CSP's img-src 'self' would refuse it): every <img> points at this site's
 * /images route, which serves only the image URLs of published records
 * (app/routes/images.tsx).
 */
export const IMAGE_ROUTE = "/images";

/** The same-origin address of a stored image URL: "/images?src=<encoded URL>". */
export function imageSrc(url: string): string {
  return `${IMAGE_ROUTE}?src=${encodeURIComponent(url)}`;
}

/** The site's own demo pictures, static files under /demo/: an article or event may use one instead of a URL. */
export const DEMO_IMAGES = ["/demo/assembly.svg", "/demo/library.svg", "/demo/solidarity.svg", "/demo/workshop.svg"] as const;

export const isDemoImage = (url: string) => (DEMO_IMAGES as readonly string[]).includes(url);

/** Where the browser loads a stored picture from: a demo image as itself, anything else through /images. */
export function pictureSrc(url: string): string {
  return isDemoImage(url) ? url : imageSrc(url);
}
