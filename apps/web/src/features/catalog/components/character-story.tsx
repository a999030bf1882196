import type { ProductCharacter } from "@vaki/contract/catalog";
import { ArrowRight } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import "./character-story.css";

const INK_LUMINANCE = 0.0046;

function luminance(hex: string): number | null {
  const match = hex.match(/^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Large text needs 3:1 on the ink ground (WCAG AA); a darker signature colour only tints the card. */
export function readableOnInk(hex: string): boolean {
  const value = luminance(hex);
  return value !== null && (value + 0.05) / (INK_LUMINANCE + 0.05) >= 3;
}

/**
 * A character product's story (R-STORE-3: the character's name as a heading above the story),
 * in the character's signature colour.
 */
export function CharacterStory({ character }: { character: ProductCharacter }) {
  const style = character.accentColor ? ({ "--character-accent": character.accentColor } as CSSProperties) : undefined;
  return (
    <section
      className={`character-story${character.accentColor && readableOnInk(character.accentColor) ? " character-story--tinted-name" : ""}`}
      style={style}
      aria-labelledby="character-story-name"
    >
      <p className="character-story__eyebrow">From the Vakiverse</p>
      <h2 id="character-story-name" className="character-story__name">
        {character.name}
      </h2>
      {character.tagline ? <p className="character-story__tagline">{character.tagline}</p> : null}
      <p className="character-story__text">{character.story}</p>
      <Link to={paths.productListByCategory(character.id, character.name)} className="character-story__link">
        More from {character.name}
        <ArrowRight aria-hidden="true" />
      </Link>
    </section>
  );
}
