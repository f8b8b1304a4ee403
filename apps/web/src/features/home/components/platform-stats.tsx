const STATS = [
  { figure: '2,500+', label: 'active sellers' },
  { figure: '15,000+', label: 'products' },
  { figure: '50,000+', label: 'customers' },
] as const;

export function PlatformStats() {
  return (
    <section
      aria-labelledby="platform-stats-title"
      className="rounded-2xl bg-gradient-to-br from-emerald-800 to-emerald-600 p-4 text-white shadow-sm"
    >
      <h2 id="platform-stats-title" className="text-lg font-bold">
        Platform Stats
      </h2>
      <ul className="mt-3 space-y-2">
        {STATS.map(({ figure, label }) => (
          <li key={label} className="flex items-baseline gap-2 text-emerald-50">
            <strong className="text-xl font-extrabold text-white">{figure}</strong> {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
