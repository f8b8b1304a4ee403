import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { ProductImage } from './product-image';

const PHOTO = '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp';
const THUMBNAIL = '/api/uploads/sample/0123456789abcdef0123456789abcdef-thumb.webp';

let container: HTMLElement;

const photo = () => container.querySelector('img');
const placeholder = () => container.querySelector('[role="img"]');

describe('product image', () => {
  it('falls back to a placeholder image when the photo fails to load', () => {
    ({ container } = renderWithProviders(
      <ProductImage src={PHOTO} alt="Kiondo basket" width={48} height={48} />,
    ));
    expect(photo()?.getAttribute('src')).toBe(THUMBNAIL);
    expect(placeholder()).toBeNull();

    const image = photo();
    if (!image) throw new Error('no photo');
    fireEvent.error(image);

    expect(photo()).toBeNull();
    expect(placeholder()?.getAttribute('aria-label')).toBe('Kiondo basket');
  });

  it('shows a small photo from its thumbnail, a large one whole, and a photo from elsewhere as it is', () => {
    ({ container } = renderWithProviders(
      <>
        <ProductImage src={PHOTO} alt="" width={96} height={96} />
        <ProductImage src={PHOTO} alt="" width={960} height={640} />
        <ProductImage src="https://example.com/kiondo.jpg" alt="" width={48} height={48} />
      </>,
    ));

    expect([...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      THUMBNAIL,
      PHOTO,
      'https://example.com/kiondo.jpg',
    ]);
  });

  it('shows the placeholder image straight away when the product has no photo', () => {
    ({ container } = renderWithProviders(
      <ProductImage src={undefined} alt="Kiondo basket" width={48} height={48} />,
    ));

    expect(photo()).toBeNull();
    expect(placeholder()?.getAttribute('aria-label')).toBe('Kiondo basket');
  });
});
