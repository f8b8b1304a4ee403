import { Link, useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';

export function SignupPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Join Us Today"
      subtitle="Create your free account to buy, sell, book stays and get tickets."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={location.state} className="font-semibold text-emerald-800 underline">
            Sign in
          </Link>
        </>
      }
    >
      <title>Create an account — Sokoni</title>
      <SignupForm />
    </AuthCard>
  );
}
