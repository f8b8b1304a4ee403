import { HttpResponse, http } from 'msw';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import { DEFAULT_FEE_PERCENT } from '@sokoni/contracts/earnings';
import { noContent } from '../answers';

/**
 * What every test's API answers unless the test says otherwise (server.use): the requests a page
 * sends on the side, whose answers no test is about.
 */
export const handlers = [
  // The payment provider's name, shown on every Pay button.
  http.get('/api/payments/provider', () =>
    HttpResponse.json({ provider: 'sandbox', label: 'Sokoni Sandbox' }),
  ),
  // A product page counts its view (for trending); the answer is empty.
  http.post('/api/products/:id/views', () => noContent()),
  // An event's or a paid course's page asks whether the signed-in buyer's last payment went through.
  http.get('/api/events/:id/last-payment', () => HttpResponse.json({ unpaid: null })),
  http.get('/api/courses/:id/last-payment', () => HttpResponse.json({ unpaid: false })),
  // A listing form says under its price what the seller receives after Sokoni's fee.
  http.get('/api/fees', () => HttpResponse.json(DEFAULT_FEE_PERCENT)),
  // A product page asks whether the signed-in caller may review it (#28): here, that they may not.
  http.get('/api/reviews/product/:id/eligibility', () =>
    HttpResponse.json({
      canReview: false,
      code: 'REVIEW_NOT_ELIGIBLE',
      message: REVIEW_MESSAGES.notABuyer,
    }),
  ),
];
