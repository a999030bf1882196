import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { SHOP_NAME, TAGLINE } from "../../lib/brand";
import { nameWidthStyle } from "../../lib/name-width-style";
import { NightSky } from "./night-sky";

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <NightSky />
      <div className="hero__content">
        <p className="hero__eyebrow">Drop 01 · Night shift</p>
        <h1 className="hero__title" id="hero-title" style={nameWidthStyle(SHOP_NAME)}>
          {SHOP_NAME}
        </h1>
        <p className="hero__tagline">{TAGLINE}</p>
        <div className="hero__actions">
          <Link to="/products" className="button button--primary">
            Shop all
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link to="/vakiverse" className="button">
            Meet the characters
          </Link>
        </div>
      </div>
    </section>
  );
}
