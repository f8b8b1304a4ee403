import { Link, useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to buy, sell and book across Kenya."
      footer={
        <>
          New to Sokoni? {/* The wanted page travels along, so signing up also returns there. */}
          <Link to="/signup" state={location.state} className="font-semibold text-emerald-800 underline">
            Create an account
          </Link>
        </>
      }
    >
      <title>Sign in — Sokoni</title>
      <LoginForm />
    </AuthCard>
  );
}
