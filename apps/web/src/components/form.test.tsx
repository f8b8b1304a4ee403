import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fieldError } from '@/test/field-error';
import { Button } from './button';
import { Form } from './form';
import type { FormTools } from './form';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

/**
 * The app's modules (tests and their helpers aside), by their path under src/ (the glob names them
 * from this folder: './form.tsx', '../features/…').
 */
const APP_MODULES = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, source]) => ({ path: new URL(path, 'file:///src/components/').pathname.slice(5), source }));

/**
 * The <form>s not built with <Form>: one control that sends at once, with no message of its own to
 * check (a search box, a quantity stepper whose limits show as it is typed).
 */
const SINGLE_CONTROL_FORMS = [
  'components/search-form.tsx',
  'features/events/components/ticket-purchase.tsx',
  'features/home/components/home-search.tsx',
];

const Pet = z.object({
  name: z.string().trim().min(1, 'Please name the pet.'),
  legs: z
    .string()
    .transform(Number)
    .pipe(z.number('Count the legs.').int('Count the legs.').min(0, 'Count the legs.')),
});
type PetValues = z.input<typeof Pet>;
type PetBody = z.output<typeof Pet>;

type PetFormProps = {
  onSubmit: (body: PetBody, form: FormTools<PetValues, PetBody>) => void;
  sending?: boolean;
  focusInvalid?: boolean;
};

function PetForm({ onSubmit, sending = false, focusInvalid = false }: PetFormProps) {
  return (
    <Form
      schema={Pet}
      defaultValues={{ name: '', legs: '' }}
      onSubmit={onSubmit}
      disabled={sending}
      focusInvalid={focusInvalid}
      aria-label="Pet"
    >
      {({ field, formState: { errors } }) => (
        <>
          <FormAlert message={errors.root?.message ?? null} />
          <TextField id="pet-name" label="Name" {...field('name')} />
          <TextField id="pet-legs" label="Legs" {...field('legs')} />
          <Button type="submit" disabled={sending}>
            Save
          </Button>
        </>
      )}
    </Form>
  );
}

describe('Form', () => {
  it('is the one way the app builds a form: nothing else calls useForm, and any other form element is one control that sends at once', () => {
    const others = APP_MODULES.filter(({ path }) => path !== 'components/form.tsx');
    const matching = (pattern: RegExp) =>
      others.filter(({ source }) => pattern.test(source)).map(({ path }) => path);

    expect(APP_MODULES.length).toBeGreaterThan(100);
    expect(matching(/\buseForm\(|@hookform\/resolvers/)).toEqual([]);
    expect(matching(/<form\b/).sort()).toEqual(SINGLE_CONTROL_FORMS);
  });

  it("checks on submit with the schema's messages, clears a field's message when it is edited, and sends the body the schema makes", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PetForm onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Legs'), 'four');
    expect(fieldError('Legs')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fieldError('Name')).toBe('Please name the pet.'));
    expect(fieldError('Legs')).toBe('Count the legs.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), '  Rex ');
    expect(fieldError('Name')).toBeUndefined();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(fieldError('Legs')).toBe('Count the legs.');

    await user.clear(screen.getByLabelText('Legs'));
    await user.type(screen.getByLabelText('Legs'), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Rex', legs: 4 });
  });

  it('moves the focus to the first field to fix after a refused submit only when asked to', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<PetForm onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('Legs'), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Name')).toBe('Please name the pet.'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    unmount();

    render(<PetForm onSubmit={vi.fn()} focusInvalid />);
    await user.type(screen.getByLabelText('Legs'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('sends nothing while its submit button is disabled, not even from a script, and disables its fields while sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<PetForm onSubmit={onSubmit} sending />);

    expect(screen.getByLabelText<HTMLInputElement>('Name').disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Pet' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(fieldError('Name')).toBeUndefined();
  });

  it("shows the server's messages beside their fields, and its reason above the button only when no field has one", async () => {
    const user = userEvent.setup();
    let refusal: [Partial<Record<keyof PetValues, string>>, string, 'always'?] = [{}, ''];
    render(<PetForm onSubmit={(_body, form) => form.showServerErrors(...refusal)} />);
    const save = async () => {
      await user.click(screen.getByRole('button', { name: 'Save' }));
    };
    await user.type(screen.getByLabelText('Name'), 'Rex');
    await user.type(screen.getByLabelText('Legs'), '4');

    refusal = [{ name: 'That name is taken.' }, 'Could not save the pet.'];
    await save();
    await waitFor(() => expect(fieldError('Name')).toBe('That name is taken.'));
    expect(screen.queryByRole('alert')).toBeNull();

    refusal = [{}, 'Could not save the pet.'];
    await save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not save the pet.'));
    expect(fieldError('Name')).toBeUndefined();

    refusal = [{ legs: 'Too many legs.' }, 'Could not save the pet.', 'always'];
    await save();
    await waitFor(() => expect(fieldError('Legs')).toBe('Too many legs.'));
    expect(screen.getByRole('alert').textContent).toBe('Could not save the pet.');
  });
});
