/** Every path no other route matches: the 404 screen (root ErrorBoundary) with status 404. */
export function loader(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function action(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export default function NotFoundRoute() {
  return null;
}
