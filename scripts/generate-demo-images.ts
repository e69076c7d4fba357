/**
 * Writes the demo pictures of public/demo/ (DEMO_IMAGES in app/lib/images.ts): one flat,
 * illustrative scene per seeded article and event, drawn here as SVG and saved as WebP at
 * 1200×675 (the 16:9 frame of ContentImage), each well under 25 KB. Run it after changing a scene:
 *
 *   npx tsx scripts/generate-demo-images.ts
 *
 * sharp (libvips) does the rasterising; it comes with wrangler (miniflare), so nothing is added to
 * package.json. The files are committed: neither the build nor the Worker runs this.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { DEMO_IMAGES, DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH } from "../app/lib/images";

const W = DEMO_IMAGE_WIDTH;
const H = DEMO_IMAGE_HEIGHT;
const OUTPUT = fileURLToPath(new URL("../public/demo/", import.meta.url));

// The site's palette (app/styles/app.css) and a few earth tones beside it.
const C = {
  ink950: "#0d0c0c",
  ink900: "#171615",
  ink800: "#262523",
  ink700: "#3b3a37",
  ink500: "#6b6964",
  ink300: "#b9b7b2",
  ink100: "#ededeb",
  paper: "#f3ede2",
  sand: "#e6d8bf",
  red: "#c81e1e",
  red5: "#e02d2d",
  red3: "#f36b6b",
  rose: "#fca5a5",
  ochre: "#d99a2b",
  ochreLight: "#f0c470",
  teal: "#2f6f6a",
  tealLight: "#6fa8a0",
  sky: "#a9cbd8",
  navy: "#24405a",
  green: "#4f7a3a",
  leaf: "#7aa64f",
  brown: "#7a4e2d",
  wood: "#a8744a",
  skin: ["#8d5a3b", "#c68a5f", "#e0b48a", "#5e3a24", "#b5794f"],
};

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

/** A standing figure, feet at (x, y), `s` its scale (1 ≈ 180 px tall). */
function person(x: number, y: number, s: number, shirt: string, skin: string, armUp = false) {
  const head = `<circle cx="${x}" cy="${y - 150 * s}" r="${22 * s}" fill="${skin}"/>`;
  const body = `<path d="M${x - 34 * s} ${y - 40 * s} q0 -80 ${34 * s} -84 q${34 * s} 4 ${34 * s} 84 z" fill="${shirt}"/>`;
  const legs = `<rect x="${x - 22 * s}" y="${y - 44 * s}" width="${44 * s}" height="${44 * s}" rx="${6 * s}" fill="${C.ink800}"/>`;
  const arm = armUp
    ? `<path d="M${x + 26 * s} ${y - 100 * s} l${22 * s} ${-70 * s}" stroke="${shirt}" stroke-width="${14 * s}" stroke-linecap="round"/>`
    : "";
  return legs + body + arm + head;
}

/** A seated figure seen from above: head and shoulders. */
function fromAbove(x: number, y: number, r: number, shirt: string, skin: string) {
  return `<ellipse cx="${x}" cy="${y}" rx="${r * 1.7}" ry="${r * 1.2}" fill="${shirt}"/><circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="${skin}"/>`;
}

/** A string of triangular flags between two points, sagging in the middle. */
function bunting(x1: number, y1: number, x2: number, y2: number, colours: string[], n = 12) {
  const sag = 40;
  let flags = `<path d="M${x1} ${y1} Q${(x1 + x2) / 2} ${(y1 + y2) / 2 + sag * 2} ${x2} ${y2}" stroke="${C.ink700}" stroke-width="3" fill="none"/>`;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = (1 - t) * (1 - t) * x1 + 2 * t * (1 - t) * ((x1 + x2) / 2) + t * t * x2;
    const y = (1 - t) * (1 - t) * y1 + 2 * t * (1 - t) * ((y1 + y2) / 2 + sag * 2) + t * t * y2;
    flags += `<path d="M${x - 16} ${y} L${x + 16} ${y} L${x} ${y + 34} z" fill="${colours[i % colours.length]}"/>`;
  }
  return flags;
}

const skyGradient = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** Regional assemblies agree on a shared calendar: five regions linked around one calendar page. */
function calendar() {
  const regions = [
    [170, 170, C.red],
    [120, 420, C.teal],
    [330, 560, C.ochre],
    [420, 300, C.navy],
    [300, 90, C.green],
  ] as const;
  let links = "";
  for (let i = 0; i < regions.length; i++) {
    for (let j = i + 1; j < regions.length; j++) {
      links += `<line x1="${regions[i][0]}" y1="${regions[i][1]}" x2="${regions[j][0]}" y2="${regions[j][1]}" stroke="${C.ink300}" stroke-width="4" stroke-dasharray="2 12" stroke-linecap="round"/>`;
    }
    links += `<line x1="${regions[i][0]}" y1="${regions[i][1]}" x2="640" y2="340" stroke="${regions[i][2]}" stroke-width="5" opacity="0.55"/>`;
  }
  const nodes = regions
    .map(([x, y, colour], i) => {
      let seats = "";
      for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2 + i;
        seats += `<circle cx="${x + Math.cos(a) * 44}" cy="${y + Math.sin(a) * 44}" r="11" fill="${C.skin[(k + i) % 5]}"/>`;
      }
      return `<circle cx="${x}" cy="${y}" r="58" fill="${colour}"/><circle cx="${x}" cy="${y}" r="26" fill="${C.paper}"/>${seats}`;
    })
    .join("");
  let grid = "";
  const marks: Record<number, string> = { 3: C.red, 9: C.teal, 15: C.ochre, 19: C.navy, 26: C.green, 31: C.red };
  for (let i = 0; i < 35; i++) {
    const col = i % 7;
    const row = Math.floor(i / 7);
    const x = 640 + col * 70;
    const y = 250 + row * 66;
    grid += `<rect x="${x}" y="${y}" width="58" height="54" rx="6" fill="${C.ink100}"/>`;
    if (marks[i]) grid += `<circle cx="${x + 29}" cy="${y + 27}" r="20" fill="${marks[i]}"/>`;
  }
  const rings = [700, 800, 900, 1000, 1100].map((x) => `<rect x="${x - 7}" y="128" width="14" height="52" rx="7" fill="${C.ink700}"/>`).join("");
  return svg(
    `<rect width="${W}" height="${H}" fill="${C.paper}"/>` +
      `<circle cx="1080" cy="600" r="260" fill="${C.sand}"/>` +
      links +
      nodes +
      `<rect x="608" y="150" width="540" height="500" rx="18" fill="${C.ink900}" opacity="0.15" transform="translate(10 12)"/>` +
      `<rect x="608" y="150" width="540" height="500" rx="18" fill="#ffffff"/>` +
      `<rect x="608" y="150" width="540" height="82" rx="18" fill="${C.red}"/><rect x="608" y="200" width="540" height="32" fill="${C.red}"/>` +
      `<rect x="650" y="178" width="220" height="22" rx="11" fill="${C.rose}"/>` +
      rings +
      grid,
  );
}

/** A year of the Raval's solidarity kitchen: pots on the stove, bowls along the counter. */
function kitchen() {
  const steam = (x: number) =>
    `<path d="M${x} 250 c-30 -40 30 -60 0 -100 c-30 -40 30 -60 0 -100" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.55"/>`;
  const pot = (x: number, w: number, h: number, colour: string) =>
    `<rect x="${x - w / 2}" y="${420 - h}" width="${w}" height="${h}" rx="14" fill="${colour}"/>` +
    `<rect x="${x - w / 2 - 14}" y="${420 - h}" width="${w + 28}" height="18" rx="9" fill="${C.ink800}"/>` +
    `<rect x="${x - w / 2 - 36}" y="${420 - h + 34}" width="40" height="14" rx="7" fill="${C.ink800}"/>` +
    `<rect x="${x + w / 2 - 4}" y="${420 - h + 34}" width="40" height="14" rx="7" fill="${C.ink800}"/>`;
  let bowls = "";
  for (let i = 0; i < 9; i++) {
    const x = 90 + i * 128;
    bowls += `<path d="M${x - 44} 560 a44 36 0 0 0 88 0 z" fill="${[C.teal, C.ochre, C.red, C.navy][i % 4]}"/><ellipse cx="${x}" cy="560" rx="44" ry="9" fill="${C.ochreLight}"/>`;
  }
  const utensils = [150, 210, 270, 330]
    .map((x, i) => `<line x1="${x}" y1="70" x2="${x}" y2="${170 + (i % 2) * 30}" stroke="${C.ink700}" stroke-width="8" stroke-linecap="round"/><circle cx="${x}" cy="${180 + (i % 2) * 30}" r="${16 + (i % 2) * 4}" fill="${C.ink700}"/>`)
    .join("");
  return svg(
    `<defs>${skyGradient("wall", "#e9b36a", "#d77f4b")}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      `<rect x="860" y="60" width="260" height="200" rx="10" fill="${C.sky}"/><path d="M990 60 v200 M860 160 h260" stroke="${C.paper}" stroke-width="12"/>` +
      `<rect x="120" y="60" width="240" height="10" rx="5" fill="${C.brown}"/>` +
      utensils +
      steam(330) +
      steam(600) +
      steam(860) +
      `<rect x="0" y="420" width="${W}" height="40" fill="${C.ink800}"/>` +
      pot(330, 220, 170, C.ink500) +
      pot(600, 260, 200, C.red) +
      pot(860, 200, 150, C.teal) +
      `<rect x="0" y="460" width="${W}" height="${H - 460}" fill="${C.wood}"/>` +
      `<rect x="0" y="596" width="${W}" height="${H - 596}" fill="${C.brown}"/>` +
      bowls,
  );
}

/** Solidarity with the striking port workers: cranes and containers at dusk, a picket line. */
function portStrike() {
  const colours = [C.red, C.teal, C.ochre, C.navy, C.red3, C.tealLight];
  let containers = "";
  for (let col = 0; col < 9; col++) {
    const height = 2 + ((col * 7) % 4);
    for (let row = 0; row < height; row++) {
      const x = 480 + col * 78;
      const y = 470 - (row + 1) * 42;
      containers += `<rect x="${x}" y="${y}" width="74" height="38" fill="${colours[(col * 3 + row) % colours.length]}"/><path d="M${x + 12} ${y + 6} v26 M${x + 26} ${y + 6} v26 M${x + 40} ${y + 6} v26 M${x + 54} ${y + 6} v26" stroke="${C.ink900}" stroke-width="2" opacity="0.25"/>`;
    }
  }
  const crane = (x: number, s: number) =>
    `<g transform="translate(${x} 470) scale(${s})" fill="none" stroke="${C.ink900}" stroke-width="12">` +
    `<path d="M0 0 V-330 M90 0 V-330 M0 -330 H90 M0 -220 L90 -330 M0 -110 L90 -220"/>` +
    `<path d="M-160 -300 H330 M-160 -300 L45 -400 L330 -300" stroke-width="10"/>` +
    `<path d="M-110 -300 V-210" stroke-width="4"/><rect x="-130" y="-210" width="40" height="26" fill="${C.ink900}"/></g>`;
  let picket = "";
  for (let i = 0; i < 9; i++) {
    // Hi-vis vests over dark work clothes.
    picket += person(80 + i * 130, 675, 0.9 + (i % 3) * 0.06, i % 3 === 1 ? C.ochre : C.ochreLight, C.skin[i % 5]);
  }
  return svg(
    `<defs>${skyGradient("dusk", "#f2a65a", "#f6d3a1")}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#dusk)"/>` +
      `<circle cx="300" cy="330" r="90" fill="#fbe3b8"/>` +
      crane(150, 1) +
      crane(1030, 0.85) +
      `<rect x="0" y="470" width="${W}" height="70" fill="${C.navy}"/>` +
      `<path d="M0 495 h1200 M0 520 h1200" stroke="${C.tealLight}" stroke-width="3" opacity="0.4"/>` +
      containers +
      `<rect x="0" y="540" width="${W}" height="${H - 540}" fill="${C.ink500}"/><rect x="0" y="540" width="${W}" height="10" fill="${C.ochre}"/>` +
      `<path d="M330 560 v115 M870 560 v115" stroke="${C.brown}" stroke-width="10"/>` +
      picket +
      `<rect x="330" y="575" width="540" height="80" rx="6" fill="${C.red}"/>` +
      `<rect x="370" y="598" width="380" height="14" rx="7" fill="${C.paper}"/><rect x="370" y="624" width="260" height="14" rx="7" fill="${C.paper}"/>`,
  );
}

/** Digital self-defence: a laptop whose screen is a padlock, shields and keys around it. */
function digitalSelfDefence() {
  let circuit = "";
  for (let i = 0; i < 14; i++) {
    const y = 40 + i * 46;
    const x = (i * 137) % 500;
    circuit += `<path d="M${x} ${y} h${120 + (i % 4) * 40} l30 30 h${80 + (i % 3) * 50}" stroke="${C.ink700}" stroke-width="4" fill="none"/><circle cx="${x + 230 + (i % 4) * 40 + (i % 3) * 50}" cy="${y + 30}" r="7" fill="${C.ink700}"/>`;
  }
  return svg(
    `<rect width="${W}" height="${H}" fill="${C.ink900}"/>` +
      circuit +
      `<g transform="translate(1200 0) scale(-1 1)">${circuit}</g>` +
      `<rect x="330" y="110" width="540" height="350" rx="22" fill="${C.ink700}"/>` +
      `<rect x="352" y="132" width="496" height="306" rx="8" fill="${C.navy}"/>` +
      `<path d="M250 470 h700 l-40 50 h-620 z" fill="${C.ink500}"/><rect x="530" y="478" width="140" height="12" rx="6" fill="${C.ink700}"/>` +
      `<path d="M540 270 v-40 a60 60 0 0 1 120 0 v40" stroke="${C.ink300}" stroke-width="22" fill="none"/>` +
      `<rect x="510" y="262" width="180" height="140" rx="18" fill="${C.red}"/>` +
      `<circle cx="600" cy="318" r="20" fill="${C.ink900}"/><rect x="592" y="324" width="16" height="44" rx="6" fill="${C.ink900}"/>` +
      `<path d="M130 180 l90 -36 l90 36 v80 c0 70 -50 110 -90 130 c-40 -20 -90 -60 -90 -130 z" fill="${C.teal}"/>` +
      `<path d="M180 260 l28 28 l56 -64" stroke="${C.paper}" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<g transform="translate(960 170) rotate(-30)"><circle cx="0" cy="0" r="50" fill="none" stroke="${C.ochre}" stroke-width="22"/><path d="M50 0 h150 M160 0 v40 M190 0 v30" stroke="${C.ochre}" stroke-width="22" stroke-linecap="round"/></g>` +
      `<rect x="150" y="560" width="120" height="60" rx="10" fill="${C.ink700}"/><rect x="290" y="560" width="120" height="60" rx="10" fill="${C.ink700}"/><rect x="790" y="560" width="120" height="60" rx="10" fill="${C.ink700}"/><rect x="930" y="560" width="120" height="60" rx="10" fill="${C.red}"/>`,
  );
}

/** A social library opens in Kraków: full shelves, a ladder, a reading table with a lamp. */
function library() {
  const colours = [C.red, C.teal, C.ochre, C.navy, C.green, C.ink700, C.red3, C.tealLight, C.sand];
  let books = "";
  let seed = 7;
  const next = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;
  for (let shelf = 0; shelf < 4; shelf++) {
    const base = 170 + shelf * 130;
    let x = 70;
    while (x < 1110) {
      const w = 18 + Math.floor(next() * 26);
      const h = 70 + Math.floor(next() * 40);
      if (next() < 0.06 && x < 1030) {
        books += `<rect x="${x}" y="${base - 22}" width="110" height="22" fill="${colours[Math.floor(next() * colours.length)]}"/>`;
        x += 118;
        continue;
      }
      books += `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" rx="2" fill="${colours[Math.floor(next() * colours.length)]}"/><rect x="${x + 4}" y="${base - h + 12}" width="${w - 8}" height="5" fill="${C.paper}" opacity="0.5"/>`;
      x += w + 3;
    }
  }
  const shelves = [170, 300, 430, 560].map((y) => `<rect x="50" y="${y}" width="1100" height="16" fill="${C.brown}"/>`).join("");
  return svg(
    `<rect width="${W}" height="${H}" fill="${C.paper}"/>` +
      `<rect x="40" y="30" width="1120" height="${H - 30}" fill="${C.wood}"/>` +
      `<rect x="60" y="40" width="1080" height="540" fill="#5b3a22"/>` +
      books +
      shelves +
      `<g stroke="${C.ochreLight}" stroke-width="12" stroke-linecap="round"><path d="M860 40 L960 ${H}"/><path d="M940 40 L1040 ${H}"/>` +
      [0, 1, 2, 3, 4, 5].map((i) => `<path d="M${868 + i * 16} ${90 + i * 96} h80"/>`).join("") +
      `</g>` +
      `<rect x="150" y="590" width="500" height="24" rx="6" fill="${C.ink800}"/><rect x="180" y="614" width="20" height="61" fill="${C.ink800}"/><rect x="600" y="614" width="20" height="61" fill="${C.ink800}"/>` +
      `<path d="M240 590 l60 -14 l60 14 z" fill="${C.paper}"/><path d="M300 576 v14" stroke="${C.ink500}" stroke-width="2"/>` +
      `<path d="M540 590 v-80 l-40 -30" stroke="${C.ink900}" stroke-width="8" fill="none"/><path d="M460 470 l70 -20 l20 50 z" fill="${C.ochre}"/>` +
      `<path d="M470 500 l-60 90 h170 z" fill="${C.ochreLight}" opacity="0.35"/>`,
  );
}

/** The call for congress proposals: a hemicycle of delegates, a speaker, a ballot box. */
function congress() {
  let seats = "";
  const colours = [C.red, C.teal, C.ochre, C.navy, C.green];
  for (let row = 0; row < 5; row++) {
    const r = 200 + row * 70;
    const n = 11 + row * 4;
    for (let i = 0; i < n; i++) {
      const a = Math.PI + (i / (n - 1)) * Math.PI;
      const x = 600 + Math.cos(a) * r;
      const y = 600 + Math.sin(a) * r * 0.72;
      seats += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="17" fill="${colours[(i + row * 2) % 5]}"/>`;
      if ((i * 5 + row) % 9 === 0) seats += `<rect x="${(x + 8).toFixed(1)}" y="${(y - 52).toFixed(1)}" width="22" height="30" rx="3" fill="#ffffff"/><path d="M${(x + 10).toFixed(1)} ${(y - 24).toFixed(1)} l-4 18" stroke="${C.ink500}" stroke-width="5"/>`;
    }
  }
  return svg(
    `<rect width="${W}" height="${H}" fill="${C.ink800}"/>` +
      `<path d="M60 600 A540 390 0 0 1 1140 600 z" fill="${C.ink700}"/>` +
      `<path d="M360 600 A240 173 0 0 1 840 600 z" fill="${C.ink800}"/>` +
      seats +
      `<rect x="540" y="500" width="120" height="100" rx="8" fill="${C.red}"/><rect x="556" y="518" width="88" height="12" rx="6" fill="${C.rose}"/>` +
      `<circle cx="600" cy="458" r="22" fill="${C.skin[1]}"/><path d="M566 500 q0 -30 34 -30 q34 0 34 30 z" fill="${C.paper}"/>` +
      `<rect x="0" y="600" width="${W}" height="${H - 600}" fill="${C.ink900}"/>` +
      `<rect x="1000" y="560" width="120" height="100" rx="8" fill="${C.paper}"/><rect x="1030" y="556" width="60" height="10" rx="4" fill="${C.ink900}"/>` +
      `<rect x="1038" y="500" width="44" height="62" rx="3" fill="#ffffff" transform="rotate(8 1060 530)"/>` +
      `<rect x="80" y="612" width="200" height="14" rx="7" fill="${C.ink500}"/><rect x="80" y="640" width="140" height="14" rx="7" fill="${C.ink500}"/>`,
  );
}

/** A digital self-defence workshop: a table seen from above, laptops and phones, one padlock. */
function workshop() {
  const seat = [
    [250, 150], [450, 110], [750, 110], [950, 150],
    [250, 530], [450, 570], [750, 570], [950, 530],
    [120, 340], [1080, 340],
  ];
  const people = seat.map(([x, y], i) => fromAbove(x, y, 36, [C.red, C.teal, C.ochre, C.navy, C.green][i % 5], C.skin[i % 5])).join("");
  const laptop = (x: number, y: number, rotation: number, screen: string) =>
    `<g transform="translate(${x} ${y}) rotate(${rotation})"><rect x="-60" y="-40" width="120" height="80" rx="8" fill="${C.ink300}"/><rect x="-52" y="-60" width="104" height="24" rx="4" fill="${screen}"/></g>`;
  const phone = (x: number, y: number, rotation: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rotation})"><rect x="-18" y="-32" width="36" height="64" rx="7" fill="${C.ink900}"/><rect x="-13" y="-24" width="26" height="44" rx="3" fill="${C.tealLight}"/></g>`;
  return svg(
    `<rect width="${W}" height="${H}" fill="${C.ink700}"/>` +
      `<path d="M0 0 L${W} ${H} M${W} 0 L0 ${H}" stroke="${C.ink800}" stroke-width="160" opacity="0.4"/>` +
      `<rect x="190" y="220" width="820" height="240" rx="120" fill="${C.wood}"/>` +
      `<rect x="210" y="236" width="780" height="208" rx="104" fill="none" stroke="${C.ochreLight}" stroke-width="4" opacity="0.5"/>` +
      people +
      laptop(300, 300, 10, C.navy) +
      laptop(470, 280, -4, C.teal) +
      laptop(760, 400, 182, C.navy) +
      laptop(930, 390, 170, C.teal) +
      phone(640, 300, 20) +
      phone(380, 410, -15) +
      phone(820, 270, 8) +
      `<rect x="560" y="360" width="80" height="64" rx="10" fill="${C.red}"/><path d="M576 362 v-18 a24 24 0 0 1 48 0 v18" stroke="${C.paper}" stroke-width="9" fill="none"/>` +
      `<path d="M560 480 q40 -6 60 -40" stroke="${C.paper}" stroke-width="4" fill="none" stroke-dasharray="8 8"/>` +
      `<rect x="470" y="250" width="52" height="66" rx="3" fill="#ffffff" transform="rotate(-12 496 283)"/>`,
  );
}

/** A regional meeting in Lyon: the river and its bridge, marquees for the workshops, a shared table. */
function gathering() {
  const marquee = (x: number, w: number, colour: string) =>
    `<path d="M${x} 420 l${w / 2} -110 l${w / 2} 110 z" fill="${colour}"/>` +
    `<path d="M${x} 420 l${w / 6} -44 l${w / 6} 44 l${w / 6} -44 l${w / 6} 44 l${w / 6} -44 l${w / 6} 44" fill="${C.paper}" opacity="0.85"/>` +
    `<rect x="${x + 10}" y="420" width="${w - 20}" height="110" fill="${colour}" opacity="0.55"/><path d="M${x + 10} 420 v110 M${x + w - 10} 420 v110" stroke="${C.ink800}" stroke-width="6"/>`;
  let diners = "";
  for (let i = 0; i < 8; i++) diners += `<circle cx="${330 + i * 80}" cy="${i % 2 ? 560 : 654}" r="24" fill="${C.skin[i % 5]}"/>`;
  return svg(
    `<defs>${skyGradient("morning", "#bcd9e6", "#eef3ea")}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#morning)"/>` +
      `<path d="M0 300 C200 200 380 260 520 220 C700 170 900 240 1200 190 V420 H0 z" fill="${C.tealLight}" opacity="0.6"/>` +
      `<rect x="620" y="150" width="130" height="80" fill="${C.paper}"/>` +
      [620, 660, 700, 734].map((x) => `<rect x="${x}" y="122" width="16" height="40" fill="${C.paper}"/>`).join("") +
      `<path d="M662 150 a23 23 0 0 1 46 0 z" fill="${C.paper}"/>` +
      `<path d="M0 330 C300 300 600 360 1200 320 V420 H0 z" fill="${C.green}" opacity="0.7"/>` +
      `<rect x="0" y="380" width="${W}" height="60" fill="${C.navy}"/>` +
      `<rect x="330" y="356" width="870" height="84" fill="${C.sand}"/><rect x="320" y="346" width="890" height="12" fill="${C.paper}"/>` +
      [0, 1, 2, 3, 4].map((i) => `<path d="M${350 + i * 172} 440 v-30 a66 36 0 0 1 132 0 v30 z" fill="${C.navy}"/>`).join("") +
      `<rect x="0" y="440" width="${W}" height="${H - 440}" fill="${C.leaf}"/>` +
      marquee(60, 260, C.red) +
      marquee(880, 260, C.teal) +
      bunting(0, 250, 1200, 250, [C.red, C.ochre, C.teal, C.navy, C.paper], 18) +
      `<rect x="290" y="586" width="620" height="40" rx="8" fill="${C.paper}"/><rect x="300" y="626" width="14" height="49" fill="${C.brown}"/><rect x="886" y="626" width="14" height="49" fill="${C.brown}"/>` +
      [0, 1, 2, 3, 4, 5, 6].map((i) => `<ellipse cx="${350 + i * 84}" cy="600" rx="26" ry="8" fill="${[C.red, C.ochre, C.teal][i % 3]}"/>`).join("") +
      diners,
  );
}

/** A community garden work day in Porto Alegre: raised beds, seedlings, a watering can, the sun. */
function garden() {
  let beds = "";
  for (let b = 0; b < 3; b++) {
    const x = 80 + b * 370;
    // Soil on top, the boards in front.
    beds += `<path d="M${x + 24} 470 h252 l24 34 h-300 z" fill="#5b3a22"/><rect x="${x}" y="504" width="300" height="86" fill="${C.brown}"/><path d="M${x} 534 h300 M${x} 562 h300" stroke="#5b3a22" stroke-width="4"/>`;
    for (let p = 0; p < 6; p++) {
      const px = x + 40 + p * 44;
      const h = 40 + ((p + b) % 3) * 22;
      const ground = 492;
      beds += `<path d="M${px} ${ground} v-${h}" stroke="${C.green}" stroke-width="6"/><ellipse cx="${px - 16}" cy="${ground - h * 0.6}" rx="18" ry="9" fill="${C.leaf}" transform="rotate(-30 ${px - 16} ${ground - h * 0.6})"/><ellipse cx="${px + 16}" cy="${ground - h * 0.8}" rx="18" ry="9" fill="${C.leaf}" transform="rotate(30 ${px + 16} ${ground - h * 0.8})"/>`;
      if ((p + b) % 4 === 0) beds += `<circle cx="${px}" cy="${ground - h}" r="12" fill="${C.red5}"/>`;
    }
  }
  const fence = Array.from({ length: 25 }, (_, i) => `<path d="M${i * 50 + 10} 400 v-90 l12 -14 l12 14 v90 z" fill="${C.paper}"/>`).join("");
  return svg(
    `<defs>${skyGradient("day", "#8fc3dc", "#e7f1e4")}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#day)"/>` +
      `<circle cx="980" cy="120" r="70" fill="${C.ochreLight}"/><circle cx="980" cy="120" r="100" fill="${C.ochreLight}" opacity="0.3"/>` +
      `<path d="M0 290 C240 230 420 280 640 250 C880 220 1000 270 1200 240 V420 H0 z" fill="${C.green}"/>` +
      fence +
      `<path d="M0 330 h1200" stroke="${C.paper}" stroke-width="8"/>` +
      `<rect x="0" y="400" width="${W}" height="${H - 400}" fill="${C.leaf}"/>` +
      `<rect x="0" y="600" width="${W}" height="${H - 600}" fill="#6b8f3f"/>` +
      beds +
      person(1110, 600, 0.8, C.red, C.skin[0]) +
      person(60, 620, 0.75, C.teal, C.skin[2], true) +
      `<g transform="translate(720 590)"><path d="M0 0 h90 l-10 70 h-70 z" fill="${C.teal}"/><path d="M90 14 l60 -40" stroke="${C.teal}" stroke-width="14" stroke-linecap="round"/><path d="M10 0 a35 35 0 0 1 70 0" stroke="${C.ink700}" stroke-width="8" fill="none"/></g>`,
  );
}

/** The Southern Africa regional assembly: a circle under a tree, Table Mountain behind. */
function assembly() {
  let circle = "";
  const n = 14;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const x = 600 + Math.cos(a) * 300;
    const y = 560 + Math.sin(a) * 70;
    circle += fromAbove(x, y, 24, [C.red, C.teal, C.ochre, C.navy, C.green, C.paper][i % 6], C.skin[i % 5]);
  }
  return svg(
    `<defs>${skyGradient("evening", "#f4b07a", "#f9e2c2")}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#evening)"/>` +
      `<circle cx="240" cy="140" r="60" fill="#fff1d6"/>` +
      `<path d="M0 380 L180 330 L300 200 L860 192 L940 250 L1040 230 L1200 330 V470 H0 z" fill="${C.navy}"/>` +
      `<path d="M300 200 L860 192 L880 210 L310 216 z" fill="${C.tealLight}" opacity="0.6"/>` +
      `<path d="M0 420 C300 380 800 400 1200 380 V${H} H0 z" fill="${C.ochre}"/>` +
      `<rect x="0" y="470" width="${W}" height="${H - 470}" fill="#c98a32"/>` +
      `<rect x="980" y="240" width="26" height="240" fill="${C.brown}"/>` +
      `<path d="M880 270 C900 200 1090 200 1110 270 C1060 300 930 300 880 270 z" fill="${C.green}"/>` +
      `<path d="M820 300 C880 250 1110 250 1170 300 C1100 330 890 330 820 300 z" fill="${C.green}" opacity="0.85"/>` +
      `<ellipse cx="600" cy="560" rx="240" ry="46" fill="${C.sand}"/>` +
      `<ellipse cx="600" cy="560" rx="60" ry="16" fill="${C.red}"/>` +
      circle,
  );
}

/** A mutual aid fair in Detroit: a coat exchange, a repair café, a lunch stall under bunting. */
function mutualAidFair() {
  const stall = (x: number, colour: string) => {
    let stripes = "";
    for (let i = 0; i < 6; i++) stripes += `<rect x="${x + i * 55}" y="250" width="27" height="70" fill="${i % 2 ? C.paper : colour}"/>`;
    return (
      `<rect x="${x}" y="250" width="330" height="70" fill="${colour}"/>` +
      stripes +
      `<path d="M${x} 320 ${"a27.5 20 0 0 0 55 0 ".repeat(6).trim()}" fill="${colour}"/>` +
      `<rect x="${x + 10}" y="320" width="12" height="220" fill="${C.ink700}"/><rect x="${x + 308}" y="320" width="12" height="220" fill="${C.ink700}"/>` +
      `<rect x="${x}" y="460" width="330" height="80" fill="${C.wood}"/>`
    );
  };
  const coats = [C.navy, C.red, C.ochre, C.teal, C.green]
    .map((colour, i) => `<path d="M${82 + i * 54} 360 l-20 16 v80 h40 v-80 z" fill="${colour}"/><path d="M${82 + i * 54} 344 v16" stroke="${C.ink900}" stroke-width="4"/>`)
    .join("");
  const tools =
    `<g transform="translate(520 420) rotate(-25)"><rect x="-8" y="-10" width="16" height="70" rx="6" fill="${C.ink700}"/><path d="M-22 -10 a24 24 0 1 1 44 0 h-12 v-14 h-20 v14 z" fill="${C.ink700}"/></g>` +
    `<rect x="580" y="410" width="90" height="50" rx="6" fill="${C.ink900}"/><rect x="590" y="418" width="70" height="30" rx="3" fill="${C.tealLight}"/>` +
    `<circle cx="470" cy="430" r="26" fill="none" stroke="${C.ink900}" stroke-width="8"/><path d="M470 404 v52 M444 430 h52" stroke="${C.ink900}" stroke-width="4"/>`;
  const lunch =
    `<ellipse cx="900" cy="456" rx="60" ry="12" fill="${C.paper}"/><rect x="850" y="400" width="100" height="56" rx="12" fill="${C.red}"/>` +
    `<path d="M880 390 c-10 -20 10 -30 0 -50 M920 390 c-10 -20 10 -30 0 -50" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.7"/>` +
    `<ellipse cx="1010" cy="456" rx="30" ry="8" fill="${C.ochre}"/><ellipse cx="1070" cy="456" rx="30" ry="8" fill="${C.teal}"/>`;
  let crowd = "";
  for (let i = 0; i < 7; i++) crowd += person(120 + i * 160, 675, 0.7 + (i % 2) * 0.08, [C.ink700, C.teal, C.red, C.navy][i % 4], C.skin[(i + 2) % 5]);
  return svg(
    `<defs>${skyGradient("noon", "#9ec5d8", "#f1ece0")}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#noon)"/>` +
      `<rect x="0" y="120" width="220" height="420" fill="${C.brown}" opacity="0.55"/><rect x="980" y="90" width="220" height="450" fill="${C.brown}" opacity="0.55"/>` +
      [0, 1, 2, 3, 4, 5].map((i) => `<rect x="${30 + (i % 3) * 60}" y="${160 + Math.floor(i / 3) * 90}" width="34" height="50" fill="${C.ochreLight}" opacity="0.7"/>`).join("") +
      bunting(0, 120, 1200, 120, [C.red, C.ochre, C.teal, C.navy], 16) +
      `<rect x="0" y="540" width="${W}" height="${H - 540}" fill="${C.ink300}"/>` +
      stall(40, C.navy) +
      stall(435, C.red) +
      stall(830, C.teal) +
      `<path d="M60 344 h300" stroke="${C.ink900}" stroke-width="6"/>` +
      coats +
      tools +
      lunch +
      crowd,
  );
}

const SCENES: Record<(typeof DEMO_IMAGES)[number], () => string> = {
  "/demo/calendar.webp": calendar,
  "/demo/kitchen.webp": kitchen,
  "/demo/port-strike.webp": portStrike,
  "/demo/digital-self-defence.webp": digitalSelfDefence,
  "/demo/library.webp": library,
  "/demo/congress.webp": congress,
  "/demo/workshop.webp": workshop,
  "/demo/gathering.webp": gathering,
  "/demo/garden.webp": garden,
  "/demo/assembly.webp": assembly,
  "/demo/mutual-aid-fair.webp": mutualAidFair,
};

mkdirSync(OUTPUT, { recursive: true });
for (const path of DEMO_IMAGES) {
  const file = `${OUTPUT}${path.slice("/demo/".length)}`;
  const webp = await sharp(Buffer.from(SCENES[path]())).webp({ quality: 72, effort: 6, smartSubsample: true }).toBuffer();
  writeFileSync(file, webp);
  console.log(`${path}: ${webp.byteLength} bytes`);
}
