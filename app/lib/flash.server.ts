/**
 * Messages that survive one redirect in the back-office ("Article saved", "Contact deleted"): a
 * short-lived cookie, set by the action that redirects and cleared by the next /admin page that
 * shows it. It holds only a translation key of the admin namespace's `flash` group, never text or
 * record data, so a forged cookie can at most show one of our own messages.
 */
import { createCookie } from "@remix-run/cloudflare";
import { isLocalHost } from "~/lib/security.server";

export type Flash = { kind: "success" | "error"; key: string };

const cookieFor = (request: Request) =>
  createCookie("admin_flash", {
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalHost(new URL(request.url)),
    maxAge: 60,
  });

const isFlash = (value: unknown): value is Flash =>
  typeof value === "object" &&
  value !== null &&
  ((value as Flash).kind === "success" || (value as Flash).kind === "error") &&
  typeof (value as Flash).key === "string" &&
  /^flash\.[A-Za-z.]+$/.test((value as Flash).key);

/** The Set-Cookie header that carries `flash` to the page the response redirects to. */
export async function flashHeader(request: Request, flash: Flash): Promise<string> {
  return cookieFor(request).serialize(flash);
}

const waitingValue = async (request: Request): Promise<unknown> => cookieFor(request).parse(request.headers.get("Cookie")).catch(() => null);

/** The message waiting for this page, if any, and the header that clears it (add it to the response). */
export async function takeFlash(request: Request, headers: Headers): Promise<Flash | null> {
  const value = await waitingValue(request);
  if (value === null || value === undefined) return null;
  headers.append("Set-Cookie", await cookieFor(request).serialize("", { maxAge: 0 }));
  return isFlash(value) ? value : null;
}

/**
 * The Set-Cookie header that passes the message waiting for this page on to the page a loader
 * redirects to (null when none waits). It must come after the header that takeFlash added.
 */
export async function passFlashOn(request: Request): Promise<string | null> {
  const value = await waitingValue(request);
  return isFlash(value) ? flashHeader(request, value) : null;
}
