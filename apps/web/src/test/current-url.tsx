import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';

/**
 * Rendered beside the page under test: the router's current path and query, for currentUrl(). A
 * plain paragraph, not an <output>, whose status role would stand beside the page's own.
 */
export function CurrentUrl() {
  const location = useLocation();
  return <p data-testid="current-url">{`${location.pathname}${location.search}`}</p>;
}

/** Where the app is now ('/courses?q=excel'), as CurrentUrl shows it. */
export const currentUrl = () => screen.getByTestId('current-url').textContent;
