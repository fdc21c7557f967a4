import type { PortfolioImage } from '@site/contract';
import { type CSSProperties, useEffect, useRef, useState } from 'react';

/**
 * The `sizes` of each place a project image is shown, matching the layout (docs/product.md#portfolio):
 * the page's content is the lg container (1140 px) less 16 px padding on each side.
 *
 * - A card: one column below 48em, two below 64em, three above (20 px apart), at most
 *   (1108 − 40) / 3 = 356 px. At 375 px the slot is 343 px, at 800 px 374 px, at 1280 px 356 px.
 * - The project page: at most 820 px wide.
 */
export const CARD_SIZES =
  '(min-width: 64em) min(calc((100vw - 72px) / 3), 356px), (min-width: 48em) calc((100vw - 52px) / 2), calc(100vw - 32px)';
export const PAGE_SIZES = '(min-width: 852px) 820px, calc(100vw - 32px)';

/** The focal point as a CSS position: the part of the image a crop keeps in view. */
export const focalPosition = (image: Pick<PortfolioImage, 'focal_x' | 'focal_y'>) =>
  `${Math.round(image.focal_x * 1000) / 10}% ${Math.round(image.focal_y * 1000) / 10}%`;

interface ProjectPictureProps {
  image: PortfolioImage;
  sizes: string;
  /** On screen as the page opens: load at once, with priority (the page's largest paint). */
  eager?: boolean;
  /** A fixed height (cropped around the focal point); otherwise the image's own proportions. */
  height?: number;
  /** The tallest it may be (cropped around the focal point beyond that). */
  maxHeight?: number;
  radius?: string;
  /**
   * The `<img src>` for a browser that takes neither source: the cover's own URL (`image`, the same
   * largest WebP) where the image is the cover, so the seed's field names what the card shows.
   */
  src?: string | null;
}

/**
 * An AVIF or WebP at the width the slot needs (`<picture>` with both `srcset`s), its width and
 * height set so the page does not move when it arrives, and the blurred placeholder behind it
 * until it has loaded.
 */
export function ProjectPicture({ image, sizes, eager = false, height, maxHeight, radius, src }: ProjectPictureProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  // A drawn page's image may have loaded before the app took the page over: no load event then.
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth > 0) setLoaded(true);
  }, []);
  const position = focalPosition(image);
  const style: CSSProperties = {
    display: 'block',
    width: '100%',
    height: height ?? 'auto',
    maxHeight,
    objectFit: 'cover',
    objectPosition: position,
    borderRadius: radius,
    ...(image.placeholder && !loaded
      ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover', backgroundPosition: position }
      : {}),
  };
  return (
    <picture>
      {image.sources.avif && <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />}
      {image.sources.webp && <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} />}
      <img
        ref={ref}
        src={src || image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        onLoad={() => setLoaded(true)}
        style={style}
      />
    </picture>
  );
}
