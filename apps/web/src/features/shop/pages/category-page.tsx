import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CATEGORIES, categoryImagePath } from '@sokoni/contracts/catalog';
import { buttonClasses } from '@/components/button';
import { ProductBrowser } from '../components/product-browser';

function CategoryBanner({ id, name, icon }: { id: string; name: string; icon: string }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <div className="relative mb-6 flex min-h-36 items-end overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-800 to-teal-500 p-5 sm:min-h-44">
      {imageFailed ? null : (
        <img
          src={categoryImagePath(id)}
          alt=""
          width={1200}
          height={400}
          decoding="async"
          onError={() => setImageFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <span className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent" />
      <h1 className="relative flex items-center gap-3 text-3xl font-extrabold tracking-tight text-white">
        <span aria-hidden="true">{icon}</span>
        {name}
      </h1>
    </div>
  );
}

export function CategoryPage() {
  const { categoryId } = useParams();
  const category = CATEGORIES.find((entry) => entry.id === categoryId);

  if (!category) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <title>Category not found — Sokoni</title>
        <h1 className="text-2xl font-bold text-slate-900">Category not found.</h1>
        <p className="mt-2 text-slate-600">This category does not exist. Browse everything instead.</p>
        <Link to="/shop" className={buttonClasses('primary', 'mt-6')}>
          Back to all products
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>{`${category.name} — Sokoni`}</title>
      {/* Keyed by category so moving to another category starts both afresh; sibling keys must differ. */}
      <CategoryBanner key={`banner-${category.id}`} {...category} />
      <ProductBrowser
        key={`browser-${category.id}`}
        scope={{ category: category.id }}
        emptyMessage="No products found"
        searchPlaceholder={`Search in ${category.name}...`}
      />
    </section>
  );
}
