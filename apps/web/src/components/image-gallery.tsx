import { useState } from 'react';
import { ProductImage } from './product-image';

type ImageGalleryProps = {
  title: string;
  images: string[];
  /** A product is shown whole on a square; a place fills a landscape frame. */
  shape?: 'square' | 'landscape';
};

const MAIN_IMAGE = {
  square: { width: 640, height: 640, className: 'aspect-square w-full object-contain' },
  landscape: { width: 960, height: 640, className: 'aspect-[3/2] w-full object-cover' },
} as const;

const arrowClasses =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-2xl leading-none text-slate-800 shadow hover:bg-white';

/** The main image with arrows, dots and thumbnails; every control is a labelled button. */
export function ImageGallery({ title, images, shape = 'square' }: ImageGalleryProps) {
  const [selected, setSelected] = useState(0);
  const count = images.length;
  const current = Math.min(selected, Math.max(0, count - 1));
  const showLabel = (index: number) => `Show image ${index + 1} of ${count}`;
  const step = (delta: number) => setSelected((current + delta + count) % count);

  return (
    <div className="space-y-3">
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <ProductImage
          src={images[current]}
          alt={count > 1 ? `${title}, image ${current + 1} of ${count}` : title}
          width={MAIN_IMAGE[shape].width}
          height={MAIN_IMAGE[shape].height}
          className={MAIN_IMAGE[shape].className}
          // Decoded before the frame that shows the page, so the page never paints without its photo.
          decoding="sync"
          data-testid="gallery-main-image"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => step(-1)}
              className={`${arrowClasses} left-2`}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => step(1)}
              className={`${arrowClasses} right-2`}
            >
              <span aria-hidden="true">›</span>
            </button>
            <div
              role="group"
              aria-label="Image dots"
              className="absolute inset-x-0 bottom-2 flex justify-center gap-1"
            >
              {images.map((image, index) => (
                <button
                  key={`dot-${image}-${index}`}
                  type="button"
                  aria-label={showLabel(index)}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => setSelected(index)}
                  className="flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={`block size-2.5 rounded-full ring-1 ring-slate-400 ${
                      index === current ? 'bg-emerald-700' : 'bg-white'
                    }`}
                  />
                </button>
              ))}
            </div>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div role="group" aria-label="Image thumbnails" className="flex gap-2 overflow-x-auto p-1">
          {images.map((image, index) => (
            <button
              key={`thumb-${image}-${index}`}
              type="button"
              aria-label={showLabel(index)}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => setSelected(index)}
              className={`shrink-0 overflow-hidden rounded-lg border-2 bg-white ${
                index === current ? 'border-emerald-700' : 'border-slate-200 hover:border-slate-400'
              }`}
            >
              {/* Lazy: fetched once laid out, after the main image, which they would share the link with. */}
              <ProductImage
                src={image}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                className="size-16 object-cover"
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
