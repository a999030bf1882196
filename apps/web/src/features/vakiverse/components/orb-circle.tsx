import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { Picture } from "../../../components/picture";
import { type CircleOptions, circleLayout, DEFAULT_CIRCLE, DEFAULT_CIRCLE_SPACE } from "../orb-circle-layout";

export interface OrbCircleItem {
  id: number;
  label: string;
  to: string;
  color: string;
  imageUrl: string | null;
}

interface OrbCircleProps extends CircleOptions {
  items: readonly OrbCircleItem[];
  /** The layout's own space; the circle's centre and radius are in it. */
  width?: number;
  height?: number;
  /** Names the list for assistive technology. */
  label: string;
  /** Shown at the centre of the circle. */
  children?: ReactNode;
  className?: string;
}

function percent(value: number, of: number): string {
  return `${(value / of) * 100}%`;
}

/**
 * The orb layout for child categories (R-STORE-3, R-STORE-9): up to 8 linked orbs evenly on a
 * circle, default centre 500 × 400 and radius 200 in a 1000 × 800 space, scaled to its box.
 */
export function OrbCircle({
  items,
  width = DEFAULT_CIRCLE_SPACE.width,
  height = DEFAULT_CIRCLE_SPACE.height,
  centerX = DEFAULT_CIRCLE.centerX,
  centerY = DEFAULT_CIRCLE.centerY,
  radius = DEFAULT_CIRCLE.radius,
  startAngle,
  label,
  children,
  className,
}: OrbCircleProps) {
  const positions = circleLayout(items.length, { centerX, centerY, radius, startAngle });
  const ring = {
    left: percent(centerX - radius, width),
    top: percent(centerY - radius, height),
    width: percent(radius * 2, width),
    height: percent(radius * 2, height),
  };
  return (
    <div
      className={["orb-circle", className].filter(Boolean).join(" ")}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <span className="orb-circle__ring" style={ring} aria-hidden="true" />
      {children ? (
        <div className="orb-circle__centre" style={{ left: percent(centerX, width), top: percent(centerY, height) }}>
          {children}
        </div>
      ) : null}
      <ul className="orb-circle__items" aria-label={label}>
        {positions.map((position) => {
          const item = items[position.index];
          if (!item) return null;
          return (
            <li
              key={item.id}
              className="orb-circle__item"
              style={
                {
                  left: percent(position.x, width),
                  top: percent(position.y, height),
                  "--character-color": item.color,
                } as CSSProperties
              }
            >
              <Link to={item.to} className="orb-circle__orb">
                <span className="orb-circle__face" aria-hidden="true">
                  {item.imageUrl ? (
                    <Picture src={item.imageUrl} alt="" width={800} height={1000} loading="lazy" decoding="async" />
                  ) : null}
                </span>
                <span className="orb-circle__label">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
