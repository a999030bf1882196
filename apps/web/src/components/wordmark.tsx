import { Link } from "react-router";
import { SHOP_NAME } from "../lib/brand";

export function Wordmark() {
  return (
    <Link to="/" className="wordmark" aria-label={`${SHOP_NAME} home`}>
      {SHOP_NAME}
      <span className="wordmark__dot" aria-hidden="true" />
    </Link>
  );
}
