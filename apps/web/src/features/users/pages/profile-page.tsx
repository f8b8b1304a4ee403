import { Button } from '@/components/button';
import { LoadingState } from '@/components/spinner';
import { useSignOut } from '@/lib/use-sign-out';
import { useAuthStore } from '@/stores/auth';
import { useUser } from '../api/get-user';
import { ProfileCard } from '../components/profile-card';

function ProfileContent() {
  const user = useAuthStore((state) => state.user);
  const profileQuery = useUser(user?.id);
  const signOut = useSignOut();

  if (!user) {
    return <p className="text-center text-slate-700">You must be logged in to view your profile.</p>;
  }
  if (profileQuery.isPending) return <LoadingState label="Loading your profile..." />;
  if (profileQuery.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <p role="alert" className="text-red-700">
          Failed to load profile.
        </p>
        <Button variant="secondary" onClick={() => profileQuery.refetch()} disabled={profileQuery.isFetching}>
          Try Again
        </Button>
      </div>
    );
  }
  return <ProfileCard profile={profileQuery.data} fallbackEmail={user.email} onSignOut={signOut} />;
}

export function ProfilePage() {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <title>Your profile — Sokoni</title>
      <ProfileContent />
    </section>
  );
}
