/** Decorative backdrop for the hero: stars, moon, lime glow and a city skyline. */

interface Building {
  x: number;
  width: number;
  height: number;
}

const SKYLINE_HEIGHT = 220;

// A fixed, hand-tuned skyline so the picture is the same on every render.
const BUILDINGS: readonly Building[] = [
  { x: 0, width: 70, height: 90 },
  { x: 64, width: 48, height: 140 },
  { x: 108, width: 80, height: 105 },
  { x: 182, width: 40, height: 170 },
  { x: 218, width: 90, height: 120 },
  { x: 300, width: 56, height: 80 },
  { x: 350, width: 72, height: 150 },
  { x: 416, width: 44, height: 196 },
  { x: 456, width: 96, height: 110 },
  { x: 546, width: 60, height: 135 },
  { x: 600, width: 110, height: 70 },
  { x: 704, width: 52, height: 160 },
  { x: 752, width: 84, height: 125 },
  { x: 830, width: 46, height: 95 },
  { x: 870, width: 70, height: 182 },
  { x: 934, width: 100, height: 115 },
  { x: 1028, width: 54, height: 150 },
  { x: 1076, width: 88, height: 88 },
  { x: 1158, width: 44, height: 130 },
  { x: 1196, width: 92, height: 165 },
  { x: 1282, width: 64, height: 100 },
  { x: 1340, width: 100, height: 140 },
];

function windowsFor(building: Building, index: number) {
  const windows: { x: number; y: number; lit: boolean }[] = [];
  const top = SKYLINE_HEIGHT - building.height;
  for (let row = 0; top + 16 + row * 18 < SKYLINE_HEIGHT - 20; row++) {
    for (let col = 0; building.x + 10 + col * 14 < building.x + building.width - 12; col++) {
      const seed = (index * 31 + row * 7 + col * 13) % 11;
      if (seed < 3) windows.push({ x: building.x + 10 + col * 14, y: top + 16 + row * 18, lit: seed === 0 });
    }
  }
  return windows;
}

const WINDOWS = BUILDINGS.flatMap((building, index) => windowsFor(building, index));

export function NightSky() {
  return (
    <div className="night-sky" aria-hidden="true">
      <div className="night-sky__stars" />
      <div className="night-sky__glow" />
      <div className="moon night-sky__moon" />
      <svg
        className="night-sky__skyline"
        viewBox={`0 0 1440 ${SKYLINE_HEIGHT}`}
        preserveAspectRatio="xMidYMax slice"
        focusable="false"
        aria-hidden="true"
      >
        {BUILDINGS.map((b) => (
          <rect key={b.x} x={b.x} y={SKYLINE_HEIGHT - b.height} width={b.width} height={b.height} />
        ))}
        {WINDOWS.map((w) => (
          <rect
            key={`${w.x}-${w.y}`}
            className={w.lit ? "night-sky__window night-sky__window--lit" : "night-sky__window"}
            x={w.x}
            y={w.y}
            width={6}
            height={8}
          />
        ))}
      </svg>
    </div>
  );
}
