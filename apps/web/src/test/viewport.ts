import type { DetachedWindowAPI } from 'happy-dom';

/** Resizes the test's window (happy-dom): media queries (matchMedia) answer for the new width. */
export function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: DetachedWindowAPI }).happyDOM.setViewport({ width });
}

/** happy-dom's own width, to restore after a test that changed it. */
export const DEFAULT_VIEWPORT_WIDTH = 1024;
