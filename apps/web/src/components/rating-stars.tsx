import { useId } from 'react';

const STAR_PATH = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8z';

type RatingStarsProps = {
  /** 0 to 5, fractions shown as partly filled stars. */
  rating: number;
  size?: 'sm' | 'md';
  className?: string;
};

/** Five stars filled to the rating, read out as 'Rated 4.3 out of 5'. */
export function RatingStars({ rating, size = 'sm', className = '' }: RatingStarsProps) {
  const clamped = Math.max(0, Math.min(5, rating));
  const dimension = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  // Gradient ids are document-wide: each instance needs its own, or a hidden copy blanks the others.
  const idPrefix = `stars${useId().replace(/[^\w-]/g, '')}`;
  return (
    <span
      role="img"
      aria-label={`Rated ${clamped.toFixed(1)} out of 5`}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.max(0, Math.min(1, clamped - index));
        return (
          <svg key={index} viewBox="0 0 24 24" className={dimension} aria-hidden="true" focusable="false">
            <defs>
              <linearGradient id={`${idPrefix}-star-${index}`}>
                <stop offset={fill} stopColor="#f59e0b" />
                <stop offset={fill} stopColor="#e2e8f0" />
              </linearGradient>
            </defs>
            <path d={STAR_PATH} fill={`url(#${idPrefix}-star-${index})`} />
          </svg>
        );
      })}
    </span>
  );
}
