import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDataSaverStore } from '@/stores/data-saver';
import { buildProduct } from '@/test/api-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { LinkCard, LinkCardImage, LinkCardTitle } from './link-card';
import { ProductCard } from './product-card';

const STAY_PHOTO = '/api/uploads/sample/5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a.webp';

const pictures = () => [...document.querySelectorAll('img')].map((image) => image.getAttribute('src'));

function renderList() {
  const basket = buildProduct({ title: 'Kiondo basket' });
  const wrap = buildProduct({ title: 'Kikoi wrap' });
  renderWithProviders(
    <>
      <ProductCard product={basket} />
      <ProductCard product={wrap} />
      <LinkCard testId="stay-card">
        <LinkCardImage src={STAY_PHOTO} width={600} height={400} priority={false} label="Kilimani flat" />
        <LinkCardTitle to="/stays/1">Kilimani flat</LinkCardTitle>
      </LinkCard>
      <CurrentUrl />
    </>,
    { url: '/shop' },
  );
  return { basket, wrap };
}

beforeEach(() => {
  localStorage.clear();
  useDataSaverStore.setState({ choice: null });
});

describe('list pictures under the data saver', () => {
  it('shows a light frame with Show picture until tapped, then that one picture, staying on the list', async () => {
    const user = userEvent.setup();
    useDataSaverStore.setState({ choice: true });
    const { basket } = renderList();
    expect(pictures()).toEqual([]);
    expect(screen.getAllByRole('button', { name: /^Show picture of / })).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Show picture of Kiondo basket' }));
    expect(pictures()).toEqual([basket.image[0]]);
    await user.click(screen.getByRole('button', { name: 'Show picture of Kilimani flat' }));
    expect(pictures()).toEqual([basket.image[0], STAY_PHOTO]);
    expect(screen.getAllByRole('button', { name: /^Show picture of / })).toHaveLength(1);
    expect(currentUrl()).toBe('/shop');
  });

  it('shows every picture at once with the data saver off', () => {
    useDataSaverStore.setState({ choice: false });
    const { basket, wrap } = renderList();
    expect(pictures()).toEqual([basket.image[0], wrap.image[0], STAY_PHOTO]);
    expect(screen.queryByRole('button', { name: /^Show picture/ })).toBeNull();
  });
});
