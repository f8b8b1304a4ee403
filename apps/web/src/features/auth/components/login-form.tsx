import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { LoginInput } from '@sokoni/contracts/auth';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useMoveVisitorWishlist } from '@/lib/wishlist';
import { useAuthStore } from '@/stores/auth';
import { useLogin } from '../api/login';
import { useReturnPath } from '../hooks/use-return-path';
import { runMutation } from '@/lib/run-mutation';

/** Checked on submit with the server's own rules; a field's message clears when it is edited. */
export function LoginForm() {
  const loginMutation = useLogin();
  const signIn = useAuthStore((state) => state.login);
  const moveVisitorWishlist = useMoveVisitorWishlist();
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  const logIn: SubmitOf<typeof LoginInput> = (credentials, form) => {
    const fail = (message: string) => form.showServerErrors({}, message);
    runMutation(loginMutation, credentials, {
      onSuccess: ({ access_token }) => {
        try {
          const user = signIn(access_token);
          moveVisitorWishlist(user.id);
          toast.success(user.name ? `Welcome back, ${user.name}!` : 'Welcome back!');
          navigate(returnPath, { replace: true });
        } catch {
          fail(AUTH_MESSAGES.loginFailed);
        }
      },
      onError: (error) => fail(errorMessage(error, AUTH_MESSAGES.loginFailed)),
    });
  };

  const busy = loginMutation.isPending;
  return (
    <Form
      schema={LoginInput}
      defaultValues={{ email: '', password: '' }}
      onSubmit={logIn}
      className="space-y-5"
    >
      {({ field, formState: { errors } }) => (
        <>
          <FormAlert message={errors.root?.message ?? null} />
          <TextField
            id="login-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...field('email')}
          />
          <PasswordField
            id="login-password"
            label="Password"
            autoComplete="current-password"
            required
            {...field('password')}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? <Spinner className="size-4" /> : null}
            {busy ? 'Signing In...' : 'Sign In'}
          </Button>
        </>
      )}
    </Form>
  );
}
