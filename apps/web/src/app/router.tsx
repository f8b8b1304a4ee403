import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { HomePage } from '@/features/home/pages/home-page';
import { RootLayout } from './layout/root-layout';
import { RequireAuth } from './require-auth';
import { RouteErrorPage } from './route-error-page';

// Pages other than home are split into their own chunks: a phone on a slow network downloads
// only the screen it opens.
const LoginPage = lazy(() =>
  import('@/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
const SignupPage = lazy(() =>
  import('@/features/auth/pages/signup-page').then((m) => ({ default: m.SignupPage })),
);
const ProfilePage = lazy(() =>
  import('@/features/users/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const ProductDetailPage = lazy(() =>
  import('@/features/shop/pages/product-detail-page').then((m) => ({ default: m.ProductDetailPage })),
);
const CartPage = lazy(() => import('@/features/cart/pages/cart-page').then((m) => ({ default: m.CartPage })));
const ShopPage = lazy(() => import('@/features/shop/pages/shop-page').then((m) => ({ default: m.ShopPage })));
const CategoryPage = lazy(() =>
  import('@/features/shop/pages/category-page').then((m) => ({ default: m.CategoryPage })),
);
const TrendingPage = lazy(() =>
  import('@/features/shop/pages/trending-page').then((m) => ({ default: m.TrendingPage })),
);
const SellerPage = lazy(() =>
  import('@/features/shop/pages/seller-page').then((m) => ({ default: m.SellerPage })),
);
const WishlistPage = lazy(() =>
  import('@/features/shop/pages/wishlist-page').then((m) => ({ default: m.WishlistPage })),
);
const SellPage = lazy(() =>
  import('@/features/selling/pages/sell-page').then((m) => ({ default: m.SellPage })),
);
const MyProductsPage = lazy(() =>
  import('@/features/selling/pages/my-products-page').then((m) => ({ default: m.MyProductsPage })),
);
const CheckoutPage = lazy(() =>
  import('@/features/checkout/pages/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const PaymentCallbackPage = lazy(() =>
  import('@/features/payments/pages/payment-callback-page').then((m) => ({ default: m.PaymentCallbackPage })),
);
const OrdersPage = lazy(() =>
  import('@/features/orders/pages/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazy(() =>
  import('@/features/orders/pages/order-page').then((m) => ({ default: m.OrderPage })),
);
const SalesPage = lazy(() =>
  import('@/features/sales/pages/sales-page').then((m) => ({ default: m.SalesPage })),
);
const SupportPage = lazy(() =>
  import('@/features/support/pages/support-page').then((m) => ({ default: m.SupportPage })),
);
const CommunityPage = lazy(() =>
  import('@/features/community/pages/community-page').then((m) => ({ default: m.CommunityPage })),
);
const ThreadPage = lazy(() =>
  import('@/features/community/pages/thread-page').then((m) => ({ default: m.ThreadPage })),
);
const NewThreadPage = lazy(() =>
  import('@/features/community/pages/new-thread-page').then((m) => ({ default: m.NewThreadPage })),
);
const CreateGroupPage = lazy(() =>
  import('@/features/community/pages/create-group-page').then((m) => ({ default: m.CreateGroupPage })),
);
const EventsPage = lazy(() =>
  import('@/features/events/pages/events-page').then((m) => ({ default: m.EventsPage })),
);
const EventDetailPage = lazy(() =>
  import('@/features/events/pages/event-detail-page').then((m) => ({ default: m.EventDetailPage })),
);
const StaysPage = lazy(() =>
  import('@/features/stays/pages/stays-page').then((m) => ({ default: m.StaysPage })),
);
const StayDetailPage = lazy(() =>
  import('@/features/stays/pages/stay-detail-page').then((m) => ({ default: m.StayDetailPage })),
);
const CreateEventPage = lazy(() =>
  import('@/features/events/pages/create-event-page').then((m) => ({ default: m.CreateEventPage })),
);
const OrganizerEventsPage = lazy(() =>
  import('@/features/events/pages/organizer-events-page').then((m) => ({ default: m.OrganizerEventsPage })),
);
const MyTicketsPage = lazy(() =>
  import('@/features/tickets/pages/my-tickets-page').then((m) => ({ default: m.MyTicketsPage })),
);
const TicketVerificationPage = lazy(() =>
  import('@/features/tickets/pages/ticket-verification-page').then((m) => ({
    default: m.TicketVerificationPage,
  })),
);
const YourListingsPage = lazy(() =>
  import('@/features/hosting/pages/your-listings-page').then((m) => ({ default: m.YourListingsPage })),
);
const CreateListingPage = lazy(() =>
  import('@/features/hosting/pages/create-listing-page').then((m) => ({ default: m.CreateListingPage })),
);
const EditListingPage = lazy(() =>
  import('@/features/hosting/pages/edit-listing-page').then((m) => ({ default: m.EditListingPage })),
);
const MyTripsPage = lazy(() =>
  import('@/features/trips/pages/my-trips-page').then((m) => ({ default: m.MyTripsPage })),
);
const ClassroomPage = lazy(() =>
  import('@/features/classroom/pages/classroom-page').then((m) => ({ default: m.ClassroomPage })),
);
const InstructorDashboardPage = lazy(() =>
  import('@/features/teaching/pages/instructor-dashboard-page').then((m) => ({
    default: m.InstructorDashboardPage,
  })),
);
const CreateCoursePage = lazy(() =>
  import('@/features/teaching/pages/create-course-page').then((m) => ({ default: m.CreateCoursePage })),
);
const EditCoursePage = lazy(() =>
  import('@/features/teaching/pages/edit-course-page').then((m) => ({ default: m.EditCoursePage })),
);
const CoursesPage = lazy(() =>
  import('@/features/courses/pages/courses-page').then((m) => ({ default: m.CoursesPage })),
);
const CourseDetailPage = lazy(() =>
  import('@/features/courses/pages/course-detail-page').then((m) => ({ default: m.CourseDetailPage })),
);
const MyCoursesPage = lazy(() =>
  import('@/features/courses/pages/my-courses-page').then((m) => ({ default: m.MyCoursesPage })),
);
const CertificatePage = lazy(() =>
  import('@/features/courses/pages/certificate-page').then((m) => ({ default: m.CertificatePage })),
);
const CertificateVerificationPage = lazy(() =>
  import('@/features/courses/pages/certificate-verification-page').then((m) => ({
    default: m.CertificateVerificationPage,
  })),
);
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Routes anyone may open. */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'signup', element: <SignupPage /> },
  { path: 'shop', element: <ShopPage /> },
  { path: 'category/:categoryId', element: <CategoryPage /> },
  { path: 'trending', element: <TrendingPage /> },
  { path: 'products/:id', element: <ProductDetailPage /> },
  { path: 'sellers/:id', element: <SellerPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'support', element: <SupportPage /> },
  { path: 'community', element: <CommunityPage /> },
  // Reading is public (DESIGN §6); replying and voting ask visitors to sign in.
  { path: 'community/:threadId', element: <ThreadPage /> },
  { path: 'events', element: <EventsPage /> },
  { path: 'tickets/:id', element: <EventDetailPage /> },
  { path: 'stays', element: <StaysPage /> },
  { path: 'stays/:id', element: <StayDetailPage /> },
  { path: 'courses', element: <CoursesPage /> },
  { path: 'courses/:courseId', element: <CourseDetailPage /> },
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
  { path: 'sell', element: <SellPage /> },
  { path: 'my-products', element: <MyProductsPage /> },
  { path: 'community/new', element: <NewThreadPage /> },
  { path: 'community/groups/new', element: <CreateGroupPage /> },
  { path: 'tickets/new', element: <CreateEventPage /> },
  { path: 'tickets/organizer', element: <OrganizerEventsPage /> },
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: protectedRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
