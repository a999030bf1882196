import type { CategoryNode } from "@vaki/contract/catalog";
import { photoSizes, photoSourcesOfUrl } from "@vaki/contract/photos";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { prefersReducedMotion } from "../../../lib/use-media-query";
import "./category-card.css";

/**
 * A unified carousel item (R-STORE-3): a category without children, or one
 * subcategory, tagged with which it is.
 */
export interface CategoryCardItem {
  kind: "category" | "subcategory";
  category: CategoryNode;
  /** The parent's name, for a subcategory. */
  parentName: string | null;
}

/** R-STORE-3: every childless category, and every subcategory, in the categories' order. */
export function unifiedCategoryItems(categories: readonly CategoryNode[]): CategoryCardItem[] {
  return categories.flatMap((category): CategoryCardItem[] =>
    category.children.length === 0
      ? [{ kind: "category", category, parentName: null }]
      : category.children.map((child) => ({ kind: "subcategory", category: child, parentName: category.name })),
  );
}

/** The images a card slides through, by displayOrder. */
export function cardImages(category: CategoryNode): CategoryNode["productImages"] {
  return [...category.productImages].filter((image) => image.imageUrl).sort((a, b) => a.displayOrder - b.displayOrder);
}

/**
 * Where a card leads (R-STORE-2): a category card to its product list; a subcategory card (or a
 * grid card) to the product of its first image (by displayOrder) that has one, else to its list.
 */
export function categoryCardTarget(item: Pick<CategoryCardItem, "kind" | "category">): string {
  const list = paths.productListByCategory(item.category.id);
  if (item.kind === "category") return list;
  const first = cardImages(item.category).find((image) => image.productId > 0);
  return first ? paths.product(first.productId) : list;
}

/** R-STORE-9: each image shows 1500 ms while the card is hovered or touched. */
export const CARD_SLIDE_MS = 1500;
/** R-STORE-9: after a touch ends, the card goes back to its default image 3 s later. */
export const TOUCH_CLEAR_MS = 3000;

function isIOS(): boolean {
  if (typeof navigator === "undefined") return false;
  return (
    /iP(hone|ad|od)/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1)
  );
}

/**
 * Hover or touch shows the card's product images instead of its default one (R-STORE-4): one every
 * 1500 ms, looping; on iOS and under reduced motion only the first, with no autoplay. A touch
 * release clears the state 3 s later.
 */
export function useCardSlider(count: number) {
  const [active, setActive] = useState(false);
  const [index, setIndex] = useState(0);
  const clearTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!active) {
      setIndex(0);
      return;
    }
    if (count < 2 || isIOS() || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), CARD_SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [active, count]);

  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const start = () => {
    window.clearTimeout(clearTimer.current);
    setActive(true);
  };
  const stop = () => {
    window.clearTimeout(clearTimer.current);
    setActive(false);
  };
  const release = () => {
    window.clearTimeout(clearTimer.current);
    clearTimer.current = window.setTimeout(() => setActive(false), TOUCH_CLEAR_MS);
  };

  return {
    active: active && count > 0,
    index: count > 0 ? index % count : 0,
    handlers: {
      onMouseEnter: start,
      onMouseLeave: stop,
      onFocus: start,
      onBlur: stop,
      onTouchStart: start,
      onTouchEnd: release,
      onTouchCancel: release,
    },
  };
}

/** The generated art is 800 × 1000 (4:5): explicit dimensions, so cards never shift. */
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 1000;

/**
 * An image that hides itself when it fails to load (R-STORE-8: a broken image is hidden). Key it by
 * src. An uploaded picture (the owner's, from the admin) comes with its renditions: AVIF, WebP, then JPEG.
 */
function CardImage({ src, className, lazy }: { src: string; className: string; lazy: boolean }) {
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  const photo = photoSourcesOfUrl(src);
  const image = (
    <img
      className={className}
      src={src}
      srcSet={photo?.jpeg}
      sizes={photo ? photoSizes.categoryCard : undefined}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      alt=""
      loading={lazy ? "lazy" : "eager"}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
  if (!photo) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avif} sizes={photoSizes.categoryCard} />
      <source type="image/webp" srcSet={photo.webp} sizes={photoSizes.categoryCard} />
      {image}
    </picture>
  );
}

interface CategoryCardProps {
  item: CategoryCardItem;
  /** Below the fold (the default): images load lazily. */
  lazy?: boolean;
  size?: "large" | "compact";
  /** False while the card is far from view in a carousel: the card keeps its size, without its picture yet. */
  picture?: boolean;
}

function countLabel(count: number): string {
  return count === 1 ? "1 piece" : `${count} pieces`;
}

/** A category or subcategory card: its picture (sliding through product images on hover), name and count. */
export function CategoryCard({ item, lazy = true, size = "large", picture = true }: CategoryCardProps) {
  const { category } = item;
  const images = cardImages(category);
  const slider = useCardSlider(images.length);
  const defaultImage = category.imageUrl ?? images[0]?.imageUrl ?? null;
  const slide = slider.active ? images[slider.index] : undefined;
  const style = category.accentColor ? ({ "--card-accent": category.accentColor } as CSSProperties) : undefined;

  return (
    <Link
      to={categoryCardTarget(item)}
      className={`category-card category-card--${size}${slider.active ? " category-card--active" : ""}`}
      style={style}
      data-kind={item.kind}
      {...slider.handlers}
    >
      <span className="category-card__media">
        {picture && defaultImage ? (
          <CardImage key={defaultImage} className="category-card__image" src={defaultImage} lazy={lazy} />
        ) : null}
        {slide ? (
          <CardImage
            key={`${slide.imageUrl}-${slider.index}`}
            className="category-card__image category-card__image--slide"
            src={slide.imageUrl}
            lazy={false}
          />
        ) : null}
        {item.kind === "category" ? <span className="category-card__badge">Full range</span> : null}
      </span>
      <span className="category-card__text">
        {item.parentName ? <span className="category-card__parent">{item.parentName}</span> : null}
        <span className="category-card__name">{category.name}</span>
        {category.tagline ? <span className="category-card__tagline">{category.tagline}</span> : null}
        {category.productCount > 0 ? (
          <span className="category-card__count">{countLabel(category.productCount)}</span>
        ) : null}
      </span>
    </Link>
  );
}
