import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { LoginInput } from '@sokoni/contracts/auth';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useLogin } from '../api/login';
import { toFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { useReturnPath } from '../hooks/use-return-path';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

export function LoginForm() {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const loginMutation = useLogin();
  const signIn = useAuthStore((state) => state.login);
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = LoginInput.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(toFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    loginMutation.mutate(parsed.data, {
      onSuccess: ({ access_token }) => {
        try {
          const user = signIn(access_token);
          toast.success(user.name ? `Welcome back, ${user.name}!` : 'Welcome back!');
          navigate(returnPath, { replace: true });
        } catch {
          setFormError(AUTH_MESSAGES.loginFailed);
        }
      },
      onError: (error) => setFormError(errorMessage(error, AUTH_MESSAGES.loginFailed)),
    });
  };

  const busy = loginMutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <FormAlert message={formError} />
      <TextField
        id="login-email"
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
        id="login-password"
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
        error={fieldErrors.password}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
