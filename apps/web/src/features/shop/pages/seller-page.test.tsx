import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_PAGE_SIZE, SELLER_MESSAGES } from '@sokoni/contracts/catalog';
import type { SellerProfile } from '@sokoni/contracts/shop';
import { pageAnswer } from '@/test/answers';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { SellerPage } from './seller-page';

const SELLER_ID = '00000000-0000-4000-8000-0000000000aa';

const profile = (overrides: Partial<SellerProfile> = {}): SellerProfile => ({
  id: SELLER_ID,
  name: 'Wanjiru Crafts',
  memberSince: '2024-03-05T08:00:00.000Z',
  location: 'Kisumu',
  listingCount: PRODUCT_PAGE_SIZE + 1,
  rating: 3.7,
  reviewCount: 3,
  phone: null,
  ...overrides,
});

const openSellerPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/sellers/:id" element={<SellerPage />} />
    </Routes>,
    { url: `/sellers/${SELLER_ID}` },
  );

afterEach(() => vi.restoreAllMocks());

describe('seller page', () => {
  it('shows who the seller is and their listings, 24 at a time with Load more', async () => {
    const user = userEvent.setup();
    const seller = { id: SELLER_ID, name: 'Wanjiru Crafts' };
    const listings = Array.from({ length: PRODUCT_PAGE_SIZE + 1 }, () => buildProduct({ seller }));
    const requests = recordRequests();
    server.use(
      http.get(`/api/sellers/${SELLER_ID}`, () => HttpResponse.json(profile())),
      http.get('/api/products', ({ request }) => {
        const url = new URL(request.url);
        const offset = Number(url.searchParams.get('offset'));
        return pageAnswer(listings.slice(offset, offset + PRODUCT_PAGE_SIZE), listings.length);
      }),
    );
    openSellerPage();

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Wanjiru Crafts');
    expect(screen.getByTestId('seller-member-since').textContent).toBe('Member since March 2024');
    expect(screen.getByTestId('seller-location').textContent).toBe('Kisumu');
    expect(screen.getByTestId('seller-rating').textContent).toBe('3.7 · 3 reviews');
    expect(screen.getByRole('img', { name: 'Rated 3.7 out of 5' })).toBeTruthy();
    expect(screen.getByTestId('seller-listing-count').textContent).toBe('25 listings');

    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(PRODUCT_PAGE_SIZE));
    const asked = requests.filter((request) => request.path === '/api/products');
    expect(asked.every((request) => request.url.searchParams.get('seller') === SELLER_ID)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(PRODUCT_PAGE_SIZE + 1));
  });

  it("offers the seller's number as a call and a WhatsApp chat with their page's link, and prices their listings in KES", async () => {
    const seller = { id: SELLER_ID, name: 'Wanjiru Crafts' };
    server.use(
      http.get(`/api/sellers/${SELLER_ID}`, () => HttpResponse.json(profile({ phone: '+254722456789' }))),
      http.get('/api/products', () => pageAnswer([buildProduct({ seller, price: 1900 })])),
    );
    openSellerPage();

    const call = await screen.findByRole('link', { name: 'Call 0722 456 789' });
    expect(call.getAttribute('href')).toBe('tel:+254722456789');
    const chat = new URL(screen.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')!);
    expect(`${chat.origin}${chat.pathname}`).toBe('https://wa.me/254722456789');
    expect(chat.searchParams.get('text')).toBe(
      `Hello, I found your shop on Sokoni: ${window.location.origin}/sellers/${SELLER_ID}`,
    );
    expect((await screen.findByTestId('product-price')).textContent).toBe('KES 1,900');
  });

  it('shows a user with nothing listed as a seller with no listings and no reviews yet', async () => {
    server.use(
      http.get(`/api/sellers/${SELLER_ID}`, () =>
        HttpResponse.json(profile({ location: null, listingCount: 0, rating: 0, reviewCount: 0 })),
      ),
      http.get('/api/products', () => pageAnswer([])),
    );
    openSellerPage();

    expect(await screen.findByText(SELLER_MESSAGES.noListings)).toBeTruthy();
    expect(screen.getByTestId('seller-rating').textContent).toBe('No reviews yet');
    expect(screen.getByTestId('seller-listing-count').textContent).toBe('0 listings');
    expect(screen.queryByTestId('seller-location')).toBeNull();
    expect(screen.queryByTestId('seller-contact')).toBeNull();
  });

  it("says 'Seller not found.' for an unknown seller", async () => {
    server.use(
      http.get(`/api/sellers/${SELLER_ID}`, () =>
        HttpResponse.json(
          {
            statusCode: 404,
            error: 'Not Found',
            code: 'SELLER_NOT_FOUND',
            message: SELLER_MESSAGES.notFound,
          },
          { status: 404 },
        ),
      ),
    );
    openSellerPage();

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(SELLER_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: 'Browse All Products' }).getAttribute('href')).toBe('/shop');
  });
});
