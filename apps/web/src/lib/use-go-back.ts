import { useLocation, useNavigate } from 'react-router';

/**
 * Go Back: to the previous page of this app, or to `fallback` when the page was opened straight
 * from a link (a new tab, a shared address), where the browser's back would leave the app.
 * React Router gives the first entry of a tab the key 'default'.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  };
}
