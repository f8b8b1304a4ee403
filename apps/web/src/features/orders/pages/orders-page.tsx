import { Link } from 'react-router';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { buttonClasses } from '@/components/button';
import { BagIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/order-card';
import { OrdersSkeleton } from '../components/orders-skeleton';

function NoOrders() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-4 py-16 text-center">
      <BagIcon className="text-5xl text-slate-400" />
      <p className="mt-4 text-lg font-semibold text-slate-900">{ORDER_MESSAGES.empty}</p>
      <Link to="/shop" className={buttonClasses('primary', 'mt-6')}>
        Start Shopping
      </Link>
    </div>
  );
}

function OrdersContent() {
  const ordersQuery = useOrders();
  if (ordersQuery.isPending) return <OrdersSkeleton />;
  if (ordersQuery.isError) {
    return (
      <QueryError
        message={ORDER_MESSAGES.loadFailed}
        onRetry={() => void ordersQuery.refetch()}
        retrying={ordersQuery.isFetching}
      />
    );
  }
  if (ordersQuery.data.length === 0) return <NoOrders />;
  return (
    <div className="space-y-4">
      {ordersQuery.data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </div>
  );
}

export function OrdersPage() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>My Orders — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">My Orders</h1>
      <OrdersContent />
    </section>
  );
}
