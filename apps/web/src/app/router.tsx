import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, useRoutes } from 'react-router';
import type { Params, RouteObject } from 'react-router';
import { coursePath, getCourseQueryOptions } from '@/features/courses/api/get-course';
import { eventPath, getEventQueryOptions } from '@/features/events/api/get-event';
import { getProductQueryOptions, productPath } from '@/features/shop/api/get-product';
import { getStayQueryOptions, stayPath } from '@/features/stays/api/get-stay';
import { API_BASE } from '@/lib/api-client';
import { hasInlineAnswer } from '@/lib/inline-answers';
import { RootLayout } from './layout/root-layout';
import { lazyPage, loadPages } from './lazy-page';
import { RequireAuth } from './require-auth';

// Every page is split into its own chunk: a phone on a slow network downloads only the screen it
// opens, and the server names the chunk in the page it sends, so it is fetched beside the app's entry.
const HomePage = lazyPage(
  () => import('@/features/home/pages/home-page'),
  (m) => m.HomePage,
);
const LoginPage = lazyPage(
  () => import('@/features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const SignupPage = lazyPage(
  () => import('@/features/auth/pages/signup-page'),
  (m) => m.SignupPage,
);
const ProfilePage = lazyPage(
  () => import('@/features/users/pages/profile-page'),
  (m) => m.ProfilePage,
);
const ProductDetailPage = lazyPage(
  () => import('@/features/shop/pages/product-detail-page'),
  (m) => m.ProductDetailPage,
);
const CartPage = lazyPage(
  () => import('@/features/cart/pages/cart-page'),
  (m) => m.CartPage,
);
const ShopPage = lazyPage(
  () => import('@/features/shop/pages/shop-page'),
  (m) => m.ShopPage,
);
const CategoryPage = lazyPage(
  () => import('@/features/shop/pages/category-page'),
  (m) => m.CategoryPage,
);
const TrendingPage = lazyPage(
  () => import('@/features/shop/pages/trending-page'),
  (m) => m.TrendingPage,
);
const SellerPage = lazyPage(
  () => import('@/features/shop/pages/seller-page'),
  (m) => m.SellerPage,
);
const WishlistPage = lazyPage(
  () => import('@/features/shop/pages/wishlist-page'),
  (m) => m.WishlistPage,
);
const SellPage = lazyPage(
  () => import('@/features/selling/pages/sell-page'),
  (m) => m.SellPage,
);
const MyProductsPage = lazyPage(
  () => import('@/features/selling/pages/my-products-page'),
  (m) => m.MyProductsPage,
);
const CheckoutPage = lazyPage(
  () => import('@/features/checkout/pages/checkout-page'),
  (m) => m.CheckoutPage,
);
const PaymentCallbackPage = lazyPage(
  () => import('@/features/payments/pages/payment-callback-page'),
  (m) => m.PaymentCallbackPage,
);
const OrdersPage = lazyPage(
  () => import('@/features/orders/pages/orders-page'),
  (m) => m.OrdersPage,
);
const OrderPage = lazyPage(
  () => import('@/features/orders/pages/order-page'),
  (m) => m.OrderPage,
);
const SalesPage = lazyPage(
  () => import('@/features/sales/pages/sales-page'),
  (m) => m.SalesPage,
);
const SupportPage = lazyPage(
  () => import('@/features/support/pages/support-page'),
  (m) => m.SupportPage,
);
const CommunityPage = lazyPage(
  () => import('@/features/community/pages/community-page'),
  (m) => m.CommunityPage,
);
const ThreadPage = lazyPage(
  () => import('@/features/community/pages/thread-page'),
  (m) => m.ThreadPage,
);
const NewThreadPage = lazyPage(
  () => import('@/features/community/pages/new-thread-page'),
  (m) => m.NewThreadPage,
);
const CreateGroupPage = lazyPage(
  () => import('@/features/community/pages/create-group-page'),
  (m) => m.CreateGroupPage,
);
const EventsPage = lazyPage(
  () => import('@/features/events/pages/events-page'),
  (m) => m.EventsPage,
);
const EventDetailPage = lazyPage(
  () => import('@/features/events/pages/event-detail-page'),
  (m) => m.EventDetailPage,
);
const StaysPage = lazyPage(
  () => import('@/features/stays/pages/stays-page'),
  (m) => m.StaysPage,
);
const StayDetailPage = lazyPage(
  () => import('@/features/stays/pages/stay-detail-page'),
  (m) => m.StayDetailPage,
);
const CreateEventPage = lazyPage(
  () => import('@/features/events/pages/create-event-page'),
  (m) => m.CreateEventPage,
);
const EditEventPage = lazyPage(
  () => import('@/features/events/pages/edit-event-page'),
  (m) => m.EditEventPage,
);
const EventAttendeesPage = lazyPage(
  () => import('@/features/events/pages/event-attendees-page'),
  (m) => m.EventAttendeesPage,
);
const OrganizerEventsPage = lazyPage(
  () => import('@/features/events/pages/organizer-events-page'),
  (m) => m.OrganizerEventsPage,
);
const MyTicketsPage = lazyPage(
  () => import('@/features/tickets/pages/my-tickets-page'),
  (m) => m.MyTicketsPage,
);
const TicketVerificationPage = lazyPage(
  () => import('@/features/tickets/pages/ticket-verification-page'),
  (m) => m.TicketVerificationPage,
);
const YourListingsPage = lazyPage(
  () => import('@/features/hosting/pages/your-listings-page'),
  (m) => m.YourListingsPage,
);
const CreateListingPage = lazyPage(
  () => import('@/features/hosting/pages/create-listing-page'),
  (m) => m.CreateListingPage,
);
const EditListingPage = lazyPage(
  () => import('@/features/hosting/pages/edit-listing-page'),
  (m) => m.EditListingPage,
);
const MyTripsPage = lazyPage(
  () => import('@/features/trips/pages/my-trips-page'),
  (m) => m.MyTripsPage,
);
const ClassroomPage = lazyPage(
  () => import('@/features/classroom/pages/classroom-page'),
  (m) => m.ClassroomPage,
);
const InstructorDashboardPage = lazyPage(
  () => import('@/features/teaching/pages/instructor-dashboard-page'),
  (m) => m.InstructorDashboardPage,
);
const CreateCoursePage = lazyPage(
  () => import('@/features/teaching/pages/create-course-page'),
  (m) => m.CreateCoursePage,
);
const EditCoursePage = lazyPage(
  () => import('@/features/teaching/pages/edit-course-page'),
  (m) => m.EditCoursePage,
);
const CoursesPage = lazyPage(
  () => import('@/features/courses/pages/courses-page'),
  (m) => m.CoursesPage,
);
const CourseDetailPage = lazyPage(
  () => import('@/features/courses/pages/course-detail-page'),
  (m) => m.CourseDetailPage,
);
const MyCoursesPage = lazyPage(
  () => import('@/features/courses/pages/my-courses-page'),
  (m) => m.MyCoursesPage,
);
const CertificatePage = lazyPage(
  () => import('@/features/courses/pages/certificate-page'),
  (m) => m.CertificatePage,
);
const CertificateVerificationPage = lazyPage(
  () => import('@/features/courses/pages/certificate-verification-page'),
  (m) => m.CertificateVerificationPage,
);
const EarningsPage = lazyPage(
  () => import('@/features/earnings/pages/earnings-page'),
  (m) => m.EarningsPage,
);
const FinancePage = lazyPage(
  () => import('@/features/admin/pages/finance-page'),
  (m) => m.FinancePage,
);
const ModerationPage = lazyPage(
  () => import('@/features/admin/pages/moderation-page'),
  (m) => m.ModerationPage,
);
const NotFoundPage = lazyPage(
  () => import('./not-found-page'),
  (m) => m.NotFoundPage,
);

/**
 * A page's first data, put into the query cache before the app's first render when the server sent
 * it inside the page: the page then shows it in its first paint, not after a loading state.
 */
type FirstData = (queryClient: QueryClient, params: Params) => Promise<void>;

function firstDataOf(
  param: string,
  path: (id: string) => string,
  prefetch: (queryClient: QueryClient, id: string) => Promise<void>,
): { firstData: FirstData } {
  return {
    firstData: async (queryClient, params) => {
      const id = params[param];
      if (id && hasInlineAnswer(`${API_BASE}${path(id)}`)) await prefetch(queryClient, id);
    },
  };
}

/** Routes anyone may open. */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'signup', element: <SignupPage /> },
  { path: 'shop', element: <ShopPage /> },
  { path: 'category/:categoryId', element: <CategoryPage /> },
  { path: 'trending', element: <TrendingPage /> },
  {
    path: 'products/:id',
    element: <ProductDetailPage />,
    handle: firstDataOf('id', productPath, (client, id) => client.prefetchQuery(getProductQueryOptions(id))),
  },
  { path: 'sellers/:id', element: <SellerPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'support', element: <SupportPage /> },
  { path: 'community', element: <CommunityPage /> },
  // Reading is public (DESIGN §6); replying and voting ask visitors to sign in.
  { path: 'community/:threadId', element: <ThreadPage /> },
  { path: 'events', element: <EventsPage /> },
  {
    path: 'tickets/:id',
    element: <EventDetailPage />,
    handle: firstDataOf('id', eventPath, (client, id) => client.prefetchQuery(getEventQueryOptions(id))),
  },
  { path: 'stays', element: <StaysPage /> },
  {
    path: 'stays/:id',
    element: <StayDetailPage />,
    handle: firstDataOf('id', stayPath, (client, id) => client.prefetchQuery(getStayQueryOptions(id))),
  },
  { path: 'courses', element: <CoursesPage /> },
  {
    path: 'courses/:courseId',
    element: <CourseDetailPage />,
    handle: firstDataOf('courseId', coursePath, (client, id) =>
      client.prefetchQuery(getCourseQueryOptions(id)),
    ),
  },
  // Anyone may check a certificate by its code (an employer reading a CV).
  { path: 'certificates/:code', element: <CertificateVerificationPage /> },
];

/** Routes that send a signed-out visitor to /login and bring them back after signing in. */
const protectedRoutes: RouteObject[] = [
  { path: 'profile', element: <ProfilePage /> },
  { path: 'checkout', element: <CheckoutPage /> },
  { path: 'payment/callback', element: <PaymentCallbackPage /> },
  { path: 'orders', element: <OrdersPage /> },
  { path: 'orders/:id', element: <OrderPage /> },
  { path: 'wishlist', element: <WishlistPage /> },
  { path: 'sales', element: <SalesPage /> },
  { path: 'earnings', element: <EarningsPage /> },
  { path: 'admin/finance', element: <FinancePage /> },
  { path: 'admin/moderation', element: <ModerationPage /> },
  { path: 'sell', element: <SellPage /> },
  { path: 'my-products', element: <MyProductsPage /> },
  { path: 'community/new', element: <NewThreadPage /> },
  { path: 'community/groups/new', element: <CreateGroupPage /> },
  { path: 'tickets/new', element: <CreateEventPage /> },
  { path: 'tickets/organizer', element: <OrganizerEventsPage /> },
  { path: 'tickets/:id/edit', element: <EditEventPage /> },
  { path: 'tickets/:id/attendees', element: <EventAttendeesPage /> },
  { path: 'tickets/mine', element: <MyTicketsPage /> },
  { path: 'organizer/verify', element: <TicketVerificationPage /> },
  { path: 'host/stays', element: <YourListingsPage /> },
  { path: 'host/stays/new', element: <CreateListingPage /> },
  { path: 'host/stays/:id/edit', element: <EditListingPage /> },
  { path: 'trips', element: <MyTripsPage /> },
  { path: 'my-courses', element: <MyCoursesPage /> },
  { path: 'courses/:courseId/certificate', element: <CertificatePage /> },
  { path: 'courses/:courseId/classroom', element: <ClassroomPage /> },
  { path: 'instructor/courses', element: <InstructorDashboardPage /> },
  { path: 'instructor/courses/new', element: <CreateCoursePage /> },
  { path: 'instructor/courses/:courseId/edit', element: <EditCoursePage /> },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: protectedRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's screens for the address. Routes are matched in the browser router's declarative mode: the
 * app loads no data through the router, and its data mode would add 17 KB of compressed script to
 * every page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the chunks of the page at this address, and its first data when the page holds it. */
export function loadPageAt(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all([
    loadPages(matches.map(({ route }) => route.element)),
    ...matches.map(({ route, params }) =>
      (route.handle as { firstData?: FirstData } | undefined)?.firstData?.(queryClient, params),
    ),
  ]);
}
