/**
 * Turns the catalogue data into rows to insert and artwork files to write, without touching the
 * database or the disk, so the same plan serves SQLite, PostgreSQL and the tests.
 */
import {
  BRAND,
  type CategoryArt,
  categorySvg,
  characterPortraitSvg,
  type Garment,
  garmentSvg,
  hasBackPrint,
  hasBackView,
  type Motif,
  type View,
} from "./art.js";
import {
  CHARACTERS,
  type CharacterSeed,
  COLOURS,
  CORE_PRODUCTS,
  type ColourKey,
  DELIVERY_INFO_HTML,
  DESIGN_ADJECTIVES,
  DESIGN_NOUNS,
  FREE_SIZE,
  GARMENTS,
  GENERATED_MOTIFS,
  type ProductSeed,
  SIZES,
  SUBCATEGORIES,
  TOP_CATEGORIES,
} from "./catalogue-data.js";
import { createRandom, hashString, pick, randomInt } from "./random.js";

export interface PlannedCategory {
  slug: string;
  name: string;
  parentSlug: string | null;
  description: string;
  tagline: string | null;
  accentColor: string | null;
  imageUrl: string;
  displayOrder: number;
  excludedImagePositions: readonly number[];
  /** A Vakiverse character (its products name it). */
  isCharacter: boolean;
}

export interface PlannedVariant {
  sku: string;
  /** Paise. */
  price: number;
  stock: number;
  size: string;
  color: string;
  theme: string | null;
  story: string | null;
}

export interface PlannedImage {
  url: string;
  alt: string;
  /** The colour the picture shows (a variant's colour name). */
  color: string;
}

export interface PlannedProduct {
  slug: string;
  name: string;
  /** Paise. */
  price: number;
  descriptionHtml: string;
  /** JSON array of { name, value }. */
  specifications: string;
  deliveryInfoHtml: string;
  isFeatured: boolean;
  popularity: number;
  createdAt: string;
  categorySlugs: readonly string[];
  variants: readonly PlannedVariant[];
  images: readonly PlannedImage[];
}

export interface CataloguePlan {
  /** Clothing, Accessories, Vakiverse: inserted first, in order, so they get ids 1, 2, 3. */
  topCategories: readonly PlannedCategory[];
  childCategories: readonly PlannedCategory[];
  products: readonly PlannedProduct[];
  /** Artwork to write, by path relative to the media folder. */
  files: ReadonlyMap<string, () => string>;
}

export interface PlanOptions {
  /** Exact number of products; undefined means the hand-written catalogue. */
  scale?: number;
  now: Date;
  brand: string;
}

const MEDIA_PREFIX = "/media/";
const DAY_MS = 86_400_000;
/** Garments whose XXL uses more fabric and costs Rs. 100 more. */
const XXL_SURCHARGE_PAISE = 100_00;

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const VIEW_LABEL: Record<View, string> = {
  front: "front view",
  back: "back view",
  detail: "close-up of the print",
  flat: "flat lay",
};

/** Collects the artwork files a plan refers to, one file per distinct picture. */
class Artwork {
  readonly files = new Map<string, () => string>();
  constructor(private readonly brand: string) {}

  private add(path: string, draw: () => string): string {
    if (!this.files.has(path)) this.files.set(path, draw);
    return MEDIA_PREFIX + path;
  }

  /** A garment photograph; shared by every product showing the same garment, colour, graphic and view. */
  garment(
    garment: Garment,
    colour: ColourKey,
    view: View,
    motif?: Motif,
    backPrint?: { motif: Motif; caption: string },
  ): string {
    const graphic = motif ? motifKey(motif) : "tab";
    const name =
      view === "back"
        ? backPrint
          ? `${garment}-${colour}-${motifKey(backPrint.motif)}-${slugify(backPrint.caption)}-back`
          : `${garment}-${colour}-back`
        : `${garment}-${colour}-${graphic}-${view}`;
    return this.add(`products/${name}.svg`, () =>
      garmentSvg({
        garment,
        colour: COLOURS[colour].hex,
        view,
        ...(motif ? { motif } : {}),
        ...(backPrint ? { backPrint } : {}),
        brand: this.brand,
      }),
    );
  }

  portrait(character: CharacterSeed, number: number): string {
    return this.add(`characters/${character.slug}.svg`, () =>
      characterPortraitSvg({
        slug: character.slug,
        name: character.name,
        number,
        accent: character.accent,
        emblem: character.emblem,
        face: character.face,
        outfit: character.outfit,
        hood: character.hood,
        brand: this.brand,
      }),
    );
  }

  category(slug: string, art: CategoryArt): string {
    return this.add(`categories/${slug}.svg`, () => categorySvg({ ...art, brand: this.brand }));
  }
}

function motifKey(motif: Motif): string {
  return motif.text ? `${motif.kind}-${slugify(motif.text)}` : motif.kind;
}

// ---------------------------------------------------------------------------

const CATEGORY_ART: Record<string, Omit<CategoryArt, "title">> = {
  clothing: {
    kind: "collection",
    garments: ["tee", "joggers", "hoodie"],
    colours: [COLOURS["off-white"].hex, COLOURS["bottle-green"].hex, COLOURS["midnight-black"].hex],
    ground: BRAND.paper,
  },
  accessories: {
    kind: "collection",
    garments: ["cap", "socks", "tote"],
    colours: [COLOURS["acid-lime"].hex, COLOURS["off-white"].hex, COLOURS["natural-canvas"].hex],
    ground: BRAND.night,
  },
  tees: { kind: "garment", garments: ["tee"], colours: [COLOURS["midnight-black"].hex], ground: BRAND.lime },
  "oversized-tees": {
    kind: "garment",
    garments: ["oversized-tee"],
    colours: [COLOURS["off-white"].hex],
    ground: BRAND.night,
  },
  hoodies: { kind: "garment", garments: ["hoodie"], colours: [COLOURS["bottle-green"].hex], ground: BRAND.paper },
  sweatshirts: {
    kind: "garment",
    garments: ["sweatshirt"],
    colours: [COLOURS["heather-grey"].hex],
    ground: BRAND.lime,
  },
  joggers: { kind: "garment", garments: ["joggers"], colours: [COLOURS["heather-grey"].hex], ground: BRAND.night },
  shorts: { kind: "garment", garments: ["shorts"], colours: [COLOURS["midnight-black"].hex], ground: BRAND.paper },
  caps: { kind: "garment", garments: ["cap"], colours: [COLOURS["acid-lime"].hex], ground: BRAND.night },
  "tote-bags": { kind: "garment", garments: ["tote"], colours: [COLOURS["midnight-black"].hex], ground: BRAND.lime },
  socks: { kind: "garment", garments: ["socks"], colours: [COLOURS["midnight-black"].hex], ground: BRAND.paper },
};

function planCategories(artwork: Artwork): { top: PlannedCategory[]; children: PlannedCategory[] } {
  const top = TOP_CATEGORIES.map<PlannedCategory>((category, index) => ({
    slug: category.slug,
    name: category.name,
    parentSlug: null,
    description: category.description,
    tagline: null,
    accentColor: null,
    imageUrl:
      category.slug === "vakiverse"
        ? artwork.category(category.slug, {
            title: category.name.toUpperCase(),
            kind: "vakiverse",
            ground: BRAND.night,
            emblems: CHARACTERS.map((c) => ({ kind: c.emblem, accent: c.accent })),
          })
        : artwork.category(category.slug, { title: category.name.toUpperCase(), ...CATEGORY_ART[category.slug]! }),
    displayOrder: index,
    excludedImagePositions: category.excludedImagePositions ?? [],
    isCharacter: false,
  }));
  const order = new Map<string, number>();
  const nextOrder = (parent: string) => {
    const value = order.get(parent) ?? 0;
    order.set(parent, value + 1);
    return value;
  };
  const children: PlannedCategory[] = SUBCATEGORIES.map((category) => ({
    slug: category.slug,
    name: category.name,
    parentSlug: category.parent,
    description: category.description,
    tagline: null,
    accentColor: null,
    imageUrl: artwork.category(category.slug, { title: category.name.toUpperCase(), ...CATEGORY_ART[category.slug]! }),
    displayOrder: nextOrder(category.parent),
    excludedImagePositions: [],
    isCharacter: false,
  }));
  CHARACTERS.forEach((character, index) => {
    children.push({
      slug: character.slug,
      name: character.name,
      parentSlug: "vakiverse",
      description: character.story,
      tagline: character.tagline,
      accentColor: character.accent,
      imageUrl: artwork.portrait(character, index + 1),
      displayOrder: nextOrder("vakiverse"),
      excludedImagePositions: [],
      isCharacter: true,
    });
  });
  return { top, children };
}

// ---------------------------------------------------------------------------

interface ProductDraft {
  seed: ProductSeed;
  character?: CharacterSeed;
  /** Descriptions of generated products are assembled here rather than from a blurb. */
  soldOut?: readonly ColourKey[];
}

function variantsFor(draft: ProductDraft, basePrice: number): PlannedVariant[] {
  const { seed, character } = draft;
  const info = GARMENTS[seed.garment];
  const random = createRandom(`stock:${seed.slug}`);
  const sizes: readonly string[] = info.sized ? SIZES : [FREE_SIZE];
  const variants: PlannedVariant[] = [];
  for (const colourKey of seed.colours) {
    const colour = COLOURS[colourKey];
    const soldOut = draft.soldOut?.includes(colourKey) ?? false;
    for (const size of sizes) {
      // Mostly healthy stock, a few nearly gone, a few sold out: what a real shop looks like.
      const roll = random();
      const stock = soldOut || roll < 0.05 ? 0 : roll < 0.15 ? randomInt(random, 1, 4) : randomInt(random, 5, 40);
      variants.push({
        sku: `VK-${info.code}-${seed.code}-${colour.code}-${size === FREE_SIZE ? "FS" : size}`,
        price: basePrice + (info.sized && size === "XXL" ? XXL_SURCHARGE_PAISE : 0),
        stock,
        size,
        color: colour.name,
        theme: character?.name ?? null,
        // The story is the character's (categories.description), not repeated on every variant.
        story: null,
      });
    }
  }
  return variants;
}

/**
 * The first colour's front, back and close-up, then a front of each other colour, then a flat lay
 * of the second colour: every colour a shopper can pick has a picture, tagged with its colour.
 */
function imagesFor(draft: ProductDraft, artwork: Artwork): PlannedImage[] {
  const { seed, character } = draft;
  const [first, ...others] = seed.colours as [ColourKey, ...ColourKey[]];
  const second = others[0] ?? first;
  const motif = seed.motif;
  const backPrint = character && motif && hasBackPrint(seed.garment) ? { motif, caption: character.name } : undefined;
  const shots: Array<[View, ColourKey]> = [["front", first]];
  if (hasBackView(seed.garment)) shots.push(["back", first]);
  shots.push(["detail", first]);
  for (const colour of others) shots.push(["front", colour]);
  shots.push(["flat", second]);
  return shots.map(([view, colour]) => ({
    url: artwork.garment(seed.garment, colour, view, motif, view === "back" ? backPrint : undefined),
    alt: `${seed.name} in ${COLOURS[colour].name}, ${VIEW_LABEL[view]}`,
    color: COLOURS[colour].name,
  }));
}

function descriptionFor(draft: ProductDraft, brand: string): string {
  const { seed, character } = draft;
  const info = GARMENTS[seed.garment];
  const withBrand = (text: string) => escapeHtml(text.replaceAll("{brand}", brand));
  const parts = [`<p>${withBrand(seed.blurb)}</p>`];
  if (character) parts.push(`<p><strong>${escapeHtml(character.name)}:</strong> ${escapeHtml(character.tagline)}</p>`);
  parts.push(`<ul>${seed.highlights.map((line) => `<li>${withBrand(line)}</li>`).join("")}</ul>`);
  parts.push(`<p><strong>Fit:</strong> ${escapeHtml(info.fitNote)}</p>`);
  return parts.join("");
}

function specificationsFor(draft: ProductDraft): string {
  const { seed, character } = draft;
  const info = GARMENTS[seed.garment];
  const print = seed.print ?? (seed.motif ? info.print : "Woven brand tab");
  const specs = [...info.specifications];
  // Print sits after Fit, where shoppers look for it.
  const fitIndex = specs.findIndex((spec) => spec.name === "Fit");
  specs.splice(fitIndex + 1, 0, { name: "Print", value: print });
  if (character) specs.push({ name: "Character", value: character.name });
  return JSON.stringify(specs);
}

function productFrom(draft: ProductDraft, artwork: Artwork, now: Date, brand: string): PlannedProduct {
  const { seed, character } = draft;
  const price = seed.price * 100;
  const hoursEarlier = hashString(seed.slug) % 20;
  const createdAt = new Date(now.getTime() - seed.ageDays * DAY_MS - hoursEarlier * 3_600_000).toISOString();
  const categories = [GARMENTS[seed.garment].category];
  if (character) categories.unshift(character.slug);
  return {
    slug: seed.slug,
    name: seed.name,
    price,
    descriptionHtml: descriptionFor(draft, brand),
    specifications: specificationsFor(draft),
    deliveryInfoHtml: DELIVERY_INFO_HTML,
    isFeatured: seed.featured ?? false,
    popularity: seed.popularity,
    createdAt,
    categorySlugs: categories,
    variants: variantsFor(draft, price),
    images: imagesFor(draft, artwork),
  };
}

/** The hand-written products: every character's pieces first (signatures lead), then the core line. */
function handWrittenDrafts(): ProductDraft[] {
  const signatures: ProductDraft[] = [];
  const extras: ProductDraft[] = [];
  for (const character of CHARACTERS) {
    character.products.forEach((product, index) => {
      const draft = { seed: { ...product, motif: { kind: character.emblem, accent: character.accent } }, character };
      (index === 0 ? signatures : extras).push(draft);
    });
  }
  const core = CORE_PRODUCTS.map<ProductDraft>((seed) =>
    seed.slug === "low-orbit-oversized-tee" ? { seed, soldOut: ["dusk-lilac"] } : { seed },
  );
  return [...signatures, ...extras, ...core];
}

// ---------------------------------------------------------------------------
// Generated products for load tests.

const GARMENT_ROTATION: readonly Garment[] = [
  "tee",
  "oversized-tee",
  "hoodie",
  "sweatshirt",
  "joggers",
  "shorts",
  "cap",
  "tote",
  "socks",
];

const GARMENT_LINES: Record<Garment, string> = {
  tee: "a bio-washed cotton tee with a print that breathes with the fabric.",
  "oversized-tee": "a 240 GSM boxy heavyweight with dropped shoulders.",
  hoodie: "a brushed-fleece hoodie with a double-lined hood and a deep kangaroo pocket.",
  sweatshirt: "a loopback French terry crewneck that softens with every wash.",
  joggers: "tapered French terry joggers with a drawcord waist.",
  shorts: "terry shorts with a 7-inch inseam and deep pockets.",
  cap: "a six-panel cotton twill cap with an adjustable strap.",
  tote: "a 12 oz canvas tote with box-stitched handles.",
  socks: "cushioned crew socks in a Free Size that fits UK 6–10.",
};

function generatedDraft(index: number, usedSlugs: Set<string>): ProductDraft {
  const random = createRandom(`generated:${index}`);
  const k = Math.floor(index / GARMENT_ROTATION.length);
  const adjective = DESIGN_ADJECTIVES[k % DESIGN_ADJECTIVES.length]!;
  const noun = DESIGN_NOUNS[Math.floor(k / DESIGN_ADJECTIVES.length) % DESIGN_NOUNS.length]!;
  const volume = Math.floor(k / (DESIGN_ADJECTIVES.length * DESIGN_NOUNS.length)) + 1;
  // Every seventh product is a character drop, reusing that character's garment and colours
  // so the drop shares its signature piece's artwork.
  const character = index % 7 === 3 ? CHARACTERS[Math.floor(index / 7) % CHARACTERS.length] : undefined;
  const signature = character?.products[0];
  const garment = signature?.garment ?? GARMENT_ROTATION[index % GARMENT_ROTATION.length]!;
  const info = GARMENTS[garment];
  const baseName = character ? `${character.name} ${noun} ${info.label}` : `${adjective} ${noun} ${info.label}`;
  const name = volume > 1 ? `${baseName} Vol. ${volume}` : baseName;
  let slug = slugify(name);
  if (usedSlugs.has(slug)) slug = `${slug}-${index + 1}`;
  usedSlugs.add(slug);

  let colours: ColourKey[];
  if (signature) colours = [...signature.colours];
  else {
    const palette = [...info.palette].sort((a, b) => hashString(`${index}:${a}`) - hashString(`${index}:${b}`));
    colours = palette.slice(0, randomInt(random, 1, 3));
  }
  const kind = character ? character.emblem : pick(random, GENERATED_MOTIFS);
  const motif: Motif | undefined = kind ? { kind, ...(character ? { accent: character.accent } : {}) } : undefined;
  const [min, max] = info.priceRange;
  const step = max - min >= 500 ? 100 : 50;
  const price = min + step * randomInt(random, 0, Math.floor((max - min) / step));
  const spec = (label: string) => info.specifications.find((s) => s.name === label)?.value;
  const highlights = [spec("Fabric"), spec("Fit"), motif ? info.print : "Woven brand tab"].filter(
    (line): line is string => line !== undefined,
  );
  return {
    seed: {
      name,
      slug,
      code: `G${String(index + 1).padStart(6, "0")}`,
      garment,
      price,
      colours,
      ...(motif ? { motif } : {}),
      blurb: `Part of the ${character ? character.name : adjective} ${noun} drop: ${GARMENT_LINES[garment]}`,
      highlights,
      popularity: Math.floor(random() ** 2 * 6000),
      ageDays: randomInt(random, 0, 540),
    },
    ...(character ? { character } : {}),
  };
}

// ---------------------------------------------------------------------------

export function planCatalogue(options: PlanOptions): CataloguePlan {
  const { productChunks, ...plan } = planCatalogueInChunks(options, 1_000);
  return { ...plan, products: [...productChunks].flat() };
}

/**
 * The same plan with its products made a chunk at a time, for the seed: a 100,000-product plan
 * held at once weighs ~600 MB (decision 0024). `files` is complete once every chunk has been taken.
 */
export function planCatalogueInChunks(
  options: PlanOptions,
  chunkSize: number,
): Omit<CataloguePlan, "products"> & { productChunks: Iterable<PlannedProduct[]> } {
  const artwork = new Artwork(options.brand);
  const { top, children } = planCategories(artwork);
  function* productChunks(): Generator<PlannedProduct[]> {
    let chunk: PlannedProduct[] = [];
    for (const draft of draftsOf(options.scale)) {
      chunk.push(productFrom(draft, artwork, options.now, options.brand));
      if (chunk.length >= chunkSize) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }
  return { topCategories: top, childCategories: children, productChunks: productChunks(), files: artwork.files };
}

/** The hand-written drafts, then (with a scale) generated ones up to exactly that many. */
function* draftsOf(scale: number | undefined): Generator<ProductDraft> {
  const handWritten = handWrittenDrafts();
  if (scale === undefined) {
    yield* handWritten;
    return;
  }
  const target = Math.max(0, Math.floor(scale));
  const kept = handWritten.slice(0, target);
  yield* kept;
  const usedSlugs = new Set(kept.map((draft) => draft.seed.slug));
  for (let i = 0, count = kept.length; count < target; i++, count++) yield generatedDraft(i, usedSlugs);
}
