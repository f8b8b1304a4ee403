import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataSaverPicture } from './data-saver-picture';
import { ProductImage } from './product-image';

/**
 * A card of a catalogue (a product, a stay, an event, a course) that is one tap target: its
 * title's link (LinkCardTitle) covers it all. `group` lets its picture zoom on hover.
 */
export function LinkCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-emerald-300 hover:shadow-md"
      data-testid={testId}
    >
      {children}
    </article>
  );
}

type LinkCardTitleProps = {
  to: string;
  children: ReactNode;
  /** Its size where it differs from the body text's, e.g. 'text-sm'. */
  className?: string;
};

/** A LinkCard's title, two lines at most, and the link of the whole card. */
export function LinkCardTitle({ to, children, className = '' }: LinkCardTitleProps) {
  return (
    <h3 className={`line-clamp-2 leading-snug font-semibold text-slate-900 ${className}`}>
      {/* The link covers the whole card (after:inset-0), so the card is one tap target. */}
      <Link
        to={to}
        className="rounded after:absolute after:inset-0 after:content-[''] hover:text-emerald-800"
      >
        {children}
      </Link>
    </h3>
  );
}

type LinkCardImageProps = {
  src: string | undefined;
  /** The picture's size, and so the shape of its frame. */
  width: number;
  height: number;
  /** Load it at once, at high priority: for cards in view when the page opens. */
  priority: boolean;
  /** What it shows (the card's title), for the data saver's Show picture button. */
  label: string;
  /** Laid over the picture, e.g. a badge. */
  children?: ReactNode;
};

/**
 * A LinkCard's picture, which zooms a little on hover (a placeholder when it is missing or broken);
 * under the data saver (#29), only once its Show picture button is tapped.
 */
export function LinkCardImage({ src, width, height, priority, label, children }: LinkCardImageProps) {
  return (
    <div className="relative overflow-hidden bg-slate-100" style={{ aspectRatio: `${width} / ${height}` }}>
      <DataSaverPicture label={label} fetches={Boolean(src)}>
        <ProductImage
          src={src}
          alt=""
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          className="size-full object-cover transition duration-300 group-hover:scale-105"
        />
      </DataSaverPicture>
      {children}
    </div>
  );
}
