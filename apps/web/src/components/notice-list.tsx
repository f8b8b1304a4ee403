/** What changed that the user should know before going on (not an error): read out politely. */
export function NoticeList({ notices, label }: { notices: string[]; label: string }) {
  if (notices.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <ul aria-label={label} className="space-y-1">
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </div>
  );
}
