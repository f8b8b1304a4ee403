import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldPath, FieldValues, Resolver } from 'react-hook-form';

type CheckedFormOptions<Values extends FieldValues, Body> = {
  /** The contract's rules on the body the form would send, so a field shows the server's very message. */
  resolver: Resolver<Values, unknown, Body>;
  defaultValues: DefaultValues<Values>;
  /** While the form is being sent: its fields are disabled. */
  saving: boolean;
};

/**
 * react-hook-form as our forms use it: checked on submit only, a field's message cleared when the
 * field is edited, and after a refused submit (the form's own check or the server's) the focus on
 * the first field to fix, for keyboard and screen-reader users.
 */
export function useCheckedForm<Values extends FieldValues, Body>({
  resolver,
  defaultValues,
  saving,
}: CheckedFormOptions<Values, Body>) {
  const form = useForm<Values, unknown, Body>({
    resolver,
    defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, handleSubmit, clearErrors, setError, getFieldState, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const refused = () => setRefusals((count) => count + 1);

  return {
    ...form,
    formRef,
    /** A text field's props: registered, with its message, and disabled while saving. */
    field: (name: FieldPath<Values>) => ({
      ...register(name, { onChange: () => clearErrors(name) }),
      error: getFieldState(name, formState).error?.message,
      disabled: saving,
    }),
    /** The form's onSubmit: unless `busy`, checks the form and sends the body it makes. */
    submitWith: (send: (body: Body) => void, busy: boolean) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      clearErrors('root');
      // react-hook-form shows the resolver's messages only once onInvalid has returned: the focus
      // moves after that, when the fields it looks for are marked invalid.
      let invalid = false;
      void handleSubmit(send, () => {
        invalid = true;
      })(event).then(() => {
        if (invalid) refused();
      });
    },
    /** The server refused: its messages beside their fields, or else `reason` above the button. */
    showServerErrors: (fields: Partial<Record<FieldPath<Values>, string>>, reason: string) => {
      for (const name of Object.keys(fields) as Array<FieldPath<Values>>) {
        const message = fields[name];
        if (message) setError(name, { type: 'server', message });
      }
      if (!Object.keys(fields).length && reason) setError('root', { type: 'server', message: reason });
      refused();
    },
  };
}
