import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { ProductImage } from './product-image';

const PHOTO = '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp';

let container: HTMLElement;

const photo = () => container.querySelector('img');
const placeholder = () => container.querySelector('[role="img"]');

describe('product image', () => {
  it('falls back to a placeholder image when the photo fails to load', () => {
    ({ container } = renderWithProviders(
      <ProductImage src={PHOTO} alt="Kiondo basket" width={48} height={48} />,
    ));
    expect(photo()?.getAttribute('src')).toBe(PHOTO);
    expect(placeholder()).toBeNull();

    const image = photo();
    if (!image) throw new Error('no photo');
    fireEvent.error(image);

    expect(photo()).toBeNull();
    expect(placeholder()?.getAttribute('aria-label')).toBe('Kiondo basket');
  });

  it('shows the placeholder image straight away when the product has no photo', () => {
    ({ container } = renderWithProviders(
      <ProductImage src={undefined} alt="Kiondo basket" width={48} height={48} />,
    ));

    expect(photo()).toBeNull();
    expect(placeholder()?.getAttribute('aria-label')).toBe('Kiondo basket');
  });
});
