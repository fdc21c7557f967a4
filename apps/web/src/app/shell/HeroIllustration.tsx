import classes from './HeroBanner.module.css';
import { identityPattern, initials } from './identity';

const GRID = 7;
const CELL = 30;
const RADIUS = [0, 3.5, 6.5, 10] as const;

/**
 * docs/product.md#home: the hero's picture, generated from the owner's name in their profile —
 * a mirrored dot pattern (identity.ts) behind a monogram tile — in the site's palette, so a site
 * without a photo still has a face of its own. Decorative: the name is the heading beside it.
 */
export function HeroIllustration({ name }: { name: string }) {
  const cells = identityPattern(name, GRID);
  const size = GRID * CELL;
  return (
    <svg className={classes.illustration} viewBox={`0 0 ${size} ${size}`} aria-hidden focusable="false">
      <defs>
        <linearGradient id="hero-tile" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--mantine-color-iris-5)' }} />
          <stop offset="1" style={{ stopColor: 'var(--mantine-color-iris-8)' }} />
        </linearGradient>
      </defs>
      <circle cx={size / 2} cy={size / 2} r={size / 2 - 4} className={classes.ring} />
      {cells.map((cell) =>
        cell.weight === 0 ? null : (
          <circle
            key={`${cell.row}-${cell.column}`}
            cx={cell.column * CELL + CELL / 2}
            cy={cell.row * CELL + CELL / 2}
            r={RADIUS[cell.weight]}
            className={cell.weight === 3 ? classes.dotAccent : classes.dot}
          />
        ),
      )}
      <rect
        x={size / 2 - 52}
        y={size / 2 - 52}
        width={104}
        height={104}
        rx={26}
        fill="url(#hero-tile)"
        className={classes.tile}
      />
      <text x={size / 2} y={size / 2 + 17} textAnchor="middle" className={classes.tileText}>
        {initials(name)}
      </text>
      <circle cx={size / 2 + 38} cy={size / 2 - 38} r={7} className={classes.tileDot} />
    </svg>
  );
}
