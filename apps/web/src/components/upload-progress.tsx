type UploadProgressProps = {
  /** What is being uploaded, for screen readers: 'Uploading photo.jpg'. */
  label: string;
  /** Share sent so far, from 0 to 1. */
  fraction: number;
  /** Placement and frame, e.g. over a preview. */
  className?: string;
};

/** A file upload's progress bar. */
export function UploadProgress({ label, fraction, className = '' }: UploadProgressProps) {
  const percent = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`h-2 overflow-hidden rounded-full ${className}`}
    >
      <div className="h-full bg-emerald-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
