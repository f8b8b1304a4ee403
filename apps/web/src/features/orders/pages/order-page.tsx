import { Link, useParams } from 'react-router';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { EmptyState } from '@/components/empty-state';
import { BagIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useOrder } from '../api/get-order';
import { OrderCard } from '../components/order-card';

function OrderContent({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.isPending) return <LoadingState label="Loading your order..." />;
  if (order.isError) {
    return hasCode(order.error, 'ORDER_NOT_FOUND') ? (
      <EmptyState
        icon={BagIcon}
        message={ORDER_MESSAGES.notFound}
        action={{ to: '/orders', label: 'View My Orders' }}
      />
    ) : (
      <QueryError
        message={ORDER_MESSAGES.loadFailed}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  }
  return <OrderCard order={order.data} />;
}

/**
 * An order's own page (/orders/{id}): the address a payment page or a message links to, showing
 * the order as My Orders does, with Pay now while it is pending.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>Your order — Sokoni</title>
      <Link
        to="/orders"
        className="text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
      >
        ← My Orders
      </Link>
      <h1 className="mt-3 mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Your order</h1>
      <OrderContent key={id} id={id} />
    </section>
  );
}
