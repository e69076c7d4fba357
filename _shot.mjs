import { chromium } from "@playwright/test";
import fs from "node:fs";
const { email, password } = JSON.parse(fs.readFileSync("/tmp/s23/member.json", "utf8"));
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const L = ["en","eo","ar","zh","es","fr","hi","my","pl","ru","de"];
for (const who of ["visitor", "member"]) {
  const ctx = await b.newContext({ viewport: { width: 1152, height: 300 } });
  const p = await ctx.newPage();
  if (who === "member") { await p.goto("http://127.0.0.1:8788/login"); await p.locator("main").getByLabel("Email").fill(email); await p.locator("main").getByLabel("Password").fill(password); await p.locator("main").getByRole("button", { name: "Sign in" }).click(); await p.waitForURL(/\/(voting|account|$)/); }
  for (const w of [1151, 1152, 1280]) {
    await p.setViewportSize({ width: w, height: 300 });
    const out = [];
    for (const lng of L) {
      await p.goto(`http://127.0.0.1:8788/about?lng=${lng}`);
      const m = await p.evaluate(() => { const h = document.querySelector("header"); const els=[...h.querySelectorAll("header > div > a, header > div > button, header > div > nav a, header > div > nav button")].filter(e => e.getClientRects().length && e.offsetParent !== null).map(e=>e.getBoundingClientRect()); return { n: els.length, left: Math.round(Math.min(...els.map(e=>e.left))), right: Math.round(Math.max(...els.map(e=>e.right))), maxH: Math.round(Math.max(...els.map(e=>e.height))) }; });
      const bad = m.left < 0 || m.right > w || m.maxH > 44;
      out.push(`${lng}${bad ? "!" : ""}(${m.n},${m.left},${m.right},${m.maxH})`);
      if (who === "member" && w === 1280 && lng === "ar") { await p.locator('button[popovertarget="account-menu"]').click(); await p.screenshot({ path: "/tmp/s23/member-ar.png" }); }
      if (who === "member" && w === 1280 && lng === "fr") { await p.locator('button[popovertarget="account-menu"]').click(); await p.screenshot({ path: "/tmp/s23/member-fr.png" }); }
    }
    console.log(who, w, out.join(" "));
  }
  await ctx.close();
}
await b.close();
