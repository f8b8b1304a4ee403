import { ProductBrowser } from '../components/product-browser';

export function ShopPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>All Products — Sokoni</title>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-900">All Products</h1>
      <ProductBrowser emptyMessage="No products found" searchPlaceholder="Search products..." />
    </section>
  );
}
