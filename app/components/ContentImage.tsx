import { useEffect, useRef, useState } from "react";
import { LogoMark } from "~/components/Logo";
import { pictureSrc } from "~/lib/images";

/**
 * The picture of an article, event or group, always fetched through this
 * site's /images route, in a 16:9 frame so the page never jumps while it
 * loads (a class, not a style attribute: the CSP allows no inline styles).
 * `width` and `height` are the picture's intrinsic size, for the browser.
 *
 * The frame is a dark pattern with the network's mark: that is what shows
 * while the image loads, when a record has none, and when loading fails
 * (a remote host that is down: the route answers 502). An empty `alt` (the default:
 * the database has no alt text, and the title is right beside the picture)
 * makes browsers draw nothing at all for a failed image, so no broken-image
 * icon appears even without JavaScript. With a non-empty `alt`, CSS puts the
 * text over the frame in browsers that render ::after on broken images, and
 * with JavaScript the failed <img> is replaced by that text.
 *
 * `eager` is for the first picture of a detail page; every other one loads lazily.
 */
export function ContentImage({
  url,
  width,
  height,
  alt = "",
  eager = false,
  className = "",
}: {
  url: string | null | undefined;
  width: number;
  height: number;
  alt?: string;
  eager?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // The image may have failed before hydration attached onError.
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <div
      className={`relative aspect-video overflow-hidden bg-ink-900 bg-[repeating-linear-gradient(135deg,rgb(255_255_255/0.045)_0_1px,transparent_1px_14px)] ${className}`}
    >
      <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
        <LogoMark className="h-1/4 max-h-16 w-auto opacity-30" />
      </div>
      {url && !failed ? (
        <img
          ref={ref}
          src={pictureSrc(url)}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          onError={() => setFailed(true)}
          className="relative h-full w-full object-cover text-transparent after:absolute after:inset-0 after:flex after:items-center after:justify-center after:bg-ink-900 after:p-4 after:text-center after:text-sm after:text-ink-300 after:content-[attr(alt)]"
        />
      ) : null}
      {url && failed && alt ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-ink-300">{alt}</p>
      ) : null}
    </div>
  );
}
