import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODERATION_TEXTS, SUSPENDED_OWNER_REASON } from '@sokoni/contracts/moderation-rules';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { MyProductCard } from './my-product-card';

const ignore = () => {};

describe('My Products card', () => {
  it("tells the seller why Sokoni's moderators hid a listing, and nothing on one that is shown", () => {
    const hidden = buildProduct({ moderation: { hiddenReason: SUSPENDED_OWNER_REASON } });
    const { unmount } = renderWithProviders(
      <MyProductCard product={hidden} onEdit={ignore} onDelete={ignore} />,
    );
    expect(screen.getByTestId('hidden-notice').textContent).toBe(
      MODERATION_TEXTS.hiddenForOwner(SUSPENDED_OWNER_REASON),
    );
    unmount();

    renderWithProviders(<MyProductCard product={buildProduct()} onEdit={ignore} onDelete={ignore} />);
    expect(screen.queryByTestId('hidden-notice')).toBeNull();
  });
});
