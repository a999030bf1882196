import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { HeroVideo } from "./hero-video";

/** The home page's hero (R-STORE-2): the promo video behind the drop's headline. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__content">
          <p className="hero__eyebrow">Drop 01 · Live now</p>
          <h1 className="hero__title" id="hero-title">
            Fresh off <span className="hero__title-accent">the wire</span>
          </h1>
          <p className="hero__text">Oversized tees, hoodies and caps, worn first by the characters of the Vakiverse.</p>
          <div className="hero__actions">
            <Link to={paths.allProducts} className="button button--primary">
              Shop All
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link to={paths.vakiverse} className="button hero__secondary">
              <Sparkles aria-hidden="true" />
              Enter the Vakiverse
            </Link>
          </div>
        </div>
        <HeroVideo />
      </div>
    </section>
  );
}
