import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { RegisterInput } from '@sokoni/contracts/auth';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { Button } from '@/components/button';
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMoveVisitorWishlist } from '@/lib/wishlist';
import { useAuthStore } from '@/stores/auth';
import { useRegister } from '../api/register';
import { toFieldErrors } from '@/lib/field-errors';
import { useReturnPath } from '../hooks/use-return-path';
import { PasswordStrengthMeter } from './password-strength-meter';
import { runMutation } from '@/lib/run-mutation';

const FIELDS = ['name', 'email', 'password'] as const;

/** Spec §5: checked on submit with the server's own rules; a field's message clears when it is edited. */
export function SignupForm() {
  const registerMutation = useRegister();
  const signUp = useAuthStore((state) => state.signup);
  const moveVisitorWishlist = useMoveVisitorWishlist();
  const navigate = useNavigate();
  const returnPath = useReturnPath();

  const createAccount: SubmitOf<typeof RegisterInput> = (account, form) => {
    runMutation(registerMutation, account, {
      onSuccess: ({ access_token }) => {
        try {
          const user = signUp(access_token, account.name);
          moveVisitorWishlist(user.id);
          toast.success(
            user.name ? `Karibu, ${user.name}! Your account is ready.` : 'Your account is ready.',
          );
          navigate(returnPath, { replace: true });
        } catch {
          form.showServerErrors({}, AUTH_MESSAGES.signupFailed);
        }
      },
      onError: (error) =>
        form.showServerErrors(
          error instanceof ApiError ? toFieldErrors(error.issues, FIELDS) : {},
          errorMessage(error, AUTH_MESSAGES.signupFailed),
          'always',
        ),
    });
  };

  const busy = registerMutation.isPending;
  return (
    <Form
      schema={RegisterInput}
      defaultValues={{ name: '', email: '', password: '' }}
      onSubmit={createAccount}
      className="space-y-5"
    >
      {({ field, formState: { errors } }) => (
        <>
          <FormAlert message={errors.root?.message ?? null} />
          <TextField id="signup-name" label="Full name" autoComplete="name" required {...field('name')} />
          <TextField
            id="signup-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...field('email')}
          />
          <NewPasswordField />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? <Spinner className="size-4" /> : null}
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
        </>
      )}
    </Form>
  );
}

/** The password, with how strong it is once something is typed. */
function NewPasswordField() {
  const { control, field } = useFormTools<RegisterInput>();
  const password = useWatch({ control, name: 'password' });
  return (
    <PasswordField
      id="signup-password"
      label="Password"
      autoComplete="new-password"
      required
      {...field('password')}
      hint={password ? <PasswordStrengthMeter password={password} /> : null}
    />
  );
}
