import type { OrderItem } from "@vaki/contract/orders";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { formatOrderAmount } from "../../../lib/money";
import { paths } from "../../../lib/paths";

/** Only Size and Color are shown of a line's variant (R-ORD-3 "Order item"). */
export function itemVariantText(item: Pick<OrderItem, "variantAttributes" | "size" | "color">): string {
  const pick = (name: string) =>
    item.variantAttributes?.find((attribute) => attribute.name.toLowerCase() === name.toLowerCase())?.value;
  const size = pick("Size") ?? item.size;
  const color = pick("Color") ?? pick("Colour") ?? item.color;
  return [size ? `Size: ${size}` : null, color ? `Color: ${color}` : null].filter(Boolean).join(" · ");
}

function itemName(item: Pick<OrderItem, "productName" | "name">): string {
  return item.productName || item.name;
}

/** The line's name, linking to its product page (to buy it again, or check the size chart). */
function ItemName({ item }: { item: Pick<OrderItem, "productName" | "name" | "productId"> }) {
  return (
    <p className="order-items__name">
      <Link to={paths.product(item.productId)}>{itemName(item)}</Link>
    </p>
  );
}

/** A product thumbnail with a fixed box; a broken image leaves the box empty. */
export function ItemThumb({ item, size = 64 }: { item: Pick<OrderItem, "imageUrl" | "image">; size?: number }) {
  const [broken, setBroken] = useState(false);
  const src = item.imageUrl || item.image;
  return (
    <span className="item-thumb" style={{ width: size, height: size }}>
      {src && !broken ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
        />
      ) : null}
    </span>
  );
}

/**
 * The lines of an order as a list (dialogs): picture, name, Size and Color, quantity × price,
 * subtotal; `renderBelow` adds a line's own part under it (a delivered order's exchanges).
 */
export function OrderItemList({
  items,
  renderBelow,
}: {
  items: readonly OrderItem[];
  renderBelow?: ((item: OrderItem) => ReactNode) | undefined;
}) {
  return (
    <ul className="order-items">
      {items.map((item) => (
        <li key={item.id} className="order-items__row">
          <ItemThumb item={item} />
          <div className="order-items__text">
            <ItemName item={item} />
            {itemVariantText(item) ? <p className="order-muted">{itemVariantText(item)}</p> : null}
            <p className="order-muted">
              Qty {item.quantity} × {formatOrderAmount(item.price)}
            </p>
          </div>
          <p className="order-items__subtotal">{formatOrderAmount(item.subtotal)}</p>
          {renderBelow ? <div className="order-items__below">{renderBelow(item)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The lines of an order as a table (confirmation page): Product, Quantity, Price, Subtotal. On
 * phones each row stacks (product above its three numbers); the explicit roles keep it a table
 * for assistive technology whatever the CSS display.
 */
export function OrderItemsTable({ items }: { items: readonly OrderItem[] }) {
  return (
    <div className="order-table-wrap">
      {/* biome-ignore lint/a11y/noRedundantRoles: CSS display changes on phones would drop the implicit roles */}
      <table className="order-table" role="table">
        {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
        <thead role="rowgroup">
          {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
          <tr role="row">
            {COLUMNS.map((column) => (
              // biome-ignore lint/a11y/noRedundantRoles: as above
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
        <tbody role="rowgroup">
          {items.map((item) => (
            // biome-ignore lint/a11y/noRedundantRoles: as above
            <tr key={item.id} role="row">
              {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
              <td role="cell">
                <div className="order-table__product">
                  <ItemThumb item={item} size={48} />
                  <div>
                    <ItemName item={item} />
                    {itemVariantText(item) ? <p className="order-muted">{itemVariantText(item)}</p> : null}
                  </div>
                </div>
              </td>
              {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
              <td role="cell" className="order-table__number" data-label="Quantity">
                {item.quantity}
              </td>
              {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
              <td role="cell" className="order-table__number" data-label="Price">
                {formatOrderAmount(item.price)}
              </td>
              {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
              <td role="cell" className="order-table__number" data-label="Subtotal">
                {formatOrderAmount(item.subtotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const COLUMNS = ["Product", "Quantity", "Price", "Subtotal"] as const;
