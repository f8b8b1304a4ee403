const KB = 1024;
const MB = 1024 * KB;

/** A file's size as people read it, in the units our limits are written in: '820 KB', '14.2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
