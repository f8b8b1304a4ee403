import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDataSaverStore } from '@/stores/data-saver';
import { renderWithProviders } from '@/test/render-with-providers';
import { LessonContent } from './lesson-content';

const SIGNED = '?expires=1900000000&signature=abc';
const VIDEO = `/api/course-media/${'a'.repeat(32)}.mp4${SIGNED}`;
const PDF = `/api/course-media/${'b'.repeat(32)}.pdf${SIGNED}`;

beforeEach(() => {
  localStorage.clear();
  useDataSaverStore.setState({ choice: null });
});

const player = () => document.querySelector('video');
const pdfFrame = () => document.querySelector('iframe');

describe("a lesson's video or PDF under the data saver", () => {
  it('says its size and loads it only when asked', async () => {
    const user = userEvent.setup();
    useDataSaverStore.setState({ choice: true });
    renderWithProviders(
      <>
        <LessonContent
          title="Feeding layers"
          contentType="video"
          content={VIDEO}
          bytes={14.2 * 1024 * 1024}
          variant="lesson"
        />
        <LessonContent title="Feed chart" contentType="pdf" content={PDF} bytes={839_680} variant="lesson" />
      </>,
    );
    expect(screen.getByText('Video · 14.2 MB')).toBeTruthy();
    expect(screen.getByText('PDF · 820 KB')).toBeTruthy();
    expect(player()).toBeNull();
    expect(pdfFrame()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load video of Feeding layers' }));
    expect(player()?.getAttribute('src')).toBe(VIDEO);
    expect(pdfFrame()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load PDF of Feed chart' }));
    expect(pdfFrame()?.getAttribute('src')).toBe(PDF);
  });

  it('loads at once with the data saver off', () => {
    useDataSaverStore.setState({ choice: false });
    renderWithProviders(
      <LessonContent
        title="Feeding layers"
        contentType="video"
        content={VIDEO}
        bytes={1024}
        variant="lesson"
      />,
    );
    expect(player()?.getAttribute('src')).toBe(VIDEO);
    expect(screen.queryByRole('button', { name: /^Load video/ })).toBeNull();
  });
});
