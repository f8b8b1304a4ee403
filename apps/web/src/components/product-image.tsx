import { useState } from 'react';
import type { ImgHTMLAttributes } from 'react';
import { THUMBNAIL_MAX_SIDE, thumbnailAddressOf } from '@sokoni/contracts/uploads';
import { BagIcon } from './icons';

/** Shown at most this wide (CSS px), an image comes from its thumbnail, sharp up to 3 device pixels a pixel. */
const THUMBNAIL_SLOT = THUMBNAIL_MAX_SIDE / 3;

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
};

/**
 * A product photo that falls back to a neutral placeholder when it is missing or fails to load. A
 * small one (a cart line, a thumbnail strip) is its upload's 400 px thumbnail, not the whole photo.
 */
export function ProductImage({ src, alt, width, height, className = '', ...imgProps }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`flex items-center justify-center bg-slate-100 text-slate-400 ${className}`}
      >
        <BagIcon className="size-1/3 max-h-16 max-w-16" />
      </span>
    );
  }
  return (
    <img
      src={width <= THUMBNAIL_SLOT ? (thumbnailAddressOf(src) ?? src) : src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={className}
      {...imgProps}
    />
  );
}
