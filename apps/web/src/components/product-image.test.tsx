import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { ProductImage } from './product-image';

const PHOTO = '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp';

let rendered: Rendered | undefined;

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

const photo = () => rendered?.container.querySelector('img') ?? null;
const placeholder = () => rendered?.container.querySelector('[role="img"]') ?? null;

describe('product image', () => {
  it('falls back to a placeholder image when the photo fails to load', () => {
    rendered = renderWithProviders(<ProductImage src={PHOTO} alt="Kiondo basket" width={48} height={48} />);
    expect(photo()?.getAttribute('src')).toBe(PHOTO);
    expect(placeholder()).toBeNull();

    const image = photo();
    if (!image) throw new Error('no photo');
    act(() => image.dispatchEvent(new Event('error')));

    expect(photo()).toBeNull();
    expect(placeholder()?.getAttribute('aria-label')).toBe('Kiondo basket');
  });

  it('shows the placeholder image straight away when the product has no photo', () => {
    rendered = renderWithProviders(
      <ProductImage src={undefined} alt="Kiondo basket" width={48} height={48} />,
    );

    expect(photo()).toBeNull();
    expect(placeholder()?.getAttribute('aria-label')).toBe('Kiondo basket');
  });
});
