import { afterEach, describe, expect, it } from 'vitest';
import { useDataSaverStore } from '@/stores/data-saver';
import { renderWithProviders } from '@/test/render-with-providers';
import { CategoryGrid } from './category-grid';

afterEach(() => useDataSaverStore.setState({ choice: null }));

const pictures = (container: HTMLElement) => container.querySelectorAll('img').length;

describe('home category tiles', () => {
  it('show their pictures, and under the data saver only their colours and names', () => {
    useDataSaverStore.setState({ choice: false });
    const shown = renderWithProviders(<CategoryGrid />);
    expect(pictures(shown.container)).toBe(6);
    shown.unmount();

    useDataSaverStore.setState({ choice: true });
    const saving = renderWithProviders(<CategoryGrid />);
    expect(pictures(saving.container)).toBe(0);
    expect(saving.container.querySelectorAll('a')).toHaveLength(6);
  });
});
