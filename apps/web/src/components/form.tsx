import { createContext, use, useEffect, useRef, useState } from 'react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

type FieldMessages<Values extends FieldValues> = Partial<Record<FieldPath<Values>, string>>;

/** react-hook-form's methods, and what our forms do with them besides. */
export type FormTools<Values extends FieldValues, Body = Values> = UseFormReturn<Values, unknown, Body> & {
  /** A field's props: registered, its message cleared when it is edited, disabled with the form. */
  field: (name: FieldPath<Values>) => ReturnType<UseFormReturn<Values>['register']> & {
    error: string | undefined;
    disabled: boolean;
  };
  /**
   * The server refused: its messages beside their fields, and `reason` above the button when no
   * field shows one (or in any case, with 'always'). The focus then moves as after a refused submit.
   */
  showServerErrors: (
    fields: FieldMessages<Values>,
    reason: string,
    when?: 'unless-fields' | 'always',
  ) => void;
  /** Checks the form and sends it as its submit button does, from code (a scanned ticket at once). */
  submit: () => void;
};

const FormContext = createContext<FormTools<FieldValues, unknown> | null>(null);

/** The tools of the form around a component (its fields, an upload that fills one). */
export function useFormTools<Values extends FieldValues, Body = Values>(): FormTools<Values, Body> {
  const tools = use(FormContext);
  if (!tools) throw new Error('useFormTools is used outside a <Form>.');
  return tools as unknown as FormTools<Values, Body>;
}

/** A form's submit handler, typed by its schema. */
export type SubmitOf<Schema extends z.ZodType<unknown, FieldValues>> = (
  body: z.output<Schema>,
  form: FormTools<z.input<Schema>, z.output<Schema>>,
) => void | Promise<void>;

type FormProps<Values extends FieldValues, Body> = Omit<
  ComponentProps<'form'>,
  'onSubmit' | 'children' | 'noValidate' | 'ref'
> & {
  /** The contract's rules on what the form would send, so a field shows the server's very message. */
  schema: z.ZodType<Body, Values>;
  defaultValues: DefaultValues<Values>;
  /** The body the schema made of a form that passed it. */
  onSubmit: (body: Body, form: FormTools<Values, Body>) => void | Promise<void>;
  /** Each submit, before the form is checked: false goes no further (a visitor is asked to log in). */
  onAttempt?: () => boolean;
  /** The fields from `field` are disabled (while the form is being sent). */
  disabled?: boolean;
  /** After a refused submit (the form's own check or the server's), focus the first field to fix. */
  focusInvalid?: boolean;
  children: ReactNode | ((form: FormTools<Values, Body>) => ReactNode);
};

/**
 * Every form of the app: react-hook-form with the zod resolver, checked on submit only, a field's
 * message cleared when the field is edited (through `field`), the browser's own checks off.
 * Children get the form's tools, as an argument or through useFormTools.
 */
export function Form<Values extends FieldValues, Body>({
  schema,
  defaultValues,
  onSubmit,
  onAttempt,
  disabled = false,
  focusInvalid = false,
  children,
  ...formProps
}: FormProps<Values, Body>) {
  const form = useForm<Values, unknown, Body>({
    resolver: zodResolver(schema),
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

  const refused = () => {
    if (focusInvalid) setRefusals((count) => count + 1);
  };

  const tools: FormTools<Values, Body> = {
    ...form,
    field: (name) => ({
      ...register(name, { onChange: () => clearErrors(name) }),
      error: getFieldState(name, formState).error?.message,
      disabled,
    }),
    showServerErrors: (fields, reason, when = 'unless-fields') => {
      const named = (Object.keys(fields) as Array<FieldPath<Values>>).filter((name) => fields[name]);
      for (const name of named) setError(name, { type: 'server', message: fields[name] });
      if (reason && (when === 'always' || !named.length))
        setError('root', { type: 'server', message: reason });
      refused();
    },
    submit: () => {
      if (onAttempt && !onAttempt()) return;
      // react-hook-form shows the resolver's messages only once onInvalid has returned: the focus
      // moves after that, when the fields it looks for are marked invalid.
      let invalid = false;
      void handleSubmit(
        (body) => onSubmit(body, tools),
        () => {
          invalid = true;
        },
      )().then(() => {
        if (invalid) refused();
      });
    },
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The submit button says when the form can be sent: while it is disabled (sending, uploading) a
    // submit is ignored, from Enter in a field as browsers do and from a script too.
    if (formState.isSubmitting || event.currentTarget.querySelector('[type="submit"]:disabled')) return;
    tools.submit();
  };

  return (
    <FormContext value={tools as unknown as FormTools<FieldValues, unknown>}>
      <form ref={formRef} noValidate onSubmit={onFormSubmit} {...formProps}>
        {typeof children === 'function' ? children(tools) : children}
      </form>
    </FormContext>
  );
}
