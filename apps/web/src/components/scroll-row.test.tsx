import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrollRow } from './scroll-row';

const shown = (testId: string) => screen.getByTestId(testId).className.includes('opacity-100');

describe('ScrollRow', () => {
  it('fades each edge past which chips hide, following the scroll', () => {
    render(
      <ScrollRow label="Category">
        {['All', 'Concert', 'Conference', 'Workshop', 'Sports', 'Exhibition'].map((chip) => (
          <button key={chip} type="button">
            {chip}
          </button>
        ))}
      </ScrollRow>,
    );
    const row = screen.getByRole('group', { name: 'Category' });
    // A phone's row: 600 px of chips in 390 px (the test's window lays nothing out).
    Object.defineProperties(row, {
      scrollWidth: { value: 600 },
      clientWidth: { value: 390 },
      scrollLeft: { value: 0, writable: true },
    });

    fireEvent.scroll(row);
    expect([shown('fade-before'), shown('fade-after')]).toEqual([false, true]);
    row.scrollLeft = 100;
    fireEvent.scroll(row);
    expect([shown('fade-before'), shown('fade-after')]).toEqual([true, true]);
    row.scrollLeft = 210;
    fireEvent.scroll(row);
    expect([shown('fade-before'), shown('fade-after')]).toEqual([true, false]);
  });
});
