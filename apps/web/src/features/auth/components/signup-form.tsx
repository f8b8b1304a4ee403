import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { RegisterInput } from '@sokoni/contracts/auth';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useRegister } from '../api/register';
import { toFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { useReturnPath } from '../hooks/use-return-path';
import { PasswordStrengthMeter } from './password-strength-meter';

const FIELDS = ['name', 'email', 'password'] as const;
type Field = (typeof FIELDS)[number];

export function SignupForm() {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const registerMutation = useRegister();
  const signUp = useAuthStore((state) => state.signup);
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = RegisterInput.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(toFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    registerMutation.mutate(parsed.data, {
      onSuccess: ({ access_token }) => {
        try {
          const user = signUp(access_token, parsed.data.name);
          toast.success(
            user.name ? `Karibu, ${user.name}! Your account is ready.` : 'Your account is ready.',
          );
          navigate(returnPath, { replace: true });
        } catch {
          setFormError(AUTH_MESSAGES.signupFailed);
        }
      },
      onError: (error) => {
        if (error instanceof ApiError) setFieldErrors(toFieldErrors(error.issues, FIELDS));
        setFormError(errorMessage(error, AUTH_MESSAGES.signupFailed));
      },
    });
  };

  const busy = registerMutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <FormAlert message={formError} />
      <TextField
        id="signup-name"
        label="Full name"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={(event) => update('name', event.target.value)}
        error={fieldErrors.name}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        onChange={(event) => update('email', event.target.value)}
        error={fieldErrors.email}
      />
      <PasswordField
        id="signup-password"
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
        error={fieldErrors.password}
        hint={values.password ? <PasswordStrengthMeter password={values.password} /> : null}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
