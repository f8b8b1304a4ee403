import { screen, within } from '@testing-library/react';

/** The message shown under the field labelled `label` (in `container`, if given), through its aria-describedby. */
export function fieldError(label: string, container?: HTMLElement): string | null | undefined {
  const field = container ? within(container).getByLabelText(label) : screen.getByLabelText(label);
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('text-red-700'))?.textContent;
}
