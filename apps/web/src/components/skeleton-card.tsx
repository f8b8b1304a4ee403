type SkeletonCardProps = {
  /** The picture's shape, as the card's: 'aspect-video', 'aspect-square', … */
  image: string;
  /** Each grey line's height and width, standing for the card's title, facts and price. */
  lines: string[];
  /** The body's padding, as the card's. */
  padding?: string;
  testId?: string;
};

/** A grey card in a grid's shape while its cards load; hidden from screen readers, which hear the grid's status. */
export function SkeletonCard({ image, lines, padding = 'p-4', testId }: SkeletonCardProps) {
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white motion-safe:animate-pulse"
    >
      <div className={`${image} bg-slate-200`} />
      <div className={`space-y-2 ${padding}`}>
        {lines.map((line, index) => (
          <div key={index} className={`${line} rounded bg-slate-200`} />
        ))}
      </div>
    </div>
  );
}
