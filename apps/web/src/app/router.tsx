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
  { path: 'cart', element: <CartPage /> },
];

/** Routes that send a signed-out visitor to /login and bring them back after signing in. */
const protectedRoutes: RouteObject[] = [{ path: 'profile', element: <ProfilePage /> }];

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
