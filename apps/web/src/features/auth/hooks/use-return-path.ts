import { useLocation } from 'react-router';

type FromState = { from?: { pathname?: string; search?: string; hash?: string } };

/** Where to go after signing in: the protected page that sent the user here, else home. */
export function useReturnPath(): string {
  const { state } = useLocation();
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
