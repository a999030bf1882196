import { ArrowUpRight } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { Picture } from "../../../components/picture";
import { paths } from "../../../lib/paths";
import type { Character } from "../character";

/** The whole cast under the sky: a card per character linking to their drops (for phones and search engines). */
export function CharacterGrid({ characters }: { characters: readonly Character[] }) {
  return (
    <section className="vk-cast" aria-labelledby="vk-cast-title">
      <div className="vk-cast__head">
        <p className="vk-cast__eyebrow">The cast</p>
        <h2 className="vk-cast__title" id="vk-cast-title">
          {characters.length} characters. One sky.
        </h2>
        <p className="vk-cast__intro">Pick a favourite. Or three. Every one of them comes with a fit.</p>
      </div>
      <ul className="vk-cast__grid">
        {characters.map((character) => (
          <li
            key={character.id}
            className="vk-cast-card"
            style={{ "--character-color": character.color } as CSSProperties}
          >
            <div className="vk-cast-card__art">
              {character.imageUrl ? (
                <Picture src={character.imageUrl} alt="" width={800} height={1000} loading="lazy" decoding="async" />
              ) : null}
            </div>
            <div className="vk-cast-card__body">
              <h3 className="vk-cast-card__name">
                <Link className="vk-cast-card__link" to={paths.productListByCategory(character.id, character.name)}>
                  {character.name}
                </Link>
              </h3>
              {character.tagline ? <p className="vk-cast-card__tagline">{character.tagline}</p> : null}
              <span className="vk-cast-card__shop" aria-hidden="true">
                Shop the fit <ArrowUpRight />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
