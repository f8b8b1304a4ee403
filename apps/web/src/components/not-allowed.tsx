import { Link } from 'react-router';
import { buttonClasses } from './button';

/** A page the signed-in user may not open (an admin's, for one who is not): why, and the way home. */
export function NotAllowed({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Not allowed — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">Not allowed</h1>
      <p role="alert" className="mt-2 text-slate-700">
        {message}
      </p>
      <Link to="/" className={buttonClasses('primary', 'mt-6')}>
        Back to Home
      </Link>
    </div>
  );
}
