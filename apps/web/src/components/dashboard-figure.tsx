/** One figure on a dashboard card (an instructor's course, an organizer's event, a host's listing), inside its `<dl>`. */
export function DashboardFigure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
