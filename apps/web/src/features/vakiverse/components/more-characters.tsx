import { ArrowRight } from "lucide-react";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { type Character, VAKIVERSE_CATEGORY_ID } from "../character";
import { vakiverseMessages } from "../messages";
import { MAX_CIRCLE_ORBS } from "../orb-circle-layout";
import { OrbCircle } from "./orb-circle";

/** A square box around the default radius, so the circle fills the column beside the copy. */
const COMPACT = { size: 560, radius: 200 } as const;

/**
 * More than 12 characters (R-STORE-2): the message and the "View All Characters"
 * button to the category list named Characters, with the ones left off the wires orbiting it.
 */
export function MoreCharacters({ extra }: { extra: readonly Character[] }) {
  const navigate = useNavigate();
  const orbiting = extra.slice(0, MAX_CIRCLE_ORBS).map((character) => ({
    id: character.id,
    label: character.name,
    to: paths.productListByCategory(character.id, character.name),
    color: character.color,
    imageUrl: character.imageUrl,
  }));
  return (
    <section className="vk-more" aria-labelledby="vk-more-title">
      <OrbCircle
        className="vk-more__circle"
        items={orbiting}
        label="More characters"
        width={COMPACT.size}
        height={COMPACT.size}
        centerX={COMPACT.size / 2}
        centerY={COMPACT.size / 2}
        radius={COMPACT.radius}
        startAngle={45}
      >
        <span className="vk-more__count" aria-hidden="true">
          +{extra.length}
        </span>
      </OrbCircle>
      <div className="vk-more__copy">
        <p className="vk-more__title" id="vk-more-title">
          {vakiverseMessages.moreAvailable}
        </p>
        <p className="vk-more__text">
          The wires only hold twelve at a time. The rest are out on the terraces, causing trouble.
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            navigate(paths.categoryProducts(VAKIVERSE_CATEGORY_ID, vakiverseMessages.allCharactersListName))
          }
        >
          {vakiverseMessages.viewAll}
          <ArrowRight aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
