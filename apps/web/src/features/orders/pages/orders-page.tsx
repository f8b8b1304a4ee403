import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import type { Order } from '@sokoni/contracts/orders';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { BagIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/order-card';
import { OrderFramesSkeleton } from '@/components/order-frame';

/** The loaded pages as one list; an order placed while paging shifts the pages, so each shows once. */
function uniqueOrders(pages: Array<{ data: Order[] }>): Order[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.data).filter((order) => !seen.has(order.id) && seen.add(order.id));
}

function OrdersContent() {
  const ordersQuery = useOrders();
  if (ordersQuery.isPending) return <OrderFramesSkeleton label="Loading your orders" />;
  if (ordersQuery.isError && !ordersQuery.isFetchNextPageError) {
    return (
      <QueryError
        message={ORDER_MESSAGES.loadFailed}
        onRetry={() => void ordersQuery.refetch()}
        retrying={ordersQuery.isFetching}
      />
    );
  }
  const orders = uniqueOrders(ordersQuery.data.pages);
  if (orders.length === 0)
    return (
      <EmptyState
        icon={BagIcon}
        message={ORDER_MESSAGES.empty}
        action={{ to: '/shop', label: 'Start Shopping' }}
      />
    );
  const total = Math.max(ordersQuery.data.pages.at(-1)?.total ?? 0, orders.length);
  return (
    <div className="space-y-4">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      {ordersQuery.hasNextPage ? (
        <div className="flex flex-col items-center gap-3 pt-2 text-sm text-slate-600">
          <p aria-live="polite">
            Showing {orders.length} of {total} orders
          </p>
          {ordersQuery.isFetchNextPageError ? (
            <p role="alert" className="text-red-700">
              {ORDER_MESSAGES.loadFailed}
            </p>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => void ordersQuery.fetchNextPage()}
            disabled={ordersQuery.isFetchingNextPage}
          >
            {ordersQuery.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
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
