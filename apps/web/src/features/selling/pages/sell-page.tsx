import { SellForm } from '../components/sell-form';

export function SellPage() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>List Your Product — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">List Your Product</h1>
      <p className="mt-2 text-slate-600">
        Every field is required unless marked optional. Buyers reach you on your contact number.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <SellForm />
      </div>
    </section>
  );
}
