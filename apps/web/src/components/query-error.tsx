import { Button } from './button';

type QueryErrorProps = {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
};

/** A failed load: the message and a Try Again button, never a blank screen. */
export function QueryError({ message, onRetry, retrying = false }: QueryErrorProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 px-4 py-8 text-center">
      <p role="alert" className="text-red-800">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Try Again
      </Button>
    </div>
  );
}
