import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { useMoveVisitorWishlist } from '@/lib/wishlist';
import { useAuthStore } from '@/stores/auth';
import { useRegister } from '../api/register';
import { toFieldErrors } from '@/lib/field-errors';
import { useReturnPath } from '../hooks/use-return-path';
import { PasswordStrengthMeter } from './password-strength-meter';

const FIELDS = ['name', 'email', 'password'] as const;

/** Spec §5: checked on submit with the server's own rules; a field's message clears when it is edited. */
export function SignupForm() {
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { name: '', email: '', password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const password = useWatch({ control, name: 'password' });
  const registerMutation = useRegister();
  const signUp = useAuthStore((state) => state.signup);
  const moveVisitorWishlist = useMoveVisitorWishlist();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const fail = (message: string) => setError('root', { type: 'server', message });

  const onSubmit = handleSubmit((account) => {
    registerMutation.mutate(account, {
      onSuccess: ({ access_token }) => {
        try {
          const user = signUp(access_token, account.name);
          moveVisitorWishlist(user.id);
          toast.success(
            user.name ? `Karibu, ${user.name}! Your account is ready.` : 'Your account is ready.',
          );
          navigate(returnPath, { replace: true });
        } catch {
          fail(AUTH_MESSAGES.signupFailed);
        }
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const serverErrors = toFieldErrors(error.issues, FIELDS);
          for (const field of FIELDS) {
            const message = serverErrors[field];
            if (message) setError(field, { type: 'server', message });
          }
        }
        fail(errorMessage(error, AUTH_MESSAGES.signupFailed));
      },
    });
  });

  const busy = registerMutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <FormAlert message={errors.root?.message ?? null} />
      <TextField
        id="signup-name"
        label="Full name"
        autoComplete="name"
        required
        {...register('name', { onChange: () => clearErrors('name') })}
        error={errors.name?.message}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...register('email', { onChange: () => clearErrors('email') })}
        error={errors.email?.message}
      />
      <PasswordField
        id="signup-password"
        label="Password"
        autoComplete="new-password"
        required
        {...register('password', { onChange: () => clearErrors('password') })}
        error={errors.password?.message}
        hint={password ? <PasswordStrengthMeter password={password} /> : null}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
