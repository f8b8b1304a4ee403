import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CATEGORIES, categoryImagePath } from '@sokoni/contracts/catalog';
import { useDataSaver } from '@/stores/data-saver';

/** Spec §9: six categories before Show More. */
const INITIAL_CATEGORIES = 6;

function CategoryTile({ id, name, icon }: { id: string; name: string; icon: string }) {
  const [imageFailed, setImageFailed] = useState(false);
  // A tile is one link and reads without its picture: under the data saver (#29), its colours only.
  const saving = useDataSaver();
  return (
    <Link
      to={`/category/${id}`}
      className="group relative flex h-28 items-end overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-700 to-teal-500 p-3 shadow-sm sm:h-32"
    >
      {imageFailed || saving ? null : (
        <img
          src={categoryImagePath(id)}
          alt=""
          width={320}
          height={200}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
          className="absolute inset-0 size-full object-cover transition duration-300 group-hover:scale-105"
        />
      )}
      <span className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/25 to-transparent" />
      <span className="relative flex items-center gap-2 font-semibold text-white">
        <span aria-hidden="true" className="text-xl">
          {icon}
        </span>
        {name}
      </span>
    </Link>
  );
}

export function CategoryGrid() {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? CATEGORIES : CATEGORIES.slice(0, INITIAL_CATEGORIES);
  return (
    <section aria-labelledby="home-categories-title">
      <div className="flex items-center justify-between gap-4">
        <h2 id="home-categories-title" className="text-xl font-bold text-slate-900">
          Shop by Category
        </h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((current) => !current)}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      </div>
      <ul id={listId} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {shown.map((category) => (
          <li key={category.id}>
            <CategoryTile {...category} />
          </li>
        ))}
      </ul>
    </section>
  );
}
