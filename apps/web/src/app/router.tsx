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
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Routes anyone may open. */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'signup', element: <SignupPage /> },
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
