import "../../styles/home.css";
import { TAGLINE } from "../../lib/brand";
import { usePageTitle } from "../../lib/use-page-title";
import { FirstOrderCard } from "./first-order-card";
import { Hero } from "./hero";
import { ShopStatusCard } from "./shop-status-card";

export function HomePage() {
  usePageTitle(TAGLINE);
  return (
    <>
      <Hero />
      <div className="home-cards">
        <ShopStatusCard />
        <FirstOrderCard />
      </div>
    </>
  );
}
