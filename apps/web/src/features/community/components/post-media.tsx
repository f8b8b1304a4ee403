type PostMediaProps = { image: string | null; video: string | null; label: string };

/** A thread's or reply's attachment: one image or one video. */
export function PostMedia({ image, video, label }: PostMediaProps) {
  if (image) {
    return (
      <img
        src={image}
        alt={label}
        loading="lazy"
        className="mt-3 max-h-[28rem] w-auto max-w-full rounded-xl border border-slate-200 object-contain"
      />
    );
  }
  if (video) {
    return (
      <video
        src={video}
        controls
        preload="metadata"
        aria-label={label}
        className="mt-3 max-h-[28rem] w-full max-w-xl rounded-xl bg-black"
      />
    );
  }
  return null;
}
