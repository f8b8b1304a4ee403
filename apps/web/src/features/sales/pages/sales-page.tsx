import { Link } from 'react-router';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import type { Sale } from '@sokoni/contracts/orders';
import { buttonClasses } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { BagIcon } from '@/components/icons';
import { PagedResults } from '@/components/paged-results';
import { QueryError } from '@/components/query-error';
import { useSales } from '../api/get-sales';
import { SaleCard } from '../components/sale-card';
import { OrderFramesSkeleton } from '@/components/order-frame';

/** The loaded pages as one list; a sale paid while paging shifts the pages, so each shows once. */
function uniqueSales(pages: Array<{ data: Sale[] }>): Sale[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.data)
    .filter((sale) => !seen.has(sale.orderId) && seen.add(sale.orderId));
}

function SalesContent() {
  const salesQuery = useSales();
  if (salesQuery.isPending) return <OrderFramesSkeleton label="Loading your sales" />;
  if (salesQuery.isError && !salesQuery.isFetchNextPageError) {
    return (
      <QueryError
        message={ORDER_MESSAGES.salesLoadFailed}
        onRetry={() => void salesQuery.refetch()}
        retrying={salesQuery.isFetching}
      />
    );
  }
  const sales = uniqueSales(salesQuery.data.pages);
  if (sales.length === 0)
    return (
      <EmptyState
        icon={BagIcon}
        message={ORDER_MESSAGES.noSales}
        action={{ to: '/sell', label: 'Sell an item' }}
      />
    );
  const total = Math.max(salesQuery.data.pages.at(-1)?.total ?? 0, sales.length);
  return (
    <PagedResults query={salesQuery} shown={sales.length} total={total} noun="sales">
      <ul className="space-y-4">
        {sales.map((sale) => (
          <li key={sale.orderId}>
            <SaleCard sale={sale} />
          </li>
        ))}
      </ul>
    </PagedResults>
  );
}

/**
 * The signed-in seller's sales: every paid order holding their products, their lines only, with the
 * buyer's phone and delivery, and Mark shipped, then Mark delivered.
 */
export function SalesPage() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>Sales — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Sales</h1>
        <Link to="/earnings" className={buttonClasses('secondary')}>
          Your earnings
        </Link>
      </div>
      <SalesContent />
    </section>
  );
}
