import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { buttonClasses } from '@/components/button';
import { ProductGridSkeleton } from '@/components/product-grid';
import { QueryError } from '@/components/query-error';
import { useAuthStore } from '@/stores/auth';
import { useMyProducts } from '../api/get-my-products';
import { DeleteProductDialog } from '../components/delete-product-dialog';
import { EditProductDialog } from '../components/edit-product-dialog';
import { MyProductCard } from '../components/my-product-card';

const GRID_COLUMNS = 'lg:grid-cols-4';

function MyProductsContent({ sellerId, onDeleted }: { sellerId: string; onDeleted: () => void }) {
  const productsQuery = useMyProducts(sellerId);
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  if (productsQuery.isPending) return <ProductGridSkeleton count={8} columns={GRID_COLUMNS} />;
  if (productsQuery.isError) {
    return (
      <QueryError
        message={SELL_MESSAGES.loadFailed}
        onRetry={() => productsQuery.refetch()}
        retrying={productsQuery.isFetching}
      />
    );
  }
  const { products, total } = productsQuery.data;
  if (!products.length) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <p className="text-slate-700">You have not listed any products yet.</p>
        <Link to="/sell" className={buttonClasses('primary')}>
          List your first product
        </Link>
      </div>
    );
  }

  return (
    <>
      <p className="mb-4 text-sm text-slate-600" aria-live="polite">
        {total > products.length
          ? `Showing your ${products.length} newest of ${total} products.`
          : `${total} ${total === 1 ? 'product' : 'products'} listed.`}
      </p>
      <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 ${GRID_COLUMNS}`}>
        {products.map((product) => (
          <li key={product.id}>
            <MyProductCard product={product} onEdit={setEditing} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
      {editing ? <EditProductDialog product={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <DeleteProductDialog
          product={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            onDeleted();
          }}
        />
      ) : null}
    </>
  );
}

export function MyProductsPage() {
  const user = useAuthStore((state) => state.user);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deletions, setDeletions] = useState(0);
  // The deleted card's button is gone, so focus goes to the heading once the dialog has closed.
  useEffect(() => {
    if (deletions) headingRef.current?.focus();
  }, [deletions]);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <title>My Products — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          My Products
        </h1>
        {user ? (
          <Link to="/sell" className={buttonClasses('primary')}>
            List a product
          </Link>
        ) : null}
      </div>
      {user ? (
        <MyProductsContent sellerId={user.id} onDeleted={() => setDeletions((count) => count + 1)} />
      ) : (
        <p className="text-center text-slate-700">{SELL_MESSAGES.signedOut}</p>
      )}
    </section>
  );
}
