/**
 * Geometry of the landing page's sky (R-STORE-3 "Orbs", R-STORE-9): a moon at the top, the
 * curve of the earth at the bottom, one wire per character hanging between them and one orb per
 * character on its own wire.
 *
 * How we read "each wire carries its own orbs" with "one orb per character on its wire": the
 * orb count n (at most 12) picks the set of fractions (presets for 1–5, evenly 0.1–0.9 beyond)
 * and the wire thickness, exactly as R-STORE-9 gives them. Character i gets the i-th fraction (the
 * first character sits nearest the moon), and the wires take those fractions in a
 * golden-ratio stride so that orbs at neighbouring heights hang far apart sideways: no two orbs
 * touch, and the sky reads as a scatter of lights rather than a staircase.
 */

/** R-STORE-9 — at most 12 orbs on the landing page. */
export const MAX_ORBS = 12;

/** R-STORE-9 — fixed spacing for 1 to 5 orbs. */
const PRESET_FRACTIONS: Readonly<Record<number, readonly number[]>> = {
  1: [0.5],
  2: [0.35, 0.65],
  3: [0.25, 0.5, 0.75],
  4: [0.2, 0.4, 0.6, 0.8],
  5: [0.15, 0.325, 0.5, 0.675, 0.85],
};

function orbCount(count: number): number {
  return Math.max(0, Math.min(MAX_ORBS, Math.floor(count)));
}

/** Where along its wire (0 = moon, 1 = earth) each orb sits, nearest the moon first. */
export function orbFractions(count: number): number[] {
  const n = orbCount(count);
  if (n === 0) return [];
  const preset = PRESET_FRACTIONS[n];
  if (preset) return [...preset];
  // More than 5: spread evenly from 0.1 to 0.9.
  return Array.from({ length: n }, (_, i) => round(0.1 + (0.8 * i) / (n - 1)));
}

/** R-STORE-9 — wires are 8, 6, 4 or 3 px thick for up to 2, 4, 6 orbs or more. */
export function wireThickness(count: number): number {
  const n = orbCount(count);
  if (n <= 2) return 8;
  if (n <= 4) return 6;
  if (n <= 6) return 4;
  return 3;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Which wire (0 = leftmost) carries the orb at each fraction: a stride of about n / φ² that is
 * coprime with n, so every wire gets exactly one orb and neighbouring heights land far apart.
 */
export function wireOrder(count: number): number[] {
  const n = orbCount(count);
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  let stride = Math.max(1, Math.round(n * 0.382));
  while (gcd(stride, n) !== 1) stride += 1;
  const start = Math.floor((n - 1) / 2);
  return Array.from({ length: n }, (_, i) => (start + i * stride) % n);
}

export interface Point {
  x: number;
  y: number;
}

export interface Circle extends Point {
  r: number;
}

export interface SkyWire {
  /** Quadratic Bézier from the moon to the earth, in stage pixels. */
  from: Point;
  control: Point;
  to: Point;
  /** SVG path data of the wire. */
  d: string;
}

export interface SkyOrb extends Point {
  /** Index of the character (display order). */
  index: number;
  wire: number;
  fraction: number;
  /** Which side of the orb its name label goes. */
  labelSide: LabelSide;
}

export interface SkyLayout {
  width: number;
  height: number;
  moon: Circle;
  /** The earth's circle; only its top cap is inside the stage. */
  earth: Circle;
  wires: SkyWire[];
  orbs: SkyOrb[];
  thickness: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** The point at parameter t of a quadratic Bézier. */
export function pointOnWire(wire: Pick<SkyWire, "from" | "control" | "to">, t: number): Point {
  const u = 1 - t;
  return {
    x: round(u * u * wire.from.x + 2 * u * t * wire.control.x + t * t * wire.to.x),
    y: round(u * u * wire.from.y + 2 * u * t * wire.control.y + t * t * wire.to.y),
  };
}

/** Moon size and place: top centre, bigger on wide screens. */
export function moonFor(width: number, height: number): Circle {
  const r = clamp(Math.min(width * 0.075, height * 0.085), 40, 84);
  return { x: round(width / 2), y: round(r + clamp(height * 0.05, 20, 48)), r: round(r) };
}

/** The earth: a planet far wider than the screen on phones, whose top cap rises into the stage. */
export function earthFor(width: number, height: number): Circle {
  const cap = clamp(height * 0.2, 120, 200);
  const r = Math.max(width * 0.78, 460);
  return { x: round(width / 2), y: round(height - cap + r), r: round(r) };
}

export type LabelSide = "left" | "right" | "below" | "above";

export interface LabelOptions {
  /** Width of each character's name label in px, in display order. */
  widths: readonly number[];
  /** Diameter of an orb in px. */
  orbSize: number;
}

/** Gap between an orb's rim and its label, and the label's height (CSS: .vk-orb__label). */
const LABEL_GAP = 8;
const LABEL_HEIGHT = 26;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

function labelBox(orb: Point, side: LabelSide, width: number, orbSize: number): Box {
  const offset = orbSize / 2 + LABEL_GAP;
  if (side === "left" || side === "right") {
    const left = side === "right" ? orb.x + offset : orb.x - offset - width;
    return { left, top: orb.y - LABEL_HEIGHT / 2, right: left + width, bottom: orb.y + LABEL_HEIGHT / 2 };
  }
  const top = side === "below" ? orb.y + offset : orb.y - offset - LABEL_HEIGHT;
  return { left: orb.x - width / 2, top, right: orb.x + width / 2, bottom: top + LABEL_HEIGHT };
}

/**
 * Which side of its orb each name label goes: beside it, away from the middle, when there is
 * room; else the other side, below or above, whichever covers the fewest labels, orbs and edges.
 */
export function labelSides(orbs: readonly Point[], stageWidth: number, { widths, orbSize }: LabelOptions): LabelSide[] {
  const orbBoxes = orbs.map((orb) => ({
    left: orb.x - orbSize / 2,
    top: orb.y - orbSize / 2,
    right: orb.x + orbSize / 2,
    bottom: orb.y + orbSize / 2,
  }));
  const placed: Box[] = [];
  return orbs.map((orb, index) => {
    const width = widths[index] ?? 80;
    const preferred: LabelSide = orb.x < stageWidth / 2 ? "left" : "right";
    const candidates: LabelSide[] = [preferred, preferred === "left" ? "right" : "left", "below", "above"];
    let best: { side: LabelSide; cost: number; box: Box } = {
      side: preferred,
      cost: Number.POSITIVE_INFINITY,
      box: labelBox(orb, preferred, width, orbSize),
    };
    for (const side of candidates) {
      const box = labelBox(orb, side, width, orbSize);
      let cost = 0;
      for (const taken of placed) cost += overlapArea(box, taken) * 2;
      orbBoxes.forEach((orbBox, other) => {
        if (other !== index) cost += overlapArea(box, orbBox);
      });
      cost += Math.max(0, -box.left) * LABEL_HEIGHT + Math.max(0, box.right - stageWidth) * LABEL_HEIGHT;
      // Beside the orb reads best: the vertical places only win by covering clearly less.
      if (side === "below" || side === "above") cost += 40;
      if (cost < best.cost) best = { side, cost, box };
    }
    placed.push(best.box);
    return best.side;
  });
}

/**
 * The whole sky for a stage of width × height and `count` characters (at most 12 get an orb).
 * Wires leave the moon's lower rim fanned out, land on the earth's curve spread across the
 * stage, and sag a little like real overhead wires.
 */
export function layoutSky(width: number, height: number, count: number, labels?: LabelOptions): SkyLayout {
  const n = orbCount(count);
  const moon = moonFor(width, height);
  const earth = earthFor(width, height);
  const margin = clamp(width * 0.09, 28, 150);
  const wires: SkyWire[] = [];
  for (let i = 0; i < n; i++) {
    const share = n === 1 ? 0.5 : i / (n - 1);
    const angle = ((lerp(150, 30, share) * Math.PI) / 180) as number;
    const from = { x: round(moon.x + moon.r * Math.cos(angle)), y: round(moon.y + moon.r * Math.sin(angle)) };
    const toX = lerp(margin, width - margin, share);
    const dx = toX - earth.x;
    const to = { x: round(toX), y: round(earth.y - Math.sqrt(Math.max(0, earth.r * earth.r - dx * dx))) };
    const span = Math.abs(to.x - from.x);
    const control = {
      x: round(lerp(from.x, to.x, 0.5)),
      y: round(lerp(from.y, to.y, 0.5) + span * 0.22),
    };
    const d = `M${from.x} ${from.y}Q${control.x} ${control.y} ${to.x} ${to.y}`;
    wires.push({ from, control, to, d });
  }
  const fractions = orbFractions(n);
  const order = wireOrder(n);
  const points = fractions.map((fraction, index) => pointOnWire(wires[order[index] ?? index]!, fraction));
  const sides = labels
    ? labelSides(points, width, labels)
    : points.map((point): LabelSide => (point.x < width / 2 ? "left" : "right"));
  const orbs = fractions.map((fraction, index) => {
    const point = points[index]!;
    return {
      ...point,
      index,
      wire: order[index] ?? index,
      fraction,
      labelSide: sides[index] ?? "right",
    } satisfies SkyOrb;
  });
  return { width, height, moon, earth, wires, orbs, thickness: wireThickness(n) };
}
