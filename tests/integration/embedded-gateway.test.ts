// Smoke test of the embedded backend itself (supabase/embedded): the gateway's own routes and the GoTrue and
// PostgREST behaviour the app relies on, through the real supabase-js against the instance of global-setup.
import { createClient } from "@supabase/supabase-js";
import net from "node:net";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { backendMail } from "../../scripts/ports.mjs";

const url = inject("supabaseUrl");
const anonKey = inject("anonKey");
const serviceRoleKey = inject("serviceRoleKey");
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

async function reset() {
  const response = await fetch(`${url}/__reset`, { method: "POST", headers: { authorization: `Bearer ${serviceRoleKey}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { ok: boolean; ms: number };
}

describe("embedded gateway", () => {
  beforeAll(reset);

  it("says in GET / where its mail catcher listens, which is where npm test and npm start look", async () => {
    const root = (await (await fetch(`${url}/`)).json()) as { name: string; mail: { url: string; smtp_port: number } };
    expect(root.name).toBe("embedded-supabase");
    expect(root.mail.url).toBe(inject("mailUrl"));
    expect(await backendMail(url)).toEqual({ url: root.mail.url, smtpPort: root.mail.smtp_port });
    expect((await fetch(`${root.mail.url}/api/email`)).status).toBe(200);
    // The SMTP port greets like a mail server (220), as the Worker's mailer expects.
    const greeting = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(root.mail.smtp_port, "127.0.0.1");
      socket.once("error", reject).once("data", (data) => {
        socket.end();
        resolve(data.toString());
      });
    });
    expect(greeting).toMatch(/^220 /);
  });

  it("refuses a wrong password with AuthApiError 400 invalid_credentials", async () => {
    const { error } = await createClient(url, anonKey, options).auth.signInWithPassword({
      email: "member@example.org",
      password: "not-the-password",
    });
    expect(error?.name).toBe("AuthApiError");
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
  });

  it("signs in, reads the user, rotates the refresh token and accepts the old one within 10 s", async () => {
    const client = createClient(url, anonKey, options);
    const { data, error } = await client.auth.signInWithPassword({ email: "member@example.org", password: "local-member-password" });
    expect(error).toBeNull();
    const { data: user } = await client.auth.getUser();
    expect(user.user?.email).toBe("member@example.org");

    const first = data.session!.refresh_token;
    const rotated = await client.auth.refreshSession({ refresh_token: first });
    expect(rotated.data.session?.refresh_token).not.toBe(first);
    const reused = await createClient(url, anonKey, options).auth.refreshSession({ refresh_token: first });
    expect(reused.data.session?.refresh_token).toBe(rotated.data.session?.refresh_token);

    expect((await client.auth.signOut()).error).toBeNull();
  });

  it("passes PostgREST's errors through and keeps serving after a bad body", async () => {
    const forged = await fetch(`${url}/rest/v1/groups?select=id`, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe("PGRST301");

    const notJson = await fetch(`${url}/rest/v1/groups`, {
      method: "POST",
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { code: string }).code).toBe("PGRST102");

    const { error, status } = await createClient(url, anonKey, options).from("groups").select("id").limit(1);
    expect(error).toBeNull();
    expect(status).toBe(200);
  });

  it("answers every auth request with the API version header, errors with a code", async () => {
    const response = await fetch(`${url}/auth/v1/nope`, { headers: { apikey: anonKey } });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(((await response.json()) as { code: string }).code).toBe("not_found");
  });

  it("runs 100 concurrent inserts without a failure (one global lock)", async () => {
    const service = createClient(url, serviceRoleKey, options);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        service.from("contacts").insert({ name: `Smoke ${i}`, email: `smoke${i}@example.org`, message: "Concurrent insert" }),
      ),
    );
    expect(results.filter((result) => result.error)).toEqual([]);
  });

  it("resets only with the service_role key, quickly", async () => {
    const refused = await fetch(`${url}/__reset`, { method: "POST", headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
    expect(refused.status).toBe(401);
    const { ok, ms } = await reset();
    expect(ok).toBe(true);
    // 15-40 ms on an idle machine; generous here so that a loaded CI box does not flake.
    expect(ms).toBeLessThan(500);
  });
});
