/**
 * The demo catalogue's artwork, drawn by code as SVG so the repository needs no photographs:
 * flat garment silhouettes in their colourway, character motifs, character portraits and
 * category cards. Everything is deterministic: the same inputs give byte-identical files,
 * which lets the seed share one file between every product that shows the same thing.
 */
import { createRandom } from "./random.js";

export type Garment =
  | "tee"
  | "oversized-tee"
  | "hoodie"
  | "sweatshirt"
  | "joggers"
  | "shorts"
  | "cap"
  | "tote"
  | "socks";
export type View = "front" | "back" | "detail" | "flat";

export type MotifKind =
  // Emblems of the Vakiverse characters.
  | "crescent"
  | "orb"
  | "kite"
  | "plug"
  | "chai"
  | "cloud"
  | "firefly"
  | "eclipse"
  | "auto"
  | "star"
  | "bolt"
  | "paw"
  | "specs"
  | "dish"
  | "sprout"
  | "comet"
  // Graphics of the core line.
  | "wordmark"
  | "phases"
  | "wires"
  | "earthrise"
  | "stamp"
  | "orbs"
  | "testcard"
  | "rooftops"
  | "tab"
  | "type";

/** A chest graphic; `type` motifs print their `text`. */
export interface Motif {
  kind: MotifKind;
  text?: string;
  /** Overrides the brand lime for the motif's fills (a character's signature colour). */
  accent?: string;
}

export const BRAND = { lime: "#C6FF00", night: "#0E0E10", paper: "#F4F1EA" } as const;

// ---------------------------------------------------------------------------
// Colour helpers

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

/** Linear blend of two colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

export const shade = (hex: string, t: number) => mix(hex, "#000000", t);
export const tint = (hex: string, t: number) => mix(hex, "#FFFFFF", t);

/** Relative luminance (WCAG) in [0, 1]. */
export function luminance(hex: string): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const isDark = (hex: string) => luminance(hex) < 0.22;

/** Euclidean distance in RGB: a rough "would these two colours blur together" measure. */
function distance(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return Math.hypot(ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]);
}

// ---------------------------------------------------------------------------
// Lettering: a heavy, condensed, chamfered display face drawn as strokes. SVG served as an
// image cannot use the web page's fonts, so the brand's type is geometry, identical everywhere.

type Polyline = ReadonlyArray<readonly [number, number]>;
interface Glyph {
  width: number;
  strokes: readonly Polyline[];
}

const O_SHAPE: Polyline = [
  [1.2, 0],
  [2.8, 0],
  [4, 1.2],
  [4, 4.8],
  [2.8, 6],
  [1.2, 6],
  [0, 4.8],
  [0, 1.2],
  [1.2, 0],
];
const P_SHAPE: Polyline = [
  [0, 6],
  [0, 0],
  [2.8, 0],
  [4, 1.2],
  [4, 2.4],
  [2.8, 3.6],
  [0, 3.6],
];

const GLYPHS: Record<string, Glyph> = {
  A: {
    width: 4,
    strokes: [
      [
        [0, 6],
        [0, 1.2],
        [1.2, 0],
        [2.8, 0],
        [4, 1.2],
        [4, 6],
      ],
      [
        [0, 3.6],
        [4, 3.6],
      ],
    ],
  },
  B: {
    width: 4,
    strokes: [
      [
        [0, 3],
        [2.9, 3],
        [4, 4.1],
        [4, 4.9],
        [2.9, 6],
        [0, 6],
        [0, 0],
        [2.6, 0],
        [3.6, 1],
        [3.6, 2],
        [2.6, 3],
      ],
    ],
  },
  C: {
    width: 4,
    strokes: [
      [
        [4, 1.2],
        [2.8, 0],
        [1.2, 0],
        [0, 1.2],
        [0, 4.8],
        [1.2, 6],
        [2.8, 6],
        [4, 4.8],
      ],
    ],
  },
  D: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [0, 6],
        [2.8, 6],
        [4, 4.8],
        [4, 1.2],
        [2.8, 0],
        [0, 0],
      ],
    ],
  },
  E: {
    width: 3.6,
    strokes: [
      [
        [3.6, 0],
        [0, 0],
        [0, 6],
        [3.6, 6],
      ],
      [
        [0, 3],
        [3, 3],
      ],
    ],
  },
  F: {
    width: 3.6,
    strokes: [
      [
        [3.6, 0],
        [0, 0],
        [0, 6],
      ],
      [
        [0, 3],
        [3, 3],
      ],
    ],
  },
  G: {
    width: 4,
    strokes: [
      [
        [4, 1.2],
        [2.8, 0],
        [1.2, 0],
        [0, 1.2],
        [0, 4.8],
        [1.2, 6],
        [2.8, 6],
        [4, 4.8],
        [4, 3.2],
        [2.2, 3.2],
      ],
    ],
  },
  H: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [0, 6],
      ],
      [
        [4, 0],
        [4, 6],
      ],
      [
        [0, 3],
        [4, 3],
      ],
    ],
  },
  I: {
    width: 0,
    strokes: [
      [
        [0, 0],
        [0, 6],
      ],
    ],
  },
  J: {
    width: 4,
    strokes: [
      [
        [4, 0],
        [4, 4.8],
        [2.8, 6],
        [1.2, 6],
        [0, 4.8],
      ],
    ],
  },
  K: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [0, 6],
      ],
      [
        [4, 0],
        [1, 3],
        [4, 6],
      ],
      [
        [0, 3],
        [1, 3],
      ],
    ],
  },
  L: {
    width: 3.6,
    strokes: [
      [
        [0, 0],
        [0, 6],
        [3.6, 6],
      ],
    ],
  },
  M: {
    width: 5,
    strokes: [
      [
        [0, 6],
        [0, 0],
        [2.5, 3],
        [5, 0],
        [5, 6],
      ],
    ],
  },
  N: {
    width: 4,
    strokes: [
      [
        [0, 6],
        [0, 0],
        [4, 6],
        [4, 0],
      ],
    ],
  },
  O: { width: 4, strokes: [O_SHAPE] },
  P: { width: 4, strokes: [P_SHAPE] },
  Q: {
    width: 4,
    strokes: [
      O_SHAPE,
      [
        [2.6, 4.4],
        [4.2, 6.2],
      ],
    ],
  },
  R: {
    width: 4,
    strokes: [
      P_SHAPE,
      [
        [2.2, 3.6],
        [4, 6],
      ],
    ],
  },
  S: {
    width: 4,
    strokes: [
      [
        [4, 1.2],
        [2.8, 0],
        [1.2, 0],
        [0, 1.2],
        [0, 1.9],
        [1.1, 3],
        [2.9, 3],
        [4, 4.1],
        [4, 4.8],
        [2.8, 6],
        [1.2, 6],
        [0, 4.8],
      ],
    ],
  },
  T: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [4, 0],
      ],
      [
        [2, 0],
        [2, 6],
      ],
    ],
  },
  U: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [0, 4.8],
        [1.2, 6],
        [2.8, 6],
        [4, 4.8],
        [4, 0],
      ],
    ],
  },
  V: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [2, 6],
        [4, 0],
      ],
    ],
  },
  W: {
    width: 5,
    strokes: [
      [
        [0, 0],
        [1.25, 6],
        [2.5, 2.4],
        [3.75, 6],
        [5, 0],
      ],
    ],
  },
  X: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [4, 6],
      ],
      [
        [4, 0],
        [0, 6],
      ],
    ],
  },
  Y: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [2, 3],
        [4, 0],
      ],
      [
        [2, 3],
        [2, 6],
      ],
    ],
  },
  Z: {
    width: 4,
    strokes: [
      [
        [0, 0],
        [4, 0],
        [0, 6],
        [4, 6],
      ],
    ],
  },
  "0": {
    width: 4,
    strokes: [
      O_SHAPE,
      [
        [3.2, 1],
        [0.8, 5],
      ],
    ],
  },
  "1": {
    width: 2,
    strokes: [
      [
        [0, 1.2],
        [1.6, 0],
        [1.6, 6],
      ],
    ],
  },
  "2": {
    width: 4,
    strokes: [
      [
        [0, 1.2],
        [1.2, 0],
        [2.8, 0],
        [4, 1.2],
        [4, 2.2],
        [0, 6],
        [4, 6],
      ],
    ],
  },
  "3": {
    width: 4,
    strokes: [
      [
        [0, 0],
        [4, 0],
        [1.8, 2.6],
        [2.8, 2.6],
        [4, 3.8],
        [4, 4.8],
        [2.8, 6],
        [1.2, 6],
        [0, 4.8],
      ],
    ],
  },
  "4": {
    width: 4,
    strokes: [
      [
        [3, 6],
        [3, 0],
        [0, 4],
        [4, 4],
      ],
    ],
  },
  "5": {
    width: 4,
    strokes: [
      [
        [4, 0],
        [0, 0],
        [0, 2.6],
        [2.8, 2.6],
        [4, 3.8],
        [4, 4.8],
        [2.8, 6],
        [0, 6],
      ],
    ],
  },
  "6": {
    width: 4,
    strokes: [
      [
        [3.6, 0],
        [1.2, 0],
        [0, 1.2],
        [0, 4.8],
        [1.2, 6],
        [2.8, 6],
        [4, 4.8],
        [4, 3.8],
        [2.8, 2.6],
        [0, 2.6],
      ],
    ],
  },
  "7": {
    width: 4,
    strokes: [
      [
        [0, 0],
        [4, 0],
        [1.5, 6],
      ],
    ],
  },
  "8": {
    width: 4,
    strokes: [
      [
        [1.2, 0],
        [2.8, 0],
        [3.8, 1],
        [3.8, 2],
        [2.8, 3],
        [1.2, 3],
        [0.2, 2],
        [0.2, 1],
        [1.2, 0],
      ],
      [
        [1.2, 3],
        [2.8, 3],
        [4, 4.2],
        [4, 4.8],
        [2.8, 6],
        [1.2, 6],
        [0, 4.8],
        [0, 4.2],
        [1.2, 3],
      ],
    ],
  },
  "9": {
    width: 4,
    strokes: [
      [
        [4, 3.4],
        [1.2, 3.4],
        [0, 2.2],
        [0, 1.2],
        [1.2, 0],
        [2.8, 0],
        [4, 1.2],
        [4, 4.8],
        [2.8, 6],
        [0.4, 6],
      ],
    ],
  },
  "-": {
    width: 2.4,
    strokes: [
      [
        [0, 3],
        [2.4, 3],
      ],
    ],
  },
  ".": {
    width: 0,
    strokes: [
      [
        [0, 5.9],
        [0, 6],
      ],
    ],
  },
  "'": {
    width: 0,
    strokes: [
      [
        [0, 0],
        [0, 1.6],
      ],
    ],
  },
  "/": {
    width: 3,
    strokes: [
      [
        [3, 0],
        [0, 6],
      ],
    ],
  },
  " ": { width: 1.6, strokes: [] },
};

const STROKE = 1.3;
const GAP = 1.5;

export interface LetteringOptions {
  x: number;
  y: number;
  /** Cap height in px, stroke included. */
  size: number;
  color: string;
  anchor?: "start" | "middle" | "end";
  /** Stroke weight in grid units (1.3 is the regular heavy weight). */
  weight?: number;
  /** Extra space between letters, in grid units. */
  tracking?: number;
}

function glyphsOf(text: string): Glyph[] {
  return [...text.toUpperCase()].map((char) => GLYPHS[char] ?? GLYPHS[" "]!);
}

/** Width in px that `lettering` will use for the text. */
export function letteringWidth(text: string, size: number, weight = STROKE, tracking = 0): number {
  const glyphs = glyphsOf(text);
  const units = glyphs.reduce((sum, glyph) => sum + glyph.width, 0) + (glyphs.length - 1) * (GAP + tracking) + weight;
  return (units * size) / (6 + weight);
}

/** Text in the brand's display face; `y` is the top of the capitals. */
export function lettering(text: string, options: LetteringOptions): string {
  const weight = options.weight ?? STROKE;
  const tracking = options.tracking ?? 0;
  const scale = options.size / (6 + weight);
  const width = letteringWidth(text, options.size, weight, tracking);
  const anchor = options.anchor ?? "start";
  const left = anchor === "start" ? options.x : anchor === "middle" ? options.x - width / 2 : options.x - width;
  let cursor = weight / 2;
  const parts: string[] = [];
  for (const glyph of glyphsOf(text)) {
    for (const stroke of glyph.strokes) {
      const first = stroke[0];
      const last = stroke[stroke.length - 1];
      const closed = first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
      const points = closed ? stroke.slice(0, -1) : stroke;
      parts.push(
        `M${points.map(([px, py]) => `${round(cursor + px)} ${round(py + weight / 2)}`).join("L")}${closed ? "Z" : ""}`,
      );
    }
    cursor += glyph.width + GAP + tracking;
  }
  return `<path transform="translate(${round(left)} ${round(options.y)}) scale(${round(scale, 4)})" d="${parts.join("")}" fill="none" stroke="${options.color}" stroke-width="${weight}" stroke-linecap="square" stroke-linejoin="miter" stroke-miterlimit="2.5"/>`;
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

// ---------------------------------------------------------------------------
// Motifs: drawn in a 200 × 200 box centred on 0,0, in a sticker style (accent fills, ink outlines).

interface MotifColours {
  /** Outline and detail colour, contrasting with the surface under the motif. */
  ink: string;
  /** Fill colour. */
  accent: string;
  /** The surface the motif sits on. */
  ground: string;
}

interface Drawn {
  defs: string;
  body: string;
}

function star4(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.22;
  return `<path d="M${x} ${y - r}Q${x + k} ${y - k} ${x + r} ${y}Q${x + k} ${y + k} ${x} ${y + r}Q${x - k} ${y + k} ${x - r} ${y}Q${x - k} ${y - k} ${x} ${y - r}Z" fill="${fill}"/>`;
}

function moonPhase(x: number, y: number, r: number, lit: number, c: MotifColours): string {
  // lit: 0 new moon … 1 full moon, waxing from the right.
  const outline = `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c.ink}" stroke-width="4"/>`;
  if (lit <= 0) return outline;
  if (lit >= 1) return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c.accent}"/>${outline}`;
  const rx = Math.abs(1 - 2 * lit) * r;
  const sweep = lit < 0.5 ? 0 : 1;
  return `<path d="M${x} ${y - r}A${r} ${r} 0 0 1 ${x} ${y + r}A${round(rx)} ${r} 0 0 ${sweep} ${x} ${y - r}Z" fill="${c.accent}"/>${outline}`;
}

function motifDrawing(motif: Motif, c: MotifColours, uid: string, brand: string): Drawn {
  const line = (width = 7) =>
    `stroke="${c.ink}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;
  const a = c.accent;
  switch (motif.kind) {
    case "crescent":
      return {
        defs: "",
        body: `<path d="M17.1 -88.4A90 90 0 1 0 77.5 45.8A74 74 0 1 1 17.1 -88.4Z" fill="${a}" ${line()}/>${star4(58, -40, 16, c.ink)}${star4(40, 14, 9, c.ink)}${star4(76, 74, 7, a)}`,
      };
    case "orb":
      return {
        defs: `<radialGradient id="${uid}-orb" cx="0.38" cy="0.34" r="0.75"><stop offset="0" stop-color="${tint(a, 0.75)}"/><stop offset="0.45" stop-color="${a}"/><stop offset="1" stop-color="${shade(a, 0.35)}"/></radialGradient><radialGradient id="${uid}-orbglow"><stop offset="0.5" stop-color="${a}" stop-opacity="0.45"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient>`,
        body: `<circle r="100" fill="url(#${uid}-orbglow)"/><path d="M-92 8A96 26 -18 0 1 92 -8" transform="rotate(-18)" fill="none" ${line()}/><circle r="58" fill="url(#${uid}-orb)" ${line()}/><path d="M-96 0A96 26 0 0 0 96 0" transform="rotate(-18)" fill="none" ${line()}/>${star4(-70, -62, 12, c.ink)}`,
      };
    case "kite":
      return {
        defs: "",
        body: `<path d="M0 -92L64 -12L0 66L-64 -12Z" fill="${a}" ${line()}/><path d="M0 -92L-64 -12L0 -12Z" fill="${c.ink}" opacity="0.85"/><path d="M0 -92V66M-64 -12H64" fill="none" ${line(4)}/><path d="M0 66C-16 80 22 86 4 98" fill="none" ${line(4)}/><path d="M-4 80l-14 -8v16zM10 92l14 -8v16z" fill="${a}" ${line(3)}/>`,
      };
    case "plug":
      // The Indian three-pin plug: fat earth pin on top, two slimmer pins beside it.
      return {
        defs: "",
        body: `<path d="M0 62C0 92 -46 74 -54 98M0 62C4 80 22 84 30 100" fill="none" stroke="${c.ink}" stroke-width="8" stroke-linecap="round"/><rect x="-9" y="-98" width="18" height="74" rx="4" fill="${tint(c.ink, 0.2)}" ${line(4)}/><rect x="-38" y="-76" width="13" height="52" rx="4" fill="${tint(c.ink, 0.2)}" ${line(4)}/><rect x="25" y="-76" width="13" height="52" rx="4" fill="${tint(c.ink, 0.2)}" ${line(4)}/><rect x="-56" y="-34" width="112" height="100" rx="22" fill="${a}" ${line()}/><path d="M-40 48H40M-34 58H34" stroke="${c.ink}" stroke-width="3" opacity="0.45"/>`,
      };
    case "chai": {
      const ridges = [-28, -14, 0, 14, 28]
        .map((x) => `<path d="M${x} -34L${round(x * 0.78)} 92" stroke="${c.ink}" stroke-width="3" opacity="0.45"/>`)
        .join("");
      return {
        defs: "",
        body: `<path d="M-22 -52C-36 -66 -8 -78 -22 -96M2 -50C-12 -64 16 -76 2 -96M26 -52C12 -66 40 -78 26 -96" fill="none" stroke="${c.ink}" stroke-width="5" stroke-linecap="round" opacity="0.8"/><path d="M-52 -36H52L40 94H-40Z" fill="${tint(c.ground, 0.35)}" fill-opacity="0.5"/><path d="M-48 8H48L40 94H-40Z" fill="${a}"/>${ridges}<path d="M-52 -36H52L40 94H-40Z" fill="none" ${line()}/><path d="M-50 8H50" stroke="${c.ink}" stroke-width="4"/>`,
      };
    }
    case "cloud":
      return {
        defs: "",
        body: `<path d="M-78 26C-104 26 -104 -16 -72 -20C-74 -62 -20 -74 -4 -42C10 -80 74 -70 68 -24C100 -24 102 26 74 26Z" fill="${a}" ${line()}/><path d="M-56 46l-10 22M-24 46l-10 22M8 46l-10 22M40 46l-10 22M-40 76l-8 18M-8 76l-8 18M24 76l-8 18" stroke="${a}" stroke-width="8" stroke-linecap="round"/><path d="M-56 46l-10 22M-24 46l-10 22M8 46l-10 22M40 46l-10 22" stroke="${c.ink}" stroke-width="2" stroke-linecap="round" opacity="0.4"/>`,
      };
    case "firefly":
      return {
        defs: `<radialGradient id="${uid}-glow"><stop offset="0" stop-color="${a}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${a}" stop-opacity="0.35"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient>`,
        body: `<circle cx="0" cy="42" r="70" fill="url(#${uid}-glow)"/><path d="M-6 -30C-14 -60 -30 -66 -40 -60M6 -30C14 -60 30 -66 40 -60" fill="none" ${line(4)}/><ellipse cx="-34" cy="-6" rx="38" ry="18" transform="rotate(-28 -34 -6)" fill="${tint(c.ground, 0.6)}" fill-opacity="0.75" ${line(4)}/><ellipse cx="34" cy="-6" rx="38" ry="18" transform="rotate(28 34 -6)" fill="${tint(c.ground, 0.6)}" fill-opacity="0.75" ${line(4)}/><ellipse cx="0" cy="0" rx="16" ry="30" fill="${c.ink}"/><circle cx="0" cy="40" r="22" fill="${a}" ${line(5)}/><circle cx="-70" cy="70" r="5" fill="${a}"/><circle cx="-88" cy="44" r="3.5" fill="${a}"/><circle cx="78" cy="82" r="4" fill="${a}"/>`,
      };
    case "eclipse":
      return {
        defs: `<radialGradient id="${uid}-corona"><stop offset="0.6" stop-color="${a}" stop-opacity="0.9"/><stop offset="0.72" stop-color="${a}" stop-opacity="0.35"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient>`,
        body: `<circle r="100" fill="url(#${uid}-corona)"/><circle r="66" fill="none" stroke="${a}" stroke-width="8"/><circle r="60" fill="${BRAND.night}" stroke="${c.ink}" stroke-width="4"/>${star4(46, -46, 22, "#FFFFFF")}<circle cx="46" cy="-46" r="6" fill="#FFFFFF"/>`,
      };
    case "auto":
      return {
        defs: "",
        body: `<path d="M-74 -44C-74 -98 74 -98 74 -44V-34H-74Z" fill="${c.ink}"/><path d="M-64 -34H64L72 74H-72Z" fill="${a}" ${line()}/><path d="M-50 -26H50L45 4H-45Z" fill="${c.ink}" opacity="0.9"/><path d="M-36 -20L-24 -2M-20 -20L-12 -8" stroke="${tint(a, 0.6)}" stroke-width="4" stroke-linecap="round"/><rect x="-14" y="74" width="28" height="24" rx="5" fill="${c.ink}"/><rect x="-88" y="56" width="20" height="40" rx="5" fill="${c.ink}"/><rect x="68" y="56" width="20" height="40" rx="5" fill="${c.ink}"/><path d="M-72 -20H-90M72 -20H90" stroke="${c.ink}" stroke-width="5"/><circle cx="-92" cy="-24" r="8" fill="#FFF3B0" ${line(4)}/><circle cx="92" cy="-24" r="8" fill="#FFF3B0" ${line(4)}/>`,
      };
    case "star":
      return {
        defs: "",
        body: `<path d="M0 -96C10 -24 24 -10 96 0C24 10 10 24 0 96C-10 24 -24 10 -96 0C-24 -10 -10 -24 0 -96Z" fill="${a}" ${line()}/>${star4(-62, -62, 14, c.ink)}${star4(66, 58, 10, c.ink)}${star4(70, -70, 6, a)}`,
      };
    case "bolt":
      return {
        defs: "",
        body: `<path d="M22 -96L-54 12H-6L-28 96L58 -18H10L38 -96Z" fill="${a}" ${line()}/><path d="M-70 -40l-22 -10M-74 -8h-22M66 28l22 10M70 60l18 14" stroke="${c.ink}" stroke-width="6" stroke-linecap="round"/>`,
      };
    case "paw":
      return {
        defs: "",
        body: `<path d="M-44 46C-56 4 -22 -6 0 -6C22 -6 56 4 44 46C34 80 -34 80 -44 46Z" fill="${a}" ${line()}/><ellipse cx="-62" cy="-34" rx="17" ry="24" transform="rotate(-24 -62 -34)" fill="${a}" ${line()}/><ellipse cx="-24" cy="-68" rx="17" ry="25" transform="rotate(-8 -24 -68)" fill="${a}" ${line()}/><ellipse cx="24" cy="-68" rx="17" ry="25" transform="rotate(8 24 -68)" fill="${a}" ${line()}/><ellipse cx="62" cy="-34" rx="17" ry="24" transform="rotate(24 62 -34)" fill="${a}" ${line()}/>`,
      };
    case "specs": {
      const neon = `fill="none" stroke="${a}" stroke-linecap="round"`;
      const frames = "M-10 -2Q0 -14 10 -2M-80 -6L-98 -14M80 -6L98 -14";
      const heart = "M0 -40C-8 -54 -30 -52 -30 -36C-30 -22 -12 -12 0 -2C12 -12 30 -22 30 -36C30 -52 8 -54 0 -40Z";
      return {
        defs: "",
        body: `<g transform="translate(0 20)"><circle cx="-44" cy="0" r="36" fill="${c.ink}" fill-opacity="0.12"/><circle cx="44" cy="0" r="36" fill="${c.ink}" fill-opacity="0.12"/><g ${neon} stroke-width="22" opacity="0.25"><circle cx="-44" cy="0" r="36"/><circle cx="44" cy="0" r="36"/><path d="${frames}"/></g><g ${neon} stroke-width="9"><circle cx="-44" cy="0" r="36"/><circle cx="44" cy="0" r="36"/><path d="${frames}"/></g><g transform="translate(0 -48)"><path d="${heart}" ${neon} stroke-width="16" opacity="0.25"/><path d="${heart}" ${neon} stroke-width="6"/></g><path d="M-58 -12a14 14 0 0 1 14 -10" fill="none" stroke="#FFFFFF" stroke-width="4" stroke-linecap="round" opacity="0.8"/></g>`,
      };
    }
    case "dish":
      return {
        defs: "",
        body: `<path d="M46 -72a30 30 0 0 1 30 30M52 -96a54 54 0 0 1 54 54" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round"/><path d="M-6 26V84M-40 90H28" stroke="${c.ink}" stroke-width="9" stroke-linecap="round"/><ellipse cx="-14" cy="-6" rx="72" ry="40" transform="rotate(-36 -14 -6)" fill="${a}" ${line()}/><ellipse cx="-14" cy="-6" rx="44" ry="22" transform="rotate(-36 -14 -6)" fill="${shade(a, 0.18)}"/><path d="M-14 -6L30 -52" stroke="${c.ink}" stroke-width="5"/><circle cx="32" cy="-54" r="9" fill="${c.ink}"/>`,
      };
    case "sprout":
      return {
        defs: "",
        body: `<path d="M-86 92C-70 50 70 50 86 92Z" fill="${c.ink}"/><path d="M0 60C0 30 -4 0 0 -26" fill="none" stroke="${a}" stroke-width="9" stroke-linecap="round"/><path d="M-2 -14C-28 -64 -80 -60 -88 -38C-72 -8 -30 -2 -2 -14Z" fill="${a}" ${line()}/><path d="M2 -28C22 -90 84 -92 92 -66C82 -28 32 -18 2 -28Z" fill="${a}" ${line()}/><path d="M-2 -14C-30 -30 -56 -40 -74 -40M2 -28C30 -50 56 -62 76 -66" fill="none" stroke="${c.ink}" stroke-width="3" opacity="0.6"/>`,
      };
    case "comet":
      return {
        defs: `<linearGradient id="${uid}-tail" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></linearGradient>`,
        body: `<path d="M20 -72L-96 96L72 -20Z" fill="url(#${uid}-tail)"/><path d="M30 -40L-60 64" stroke="${c.ink}" stroke-width="4" stroke-linecap="round" opacity="0.5"/><circle cx="46" cy="-46" r="32" fill="${a}" ${line()}/><circle cx="36" cy="-56" r="9" fill="#FFFFFF" opacity="0.7"/>${star4(-40, -60, 10, c.ink)}${star4(74, 40, 8, c.ink)}`,
      };
    case "wordmark":
      return {
        defs: "",
        body: `${lettering(brand, { x: 0, y: -42, size: 84, color: c.ink, anchor: "middle", weight: 1.6 })}<rect x="-96" y="54" width="192" height="10" fill="${a}"/>`,
      };
    case "phases":
      return {
        defs: "",
        body: [0, 0.25, 0.5, 0.75, 1]
          .map((lit, i) => moonPhase(-80 + i * 40, 0, 16, lit, c))
          .concat(lettering("PHASES", { x: 0, y: 40, size: 26, color: c.ink, anchor: "middle", tracking: 1 }))
          .join(""),
      };
    case "wires":
      return {
        defs: "",
        body: `<path d="M-100 -60Q0 -10 100 -70M-100 -30Q-10 40 100 -30M-100 10Q20 70 100 0M-100 40Q0 100 100 50" fill="none" stroke="${c.ink}" stroke-width="4"/><circle cx="-40" cy="-30" r="12" fill="${a}" ${line(4)}/><circle cx="30" cy="12" r="16" fill="${a}" ${line(4)}/><circle cx="-10" cy="58" r="9" fill="${a}" ${line(4)}/><circle cx="66" cy="62" r="11" fill="${a}" ${line(4)}/>`,
      };
    case "earthrise":
      return {
        defs: `<clipPath id="${uid}-box"><rect x="-100" y="-100" width="200" height="200"/></clipPath>`,
        body: `<g clip-path="url(#${uid}-box)"><circle cx="0" cy="150" r="130" fill="${a}" ${line()}/><path d="M-130 80Q0 50 130 80M-120 120Q0 96 120 120M-40 20Q-70 100 -50 200M40 20Q70 100 50 200" fill="none" stroke="${c.ink}" stroke-width="3" opacity="0.6"/></g><path d="M-18 -92A44 44 0 1 0 24 -30A34 34 0 1 1 -18 -92Z" fill="${c.ink}"/>${star4(60, -70, 10, c.ink)}${star4(-70, -30, 7, c.ink)}`,
      };
    case "stamp":
      return {
        defs: "",
        body: `<circle r="92" fill="none" stroke="${c.ink}" stroke-width="6"/><circle r="76" fill="${a}" stroke="${c.ink}" stroke-width="3"/>${lettering("THE", { x: 0, y: -46, size: 20, color: c.ink, anchor: "middle", tracking: 1 })}${lettering("CLUB", { x: 0, y: -16, size: 48, color: c.ink, anchor: "middle", weight: 1.6 })}${star4(-40, 54, 8, c.ink)}${star4(0, 56, 8, c.ink)}${star4(40, 54, 8, c.ink)}`,
      };
    case "orbs":
      return {
        defs: `<radialGradient id="${uid}-o"><stop offset="0" stop-color="${tint(a, 0.7)}"/><stop offset="0.5" stop-color="${a}"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient>`,
        body: `<path d="M-100 -80Q0 -20 100 -90" fill="none" stroke="${c.ink}" stroke-width="4"/><path d="M-50 -56V-24M20 -50V10M70 -76V-40" stroke="${c.ink}" stroke-width="3"/><circle cx="-50" cy="0" r="40" fill="url(#${uid}-o)"/><circle cx="-50" cy="0" r="18" fill="${a}" ${line(4)}/><circle cx="20" cy="44" r="56" fill="url(#${uid}-o)"/><circle cx="20" cy="44" r="28" fill="${a}" ${line(4)}/><circle cx="70" cy="-22" r="30" fill="url(#${uid}-o)"/><circle cx="70" cy="-22" r="13" fill="${a}" ${line(4)}/>`,
      };
    case "testcard": {
      const bars = ["#F4F1EA", "#F2D43D", "#5ED6E0", "#63C56B", "#D457C9", "#E2473F", "#3F5BD8"];
      return {
        defs: `<clipPath id="${uid}-tv"><rect x="-86" y="-66" width="172" height="118" rx="18"/></clipPath>`,
        body: `<rect x="-96" y="-76" width="192" height="138" rx="24" fill="${c.ink}"/><g clip-path="url(#${uid}-tv)">${bars.map((colour, i) => `<rect x="${-86 + i * 24.6}" y="-66" width="25" height="84" fill="${colour}"/>`).join("")}<rect x="-86" y="18" width="172" height="34" fill="${BRAND.night}"/><circle cx="0" cy="-10" r="34" fill="none" stroke="#FFFFFF" stroke-width="4" opacity="0.7"/></g>${lettering("NO SIGNAL", { x: 0, y: 28, size: 14, color: a, anchor: "middle", tracking: 0.6 })}<path d="M-40 62L-56 92M40 62L56 92" stroke="${c.ink}" stroke-width="7" stroke-linecap="round"/>`,
      };
    }
    case "rooftops":
      return {
        defs: "",
        body: `<circle cx="46" cy="-56" r="30" fill="${a}" ${line()}/><path d="M-100 96V20H-70V-4H-40V30H-10V-20H30V10H56V-10H84V26H100V96Z" fill="${c.ink}"/><rect x="-64" y="-30" width="24" height="22" rx="4" fill="${c.ink}"/><rect x="0" y="-46" width="22" height="22" rx="4" fill="${c.ink}"/><path d="M66 -10V-34M58 -34h16" stroke="${c.ink}" stroke-width="4"/><path d="M-100 -10Q-30 20 100 -40" fill="none" stroke="${c.ink}" stroke-width="3"/>${[
          [-82, 44],
          [-54, 50],
          [-20, 20],
          [16, 40],
          [40, 30],
          [70, 46],
        ]
          .map(([x, y]) => `<rect x="${x}" y="${y}" width="9" height="12" fill="${a}"/>`)
          .join("")}`,
      };
    case "tab":
      return {
        defs: "",
        // A black woven tab with lime letters; on dark fabric the tab flips to lime.
        body: `<rect x="-84" y="-34" width="168" height="68" rx="6" fill="${isDark(c.ground) ? BRAND.lime : BRAND.night}"/>${lettering(brand, { x: 0, y: -20, size: 40, color: isDark(c.ground) ? BRAND.night : BRAND.lime, anchor: "middle", weight: 1.5 })}`,
      };
    case "type": {
      const words = (motif.text ?? brand).toUpperCase().split(/\s+/).filter(Boolean);
      const longest = Math.max(...words.map((word) => letteringWidth(word, 60)));
      const size = Math.min(64, (60 * 190) / Math.max(longest, 1), 170 / words.length);
      const top = -(words.length * size * 1.18) / 2;
      return {
        defs: "",
        body: `${words
          .map((word, i) =>
            lettering(word, {
              x: 0,
              y: top + i * size * 1.18,
              size,
              color: i % 2 === 1 ? a : c.ink,
              anchor: "middle",
            }),
          )
          .join("")}<rect x="-40" y="${round(-top + 8)}" width="80" height="8" fill="${a}"/>`,
      };
    }
  }
}

/** Places a motif at (x, y) with the given width. */
function placeMotif(
  motif: Motif,
  colours: MotifColours,
  at: { x: number; y: number; size: number },
  uid: string,
  brand: string,
): Drawn {
  const drawn = motifDrawing(motif, colours, uid, brand);
  return {
    defs: drawn.defs,
    body: `<g transform="translate(${at.x} ${at.y}) scale(${round(at.size / 200, 3)})">${drawn.body}</g>`,
  };
}

/** Colours for a motif printed on a surface, keeping outlines readable on light and dark fabric. */
function motifColours(ground: string, accent: string): MotifColours {
  const ink = isDark(ground) ? BRAND.paper : BRAND.night;
  // Lime on a lime garment would vanish: print it in the ink colour's opposite tone instead.
  const usable = distance(accent, ground) < 90 ? (isDark(ground) ? tint(accent, 0.5) : BRAND.night) : accent;
  return { ink, accent: usable, ground };
}

// ---------------------------------------------------------------------------
// Garment silhouettes, on an 800 × 1000 canvas, drawn as a right half mirrored about x = 400.

type Point = readonly [number, number];
type Segment = { to: Point; c?: readonly [Point, Point]; q?: Point };

const mirror = ([x, y]: Point): Point => [800 - x, y];
const pt = ([x, y]: Point) => `${round(x)} ${round(y)}`;

/** A closed path symmetric about x = 400, from a start on the axis through the right half back to the axis. */
function symmetric(start: Point, segments: readonly Segment[]): string {
  let d = `M${pt(start)}`;
  for (const seg of segments) {
    if (seg.c) d += `C${pt(seg.c[0])} ${pt(seg.c[1])} ${pt(seg.to)}`;
    else if (seg.q) d += `Q${pt(seg.q)} ${pt(seg.to)}`;
    else d += `L${pt(seg.to)}`;
  }
  for (let i = segments.length - 1; i >= 0; i--) {
    const seg = segments[i]!;
    const from = i === 0 ? start : segments[i - 1]!.to;
    if (seg.c) d += `C${pt(mirror(seg.c[1]))} ${pt(mirror(seg.c[0]))} ${pt(mirror(from))}`;
    else if (seg.q) d += `Q${pt(mirror(seg.q))} ${pt(mirror(from))}`;
    else d += `L${pt(mirror(from))}`;
  }
  return `${d}Z`;
}

/** Both halves of an open detail line (a seam drawn on the right, repeated on the left). */
function pair(d: string): string {
  return `<path d="${d}"/><path d="${d}" transform="matrix(-1 0 0 1 800 0)"/>`;
}

interface Tones {
  base: string;
  /** Seams and ribs. */
  line: string;
  /** Inside of the garment (back neck, hood lining). */
  inside: string;
  /** Slightly lighter panel (ribbing). */
  rib: string;
}

function tonesFor(base: string): Tones {
  const dark = isDark(base);
  return {
    base,
    line: dark ? tint(base, 0.2) : shade(base, 0.24),
    inside: dark ? tint(base, 0.06) : shade(base, 0.18),
    rib: dark ? tint(base, 0.05) : shade(base, 0.06),
  };
}

interface Shape {
  /** Drawn before the outline, with the same fill (hoods and handles behind the body). */
  behind?: string;
  outline: string;
  /** Seams, ribs, pockets; drawn over the fabric, inside the clip. */
  details: (t: Tones) => string;
  /** Pieces drawn over everything (strings, labels). */
  over?: (t: Tones) => string;
  /** Where a front graphic or back print goes. */
  print: { x: number; y: number; size: number };
  /** Lowest y of the garment, for the floor shadow. */
  bottom: number;
}

const seams = (t: Tones, body: string, width = 3, dashed = false) =>
  `<g fill="none" stroke="${t.line}" stroke-width="${width}" stroke-linecap="round"${dashed ? ' stroke-dasharray="7 6"' : ""}>${body}</g>`;

const ribs = (t: Tones, x1: number, x2: number, y1: number, y2: number, step = 9) => {
  let d = "";
  for (let x = x1 + step / 2; x < x2; x += step) d += `M${round(x)} ${y1}V${y2}`;
  return `<path d="${d}" stroke="${t.line}" stroke-width="1.5" opacity="0.55"/>`;
};

function teeShape(view: "front" | "back", oversized: boolean): Shape {
  const o = oversized;
  const neck: Point = view === "front" ? [400, o ? 226 : 228] : [400, o ? 200 : 204];
  const outline = symmetric(neck, [
    {
      to: o ? [474, 186] : [466, 192],
      c:
        view === "front"
          ? [o ? [436, 226] : [430, 228], o ? [464, 206] : [456, 212]]
          : [
              [430, neck[1]],
              [456, 198],
            ],
    },
    { to: o ? [596, 206] : [556, 212] },
    {
      to: o ? [690, 336] : [662, 306],
      c: o
        ? [
            [630, 222],
            [664, 272],
          ]
        : [
            [594, 224],
            [632, 262],
          ],
    },
    { to: o ? [724, 440] : [694, 370] },
    { to: o ? [626, 468] : [616, 406] },
    { to: o ? [612, 414] : [578, 358] },
    {
      to: o ? [618, 842] : [582, 800],
      c: o
        ? [
            [614, 540],
            [616, 700],
          ]
        : [
            [580, 480],
            [582, 640],
          ],
    },
    { to: [400, o ? 850 : 808], q: [o ? 510 : 490, o ? 850 : 808] },
  ]);
  const sleeveHem = o ? "M718 424L624 452" : "M688 356L612 391";
  // The inside of the back neck, seen through the front neckline.
  const backNeck =
    view === "front"
      ? o
        ? "M326 186C360 170 440 170 474 186C464 212 436 226 400 226C364 226 336 212 326 186Z"
        : "M334 192C362 178 438 178 466 192C456 216 430 228 400 228C370 228 344 216 334 192Z"
      : undefined;
  const neckRib =
    view === "front"
      ? o
        ? "M326 186C338 214 364 240 400 240C436 240 462 214 474 186"
        : "M334 192C346 216 370 240 400 240C430 240 454 216 466 192"
      : o
        ? "M326 186C350 204 450 204 474 186"
        : "M334 192C356 208 444 208 466 192";
  return {
    outline,
    details: (t) =>
      `${backNeck ? `<path d="${backNeck}" fill="${t.inside}"/>` : ""}<path d="${neckRib}" fill="none" stroke="${t.rib}" stroke-width="${o ? 18 : 14}"/>${seams(t, `<path d="${neckRib}"/>`, 2)}${seams(t, `${pair(sleeveHem)}<path d="M${o ? 184 : 220} ${o ? 822 : 784}Q400 ${o ? 832 : 792} ${o ? 616 : 580} ${o ? 822 : 784}"/>`, 2.5, true)}${seams(t, pair(o ? "M596 206C600 300 606 360 612 414" : "M556 212C566 270 572 320 578 358"), 2)}`,
    print:
      view === "front"
        ? { x: 400, y: o ? 430 : 410, size: o ? 230 : 190 }
        : { x: 400, y: o ? 470 : 450, size: o ? 300 : 270 },
    bottom: o ? 850 : 808,
  };
}

function sweatShape(view: "front" | "back", hooded: boolean): Shape {
  const h = hooded;
  const neckY = view === "front" ? (h ? 250 : 236) : h ? 236 : 212;
  const outline = symmetric(
    [400, neckY],
    [
      {
        to: h ? [462, 212] : [466, 200],
        c: [
          [432, neckY],
          [456, neckY - 14],
        ],
      },
      { to: h ? [574, 234] : [566, 222] },
      {
        to: h ? [672, 380] : [664, 370],
        c: h
          ? [
              [620, 250],
              [654, 306],
            ]
          : [
              [612, 238],
              [648, 296],
            ],
      },
      { to: h ? [716, 744] : [706, 738] },
      { to: h ? [720, 808] : [710, 800] },
      { to: h ? [654, 816] : [650, 808] },
      { to: h ? [648, 752] : [644, 746] },
      { to: h ? [604, 410] : [594, 400] },
      {
        to: h ? [606, 774] : [596, 760],
        c: h
          ? [
              [606, 520],
              [606, 680],
            ]
          : [
              [596, 510],
              [596, 680],
            ],
      },
      { to: h ? [608, 842] : [598, 826] },
      { to: [400, h ? 850 : 834], q: [500, h ? 850 : 834] },
    ],
  );
  const cuff = h ? "M716 744L648 752" : "M706 738L644 746";
  const hemY = h ? 780 : 766;
  const hoodFront =
    "M318 252C298 170 330 96 400 90C470 96 502 170 482 252C470 240 462 224 462 212C440 196 420 192 400 192C380 192 360 196 338 212C338 224 330 240 318 252Z";
  const hoodOpening =
    "M350 240C348 170 372 134 400 132C428 134 452 170 450 240C440 266 420 284 400 292C380 284 360 266 350 240Z";
  const hoodBack =
    "M314 246C296 170 330 94 400 88C470 94 504 170 486 246C476 330 436 376 400 384C364 376 324 330 314 246Z";
  const behind = h && view === "front" ? hoodFront : undefined;
  const details = (t: Tones) => {
    let out = "";
    // Ribbed hem and cuffs.
    out += `<path d="M${h ? 192 : 202} ${hemY}H${h ? 608 : 598}V${h ? 850 : 834}H${h ? 192 : 202}Z" fill="${t.rib}"/>${ribs(t, h ? 194 : 204, h ? 606 : 596, hemY, h ? 850 : 834)}`;
    out += seams(t, `<path d="M${h ? 192 : 202} ${hemY}Q400 ${hemY + 6} ${h ? 608 : 598} ${hemY}"/>${pair(cuff)}`, 3);
    out += seams(t, pair(h ? "M574 234C586 300 596 360 604 410" : "M566 222C578 290 588 350 594 400"), 2);
    if (!h) {
      const neckRib =
        view === "front"
          ? "M334 200C346 226 370 250 400 250C430 250 454 226 466 200"
          : "M334 200C356 218 444 218 466 200";
      if (view === "front")
        out += `<path d="M334 200C362 186 438 186 466 200C456 224 430 236 400 236C370 236 344 224 334 200Z" fill="${t.inside}"/>`;
      out += `<path d="${neckRib}" fill="none" stroke="${t.rib}" stroke-width="18"/>${seams(t, `<path d="${neckRib}"/>`, 2)}`;
      if (view === "front") out += seams(t, '<path d="M384 250L400 268L416 250"/>', 3);
    }
    if (h && view === "front") {
      out += `<path d="M300 600H500C520 640 540 700 546 ${hemY}H254C260 700 280 640 300 600Z" fill="${t.rib}" opacity="0.6"/>`;
      out += seams(t, `<path d="M300 600H500C520 640 540 700 546 ${hemY}M254 ${hemY}C260 700 280 640 300 600"/>`, 3);
      out += seams(t, '<path d="M306 612H494"/>', 2, true);
    }
    return out;
  };
  const over = (t: Tones) => {
    if (!h) return "";
    if (view === "front")
      return `<path d="${hoodOpening}" fill="${t.inside}"/><path d="${hoodOpening}" fill="none" stroke="${t.rib}" stroke-width="12"/>${seams(t, `<path d="${hoodOpening}"/><path d="M400 96V132"/>`, 2)}<g stroke="${t.line}" stroke-width="6" stroke-linecap="round" fill="none"><path d="M382 284C380 320 386 350 378 386"/><path d="M418 284C420 320 414 350 422 386"/></g><rect x="372" y="384" width="12" height="22" rx="3" fill="${t.line}"/><rect x="416" y="384" width="12" height="22" rx="3" fill="${t.line}"/>`;
    return `<path d="${hoodBack}" fill="${t.base}"/><path d="${hoodBack}" fill="${t.inside}" opacity="0.35"/>${seams(t, `<path d="${hoodBack}"/><path d="M400 90V382"/>`, 2.5)}`;
  };
  return {
    ...(behind ? { behind } : {}),
    outline,
    details,
    over,
    print:
      view === "front"
        ? h
          ? { x: 400, y: 500, size: 150 }
          : { x: 400, y: 430, size: 200 }
        : h
          ? { x: 400, y: 580, size: 230 }
          : { x: 400, y: 460, size: 270 },
    bottom: h ? 850 : 834,
  };
}

function bottomsShape(view: "front" | "back", shorts: boolean): Shape {
  const s = shorts;
  const outline = s
    ? symmetric(
        [400, 250],
        [
          { to: [572, 250] },
          { to: [576, 312] },
          {
            to: [628, 650],
            c: [
              [592, 420],
              [612, 540],
            ],
          },
          { to: [446, 676] },
          {
            to: [400, 452],
            c: [
              [440, 580],
              [426, 490],
            ],
          },
        ],
      )
    : symmetric(
        [400, 164],
        [
          { to: [562, 164] },
          { to: [566, 226] },
          {
            to: [574, 800],
            c: [
              [588, 380],
              [598, 560],
            ],
          },
          { to: [578, 872] },
          { to: [454, 872] },
          { to: [452, 800] },
          {
            to: [400, 330],
            c: [
              [446, 620],
              [432, 420],
            ],
          },
        ],
      );
  const top = s ? 250 : 164;
  const band = s ? 312 : 226;
  const details = (t: Tones) => {
    let out = `<path d="M${s ? 224 : 234} ${top}H${s ? 576 : 566}V${band}H${s ? 224 : 234}Z" fill="${t.rib}"/>${ribs(t, s ? 226 : 236, s ? 574 : 564, top, band, 8)}`;
    out += seams(t, `<path d="M${s ? 224 : 234} ${band}H${s ? 576 : 566}"/>`, 3);
    if (s) out += seams(t, pair("M618 626L452 652"), 2.5, true);
    else
      out += `${seams(t, pair("M452 800H574"), 3)}<g fill="${t.rib}" opacity="0.8">${pair("M454 804H576V870H456Z")}</g>`;
    if (view === "front") {
      out += seams(t, pair(s ? "M540 318C540 360 556 392 584 404" : "M532 232C532 290 552 330 586 344"), 3);
      out += seams(t, s ? '<path d="M400 312V420"/>' : '<path d="M400 226V300"/>', 2, true);
    } else {
      out += seams(
        t,
        `<path d="${s ? "M450 350H540L536 420Q495 432 454 420Z" : "M450 270H540L536 344Q495 356 454 344Z"}"/>`,
        3,
      );
      out += seams(t, s ? '<path d="M400 312V440"/>' : '<path d="M400 226V320"/>', 2);
    }
    return out;
  };
  const over = (t: Tones) =>
    view === "front"
      ? `<g stroke="${t.line}" stroke-width="5" stroke-linecap="round" fill="none"><path d="M392 ${top + 34}C388 ${top + 70} 396 ${top + 90} 384 ${top + 120}"/><path d="M408 ${top + 34}C412 ${top + 70} 404 ${top + 90} 416 ${top + 120}"/></g><circle cx="392" cy="${top + 32}" r="5" fill="${t.inside}" stroke="${t.line}" stroke-width="2"/><circle cx="408" cy="${top + 32}" r="5" fill="${t.inside}" stroke="${t.line}" stroke-width="2"/>`
      : "";
  return {
    outline,
    details,
    over,
    print:
      view === "front"
        ? s
          ? { x: 526, y: 560, size: 62 }
          : { x: 508, y: 330, size: 70 }
        : { x: 495, y: s ? 386 : 306, size: 70 },
    bottom: s ? 676 : 872,
  };
}

function capShape(view: "front" | "back"): Shape {
  if (view === "front") {
    // Three-quarter view, peak to the right: the silhouette everybody reads as "cap".
    const crown = "M190 596C184 420 292 330 420 328C552 330 626 424 616 572C548 600 300 612 190 596Z";
    const brim = "M548 566C620 540 712 548 760 592C732 628 628 636 552 612C536 602 540 580 548 566Z";
    return {
      outline: crown,
      details: (t) =>
        `${seams(t, '<path d="M420 330C360 380 330 480 334 604M420 330C480 380 520 470 530 590M420 330C462 360 560 420 612 500"/>', 3)}<circle cx="352" cy="430" r="5" fill="${t.inside}"/><circle cx="500" cy="420" r="5" fill="${t.inside}"/>${seams(t, '<path d="M196 574C300 590 520 580 612 552"/>', 2, true)}`,
      over: (t) =>
        `<path d="${brim}" fill="${t.base}"/><path d="${brim}" fill="${t.inside}" opacity="0.3"/>${seams(t, `<path d="${brim}"/>`, 2.5)}${seams(t, '<path d="M560 578C626 560 700 566 740 594M566 596C630 584 690 590 724 608"/>', 2, true)}<circle cx="420" cy="330" r="11" fill="${t.base}" stroke="${t.line}" stroke-width="3"/>`,
      print: { x: 430, y: 470, size: 130 },
      bottom: 630,
    };
  }
  const crown = "M212 570C204 404 292 318 400 316C508 318 596 404 588 570Z";
  return {
    outline: crown,
    details: (t) =>
      `${seams(t, '<path d="M400 318V500M400 318C330 360 292 450 290 566M400 318C470 360 508 450 510 566"/>', 3)}<path d="M344 572C344 500 456 500 456 572Z" fill="${t.inside}"/><rect x="330" y="520" width="140" height="18" rx="6" fill="${t.line}"/><rect x="388" y="514" width="24" height="30" rx="4" fill="none" stroke="${t.inside}" stroke-width="5"/>`,
    over: (t) => `<circle cx="400" cy="318" r="11" fill="${t.base}" stroke="${t.line}" stroke-width="3"/>`,
    print: { x: 400, y: 440, size: 90 },
    bottom: 572,
  };
}

function toteShape(view: "front" | "back"): Shape {
  const body = "M226 400H574L590 862H210Z";
  return {
    behind: "",
    outline: body,
    details: (t) =>
      `<path d="M224 400H576L577 436H223Z" fill="${t.rib}"/>${seams(t, '<path d="M224 436H576"/><path d="M214 840H586"/>', 2.5, true)}${view === "back" ? seams(t, '<path d="M300 520H500V660H300Z"/>', 3) : ""}`,
    over: (t) =>
      `<g fill="none" stroke="${t.base}" stroke-width="30" stroke-linecap="butt"><path d="M300 404C300 200 500 200 500 404"/></g><g fill="none" stroke="${t.line}" stroke-width="2" stroke-dasharray="7 6"><path d="M290 404C290 190 510 190 510 404M310 404C310 212 490 212 490 404"/></g><g fill="none" stroke="${t.line}" stroke-width="2.5"><rect x="284" y="400" width="32" height="40"/><rect x="484" y="400" width="32" height="40"/><path d="M284 400L316 440M316 400L284 440M484 400L516 440M516 400L484 440"/></g>`,
    print: view === "front" ? { x: 400, y: 640, size: 236 } : { x: 400, y: 590, size: 110 },
    bottom: 862,
  };
}

function socksShape(): Shape {
  const sock =
    "M-60 -300H60V120C60 150 78 166 110 176L220 206C272 220 282 290 232 312C200 326 160 320 120 310L-10 276C-50 266 -64 236 -64 196Z";
  const placed = (dx: number, dy: number, rotate: number) =>
    `<path transform="translate(${dx} ${dy}) rotate(${rotate})" d="${sock}"/>`;
  const a = placed(322, 450, -4);
  const b = placed(436, 500, 4);
  const strip = (t: Tones, dx: number, dy: number, rotate: number) =>
    `<g transform="translate(${dx} ${dy}) rotate(${rotate})"><rect x="-60" y="-300" width="120" height="80" fill="${t.rib}"/>${ribs(t, -60, 60, -300, -220, 8)}<path d="M-60 -190H60M-60 -172H60" stroke="${BRAND.lime}" stroke-width="9"/><path d="M-60 -181H60" stroke="${t.line}" stroke-width="6"/><path d="M-64 196C-64 236 -50 266 -10 276L6 236C-20 230 -38 214 -40 190Z" fill="${t.inside}"/><path d="M232 312C282 290 272 220 220 206L196 268C214 274 226 292 232 312Z" fill="${t.inside}"/>${seams(t, '<path d="M-60 -220H60"/>', 2.5)}</g>`;
  return {
    outline: `${a}${b}`,
    details: (t) => `${strip(t, 322, 450, -4)}${strip(t, 436, 500, 4)}`,
    print: { x: 440, y: 420, size: 84 },
    bottom: 830,
  };
}

function garmentShape(garment: Garment, view: "front" | "back"): Shape {
  switch (garment) {
    case "tee":
      return teeShape(view, false);
    case "oversized-tee":
      return teeShape(view, true);
    case "hoodie":
      return sweatShape(view, true);
    case "sweatshirt":
      return sweatShape(view, false);
    case "joggers":
      return bottomsShape(view, false);
    case "shorts":
      return bottomsShape(view, true);
    case "cap":
      return capShape(view);
    case "tote":
      return toteShape(view);
    case "socks":
      return socksShape();
  }
}

/** Whether the garment carries a large back print (tops do; caps, bottoms and bags get a small mark). */
export function hasBackPrint(garment: Garment): boolean {
  return garment === "tee" || garment === "oversized-tee" || garment === "hoodie" || garment === "sweatshirt";
}

/** Whether the garment has a distinct back worth photographing. */
export function hasBackView(garment: Garment): boolean {
  return garment !== "socks";
}

export interface GarmentArt {
  garment: Garment;
  /** Fabric colour (#rrggbb). */
  colour: string;
  view: View;
  /** The front graphic; without one the garment carries a small brand tab. */
  motif?: Motif;
  /** A large back print (character pieces); otherwise the back carries a small brand mark. */
  backPrint?: { motif: Motif; caption: string };
  brand?: string;
  uid?: string;
  /** Fabric grain; off for video frames, where noise costs bits and reads as flicker. */
  texture?: boolean;
}

const GRAIN = (uid: string) =>
  `<filter id="${uid}-grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.95" numOctaves="2" seed="11" stitchTiles="stitch"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -1.6 1.1"/></filter><filter id="${uid}-soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter><filter id="${uid}-blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>`;

/** The garment itself (no background), in canvas coordinates; reused by the category cards and the hero video. */
export function garmentFigure(art: GarmentArt & { uid: string }, face: "front" | "back"): Drawn {
  const { uid } = art;
  const brand = art.brand ?? "VAKI";
  const tones = tonesFor(art.colour);
  const shape = garmentShape(art.garment, face);
  const clip = `${uid}-clip`;
  let defs = `<clipPath id="${clip}">${art.garment === "socks" ? shape.outline : `<path d="${shape.outline}"/>`}</clipPath>`;
  defs += `<linearGradient id="${uid}-light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.16"/><stop offset="0.5" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.16"/></linearGradient>`;
  const fabric =
    art.garment === "socks"
      ? `<g fill="${tones.base}" stroke="${tones.line}" stroke-width="2">${shape.outline}</g>`
      : `<path d="${shape.outline}" fill="${tones.base}" stroke="${tones.line}" stroke-width="2"/>`;
  const behind = shape.behind
    ? `<path d="${shape.behind}" fill="${tones.base}" stroke="${tones.line}" stroke-width="2"/><path d="${shape.behind}" fill="${tones.inside}" opacity="0.4"/>`
    : "";
  const colours = motifColours(art.colour, art.motif?.accent ?? BRAND.lime);
  let print = "";
  if (face === "front") {
    const motif = art.motif ?? { kind: "tab" as const };
    const at = art.motif ? shape.print : smallMark(art.garment, shape);
    const placed = placeMotif(motif, colours, at, `${uid}-m`, brand);
    defs += placed.defs;
    print = placed.body;
  } else if (art.backPrint && hasBackPrint(art.garment)) {
    const bp = art.backPrint;
    const at = shape.print;
    const backColours = motifColours(art.colour, bp.motif.accent ?? BRAND.lime);
    const placed = placeMotif(
      bp.motif,
      backColours,
      { x: at.x, y: at.y - at.size * 0.12, size: at.size * 0.72 },
      `${uid}-b`,
      brand,
    );
    defs += placed.defs;
    const textSize = Math.min(
      at.size * 0.16,
      (at.size * 0.95 * (at.size * 0.16)) / letteringWidth(bp.caption, at.size * 0.16),
    );
    print = `${placed.body}${lettering(bp.caption, { x: at.x, y: at.y + at.size * 0.3, size: textSize, color: backColours.ink, anchor: "middle" })}`;
  } else {
    const at = shape.print;
    const y = art.garment === "tee" || art.garment === "oversized-tee" || art.garment === "sweatshirt" ? 268 : at.y;
    print = lettering(brand, { x: at.x, y: y - 12, size: 24, color: colours.ink, anchor: "middle", weight: 1.5 });
  }
  const folds =
    art.garment === "socks" || art.garment === "cap"
      ? ""
      : `<g filter="url(#${uid}-blur)" stroke="#000000" stroke-opacity="0.06" stroke-width="16" fill="none"><path d="M300 ${shape.bottom - 120}C330 ${shape.bottom - 220} 300 ${shape.bottom - 300} 330 ${shape.bottom - 380}"/><path d="M520 ${shape.bottom - 80}C490 ${shape.bottom - 200} 520 ${shape.bottom - 280} 490 ${shape.bottom - 360}"/></g>`;
  const body = `${behind}${fabric}<g clip-path="url(#${clip})">${shape.details(tones)}${folds}${print}<rect width="800" height="1000" fill="url(#${uid}-light)"/>${art.texture === false ? "" : `<rect width="800" height="1000" filter="url(#${uid}-grain)" opacity="0.12"/>`}</g>${shape.over ? shape.over(tones) : ""}`;
  const zoom = zoomTransform(art.garment, face);
  const placed = zoom ? `<g transform="${zoom}">${body}</g>` : body;
  return { defs: GRAIN(uid) + defs, body: placed };
}

/** Small pieces are drawn larger (and the cap's off-centre peak recentred) so they fill the frame like garments do. */
interface Zoom {
  from: { x: number; y: number };
  to: { x: number; y: number };
  scale: number;
}

function figureZoom(garment: Garment, face: "front" | "back"): Zoom | undefined {
  if (garment === "cap")
    return face === "front"
      ? { from: { x: 475, y: 480 }, to: { x: 400, y: 490 }, scale: 1.22 }
      : { from: { x: 400, y: 450 }, to: { x: 400, y: 480 }, scale: 1.35 };
  if (garment === "shorts") return { from: { x: 400, y: 470 }, to: { x: 400, y: 470 }, scale: 1.2 };
  return undefined;
}

function zoomTransform(garment: Garment, face: "front" | "back"): string {
  const zoom = figureZoom(garment, face);
  return zoom
    ? ` translate(${zoom.to.x} ${zoom.to.y}) scale(${zoom.scale}) translate(${-zoom.from.x} ${-zoom.from.y})`
    : "";
}

/** Where a point of the garment's drawing ends up after the zoom. */
function zoomed(garment: Garment, face: "front" | "back", x: number, y: number): { x: number; y: number } {
  const zoom = figureZoom(garment, face);
  return zoom
    ? { x: zoom.to.x + (x - zoom.from.x) * zoom.scale, y: zoom.to.y + (y - zoom.from.y) * zoom.scale }
    : { x, y };
}

/** Small woven-tab placement for garments without a graphic. */
function smallMark(garment: Garment, shape: Shape): { x: number; y: number; size: number } {
  switch (garment) {
    case "tee":
      return { x: 470, y: 330, size: 56 };
    case "oversized-tee":
      return { x: 480, y: 340, size: 60 };
    case "sweatshirt":
      return { x: 400, y: 330, size: 70 };
    case "hoodie":
      return { x: 400, y: 470, size: 80 };
    default:
      return { ...shape.print, size: Math.min(shape.print.size, 90) };
  }
}

const svgOpen = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">`;

/** A product photograph, drawn: one garment in one colourway from one angle. */
export function garmentSvg(art: GarmentArt): string {
  const uid = art.uid ?? "g";
  const face: "front" | "back" = art.view === "back" ? "back" : "front";
  const figure = garmentFigure({ ...art, uid }, face);
  const shape = garmentShape(art.garment, face);
  const studio = `<radialGradient id="${uid}-bg" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#FBF9F4"/><stop offset="1" stop-color="#E9E4D8"/></radialGradient>`;
  const floor = zoomed(art.garment, face, 400, shape.bottom).y;
  const shadow = `<ellipse cx="400" cy="${round(floor + 26)}" rx="250" ry="20" fill="#000000" opacity="0.16" filter="url(#${uid}-soft)"/>`;
  let scene: string;
  if (art.view === "detail") {
    const mark = art.motif ? shape.print : smallMark(art.garment, shape);
    const focus = zoomed(art.garment, face, mark.x, mark.y);
    const zoom = art.garment === "socks" || art.garment === "cap" ? 2.2 : 2.6;
    scene = `<rect width="800" height="1000" fill="url(#${uid}-bg)"/><g transform="translate(400 470) scale(${zoom}) translate(${round(-focus.x)} ${round(-focus.y)})">${figure.body}</g><rect x="40" y="900" width="170" height="50" rx="4" fill="${BRAND.night}"/>${lettering("CLOSE-UP", { x: 125, y: 914, size: 22, color: BRAND.lime, anchor: "middle", tracking: 0.6 })}`;
  } else if (art.view === "flat") {
    // Tissue paper in the brand lime, unless the garment is lime itself.
    const tissue = distance(art.colour, BRAND.lime) < 120 ? BRAND.night : BRAND.lime;
    const dropShadow =
      art.garment === "socks"
        ? ""
        : `<path d="${shape.outline}" fill="#000000" opacity="0.25" filter="url(#${uid}-soft)" transform="translate(10 18)${zoomTransform(art.garment, face)}"/>`;
    const tag = `<path d="M560 150C600 190 600 230 612 262" fill="none" stroke="${BRAND.night}" stroke-width="2"/><g transform="rotate(12 612 300)"><rect x="580" y="262" width="64" height="108" rx="6" fill="${BRAND.night}"/><circle cx="612" cy="278" r="5" fill="#E7E1D4"/>${lettering(art.brand ?? "VAKI", { x: 612, y: 300, size: 18, color: BRAND.lime, anchor: "middle", weight: 1.5 })}<path d="M592 334H632M592 346H622" stroke="${BRAND.paper}" stroke-width="3" opacity="0.6"/></g>`;
    scene = `<rect width="800" height="1000" fill="#E7E1D4"/><rect width="800" height="1000" filter="url(#${uid}-grain)" opacity="0.18"/><rect x="120" y="150" width="580" height="720" fill="${tissue}" transform="rotate(6 410 510)"/><rect x="120" y="150" width="580" height="720" fill="#FFFFFF" opacity="0.14" transform="rotate(6 410 510)"/><g transform="translate(400 500) rotate(-7) scale(0.84) translate(-400 -500)">${dropShadow}${figure.body}</g>${tag}`;
  } else {
    scene = `<rect width="800" height="1000" fill="url(#${uid}-bg)"/>${shadow}${figure.body}`;
  }
  return `${svgOpen(800, 1000)}<defs>${studio}${figure.defs}</defs>${scene}</svg>`;
}

// ---------------------------------------------------------------------------
// The night sky of the Vakiverse: moon above, earth below, wires and glowing orbs between.

interface SkyOptions {
  uid: string;
  width: number;
  height: number;
  /** Colour washed into the sky and the earth's rim. */
  accent: string;
  seed: string;
  moon?: { x: number; y: number; r: number };
  earthY?: number;
  /** Draw the sky's own wires and orbs (off when the caller hangs its own). */
  wires?: boolean;
}

function nightSky(o: SkyOptions): Drawn {
  const random = createRandom(o.seed);
  const stars: string[] = [];
  for (let i = 0; i < Math.round((o.width * o.height) / 9000); i++) {
    const x = round(random() * o.width);
    const y = round(random() * o.height * 0.75);
    const r = round(0.6 + random() * 1.8);
    stars.push(
      random() < 0.08
        ? star4(x, y, r * 4, "#FFFFFF")
        : `<circle cx="${x}" cy="${y}" r="${r}" fill="#FFFFFF" opacity="${round(0.35 + random() * 0.6, 2)}"/>`,
    );
  }
  const moon = o.moon ?? { x: o.width * 0.78, y: o.height * 0.16, r: o.width * 0.1 };
  const craters = Array.from({ length: 6 }, () => {
    const angle = random() * Math.PI * 2;
    const dist = random() * moon.r * 0.6;
    return `<circle cx="${round(moon.x + Math.cos(angle) * dist)}" cy="${round(moon.y + Math.sin(angle) * dist)}" r="${round(moon.r * (0.08 + random() * 0.14))}" fill="#B9B3C9" opacity="0.45"/>`;
  }).join("");
  const earthY = o.earthY ?? o.height * 0.86;
  const earthR = o.width * 1.4;
  const wires: string[] = [];
  const orbs: string[] = [];
  for (let i = 0; i < (o.wires === false ? 0 : 3); i++) {
    const y1 = o.height * (0.32 + i * 0.09) + random() * 30;
    const y2 = o.height * (0.28 + i * 0.1) + random() * 30;
    const sag = 60 + random() * 90;
    const midY = (y1 + y2) / 2 + sag;
    wires.push(`M-20 ${round(y1)}Q${round(o.width / 2)} ${round(midY + sag)} ${o.width + 20} ${round(y2)}`);
    for (let k = 0; k < 2; k++) {
      const t = 0.2 + random() * 0.6;
      const x = -20 + (o.width + 40) * t;
      const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * (midY + sag) + t ** 2 * y2;
      const r = 5 + random() * 9;
      const colour = random() < 0.6 ? BRAND.lime : o.accent;
      const halo = colour === BRAND.lime ? `${o.uid}-halo` : `${o.uid}-halo2`;
      orbs.push(
        `<path d="M${round(x)} ${round(y)}V${round(y + r * 1.6)}" stroke="#3A3A44" stroke-width="2"/><circle cx="${round(x)}" cy="${round(y + r * 2.6)}" r="${round(r * 3)}" fill="url(#${halo})" opacity="0.9"/><circle cx="${round(x)}" cy="${round(y + r * 2.6)}" r="${round(r)}" fill="${colour}"/>`,
      );
    }
  }
  const defs = `<linearGradient id="${o.uid}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#07070B"/><stop offset="0.55" stop-color="${mix("#15152E", o.accent, 0.12)}"/><stop offset="1" stop-color="${mix("#1C1C3A", o.accent, 0.3)}"/></linearGradient><radialGradient id="${o.uid}-moonglow"><stop offset="0.45" stop-color="#F4F1EA" stop-opacity="0.35"/><stop offset="1" stop-color="#F4F1EA" stop-opacity="0"/></radialGradient><radialGradient id="${o.uid}-halo"><stop offset="0" stop-color="${BRAND.lime}" stop-opacity="0.7"/><stop offset="1" stop-color="${BRAND.lime}" stop-opacity="0"/></radialGradient><radialGradient id="${o.uid}-halo2"><stop offset="0" stop-color="${o.accent}" stop-opacity="0.7"/><stop offset="1" stop-color="${o.accent}" stop-opacity="0"/></radialGradient><radialGradient id="${o.uid}-earth" cx="0.5" cy="0" r="0.6"><stop offset="0" stop-color="${mix("#1B2A3A", o.accent, 0.2)}"/><stop offset="1" stop-color="#0B0D12"/></radialGradient><filter id="${o.uid}-rim" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="10"/></filter>`;
  const body = `<rect width="${o.width}" height="${o.height}" fill="url(#${o.uid}-sky)"/>${stars.join("")}<circle cx="${round(moon.x)}" cy="${round(moon.y)}" r="${round(moon.r * 2.2)}" fill="url(#${o.uid}-moonglow)"/><circle cx="${round(moon.x)}" cy="${round(moon.y)}" r="${round(moon.r)}" fill="#EEEAF6"/>${craters}<path d="${wires.join("")}" fill="none" stroke="#3E3E4C" stroke-width="3"/>${orbs.join("")}<circle cx="${round(o.width / 2)}" cy="${round(earthY + earthR)}" r="${round(earthR)}" fill="none" stroke="${o.accent}" stroke-width="18" opacity="0.55" filter="url(#${o.uid}-rim)"/><circle cx="${round(o.width / 2)}" cy="${round(earthY + earthR)}" r="${round(earthR)}" fill="url(#${o.uid}-earth)" stroke="${tint(o.accent, 0.3)}" stroke-width="2.5"/>`;
  return { defs, body };
}

// ---------------------------------------------------------------------------
// Character portraits: an object-headed figure in streetwear, the emblem as the head.

export type Eyes = "dots" | "happy" | "sleepy" | "visor" | "wink" | "wide";

export interface Face {
  x: number;
  y: number;
  size: number;
  eyes: Eyes;
  /** Distance from the centre to each eye, when the emblem dictates it (spectacles). */
  spread?: number;
  /** Face colour, for emblems too dark for the default ink. */
  ink?: string;
}

export interface PortraitSpec {
  slug: string;
  name: string;
  number: number;
  accent: string;
  emblem: MotifKind;
  /** Where the face sits on the emblem (emblem box units, −100…100) and how large. */
  face: Face;
  /** The outfit colour of the bust. */
  outfit: string;
  hood: boolean;
  brand?: string;
}

function faceSvg(face: Face): string {
  const ink = face.ink ?? BRAND.night;
  const k = face.size / 40;
  const eye = face.spread ?? 14 * k;
  const white = BRAND.paper;
  let eyes: string;
  switch (face.eyes) {
    case "dots":
      eyes = `<ellipse cx="${-eye}" cy="0" rx="${5 * k}" ry="${7 * k}" fill="${ink}"/><ellipse cx="${eye}" cy="0" rx="${5 * k}" ry="${7 * k}" fill="${ink}"/><circle cx="${-eye + 1.6 * k}" cy="${-2.5 * k}" r="${1.8 * k}" fill="${white}"/><circle cx="${eye + 1.6 * k}" cy="${-2.5 * k}" r="${1.8 * k}" fill="${white}"/>`;
      break;
    case "happy":
      eyes = `<path d="M${-eye - 7 * k} ${3 * k}Q${-eye} ${-8 * k} ${-eye + 7 * k} ${3 * k}M${eye - 7 * k} ${3 * k}Q${eye} ${-8 * k} ${eye + 7 * k} ${3 * k}" fill="none" stroke="${ink}" stroke-width="${3.6 * k}" stroke-linecap="round"/>`;
      break;
    case "sleepy":
      eyes = `<path d="M${-eye - 7 * k} 0Q${-eye} ${7 * k} ${-eye + 7 * k} 0M${eye - 7 * k} 0Q${eye} ${7 * k} ${eye + 7 * k} 0" fill="none" stroke="${ink}" stroke-width="${3.6 * k}" stroke-linecap="round"/><path d="M${-eye - 8 * k} ${-3 * k}H${-eye + 8 * k}M${eye - 8 * k} ${-3 * k}H${eye + 8 * k}" stroke="${ink}" stroke-width="${2 * k}" opacity="0.5"/>`;
      break;
    case "visor":
      eyes = `<rect x="${-eye - 12 * k}" y="${-7 * k}" width="${2 * eye + 24 * k}" height="${14 * k}" rx="${7 * k}" fill="${ink}"/><rect x="${-eye - 6 * k}" y="${-2 * k}" width="${10 * k}" height="${4 * k}" rx="${2 * k}" fill="${BRAND.lime}"/><rect x="${eye - 4 * k}" y="${-2 * k}" width="${10 * k}" height="${4 * k}" rx="${2 * k}" fill="${BRAND.lime}"/>`;
      break;
    case "wink":
      eyes = `<ellipse cx="${-eye}" cy="0" rx="${5 * k}" ry="${7 * k}" fill="${ink}"/><circle cx="${-eye + 1.6 * k}" cy="${-2.5 * k}" r="${1.8 * k}" fill="${white}"/><path d="M${eye - 7 * k} ${1 * k}Q${eye} ${-6 * k} ${eye + 7 * k} ${1 * k}" fill="none" stroke="${ink}" stroke-width="${3.6 * k}" stroke-linecap="round"/>`;
      break;
    case "wide":
      eyes = `<circle cx="${-eye}" cy="0" r="${8 * k}" fill="${white}" stroke="${ink}" stroke-width="${2.4 * k}"/><circle cx="${eye}" cy="0" r="${8 * k}" fill="${white}" stroke="${ink}" stroke-width="${2.4 * k}"/><circle cx="${-eye + 2 * k}" cy="${1 * k}" r="${3.6 * k}" fill="${ink}"/><circle cx="${eye + 2 * k}" cy="${1 * k}" r="${3.6 * k}" fill="${ink}"/>`;
      break;
  }
  const mouth =
    face.eyes === "wide"
      ? `<ellipse cx="0" cy="${16 * k}" rx="${4 * k}" ry="${5 * k}" fill="${ink}"/>`
      : `<path d="M${-7 * k} ${13 * k}Q0 ${20 * k} ${7 * k} ${13 * k}" fill="none" stroke="${ink}" stroke-width="${3 * k}" stroke-linecap="round"/>`;
  const cheeks = `<circle cx="${-eye - 6 * k}" cy="${10 * k}" r="${4 * k}" fill="#FF6F91" opacity="0.45"/><circle cx="${eye + 6 * k}" cy="${10 * k}" r="${4 * k}" fill="#FF6F91" opacity="0.45"/>`;
  return `<g transform="translate(${face.x} ${face.y})">${cheeks}${eyes}${mouth}</g>`;
}

export function characterPortraitSvg(spec: PortraitSpec): string {
  const uid = `p-${spec.slug}`;
  const sky = nightSky({
    uid,
    width: 800,
    height: 1000,
    accent: spec.accent,
    seed: spec.slug,
    moon: { x: 660, y: 130 + (spec.number % 3) * 40, r: 66 },
    earthY: 880,
  });
  const outfit = tonesFor(spec.outfit);
  const ink = BRAND.night;
  const head = motifDrawing(
    { kind: spec.emblem },
    { ink, accent: spec.accent, ground: spec.outfit },
    `${uid}-h`,
    spec.brand ?? "VAKI",
  );
  const chest = motifDrawing(
    { kind: spec.emblem },
    motifColours(spec.outfit, spec.accent),
    `${uid}-c`,
    spec.brand ?? "VAKI",
  );
  const shoulders = "M130 1000C136 880 214 790 320 770C350 764 450 764 480 770C586 790 664 880 670 1000Z";
  const hood = "M252 800C236 640 300 560 400 556C500 560 564 640 548 800Z";
  const defs = `${sky.defs}${head.defs}${chest.defs}<radialGradient id="${uid}-aura"><stop offset="0" stop-color="${spec.accent}" stop-opacity="0.55"/><stop offset="0.6" stop-color="${spec.accent}" stop-opacity="0.12"/><stop offset="1" stop-color="${spec.accent}" stop-opacity="0"/></radialGradient><linearGradient id="${uid}-rimlight" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${spec.accent}" stop-opacity="0.5"/><stop offset="0.25" stop-color="${spec.accent}" stop-opacity="0"/><stop offset="0.75" stop-color="${spec.accent}" stop-opacity="0"/><stop offset="1" stop-color="${spec.accent}" stop-opacity="0.5"/></linearGradient>`;
  const number = `NO. ${String(spec.number).padStart(2, "0")}`;
  const body = `${sky.body}<circle cx="400" cy="520" r="330" fill="url(#${uid}-aura)"/>${spec.hood ? `<path d="${hood}" fill="${outfit.inside}" stroke="${outfit.line}" stroke-width="3"/>` : ""}<path d="${shoulders}" fill="${spec.outfit}" stroke="${outfit.line}" stroke-width="3"/><path d="${shoulders}" fill="url(#${uid}-rimlight)"/>${spec.hood ? `<path d="M318 790C330 740 470 740 482 790" fill="none" stroke="${outfit.line}" stroke-width="10"/><path d="M380 800V900M420 800V900" stroke="${outfit.line}" stroke-width="6" stroke-linecap="round"/>` : `<path d="M330 772C350 810 450 810 470 772" fill="none" stroke="${outfit.line}" stroke-width="12"/>`}<g transform="translate(${spec.hood ? 520 : 400} 900) scale(0.36)">${chest.body}</g><g transform="translate(400 540) scale(1.7)">${head.body}${faceSvg(spec.face)}</g>${lettering(spec.name, { x: 56, y: 60, size: 64, color: spec.accent })}${lettering(number, { x: 58, y: 140, size: 22, color: BRAND.paper, tracking: 0.8 })}${lettering("VAKIVERSE", { x: 742, y: 946, size: 18, color: BRAND.paper, anchor: "end", tracking: 1 })}`;
  return `${svgOpen(800, 1000)}<defs>${defs}</defs>${body}</svg>`;
}

// ---------------------------------------------------------------------------
// Category cards.

export interface CategoryArt {
  title: string;
  kind: "garment" | "collection" | "vakiverse";
  garments?: readonly Garment[];
  colours?: readonly string[];
  /** Card background. */
  ground: string;
  brand?: string;
  /** For the Vakiverse card: emblems hung on the wires. */
  emblems?: ReadonlyArray<{ kind: MotifKind; accent: string }>;
}

export function categorySvg(art: CategoryArt): string {
  const uid = `c-${art.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const brand = art.brand ?? "VAKI";
  const ink = isDark(art.ground) ? BRAND.paper : BRAND.night;
  const titleSize = Math.min(110, (700 * 110) / letteringWidth(art.title, 110));
  const title = lettering(art.title, { x: 400, y: 860, size: titleSize, color: ink, anchor: "middle" });
  if (art.kind === "vakiverse") {
    const sky = nightSky({
      uid,
      width: 800,
      height: 1000,
      accent: "#8A4DFF",
      seed: "vakiverse",
      moon: { x: 400, y: 170, r: 90 },
      wires: false,
      earthY: 820,
    });
    // Seven characters hung from two sagging wires, four on the upper one and three below.
    const wires = [
      { y: 300, sag: 90, xs: [120, 310, 500, 690] },
      { y: 520, sag: 90, xs: [215, 405, 595] },
    ];
    const emblems = art.emblems ?? [];
    let defs = "";
    let hung = "";
    let index = 0;
    for (const wire of wires) {
      hung += `<path d="M-20 ${wire.y}Q400 ${wire.y + wire.sag * 2} 820 ${wire.y}" fill="none" stroke="#4A4A58" stroke-width="3"/>`;
      for (const x of wire.xs) {
        const emblem = emblems[index % Math.max(1, emblems.length)];
        index++;
        if (!emblem) continue;
        const t = (x + 20) / 840;
        const wireY = wire.y + 2 * (1 - t) * t * wire.sag * 2;
        const y = wireY + 40 + 52;
        const drawn = motifDrawing(
          { kind: emblem.kind },
          { ink: BRAND.night, accent: emblem.accent, ground: BRAND.night },
          `${uid}-e${index}`,
          brand,
        );
        defs += drawn.defs;
        hung += `<path d="M${x} ${round(wireY)}V${round(y - 40)}" stroke="#4A4A58" stroke-width="2"/><g transform="translate(${x} ${round(y)}) scale(0.5)">${drawn.body}</g>`;
      }
    }
    return `${svgOpen(800, 1000)}<defs>${sky.defs}${defs}</defs>${sky.body}${hung}${lettering(art.title, { x: 400, y: 880, size: titleSize, color: BRAND.lime, anchor: "middle" })}</svg>`;
  }
  const garments = art.garments ?? ["tee"];
  const colours = art.colours ?? [BRAND.night];
  const layouts =
    garments.length === 1
      ? [{ x: 0, y: -40, s: 0.86, r: 0 }]
      : [
          { x: -150, y: -40, s: 0.6, r: -8 },
          { x: 150, y: -20, s: 0.6, r: 8 },
          { x: 0, y: -60, s: 0.7, r: 0 },
        ];
  let defs = `<filter id="${uid}-shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="12"/></filter>`;
  let body = `<rect width="800" height="1000" fill="${art.ground}"/><path d="M640 90A90 90 0 1 0 730 180A70 70 0 0 1 640 90Z" fill="${isDark(art.ground) ? BRAND.lime : BRAND.night}"/>`;
  garments.forEach((garment, i) => {
    const layout = layouts[i % layouts.length]!;
    const figure = garmentFigure(
      { garment, colour: colours[i % colours.length]!, view: "front", uid: `${uid}-${i}`, brand },
      "front",
    );
    defs += figure.defs;
    body += `<g transform="translate(${400 + layout.x} ${500 + layout.y}) rotate(${layout.r}) scale(${layout.s}) translate(-400 -500)"><ellipse cx="400" cy="880" rx="240" ry="22" fill="#000000" opacity="0.25" filter="url(#${uid}-shadow)"/>${figure.body}</g>`;
  });
  body += `<rect x="0" y="830" width="800" height="170" fill="${art.ground}" opacity="0.92"/>${title}`;
  body += lettering(brand, { x: 56, y: 56, size: 30, color: ink, weight: 1.5 });
  return `${svgOpen(800, 1000)}<defs>${defs}</defs>${body}</svg>`;
}
