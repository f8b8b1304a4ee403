import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '@/stores/auth';

/** Lets signed-in users through; sends others to /login, remembering where they wanted to go. */
export function RequireAuth() {
  const signedIn = useAuthStore((state) => state.user !== null);
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
