import "../../features/vakiverse/vakiverse.css";
import "../../features/vakiverse/vakiverse-orbs.css";
import "../../features/vakiverse/vakiverse-card.css";
import "../../features/vakiverse/vakiverse-cast.css";
import { CharacterGrid } from "../../features/vakiverse/components/character-grid";
import { MoreCharacters } from "../../features/vakiverse/components/more-characters";
import { Starfield } from "../../features/vakiverse/components/starfield";
import { VakiverseSky } from "../../features/vakiverse/components/vakiverse-sky";
import { MAX_ORBS } from "../../features/vakiverse/sky-geometry";
import { loadErrorDetail, useVakiverseCharacters } from "../../features/vakiverse/vakiverse-api";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";

const DESCRIPTION =
  "Moon above, earth below, and a sky full of glowing wires in between. Meet the Vakiverse characters and wear their stories.";

/** The themed landing page (R-STORE-2): the characters of category 3 on the wires. */
export function VakiversePage() {
  usePageTitle("The Vakiverse · Moon above, earth below", DESCRIPTION);
  const { characters, status, error, refetch, isFetching } = useVakiverseCharacters();
  const onWires = characters.slice(0, MAX_ORBS);
  const extra = characters.slice(MAX_ORBS);
  // Touch screens have no hover: their shoppers are told to tap.
  const canHover = useMediaQuery("(hover: hover)");

  return (
    <div className="vk">
      <section className="vk-sky" aria-labelledby="vk-title">
        <Starfield className="vk-sky__stars" />
        <div className="vk-intro">
          <p className="vk-intro__eyebrow">Moon above · Earth below</p>
          <h1 className="vk-intro__title" id="vk-title">
            Enter the <span>Vakiverse</span>
          </h1>
          <p className="vk-intro__text">
            Somewhere between your terrace and the moon, a bunch of troublemakers live on the wires.{" "}
            {canHover ? "Hover an orb to meet one. Click it to wear their story." : "Tap an orb to wear their story."}
          </p>
        </div>
        <VakiverseSky
          characters={onWires}
          status={status}
          errorDetail={status === "error" ? loadErrorDetail(error) : null}
          retrying={isFetching}
          onRetry={() => {
            void refetch();
          }}
        />
        {extra.length > 0 ? <MoreCharacters extra={extra} /> : null}
      </section>
      {characters.length > 0 ? <CharacterGrid characters={characters} /> : null}
    </div>
  );
}
