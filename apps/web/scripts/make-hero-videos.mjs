#!/usr/bin/env node
/**
 * Renders the home page's hero videos and their poster frames:
 *
 *   public/media/hero-desktop.webm  1280×720, 10 s loop
 *   public/media/hero-mobile.webm    540×960, 10 s loop
 *   public/media/hero-desktop.jpg / hero-mobile.jpg  (first frame, for <video poster>)
 *
 * The scene is the Vakiverse at night: the moon above, the earth's lime-lit rim below, wires
 * strung between them with glowing orbs, and the shop's garments (drawn by the seed's art.ts)
 * riding a washing line across the frame under the word VAKI.
 *
 * Regenerate from the repository root:
 *
 *   node apps/web/scripts/make-hero-videos.mjs
 *
 * Needs the workspace's node_modules (playwright, tsx, @fontsource/anton), a Chromium binary
 * (CHROMIUM_PATH, default /usr/bin/chromium) and ffmpeg with libvpx-vp9 (FFMPEG, default ffmpeg).
 * HERO_PREVIEW=/some/dir writes a few still frames there as PNGs instead of encoding video.
 * Every moving part is periodic in the loop length, so the last frame flows into the first.
 * Frames are drawn in the page by a small render(t) function, screenshotted, and piped to
 * ffmpeg as PNGs; nothing is written to disk except the outputs.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright";
import { tsImport } from "tsx/esm/api";

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, "../public/media");
const repoRoot = path.resolve(here, "../../..");
const art = await tsImport(pathToFileURL(path.join(repoRoot, "apps/server/src/seed/art.ts")).href, import.meta.url);
// Inlined: a page loaded with setContent may not fetch file:// URLs.
const antonFont = `data:font/woff2;base64,${readFileSync(
  path.join(repoRoot, "node_modules/@fontsource/anton/files/anton-latin-400-normal.woff2"),
).toString("base64")}`;

const FPS = 24;
const SECONDS = 10;
const LIME = "#C6FF00";
const NIGHT = "#0E0E10";
const PAPER = "#F4F1EA";

/** Deterministic PRNG so reruns produce the same sky. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The washing line's cargo: garment, colour, graphic, the canvas y that sits on the line and
 * where the clothes pegs go (x on the garment's 800-wide canvas).
 */
const LINE = [
  { garment: "tee", colour: "#141416", motif: { kind: "orb" }, top: 202, pegs: [300, 500] },
  { garment: "hoodie", colour: LIME, motif: { kind: "type", text: "Gravity Off" }, top: 222, pegs: [290, 510] },
  {
    garment: "oversized-tee",
    colour: "#F1EDE3",
    motif: { kind: "crescent", accent: "#8F84E8" },
    top: 198,
    pegs: [290, 510],
  },
  { garment: "sweatshirt", colour: "#1F4D3A", motif: { kind: "chai", accent: "#D9893B" }, top: 208, pegs: [300, 500] },
  { garment: "tote", colour: "#EDE4D0", motif: { kind: "kite", accent: "#FF3D8B" }, top: 254, pegs: [400] },
  { garment: "oversized-tee", colour: "#B7A6D9", motif: { kind: "testcard" }, top: 198, pegs: [290, 510] },
];

const FORMATS = [
  {
    name: "desktop",
    width: 1280,
    height: 720,
    crf: 31,
    moon: { x: 1050, y: 140, r: 62 },
    horizon: 650,
    title: { x: 72, y: 300, size: 250, anchor: "start" },
    tagline: { x: 80, y: 352, size: 34, anchor: "start" },
    line: { y: 392, sag: 46, scale: 0.23, spacing: 300 },
    orbWires: [
      { y: 190, sag: 70, orbs: [0.18, 0.47, 0.8] },
      { y: 250, sag: 90, orbs: [0.3, 0.64] },
    ],
  },
  {
    name: "mobile",
    width: 540,
    height: 960,
    crf: 31,
    moon: { x: 396, y: 150, r: 56 },
    horizon: 870,
    title: { x: 270, y: 470, size: 230, anchor: "middle" },
    tagline: { x: 270, y: 524, size: 30, anchor: "middle" },
    line: { y: 590, sag: 34, scale: 0.21, spacing: 210 },
    orbWires: [
      { y: 250, sag: 60, orbs: [0.2, 0.55, 0.85] },
      { y: 310, sag: 70, orbs: [0.35, 0.7] },
    ],
  },
];

function scene(format) {
  const { width: W, height: H } = format;
  const rand = random(W * 31 + H);
  const stars = Array.from({ length: Math.round((W * H) / 5200) }, () => ({
    x: rand() * W,
    y: rand() * format.horizon * 0.95,
    r: 0.5 + rand() * 1.5,
    base: 0.25 + rand() * 0.5,
    // Whole numbers of twinkles per loop keep the loop seamless.
    cycles: 1 + Math.floor(rand() * 3),
    phase: rand(),
  }));
  const figures = LINE.map((item, i) =>
    art.garmentFigure(
      { garment: item.garment, colour: item.colour, view: "front", motif: item.motif, uid: `g${i}`, texture: false },
      "front",
    ),
  );
  const starSvg = stars
    .map(
      (s, i) =>
        `<circle id="s${i}" cx="${s.x.toFixed(1)}" cy="${s.y.toFixed(1)}" r="${s.r.toFixed(2)}" fill="#FFFFFF" opacity="${s.base.toFixed(2)}"/>`,
    )
    .join("");
  const craters = [
    [-0.3, -0.2, 0.22],
    [0.25, 0.1, 0.16],
    [-0.05, 0.38, 0.12],
    [0.35, -0.35, 0.1],
  ]
    .map(
      ([dx, dy, r]) =>
        `<circle cx="${format.moon.x + dx * format.moon.r}" cy="${format.moon.y + dy * format.moon.r}" r="${r * format.moon.r}" fill="#B9B3C9" opacity="0.45"/>`,
    )
    .join("");
  const earthR = W * 1.6;
  const orbWires = format.orbWires
    .map(
      (wire, w) =>
        `<path id="w${w}" fill="none" stroke="#3E3E4C" stroke-width="2.5"/>${wire.orbs
          .map(
            (_, o) =>
              `<g id="o${w}-${o}"><line id="o${w}-${o}-cord" stroke="#3E3E4C" stroke-width="1.5"/><circle id="o${w}-${o}-halo" r="34" fill="url(#halo)"/><circle id="o${w}-${o}-core" r="8" fill="${LIME}"/></g>`,
          )
          .join("")}`,
    )
    .join("");
  const garments = figures
    .map(
      (figure, i) =>
        `<g id="f${i}"><g>${figure.body}</g>${LINE[i].pegs
          .map(
            (x) =>
              `<rect x="${x - 11}" y="${LINE[i].top - 44}" width="22" height="66" rx="5" fill="${LIME}" stroke="${NIGHT}" stroke-width="5"/>`,
          )
          .join("")}</g>`,
    )
    .join("");
  const defs = `${figures.map((f) => f.defs).join("")}
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#06060A"/><stop offset="0.6" stop-color="#141430"/><stop offset="1" stop-color="#22224A"/></linearGradient>
    <radialGradient id="moonglow"><stop offset="0.4" stop-color="${PAPER}" stop-opacity="0.45"/><stop offset="1" stop-color="${PAPER}" stop-opacity="0"/></radialGradient>
    <radialGradient id="halo"><stop offset="0" stop-color="${LIME}" stop-opacity="0.75"/><stop offset="0.35" stop-color="${LIME}" stop-opacity="0.25"/><stop offset="1" stop-color="${LIME}" stop-opacity="0"/></radialGradient>
    <radialGradient id="earth" cx="0.5" cy="0" r="0.5"><stop offset="0" stop-color="#1E2B25"/><stop offset="1" stop-color="#08090C"/></radialGradient>
    <radialGradient id="rim" cx="0.5" cy="0.5" r="0.5"><stop offset="0.975" stop-color="${LIME}" stop-opacity="0"/><stop offset="0.994" stop-color="${LIME}" stop-opacity="0.55"/><stop offset="1" stop-color="${LIME}" stop-opacity="0"/></radialGradient>
    <linearGradient id="streak" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0.9"/></linearGradient>`;
  const text = (t, content, fill, spacing) =>
    `<text x="${t.x}" y="${t.y}" font-family="Anton" font-size="${t.size}" fill="${fill}" text-anchor="${t.anchor}" letter-spacing="${spacing}">${content}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${starSvg}
    <g id="shooting"><rect x="-160" y="-1.5" width="160" height="3" rx="1.5" fill="url(#streak)"/></g>
    <circle id="moonglow-c" cx="${format.moon.x}" cy="${format.moon.y}" r="${format.moon.r * 2.6}" fill="url(#moonglow)"/>
    <circle cx="${format.moon.x}" cy="${format.moon.y}" r="${format.moon.r}" fill="#EEEAF6"/>${craters}
    ${orbWires}
    <circle id="rim-c" cx="${W / 2}" cy="${format.horizon + earthR}" r="${earthR + 40}" fill="url(#rim)"/>
    <circle cx="${W / 2}" cy="${format.horizon + earthR}" r="${earthR}" fill="url(#earth)" stroke="${LIME}" stroke-opacity="0.8" stroke-width="2"/>
    ${text(format.title, "VAKI", PAPER, 6)}
    ${text(format.tagline, "WEAR THE VAKIVERSE", LIME, 4)}
    <path id="line" fill="none" stroke="#55556A" stroke-width="3"/>
    ${garments}
  </svg>`;
  return { svg, stars };
}

/** Runs inside the page: positions everything for time t (seconds). */
function pageRenderer(config) {
  const { W, T, stars, orbWires, line, items } = config;
  const TAU = Math.PI * 2;
  const $ = (id) => document.getElementById(id);
  // A sagging wire as a quadratic curve from off-screen left to off-screen right.
  const wireY = (wire, sag, u) => wire.y + 4 * sag * u * (1 - u);
  const wirePath = (wire, sag) => `M-60 ${wire.y}Q${W / 2} ${wire.y + 2 * sag} ${W + 60} ${wire.y}`;
  window.render = (t) => {
    const p = t / T;
    stars.forEach((s, i) => {
      const twinkle = 0.5 + 0.5 * Math.sin(TAU * (s.cycles * p + s.phase));
      $(`s${i}`).setAttribute("opacity", (s.base * (0.45 + 0.55 * twinkle)).toFixed(3));
    });
    $("moonglow-c").setAttribute("opacity", (0.85 + 0.15 * Math.sin(TAU * p)).toFixed(3));
    $("rim-c").setAttribute("opacity", (0.8 + 0.2 * Math.sin(TAU * p * 2)).toFixed(3));
    // One shooting star per loop, early in it.
    const shot = (p - 0.18) / 0.07;
    const streak = $("shooting");
    if (shot >= 0 && shot <= 1) {
      const x = W * (0.12 + 0.4 * shot);
      const y = 60 + 120 * shot;
      streak.setAttribute("transform", `translate(${x} ${y}) rotate(17)`);
      streak.setAttribute("opacity", String(Math.sin(Math.PI * shot)));
    } else streak.setAttribute("opacity", "0");
    orbWires.forEach((wire, w) => {
      const sag = wire.sag * (1 + 0.06 * Math.sin(TAU * (p + w * 0.3)));
      $(`w${w}`).setAttribute("d", wirePath(wire, sag));
      wire.orbs.forEach((u, o) => {
        const x = -60 + (W + 120) * u;
        const y = wireY(wire, sag, u);
        const bob = 4 * Math.sin(TAU * (2 * p + u));
        const cord = 22 + bob;
        const g = $(`o${w}-${o}`);
        const cordEl = $(`o${w}-${o}-cord`);
        cordEl.setAttribute("x1", x);
        cordEl.setAttribute("y1", y);
        cordEl.setAttribute("x2", x);
        cordEl.setAttribute("y2", y + cord);
        for (const id of ["halo", "core"]) {
          const el = $(`o${w}-${o}-${id}`);
          el.setAttribute("cx", x);
          el.setAttribute("cy", y + cord + 8);
        }
        $(`o${w}-${o}-halo`).setAttribute("r", (30 + 6 * Math.sin(TAU * (p * 3 + u))).toFixed(2));
        g.setAttribute("opacity", "1");
      });
    });
    // The washing line: garments ride it right to left, one full lap per loop.
    const sag = line.sag * (1 + 0.05 * Math.sin(TAU * p * 2));
    $("line").setAttribute("d", wirePath(line, sag));
    const lap = items.length * line.spacing;
    items.forEach((item, i) => {
      let x = (i * line.spacing - p * lap) % lap;
      if (x < 0) x += lap;
      x -= line.spacing; // start one slot off-screen left so garments enter and leave unseen
      const u = (x + 60) / (W + 120);
      const y = wireY(line, sag, Math.min(1, Math.max(0, u)));
      // Swing with the slope of the wire and a little breeze.
      const slope = (4 * sag * (1 - 2 * u)) / (W + 120);
      const swing = (Math.atan(slope) * 180) / Math.PI + 3 * Math.sin(TAU * (2 * p + i / items.length));
      $(`f${i}`).setAttribute(
        "transform",
        `translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${swing.toFixed(2)}) scale(${line.scale}) translate(-400 ${-item.top})`,
      );
    });
  };
}

function encoder(format, outFile) {
  const args = [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "image2pipe",
    "-framerate",
    String(FPS),
    "-c:v",
    "png",
    "-i",
    "-",
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    "0",
    "-crf",
    String(format.crf),
    "-row-mt",
    "1",
    "-deadline",
    "good",
    "-cpu-used",
    "2",
    "-g",
    String(FPS * SECONDS),
    outFile,
  ];
  const ffmpeg = spawn(process.env.FFMPEG ?? "ffmpeg", args, { stdio: ["pipe", "inherit", "inherit"] });
  const done = new Promise((resolve, reject) => {
    ffmpeg.on("error", reject);
    ffmpeg.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  return {
    write: (buffer) =>
      new Promise((resolve, reject) => {
        ffmpeg.stdin.write(buffer, (error) => (error ? reject(error) : resolve()));
      }),
    finish: async () => {
      ffmpeg.stdin.end();
      await done;
    },
  };
}

async function poster(videoFile, posterFile) {
  await new Promise((resolve, reject) => {
    const ffmpeg = spawn(
      process.env.FFMPEG ?? "ffmpeg",
      ["-y", "-loglevel", "error", "-i", videoFile, "-frames:v", "1", "-q:v", "5", posterFile],
      { stdio: "inherit" },
    );
    ffmpeg.on("error", reject);
    ffmpeg.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    for (const format of FORMATS) {
      const { svg, stars } = scene(format);
      const page = await browser.newPage({ viewport: { width: format.width, height: format.height } });
      await page.setContent(
        `<!doctype html><html><head><style>@font-face{font-family:Anton;src:url("${antonFont}") format("woff2")}html,body{margin:0;background:${NIGHT};overflow:hidden}</style></head><body>${svg}</body></html>`,
      );
      await page.evaluate(() => document.fonts.load('100px "Anton"'));
      await page.evaluate(
        `(${pageRenderer.toString()})(${JSON.stringify({
          W: format.width,
          T: SECONDS,
          stars,
          orbWires: format.orbWires,
          line: format.line,
          items: LINE.map((item) => ({ top: item.top })),
        })})`,
      );
      const previewDir = process.env.HERO_PREVIEW;
      if (previewDir) {
        mkdirSync(previewDir, { recursive: true });
        for (const t of [0, 2.5, 5, 7.5]) {
          await page.evaluate((time) => window.render(time), t);
          await page.screenshot({ path: path.join(previewDir, `${format.name}-${t}.png`) });
        }
        await page.close();
        continue;
      }
      const outFile = path.join(outDir, `hero-${format.name}.webm`);
      const video = encoder(format, outFile);
      const frames = FPS * SECONDS;
      for (let i = 0; i < frames; i++) {
        await page.evaluate((t) => window.render(t), i / FPS);
        await video.write(await page.screenshot({ type: "png" }));
      }
      await video.finish();
      await page.close();
      const posterFile = path.join(outDir, `hero-${format.name}.jpg`);
      await poster(outFile, posterFile);
      const kb = (file) => `${Math.round(statSync(file).size / 1024)} KB`;
      console.log(`${path.relative(repoRoot, outFile)}: ${kb(outFile)}, poster ${kb(posterFile)}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
