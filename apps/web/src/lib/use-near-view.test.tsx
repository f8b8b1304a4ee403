import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIntersections } from '@/test/intersection';
import { useNearView } from './use-near-view';

function Place() {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearView(place, '100% 0px');
  return <div ref={place}>{near ? 'Calendar' : 'Waiting'}</div>;
}

describe('useNearView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is false until the element comes near the screen, then true, and stops watching', () => {
    const intersections = fakeIntersections({ everythingInView: false });
    render(<Place />);
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(intersections.watched).toBe(1);

    act(() => intersections.showAll());

    expect(screen.getByText('Calendar')).toBeTruthy();
    expect(intersections.watched).toBe(0);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Place />);
    expect(screen.getByText('Calendar')).toBeTruthy();
  });
});
